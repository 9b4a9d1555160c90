//! A GTP version 2 engine (the Go Text Protocol every Go program speaks) over the rules:
//! one command line in, one response out. Pure; the command line does the I/O.

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::bits::Cell;
use super::bot::{self, Bot, Level, MctsConfig, Request};
use super::game::Game;
use super::geometry::Board;
use super::moves::Move;
use super::playout::Rng;
use super::position::Position;
use super::rules::{Rules, number_text};
use crate::common::Side;

pub const COMMANDS: [&str; 18] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
    "reg_genmove",
    "set_free_handicap",
];

/// The engine's state: the rules, the game so far, the bot and the clock.
pub struct Engine {
    rules: Rules,
    game: Game,
    rng: Rng,
    level: Level,
    bot: Box<dyn Bot>,
    /// A fixed time a move in place of the level's.
    move_time: Option<Duration>,
    /// Playouts a move in place of any time, when given.
    playouts: Option<u64>,
    /// `time_settings`: main time, byo-yomi time and stones (seconds); 0 byo-yomi time
    /// and main time means no limit.
    settings: Option<(f64, f64, u32)>,
    /// `time_left` per side: seconds and stones.
    left: [Option<(f64, u32)>; 2],
}

/// GTP letters for columns: `A`–`T` without `I`.
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// A GTP vertex (`D4`, `pass`) as a cell (None for pass).
pub fn parse_vertex(v: &str, board: Board) -> Result<Option<Cell>, String> {
    if v.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let bad = || format!("invalid coordinate '{v}'");
    let mut chars = v.chars();
    let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
    let file = LETTERS
        .iter()
        .position(|l| *l as char == letter)
        .ok_or_else(bad)?;
    let rank: usize = chars.as_str().parse().map_err(|_| bad())?;
    if file >= board.files() as usize || rank == 0 || rank > board.ranks() as usize {
        return Err(bad());
    }
    Cell::new(file as i32, rank as i32 - 1)
        .map(Some)
        .ok_or_else(bad)
}

/// A cell as a GTP vertex.
pub fn vertex(cell: Cell) -> String {
    format!(
        "{}{}",
        LETTERS.get(cell.file() as usize).copied().unwrap_or(b'?') as char,
        cell.rank() + 1
    )
}

fn color(s: &str) -> Result<Side, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Side::Black),
        "w" | "white" => Ok(Side::White),
        _ => Err(format!("invalid color '{s}'")),
    }
}

/// `B+3.5`, `W+2`, `0` on a position's score.
pub fn score_text(pos: &Position) -> String {
    let [b, w] = pos.score();
    if b > w {
        format!("B+{}", number_text(b - w))
    } else if w > b {
        format!("W+{}", number_text(w - b))
    } else {
        "0".into()
    }
}

/// A text diagram of the position: GTP letters and rank numbers around the board,
/// `X` Black, `O` White (with several kinds, the position text's letters), `.` empty,
/// ` ` a missing cell.
pub fn diagram(pos: &Position) -> String {
    let geo = pos.geometry();
    let files = geo.board.files() as usize;
    let head: String = LETTERS[..files.min(LETTERS.len())]
        .iter()
        .map(|l| format!(" {}", *l as char))
        .collect();
    let mut out = format!("  {head}\n");
    for (i, rank) in geo.ranks_top_down().enumerate() {
        let n = geo.board.ranks() as usize - i;
        let _ = write!(out, "{n:>2}");
        for cell in rank {
            let ch = match pos.piece_at(cell) {
                _ if !geo.cells.contains(cell) => ' ',
                None => '.',
                // With several kinds, the position text's letters.
                Some(p) if pos.rules().pieces.len() > 1 => p.char(),
                Some(p) if p.side == Side::Black => 'X',
                Some(_) => 'O',
            };
            let _ = write!(out, " {ch}");
        }
        let _ = writeln!(out, " {n}");
    }
    let _ = write!(
        out,
        "  {head}\n{} to move; captures: black {}, white {}",
        pos.turn().title(),
        pos.captures(Side::Black),
        pos.captures(Side::White)
    );
    out
}

impl Engine {
    /// An engine whose `genmove` plays the random bot.
    pub fn new(rules: Rules, seed: u64) -> Engine {
        Engine::with_level(rules, seed, Level::Random, 1, None)
    }

    /// An engine whose `genmove` plays `level` on `threads` threads, with `move_time`
    /// in place of the level's time when given.
    pub fn with_level(
        rules: Rules,
        seed: u64,
        level: Level,
        threads: usize,
        move_time: Option<Duration>,
    ) -> Engine {
        Engine {
            rules,
            game: Game::from_position(Position::new(rules)),
            rng: Rng::new(seed),
            level,
            bot: level.bot(threads),
            move_time,
            playouts: None,
            settings: None,
            left: [None; 2],
        }
    }

    /// This engine searching with `config` (its threads included) and, when given,
    /// `playouts` a move in place of any time (for matches that measure the search
    /// itself, not the machine's speed).
    pub fn configured(mut self, config: MctsConfig, playouts: Option<u64>) -> Engine {
        self.bot = self.level.bot_with(config);
        self.playouts = playouts;
        self
    }

    /// The time for the next move: the level's (or the chosen one), cut to what the
    /// clock allows when `time_settings`/`time_left` were given.
    fn move_budget(&self, side: Side) -> bot::Budget {
        let mut budget = self.level.budget(self.move_time, self.playouts);
        let Some(mut time) = budget.time else {
            return budget;
        };
        let empty = self.game.position().empty().count() as f64;
        let clock = match (self.left[side.index()], self.settings) {
            (Some((secs, stones)), _) if stones > 0 => Some(secs / stones as f64),
            (Some((secs, _)), Some((_, byo, _))) if byo > 0.0 => {
                Some(secs / (empty / 3.0).max(6.0) + byo * 0.8)
            }
            (Some((secs, _)), _) => Some(secs / (empty / 2.0).max(10.0)),
            (None, Some((main, byo, stones))) if main > 0.0 || byo > 0.0 => {
                let per_byo = if stones > 0 { byo / stones as f64 } else { 0.0 };
                Some(main / (empty / 2.0).max(10.0) + per_byo)
            }
            _ => None,
        };
        if let Some(secs) = clock {
            // Keep a margin for the protocol and the operating system.
            let allowed = Duration::from_secs_f64((secs * 0.85 - 0.05).max(0.05));
            time = time.min(allowed);
        }
        budget.time = Some(time);
        budget
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays `mv` for `side`. GTP lets one colour play twice; this game alternates, so
    /// the side to move passes first, unless the last move was a pass too (two passes
    /// would end the game): then the turn is handed over on the position as it stands.
    fn play_for(&mut self, side: Side, mv: Move) -> Result<(), String> {
        let saved = self.game.clone();
        if self.game.position().turn() != side {
            let after_pass = self
                .game
                .moves()
                .last()
                .is_some_and(|(m, _)| *m == Move::Pass);
            if after_pass {
                let mut pos = *self.game.position();
                pos.set_turn(side);
                self.game = Game::from_position(pos);
            } else {
                self.game.play(Move::Pass).map_err(|e| e.to_string())?;
            }
        }
        self.game.play(mv).map(|_| ()).map_err(|e| {
            self.game = saved;
            format!("illegal move: {e}")
        })
    }

    /// The same game (its start, handicap stones included, and its moves) under new
    /// rules; refused, with the game unchanged, when a move no longer plays.
    fn new_rules(&mut self, rules: Rules) -> Result<(), String> {
        let old = self.game.start();
        let mut start = Position::new(rules);
        for cell in old.occupied() {
            start.set_piece(cell, old.piece_at(cell));
        }
        start.set_turn(old.turn());
        let mut game = Game::from_position(start);
        for (mv, _) in self.game.moves() {
            game.play(*mv)
                .map_err(|e| format!("the game does not replay under those rules: {e}"))?;
        }
        self.rules = rules;
        self.game = game;
        Ok(())
    }

    /// Handles one command line. Returns the full response (`= …\n\n` or `? …\n\n`) and
    /// whether the engine should quit; None for a line that holds no command.
    pub fn handle(&mut self, line: &str) -> Option<(String, bool)> {
        let clean: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter_map(|c| match c {
                '\t' => Some(' '),
                c if c.is_control() => None,
                c => Some(c),
            })
            .collect();
        let mut words = clean.split_whitespace().peekable();
        let id = words
            .peek()
            .filter(|w| w.bytes().all(|b| b.is_ascii_digit()))
            .map(|w| w.to_string());
        if id.is_some() {
            words.next();
        }
        let command = words.next()?.to_string();
        let args: Vec<&str> = words.collect();
        let quit = command == "quit";
        let id = id.unwrap_or_default();
        Some(match self.run(&command, &args) {
            Ok(text) => (format!("={id} {text}\n\n"), quit),
            Err(text) => (format!("?{id} {text}\n\n"), false),
        })
    }

    fn run(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        let arg = |i: usize| -> Result<&str, String> {
            args.get(i)
                .copied()
                .ok_or_else(|| "syntax error".to_string())
        };
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("chogo".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS.contains(&arg(0)?).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => {
                let n: u8 = arg(0)?.parse().map_err(|_| "syntax error".to_string())?;
                if !(Board::MIN_SIZE..=Board::MAX_SIZE).contains(&n) {
                    return Err("unacceptable size".into());
                }
                self.rules.board = Board::Square(n);
                self.game = Game::from_position(Position::new(self.rules));
                Ok(String::new())
            }
            "clear_board" => {
                self.game = Game::from_position(Position::new(self.rules));
                Ok(String::new())
            }
            "komi" => {
                let k: f64 = arg(0)?
                    .parse()
                    .ok()
                    .filter(|k: &f64| k.is_finite())
                    .ok_or("syntax error")?;
                let rules = Rules {
                    komi: k,
                    ..self.rules
                };
                self.new_rules(rules)?;
                Ok(String::new())
            }
            "play" => {
                let side = color(arg(0)?)?;
                let cell = parse_vertex(arg(1)?, self.rules.board)?;
                let mv = match (cell, self.rules.pieces.single()) {
                    (None, _) => Move::Pass,
                    (Some(cell), Some(kind)) => Move::Drop { kind, cell },
                    (Some(_), None) => {
                        return Err("GTP plays one-kind sets only; this set has several".into());
                    }
                };
                self.play_for(side, mv)?;
                Ok(String::new())
            }
            "genmove" | "reg_genmove" => {
                let side = color(arg(0)?)?;
                let mut pos = *self.game.position();
                if pos.turn() != side {
                    let mut skipped = pos;
                    if let Ok(p) = skipped.play(Move::Pass) {
                        skipped = p.position;
                    }
                    pos = skipped;
                }
                let mv = if self.game.outcome().is_some() {
                    Move::Pass
                } else {
                    let mut game = self.game.clone();
                    if game.position().turn() != side {
                        let _ = game.play(Move::Pass);
                    }
                    let stop = AtomicBool::new(false);
                    let request = Request {
                        game: &game,
                        budget: self.move_budget(side),
                        seed: self.rng.next_u64(),
                        stop: &stop,
                    };
                    let chosen = self.bot.choose(&request).map_or(Move::Pass, |c| c.mv);
                    match pos.play(chosen) {
                        Ok(p) if game.check(chosen, &p).is_ok() => chosen,
                        _ => Move::Pass,
                    }
                };
                if command == "genmove" && self.game.outcome().is_none() {
                    self.play_for(side, mv)?;
                }
                Ok(match mv {
                    Move::Drop { cell, .. } => vertex(cell),
                    _ => "pass".into(),
                })
            }
            "undo" => {
                if self.game.undo() {
                    Ok(String::new())
                } else {
                    Err("cannot undo".into())
                }
            }
            "showboard" => Ok(format!("\n{}", diagram(self.game.position()))),
            "final_score" => Ok(score_text(self.game.position())),
            "time_settings" => {
                let num = |i: usize| -> Result<f64, String> {
                    arg(i)?
                        .parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite() && *x >= 0.0)
                        .ok_or_else(|| "syntax error".to_string())
                };
                self.settings = Some((num(0)?, num(1)?, num(2)? as u32));
                self.left = [None; 2];
                Ok(String::new())
            }
            "time_left" => {
                let side = color(arg(0)?)?;
                let secs: f64 = arg(1)?
                    .parse()
                    .ok()
                    .filter(|x: &f64| x.is_finite() && *x >= 0.0)
                    .ok_or("syntax error")?;
                let stones: u32 = arg(2)?.parse().map_err(|_| "syntax error".to_string())?;
                self.left[side.index()] = Some((secs, stones));
                Ok(String::new())
            }
            "set_free_handicap" => {
                let Some(kind) = self.rules.pieces.single() else {
                    return Err("handicap stones need a one-kind piece set".into());
                };
                let mut pos = *self.game.position();
                if !self.game.moves().is_empty() || pos.occupied().any() {
                    return Err("board not empty".into());
                }
                if args.is_empty() {
                    return Err("bad vertex list".into());
                }
                for v in args {
                    let Some(cell) = parse_vertex(v, self.rules.board)? else {
                        return Err("bad vertex list".into());
                    };
                    if pos.piece_at(cell).is_some() {
                        return Err("bad vertex list".into());
                    }
                    pos.set_piece(cell, Some(super::Piece::new(Side::Black, kind)));
                }
                // Handicap stones are Black's; White moves next.
                pos.set_turn(Side::White);
                self.game = Game::from_position(pos);
                Ok(String::new())
            }
            _ => Err("unknown command".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine on 9 × 9 with one stone down (80 empty cells) whose level thinks 5 s a
    /// move, after the given commands.
    fn engine(commands: &[&str]) -> Engine {
        let rules = Rules {
            board: Board::Square(9),
            ..Rules::default()
        };
        let mut engine = Engine::with_level(rules, 1, Level::Master, 1, None);
        for line in ["play b E5"].iter().chain(commands) {
            let (reply, _) = engine.handle(line).unwrap();
            assert!(reply.starts_with('='), "{line}: {reply}");
        }
        engine
    }

    fn secs(engine: &Engine, side: Side) -> f64 {
        engine
            .move_budget(side)
            .time
            .expect("a time budget")
            .as_secs_f64()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn the_move_time_follows_the_clock() {
        // No clock: the level's own time.
        assert!(close(secs(&engine(&[]), Side::White), 5.0));
        // Canadian byo-yomi, 10 s left for 5 stones: 2 s a stone, less the margin.
        let e = engine(&["time_settings 0 60 5", "time_left w 10 5"]);
        assert!(close(secs(&e, Side::White), 2.0 * 0.85 - 0.05));
        // The clock is per side: Black's is not set, so Black has the share of the
        // settings (no main time, 60 s for 5 stones: 12 s, more than the level's 5 s).
        assert!(close(secs(&e, Side::Black), 5.0));
        // Sudden death, 20 s left: spread over half the empty cells (40 moves).
        let e = engine(&["time_settings 300 0 0", "time_left w 20 0"]);
        assert!(close(secs(&e, Side::White), 20.0 / 40.0 * 0.85 - 0.05));
        // Main time left with byo-yomi after it: a third of the empty cells, plus most
        // of a byo-yomi period.
        let e = engine(&["time_settings 300 3 1", "time_left b 40 0"]);
        let expected = 40.0 / (80.0 / 3.0) + 3.0 * 0.8;
        assert!(close(secs(&e, Side::Black), expected * 0.85 - 0.05));
        // Settings alone (before any time_left): the main time spread, plus a period.
        let e = engine(&["time_settings 30 2 4"]);
        let expected = 30.0 / 40.0 + 2.0 / 4.0;
        assert!(close(secs(&e, Side::White), expected * 0.85 - 0.05));
        // Almost no time left: the floor of 50 ms, never nothing.
        let e = engine(&["time_settings 300 0 0", "time_left w 0 0"]);
        assert!(close(secs(&e, Side::White), 0.05));
        // No limit at all (0 main and 0 byo-yomi time): the level's time.
        let e = engine(&["time_settings 0 0 0"]);
        assert!(close(secs(&e, Side::White), 5.0));
        // New settings forget the times left.
        let e = engine(&["time_left w 1 1", "time_settings 0 0 0"]);
        assert!(close(secs(&e, Side::White), 5.0));
    }

    #[test]
    fn a_playout_budget_is_not_cut_by_the_clock() {
        let rules = Rules {
            board: Board::Square(9),
            ..Rules::default()
        };
        let mut engine = Engine::with_level(rules, 1, Level::Hard, 1, None)
            .configured(MctsConfig::default(), Some(400));
        for line in ["time_settings 300 0 0", "time_left w 1 0"] {
            assert!(engine.handle(line).unwrap().0.starts_with('='));
        }
        let budget = engine.move_budget(Side::White);
        assert_eq!((budget.time, budget.playouts), (None, Some(400)));
    }
}
