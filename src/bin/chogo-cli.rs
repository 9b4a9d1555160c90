//! `chogo-cli`: the rules and bots of Chogo from the command line.
//!
//! Exit codes: 0 success, 1 an illegal move or a failed replay, 2 malformed input or usage.

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
use serde::Serialize;

const USAGE: &str = "\
usage: chogo-cli [--rules RULES] COMMAND ...

commands:
  moves \"<position>\"            every legal move, one per line
  apply \"<position>\" MOVE...    play moves; print the position and the result
  analyze \"<position>\"          trapped, functional and secure men, cities, mole drop (JSON)
  replay FILE                   check a game record move by move
  perft \"<position>\" DEPTH      count the leaves of the move tree
  bestmove \"<position>\" --level LEVEL [--time-ms T] [--depth D] [--nodes N] [--seed S] [--info]
                                the move a bot chooses
  bench [--time-ms T]            search each suite middlegame for T ms (default 1000):
                                depth reached and nodes per second
  play --black LEVEL --white LEVEL --games N [--seed S] [--time-ms T] [--swap]
       [--records DIR] [--jobs J]
                                a match between two bots

LEVEL is random, beginner, easy (or greedy), medium, hard or master.

RULES is a preset (chogo-44, chogo-large, neto), a board (8x8, 10x8, 12x8, 12x10),
optionally followed by options: chogo-44,king=rook,tandem=one-cell,start=fixed,
capture=suicide,mole=city,handicap=white:c7+d7. The default is chogo-44.
A position may also be the word `start` for the rules' start position.";

/// Options that take no value.
const FLAGS: [&str; 2] = ["swap", "info"];

/// A failure: the message and the exit code.
struct Failure(String, u8);

fn usage(msg: impl Into<String>) -> Failure {
    Failure(msg.into(), 2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(args) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(Failure(msg, code)) => {
            eprintln!("chogo-cli: {}", msg.replace('\n', " "));
            ExitCode::from(code)
        }
    }
}

/// Command-line arguments with the `--name value` options taken out.
struct Args {
    positional: Vec<String>,
    options: Vec<(String, String)>,
}

impl Args {
    fn parse(raw: Vec<String>) -> Result<Args, Failure> {
        let mut positional = Vec::new();
        let mut options = Vec::new();
        let mut it = raw.into_iter();
        while let Some(arg) = it.next() {
            if let Some(name) = arg.strip_prefix("--") {
                if name == "help" {
                    return Err(Failure(USAGE.into(), 0));
                }
                if FLAGS.contains(&name) {
                    options.push((name.to_string(), String::new()));
                    continue;
                }
                let value = it
                    .next()
                    .ok_or_else(|| usage(format!("--{name} needs a value")))?;
                options.push((name.to_string(), value));
            } else {
                positional.push(arg);
            }
        }
        Ok(Args {
            positional,
            options,
        })
    }

    fn option(&mut self, name: &str) -> Option<String> {
        let i = self.options.iter().position(|(k, _)| k == name)?;
        Some(self.options.remove(i).1)
    }

    fn flag(&mut self, name: &str) -> bool {
        self.option(name).is_some()
    }

    fn finish(&self) -> Result<(), Failure> {
        match self.options.first() {
            Some((name, _)) => Err(usage(format!("unknown option --{name}"))),
            None => Ok(()),
        }
    }
}

fn run(raw: Vec<String>) -> Result<String, Failure> {
    if raw.is_empty() || raw.iter().any(|a| a == "-h" || a == "help") {
        return Err(Failure(USAGE.into(), if raw.is_empty() { 2 } else { 0 }));
    }
    let mut args = Args::parse(raw)?;
    let rules: RuleSet = match args.option("rules") {
        Some(text) => text.parse().map_err(|e| usage(format!("{e}")))?,
        None => RuleSet::default(),
    };
    let mut pos_args = std::mem::take(&mut args.positional).into_iter();
    let command = pos_args.next().unwrap_or_default();
    let rest: Vec<String> = pos_args.collect();
    let position = |text: Option<&String>| -> Result<Position, Failure> {
        let text = text.ok_or_else(|| usage(format!("{command} needs a position")))?;
        if text == "start" {
            return Ok(Position::new(rules));
        }
        Position::from_text(text, rules).map_err(|e| usage(format!("bad position: {e}")))
    };
    let exactly = |n: usize| -> Result<(), Failure> {
        if rest.len() == n {
            Ok(())
        } else {
            Err(usage(format!(
                "{command} takes {n} argument{}; see --help",
                if n == 1 { "" } else { "s" }
            )))
        }
    };
    if !matches!(command.as_str(), "bestmove" | "play" | "bench") {
        args.finish()?;
    }
    match command.as_str() {
        "bestmove" => {
            let level = level_option(&mut args, "level")?;
            let budget = budget_options(&mut args, level)?;
            let seed = number_option(&mut args, "seed")?.unwrap_or(1);
            let info = args.flag("info");
            args.finish()?;
            exactly(1)?;
            bestmove(position(rest.first())?, level, budget, seed, info)
        }
        "play" => {
            let names = [
                args.option("black")
                    .unwrap_or_default()
                    .to_ascii_lowercase(),
                args.option("white")
                    .unwrap_or_default()
                    .to_ascii_lowercase(),
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
            let games = number_option(&mut args, "games")?.unwrap_or(1);
            let seed = number_option(&mut args, "seed")?.unwrap_or(1);
            let time = number_option(&mut args, "time-ms")?.map(Duration::from_millis);
            let jobs = number_option(&mut args, "jobs")?.unwrap_or(1).clamp(1, 64) as usize;
            let swap = args.flag("swap");
            let records = args.option("records").map(PathBuf::from);
            args.finish()?;
            exactly(0)?;
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
        "bench" => {
            let time = number_option(&mut args, "time-ms")?.unwrap_or(1000);
            args.finish()?;
            exactly(0)?;
            Ok(bench(Duration::from_millis(time)))
        }
        "moves" => {
            exactly(1)?;
            Ok(moves(&position(rest.first())?))
        }
        "apply" => {
            if rest.is_empty() {
                return Err(usage("apply needs a position"));
            }
            apply(position(rest.first())?, &rest[1..])
        }
        "analyze" => {
            exactly(1)?;
            Ok(analyze(&position(rest.first())?))
        }
        "replay" => {
            exactly(1)?;
            replay(&rest[0])
        }
        "perft" => {
            exactly(2)?;
            let depth: u32 = rest[1]
                .parse()
                .ok()
                .filter(|d| *d <= 12)
                .ok_or_else(|| usage(format!("'{}' is not a depth (0–12)", rest[1])))?;
            Ok(format!("{}\n", perft(&position(rest.first())?, depth)))
        }
        "" => Err(usage("no command; see --help")),
        other => Err(usage(format!("unknown command '{other}'; see --help"))),
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

fn replay(path: &str) -> Result<String, Failure> {
    let bytes = std::fs::read(path).map_err(|e| usage(format!("cannot read {path}: {e}")))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| usage(format!("{path} is not text (a game record is UTF-8 text)")))?;
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

fn level_option(args: &mut Args, name: &str) -> Result<Level, Failure> {
    let text = args
        .option(name)
        .ok_or_else(|| usage(format!("--{name} LEVEL is required")))?;
    text.parse().map_err(|e| usage(format!("{e}")))
}

fn number_option(args: &mut Args, name: &str) -> Result<Option<u64>, Failure> {
    args.option(name)
        .map(|v| {
            v.parse::<u64>()
                .map_err(|_| usage(format!("--{name} takes a whole number, not '{v}'")))
        })
        .transpose()
}

fn budget_options(args: &mut Args, level: Level) -> Result<Budget, Failure> {
    let mut budget = level.budget(None);
    if let Some(ms) = number_option(args, "time-ms")? {
        budget.time = Some(Duration::from_millis(ms));
    }
    if let Some(depth) = number_option(args, "depth")? {
        budget.depth = Some(depth.clamp(1, 64) as u32);
    }
    if let Some(nodes) = number_option(args, "nodes")? {
        budget.nodes = Some(nodes);
    }
    Ok(budget)
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
    if let Some(dir) = &spec.records {
        std::fs::create_dir_all(dir)
            .map_err(|e| usage(format!("cannot create {}: {e}", dir.display())))?;
    }
    let stop = AtomicBool::new(false);
    let next = AtomicU64::new(1);
    let (tx, rx) = mpsc::channel::<(u64, Result<Game, String>)>();
    let [first, second] = spec.players;
    let swapped = |n: u64| spec.swap && n.is_multiple_of(2);
    let seating = |n: u64| {
        if swapped(n) {
            BySide::new(second, first)
        } else {
            BySide::new(first, second)
        }
    };
    let (mut wins, mut draws, mut losses) = (0u64, 0u64, 0u64);
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..spec.jobs.min(spec.games.max(1) as usize) {
            let tx = tx.clone();
            let (stop, next) = (&stop, &next);
            scope.spawn(move || {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n > spec.games || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let game = play_game(spec.rules, seating(n), spec.time, spec.seed, n, stop);
                    if tx.send((n, game)).is_err() {
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
                println!("{}", game_line(n, BySide::new(names[0], names[1]), &game));
                let first_side = if swapped(n) { Side::White } else { Side::Black };
                match game.outcome().and_then(|o| o.winner) {
                    None => draws += 1,
                    Some(w) if w == first_side => wins += 1,
                    Some(_) => losses += 1,
                }
                if let Some(dir) = &spec.records {
                    let record =
                        Record::from_game(&game, &[("Black", names[0]), ("White", names[1])]);
                    let path = dir.join(format!("game-{n:04}.chogo"));
                    if let Err(e) = std::fs::write(&path, record.to_string()) {
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
    let score = if played == 0 {
        0.0
    } else {
        100.0 * (wins as f64 + 0.5 * draws as f64) / played as f64
    };
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
