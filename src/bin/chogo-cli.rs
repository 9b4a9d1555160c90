//! `chogo-cli`: the rules and bots of Chogo, and of Go with chess pieces (`chogo-cli go`),
//! from the command line.
//!
//! Exit codes: 0 success, 1 an illegal move or a failed replay, 2 malformed input or usage.

use std::ffi::OsString;
use std::process::ExitCode;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use chogo::bot::arena::{game_line, play_game};
use chogo::bot::{Budget, Level, Request};
use chogo::rules::{
    Analysis, Bitboard, BySide, Game, Position, Record, ReplayError, RuleSet, Side, perft,
};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Parser, Subcommand};
use serde::Serialize;

/// `chogo-cli go …`: Go with chess pieces.
#[path = "chogo-cli/go.rs"]
mod go_cli;

const USAGE_LINE: &str = "chogo-cli [--rules RULES] COMMAND ...";

const AFTER_HELP: &str = "\
LEVEL is random, beginner, easy (or greedy), medium, hard or master.

RULES is a preset (chogo-44, chogo-large, neto), a board (8x8, 10x8, 12x8, 12x10),
optionally followed by options: chogo-44,king=rook,tandem=one-cell,start=fixed,
capture=suicide,mole=city,handicap=white:c7+d7. The default is chogo-44.
A position may also be the word `start` for the rules' start position.

Go with chess pieces: chogo-cli go --help.";

/// The rules and bots of Chogo (and of Go with chess pieces) from the command line.
#[derive(Parser)]
#[command(
    name = "chogo-cli",
    bin_name = "chogo-cli",
    version,
    override_usage = USAGE_LINE,
    after_help = AFTER_HELP
)]
struct Cli {
    /// The rules of Chogo (see RULES below)
    #[arg(long, global = true, value_name = "RULES")]
    rules: Option<String>,
    #[command(subcommand)]
    command: Command,
}

/// Positions and moves: `help` is read as a position or a move, never as a request for
/// help; `-h` is not an option here (only `--help` is), so it is refused as one.
#[derive(clap::Args)]
struct Words {
    #[arg(num_args = 0.., value_name = "ARGS")]
    words: Vec<String>,
    /// Print help (only the long form: `-h` is not an option where positions and moves stand)
    #[arg(long, action = clap::ArgAction::Help)]
    help: Option<bool>,
}

#[derive(Subcommand)]
enum Command {
    /// every legal move, one per line: moves "<position>"
    #[command(disable_help_flag = true)]
    Moves(Words),
    /// play moves; print the position and the result: apply "<position>" MOVE...
    #[command(disable_help_flag = true)]
    Apply(Words),
    /// trapped, functional and secure men, cities, mole drop (JSON): analyze "<position>"
    #[command(disable_help_flag = true)]
    Analyze(Words),
    /// check a game record move by move: replay FILE
    #[command(disable_help_flag = true)]
    Replay(Words),
    /// count the leaves of the move tree: perft "<position>" DEPTH
    #[command(disable_help_flag = true)]
    Perft(Words),
    /// the move a bot chooses
    #[command(disable_help_flag = true)]
    Bestmove {
        position: Option<String>,
        /// Print help (only the long form: `-h` is not an option here)
        #[arg(long, action = clap::ArgAction::Help)]
        help: Option<bool>,
        #[arg(long)]
        level: Option<String>,
        #[arg(long = "time-ms")]
        time_ms: Option<String>,
        #[arg(long)]
        depth: Option<String>,
        #[arg(long)]
        nodes: Option<String>,
        #[arg(long)]
        seed: Option<String>,
        #[arg(long)]
        info: bool,
        #[arg(hide = true)]
        extra: Vec<String>,
    },
    /// search each suite middlegame for T ms (default 1000): depth reached and nodes per second
    Bench {
        #[arg(long = "time-ms")]
        time_ms: Option<String>,
        #[arg(hide = true)]
        extra: Vec<String>,
    },
    /// a match between two bots
    Play {
        #[arg(long)]
        black: Option<String>,
        #[arg(long)]
        white: Option<String>,
        #[arg(long)]
        games: Option<String>,
        #[arg(long)]
        seed: Option<String>,
        #[arg(long = "time-ms")]
        time_ms: Option<String>,
        #[arg(long)]
        swap: bool,
        #[arg(long)]
        records: Option<PathBuf>,
        #[arg(long)]
        jobs: Option<String>,
        #[arg(hide = true)]
        extra: Vec<String>,
    },
    /// Go with chess pieces: moves, apply, analyze, replay, perft, gtp, sgf, bestmove, play
    Go(go_cli::GoCommand),
}

/// A failure: the message and the exit code.
struct Failure(String, u8);

fn usage(msg: impl Into<String>) -> Failure {
    Failure(msg.into(), 2)
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let result = match parse(args) {
        Ok(cli) => run(cli),
        Err(e) => Err(e),
    };
    match result {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(Failure(msg, 0)) => {
            print!("{msg}");
            ExitCode::SUCCESS
        }
        Err(Failure(msg, code)) => {
            eprintln!("chogo-cli: {}", msg.trim_end().replace('\n', " "));
            ExitCode::from(code)
        }
    }
}

/// Reads the command line; help and version are "failures" with exit code 0 (printed to
/// standard output), every other problem one line with exit code 2.
fn parse(args: Vec<OsString>) -> Result<Cli, Failure> {
    if args.len() <= 1 {
        return Err(usage(format!("usage: {USAGE_LINE}; see --help")));
    }
    if let Some(bad) = args.iter().skip(1).find(|a| a.to_str().is_none()) {
        return Err(usage(format!(
            "an argument is not valid UTF-8 text: {}",
            bad.to_string_lossy()
        )));
    }
    Cli::try_parse_from(args).map_err(|e| {
        let context = |kind| match e.get(kind) {
            Some(ContextValue::String(s)) => s.clone(),
            Some(ContextValue::Strings(v)) => v.join(" "),
            _ => String::new(),
        };
        match e.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Failure(e.to_string(), 0),
            ErrorKind::InvalidUtf8 => usage("an argument is not valid UTF-8 text"),
            ErrorKind::UnknownArgument => {
                let arg = context(ContextKind::InvalidArg);
                let name = arg.split('=').next().unwrap_or(&arg).to_string();
                if name.starts_with("--") {
                    usage(format!("unknown option {name}"))
                } else {
                    // `-h` where a position or a move stands: neither, and not a request
                    // for help.
                    usage(format!(
                        "'{name}' is not a position or a move, nor an option"
                    ))
                }
            }
            ErrorKind::InvalidSubcommand => usage(format!(
                "unknown command '{}'; see --help",
                context(ContextKind::InvalidSubcommand)
            )),
            ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                usage(format!("no command; see --help (usage: {USAGE_LINE})"))
            }
            _ => usage(
                e.to_string()
                    .lines()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("bad arguments")
                    .trim_start_matches("error: ")
                    .to_string()
                    + "; see --help",
            ),
        }
    })
}

fn number(name: &str, value: Option<String>) -> Result<Option<u64>, Failure> {
    value
        .map(|v| {
            v.parse::<u64>()
                .map_err(|_| usage(format!("--{name} takes a whole number, not '{v}'")))
        })
        .transpose()
}

fn no_extra(command: &str, extra: &[String]) -> Result<(), Failure> {
    match extra.first() {
        Some(e) => Err(usage(format!(
            "{command} takes no argument '{e}'; see --help"
        ))),
        None => Ok(()),
    }
}

fn run(cli: Cli) -> Result<String, Failure> {
    let rules_text = cli.rules.clone();
    let rules: RuleSet = match &rules_text {
        Some(text) => text.parse().map_err(|e| usage(format!("{e}")))?,
        None => RuleSet::default(),
    };
    let position = |command: &str, text: Option<&String>| -> Result<Position, Failure> {
        let text = text.ok_or_else(|| usage(format!("{command} needs a position")))?;
        if text == "start" {
            return Ok(Position::new(rules));
        }
        Position::from_text(text, rules).map_err(|e| usage(format!("bad position: {e}")))
    };
    let exactly = |command: &str, rest: &[String], n: usize| -> Result<(), Failure> {
        if rest.len() == n {
            Ok(())
        } else {
            Err(usage(format!(
                "{command} takes {n} argument{}; see --help",
                if n == 1 { "" } else { "s" }
            )))
        }
    };
    match cli.command {
        Command::Bestmove {
            position: pos,
            level,
            time_ms,
            depth,
            nodes,
            seed,
            info,
            extra,
            ..
        } => {
            let level: Level = level
                .ok_or_else(|| usage("--level LEVEL is required"))?
                .parse()
                .map_err(|e| usage(format!("{e}")))?;
            let mut budget = level.budget(None);
            if let Some(ms) = number("time-ms", time_ms)? {
                budget.time = Some(Duration::from_millis(ms));
            }
            if let Some(depth) = number("depth", depth)? {
                budget.depth = Some(depth.clamp(1, 64) as u32);
            }
            if let Some(nodes) = number("nodes", nodes)? {
                budget.nodes = Some(nodes);
            }
            let seed = number("seed", seed)?.unwrap_or(1);
            let mut rest: Vec<String> = pos.into_iter().collect();
            rest.extend(extra);
            exactly("bestmove", &rest, 1)?;
            bestmove(
                position("bestmove", rest.first())?,
                level,
                budget,
                seed,
                info,
            )
        }
        Command::Play {
            black,
            white,
            games,
            seed,
            time_ms,
            swap,
            records,
            jobs,
            extra,
        } => {
            let names = [
                black.unwrap_or_default().to_ascii_lowercase(),
                white.unwrap_or_default().to_ascii_lowercase(),
            ];
            let mut players = [Level::Random; 2];
            for (player, (name, flag)) in
                players.iter_mut().zip(names.iter().zip(["black", "white"]))
            {
                if name.is_empty() {
                    return Err(usage(format!("--{flag} LEVEL is required")));
                }
                *player = name.parse().map_err(|e| usage(format!("{e}")))?;
            }
            let games = number("games", games)?.unwrap_or(1);
            let seed = number("seed", seed)?.unwrap_or(1);
            let time = number("time-ms", time_ms)?.map(Duration::from_millis);
            let jobs = usize::try_from(number("jobs", jobs)?.unwrap_or(1)).unwrap_or(usize::MAX);
            exactly("play", &extra, 0)?;
            play_match(MatchSpec {
                rules,
                players,
                names,
                games,
                seed,
                time,
                jobs,
                swap,
                records,
            })
        }
        Command::Bench { time_ms, extra } => {
            let time = number("time-ms", time_ms)?.unwrap_or(1000);
            no_extra("bench", &extra)?;
            Ok(bench(Duration::from_millis(time)))
        }
        Command::Moves(Words { words, .. }) => {
            exactly("moves", &words, 1)?;
            Ok(moves(&position("moves", words.first())?))
        }
        Command::Apply(Words { words, .. }) => {
            if words.is_empty() {
                return Err(usage("apply needs a position"));
            }
            apply(position("apply", words.first())?, &words[1..])
        }
        Command::Analyze(Words { words, .. }) => {
            exactly("analyze", &words, 1)?;
            Ok(analyze(&position("analyze", words.first())?))
        }
        Command::Replay(Words { words, .. }) => {
            exactly("replay", &words, 1)?;
            replay(&words[0], rules_text.as_deref())
        }
        Command::Perft(Words { words, .. }) => {
            exactly("perft", &words, 2)?;
            let depth: u32 = words[1]
                .parse()
                .ok()
                .filter(|d| *d <= 12)
                .ok_or_else(|| usage(format!("'{}' is not a depth (0–12)", words[1])))?;
            Ok(format!(
                "{}\n",
                perft(&position("perft", words.first())?, depth)
            ))
        }
        Command::Go(go) => {
            if rules_text.is_some() {
                return Err(usage(
                    "--rules is Chogo's; Go with chess pieces takes --pieces, --board, --moving, --superko, --komi",
                ));
            }
            go_cli::run(go)
        }
    }
}

fn moves(pos: &Position) -> String {
    let mut list: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.move_text(m))
        .collect();
    list.sort();
    list.iter().map(|m| format!("{m}\n")).collect()
}

fn result_name(game: &Game) -> &'static str {
    game.outcome().map_or("ongoing", |o| o.result_name())
}

fn apply(start: Position, moves: &[String]) -> Result<String, Failure> {
    let mut game = Game::from_position(start);
    for text in moves {
        let mv = text.parse().map_err(|e| usage(format!("{e}")))?;
        let before = *game.position();
        game.play_text(&mv).map_err(|e| {
            Failure(
                format!(
                    "move {} ({}): {text}: {}",
                    before.fullmoves(),
                    before.turn().name(),
                    e
                ),
                1,
            )
        })?;
    }
    Ok(format!(
        "{}\nresult: {}\n",
        game.position(),
        result_name(&game)
    ))
}

#[derive(Serialize)]
struct AnalyzeOutput {
    to_move: Side,
    trapped: Bitboard,
    functional: BySide<Bitboard>,
    secure: BySide<Bitboard>,
    cities: BySide<Bitboard>,
    mole_available: bool,
    result: &'static str,
}

fn analyze(pos: &Position) -> String {
    let Analysis {
        trapped,
        functional,
        secure,
        cities,
        mole_available,
        outcome,
    } = pos.analyze();
    let out = AnalyzeOutput {
        to_move: pos.turn(),
        trapped,
        functional,
        secure,
        cities,
        mole_available,
        result: outcome.map_or("ongoing", |o| o.result_name()),
    };
    format!(
        "{}\n",
        serde_json::to_string(&out).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    )
}

/// Replays a record. `--rules` gives the rules of a record without a `Rules` tag, and
/// must agree with the tag of one that has it.
fn replay(path: &str, rules: Option<&str>) -> Result<String, Failure> {
    let bytes = std::fs::read(path).map_err(|e| usage(format!("cannot read {path}: {e}")))?;
    let mut text = String::from_utf8(bytes)
        .map_err(|_| usage(format!("{path} is not text (a game record is UTF-8 text)")))?;
    if let Some(wanted) = rules {
        let wanted: RuleSet = wanted.parse().map_err(|e| usage(format!("{e}")))?;
        let tagged = Record::parse(&text).map_err(|e| usage(format!("{path}: {e}")))?;
        if tagged
            .tags
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("Rules"))
        {
            if tagged.rules != wanted {
                return Err(usage(format!(
                    "{path} is a record of {}, not of --rules {wanted}",
                    tagged.rules
                )));
            }
        } else {
            text = format!("[Rules \"{wanted}\"]\n{text}");
        }
    }
    let record = Record::parse(&text).map_err(|e| usage(format!("{path}: {e}")))?;
    match record.to_game() {
        Ok(game) => Ok(format!(
            "{}\nresult: {}\n",
            game.position(),
            result_name(&game)
        )),
        Err(e @ ReplayError::Illegal { .. }) => Err(Failure(e.to_string(), 1)),
        Err(e) => Err(Failure(format!("{path}: {e}"), 1)),
    }
}

fn bestmove(
    pos: Position,
    level: Level,
    budget: Budget,
    seed: u64,
    info: bool,
) -> Result<String, Failure> {
    let started = std::time::Instant::now();
    let game = Game::from_position(pos);
    let stop = AtomicBool::new(false);
    let request = Request {
        game: &game,
        budget,
        seed,
        stop: &stop,
    };
    match level.bot().choose(&request) {
        Some(choice) => {
            if info {
                let secs = started.elapsed().as_secs_f64();
                eprintln!(
                    "depth {} score {} nodes {} time {:.3}s ({:.0} nodes/s)",
                    choice.depth,
                    choice.score.map_or("-".into(), |s| s.to_string()),
                    choice.nodes,
                    secs,
                    choice.nodes as f64 / secs.max(1e-9)
                );
            }
            Ok(format!("{}\n", pos.move_text(choice.mv)))
        }
        None => Err(Failure(
            "the game is over: there is no move to choose".into(),
            1,
        )),
    }
}

struct MatchSpec {
    rules: RuleSet,
    players: [Level; 2],
    /// The players as named on the command line (`greedy` stays `greedy`).
    names: [String; 2],
    games: u64,
    seed: u64,
    time: Option<Duration>,
    jobs: usize,
    swap: bool,
    records: Option<PathBuf>,
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Plays the match, printing each game's line as soon as the games before it are done.
fn play_match(spec: MatchSpec) -> Result<String, Failure> {
    let [first, second] = spec.players;
    run_match(
        Match {
            games: spec.games,
            jobs: spec.jobs,
            swap: spec.swap,
            names: &spec.names,
            records: spec.records.as_deref(),
        },
        |n, swapped, stop| {
            let seats = if swapped {
                BySide::new(second, first)
            } else {
                BySide::new(first, second)
            };
            play_game(spec.rules, seats, spec.time, spec.seed, n, stop)
        },
        |n, names, game| MatchGame {
            line: game_line(n, BySide::new(names[0], names[1]), game),
            winner: game.outcome().and_then(|o| o.winner),
            record: Record::from_game(game, &[("Black", names[0]), ("White", names[1])])
                .to_string(),
        },
    )
}

/// A match between two players, as both games' `play` commands run it.
pub(crate) struct Match<'a> {
    games: u64,
    jobs: usize,
    swap: bool,
    names: &'a [String; 2],
    /// Where each game's record is written (`game-0001.chogo` …).
    records: Option<&'a std::path::Path>,
}

/// What a finished game of a match says: its line, its winner, its record.
pub(crate) struct MatchGame {
    line: String,
    winner: Option<Side>,
    record: String,
}

/// Runs a match on `jobs` threads: `play(n, swapped, stop)` plays game `n` (the players
/// change sides in even games with `swap`), `finish` describes it. Lines are printed in
/// game order as soon as the games before them are done; the result is the final score
/// line of the first player.
pub(crate) fn run_match<G: Send>(
    spec: Match,
    play: impl Fn(u64, bool, &AtomicBool) -> Result<G, String> + Sync,
    finish: impl Fn(u64, [&str; 2], &G) -> MatchGame,
) -> Result<String, Failure> {
    if spec.games == 0 {
        return Err(usage("--games 0: a match needs at least one game"));
    }
    if spec.jobs == 0 {
        return Err(usage("--jobs 0: a match needs at least one job"));
    }
    let jobs = spec.jobs.min(64);
    if let Some(dir) = spec.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| usage(format!("cannot create {}: {e}", dir.display())))?;
    }
    let stop = AtomicBool::new(false);
    let next = AtomicU64::new(1);
    let (tx, rx) = mpsc::channel::<(u64, Result<G, String>)>();
    let swapped = |n: u64| spec.swap && n.is_multiple_of(2);
    let (mut wins, mut draws, mut losses) = (0u64, 0u64, 0u64);
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(usize::try_from(spec.games).unwrap_or(usize::MAX)) {
            let tx = tx.clone();
            let (stop, next, play) = (&stop, &next, &play);
            scope.spawn(move || {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n > spec.games || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if tx.send((n, play(n, swapped(n), stop))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut pending = std::collections::BTreeMap::new();
        let mut expected = 1;
        for (n, result) in rx {
            pending.insert(n, result);
            while let Some(result) = pending.remove(&expected) {
                let n = expected;
                expected += 1;
                let game = match result {
                    Ok(game) => game,
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        failure.get_or_insert(format!("game {n}: {e}"));
                        continue;
                    }
                };
                let [a, b] = [spec.names[0].as_str(), spec.names[1].as_str()];
                let names = if swapped(n) { [b, a] } else { [a, b] };
                let done = finish(n, names, &game);
                println!("{}", done.line);
                let first_side = if swapped(n) { Side::White } else { Side::Black };
                match done.winner {
                    None => draws += 1,
                    Some(w) if w == first_side => wins += 1,
                    Some(_) => losses += 1,
                }
                if let Some(dir) = spec.records {
                    let path = dir.join(format!("game-{n:04}.chogo"));
                    if let Err(e) = std::fs::write(&path, done.record) {
                        failure.get_or_insert(format!("cannot write {}: {e}", path.display()));
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
    });
    if let Some(message) = failure {
        return Err(Failure(message, 1));
    }
    let played = wins + draws + losses;
    // At least one game was played: none is refused above and a failure returns early.
    let score = 100.0 * (wins as f64 + 0.5 * draws as f64) / played.max(1) as f64;
    Ok(format!(
        "{} vs {}: {}, {}, {} ({score:.1}%)\n",
        spec.names[0],
        spec.names[1],
        plural(wins, "win", "wins"),
        plural(draws, "draw", "draws"),
        plural(losses, "loss", "losses"),
    ))
}

/// The depth the search reaches in `time` on each suite position, and its speed.
fn bench(time: Duration) -> String {
    let stop = AtomicBool::new(false);
    let mut out = String::new();
    let (mut nodes, mut secs, mut depths) = (0u64, 0f64, Vec::new());
    for (i, pos) in chogo::bot::suite::middlegames().into_iter().enumerate() {
        let game = Game::from_position(pos);
        let started = std::time::Instant::now();
        let choice = Level::Hard.bot().choose(&Request {
            game: &game,
            budget: Budget {
                time: Some(time),
                ..Budget::default()
            },
            seed: 1,
            stop: &stop,
        });
        let elapsed = started.elapsed().as_secs_f64();
        if let Some(c) = choice {
            out += &format!(
                "position {}: depth {}, {} nodes, {:.0} nodes/s, {}\n",
                i + 1,
                c.depth,
                c.nodes,
                c.nodes as f64 / elapsed.max(1e-9),
                pos.move_text(c.mv)
            );
            nodes += c.nodes;
            secs += elapsed;
            depths.push(c.depth);
        }
    }
    let min = depths.iter().min().copied().unwrap_or(0);
    let mean = depths.iter().sum::<u32>() as f64 / depths.len().max(1) as f64;
    out += &format!(
        "suite: depth min {min}, mean {mean:.1} in {} ms; {:.0} nodes/s\n",
        time.as_millis(),
        nodes as f64 / secs.max(1e-9)
    );
    out
}
