//! `chogo-cli`: the rules and bots of Chogo from the command line.
//!
//! Exit codes: 0 success, 1 an illegal move or a failed replay, 2 malformed input or usage.

use std::process::ExitCode;

use chogo::rules::{Analysis, Bitboard, Game, Position, Record, ReplayError, RuleSet, Side, perft};
use serde::Serialize;

const USAGE: &str = "\
usage: chogo-cli [--rules RULES] COMMAND ...

commands:
  moves \"<position>\"            every legal move, one per line
  apply \"<position>\" MOVE...    play moves; print the position and the result
  analyze \"<position>\"          trapped, functional and secure men, cities, mole drop (JSON)
  replay FILE                   check a game record move by move
  perft \"<position>\" DEPTH      count the leaves of the move tree

RULES is a preset (chogo-44, chogo-large, neto), a board (8x8, 10x8, 12x8, 12x10),
optionally followed by options: chogo-44,king=rook,tandem=one-cell,start=fixed,
capture=suicide,mole=city,handicap=white:c7+d7. The default is chogo-44.
A position may also be the word `start` for the rules' start position.";

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
    args.finish()?;
    let mut pos_args = args.positional.into_iter();
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
    match command.as_str() {
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
struct PerSide {
    black: Bitboard,
    white: Bitboard,
}

impl PerSide {
    fn new(v: [Bitboard; 2]) -> PerSide {
        PerSide {
            black: v[Side::Black.index()],
            white: v[Side::White.index()],
        }
    }
}

#[derive(Serialize)]
struct AnalyzeOutput {
    to_move: Side,
    trapped: Bitboard,
    functional: PerSide,
    secure: PerSide,
    cities: PerSide,
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
        functional: PerSide::new(functional),
        secure: PerSide::new(secure),
        cities: PerSide::new(cities),
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
