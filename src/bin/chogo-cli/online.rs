//! `chogo-cli online play`: a game on a server (chogo-server) with a bot of either game,
//! or a person at standard input, through the library's online client.
//!
//! Standard output: `code: XXXXXX` first, then `side: black|white`, and at the end the
//! game's record. Progress and prompts go to standard error. A person at standard input
//! types moves, or one of the words of [`HUMAN_HELP`].

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::Duration;

use chogo::common::Side;
use chogo::online::client::{Client, Event, Intent, Link};
use chogo::online::game::OnlineGame;
use chogo::online::protocol::{ClientMsg, ClockSpec, ErrorCode, GameKind, GameSpec, RecordFormat};
use web_time::Instant;

use super::{Failure, usage};

#[derive(clap::Args)]
pub struct OnlineCommand {
    #[command(subcommand)]
    command: Online,
}

#[derive(clap::Subcommand)]
enum Online {
    /// play a game on a server: play --server URL (--create chogo|go | --join CODE) --level L
    Play {
        /// the server, like ws://127.0.0.1:9000
        #[arg(long)]
        server: String,
        /// create a game of chogo or go
        #[arg(long, value_name = "GAME")]
        create: Option<String>,
        /// join the game of this code
        #[arg(long, value_name = "CODE")]
        join: Option<String>,
        /// Go: the piece set (R, B, RB, …)
        #[arg(long, value_name = "SET")]
        pieces: Option<String>,
        /// Go: the board (9, 13, 19, chogo-44, …)
        #[arg(long, value_name = "N")]
        board: Option<String>,
        /// Go: points added to White's score
        #[arg(long, allow_negative_numbers = true)]
        komi: Option<f64>,
        /// the creator's side: black or white (default: chosen at random)
        #[arg(long)]
        side: Option<String>,
        /// a Fischer clock: minutes each, then seconds added a move (5+3)
        #[arg(long, value_name = "MIN+SEC")]
        clock: Option<String>,
        /// the bot's level (random, easy, medium, hard, master, …) or human (moves from
        /// standard input)
        #[arg(long)]
        level: String,
        /// milliseconds a move for a searching bot (default: the level's own)
        #[arg(long = "time-ms")]
        time_ms: Option<u64>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// seconds to go on reconnecting after the connection drops
        #[arg(long, default_value_t = 60)]
        reconnect: u64,
    },
    /// print a game's record (or, for Go, its SGF): fetch --server URL --code CODE [--sgf]
    Fetch {
        /// the server, like ws://127.0.0.1:9000
        #[arg(long)]
        server: String,
        /// the game's code
        #[arg(long, value_name = "CODE")]
        code: String,
        /// Go: the game as SGF instead of its record text
        #[arg(long)]
        sgf: bool,
    },
}

/// Chooses the moves of this side.
enum Mover {
    Human(mpsc::Receiver<String>),
    Chogo(Box<dyn chogo::bot::Bot>, chogo::bot::Level),
    Go(Box<dyn chogo::go::bot::Bot>, chogo::go::bot::Level),
}

/// `--clock 5+3`: 5 minutes each, 3 seconds a move.
fn clock(text: &str) -> Result<ClockSpec, Failure> {
    let bad = || {
        usage(format!(
            "--clock takes MIN+SEC like 5+3, not '{}'",
            chogo::common::excerpt(text)
        ))
    };
    let (min, sec) = text.split_once('+').unwrap_or((text, "0"));
    let min: f64 = min.trim().parse().map_err(|_| bad())?;
    let sec: f64 = sec.trim().parse().map_err(|_| bad())?;
    if !(min.is_finite()
        && sec.is_finite()
        && min > 0.0
        && sec >= 0.0
        && min <= 1440.0
        && sec <= 3600.0)
    {
        return Err(bad());
    }
    Ok(ClockSpec {
        initial_ms: (min * 60_000.0) as u64,
        increment_ms: (sec * 1000.0) as u64,
    })
}

fn server_url(server: &str) -> Result<(), Failure> {
    if server.starts_with("ws://") || server.starts_with("wss://") {
        return Ok(());
    }
    Err(usage(format!(
        "--server takes a ws:// address, not '{}'",
        chogo::common::excerpt(server)
    )))
}

pub fn run(cmd: OnlineCommand, rules: Option<String>) -> Result<String, Failure> {
    if let Online::Fetch { server, code, sgf } = &cmd.command {
        server_url(server)?;
        let format = if *sgf {
            RecordFormat::Sgf
        } else {
            RecordFormat::Record
        };
        let code = code.trim().to_ascii_uppercase();
        return chogo::online::client::fetch_record(server, &code, format, Duration::from_secs(20))
            .map(|text| text.trim_end().to_string())
            .map_err(|e| Failure(e, 1));
    }
    let Online::Play {
        server,
        create,
        join,
        pieces,
        board,
        komi,
        side,
        clock: clock_text,
        level,
        time_ms,
        seed,
        reconnect,
    } = cmd.command
    else {
        unreachable!("fetch is answered above")
    };
    let intent = match (create, join) {
        (Some(game), None) => {
            let game = match game.to_ascii_lowercase().as_str() {
                "chogo" => GameKind::Chogo,
                "go" => GameKind::Go,
                _ => {
                    return Err(usage(format!(
                        "--create takes chogo or go, not '{}'",
                        chogo::common::excerpt(&game)
                    )));
                }
            };
            let side = side
                .map(|s| s.parse::<Side>().map_err(|e| usage(format!("--side: {e}"))))
                .transpose()?;
            let spec = GameSpec {
                game: Some(game),
                rules,
                pieces,
                board,
                komi,
                side,
                clock: clock_text.as_deref().map(clock).transpose()?,
                ..GameSpec::default()
            };
            chogo::online::game::Variant::from_spec(&spec).map_err(usage)?;
            Intent::Create(spec)
        }
        (None, Some(code)) => {
            if rules.is_some()
                || pieces.is_some()
                || board.is_some()
                || komi.is_some()
                || side.is_some()
                || clock_text.is_some()
            {
                return Err(usage(
                    "--join takes the creator's game: no --rules, --pieces, --board, --komi, --side or --clock",
                ));
            }
            Intent::Join(code.trim().to_ascii_uppercase())
        }
        _ => return Err(usage("online play takes --create chogo|go or --join CODE")),
    };
    server_url(&server)?;
    let human = level.eq_ignore_ascii_case("human");
    if !human {
        // Checked now for a message before any connection; the game decides which bots.
        let chogo_level = level.parse::<chogo::bot::Level>();
        let go_level = level.parse::<chogo::go::bot::Level>();
        if chogo_level.is_err() && go_level.is_err() {
            return Err(usage(format!(
                "--level: '{}' is no level of either game",
                chogo::common::excerpt(&level)
            )));
        }
    }
    let mut client = Client::new(&server, intent);
    client.reconnect_for = Duration::from_secs(reconnect);
    let mut mover: Option<Mover> = None;
    let mut printed_code = false;
    let mut seated = false;
    let mut last_turn_note = None;
    // The opponent's offers answered, by the number of moves they were made at.
    let mut answered: Vec<(usize, &str)> = Vec::new();
    // The ply a person was last asked to move at.
    let mut prompted = None;
    loop {
        let now = Instant::now();
        for event in client.poll(now) {
            match event {
                Event::Joined { code, side } => {
                    if !printed_code {
                        println!("code: {code}");
                        printed_code = true;
                    }
                    if let Some(side) = side
                        && !seated
                    {
                        println!("side: {}", side.name());
                        seated = true;
                    }
                    let _ = std::io::stdout().flush();
                }
                Event::State(state) => {
                    if mover.is_none() {
                        mover = Some(make_mover(state.game, &level, human)?);
                        eprintln!("game: {} ({})", state.game.name(), state.rules);
                    }
                    if let Some(result) = &state.result {
                        let record = client.record().unwrap_or_else(|| state.record.clone());
                        eprintln!("result: {}", result.text);
                        return Ok(record);
                    }
                    // A bot declines a draw and a take-back (it plays on); a person at the
                    // command line is told of them (moves only are read here).
                    let opponent = client.side().map(|s| !s);
                    for (by, what) in [
                        (state.offers.draw, "draw"),
                        (state.offers.takeback, "take-back"),
                    ] {
                        if by.is_none()
                            || by != opponent
                            || answered.contains(&(state.moves.len(), what))
                        {
                            continue;
                        }
                        answered.push((state.moves.len(), what));
                        if human {
                            eprintln!("the opponent offers a {what}: type accept or decline");
                        } else {
                            eprintln!("declined the opponent's {what} offer");
                            client.ask(|code| match what {
                                "draw" => ClientMsg::DeclineDraw { code },
                                _ => ClientMsg::DeclineTakeback { code },
                            });
                        }
                    }
                    let waiting = state.presence(!client.side().unwrap_or(Side::Black));
                    let note = (state.moves.len(), waiting);
                    if last_turn_note != Some(note) {
                        if let Some(mv) = state.moves.last() {
                            eprintln!("{}. {mv}", state.moves.len());
                        }
                        last_turn_note = Some(note);
                    }
                }
                Event::Refused { error, message } => {
                    eprintln!("server: {message}");
                    if !human && error == ErrorCode::IllegalMove {
                        // The engines here and on the server disagree: no use trying again.
                        return Err(Failure(
                            format!("the server refused the bot's move: {message}"),
                            1,
                        ));
                    }
                    if !seated {
                        return Err(Failure(
                            format!("the server refused: {message} ({error:?})"),
                            1,
                        ));
                    }
                }
                Event::Link(Link::GaveUp) => {
                    return Err(Failure(
                        format!("lost the server {server} for over {reconnect} s"),
                        1,
                    ));
                }
                Event::Link(link) => eprintln!("connection: {link:?}"),
            }
        }
        if let Some(Mover::Human(lines)) = &mover {
            let ply = client.game().map(OnlineGame::ply_count);
            if client.to_move() && prompted != ply {
                prompted = ply;
                let example = client
                    .game()
                    .and_then(|g| g.legal_texts().first().cloned())
                    .unwrap_or_default();
                eprintln!("your move (for example {example}; help for the other words):");
            }
            let lines: Vec<String> = lines.try_iter().collect();
            for line in lines {
                human_line(&mut client, line.trim());
            }
        } else if client.to_move()
            && let (Some(mover), Some(game)) = (mover.as_mut(), client.game().cloned())
        {
            let budget_ms = client
                .state()
                .and_then(|s| s.clocks)
                .zip(client.side())
                .map(|(c, side)| c.left(side) / 30 + c.increment_ms / 2);
            if let Some(text) = choose(mover, &game, seed, time_ms, budget_ms) {
                client.play(&text);
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// What a person at standard input may type besides a move.
const HUMAN_HELP: &str = "a move (on your turn), or: resign, draw (offer one), takeback (ask to take back your last move), accept or decline (the opponent's offer), claim (the win against an opponent gone past the grace period), help";

/// A line a person typed: a word of [`HUMAN_HELP`] or a move.
fn human_line(client: &mut Client, line: &str) {
    let word = line.to_ascii_lowercase();
    let opponent = client.side().map(|s| !s);
    let offers = client.state().map(|s| s.offers);
    let offered = |by: Option<Side>| by.is_some() && by == opponent;
    let ask: fn(String) -> ClientMsg = match word.as_str() {
        "" => return,
        "help" | "?" => {
            eprintln!("type {HUMAN_HELP}");
            return;
        }
        "resign" => |code| ClientMsg::Resign { code },
        "draw" => |code| ClientMsg::OfferDraw { code },
        "takeback" | "take back" => |code| ClientMsg::Takeback { code },
        "claim" => |code| ClientMsg::Claim { code },
        "accept" | "decline" => {
            let accept = word == "accept";
            match offers {
                Some(o) if offered(o.draw) && accept => |code| ClientMsg::AcceptDraw { code },
                Some(o) if offered(o.draw) => |code| ClientMsg::DeclineDraw { code },
                Some(o) if offered(o.takeback) && accept => {
                    |code| ClientMsg::AcceptTakeback { code }
                }
                Some(o) if offered(o.takeback) => |code| ClientMsg::DeclineTakeback { code },
                _ => {
                    eprintln!("the opponent offers nothing to {word}");
                    return;
                }
            }
        }
        _ => {
            if client.to_move() {
                client.play(line);
            } else {
                eprintln!("not your turn: {line} is not played");
            }
            return;
        }
    };
    if !client.ask(ask) {
        eprintln!("not connected: {word} is not sent");
    }
}

fn make_mover(game: GameKind, level: &str, human: bool) -> Result<Mover, Failure> {
    if human {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        return Ok(Mover::Human(rx));
    }
    match game {
        GameKind::Chogo => {
            let level: chogo::bot::Level = level.parse().map_err(|e| usage(format!("{e}")))?;
            Ok(Mover::Chogo(level.bot(), level))
        }
        GameKind::Go => {
            let level: chogo::go::bot::Level = level.parse().map_err(|e| usage(format!("{e}")))?;
            Ok(Mover::Go(level.bot(1), level))
        }
    }
}

/// This side's move: the bot's, or the next line a person typed (none yet: `None`).
fn choose(
    mover: &mut Mover,
    game: &OnlineGame,
    seed: u64,
    time_ms: Option<u64>,
    clock_ms: Option<u64>,
) -> Option<String> {
    let stop = AtomicBool::new(false);
    let decision = chogo::common::decision_seed(seed, 1, game.ply_count());
    let time = match (time_ms, clock_ms) {
        (Some(t), Some(c)) => Some(t.min(c.max(1))),
        (t, c) => t.or(c),
    }
    .map(Duration::from_millis);
    match (mover, game) {
        // A person's lines are read as they come (`human_line`).
        (Mover::Human(_), _) => None,
        (Mover::Chogo(bot, level), OnlineGame::Chogo(game)) => {
            let request = chogo::bot::Request::new(game, level.budget(time), decision, &stop);
            bot.choose(&request)
                .map(|c| game.position().move_text(c.mv))
        }
        (Mover::Go(bot, level), OnlineGame::Go(game)) => {
            let budget = level.budget(time, None);
            let request = chogo::go::bot::Request::new(game, budget, decision, &stop);
            bot.choose(&request)
                .map(|c| game.position().move_text(c.mv))
        }
        _ => None,
    }
}
