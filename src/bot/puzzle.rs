//! Chogo's side of the puzzles ([`Puzzled`]): positions from their texts, moves from
//! their notation, the themes of a solution, and the bots that rate a puzzle.

use std::sync::atomic::AtomicBool;

use super::{Budget, Level, Request};
use crate::common::puzzled::{Puzzled, Solver};
use crate::rules::{Bitboard, EndReason, Game, Move, MoveText, Position, RuleSet};

/// The solvers, with the node budgets that replace the levels' times (so that a rating
/// does not depend on the machine) and their nominal ratings.
const SOLVERS: [Solver; 6] = [
    Solver {
        name: "random",
        rating: 500.0,
    },
    Solver {
        name: "beginner",
        rating: 800.0,
    },
    Solver {
        name: "easy",
        rating: 1100.0,
    },
    Solver {
        name: "medium",
        rating: 1400.0,
    },
    Solver {
        name: "hard",
        rating: 1700.0,
    },
    Solver {
        name: "master",
        rating: 2000.0,
    },
];

/// Search nodes a move of the searching solvers, by level.
const SOLVER_NODES: [Option<u64>; 6] =
    [None, None, None, Some(20_000), Some(60_000), Some(250_000)];

impl Puzzled for Game {
    const GAME: &'static str = "chogo";

    const THEMES: &'static [&'static str] = &[
        "king capture",
        "capture",
        "trap",
        "tandem",
        "slide capture",
        "mole drop",
        "fortress move",
        "defence",
        "long",
    ];

    fn rules_text(&self) -> String {
        self.rules().to_string()
    }

    fn set_up(rules: &str, position: &str) -> Result<Game, String> {
        let rules: RuleSet = rules.parse().map_err(|e| format!("{e}"))?;
        if position.trim() == "start" {
            return Ok(Game::new(rules));
        }
        let start = Position::from_text(position, rules).map_err(|e| format!("{e}"))?;
        Ok(Game::from_position(start))
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        if let Some(outcome) = self.outcome() {
            return Err(format!("the game is over: {outcome}"));
        }
        let written: MoveText = text.parse().map_err(|e| format!("{e}"))?;
        self.position()
            .play_text(&written)
            .map_err(|e| format!("{e}"))?;
        Ok(written.mv)
    }

    fn themes(&self, line: &[Move]) -> Vec<&'static str> {
        let mut game = self.clone();
        let solver = self.position().turn();
        let mut themes = Vec::new();
        let add = |t: &'static str, themes: &mut Vec<&'static str>| {
            if !themes.contains(&t) {
                themes.push(t);
            }
        };
        let mut forceful = false;
        for (i, &mv) in line.iter().enumerate() {
            let before = *game.position();
            let Ok(report) = game.play(mv) else { break };
            if i % 2 == 1 {
                continue;
            }
            if !report.captured.is_empty() {
                add("capture", &mut themes);
                forceful = true;
            }
            if (report.trapped & game.position().men(!solver)).any() {
                add("trap", &mut themes);
                forceful = true;
            }
            match mv {
                Move::Tandem { from, to } => {
                    add("tandem", &mut themes);
                    // A slide capture: a man is taken beside a cell the tandem left and
                    // filled again (RULES §5).
                    let refilled = from.cells() & to.cells();
                    if report
                        .captured
                        .iter()
                        .any(|&(c, _)| (Bitboard::from_cell(c).neighbours() & refilled).any())
                    {
                        add("slide capture", &mut themes);
                    }
                }
                Move::MoleDrop { from, .. } => {
                    let mole = before.rules().fortress == crate::rules::Fortress::Mole;
                    let own = before.men(solver).contains(from);
                    add(
                        if mole && own {
                            "mole drop"
                        } else {
                            "fortress move"
                        },
                        &mut themes,
                    );
                }
                _ => {}
            }
            if let Some(outcome) = report.outcome
                && outcome.winner == Some(solver)
                && outcome.reason == EndReason::KingCaptured
            {
                add("king capture", &mut themes);
            }
        }
        if !forceful && !themes.contains(&"king capture") {
            add("defence", &mut themes);
        }
        if line.len().div_ceil(2) >= 3 {
            add("long", &mut themes);
        }
        themes
    }

    fn solvers() -> &'static [Solver] {
        &SOLVERS
    }

    fn solver_move(&self, level: usize, seed: u64) -> Option<Move> {
        let level = *Level::ALL.get(level)?;
        let index = Level::ALL.iter().position(|&l| l == level)?;
        let mut budget: Budget = level.budget(None);
        if let Some(nodes) = SOLVER_NODES[index] {
            budget.time = None;
            budget.nodes = Some(nodes);
        }
        let stop = AtomicBool::new(false);
        let request = Request {
            game: self,
            budget,
            seed,
            stop: &stop,
        };
        level.bot().choose(&request).map(|c| c.mv)
    }
}
