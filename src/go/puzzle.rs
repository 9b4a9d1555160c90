//! Go with chess pieces' side of the puzzles ([`Puzzled`]): positions from their texts,
//! moves from their notation, the themes of a solution, and the bots that rate a puzzle.

use std::sync::atomic::AtomicBool;

use super::bot::{Level, Request};
use super::{Game, Kind, Move, MoveText, Position, Rules};
use crate::common::puzzled::{Puzzled, Solver};

/// The solvers, with the playouts that replace the levels' times (so that a rating does
/// not depend on the machine) and their nominal ratings.
const SOLVERS: [Solver; 5] = [
    Solver {
        name: "random",
        rating: 500.0,
    },
    Solver {
        name: "easy",
        rating: 900.0,
    },
    Solver {
        name: "medium",
        rating: 1300.0,
    },
    Solver {
        name: "hard",
        rating: 1650.0,
    },
    Solver {
        name: "master",
        rating: 1950.0,
    },
];

/// Playouts a move of the searching solvers, by level.
const SOLVER_PLAYOUTS: [Option<u64>; 5] = [None, None, Some(1_000), Some(4_000), Some(16_000)];

/// The themes: the kinds of play, then each piece set's kinds.
const THEMES: [&str; 17] = [
    "capture",
    "escape",
    "ladder",
    "ko",
    "life and death",
    "end of game",
    "moving pieces",
    "rooks",
    "bishops",
    "queens",
    "kings",
    "wazirs",
    "knights",
    "maos",
    "pawns",
    "dabbabas",
    "alfils",
];

/// How many pieces the side not to move could capture with one move now.
fn threatened(pos: &Position) -> u32 {
    let mut most = 0;
    let game = Game::from_position(*pos);
    game.for_each_legal_move(|_, played| most = most.max(played.captured.count()));
    most
}

/// The position with the side to move passing (its opponent then to move), if it may.
fn after_pass(pos: &Position) -> Option<Position> {
    pos.play(Move::Pass).ok().map(|p| p.position)
}

impl Puzzled for Game {
    const GAME: &'static str = "go";

    const THEMES: &'static [&'static str] = &THEMES;

    fn rules_text(&self) -> String {
        self.position().rules().to_string()
    }

    fn set_up(rules: &str, position: &str) -> Result<Game, String> {
        let rules: Rules = rules.parse().map_err(|e| format!("{e}"))?;
        if position.trim() == "start" {
            return Ok(Game::from_position(Position::new(rules)));
        }
        let start = Position::from_text(position, rules).map_err(|e| format!("{e}"))?;
        Ok(Game::from_position(start))
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        if let Some(outcome) = self.outcome() {
            return Err(format!("the game is over: {}", outcome.result_name()));
        }
        let written: MoveText = text.parse().map_err(|e| format!("{e}"))?;
        let (mv, played) = self
            .position()
            .play_text(&written)
            .map_err(|e| format!("{e}"))?;
        self.check(mv, &played).map_err(|e| format!("{e}"))?;
        Ok(mv)
    }

    fn themes(&self, line: &[Move]) -> Vec<&'static str> {
        let mut themes: Vec<&'static str> = Vec::new();
        let add = |t: &'static str, themes: &mut Vec<&'static str>| {
            if !themes.contains(&t) {
                themes.push(t);
            }
        };
        let start = *self.position();
        // Escape: the opponent threatens to capture if the solver passed, and the
        // solver's first move takes that threat away without capturing.
        let threat = after_pass(&start).map_or(0, |p| threatened(&p));
        let mut pos = start;
        let mut captures = Vec::new();
        for (i, &mv) in line.iter().enumerate() {
            let Ok(played) = pos.play(mv) else { break };
            let taken = played.captured.count();
            pos = played.position;
            if pos.ko().is_some() {
                add("ko", &mut themes);
            }
            if i % 2 == 0 {
                captures.push(taken);
                if i == 0 && taken == 0 && threat > 0 && threatened(&pos) < threat {
                    add("escape", &mut themes);
                    if threat >= 3 {
                        add("life and death", &mut themes);
                    }
                }
            }
        }
        if captures.iter().any(|&c| c > 0) {
            add("capture", &mut themes);
        }
        if captures.iter().any(|&c| c >= 3) {
            add("life and death", &mut themes);
        }
        // A chase: three or more of the solver's moves, only the last of which captures.
        if captures.len() >= 3
            && captures.last().is_some_and(|&c| c > 0)
            && captures[..captures.len() - 1].iter().all(|&c| c == 0)
        {
            add("ladder", &mut themes);
        }
        // The right first move is a pass: nothing is left to gain, and any move loses
        // points (or the game) the count would have given.
        if line.first() == Some(&Move::Pass) {
            add("end of game", &mut themes);
        }
        let rules = start.rules();
        if rules.moving {
            add("moving pieces", &mut themes);
        }
        for kind in rules.pieces.kinds() {
            add(kind_theme(kind), &mut themes);
        }
        themes
    }

    fn solvers() -> &'static [Solver] {
        &SOLVERS
    }

    fn solver_move(&self, level: usize, seed: u64) -> Option<Move> {
        let playouts = *SOLVER_PLAYOUTS.get(level)?;
        let level = *Level::ALL.get(level)?;
        let stop = AtomicBool::new(false);
        let request = Request {
            game: self,
            budget: level.budget(None, playouts),
            seed,
            stop: &stop,
        };
        level.bot(1).choose(&request).map(|c| c.mv)
    }
}

fn kind_theme(kind: Kind) -> &'static str {
    kind.plural()
}
