//! The online game end to end (cargo feature `server`): a chogo-server on 127.0.0.1 with
//! a free port and a database in a temporary folder, driven through the library's client
//! and through `chogo-cli online play` — whole games of both games, a dropped client, a
//! server killed and started again, a flag fall, each refusal, and a flood of bad frames.
//! Every wait is bounded in time and every game in moves.
#![cfg(feature = "server")]

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chogo::common::Side;
use chogo::online::client::{Client, Event, Intent, Link};
use chogo::online::protocol::{
    ClientMsg, ClockSpec, ErrorCode, GameKind, GameSpec, Presence, State,
};
use common::server::{Server, TempDir};

/// Limits that let test bots play as fast as they can.
const FAST: [&str; 4] = ["--rate", "100000", "--burst", "100000"];

/// Polls `clients` until `done` says so, for at most `secs` seconds; the events each saw.
fn until(
    clients: &mut [&mut Client],
    secs: u64,
    mut done: impl FnMut(&[&mut Client]) -> bool,
) -> Vec<Vec<Event>> {
    let end = Instant::now() + Duration::from_secs(secs);
    let mut seen = vec![Vec::new(); clients.len()];
    loop {
        for (c, seen) in clients.iter_mut().zip(seen.iter_mut()) {
            seen.extend(c.poll(web_time::Instant::now()));
        }
        if done(clients) {
            return seen;
        }
        assert!(Instant::now() < end, "not done in {secs} s: {seen:?}");
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn spec(game: GameKind, side: Side) -> GameSpec {
    GameSpec {
        game: Some(game),
        side: Some(side),
        ..GameSpec::default()
    }
}

/// A creator (Black) and a joiner (White) seated in one room.
fn pair(server: &Server, spec: GameSpec) -> (Client, Client) {
    pair_on(&server.url(), &server.url(), spec)
}

/// A creator on the server at `at_a` and a joiner on the one at `at_b`, seated in one room.
fn pair_on(at_a: &str, at_b: &str, spec: GameSpec) -> (Client, Client) {
    let mut a = Client::new(at_a, Intent::Create(spec));
    until(&mut [&mut a], 10, |c| c[0].state().is_some());
    let code = a.code().unwrap().to_string();
    let mut b = Client::new(at_b, Intent::Join(code));
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter().all(|c| {
            c.state()
                .is_some_and(|s| s.black == Presence::Connected && s.white == Presence::Connected)
        })
    });
    (a, b)
}

/// A seeded random choice (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Plays random legal moves for whichever client is to move, until the game ends or
/// `plies` moves are on the board (then the side to move resigns when `finish`).
fn play(a: &mut Client, b: &mut Client, rng: &mut Rng, plies: usize, finish: bool) {
    let end = Instant::now() + Duration::from_secs(60);
    loop {
        for c in [&mut *a, &mut *b] {
            c.poll(web_time::Instant::now());
        }
        let over = |c: &Client| c.state().is_some_and(|s| s.result.is_some());
        if over(a) && over(b) {
            return;
        }
        let moves = a.state().map_or(0, |s| s.moves.len());
        let same = a.state().map(|s| s.moves.len()) == b.state().map(|s| s.moves.len());
        if moves >= plies && same {
            if !finish {
                return;
            }
            for c in [&mut *a, &mut *b] {
                if c.to_move() {
                    c.ask(|code| ClientMsg::Resign { code });
                }
            }
        } else {
            for c in [&mut *a, &mut *b] {
                // A client whose state is ahead of the other's stops at `plies` too.
                if c.to_move() && c.state().is_some_and(|s| s.moves.len() < plies) {
                    let legal = c.game().unwrap().legal_texts();
                    let mv = legal[(rng.next() % legal.len() as u64) as usize].clone();
                    c.play(&mv);
                }
            }
        }
        assert!(Instant::now() < end, "the game did not end in 60 s");
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// Both clients' records, rebuilt by their own engines, are the database's.
fn same_records(server: &Server, a: &Client, b: &Client) -> String {
    let code = a.code().unwrap();
    let (ra, rb) = (a.record().unwrap(), b.record().unwrap());
    assert_eq!(ra, rb);
    let (db, finished) = server.record(code);
    assert_eq!(ra, db);
    assert!(finished);
    assert!(ra.contains("[Result "), "{ra}");
    ra
}

#[test]
fn whole_games_of_both_games_through_the_client() {
    let dir = TempDir::new("games");
    let server = Server::start(&dir.0.join("games.db"), &FAST);
    let specs = [
        (GameKind::Chogo, Some("chogo-44"), None, None),
        (
            GameKind::Chogo,
            Some("chogo-44,king=rook,capture=suicide"),
            None,
            None,
        ),
        (GameKind::Chogo, Some("8x8"), None, None),
        (GameKind::Go, None, Some("R"), Some("9")),
        (GameKind::Go, None, Some("RB"), Some("7")),
        (GameKind::Go, None, Some("K"), Some("chogo-44")),
    ];
    for (n, (game, rules, pieces, board)) in specs.into_iter().enumerate() {
        let mut s = spec(game, Side::Black);
        s.rules = rules.map(str::to_string);
        s.pieces = pieces.map(str::to_string);
        s.board = board.map(str::to_string);
        let (mut a, mut b) = pair(&server, s);
        play(&mut a, &mut b, &mut Rng(n as u64 + 7), 300, true);
        let record = same_records(&server, &a, &b);
        let moves = a.state().unwrap().moves.len();
        assert!(moves > 4, "{record}");
    }
}

/// `chogo-cli online play` for one side, its standard error in the file `log`.
fn cli(server: &Server, args: &[&str], log: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_chogo-cli"))
        .args(["online", "play", "--server", &server.url()])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .expect("chogo-cli starts")
}

/// Waits for a child for at most `secs` seconds: its exit status and standard output.
fn finish(mut child: Child, secs: u64) -> (bool, String) {
    let end = Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut out = String::new();
            std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut out).unwrap();
            return (status.success(), out);
        }
        if Instant::now() > end {
            let _ = child.kill();
            panic!("chogo-cli did not end in {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_command_line_bot_declines_a_draw_and_a_take_back_and_plays_on() {
    let dir = TempDir::new("cli-offers");
    let server = Server::start(&dir.0.join("games.db"), &FAST);
    let mut me = Client::new(
        &server.url(),
        Intent::Create(spec(GameKind::Chogo, Side::Black)),
    );
    until(&mut [&mut me], 10, |c| c[0].state().is_some());
    let code = me.code().unwrap().to_string();
    let log = dir.0.join("bot.log");
    let bot = cli(&server, &["--join", &code, "--level", "random"], &log);
    // Black's king, then the bot's answer.
    until(&mut [&mut me], 20, |c| c[0].to_move());
    assert!(me.play("d2"));
    until(&mut [&mut me], 20, |c| {
        c[0].to_move() && c[0].state().is_some_and(|s| s.moves.len() == 2)
    });
    for (offer, what) in [
        (ClientMsg::OfferDraw { code: code.clone() }, "draw"),
        (ClientMsg::Takeback { code: code.clone() }, "take-back"),
    ] {
        assert!(me.send(&offer));
        let words = format!("declined the opponent's {what} offer");
        let said = || std::fs::read_to_string(&log).unwrap_or_default();
        until(&mut [&mut me], 20, |c| {
            let s = c[0].state().unwrap();
            said().contains(&words) && s.offers.draw.is_none() && s.offers.takeback.is_none()
        });
        assert_eq!(me.state().unwrap().moves.len(), 2, "nothing taken back");
    }
    // The game goes on: the bot answers a move; then it is resigned to, and the bot ends.
    let text = me.game().unwrap().legal_texts()[0].clone();
    assert!(me.play(&text));
    until(&mut [&mut me], 20, |c| {
        c[0].state().is_some_and(|s| s.moves.len() == 4)
    });
    assert!(me.ask(|code| ClientMsg::Resign { code }));
    let (ok, out) = finish(bot, 20);
    assert!(ok, "{out}");
}

#[test]
fn a_person_at_the_command_line_moves_answers_offers_and_makes_them() {
    let dir = TempDir::new("cli-human");
    let server = Server::start(&dir.0.join("games.db"), &FAST);
    let log = dir.0.join("human.log");
    let mut person = Command::new(env!("CARGO_BIN_EXE_chogo-cli"))
        .args(["online", "play", "--server", &server.url()])
        .args(["--create", "go", "--side", "black", "--level", "human"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(person.stdout.as_mut().unwrap())
        .read_line(&mut first)
        .unwrap();
    let code = first.trim().strip_prefix("code: ").unwrap().to_string();
    let mut stdin = person.stdin.take().unwrap();
    let mut say = |line: &str| {
        use std::io::Write as _;
        writeln!(stdin, "{line}").unwrap();
    };
    let mut me = Client::new(&server.url(), Intent::Join(code));
    let said = || std::fs::read_to_string(&log).unwrap_or_default();
    // Waits (polling the joiner) until the person's standard error has said `words`.
    let heard = |me: &mut Client, words: &str| {
        until(&mut [me], 10, |_| said().contains(words));
    };
    heard(&mut me, "your move");
    say("help");
    say("e5");
    until(&mut [&mut me], 10, |c| c[0].to_move());
    assert!(said().contains("resign, draw"), "{}", said());
    // Typed out of turn: not played.
    say("d4");
    heard(&mut me, "not your turn: d4");
    assert!(me.play("c3"));
    // A draw offered to the person, declined by typing; a take-back, accepted.
    assert!(me.ask(|code| ClientMsg::OfferDraw { code }));
    heard(&mut me, "offers a draw");
    say("decline");
    until(&mut [&mut me], 10, |c| {
        c[0].state().unwrap().offers.draw.is_none()
    });
    assert!(me.ask(|code| ClientMsg::Takeback { code }));
    heard(&mut me, "offers a take-back");
    say("accept");
    until(&mut [&mut me], 10, |c| {
        c[0].state().unwrap().moves == ["e5"]
    });
    // "accept" with nothing offered sends nothing; a draw the person offers, accepted.
    say("accept");
    heard(&mut me, "offers nothing to accept");
    assert!(me.play("g7"));
    until(&mut [&mut me], 10, |c| {
        c[0].state().unwrap().moves.len() == 2
    });
    say("draw");
    until(&mut [&mut me], 10, |c| {
        c[0].state().unwrap().offers.draw == Some(Side::Black)
    });
    assert!(me.ask(|code| ClientMsg::AcceptDraw { code }));
    let (ok, out) = finish(person, 20);
    assert!(ok, "{out}\n{}", said());
    assert!(out.contains("e5") && out.contains("g7"), "{out}");
}

/// `chogo-cli online fetch` on the server: whether it exited 0, and its standard output
/// (or error).
fn fetch(server: &Server, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chogo-cli"))
        .args(["online", "fetch", "--server", &server.url()])
        .args(args)
        .output()
        .unwrap();
    let text = if out.status.success() {
        out.stdout
    } else {
        out.stderr
    };
    (
        out.status.success(),
        String::from_utf8_lossy(&text).into_owned(),
    )
}

#[test]
fn a_games_record_and_a_go_games_sgf_are_fetched() {
    let dir = TempDir::new("fetch");
    let server = Server::start(&dir.0.join("games.db"), &FAST);
    let mut rng = Rng(41);
    let mut go = spec(GameKind::Go, Side::Black);
    go.board = Some("9".into());
    let (mut a, mut b) = pair(&server, go);
    play(&mut a, &mut b, &mut rng, 30, true);
    let code = a.code().unwrap().to_string();
    let record = same_records(&server, &a, &b);
    let (ok, fetched) = fetch(&server, &["--code", &code]);
    assert!(ok, "{fetched}");
    assert_eq!(fetched.trim_end(), record.trim_end());
    // The SGF, read back by the project's own SGF reader: the same moves.
    let (ok, sgf) = fetch(&server, &["--code", &code.to_lowercase(), "--sgf"]);
    assert!(ok, "{sgf}");
    let read = chogo::go::sgf::SgfGame::parse(&sgf).unwrap();
    assert_eq!(read.moves.len(), a.state().unwrap().moves.len(), "{sgf}");
    assert!(read.result.is_some(), "{sgf}");
    // Chogo has no SGF; an unknown code and a game in progress.
    let (mut c, mut d) = pair(&server, spec(GameKind::Chogo, Side::Black));
    play(&mut c, &mut d, &mut rng, 6, false);
    let chogo_code = c.code().unwrap().to_string();
    let (ok, said) = fetch(&server, &["--code", &chogo_code, "--sgf"]);
    assert!(!ok && said.contains("SGF is Go's"), "{said}");
    let (ok, now) = fetch(&server, &["--code", &chogo_code]);
    assert!(ok, "{now}");
    assert_eq!(now.trim_end(), c.record().unwrap().trim_end());
    let (ok, said) = fetch(&server, &["--code", "ZZZZZZ"]);
    assert!(!ok && said.contains("no game has the code"), "{said}");
}

#[test]
fn whole_games_between_two_command_line_bots() {
    let dir = TempDir::new("cli");
    let server = Server::start(&dir.0.join("games.db"), &[]);
    let games: [&[&str]; 3] = [
        &[
            "--create",
            "chogo",
            "--rules",
            "chogo-44,king=rook",
            "--side",
            "white",
        ],
        &["--create", "go", "--pieces", "RB", "--board", "7"],
        &[
            "--create", "go", "--pieces", "R", "--board", "9", "--komi", "6.5", "--side", "black",
        ],
    ];
    for create in games {
        let mut args = create.to_vec();
        args.extend(["--level", "easy"]);
        let (log_c, log_j) = (dir.0.join("creator.log"), dir.0.join("joiner.log"));
        let mut creator = cli(&server, &args, &log_c);
        let mut first = String::new();
        let mut out = BufReader::new(creator.stdout.take().unwrap());
        out.read_line(&mut first).unwrap();
        let code = first
            .strip_prefix("code: ")
            .unwrap_or_else(|| {
                let log = std::fs::read_to_string(&log_c).unwrap_or_default();
                panic!("the first line is the code: {first:?}; standard error: {log}")
            })
            .trim()
            .to_string();
        let joiner = cli(&server, &["--join", &code, "--level", "random"], &log_j);
        let (ok_j, out_j) = finish(joiner, 60);
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut out, &mut rest).unwrap();
        assert!(creator.wait().unwrap().success());
        assert!(ok_j, "{out_j}");
        let record = |out: &str| -> String {
            out.lines()
                .filter(|l| !l.starts_with("code: ") && !l.starts_with("side: "))
                .map(|l| format!("{l}\n"))
                .collect()
        };
        let (rec_c, rec_j) = (record(&rest), record(&out_j));
        assert_eq!(rec_c, rec_j);
        let (db, finished) = server.record(&code);
        assert!(finished);
        assert_eq!(rec_c.trim_end(), db.trim_end());
        assert!(
            out_j.starts_with(&format!("code: {code}\nside: ")),
            "{out_j}"
        );
    }
}

#[test]
fn a_dropped_client_rejoins_and_catches_up() {
    let dir = TempDir::new("drop");
    let server = Server::start(&dir.0.join("games.db"), &FAST);
    let (mut a, mut b) = pair(&server, spec(GameKind::Go, Side::Black));
    let mut rng = Rng(3);
    play(&mut a, &mut b, &mut rng, 11, false);
    // Black drops while White is to move; White moves; Black comes back and sees it.
    until(&mut [&mut a, &mut b], 10, |c| c[1].to_move());
    a.drop_link();
    let legal = b.game().unwrap().legal_texts();
    b.play(&legal[0]);
    until(&mut [&mut b], 10, |c| {
        c[0].state()
            .is_some_and(|s| s.moves.len() == 12 && s.black == Presence::Gone)
    });
    until(&mut [&mut a, &mut b], 10, |c| {
        c[0].link() == Link::Open
            && c[0].state().is_some_and(|s| s.moves.len() == 12)
            && c[1].state().is_some_and(|s| s.black == Presence::Connected)
    });
    assert_eq!(a.side(), Some(Side::Black));
    play(&mut a, &mut b, &mut rng, 300, true);
    same_records(&server, &a, &b);
}

#[test]
fn a_server_killed_and_started_again_restores_the_game() {
    let dir = TempDir::new("restart");
    let mut server = Server::start(&dir.0.join("games.db"), &FAST);
    let (mut a, mut b) = pair(&server, spec(GameKind::Chogo, Side::White));
    let mut rng = Rng(11);
    play(&mut a, &mut b, &mut rng, 20, false);
    let before = a.state().unwrap().moves.clone();
    server.kill_and_restart();
    until(&mut [&mut a, &mut b], 20, |c| {
        c.iter().all(|c| {
            c.link() == Link::Open
                && c.state().is_some_and(|s| {
                    s.black == Presence::Connected && s.white == Presence::Connected
                })
        })
    });
    assert_eq!(a.state().unwrap().moves, before, "no move lost");
    play(&mut a, &mut b, &mut rng, 300, true);
    let after = &a.state().unwrap().moves;
    assert_eq!(after[..before.len()], before[..]);
    same_records(&server, &a, &b);
}

#[test]
fn a_game_is_won_on_time() {
    let dir = TempDir::new("time");
    let server = Server::start(&dir.0.join("games.db"), &FAST);
    let mut s = spec(GameKind::Go, Side::Black);
    s.clock = Some(ClockSpec {
        initial_ms: 400,
        increment_ms: 100,
    });
    let (mut a, mut b) = pair(&server, s);
    a.play("e5");
    // White never answers.
    until(&mut [&mut a, &mut b], 10, |c| {
        c[1].state().is_some_and(|s| s.result.is_some())
    });
    let state = b.state().unwrap();
    let result = state.result.as_ref().unwrap();
    assert_eq!(
        (result.winner, result.reason.as_str()),
        (Some(Side::Black), "time")
    );
    let clocks = state.clocks.unwrap();
    assert_eq!((clocks.white_ms, clocks.running), (0, None));
    assert!(clocks.black_ms > 0 && clocks.black_ms <= 500, "{clocks:?}");
    until(&mut [&mut a], 10, |c| {
        c[0].state().is_some_and(|s| s.result.is_some())
    });
    same_records(&server, &a, &b);
}

/// Polls `c` until the server refuses something: the refusal's code and words.
fn next_refusal(c: &mut Client) -> (ErrorCode, String) {
    let end = Instant::now() + Duration::from_secs(10);
    loop {
        for e in c.poll(web_time::Instant::now()) {
            if let Event::Refused { error, message } = e {
                return (error, message);
            }
        }
        assert!(Instant::now() < end, "no refusal in 10 s");
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Sends what `send` sends from `c` and returns the server's refusal, checking that the
/// room of `watched` is the same after it as before, in memory and in the database.
fn refused(
    server: &Server,
    watched: &mut Client,
    c: Option<&mut Client>,
    send: impl FnOnce(&mut Client) -> bool,
) -> ErrorCode {
    let code = watched.code().unwrap().to_string();
    let row = server.record(&code);
    let state = watched.state().cloned();
    let (error, message) = match c {
        Some(c) => {
            assert!(send(c), "sent");
            next_refusal(c)
        }
        None => {
            assert!(send(watched), "sent");
            next_refusal(watched)
        }
    };
    assert!(!message.is_empty());
    // Whatever else arrives in a moment changes nothing either.
    let end = Instant::now() + Duration::from_millis(100);
    while Instant::now() < end {
        watched.poll(web_time::Instant::now());
        std::thread::sleep(Duration::from_millis(2));
    }
    let same = |a: &Option<State>, b: Option<&State>| {
        let key = |s: &State| (s.moves.clone(), s.result.clone(), s.offers, s.turn);
        a.as_ref().map(key) == b.map(key)
    };
    assert!(same(&state, watched.state()), "{error:?}: the room changed");
    assert_eq!(server.record(&code), row, "{error:?}: the database changed");
    error
}

/// A server and a game of Go in progress (two moves played, Black to move).
fn in_progress(name: &str, args: &[&str]) -> (TempDir, Server, Client, Client) {
    let dir = TempDir::new(name);
    let server = Server::start(&dir.0.join("games.db"), args);
    let (mut a, mut b) = pair(&server, spec(GameKind::Go, Side::Black));
    a.play("e5");
    until(&mut [&mut a, &mut b], 10, |c| c[1].to_move());
    b.play("c3");
    until(&mut [&mut a, &mut b], 10, |c| c[0].to_move());
    (dir, server, a, b)
}

fn raw(text: String) -> impl FnOnce(&mut Client) -> bool {
    move |c: &mut Client| c.send_raw(&text)
}

#[test]
fn an_illegal_move_is_refused() {
    let (_d, server, mut a, _b) = in_progress("illegal", &FAST);
    assert_eq!(
        refused(&server, &mut a, None, |c| c.play("e5")),
        ErrorCode::IllegalMove
    );
    assert_eq!(
        refused(&server, &mut a, None, |c| c.play("z99")),
        ErrorCode::IllegalMove
    );
}

#[test]
fn a_move_out_of_turn_is_refused() {
    let (_d, server, mut a, mut b) = in_progress("turn", &FAST);
    assert_eq!(
        refused(&server, &mut a, Some(&mut b), |c| c.send(
            &ClientMsg::Move {
                code: c.code().unwrap().into(),
                text: "g7".into()
            }
        )),
        ErrorCode::NotYourTurn
    );
}

#[test]
fn a_request_from_someone_not_a_player_is_refused() {
    let (_d, server, mut a, _b) = in_progress("spectator", &FAST);
    let code = a.code().unwrap().to_string();
    let mut watcher = Client::new(&server.url(), Intent::Watch(code.clone()));
    until(&mut [&mut watcher], 10, |c| c[0].state().is_some());
    assert_eq!(watcher.side(), None);
    let mv = ClientMsg::Move {
        code: code.clone(),
        text: "g7".into(),
    };
    assert_eq!(
        refused(&server, &mut a, Some(&mut watcher), |c| c.send(&mv)),
        ErrorCode::NotPlayer
    );
    let resign = ClientMsg::Resign { code: code.clone() };
    assert_eq!(
        refused(&server, &mut a, Some(&mut watcher), |c| c.send(&resign)),
        ErrorCode::NotPlayer
    );
    let draw = ClientMsg::OfferDraw { code };
    assert_eq!(
        refused(&server, &mut a, Some(&mut watcher), |c| c.send(&draw)),
        ErrorCode::NotPlayer
    );
}

#[test]
fn a_message_on_a_finished_game_is_refused() {
    let (_d, server, mut a, mut b) = in_progress("finished", &FAST);
    a.ask(|code| ClientMsg::Resign { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter().all(|c| c.state().unwrap().result.is_some())
    });
    let code = a.code().unwrap().to_string();
    for msg in [
        ClientMsg::Move {
            code: code.clone(),
            text: "g7".into(),
        },
        ClientMsg::Resign { code: code.clone() },
        ClientMsg::OfferDraw { code: code.clone() },
        ClientMsg::Takeback { code: code.clone() },
    ] {
        assert_eq!(
            refused(&server, &mut a, Some(&mut b), |c| c.send(&msg)),
            ErrorCode::GameOver
        );
    }
}

#[test]
fn malformed_json_is_refused() {
    let (_d, server, mut a, _b) = in_progress("json", &FAST);
    for text in ["{not json", "[1,2]", "\"move\"", ""] {
        assert_eq!(
            refused(&server, &mut a, None, raw(text.into())),
            ErrorCode::BadJson
        );
    }
}

#[test]
fn an_unknown_type_is_refused() {
    let (_d, server, mut a, _b) = in_progress("type", &FAST);
    let code = a.code().unwrap().to_string();
    let text = format!(r#"{{"v":1,"type":"teleport","code":"{code}"}}"#);
    assert_eq!(
        refused(&server, &mut a, None, raw(text)),
        ErrorCode::UnknownType
    );
    assert_eq!(
        refused(&server, &mut a, None, raw(r#"{"v":1}"#.into())),
        ErrorCode::UnknownType
    );
}

#[test]
fn another_version_and_a_malformed_message_are_refused() {
    let (_d, server, mut a, _b) = in_progress("version", &FAST);
    let code = a.code().unwrap().to_string();
    let text = format!(r#"{{"v":7,"type":"move","code":"{code}","text":"g7"}}"#);
    assert_eq!(
        refused(&server, &mut a, None, raw(text)),
        ErrorCode::BadVersion
    );
    let text = format!(r#"{{"type":"move","code":"{code}","text":"g7"}}"#);
    assert_eq!(
        refused(&server, &mut a, None, raw(text)),
        ErrorCode::BadVersion
    );
    let text = format!(r#"{{"v":1,"type":"move","code":"{code}","text":7}}"#);
    assert_eq!(
        refused(&server, &mut a, None, raw(text)),
        ErrorCode::BadMessage
    );
}

#[test]
fn a_frame_over_the_limit_is_refused_and_the_player_comes_back() {
    let (_d, server, mut a, mut b) = in_progress(
        "large",
        &[
            "--rate",
            "100000",
            "--burst",
            "100000",
            "--max-frame",
            "1000",
        ],
    );
    let code = a.code().unwrap().to_string();
    let text = format!(
        r#"{{"v":1,"type":"move","code":"{code}","text":"{}"}}"#,
        "g".repeat(2000)
    );
    assert_eq!(
        refused(&server, &mut a, None, raw(text)),
        ErrorCode::TooLarge
    );
    // The server closed that connection; the client rejoins and plays on.
    until(&mut [&mut a, &mut b], 10, |c| {
        c[0].link() == Link::Open && c[0].to_move()
    });
    a.play("g7");
    until(&mut [&mut a, &mut b], 10, |c| c[1].to_move());
    assert_eq!(b.state().unwrap().moves, ["e5", "c3", "g7"]);
}

#[test]
fn a_wrong_or_missing_token_is_refused() {
    let (_d, server, mut a, _b) = in_progress("token", &FAST);
    let code = a.code().unwrap().to_string();
    let mut thief = Client::new(&server.url(), Intent::Watch(code.clone()));
    until(&mut [&mut thief], 10, |c| c[0].state().is_some());
    let wrong = ClientMsg::Rejoin {
        code: code.clone(),
        token: "0123456789abcdef".into(),
    };
    assert_eq!(
        refused(&server, &mut a, Some(&mut thief), |c| c.send(&wrong)),
        ErrorCode::BadToken
    );
    let empty = ClientMsg::Rejoin {
        code: code.clone(),
        token: String::new(),
    };
    assert_eq!(
        refused(&server, &mut a, Some(&mut thief), |c| c.send(&empty)),
        ErrorCode::BadToken
    );
    let missing = format!(r#"{{"v":1,"type":"rejoin","code":"{code}"}}"#);
    assert_eq!(
        refused(&server, &mut a, Some(&mut thief), raw(missing)),
        ErrorCode::BadMessage
    );
    // Still a spectator: its move is refused.
    let mv = ClientMsg::Move {
        code,
        text: "g7".into(),
    };
    assert_eq!(
        refused(&server, &mut a, Some(&mut thief), |c| c.send(&mv)),
        ErrorCode::NotPlayer
    );
}

#[test]
fn a_full_room_and_an_unknown_room_are_refused() {
    let (_d, server, mut a, _b) = in_progress("full", &FAST);
    let code = a.code().unwrap().to_string();
    let mut third = Client::new(&server.url(), Intent::Watch(code.clone()));
    until(&mut [&mut third], 10, |c| c[0].state().is_some());
    let join = ClientMsg::Join { code };
    assert_eq!(
        refused(&server, &mut a, Some(&mut third), |c| c.send(&join)),
        ErrorCode::RoomFull
    );
    let join = ClientMsg::Join {
        code: "ZZZZZZ".into(),
    };
    assert_eq!(
        refused(&server, &mut a, Some(&mut third), |c| c.send(&join)),
        ErrorCode::NoSuchRoom
    );
    let join = ClientMsg::Join {
        code: "'; DROP TABLE games".into(),
    };
    assert_eq!(
        refused(&server, &mut a, Some(&mut third), |c| c.send(&join)),
        ErrorCode::NoSuchRoom
    );
}

#[test]
fn a_pass_in_chogo_and_bad_rules_are_refused() {
    let dir = TempDir::new("wrong-game");
    let server = Server::start(&dir.0.join("games.db"), &FAST);
    let (mut a, _b) = pair(&server, spec(GameKind::Chogo, Side::Black));
    assert_eq!(
        refused(&server, &mut a, None, |c| c
            .ask(|code| ClientMsg::Pass { code })),
        ErrorCode::WrongGame
    );
    assert_eq!(
        refused(&server, &mut a, None, |c| c
            .ask(|code| ClientMsg::PlayOn { code })),
        ErrorCode::WrongGame
    );
    let mut bad = spec(GameKind::Chogo, Side::Black);
    bad.rules = Some("chogo-44,king=dragon".into());
    assert_eq!(
        refused(&server, &mut a, None, |c| c.send(&ClientMsg::Create(bad))),
        ErrorCode::BadSpec
    );
    let mut bad = spec(GameKind::Go, Side::Black);
    bad.pieces = Some("XYZ".into());
    assert_eq!(
        refused(&server, &mut a, None, |c| c.send(&ClientMsg::Create(bad))),
        ErrorCode::BadSpec
    );
}

#[test]
fn too_many_messages_a_second_are_refused() {
    let (_d, server, mut a, _b) = in_progress("rate", &["--rate", "5", "--burst", "10"]);
    let code = a.code().unwrap().to_string();
    let junk = format!(r#"{{"v":1,"type":"decline_draw","code":"{code}"}}"#);
    let mut codes = Vec::new();
    for _ in 0..30 {
        a.send_raw(&junk);
    }
    let end = Instant::now() + Duration::from_secs(10);
    while codes.len() < 30 && Instant::now() < end {
        for e in a.poll(web_time::Instant::now()) {
            if let Event::Refused { error, .. } = e {
                codes.push(error);
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(codes.contains(&ErrorCode::RateLimited), "{codes:?}");
    assert!(codes.contains(&ErrorCode::NoOffer), "{codes:?}");
    let _ = server;
}

#[test]
fn too_many_rooms_and_connections_are_refused() {
    let dir = TempDir::new("many");
    let server = Server::start(
        &dir.0.join("games.db"),
        &[
            "--rooms-per-connection",
            "2",
            "--connections-per-address",
            "3",
        ],
    );
    let mut a = Client::new(
        &server.url(),
        Intent::Create(spec(GameKind::Go, Side::Black)),
    );
    until(&mut [&mut a], 10, |c| c[0].state().is_some());
    let create = ClientMsg::Create(spec(GameKind::Go, Side::Black));
    a.send(&create);
    a.send(&create);
    assert_eq!(next_refusal(&mut a).0, ErrorCode::TooMany);
    let mut others: Vec<Client> = (0..3)
        .map(|_| Client::new(&server.url(), Intent::Watch(a.code().unwrap().into())))
        .collect();
    // Two more connections are let in; the third hears why not, and is closed.
    let mut refusals = 0;
    let end = Instant::now() + Duration::from_secs(10);
    while refusals == 0 && Instant::now() < end {
        for c in &mut others {
            for e in c.poll(web_time::Instant::now()) {
                if let Event::Refused { error, .. } = e {
                    assert_eq!(error, ErrorCode::TooMany);
                    refusals += 1;
                }
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(refusals, 1);
}

#[test]
fn a_claim_waits_for_the_grace_period() {
    let (_d, server, mut a, mut b) = in_progress(
        "claim",
        &["--grace", "0.5", "--rate", "1000", "--burst", "1000"],
    );
    b.drop_link();
    // b is no longer polled: gone.
    until(&mut [&mut a], 10, |c| {
        c[0].state().unwrap().white == Presence::Gone
    });
    assert_eq!(
        refused(&server, &mut a, None, |c| c
            .ask(|code| ClientMsg::Claim { code })),
        ErrorCode::TooEarly
    );
    until(&mut [&mut a], 10, |c| c[0].state().unwrap().claimable);
    a.ask(|code| ClientMsg::Claim { code });
    until(&mut [&mut a], 10, |c| {
        c[0].state().unwrap().result.is_some()
    });
    let result = a.state().unwrap().result.clone().unwrap();
    assert_eq!(
        (result.winner, result.reason.as_str()),
        (Some(Side::Black), "abandoned")
    );
}

#[test]
fn offers_take_backs_draws_play_on_and_a_rematch() {
    let (_d, server, mut a, mut b) = in_progress("offers", &FAST);
    // Black asks to take back e5 (White's c3 goes with it); White declines, then accepts.
    // (Each waits until both have seen the offer: the asker's state without it would
    // otherwise pass for the answer.)
    let offered = |c: &[&mut Client]| {
        c.iter()
            .all(|c| c.state().unwrap().offers.takeback == Some(Side::Black))
    };
    a.ask(|code| ClientMsg::Takeback { code });
    until(&mut [&mut a, &mut b], 10, offered);
    b.ask(|code| ClientMsg::DeclineTakeback { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c[0].state().unwrap().offers.takeback.is_none()
    });
    a.ask(|code| ClientMsg::Takeback { code });
    until(&mut [&mut a, &mut b], 10, offered);
    b.ask(|code| ClientMsg::AcceptTakeback { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter().all(|c| c.state().unwrap().moves.is_empty())
    });
    // Two passes end the game; both play on; two more passes end it again.
    for (mover, text) in [(0, "pass"), (1, "pass")] {
        let c = if mover == 0 { &mut a } else { &mut b };
        until(&mut [c], 10, |c| c[0].to_move());
        let c = if mover == 0 { &mut a } else { &mut b };
        c.play(text);
    }
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter().all(|c| c.state().unwrap().result.is_some())
    });
    assert_eq!(a.state().unwrap().result.as_ref().unwrap().reason, "passes");
    a.ask(|code| ClientMsg::PlayOn { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c[1].state().unwrap().offers.play_on == Some(Side::Black)
    });
    b.ask(|code| ClientMsg::PlayOn { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter().all(|c| c.state().unwrap().result.is_none())
    });
    until(&mut [&mut a, &mut b], 10, |c| c[0].to_move());
    a.play("e5");
    until(&mut [&mut a, &mut b], 10, |c| c[1].to_move());
    assert_eq!(b.state().unwrap().moves, ["pass", "pass", "e5"]);
    // A draw offered and accepted.
    b.ask(|code| ClientMsg::OfferDraw { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c[0].state().unwrap().offers.draw == Some(Side::White)
    });
    a.ask(|code| ClientMsg::AcceptDraw { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter().all(|c| c.state().unwrap().result.is_some())
    });
    assert_eq!(
        a.state().unwrap().result.as_ref().unwrap().reason,
        "agreement"
    );
    same_records(&server, &a, &b);
    // A rematch: a new room, the sides swapped.
    let old = a.code().unwrap().to_string();
    a.ask(|code| ClientMsg::Rematch { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c[1].state().unwrap().offers.rematch == Some(Side::Black)
    });
    b.ask(|code| ClientMsg::Rematch { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter()
            .all(|c| c.code() != Some(old.as_str()) && c.state().is_some())
    });
    assert_eq!(a.code(), b.code());
    assert_eq!((a.side(), b.side()), (Some(Side::White), Some(Side::Black)));
}

#[test]
fn a_flood_of_bad_frames_leaves_the_game_as_it_was() {
    let (_d, server, mut a, mut b) = in_progress("flood", &FAST);
    let code = a.code().unwrap().to_string();
    let mut flooder = Client::new(&server.url(), Intent::Watch(code.clone()));
    until(&mut [&mut flooder], 10, |c| c[0].state().is_some());
    let before = a.state().unwrap().clone();
    let row = server.record(&code);
    let mut rng = Rng(0x5eed);
    let valid = [
        format!(r#"{{"v":1,"type":"move","code":"{code}","text":"g7"}}"#),
        format!(r#"{{"v":1,"type":"resign","code":"{code}"}}"#),
        format!(r#"{{"v":1,"type":"accept_draw","code":"{code}"}}"#),
        format!(r#"{{"v":1,"type":"claim","code":"{code}"}}"#),
        format!(r#"{{"v":1,"type":"rejoin","code":"{code}","token":"ffff"}}"#),
        r#"{"v":1,"type":"create","game":"go","board":"99"}"#.to_string(),
        r#"{"v":1,"type":"join","code":"AAAAAA"}"#.to_string(),
    ];
    let pieces = [
        "{", "}", "[", "]", "\"", ":", ",", "v", "type", "1", "null", "move", "code", "\\u0000",
        "é", "𝄞", " ", "-1e999", "true",
    ];
    for n in 0..3000 {
        let text = match n % 4 {
            // A valid message of someone who is not a player.
            0 => valid[(rng.next() % valid.len() as u64) as usize].clone(),
            // A valid message cut short or with a byte changed.
            1 => {
                let v = &valid[(rng.next() % valid.len() as u64) as usize];
                let cut = (rng.next() % v.len() as u64) as usize;
                let mut bytes = v.as_bytes()[..cut].to_vec();
                if let Some(b) = bytes.get_mut((rng.next() % (cut as u64 + 1)) as usize) {
                    *b = (rng.next() % 128) as u8;
                }
                String::from_utf8_lossy(&bytes).into_owned()
            }
            // Random tokens of JSON.
            2 => (0..rng.next() % 40)
                .map(|_| pieces[(rng.next() % pieces.len() as u64) as usize])
                .collect(),
            // Random characters.
            _ => (0..rng.next() % 200)
                .map(|_| char::from_u32((rng.next() % 0x3000) as u32).unwrap_or('?'))
                .collect(),
        };
        flooder.send_raw(&text);
        if n % 500 == 0 {
            flooder.poll(web_time::Instant::now());
        }
    }
    flooder.send_raw(r#"{"v":1,"type":"flood-end"}"#);
    let end = Instant::now() + Duration::from_secs(30);
    let mut done = false;
    while !done {
        for e in flooder.poll(web_time::Instant::now()) {
            if let Event::Refused { message, .. } = e {
                done |= message.contains("flood-end");
            }
        }
        a.poll(web_time::Instant::now());
        b.poll(web_time::Instant::now());
        assert!(
            Instant::now() < end,
            "the flood's end was not answered in 30 s"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(flooder.link(), Link::Open);
    let now = a.state().unwrap();
    assert_eq!(
        (&now.moves, &now.result, now.turn),
        (&before.moves, &before.result, before.turn)
    );
    assert_eq!(server.record(&code), row);
    // The game goes on to its end.
    play(&mut a, &mut b, &mut Rng(5), 200, true);
    same_records(&server, &a, &b);
}

// ---- Two instances on one PostgreSQL database, told of each other's changes by Redis
// (docs/ONLINE.md, "Past one machine"). `bash .ci/test` starts both on loopback
// (.ci/services) and names them in CHOGO_TEST_POSTGRES and CHOGO_TEST_REDIS.

/// A database of its own on the test PostgreSQL, dropped at the end.
struct PgDb {
    admin: String,
    name: String,
    url: String,
}

impl PgDb {
    fn new(name: &str) -> Option<PgDb> {
        let (admin, _) = common::server::services()?;
        let name = format!("chogo_{name}_{}", std::process::id());
        let mut pg = postgres::Client::connect(&admin, postgres::NoTls).unwrap();
        // One statement a call: two in one batch would be one transaction, which these
        // statements refuse.
        pg.batch_execute(&format!("DROP DATABASE IF EXISTS {name}"))
            .unwrap();
        pg.batch_execute(&format!("CREATE DATABASE {name}"))
            .unwrap();
        let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
        let url = format!("{base}/{name}");
        Some(PgDb { admin, name, url })
    }
}

impl Drop for PgDb {
    fn drop(&mut self) {
        if let Ok(mut pg) = postgres::Client::connect(&self.admin, postgres::NoTls) {
            let _ = pg.batch_execute(&format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ));
        }
    }
}

/// Two server instances on one new database: `None` when the services are not here
/// (outside CI).
fn two_instances(name: &str, args: &[&str]) -> Option<(PgDb, Server, Server)> {
    let db = PgDb::new(name)?;
    let redis = std::env::var("CHOGO_TEST_REDIS").unwrap();
    let mut all = args.to_vec();
    all.extend(["--redis", &redis]);
    let a = Server::start_on(&db.url, &all);
    let b = Server::start_on(&db.url, &all);
    Some((db, a, b))
}

#[test]
fn two_instances_play_whole_games_with_the_players_on_different_instances() {
    let Some((_db, one, two)) = two_instances("games", &FAST) else {
        return;
    };
    let specs = [
        (GameKind::Chogo, None, None, None),
        (GameKind::Chogo, Some("chogo-44,king=rook"), None, None),
        (GameKind::Go, None, Some("R"), Some("9")),
        (GameKind::Go, None, Some("RB"), Some("7")),
    ];
    for (i, (game, rules, pieces, board)) in specs.into_iter().enumerate() {
        let mut s = spec(game, if i % 2 == 0 { Side::Black } else { Side::White });
        s.rules = rules.map(str::to_string);
        s.pieces = pieces.map(str::to_string);
        s.board = board.map(str::to_string);
        let (mut a, mut b) = pair_on(&one.url(), &two.url(), s);
        let mut rng = Rng(40 + i as u64);
        play(&mut a, &mut b, &mut rng, 200, true);
        // The database is one: either instance's view of it is the record.
        let record = same_records(&one, &a, &b);
        assert!(a.state().unwrap().moves.len() > 4, "{record}");
    }
}

#[test]
fn two_instances_share_offers_a_take_back_a_rematch_and_a_returning_player() {
    let Some((_db, one, two)) = two_instances("offers", &FAST) else {
        return;
    };
    let (mut a, mut b) = pair_on(&one.url(), &two.url(), spec(GameKind::Go, Side::Black));
    a.play("e5");
    until(&mut [&mut a, &mut b], 10, |c| c[1].to_move());
    b.play("c3");
    until(&mut [&mut a, &mut b], 10, |c| c[0].to_move());
    // A take-back asked on one instance, accepted on the other.
    b.ask(|code| ClientMsg::Takeback { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter()
            .all(|c| c.state().unwrap().offers.takeback == Some(Side::White))
    });
    a.ask(|code| ClientMsg::AcceptTakeback { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter().all(|c| c.state().unwrap().moves == ["e5"])
    });
    // White drops, is seen gone on the other instance, and comes back on it.
    let (code, token) = (
        b.code().unwrap().to_string(),
        b.token().unwrap().to_string(),
    );
    drop(b);
    until(&mut [&mut a], 10, |c| {
        c[0].state().unwrap().white == Presence::Gone
    });
    let mut b = Client::new(&one.url(), Intent::Rejoin { code, token });
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter().all(|c| {
            c.state()
                .is_some_and(|s| s.white == Presence::Connected && s.moves == ["e5"])
        })
    });
    assert_eq!(b.side(), Some(Side::White));
    // Back on different instances: a draw offered on one and accepted on the other.
    let (code, token) = (
        a.code().unwrap().to_string(),
        a.token().unwrap().to_string(),
    );
    drop(a);
    let mut a = Client::new(&two.url(), Intent::Rejoin { code, token });
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter().all(|c| {
            c.state()
                .is_some_and(|s| s.black == Presence::Connected && s.white == Presence::Connected)
        })
    });
    a.ask(|code| ClientMsg::OfferDraw { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c[1].state().unwrap().offers.draw == Some(Side::Black)
    });
    b.ask(|code| ClientMsg::AcceptDraw { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter().all(|c| c.state().unwrap().result.is_some())
    });
    same_records(&one, &a, &b);
    // A rematch asked on both instances: each player gets a seat of the new room, with
    // a token its own instance made, the sides swapped.
    let old = a.code().unwrap().to_string();
    a.ask(|code| ClientMsg::Rematch { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c[1].state().unwrap().offers.rematch == Some(Side::Black)
    });
    b.ask(|code| ClientMsg::Rematch { code });
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter()
            .all(|c| c.code() != Some(old.as_str()) && c.state().is_some())
    });
    assert_eq!(a.code(), b.code());
    assert_eq!((a.side(), b.side()), (Some(Side::White), Some(Side::Black)));
    assert!(a.token().is_some() && b.token().is_some() && a.token() != b.token());
    let mut rng = Rng(5);
    play(&mut a, &mut b, &mut rng, 30, true);
    same_records(&two, &a, &b);
}

#[test]
fn an_instance_killed_mid_game_its_player_goes_on_from_the_other() {
    let Some((_db, one, mut two)) = two_instances("killed", &FAST) else {
        return;
    };
    let (mut a, mut b) = pair_on(&one.url(), &two.url(), spec(GameKind::Chogo, Side::Black));
    let mut rng = Rng(17);
    play(&mut a, &mut b, &mut rng, 16, false);
    let before = a.state().unwrap().moves.clone();
    let (code, token) = (
        b.code().unwrap().to_string(),
        b.token().unwrap().to_string(),
    );
    // Instance two dies at once: its heartbeat ends, and White is seen gone.
    two.child.kill().unwrap();
    two.child.wait().unwrap();
    drop(b);
    until(&mut [&mut a], 15, |c| {
        c[0].state().unwrap().white == Presence::Gone
    });
    let mut b = Client::new(&one.url(), Intent::Rejoin { code, token });
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter().all(|c| {
            c.state()
                .is_some_and(|s| s.white == Presence::Connected && s.moves == before)
        })
    });
    play(&mut a, &mut b, &mut rng, 300, true);
    assert_eq!(a.state().unwrap().moves[..before.len()], before[..]);
    same_records(&one, &a, &b);
}

#[test]
fn two_instances_agree_on_a_flag_fall() {
    let Some((_db, one, two)) = two_instances("time", &FAST) else {
        return;
    };
    let mut s = spec(GameKind::Go, Side::Black);
    s.clock = Some(ClockSpec {
        initial_ms: 600,
        increment_ms: 100,
    });
    let (mut a, mut b) = pair_on(&one.url(), &two.url(), s);
    a.play("e5");
    // White, on the other instance, never answers.
    until(&mut [&mut a, &mut b], 10, |c| {
        c.iter()
            .all(|c| c.state().is_some_and(|s| s.result.is_some()))
    });
    for c in [&a, &b] {
        let state = c.state().unwrap();
        let result = state.result.as_ref().unwrap();
        assert_eq!(
            (result.winner, result.reason.as_str()),
            (Some(Side::Black), "time")
        );
        assert_eq!(state.clocks.unwrap().white_ms, 0);
    }
    same_records(&one, &a, &b);
}

/// Two instances that compare their rooms with the database only every 10 minutes: what
/// reaches the other instance within a test came by Redis's notices.
const NOTICES_ONLY: [&str; 6] = ["--rate", "100000", "--burst", "100000", "--sync", "600"];

#[test]
fn a_change_reaches_the_other_instance_by_its_notice() {
    let Some((_db, one, two)) = two_instances("notices", &NOTICES_ONLY) else {
        return;
    };
    let (mut a, mut b) = pair_on(&one.url(), &two.url(), spec(GameKind::Chogo, Side::White));
    let mut rng = Rng(23);
    play(&mut a, &mut b, &mut rng, 40, true);
    same_records(&two, &a, &b);
}

fn signal(server: &Server, name: &str) {
    let sent = Command::new("kill")
        .args([&format!("-{name}"), &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

#[test]
fn an_instance_paused_past_its_heartbeat_takes_its_player_back() {
    let Some((_db, one, two)) = two_instances("paused", &FAST) else {
        return;
    };
    let (mut a, mut b) = pair_on(&one.url(), &two.url(), spec(GameKind::Go, Side::Black));
    let mut rng = Rng(29);
    play(&mut a, &mut b, &mut rng, 6, false);
    // Instance two stops beating (but keeps its connections): one writes White gone …
    signal(&two, "STOP");
    until(&mut [&mut a], 20, |c| {
        c[0].state().unwrap().white == Presence::Gone
    });
    // … and two, going on, still holds White's connection and writes it back, without
    // White's client doing anything.
    signal(&two, "CONT");
    until(&mut [&mut a], 20, |c| {
        c[0].state().unwrap().white == Presence::Connected
    });
    play(&mut a, &mut b, &mut rng, 30, true);
    same_records(&one, &a, &b);
}

/// A Redis of the test's own, on a free port, stopped when dropped.
struct OwnRedis {
    child: Child,
    port: u16,
}

impl OwnRedis {
    fn start(port: u16) -> Option<OwnRedis> {
        let port = if port == 0 {
            std::net::TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port()
        } else {
            port
        };
        let child = Command::new("redis-server")
            .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let end = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < end, "redis-server did not start");
            std::thread::sleep(Duration::from_millis(20));
        }
        Some(OwnRedis { child, port })
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }
}

impl Drop for OwnRedis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_instances_go_on_through_a_restart_of_redis() {
    let Some(db) = PgDb::new("redis_restart") else {
        return;
    };
    let Some(redis) = OwnRedis::start(0) else {
        assert!(std::env::var_os("CI").is_none(), "redis-server is missing");
        return;
    };
    let mut args = NOTICES_ONLY.to_vec();
    let url = redis.url();
    args.extend(["--redis", &url]);
    let (one, two) = (
        Server::start_on(&db.url, &args),
        Server::start_on(&db.url, &args),
    );
    let (mut a, mut b) = pair_on(&one.url(), &two.url(), spec(GameKind::Chogo, Side::Black));
    let mut rng = Rng(31);
    play(&mut a, &mut b, &mut rng, 8, false);
    let port = redis.port;
    drop(redis);
    std::thread::sleep(Duration::from_millis(1500));
    let _redis = OwnRedis::start(port).unwrap();
    // The moves go on reaching the other instance by notices: each instance subscribes
    // and connects again by itself.
    play(&mut a, &mut b, &mut rng, 40, true);
    for c in [&a, &b] {
        assert!(c.state().unwrap().moves.len() > 8);
    }
    same_records(&one, &a, &b);
}

#[test]
fn a_game_goes_on_when_postgresql_cuts_the_servers_connection() {
    let Some(db) = PgDb::new("cut") else {
        return;
    };
    let server = Server::start_on(&db.url, &FAST);
    let (mut a, mut b) = pair(&server, spec(GameKind::Go, Side::Black));
    let mut rng = Rng(43);
    play(&mut a, &mut b, &mut rng, 6, false);
    // PostgreSQL ends the server's connection (as a restart of it would): the next call
    // finds it closed, connects again and is made again, its statements prepared anew.
    let mut pg = postgres::Client::connect(&db.admin, postgres::NoTls).unwrap();
    let cut = pg
        .query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = $1 AND pid <> pg_backend_pid()",
            &[&db.name],
        )
        .unwrap();
    assert!(!cut.is_empty(), "the server had a connection to cut");
    // A move refused (`storage`) would stall the game here: the client sends a position's
    // move once.
    play(&mut a, &mut b, &mut rng, 30, true);
    same_records(&server, &a, &b);
}
