//! A GTP version 2 engine (the Go Text Protocol every Go program speaks) over the rules:
//! one command line in, one response out. The command line does the I/O, but for the
//! file `loadsgf` names.
//!
//! A GTP session goes on after two passes (controllers keep playing to settle the end),
//! one colour may play twice (the other side passes between, and `undo` takes both back),
//! and handicap stones are part of the start, not of the moves. GTP writes a move as a
//! vertex or `pass`: a game with moving pieces has moves it cannot write, so the command
//! line refuses `--moving` for GTP.

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::bits::Cell;
use super::bot::{self, Bot, Level, Mcts, MctsConfig, Request};
use super::game::Game;
use super::geometry::Board;
use super::moves::Move;
use super::playout::Rng;
use super::position::Position;
use super::rules::{Rules, number_text};
use crate::common::Side;

pub const COMMANDS: [&str; 27] = [
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
    "fixed_handicap",
    "place_free_handicap",
    "final_status_list",
    "loadsgf",
    "kgs-genmove_cleanup",
    "clear_cache",
    "printsgf",
    "lz-analyze",
    "kata-analyze",
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
    /// How many of the game's moves each `play` or `genmove` made (two when the other
    /// side's pass was put in first), for `undo`.
    played: Vec<usize>,
    /// The analysis the last command began (`lz-analyze`, `kata-analyze`), run by the
    /// command line until the next command arrives.
    analysis: Option<Analysis>,
    /// The search that analyses, apart from the bot's (its tree grows round by round).
    analyst: Mcts,
}

/// An analysis asked for by `lz-analyze` (Leela Zero's form, which Lizzie and Sabaki
/// read) or `kata-analyze` (KataGo's): the moves' statistics for `side`, reported every
/// `interval` while the search deepens.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Analysis {
    pub side: Side,
    pub interval: Duration,
    pub kata: bool,
}

/// The root moves an analysis line reports at most.
const ANALYSIS_MOVES: usize = 10;

/// The largest file `loadsgf` reads (game records are a few kilobytes).
const LARGEST_SGF: u64 = 16 << 20;

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

/// A file's letter as GTP and Go programs write it: `A`–`T` without `I` (`?` past 19).
pub fn file_letter(file: usize) -> char {
    LETTERS.get(file).copied().unwrap_or(b'?') as char
}

/// A cell as a GTP vertex.
pub fn vertex(cell: Cell) -> String {
    format!("{}{}", file_letter(cell.file() as usize), cell.rank() + 1)
}

fn color(s: &str) -> Result<Side, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Side::Black),
        "w" | "white" => Ok(Side::White),
        _ => Err("syntax error".into()),
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
            played: Vec::new(),
            analysis: None,
            analyst: Mcts::new(MctsConfig {
                threads: threads.max(1),
                ..MctsConfig::default()
            }),
        }
    }

    /// This engine searching with `config` (its threads included) and, when given,
    /// `playouts` a move in place of any time (for matches that measure the search
    /// itself, not the machine's speed).
    pub fn configured(mut self, config: MctsConfig, playouts: Option<u64>) -> Engine {
        self.bot = self.level.bot_with(config);
        self.analyst = Mcts::new(MctsConfig {
            threads: config.threads.max(1),
            ..config
        });
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
            // Clocks of any size give a time (a day at most here: more is the level's).
            let allowed = Duration::try_from_secs_f64((secs * 0.85 - 0.05).clamp(0.05, 86_400.0))
                .unwrap_or(Duration::from_secs(86_400));
            time = time.min(allowed);
        }
        budget.time = Some(time);
        budget
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays `mv` for `side`, also after the game ended by passes. GTP lets one colour
    /// play twice; this game alternates, so the side to move passes first (`undo` takes
    /// the pass back with the move).
    fn play_for(&mut self, side: Side, mv: Move) -> Result<(), String> {
        let saved = self.game.clone();
        let mut made = 1;
        if self.game.position().turn() != side {
            self.game
                .play_on(Move::Pass)
                .map_err(|e| format!("illegal move: {e}"))?;
            made = 2;
        }
        match self.game.play_on(mv) {
            Ok(_) => {
                self.played.push(made);
                Ok(())
            }
            Err(e) => {
                self.game = saved;
                Err(format!("illegal move: {e}"))
            }
        }
    }

    /// A new game from `start` (the handicap stones are part of it, not moves).
    fn start_from(&mut self, start: Position) {
        self.game = Game::from_position(start);
        self.played.clear();
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
            game.play_on(*mv)
                .map_err(|e| format!("the game does not replay under those rules: {e}"))?;
        }
        self.rules = rules;
        self.game = game;
        Ok(())
    }

    /// Handles one command line. Returns the full response (`= …\n\n` or `? …\n\n`) and
    /// whether the engine should quit; None for a line that holds no command.
    pub fn handle(&mut self, line: &str) -> Option<(String, bool)> {
        // Any line ends an analysis, even one that holds no command.
        self.analysis = None;
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
        let analyse = matches!(command.as_str(), "lz-analyze" | "kata-analyze");
        Some(match self.run(&command, &args) {
            // An analysis answers `=` on a line of its own, then its lines follow until
            // the next command (`Engine::analyze`); an empty line ends them.
            Ok(_) if analyse => (format!("={id}\n"), false),
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
                // A number, however large, is a size (unacceptable or not); anything else
                // is a syntax error.
                let text = arg(0)?;
                if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                    return Err("syntax error".into());
                }
                let n = text
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (Board::MIN_SIZE..=Board::MAX_SIZE).contains(n))
                    .ok_or("unacceptable size")?;
                self.rules.board = Board::Square(n);
                self.start_from(Position::new(self.rules));
                Ok(String::new())
            }
            "clear_board" => {
                self.start_from(Position::new(self.rules));
                Ok(String::new())
            }
            "komi" => {
                let k: f64 = arg(0)?
                    .parse()
                    .ok()
                    .filter(|k: &f64| k.is_finite())
                    .ok_or("syntax error")?;
                if k.abs() > 1000.0 {
                    return Err("komi out of range (-1000 to 1000)".into());
                }
                let rules = Rules {
                    komi: k,
                    ..self.rules
                };
                self.new_rules(rules)?;
                Ok(String::new())
            }
            "play" => {
                let side = color(arg(0)?)?;
                let cell = parse_vertex(arg(1)?, self.rules.board)
                    .map_err(|_| "syntax error".to_string())?;
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
            "genmove" | "reg_genmove" | "kgs-genmove_cleanup" => {
                // kgs-genmove_cleanup asks for a move that captures dead stones before
                // passing; here no dead piece stays on the board (GO_RULES §2), so it is
                // genmove.
                let side = color(arg(0)?)?;
                // The game as it would go on, also after two passes; the other side
                // passes first when `side` is not to move.
                let mut game = self.game.resumed();
                if game.position().turn() != side {
                    game.play_on(Move::Pass)
                        .map_err(|e| format!("cannot move for {side}: {e}"))?;
                    // The pass only hands over the turn: the bot does not answer it.
                    game = game.without_passes();
                }
                // Still ended: a resignation or an agreed draw.
                let ended = game.outcome().is_some();
                let mut resigns = false;
                let mv = if ended {
                    Move::Pass
                } else {
                    let stop = AtomicBool::new(false);
                    let request = Request {
                        game: &game,
                        budget: self.move_budget(side),
                        seed: self.rng.next_u64(),
                        stop: &stop,
                    };
                    let choice = self.bot.choose(&request);
                    resigns = choice.as_ref().is_some_and(|c| c.resign);
                    let chosen = choice.map_or(Move::Pass, |c| c.mv);
                    match game.position().play(chosen) {
                        Ok(p) if game.check(chosen, &p).is_ok() => chosen,
                        _ => Move::Pass,
                    }
                };
                if resigns {
                    // The search found the game lost at its last moves (`--no-resign`
                    // plays on): the game ends so, and undo takes the resignation back.
                    if command != "reg_genmove" {
                        self.game.resign(side);
                        self.played.push(1);
                    }
                    return Ok("resign".into());
                }
                let answer = match mv {
                    Move::Drop { cell, .. } => vertex(cell),
                    Move::Pass => "pass".into(),
                    Move::Step { .. } => {
                        return Err("this move moves a piece, which GTP cannot write".into());
                    }
                };
                if command != "reg_genmove" && !ended {
                    self.play_for(side, mv)?;
                }
                Ok(answer)
            }
            "undo" => {
                let Some(made) = self.played.pop() else {
                    return Err("cannot undo".into());
                };
                for _ in 0..made {
                    self.game.undo();
                }
                Ok(String::new())
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
                let stones: u32 = arg(2)?.parse().map_err(|_| "syntax error".to_string())?;
                self.settings = Some((num(0)?, num(1)?, stones));
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
                let cells = args
                    .iter()
                    .map(|v| match parse_vertex(v, self.rules.board) {
                        Ok(Some(cell)) => Ok(cell),
                        Ok(None) => Err("bad vertex list".to_string()),
                        Err(_) => Err("syntax error".to_string()),
                    })
                    .collect::<Result<Vec<Cell>, String>>()?;
                self.handicap(&cells, "bad vertex list")?;
                Ok(String::new())
            }
            // The engine's own placements, answered with their vertices.
            "fixed_handicap" | "place_free_handicap" => {
                let n = stones(arg(0)?)?;
                let cells = if command == "fixed_handicap" {
                    fixed_handicap(self.rules.board.square_size().unwrap_or(0), n)
                } else {
                    free_handicap(self.rules.board, n)
                }
                .ok_or("invalid number of stones")?;
                self.handicap(&cells, "invalid number of stones")?;
                Ok(cells
                    .iter()
                    .map(|c| vertex(*c))
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "final_status_list" => match arg(0)? {
                // No dead piece stays on the board (GO_RULES §2): every piece is alive,
                // and the end is scored as the position stands, without agreement.
                "alive" => {
                    let occupied = self.game.position().occupied();
                    Ok(occupied.iter().map(vertex).collect::<Vec<_>>().join(" "))
                }
                "dead" | "seki" => Ok(String::new()),
                _ => Err("syntax error".into()),
            },
            "loadsgf" => {
                let path = arg(0)?;
                let number = match args.get(1) {
                    None => None,
                    Some(n) => Some(n.parse::<usize>().map_err(|_| "syntax error".to_string())?),
                };
                self.load_sgf(path, number)?;
                Ok(String::new())
            }
            "printsgf" => super::sgf::write(&self.game, "", "")
                .map(|text| text.trim_end().to_string())
                .map_err(|e| e.to_string()),
            "clear_cache" => Ok(String::new()),
            "lz-analyze" | "kata-analyze" => {
                // [color] [interval in centiseconds], or `interval N`. The other options
                // of Leela Zero and KataGo are read and left alone (no ownership map or
                // avoided moves here); anything else is a syntax error.
                let mut side = self.game.position().turn();
                let mut words = args.iter().copied().peekable();
                if let Some(s) = words.peek().and_then(|w| color(w).ok()) {
                    side = s;
                    words.next();
                }
                let mut centis: u64 = 100;
                let skip = |words: &mut std::iter::Peekable<_>, n: usize| -> Result<(), String> {
                    for _ in 0..n {
                        let _: &str = words.next().ok_or("syntax error")?;
                    }
                    Ok(())
                };
                while let Some(word) = words.next() {
                    match word {
                        n if n.bytes().all(|b| b.is_ascii_digit()) => {
                            centis = n.parse().map_err(|_| "syntax error".to_string())?;
                        }
                        "interval" => {
                            centis = words
                                .next()
                                .and_then(|n| n.parse().ok())
                                .ok_or("syntax error")?;
                        }
                        "ownership" | "ownershipStdev" | "movesOwnership" | "pvVisits"
                        | "pvEdgeVisits" | "rootInfo" | "minmoves" | "maxmoves" => {
                            skip(&mut words, 1)?
                        }
                        // avoid/allow COLOUR VERTICES UNTIL-DEPTH
                        "avoid" | "allow" => skip(&mut words, 3)?,
                        _ => return Err("syntax error".into()),
                    }
                }
                self.analysis = Some(Analysis {
                    side,
                    interval: Duration::from_millis(centis.clamp(1, 100_000) * 10),
                    kata: command == "kata-analyze",
                });
                Ok(String::new())
            }
            _ => Err("unknown command".into()),
        }
    }

    /// The analysis the last command began, if it did.
    pub fn analysis(&self) -> Option<Analysis> {
        self.analysis
    }

    /// Ends an analysis: a line arrived that is no command (not even text).
    pub fn stop_analysis(&mut self) {
        self.analysis = None;
    }

    /// One round of the analysis the last command began: the search goes on for its
    /// interval (or until `stop`), keeping its tree, and answers with one line of `info`
    /// items, the most played moves first. None when there is no analysis or nothing to
    /// analyse (the game ended by resignation or agreement).
    pub fn analyze(&mut self, stop: &AtomicBool) -> Option<String> {
        let analysis = self.analysis?;
        let mut game = self.game.resumed();
        if game.position().turn() != analysis.side {
            // As if that side were to move (KataGo's way): no pass to answer.
            game.play_on(Move::Pass).ok()?;
            game = game.without_passes();
        }
        if game.outcome().is_some() {
            return None;
        }
        let request = Request {
            game: &game,
            budget: bot::Budget {
                time: Some(analysis.interval),
                playouts: None,
            },
            seed: self.rng.next_u64(),
            stop,
        };
        let stats = self.analyst.search(&request);
        let written = |mv: Move| match mv {
            Move::Drop { cell, .. } => Some(vertex(cell)),
            Move::Pass => Some("pass".to_string()),
            Move::Step { .. } => None,
        };
        let virtual_games: u64 = stats
            .moves
            .iter()
            .map(|m| m.visits.saturating_sub(m.playouts))
            .sum();
        // Moves the game allows (a kept tree may hold one that superko now forbids).
        let mut moves: Vec<_> = stats
            .moves
            .iter()
            .filter(|m| m.playouts > 0)
            .filter(|m| {
                game.position()
                    .play(m.mv)
                    .is_ok_and(|p| game.check(m.mv, &p).is_ok())
            })
            .collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.playouts));
        let mut items = Vec::new();
        for (order, m) in moves.iter().take(ANALYSIS_MOVES).enumerate() {
            let Some(mv) = written(m.mv) else { continue };
            let (rate, error) = m.win_rate();
            let lcb = (rate - 2.0 * error).max(0.0);
            let prior = if virtual_games > 0 {
                m.visits.saturating_sub(m.playouts) as f64 / virtual_games as f64
            } else {
                1.0 / stats.moves.len().max(1) as f64
            };
            let line: Vec<String> = self
                .analyst
                .principal_line(m.mv)
                .into_iter()
                .map_while(written)
                .collect();
            let pv = line.join(" ");
            let visits = m.playouts;
            items.push(if analysis.kata {
                let (mean, error) = m.mean_points();
                let spread = if error.is_finite() {
                    error * (m.playouts as f64).sqrt()
                } else {
                    0.0
                };
                format!(
                    "info move {mv} visits {visits} utility {:.4} winrate {rate:.6} \
                     scoreMean {mean:.2} scoreStdev {spread:.2} scoreLead {mean:.2} \
                     scoreSelfplay {mean:.2} prior {prior:.6} lcb {lcb:.6} \
                     utilityLcb {:.4} order {order} pv {pv}",
                    2.0 * rate - 1.0,
                    2.0 * lcb - 1.0,
                )
            } else {
                format!(
                    "info move {mv} visits {visits} winrate {} prior {} lcb {} order {order} \
                     pv {pv}",
                    (rate * 10_000.0).round(),
                    (prior * 10_000.0).round(),
                    (lcb * 10_000.0).round(),
                )
            });
        }
        Some(items.join(" "))
    }

    /// Handicap stones for Black on an empty board; White moves next. `refusal` is the
    /// answer for a list of the wrong length.
    fn handicap(&mut self, cells: &[Cell], refusal: &str) -> Result<(), String> {
        let Some(kind) = self.rules.pieces.single() else {
            return Err("handicap stones need a one-kind piece set".into());
        };
        let mut pos = *self.game.position();
        if !self.game.moves().is_empty() || pos.occupied().any() {
            return Err("board not empty".into());
        }
        // At least two, and an empty cell left (GTP 4.1.3).
        let room = self.rules.board.cells().count() as usize;
        if cells.len() < 2 || cells.len() >= room {
            return Err(refusal.into());
        }
        for &cell in cells {
            if pos.piece_at(cell).is_some() {
                return Err("bad vertex list".into());
            }
            pos.set_piece(cell, Some(super::Piece::new(Side::Black, kind)));
        }
        pos.set_turn(Side::White);
        self.start_from(pos);
        Ok(())
    }

    /// `loadsgf FILE [N]`: the game in the file (its board and komi, this engine's piece
    /// kind), up to the position before move `N` when given.
    fn load_sgf(&mut self, path: &str, number: Option<usize>) -> Result<(), String> {
        let meta = std::fs::metadata(path).map_err(|e| format!("cannot load file: {e}"))?;
        if !meta.is_file() {
            return Err("cannot load file: not a regular file".into());
        }
        if meta.len() > LARGEST_SGF {
            return Err(format!(
                "cannot load file: {} bytes is over the {} MiB this reads",
                meta.len(),
                LARGEST_SGF >> 20
            ));
        }
        // Read no more than the limit, whatever the file grows to meanwhile.
        let mut bytes = Vec::new();
        let file = std::fs::File::open(path).map_err(|e| format!("cannot load file: {e}"))?;
        std::io::Read::read_to_end(&mut std::io::Read::take(file, LARGEST_SGF + 1), &mut bytes)
            .map_err(|e| format!("cannot load file: {e}"))?;
        if bytes.len() as u64 > LARGEST_SGF {
            return Err("cannot load file: too large".into());
        }
        let text = super::sgf::decode(&bytes).map_err(|e| format!("cannot load file: {e}"))?;
        let sgf =
            super::sgf::SgfGame::parse(&text).map_err(|e| format!("cannot load file: {e}"))?;
        // An SGF file is Go: rooks.
        if self.rules.pieces.single() != Some(super::Kind::Rook) {
            return Err("cannot load file: an SGF game is played with rooks".into());
        }
        let old = (self.rules, self.game.clone(), self.played.clone());
        self.rules = Rules {
            board: sgf.rules.board,
            komi: sgf.rules.komi,
            ..self.rules
        };
        let mut start = Position::new(self.rules);
        for cell in sgf.start.occupied() {
            start.set_piece(cell, sgf.start.piece_at(cell));
        }
        start.set_turn(sgf.start.turn());
        self.start_from(start);
        // Move N is played next: N - 1 moves are replayed.
        let count = number.map_or(sgf.moves.len(), |n| n.saturating_sub(1));
        for (side, cell) in sgf.moves.iter().take(count) {
            let mv = match cell {
                Some(cell) => Move::Drop {
                    kind: super::Kind::Rook,
                    cell: *cell,
                },
                None => Move::Pass,
            };
            if let Err(e) = self.play_for(*side, mv) {
                (self.rules, self.game, self.played) = old;
                return Err(format!("cannot load file: {e}"));
            }
        }
        Ok(())
    }
}

/// A stone count: a number (how many is checked by the command).
fn stones(text: &str) -> Result<usize, String> {
    text.parse().map_err(|_| "syntax error".to_string())
}

/// The fixed handicap points of GTP 4.1.1 for `n` stones on a square board of `size`
/// (the corners' star points, then the sides', then the centre): none for a board under
/// 7 or a number it does not allow (2–9 on odd boards from 9, 2–4 on the others).
pub fn fixed_handicap(size: u8, n: usize) -> Option<Vec<Cell>> {
    if size < 7 {
        return None;
    }
    let most = if size % 2 == 1 && size >= 9 { 9 } else { 4 };
    if !(2..=most).contains(&n) {
        return None;
    }
    // The third line on boards up to 11, the fourth from 12 (GNU Go, GTP's reference).
    let edge = if size >= 12 { 3 } else { 2 };
    let (low, mid, high) = (edge, (size - 1) / 2, size - 1 - edge);
    let at = |f: u8, r: u8| Cell::new(i32::from(f), i32::from(r));
    let (top_right, bottom_left) = (at(high, high), at(low, low));
    let (top_left, bottom_right) = (at(low, high), at(high, low));
    let (left, right) = (at(low, mid), at(high, mid));
    let (bottom, top) = (at(mid, low), at(mid, high));
    let centre = at(mid, mid);
    let corners = [top_right, bottom_left, top_left, bottom_right];
    let points: Vec<Option<Cell>> = match n {
        2 => corners[..2].to_vec(),
        3 => corners[..3].to_vec(),
        4 => corners.to_vec(),
        5 => [&corners[..], &[centre]].concat(),
        6 => [&corners[..], &[left, right]].concat(),
        7 => [&corners[..], &[left, right, centre]].concat(),
        8 => [&corners[..], &[left, right, bottom, top]].concat(),
        _ => [&corners[..], &[left, right, bottom, top, centre]].concat(),
    };
    points.into_iter().collect()
}

/// Where this engine puts `n` free handicap stones: the fixed points as far as they go,
/// then, one by one, the empty cell farthest from every stone and from the edge (away
/// from the first two lines where the board allows). None for fewer than 2 or no cell
/// left empty.
pub fn free_handicap(board: Board, n: usize) -> Option<Vec<Cell>> {
    let all = board.cells();
    if n < 2 || n >= all.count() as usize {
        return None;
    }
    let size = board.square_size().unwrap_or(0);
    let most = (2..=9)
        .rev()
        .find(|k| fixed_handicap(size, *k).is_some())
        .unwrap_or(0);
    let mut cells = fixed_handicap(size, n.min(most)).unwrap_or_default();
    let (files, ranks) = (i32::from(board.files()), i32::from(board.ranks()));
    let from_edge = |c: Cell| {
        let (f, r) = (i32::from(c.file()), i32::from(c.rank()));
        f.min(r).min(files - 1 - f).min(ranks - 1 - r)
    };
    while cells.len() < n {
        let best = all.iter().filter(|c| !cells.contains(c)).max_by_key(|&c| {
            let apart = cells
                .iter()
                .map(|o| {
                    (i32::from(c.file()) - i32::from(o.file())).abs()
                        + (i32::from(c.rank()) - i32::from(o.rank())).abs()
                })
                .min()
                .unwrap_or(i32::MAX);
            (from_edge(c) >= 2, apart, from_edge(c))
        })?;
        cells.push(best);
    }
    Some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_lettered_without_i() {
        let letters: String = (0..19).map(file_letter).collect();
        assert_eq!(letters, "ABCDEFGHJKLMNOPQRST");
        assert_eq!(file_letter(19), '?');
        assert_eq!(vertex(Cell::new(8, 2).unwrap()), "J3");
    }

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

    #[test]
    fn a_huge_clock_gives_a_time_without_a_panic() {
        let huge = engine(&["time_settings 1e300 0 0"]);
        assert!(secs(&huge, Side::White) <= 86_400.0);
        let huge = engine(&["time_left w 1e300 0"]);
        assert!(secs(&huge, Side::White) <= 86_400.0);
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
