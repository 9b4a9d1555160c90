//! The game server's protocol: arbitrary text as one client frame
//! (`protocol::decode_client`), then split into lines as the frames of two outsiders sent
//! to a server's hub (on a fresh SQLite file) that holds a game in progress between two
//! other connections. Whatever the outsiders send, that game must be as it was: the same
//! moves, no result, no offer, both players seated, in memory and in its database row;
//! and every frame the hub sends is a well-formed server message.
//!
//! A line is a frame of the first outsider; `!` first sends it from the second one.
//! `@G@` in a line is replaced by the guarded game's code, `@R@` by the last room an
//! outsider was seated in, `@T@` by the last token an outsider was given. `#d` drops the
//! second outsider and connects it again, `#tN` lets N seconds pass (the hub's tick).
#![no_main]

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use chogo::common::Side;
use chogo::online::game::{OnlineGame, Variant};
use chogo::online::protocol::{self, ClientMsg, GameKind, Offers, Presence, ServerMsg, State};
use chogo::online::server::hub::{Hub, Limits, Out};
use chogo::online::server::store::Store;
use libfuzzer_sys::fuzz_target;

const PLIES: usize = 3;

/// A file for each input's database, in the memory's file system where there is one (on
/// disk, a new file each input made the target three times slower).
fn db_path() -> PathBuf {
    let shm = PathBuf::from("/dev/shm");
    let dir = if shm.is_dir() {
        shm
    } else {
        std::env::temp_dir()
    };
    dir.join(format!("chogo-fuzz-online-{}.db", std::process::id()))
}

fn remove_db(path: &PathBuf) {
    for end in ["", "-wal", "-shm"] {
        let mut p = path.clone().into_os_string();
        p.push(end);
        let _ = std::fs::remove_file(p);
    }
}

/// Every frame out must read as a server message.
fn read(out: &[Out]) -> Vec<(u64, ServerMsg)> {
    out.iter()
        .map(|o| {
            let msg = protocol::decode_server(&o.text)
                .unwrap_or_else(|e| panic!("the hub sent an unreadable frame {:?}: {e:?}", o.text));
            (o.to, msg)
        })
        .collect()
}

fn last_state(out: &[(u64, ServerMsg)], to: u64) -> Option<State> {
    out.iter().rev().find_map(|(t, m)| match m {
        ServerMsg::State(s) if *t == to => Some(s.clone()),
        _ => None,
    })
}

/// A hub on a fresh file with a game of Chogo between `black` and `white`, `PLIES` moves
/// in: the hub, the two connections, the game's state.
fn game_in_progress(path: &PathBuf, now: Instant) -> (Hub, u64, u64, State) {
    remove_db(path);
    let limits = Limits {
        msgs_per_sec: 1e6,
        burst: 1e6,
        ..Limits::default()
    };
    let mut hub = Hub::new(
        Store::open_sqlite(path).expect("a fresh SQLite file opens"),
        limits,
    );
    let ip: IpAddr = [127, 0, 0, 1].into();
    let black = hub.connect(ip, now).unwrap();
    let white = hub.connect(ip, now).unwrap();
    let create = ClientMsg::Create(protocol::GameSpec {
        game: Some(GameKind::Chogo),
        side: Some(Side::Black),
        ..Default::default()
    });
    let out = read(&hub.frame(black, &protocol::encode(&create), now));
    let Some((_, ServerMsg::Joined { code, .. })) = out.first() else {
        panic!("create: {out:?}")
    };
    let code = code.clone();
    let join = ClientMsg::Join { code: code.clone() };
    let mut state = last_state(
        &read(&hub.frame(white, &protocol::encode(&join), now)),
        white,
    )
    .expect("a join is answered with the state");
    let variant = Variant::from_text(GameKind::Chogo, &state.rules).unwrap();
    let mut game = OnlineGame::new(&variant);
    for ply in 0..PLIES {
        let text = game.legal_texts()[ply * 7 % game.legal_texts().len()].clone();
        game.play_text(&text).unwrap();
        let mover = if state.turn == Side::Black {
            black
        } else {
            white
        };
        let mv = ClientMsg::Move {
            code: code.clone(),
            text,
        };
        state = last_state(&read(&hub.frame(mover, &protocol::encode(&mv), now)), mover)
            .expect("a move is answered with the state");
    }
    assert_eq!(state.moves.len(), PLIES);
    (hub, black, white, state)
}

fn unchanged(before: &State, now: &State) {
    assert_eq!(now.moves, before.moves, "the game's moves changed");
    assert_eq!(now.turn, before.turn);
    assert_eq!(now.result, None, "the game ended");
    assert_eq!(now.offers, Offers::default(), "an offer appeared");
    assert_eq!(now.rules, before.rules);
    assert_eq!(
        (now.black, now.white),
        (Presence::Connected, Presence::Connected),
        "a player lost their seat"
    );
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // The whole input as one frame: a message that reads is written back and reads again.
    if let Ok(msg) = protocol::decode_client(&text) {
        let again = protocol::encode(&msg);
        protocol::decode_client(&again)
            .unwrap_or_else(|e| panic!("{msg:?} written as {again:?} does not read: {e:?}"));
    }

    let path = db_path();
    let t0 = Instant::now();
    let (mut hub, black, white, before) = game_in_progress(&path, t0);
    let code = before.code.clone();
    let ip: IpAddr = [127, 0, 0, 2].into();
    let a = hub.connect(ip, t0).unwrap();
    let mut b = hub.connect(ip, t0).unwrap();
    let mut room = String::new();
    let mut token = String::new();
    let mut now = t0;
    for line in text.split('\n').take(64) {
        now += Duration::from_millis(1);
        let out = if line == "#d" {
            let out = hub.disconnect(b, now);
            b = hub.connect(ip, now).unwrap();
            out
        } else if let Some(secs) = line.strip_prefix("#t") {
            now += Duration::from_secs(secs.trim().parse::<u64>().unwrap_or(1).min(100_000));
            hub.tick(now)
        } else {
            let (from, frame) = match line.strip_prefix('!') {
                Some(rest) => (b, rest),
                None => (a, line),
            };
            let frame = frame
                .replace("@G@", &code)
                .replace("@R@", &room)
                .replace("@T@", &token);
            hub.frame(from, &frame, now)
        };
        for (to, msg) in read(&out) {
            match msg {
                ServerMsg::State(s) if s.code == code => unchanged(&before, &s),
                ServerMsg::Joined {
                    code: c,
                    token: t,
                    side,
                    ..
                } if to == a || to == b => {
                    assert!(
                        c != code || side.is_none(),
                        "an outsider was seated in the guarded game"
                    );
                    room = c;
                    if let Some(t) = t {
                        token = t;
                    }
                }
                ServerMsg::Joined { code: c, .. } => {
                    assert!(
                        c != code && (to == black || to == white),
                        "a joined to {to} of {c}"
                    );
                }
                _ => {}
            }
        }
    }
    // The game as a newcomer watching it sees it, and as its row holds it.
    let watcher = hub.connect([127, 0, 0, 3].into(), now).unwrap();
    let watch = ClientMsg::Watch { code: code.clone() };
    let seen = last_state(
        &read(&hub.frame(watcher, &protocol::encode(&watch), now)),
        watcher,
    )
    .expect("the guarded game can be watched");
    unchanged(&before, &seen);
    drop(hub);
    let row = Store::open_sqlite(&path)
        .expect("the file opens again")
        .row(&code)
        .expect("the row reads")
        .expect("the guarded game has its row");
    assert_eq!(row.saved.moves, before.moves, "the row's moves changed");
    assert!(!row.finished, "the row says the game finished");
    remove_db(&path);
});
