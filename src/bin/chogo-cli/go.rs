//! `chogo-cli go …`: Go with chess pieces from the command line, with exact output
//! formats (GO_RULES, issue 13) and a GTP engine.

use std::io::{BufRead, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chogo::go::bot::{self, Level, MctsConfig};

use chogo::common::{BySide, Side};
use chogo::go::gtp::Engine;
use chogo::go::sgf::{self, SgfGame};
use chogo::go::{
    Bits, Board, Game, IllegalMove, MoveText, PieceSet, Position, Record, ReplayError, Rules, perft,
};

use super::Words;
use super::matches::{Match, MatchGame, run_match};
use super::{Failure, usage};
use serde::Serialize;

/// The rule options of every `go` command.
#[derive(clap::Args, Clone)]
pub struct GoRules {
    /// the piece set: letters of R B Q K W N M P D A (presets R, B, K, N, P, M, RB, D, A)
    #[arg(long, global = true, default_value = "R", value_name = "SET")]
    pieces: String,
    /// the option moving pieces (implies superko)
    #[arg(long, global = true)]
    moving: bool,
    /// positional superko
    #[arg(long, global = true)]
    superko: bool,
    /// points added to White's score
    #[arg(
        long,
        global = true,
        default_value = "0",
        allow_negative_numbers = true,
        value_name = "X"
    )]
    komi: String,
    /// N (5–19) for N×N, or a Chogo board: chogo-44, 8x8, 10x8, 12x8, 12x10 (default 9, or
    /// the size of the position given)
    #[arg(long, global = true, value_name = "BOARD")]
    board: Option<String>,
}

#[derive(clap::Args)]
#[command(disable_help_subcommand = true)]
pub struct GoCommand {
    #[command(flatten)]
    rules: GoRules,
    #[command(subcommand)]
    command: Go,
}

#[derive(clap::Subcommand)]
enum Go {
    /// puzzles: list, verify, generate, rate (their rules come from each puzzle, or
    /// generate's --variant)
    Puzzles {
        #[command(subcommand)]
        command: super::puzzles::PuzzlesCommand,
    },
    /// every legal move with its captures, one per line: moves "<position>"
    Moves(Words),
    /// play moves; print the position and the result: apply "<position>" MOVE...
    Apply(Words),
    /// dead pieces, controlled cells, score, ko, result (one line of JSON): analyze "<position>"
    Analyze(Words),
    /// check a game record or an SGF file move by move: replay FILE
    Replay(Words),
    /// count the leaves of the move tree: perft "<position>" DEPTH
    Perft(Words),
    /// a GTP version 2 engine on standard input and output
    Gtp {
        /// the bots' seed
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// the level genmove plays: random, easy (greedy), medium, hard, master
        #[arg(long, default_value = "random")]
        level: String,
        /// milliseconds a move in place of the level's time
        #[arg(long = "time-ms")]
        time_ms: Option<u64>,
        /// search threads
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// playouts a move in place of any time (measures the search, not the machine)
        #[arg(long)]
        playouts: Option<u64>,
        #[command(flatten)]
        switches: Switches,
    },
    /// the bot's move: bestmove "<position>" --level L [--time-ms T] [--playouts N]
    Bestmove {
        /// the position text, or start
        position: String,
        /// random, easy (greedy), medium, hard, master
        #[arg(long, default_value = "hard")]
        level: String,
        /// milliseconds in place of the level's time
        #[arg(long = "time-ms")]
        time_ms: Option<u64>,
        /// random playouts in all (alone: no time limit, reproducible)
        #[arg(long)]
        playouts: Option<u64>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// search threads
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// print the playouts, the win rate and the speed on standard error
        #[arg(long)]
        info: bool,
        #[command(flatten)]
        switches: Switches,
    },
    /// a match between two bots: play --black L --white L --games N
    Play {
        #[arg(long)]
        black: String,
        #[arg(long)]
        white: String,
        #[arg(long, default_value_t = 1)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// milliseconds a move for the searching levels
        #[arg(long = "time-ms")]
        time_ms: Option<u64>,
        /// playouts a move for the searching levels (alone: reproducible)
        #[arg(long)]
        playouts: Option<u64>,
        /// swap colours every other game
        #[arg(long)]
        swap: bool,
        /// games played at once
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// search threads of each bot
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// write each game's record in this folder
        #[arg(long)]
        records: Option<std::path::PathBuf>,
        /// the start position (default: the empty board)
        #[arg(long)]
        from: Option<String>,
        #[command(flatten)]
        switches: Switches,
    },
    /// convert between a game record and SGF: sgf FILE (writes the other form)
    Sgf(Words),
    /// the search's best moves with win rates, leads and lines: analyze-line "<position>"
    #[command(name = "analyze-line")]
    AnalyzeLine {
        /// the position text, or start
        position: String,
        /// how many best moves
        #[arg(long, default_value_t = 3)]
        multipv: usize,
        #[command(flatten)]
        effort: GoEffort,
    },
    /// review a game (record or SGF): each move judged, accuracy; --sgf writes SGF
    Review {
        file: String,
        /// write the review as SGF (comments, marks and Sabaki's SBKV win rates)
        #[arg(long)]
        sgf: bool,
        #[command(flatten)]
        effort: GoEffort,
    },
}

/// How much the search may spend on each position of an analysis or a review.
#[derive(clap::Args)]
struct GoEffort {
    /// a searching level's time: medium, hard or master
    #[arg(long)]
    level: Option<String>,
    /// playouts a position (the default is the review's budget)
    #[arg(long)]
    playouts: Option<u64>,
    /// milliseconds a position
    #[arg(long = "time-ms")]
    time_ms: Option<u64>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl GoEffort {
    fn read(&self) -> Result<chogo::study::Effort, Failure> {
        nonzero_budget(self.time_ms, self.playouts)?;
        let mut effort = chogo::study::Effort::default();
        if let Some(name) = &self.level {
            let level = parse_level(name)?;
            if !level.searches() {
                return Err(usage(format!(
                    "--level {level} does not search: an analysis needs medium, hard or master"
                )));
            }
            effort.time_ms = level.default_budget().time.map(|t| t.as_millis() as u64);
        }
        effort.work = self.playouts.or(effort.work);
        effort.time_ms = self.time_ms.or(effort.time_ms);
        Ok(effort)
    }
}

/// The search's switches, for measuring each one (the searching levels only).
#[derive(clap::Args, Debug)]
struct Switches {
    /// search switches turned off, comma-separated: rave, heuristics, shapes, patterns,
    /// pattern_priors, shape_priors, priors, reuse, lgr, shared_tree, ladders, two_libs,
    /// nakade, capture_any, self_atari2, amaf_priors, line_priors, policy_priors,
    /// tree_drops, reading, read_choice, centre, criticality
    #[arg(long, value_name = "SWITCHES", default_value = "")]
    without: String,
    /// search switches turned on, the same names (on by default: rave, heuristics,
    /// shapes, priors and reuse; lgr, line_priors, policy_priors and nakade for rooks and wazirs
    /// alone; shared_tree with a time budget; the others are off)
    #[arg(long, value_name = "SWITCHES", default_value = "")]
    with: String,
    /// how much the final margin counts in a playout's value, 0–1 (the rest is the win;
    /// default 0.1, for bishops alone 0.3)
    #[arg(long, value_name = "W", allow_negative_numbers = true)]
    score_weight: Option<f64>,
    /// UCT's exploration constant below the root (default: 0 for rooks and wazirs, else
    /// 0.15)
    #[arg(long, value_name = "C")]
    explore: Option<f64>,
    /// UCT's exploration constant at the root (default 0.15)
    #[arg(long, value_name = "C")]
    root_explore: Option<f64>,
    /// the progressive bias's weight: the priors' verdict over a child's playouts plus one
    /// (default 0: none)
    #[arg(long, value_name = "C")]
    bias: Option<f64>,
    /// what a move not yet tried is worth above its AMAF value, 0–1 (default: 0 for rooks
    /// and wazirs, else 0.1)
    #[arg(long, value_name = "X")]
    fpu: Option<f64>,
    /// RAVE's equivalence: AMAF counts for half after about this many visits (default 600)
    #[arg(long, value_name = "K")]
    rave_k: Option<f64>,
    /// virtual games of the policy's grading of each move in a new node (default 9)
    #[arg(long, value_name = "N")]
    prior_games: Option<f64>,
    /// real playouts through a node before it gets children (default 2)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    expand_at: Option<u32>,
    /// never resign: play to the end (by default the search resigns when it finds the
    /// game lost, under 5 % won, at three of its moves in a row)
    #[arg(long)]
    no_resign: bool,
}

impl Switches {
    /// The levels' search on `threads` threads with these switches.
    fn config(&self, threads: usize) -> Result<MctsConfig, Failure> {
        if threads == 0 {
            return Err(usage("--threads 0: a search needs at least one thread"));
        }
        MctsConfig {
            threads: threads.min(64),
            ..MctsConfig::default()
        }
        .without(&self.without)
        .and_then(|c| c.with(&self.with))
        .and_then(|mut c| {
            c.score_weight =
                knob("--score-weight", self.score_weight, 0.0..=1.0)?.or(c.score_weight);
            c.explore = knob("--explore", self.explore, 0.0..=10.0)?.or(c.explore);
            c.root_explore =
                knob("--root-explore", self.root_explore, 0.0..=10.0)?.or(c.root_explore);
            c.fpu = knob("--fpu", self.fpu, 0.0..=1.0)?.or(c.fpu);
            c.rave_k = knob("--rave-k", self.rave_k, 1.0..=1e9)?.unwrap_or(c.rave_k);
            c.bias = knob("--bias", self.bias, 0.0..=100.0)?.unwrap_or(c.bias);
            c.prior_games = knob("--prior-games", self.prior_games, 0.0..=1000.0)?
                .map_or(c.prior_games, |g| g as f32);
            c.expand_at = self.expand_at.unwrap_or(c.expand_at);
            c.resign = !self.no_resign;
            Ok(c)
        })
        .map_err(usage)
    }
}

/// A search knob's value when given: within `range`, else the option's message.
fn knob(
    name: &str,
    value: Option<f64>,
    range: std::ops::RangeInclusive<f64>,
) -> Result<Option<f64>, String> {
    match value {
        Some(v) if !range.contains(&v) => Err(format!(
            "{name} {v}: a number from {} to {}",
            range.start(),
            range.end()
        )),
        v => Ok(v),
    }
}

impl GoRules {
    fn rules(&self, position: Option<&str>) -> Result<Rules, Failure> {
        let pieces: PieceSet = self.pieces.parse().map_err(|e| usage(format!("{e}")))?;
        let komi: f64 = self
            .komi
            .parse()
            .ok()
            .filter(|k: &f64| k.is_finite())
            .ok_or_else(|| {
                usage(format!(
                    "--komi takes a number like 6.5, not '{}'",
                    self.komi
                ))
            })?;
        let board = match (&self.board, position) {
            (Some(b), _) => b.parse::<Board>().map_err(|e| usage(format!("{e}")))?,
            (None, Some(text)) if text != "start" => infer_board(text).unwrap_or_default(),
            _ => Board::default(),
        };
        Ok(Rules {
            board,
            pieces,
            moving: self.moving,
            superko: self.superko,
            komi,
        })
    }
}

/// The board a placement fits when none is named: N × N, or a Chogo board of its size
/// (with its missing cells written `#`).
fn infer_board(text: &str) -> Option<Board> {
    let placement = text.split_whitespace().next()?;
    let rows: Vec<&str> = placement.split('/').collect();
    let width = |row: &str| {
        let mut n = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut run = d as usize;
                if let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run * 10 + d2 as usize;
                    chars.next();
                }
                n += run;
            } else {
                n += 1;
            }
        }
        n
    };
    let files = width(rows[0]);
    let ranks = rows.len();
    if placement.contains('#') || files != ranks {
        return chogo::rules::Board::ALL
            .into_iter()
            .find(|b| b.files() as usize == files && b.ranks() as usize == ranks)
            .map(Board::Chogo);
    }
    // Only the sizes of the rule book (GO_RULES §1): 5 × 5 to 19 × 19.
    u8::try_from(files)
        .ok()
        .filter(|n| (Board::MIN_SIZE..=Board::MAX_SIZE).contains(n))
        .map(Board::Square)
}

fn position(text: Option<&String>, rules: Rules, command: &str) -> Result<Position, Failure> {
    let text = text.ok_or_else(|| usage(format!("go {command} needs a position")))?;
    if text == "start" {
        return Ok(Position::new(rules));
    }
    Position::from_text(text, rules).map_err(|e| usage(format!("bad position: {e}")))
}

fn exactly(command: &str, words: &[String], n: usize) -> Result<(), Failure> {
    if words.len() == n {
        Ok(())
    } else {
        Err(usage(format!(
            "go {command} takes {n} argument{}; see chogo-cli go --help",
            if n == 1 { "" } else { "s" }
        )))
    }
}

/// How the puzzles of Go with chess pieces are made: easy against easy (whose greedy
/// play leaves groups to take and to save) across the piece sets, mostly on 7 × 7 boards
/// (short games, fast searches), each position scanned at 3,000 playouts (docs/LEARN.md).
const GO_PUZZLES: super::puzzles::Defaults = super::puzzles::Defaults {
    variants: &[
        "7,pieces=R,komi=4.5",
        "7,pieces=RB,komi=4.5",
        "7,pieces=N,komi=4.5",
        "7,pieces=K,komi=4.5",
        "9,pieces=R,komi=6.5",
        "7,pieces=B,komi=4.5",
        "7,pieces=P,komi=4.5",
        "7,pieces=M,komi=4.5",
        "7,pieces=D,komi=4.5",
        "7,pieces=A,komi=4.5",
    ],
    scan: 3_000,
    players: &[[1, 1]],
    min_ply: 6,
    max_plies: 250,
    prefix: 'g',
};

pub fn run(cmd: GoCommand) -> Result<String, Failure> {
    let opts = cmd.rules;
    match cmd.command {
        Go::Puzzles { command } => {
            if opts.pieces != "R"
                || opts.moving
                || opts.superko
                || opts.komi != "0"
                || opts.board.is_some()
            {
                return Err(usage(
                    "go puzzles take their rules from each puzzle (generate: --variant RULES), not --pieces, --board, --moving, --superko or --komi",
                ));
            }
            super::puzzles::run::<Game>(command, &GO_PUZZLES)
        }
        Go::Moves(Words { words, .. }) => {
            exactly("moves", &words, 1)?;
            let rules = opts.rules(words.first().map(String::as_str))?;
            let game = Game::from_position(position(words.first(), rules, "moves")?);
            let mut list: Vec<String> = Vec::new();
            game.for_each_legal_move(|mv, played| {
                list.push(mv.text_with_captures(rules.pieces, played.captured));
            });
            list.sort();
            Ok(list.iter().map(|m| format!("{m}\n")).collect())
        }
        Go::Apply(Words { words, .. }) => {
            if words.is_empty() {
                return Err(usage("go apply needs a position"));
            }
            let rules = opts.rules(words.first().map(String::as_str))?;
            let mut game = Game::from_position(position(words.first(), rules, "apply")?);
            for text in &words[1..] {
                let mv: MoveText = text.parse().map_err(|e| usage(format!("{e}")))?;
                let before = *game.position();
                game.play_text(&mv).map_err(|e: IllegalMove| {
                    Failure(
                        format!(
                            "move {} ({}): {text}: {e}",
                            before.fullmoves(),
                            before.turn().name()
                        ),
                        1,
                    )
                })?;
            }
            Ok(format!(
                "{}\nresult: {}\n",
                game.position(),
                game.outcome().map_or("ongoing", |o| o.result_name())
            ))
        }
        Go::Analyze(Words { words, .. }) => {
            exactly("analyze", &words, 1)?;
            let rules = opts.rules(words.first().map(String::as_str))?;
            Ok(analyze(&position(words.first(), rules, "analyze")?))
        }
        Go::Perft(Words { words, .. }) => {
            exactly("perft", &words, 2)?;
            let rules = opts.rules(words.first().map(String::as_str))?;
            let depth: u32 = words[1].parse().ok().filter(|d| *d <= 12).ok_or_else(|| {
                usage(format!(
                    "'{}' is not a depth (0–12)",
                    chogo::common::excerpt(&words[1])
                ))
            })?;
            let mut game = Game::from_position(position(words.first(), rules, "perft")?);
            Ok(format!("{}\n", perft(&mut game, depth)))
        }
        Go::Replay(Words { words, .. }) => {
            exactly("replay", &words, 1)?;
            replay(&words[0])
        }
        Go::Sgf(Words { words, .. }) => {
            exactly("sgf", &words, 1)?;
            convert(&words[0])
        }
        Go::AnalyzeLine {
            position: text,
            multipv,
            effort,
        } => {
            let rules = opts.rules(Some(&text))?;
            let game = Game::from_position(position(Some(&text), rules, "analyze-line")?);
            Ok(super::study::analyze_line(
                &game,
                effort.read()?,
                multipv.clamp(1, 64),
                effort.seed,
            ))
        }
        Go::Review { file, sgf, effort } => review(&file, sgf, &effort),
        Go::Gtp {
            seed,
            level,
            time_ms,
            threads,
            playouts,
            switches,
        } => {
            let rules = opts.rules(None)?;
            if rules.pieces.len() != 1 {
                return Err(usage("GTP plays one-kind sets only (like --pieces R)"));
            }
            if rules.moving {
                return Err(usage(
                    "--moving: GTP writes a move as a vertex or pass, and a piece's move \
                     (b2>c2) is neither; play moving games with `go play` or in the game",
                ));
            }
            let level = parse_level(&level)?;
            let config = switches.config(threads)?;
            nonzero_budget(time_ms, playouts)?;
            let engine = Engine::with_level(
                rules,
                seed,
                level,
                config.threads,
                time_ms.map(Duration::from_millis),
            )
            .configured(config, playouts);
            gtp(engine)
        }
        Go::Bestmove {
            position: text,
            level,
            time_ms,
            playouts,
            seed,
            threads,
            info,
            switches,
        } => {
            let rules = opts.rules(Some(&text))?;
            let pos = position(Some(&text), rules, "bestmove")?;
            let level = parse_level(&level)?;
            nonzero_budget(time_ms, playouts)?;
            let budget = level.budget(time_ms.map(Duration::from_millis), playouts);
            bestmove(pos, level, budget, seed, switches.config(threads)?, info)
        }
        Go::Play {
            black,
            white,
            games,
            seed,
            time_ms,
            playouts,
            swap,
            jobs,
            threads,
            records,
            from,
            switches,
        } => {
            let rules = opts.rules(from.as_deref())?;
            let start = match &from {
                Some(text) => position(Some(text), rules, "play")?,
                None => Position::new(rules),
            };
            let players = [parse_level(&black)?, parse_level(&white)?];
            nonzero_budget(time_ms, playouts)?;
            play_match(MatchSpec {
                start,
                players,
                plan: Match {
                    names: [black.to_ascii_lowercase(), white.to_ascii_lowercase()],
                    games,
                    jobs,
                    swap,
                    records,
                },
                seed,
                time: time_ms.map(Duration::from_millis),
                playouts,
                config: switches.config(threads)?,
            })
        }
    }
}

#[derive(Serialize)]
struct AnalyzeOutput {
    to_move: Side,
    dead: BySide<Bits>,
    controlled: BySide<Bits>,
    score: BySide<serde_json::Value>,
    ko: Option<String>,
    result: &'static str,
}

/// A score as a JSON number: integral values without a decimal point.
fn score_value(x: f64) -> serde_json::Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        serde_json::Value::from(x as i64)
    } else {
        serde_json::Number::from_f64(x).map_or(serde_json::Value::Null, serde_json::Value::Number)
    }
}

fn analyze(pos: &Position) -> String {
    let [cb, cw] = pos.controlled();
    let [sb, sw] = pos.score();
    let result = if pos.is_over() {
        pos.score_winner().map_or("draw", |s| s.name())
    } else {
        "ongoing"
    };
    let out = AnalyzeOutput {
        to_move: pos.turn(),
        dead: BySide::from_fn(|side| pos.dead(side)),
        controlled: BySide::new(cb, cw),
        score: BySide::new(score_value(sb), score_value(sw)),
        ko: pos.ko_text(),
        result,
    };
    format!(
        "{}\n",
        serde_json::to_string(&out).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    )
}

fn read_text(path: &str) -> Result<String, Failure> {
    let bytes = std::fs::read(path).map_err(|e| usage(format!("cannot read {path}: {e}")))?;
    // An SGF file may be in another character set (its CA property says which).
    let plain = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
    if plain.trim_ascii_start().starts_with(b"(") {
        return sgf::decode(&bytes).map_err(|e| usage(format!("{path}: {e}")));
    }
    let text = String::from_utf8(bytes).map_err(|_| usage(format!("{path} is not UTF-8 text")))?;
    Ok(chogo::common::without_bom(&text).to_string())
}

fn is_sgf(text: &str) -> bool {
    text.trim_start().starts_with('(')
}

/// An SGF collection of several games: the first is read, and standard error says so.
fn note_collection(path: &str, text: &str) {
    let games = sgf::games_in(text);
    if games > 1 {
        eprintln!("chogo-cli: {path} holds {games} games; the first is read");
    }
}

fn load(path: &str) -> Result<Game, Failure> {
    let text = read_text(path)?;
    let replayed = if is_sgf(&text) {
        let sgf = SgfGame::parse(&text).map_err(|e| usage(format!("{path}: {e}")))?;
        note_collection(path, &text);
        sgf.to_game()
    } else {
        let record = Record::parse(&text).map_err(|e| usage(format!("{path}: {e}")))?;
        record.to_game()
    };
    replayed.map_err(|e| match e {
        ReplayError::Illegal(_) => Failure(e.to_string(), 1),
        e => Failure(format!("{path}: {e}"), 1),
    })
}

/// A game's review as an annotated record (or SGF), with its summary.
fn review(path: &str, as_sgf: bool, effort: &GoEffort) -> Result<String, Failure> {
    use chogo::study::Studied as _;
    let text = read_text(path)?;
    let (black, white) = if is_sgf(&text) {
        let sgf = SgfGame::parse(&text).map_err(|e| usage(format!("{path}: {e}")))?;
        (sgf.black.clone(), sgf.white.clone())
    } else {
        let record = Record::parse(&text).map_err(|e| usage(format!("{path}: {e}")))?;
        let tag = |name: &str| {
            record
                .tags
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        };
        (tag("Black"), tag("White"))
    };
    let game = load(path)?;
    if as_sgf
        && !(game.start().rules().is_go() && game.start().rules().board.square_size().is_some())
    {
        return Err(usage(
            "--sgf: SGF holds Go with rooks or wazirs on a square board only; this game is written as a record",
        ));
    }
    let review = super::study::review(&game, effort.read()?, effort.seed)?;
    let notes = review.notes();
    if as_sgf {
        let summary = review.summary();
        sgf::write_annotated(
            &game,
            black.as_deref().unwrap_or("?"),
            white.as_deref().unwrap_or("?"),
            None,
            &sgf::Review {
                summary: Some(summary.trim_end()),
                notes: &notes,
                black_wins: &review.black_wins,
            },
        )
        .map_err(|e| usage(e.to_string()))
    } else {
        let mut tags = Vec::new();
        if let Some(b) = &black {
            tags.push(("Black", b.as_str()));
        }
        if let Some(w) = &white {
            tags.push(("White", w.as_str()));
        }
        Ok(game.annotated_record(&tags, &notes) + "\n" + &super::study::summary_comment(&review))
    }
}

fn replay(path: &str) -> Result<String, Failure> {
    let game = load(path)?;
    Ok(format!(
        "{}\nresult: {}\n",
        game.position(),
        game.outcome().map_or("ongoing", |o| o.result_name())
    ))
}

/// A record becomes SGF; SGF becomes a record.
fn convert(path: &str) -> Result<String, Failure> {
    let text = read_text(path)?;
    if is_sgf(&text) {
        let sgf = SgfGame::parse(&text).map_err(|e| usage(format!("{path}: {e}")))?;
        let game = sgf.to_game().map_err(|e| Failure(e.to_string(), 1))?;
        let mut extra = Vec::new();
        if let Some(b) = &sgf.black {
            extra.push(("Black", b.as_str()));
        }
        if let Some(w) = &sgf.white {
            extra.push(("White", w.as_str()));
        }
        // The result as the file wrote it (on time, by forfeit, by points under other
        // rules), kept for the way back to SGF.
        if let Some(re) = &sgf.result {
            extra.push(("SgfResult", re.as_str()));
        }
        note_collection(path, &text);
        Ok(Record::from_game(&game, &extra).to_string())
    } else {
        let record = Record::parse(&text).map_err(|e| usage(format!("{path}: {e}")))?;
        let game = record.to_game().map_err(|e| Failure(e.to_string(), 1))?;
        let tag = |name: &str| {
            record
                .tags
                .iter()
                .find(|(k, _)| k == name)
                .map_or("?", |(_, v)| v.as_str())
                .to_string()
        };
        // The SGF result kept from the file, while it still names the winner the moves
        // give (an edited record gets the result of its own moves).
        let winner = match game.outcome().and_then(|o| o.winner) {
            Some(chogo::rules::Side::Black) => 'B',
            Some(chogo::rules::Side::White) => 'W',
            None => '0',
        };
        let kept = record
            .tags
            .iter()
            .find(|(k, _)| k == "SgfResult")
            .map(|(_, v)| v.as_str())
            .filter(|re| {
                game.outcome().is_some()
                    && re.trim().chars().next().map(|c| c.to_ascii_uppercase()) == Some(winner)
            });
        sgf::write_with_result(&game, &tag("Black"), &tag("White"), kept)
            .map_err(|e| usage(e.to_string()))
    }
}

fn gtp(mut engine: Engine) -> Result<String, Failure> {
    // Standard input is read on its own thread, so that an analysis (lz-analyze,
    // kata-analyze) runs until the next command arrives: `arrived` stops its search.
    let (lines, incoming) = std::sync::mpsc::channel::<Vec<u8>>();
    let arrived = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&arrived);
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        loop {
            let mut bytes = Vec::new();
            // A line of bytes. No command is longer than 64 KiB: the rest of a longer
            // line is read and dropped, and the line stays one line (one answer, a
            // syntax error: a byte that is no UTF-8 stands in for it).
            match (&mut input).take(1 << 16).read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            if !bytes.ends_with(b"\n") && bytes.len() == 1 << 16 {
                let mut rest = Vec::new();
                loop {
                    rest.clear();
                    match (&mut input).take(1 << 16).read_until(b'\n', &mut rest) {
                        Ok(0) | Err(_) => break,
                        Ok(_) if rest.ends_with(b"\n") => break,
                        Ok(_) => {}
                    }
                }
                bytes = vec![0xff, b'\n'];
            }
            // The line is sent before the flag is raised: an analysis that sees the
            // flag finds the line waiting.
            if lines.send(bytes).is_err() {
                break;
            }
            flag.store(true, Ordering::SeqCst);
        }
        flag.store(true, Ordering::SeqCst);
    });
    let mut stdout = std::io::stdout().lock();
    let mut say = |text: &str| {
        stdout
            .write_all(text.as_bytes())
            .and_then(|_| stdout.flush())
            .is_ok()
    };
    let mut next = incoming.recv().ok();
    while let Some(bytes) = next.take() {
        // A line that is not UTF-8 is a syntax error, and the session goes on.
        let answer = match std::str::from_utf8(&bytes) {
            Ok(line) => engine.handle(line),
            Err(_) => {
                engine.stop_analysis();
                // The answer keeps the line's id when it has one.
                let id: String = bytes
                    .iter()
                    .skip_while(|b| b.is_ascii_whitespace())
                    .take_while(|b| b.is_ascii_digit())
                    .map(|&b| char::from(b))
                    .collect();
                Some((format!("?{id} syntax error\n\n"), false))
            }
        };
        if let Some((response, quit)) = answer
            && (!say(&response) || quit)
        {
            break;
        }
        if engine.analysis().is_some() {
            loop {
                arrived.store(false, Ordering::SeqCst);
                match incoming.try_recv() {
                    Ok(line) => {
                        next = Some(line);
                        break;
                    }
                    Err(std::sync::mpsc::TryRecvError::Disconnected) => break,
                    Err(std::sync::mpsc::TryRecvError::Empty) => {}
                }
                let Some(line) = engine.analyze(&arrived) else {
                    break;
                };
                // A round stopped before any move was played out reports nothing.
                if !line.is_empty() && !say(&format!("{line}\n")) {
                    return Ok(String::new());
                }
            }
            // An empty line ends the analysis' answer.
            if !say("\n") {
                break;
            }
            if next.is_some() {
                continue;
            }
        }
        next = incoming.recv().ok();
    }
    Ok(String::new())
}

/// A search budget of nothing chooses no move: refused before anything is played.
fn nonzero_budget(time_ms: Option<u64>, playouts: Option<u64>) -> Result<(), Failure> {
    match (time_ms, playouts) {
        (Some(0), _) => Err(usage("--time-ms 0: a search needs some time")),
        (_, Some(0)) => Err(usage("--playouts 0: a search needs some playouts")),
        _ => Ok(()),
    }
}

fn parse_level(name: &str) -> Result<Level, Failure> {
    name.parse().map_err(|e| usage(format!("{e}")))
}

fn bestmove(
    pos: Position,
    level: Level,
    budget: bot::Budget,
    seed: u64,
    config: MctsConfig,
    info: bool,
) -> Result<String, Failure> {
    let game = Game::from_position(pos);
    if game.outcome().is_some() {
        return Err(Failure(
            "the game is over: there is no move to choose".into(),
            1,
        ));
    }
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let choice = level
        .bot_with(config)
        .choose(&bot::Request {
            game: &game,
            budget,
            seed,
            stop: &stop,
        })
        .ok_or_else(|| Failure("no move to choose".into(), 1))?;
    if info {
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "playouts {} visits {} winrate {} time {:.3}s ({:.0} playouts/s)",
            choice.playouts,
            choice.visits,
            choice.winrate.map_or("-".into(), |w| format!("{w:.3}")),
            secs,
            choice.playouts as f64 / secs.max(1e-9)
        );
        for c in &choice.candidates {
            eprintln!(
                "  {} playouts {} winrate {:.3} points {:+.1}",
                pos.move_text(c.mv),
                c.playouts,
                c.winrate,
                c.points
            );
        }
    }
    Ok(format!("{}\n", pos.move_text(choice.mv)))
}

struct MatchSpec {
    start: Position,
    players: [Level; 2],
    /// The games, their names and records.
    plan: Match,
    seed: u64,
    time: Option<Duration>,
    playouts: Option<u64>,
    /// The searching levels' search.
    config: MctsConfig,
}

/// Plays the match, printing each game's line as soon as the games before it are done.
fn play_match(spec: MatchSpec) -> Result<String, Failure> {
    run_match(
        &spec.plan,
        |n, swapped, stop| {
            let seats = if swapped {
                [spec.players[1], spec.players[0]]
            } else {
                spec.players
            };
            let mut black = seats[0].bot_with(spec.config);
            let mut white = seats[1].bot_with(spec.config);
            let budgets = seats.map(|l| l.budget(spec.time, spec.playouts));
            bot::play_game(
                spec.start,
                [black.as_mut(), white.as_mut()],
                budgets,
                spec.seed,
                n,
                stop,
            )
        },
        |n, names, game| MatchGame {
            resigned: game
                .outcome()
                .filter(|o| o.reason == chogo::go::EndReason::Resignation)
                .and_then(|o| o.winner)
                .map(|w| !w),
            ..MatchGame::of(n, names, game)
        },
    )
}
