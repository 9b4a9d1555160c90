//! `chogo-cli`: the rules and bots of Chogo, and of Go with chess pieces (`chogo-cli go`),
//! from the command line.
//!
//! Exit codes: 0 success, 1 an illegal move or a failed replay, 2 malformed input or usage.

use std::ffi::OsString;
use std::process::ExitCode;

use std::path::PathBuf;
use std::time::Duration;

use chogo::bot::Level;
use chogo::bot::arena::Nodes;
use chogo::rules::{Position, RuleSet, perft};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Parser, Subcommand};

/// The commands of Chogo.
mod chogo_game;
/// `chogo-cli go …`: Go with chess pieces.
mod go;
/// Matches between two players, for both games' `play`.
mod matches;
/// `chogo-cli online play`: a game on a server.
mod online;
/// `puzzles …`, for both games.
mod puzzles;
/// `review` and `analyze-line`, for both games.
mod study;

use chogo_game::{
    MatchSpec, analyze, apply, bench, bestmove, fit_win_chance, load, moves, play_match, replay,
};
use matches::Match;

/// How Chogo's puzzles are made: easy against easy, medium against medium and hard against medium, on several rule sets, each
/// position scanned at 30,000 nodes (docs/LEARN.md).
const CHOGO_PUZZLES: puzzles::Defaults = puzzles::Defaults {
    variants: &[
        "chogo-44",
        "chogo-44,trap=line",
        "chogo-44,king=rook",
        "neto",
        "chogo-44,fortress=knight",
        "chogo-44,tandem=one-cell",
    ],
    scan: 30_000,
    players: &[[2, 2], [3, 3], [4, 3], [3, 4]],
    min_ply: 6,
    max_plies: 300,
    prefix: 'c',
};

const USAGE_LINE: &str = "chogo-cli [--rules RULES] COMMAND ...";

const AFTER_HELP: &str = "\
LEVEL is random, beginner, easy (or greedy), medium, hard or master.

RULES is a preset (chogo-44, chogo-large, neto), a board (8x8, 10x8, 12x8, 12x10),
optionally followed by options, for example chogo-44,king=rook,start=fixed,
capture=suicide,trap=line,fortress=knight,handicap=white:c7+d7 or
chogo-44,opening=drops,men=6,kings=none. Every option and value:
king=one-step|rook, tandem=full|one-cell, start=own-half|anywhere|fixed|facing,
capture=never|suicide, mole=secure-city|city, trap=single|line,
fortress=mole|no-hiding|knight|reposition, opening=kings|drops,
men=N (1 to the board's cells / 2 - 2), drop-captures=yes|no, kings=last|none,
hopeless=play-on|resign, handicap=black|white:CELL+CELL. The default is chogo-44.
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
#[command(disable_help_flag = true)]
pub(crate) struct Words {
    #[arg(num_args = 0.., value_name = "ARGS")]
    pub(crate) words: Vec<String>,
    /// Print help (only the long form: `-h` is not an option where positions and moves stand)
    #[arg(long, action = clap::ArgAction::Help)]
    help: Option<bool>,
}

#[derive(Subcommand)]
enum Command {
    /// every legal move, one per line: moves "<position>"
    Moves(Words),
    /// play moves; print the position and the result: apply "<position>" MOVE...
    Apply(Words),
    /// trapped, functional and secure men, cities, mole drop (JSON): analyze "<position>"
    Analyze(Words),
    /// check a game record move by move: replay FILE
    Replay(Words),
    /// count the leaves of the move tree: perft "<position>" DEPTH
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
        /// search nodes a move for the searching levels (alone: reproducible)
        #[arg(long)]
        nodes: Option<String>,
        /// the searching levels by nodes: each level's own time at N nodes a second
        /// (master five times hard's), reproducible and independent of the load
        #[arg(long, value_name = "N")]
        nps: Option<String>,
        #[arg(long)]
        swap: bool,
        #[arg(long)]
        records: Option<PathBuf>,
        #[arg(long)]
        jobs: Option<String>,
        #[arg(hide = true)]
        extra: Vec<String>,
    },
    /// the engine's best moves with their win chances and lines: analyze-line "<position>"
    #[command(name = "analyze-line", disable_help_flag = true)]
    AnalyzeLine {
        position: Option<String>,
        /// Print help (only the long form: `-h` is not an option here)
        #[arg(long, action = clap::ArgAction::Help)]
        help: Option<bool>,
        /// how many best moves (default 3)
        #[arg(long)]
        multipv: Option<String>,
        #[command(flatten)]
        effort: EffortArgs,
        #[arg(hide = true)]
        extra: Vec<String>,
    },
    /// review a game record: each move judged, marks and comments, accuracy: review FILE
    Review {
        file: Option<String>,
        #[command(flatten)]
        effort: EffortArgs,
        #[arg(hide = true)]
        extra: Vec<String>,
    },
    /// self-play games to fit the win-chance curve of the search's scores
    #[command(name = "fit-win-chance")]
    FitWinChance {
        #[arg(long)]
        games: Option<String>,
        /// search nodes a move (default: the review's budget)
        #[arg(long)]
        nodes: Option<String>,
        #[arg(long)]
        seed: Option<String>,
        #[arg(long)]
        jobs: Option<String>,
        #[arg(hide = true)]
        extra: Vec<String>,
    },
    /// puzzles: list, verify, generate, rate (their rules come from each puzzle, or
    /// generate's --variant)
    Puzzles {
        #[command(subcommand)]
        command: puzzles::PuzzlesCommand,
    },
    /// Go with chess pieces: moves, apply, analyze, replay, perft, gtp, sgf, bestmove, play,
    /// review, analyze-line, puzzles
    Go(go::GoCommand),
    /// a game on a server (chogo-server): online play --server URL (--create chogo|go | --join CODE) --level L
    Online(online::OnlineCommand),
}

/// How much the engine may spend on each position of an analysis or a review (one of
/// them; the default is the review's budget).
#[derive(clap::Args)]
struct EffortArgs {
    /// a searching level's budget: medium, hard or master
    #[arg(long)]
    level: Option<String>,
    /// search nodes a position
    #[arg(long)]
    nodes: Option<String>,
    /// milliseconds a position
    #[arg(long = "time-ms")]
    time_ms: Option<String>,
    /// search depth
    #[arg(long)]
    depth: Option<String>,
    #[arg(long)]
    seed: Option<String>,
}

impl EffortArgs {
    /// The effort and the seed.
    fn read(self) -> Result<(chogo::study::Effort, u64), Failure> {
        let mut effort = chogo::study::Effort::default();
        if let Some(level) = self.level {
            let level: Level = level.parse().map_err(|e| usage(format!("{e}")))?;
            if !matches!(level.spec().engine, chogo::bot::Engine::Search { .. }) {
                return Err(usage(format!(
                    "--level {level} does not search: an analysis needs medium, hard or master"
                )));
            }
            let budget = level.budget(None);
            effort.time_ms = budget.time.map(|t| t.as_millis() as u64);
            effort.work = budget.nodes;
            effort.depth = budget.depth;
        }
        if let Some(nodes) = number("nodes", self.nodes)? {
            effort.work = Some(nodes.max(1));
        }
        if let Some(ms) = number("time-ms", self.time_ms)? {
            effort.time_ms = Some(ms.max(1));
        }
        if let Some(depth) = number("depth", self.depth)? {
            effort.depth = Some(depth.clamp(1, 64) as u32);
        }
        Ok((effort, number("seed", self.seed)?.unwrap_or(1)))
    }
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
            // One line, and never more than a few hundred characters of it.
            eprintln!(
                "chogo-cli: {}",
                chogo::common::excerpt_long(&msg.trim_end().replace('\n', " "))
            );
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
    Cli::try_parse_from(&args).map_err(|e| {
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
                // The whole word as written (clap names only its first letters: `-b` of
                // `-b6`).
                let word = args
                    .iter()
                    .skip(1)
                    .filter_map(|a| a.to_str())
                    .find(|a| a.starts_with(&name))
                    .unwrap_or(&name)
                    .to_string();
                let excerpt = chogo::common::excerpt(&word);
                if name.starts_with("--") {
                    usage(format!("unknown option {name}"))
                } else if word.parse::<f64>().is_ok_and(|x| !x.is_finite()) {
                    usage(format!("'{excerpt}' is not a finite number"))
                } else if word.parse::<f64>().is_ok() {
                    usage(format!(
                        "'{excerpt}' is a negative number where none is allowed: counts, \
                         depths and budgets cannot be negative (a negative komi is written \
                         --komi=-3.5)"
                    ))
                } else {
                    // `-h` where a position or a move stands: neither, and not a request
                    // for help.
                    usage(format!(
                        "'{excerpt}' is not a position or a move, nor an option"
                    ))
                }
            }
            ErrorKind::MissingRequiredArgument => usage(format!(
                "missing {}; see --help",
                context(ContextKind::InvalidArg)
            )),
            ErrorKind::InvalidSubcommand => usage(format!(
                "unknown command '{}'; see --help",
                chogo::common::excerpt(&context(ContextKind::InvalidSubcommand))
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
            v.parse::<u64>().map_err(|_| {
                usage(format!(
                    "--{name} takes a whole number, not '{}'",
                    chogo::common::excerpt(&v)
                ))
            })
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
    // Online games read --rules as their game does (Chogo's or Go's rules text).
    let cli = match cli.command {
        Command::Online(online) => return online::run(online, cli.rules),
        command => Cli { command, ..cli },
    };
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
            // N nodes in place of the level's time (the answer then repeats whatever the
            // load); --time-ms beside it keeps a clock as well.
            if let Some(nodes) = number("nodes", nodes)? {
                budget.nodes = Some(nodes);
                budget.time = None;
            }
            if let Some(ms) = number("time-ms", time_ms)? {
                budget.time = Some(Duration::from_millis(ms));
            }
            if let Some(depth) = number("depth", depth)? {
                budget.depth = Some(depth.clamp(1, 64) as u32);
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
            nodes,
            nps,
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
            let nodes = match (number("nodes", nodes)?, number("nps", nps)?) {
                (Some(_), Some(_)) => return Err(usage("--nodes and --nps: one or the other")),
                (Some(n), None) => Some(Nodes::Each(n.max(1))),
                (None, Some(n)) => Some(Nodes::PerSecond(n.max(1))),
                (None, None) => None,
            };
            let jobs = usize::try_from(number("jobs", jobs)?.unwrap_or(1)).unwrap_or(usize::MAX);
            exactly("play", &extra, 0)?;
            play_match(MatchSpec {
                rules,
                players,
                plan: Match {
                    names,
                    games,
                    jobs,
                    swap,
                    records,
                },
                seed,
                time,
                nodes,
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
            let depth: u32 = words[1].parse().ok().filter(|d| *d <= 12).ok_or_else(|| {
                usage(format!(
                    "'{}' is not a depth (0–12)",
                    chogo::common::excerpt(&words[1])
                ))
            })?;
            Ok(format!(
                "{}\n",
                perft(&position("perft", words.first())?, depth)
            ))
        }
        Command::AnalyzeLine {
            position: pos,
            multipv,
            effort,
            extra,
            ..
        } => {
            let mut rest: Vec<String> = pos.into_iter().collect();
            rest.extend(extra);
            exactly("analyze-line", &rest, 1)?;
            let multipv = number("multipv", multipv)?.unwrap_or(3).clamp(1, 64) as usize;
            let (effort, seed) = effort.read()?;
            let game = chogo::rules::Game::from_position(position("analyze-line", rest.first())?);
            Ok(study::analyze_line(&game, effort, multipv, seed))
        }
        Command::Review {
            file,
            effort,
            extra,
        } => {
            let mut rest: Vec<String> = file.into_iter().collect();
            rest.extend(extra);
            exactly("review", &rest, 1)?;
            let (effort, seed) = effort.read()?;
            let (record, game) = load(&rest[0], rules_text.as_deref())?;
            let review = study::review(&game, effort, seed)?;
            let tags: Vec<(&str, &str)> = record
                .tags
                .iter()
                .filter(|(k, _)| {
                    !["Rules", "Result", "SetUp"]
                        .iter()
                        .any(|t| t.eq_ignore_ascii_case(k))
                })
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            use chogo::study::Studied as _;
            Ok(game.annotated_record(&tags, &review.notes())
                + "\n"
                + &study::summary_comment(&review))
        }
        Command::FitWinChance {
            games,
            nodes,
            seed,
            jobs,
            extra,
        } => {
            no_extra("fit-win-chance", &extra)?;
            fit_win_chance(
                rules,
                number("games", games)?.unwrap_or(100),
                number("nodes", nodes)?.unwrap_or(chogo::bot::analysis::REVIEW_NODES),
                number("seed", seed)?.unwrap_or(1),
                usize::try_from(number("jobs", jobs)?.unwrap_or(1)).unwrap_or(64),
            )
        }
        Command::Puzzles { command } => {
            if rules_text.is_some() {
                return Err(usage(
                    "puzzles take their rules from each puzzle (generate: --variant RULES), not --rules",
                ));
            }
            puzzles::run::<chogo::rules::Game>(command, &CHOGO_PUZZLES)
        }
        // Run above.
        Command::Online(_) => Err(usage("chogo-cli online: see chogo-cli online --help")),
        Command::Go(go) => {
            if rules_text.is_some() {
                return Err(usage(
                    "--rules is Chogo's; Go with chess pieces takes --pieces, --board, --moving, --superko, --komi",
                ));
            }
            go::run(go)
        }
    }
}
