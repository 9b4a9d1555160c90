//! The online game in the app, without a window: a chogo-server on 127.0.0.1 with a free
//! port (the program `bash .ci/test` builds first: tests/common/server.rs); the app's real systems (the link, the
//! board's online driver, the session, the animation clock) play one side, the person's
//! moves written as the board's input writes them; the project's client plays the other
//! side from the test. Whole games of both games, a take-back both agree to, a
//! resignation, a dropped opponent, a rematch, a move refused, and an opponent on another
//! instance of a cluster (PostgreSQL and Redis from .ci/services). Every wait is bounded.
#![cfg(feature = "gui")]

mod common;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use chogo::common::{Playable, Side};
use chogo::game::app::online::{OnlineAsk, OnlineRun, Room, RoomAsk};
use chogo::game::{Bridge, Command, GoBridge, GoCommand, Launch, PlayerSettings, Screen, Start};
use chogo::online::client::{Client, Intent, Link};
use chogo::online::protocol::{ClientMsg, GameKind as RoomKind, GameSpec, Presence};
use common::ecs::launched;
use common::server::{Server, TempDir};

/// The app, its settings pointing at `server`, on the title screen.
fn app(server: &Server) -> App {
    let mut app = launched(Launch {
        store: None,
        game: None,
        start: Start::Play,
    });
    app.world_mut().resource_mut::<PlayerSettings>().0.server = server.url();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Online);
    app.update();
    app
}

fn room(app: &App) -> &Room {
    app.world().resource::<Room>()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// Runs the app's frames and polls the opponent's client until `done` holds (at most
/// 30 s).
#[track_caller]
fn until(app: &mut App, other: &mut Client, what: &str, done: impl Fn(&App, &Client) -> bool) {
    let started = Instant::now();
    while !done(app, other) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "never happened: {what}; the room: {:?}",
            room(app).state
        );
        app.update();
        other.poll(web_time::Instant::now());
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The app creates a game (`spec`) and the client joins it; both seated.
fn seated(app: &mut App, spec: GameSpec, server: &Server) -> Client {
    app.world_mut().write_message(OnlineAsk::Create(spec));
    let started = Instant::now();
    while room(app).code.is_none() || screen(app) != Screen::OnlineGame {
        assert!(started.elapsed() < Duration::from_secs(30), "no room");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let code = room(app).code.clone().unwrap();
    let mut other = Client::new(&server.url(), Intent::Join(code));
    until(app, &mut other, "both seated", |app, other| {
        let both = |s: &chogo::online::protocol::State| {
            s.black == Presence::Connected && s.white == Presence::Connected
        };
        room(app).state.as_ref().is_some_and(both) && other.state().is_some_and(both)
    });
    other
}

fn spec(game: RoomKind, rules: &str, side: Side) -> GameSpec {
    GameSpec {
        game: Some(game),
        rules: Some(rules.into()),
        side: Some(side),
        ..GameSpec::default()
    }
}

/// The same game on the app's board, in the app's room and at the opponent's client.
fn same_game<G: Playable>(app: &App, board: &G, other: &Client) -> bool {
    let (Some(mine), Some(theirs)) = (room(app).state.as_ref(), other.state()) else {
        return false;
    };
    mine.moves == theirs.moves
        && board.ply_count() == mine.moves.len()
        && other
            .game()
            .is_some_and(|g| g.ply_count() == board.ply_count())
        && other.record() == room(app).game.as_ref().map(|g| g.record("black", "white"))
}

/// A seeded choice among legal moves (xorshift).
struct Rng(u64);

impl Rng {
    fn pick(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays `plies` moves of a Chogo game, the app's person and the client in turn, each a
/// random legal move; checks after each that both have the same game.
fn play_chogo(app: &mut App, other: &mut Client, mine: Side, plies: usize, rng: &mut Rng) {
    for _ in 0..plies {
        let bridge = app.world().resource::<Bridge>();
        if bridge.game.is_over() {
            return;
        }
        if bridge.game.turn() == mine {
            until(app, other, "the person's turn", |app, _| {
                app.world().resource::<Bridge>().human_to_move()
            });
            let bridge = app.world().resource::<Bridge>();
            let moves = bridge.game.legal_moves();
            let mv = moves[rng.pick(moves.len())];
            app.world_mut().write_message(Command::Play(mv));
        } else {
            until(app, other, "the client's turn", |_, other| other.to_move());
            let texts = other.game().unwrap().legal_texts();
            let text = texts[rng.pick(texts.len())].clone();
            assert!(other.play(&text));
        }
        let n = room(app).state.as_ref().map_or(0, |s| s.moves.len()) + 1;
        until(app, other, "the move reaches both", |app, other| {
            let bridge = app.world().resource::<Bridge>();
            room(app).state.as_ref().is_some_and(|s| s.moves.len() == n)
                && same_game(app, &bridge.game, other)
                && !app.world().resource::<chogo::game::Animating>().0
        });
    }
}

#[test]
fn a_chogo_game_is_played_online_from_the_app_to_the_end() {
    if !common::server::available() {
        return;
    }
    let dir = TempDir::new("app-chogo");
    let server = Server::start(&dir.0.join("games.db"), &["--rate", "1000"]);
    let mut app = app(&server);
    let mut other = seated(
        &mut app,
        spec(RoomKind::Chogo, "chogo-44", Side::Black),
        &server,
    );
    assert_eq!(room(&app).side, Some(Side::Black));
    assert!(app.world().resource::<Bridge>().is_driven());
    assert!(
        app.world()
            .resource::<OnlineRun<chogo::rules::Game>>()
            .is_on()
    );
    let mut rng = Rng(0x5eed);
    play_chogo(&mut app, &mut other, Side::Black, 24, &mut rng);
    // The seat is kept for a rejoin after a restart.
    let seat = app
        .world()
        .resource::<PlayerSettings>()
        .0
        .online_seat
        .clone();
    assert_eq!(seat.map(|s| s.code), room(&app).code.clone());

    // A take-back: the app asks, the opponent accepts; the board goes back with the room.
    let before = room(&app).state.as_ref().unwrap().moves.len();
    let mine = app.world().resource::<Bridge>().game.turn() == Side::Black;
    if !mine {
        // The client moves, so that the person's last move has an answer to take back too.
        play_chogo(&mut app, &mut other, Side::Black, 1, &mut rng);
    }
    let before = before.max(room(&app).state.as_ref().unwrap().moves.len());
    app.world_mut()
        .write_message(OnlineAsk::Room(RoomAsk::TakeBack));
    until(
        &mut app,
        &mut other,
        "the offer reaches the client",
        |_, other| {
            other
                .state()
                .is_some_and(|s| s.offers.takeback == Some(Side::Black))
        },
    );
    other.ask(|code| ClientMsg::AcceptTakeback { code });
    until(&mut app, &mut other, "the board goes back", |app, other| {
        let bridge = app.world().resource::<Bridge>();
        bridge.game.ply_count() < before && same_game(app, &bridge.game, other)
    });
    assert!(app.world().resource::<Bridge>().human_to_move());

    // The opponent resigns: the board shows the game over, the record agrees.
    other.ask(|code| ClientMsg::Resign { code });
    until(&mut app, &mut other, "the resignation", |app, other| {
        let bridge = app.world().resource::<Bridge>();
        bridge.game.is_over() && same_game(app, &bridge.game, other)
    });
    let result = room(&app).state.as_ref().unwrap().result.clone().unwrap();
    assert_eq!(result.winner, Some(Side::Black));
    // The server's record (in its state) is the client's.
    let record = room(&app).state.as_ref().unwrap().record.clone();
    assert_eq!(Some(record), other.record());

    // A rematch: both ask; the app is seated in the new room with the sides swapped.
    let old = room(&app).code.clone();
    app.world_mut()
        .write_message(OnlineAsk::Room(RoomAsk::Rematch));
    other.ask(|code| ClientMsg::Rematch { code });
    until(&mut app, &mut other, "the rematch", |app, other| {
        room(app).code != old
            && other.code() == room(app).code.as_deref()
            && room(app).state.as_ref().is_some_and(|s| s.result.is_none())
            && app.world().resource::<Bridge>().game.ply_count() == 0
    });
    assert_eq!(room(&app).side, Some(Side::White));
    play_chogo(&mut app, &mut other, Side::White, 6, &mut rng);

    // Leaving: the game played before comes back to the board; the seat is forgotten.
    app.world_mut().write_message(OnlineAsk::Leave);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    for _ in 0..5 {
        app.update();
    }
    assert!(!app.world().resource::<Bridge>().is_driven());
    assert!(!room(&app).is_open());
    assert_eq!(app.world().resource::<PlayerSettings>().0.online_seat, None);
}

#[test]
fn the_app_plays_an_opponent_connected_to_another_server_instance() {
    if !common::server::available() {
        return;
    }
    // Two instances of a cluster on the PostgreSQL and the Redis that `bash .ci/test`
    // starts (.ci/services): the app on one, its opponent on the other.
    let Some((db, redis)) = common::server::services() else {
        return;
    };
    let args = ["--rate", "1000", "--redis", &redis];
    let (one, two) = (Server::start_on(&db, &args), Server::start_on(&db, &args));
    let mut app = app(&one);
    let mut other = seated(
        &mut app,
        spec(RoomKind::Chogo, "chogo-44", Side::White),
        &two,
    );
    assert_eq!(room(&app).side, Some(Side::White));
    let mut rng = Rng(0x1e57);
    play_chogo(&mut app, &mut other, Side::White, 16, &mut rng);
    assert!(
        !app.world().resource::<Bridge>().game.is_over(),
        "the seed's 16 plies end no game"
    );
    // The opponent resigns on its instance: the app's board ends the game.
    assert!(other.ask(|code| ClientMsg::Resign { code }));
    until(
        &mut app,
        &mut other,
        "the resignation reaches the app",
        |app, _| {
            room(app).state.as_ref().is_some_and(|s| s.result.is_some())
                && app.world().resource::<Bridge>().game.is_over()
        },
    );
    let result = room(&app).state.as_ref().unwrap().result.clone().unwrap();
    assert_eq!(result.winner, Some(Side::White));
}

#[test]
fn a_go_game_online_passes_plays_on_and_a_dropped_opponent() {
    if !common::server::available() {
        return;
    }
    let dir = TempDir::new("app-go");
    let server = Server::start(&dir.0.join("games.db"), &["--rate", "1000"]);
    let mut app = app(&server);
    let mut other = seated(
        &mut app,
        spec(RoomKind::Go, "7x7,pieces=RB,komi=4.5", Side::White),
        &server,
    );
    assert_eq!(room(&app).side, Some(Side::White));
    // The client (Black) moves first; the app's board plays it (a drop animates).
    until(&mut app, &mut other, "Black's turn", |_, other| {
        other.to_move()
    });
    assert!(other.play("R@d4"));
    until(&mut app, &mut other, "the person's turn", |app, _| {
        app.world().resource::<GoBridge>().human_to_move()
    });
    assert_eq!(app.world().resource::<GoBridge>().game.ply_count(), 1);
    // The person passes with the panel's Pass (as the board's key P would).
    app.world_mut().write_message(OnlineAsk::Pass);
    until(
        &mut app,
        &mut other,
        "the pass reaches both",
        |app, other| {
            let bridge = app.world().resource::<GoBridge>();
            bridge.game.ply_count() == 2 && same_game(app, &bridge.game, other)
        },
    );
    // The opponent drops: the app sees the seat gone, then back after the rejoin.
    // (It waits a second before trying again, so that the app sees it gone.)
    other.retry_every = Duration::from_secs(1);
    other.drop_link();
    until(&mut app, &mut other, "the opponent seen gone", |app, _| {
        room(app)
            .state
            .as_ref()
            .is_some_and(|s| s.black == Presence::Gone)
    });
    until(&mut app, &mut other, "the opponent back", |app, other| {
        other.link() == Link::Open
            && room(app)
                .state
                .as_ref()
                .is_some_and(|s| s.black == Presence::Connected)
    });
    // Black passes too: the game ends by passes on the board as in the room.
    until(&mut app, &mut other, "Black's turn again", |_, other| {
        other.to_move()
    });
    assert!(other.play("pass"));
    until(&mut app, &mut other, "the end by passes", |app, other| {
        let bridge = app.world().resource::<GoBridge>();
        bridge.game.is_over() && same_game(app, &bridge.game, other)
    });
    // Both play on: the board's game goes on from the room's.
    app.world_mut()
        .write_message(OnlineAsk::Room(RoomAsk::PlayOn));
    until(&mut app, &mut other, "the offer to play on", |_, other| {
        other
            .state()
            .is_some_and(|s| s.offers.play_on == Some(Side::White))
    });
    other.ask(|code| ClientMsg::PlayOn { code });
    until(&mut app, &mut other, "the game goes on", |app, other| {
        let bridge = app.world().resource::<GoBridge>();
        !bridge.game.is_over() && same_game(app, &bridge.game, other)
    });
    // White (the person) moves first after playing on: a drop, then Black answers.
    until(
        &mut app,
        &mut other,
        "the person's move after playing on",
        |app, _| app.world().resource::<GoBridge>().human_to_move(),
    );
    let bridge = app.world().resource::<GoBridge>();
    let drop = bridge
        .game
        .legal_moves()
        .into_iter()
        .find(|m| *m != chogo::go::Move::Pass)
        .unwrap();
    app.world_mut().write_message(GoCommand::Play(drop));
    until(
        &mut app,
        &mut other,
        "Black's move after playing on",
        |_, other| other.to_move(),
    );
    let text = other
        .game()
        .unwrap()
        .legal_texts()
        .into_iter()
        .find(|t| t != "pass")
        .unwrap();
    assert!(other.play(&text));
    until(
        &mut app,
        &mut other,
        "both moves after playing on",
        |app, other| {
            let bridge = app.world().resource::<GoBridge>();
            bridge.game.ply_count() == 5
                && same_game(app, &bridge.game, other)
                && bridge.human_to_move()
        },
    );
}

#[test]
fn a_code_that_names_no_room_is_refused_in_words_and_nothing_changes() {
    if !common::server::available() {
        return;
    }
    let dir = TempDir::new("app-refused");
    let server = Server::start(&dir.0.join("games.db"), &[]);
    let mut app = app(&server);
    // A seat kept from an earlier game: a mistyped code leaves it alone.
    let seat = chogo::save::OnlineSeat {
        server: server.url(),
        code: "ABC234".into(),
        token: "0123456789abcdef0123456789abcdef".into(),
    };
    app.world_mut()
        .resource_mut::<PlayerSettings>()
        .0
        .online_seat = Some(seat.clone());
    let moves_before = app.world().resource::<Bridge>().game.ply_count();
    app.world_mut()
        .write_message(OnlineAsk::Join("ZZZZZZ".into()));
    let started = Instant::now();
    while room(&app).problem.is_none() {
        assert!(started.elapsed() < Duration::from_secs(20), "no answer");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let problem = room(&app).problem.clone().unwrap();
    assert!(
        problem.contains("ZZZZZZ") || problem.to_lowercase().contains("no room"),
        "{problem}"
    );
    assert_eq!(screen(&app), Screen::Online);
    assert_eq!(
        app.world().resource::<PlayerSettings>().0.online_seat,
        Some(seat.clone())
    );
    // Rejoining that seat is refused (the server never had it): then it is forgotten.
    app.world_mut().write_message(OnlineAsk::Rejoin);
    let started = Instant::now();
    while app
        .world()
        .resource::<PlayerSettings>()
        .0
        .online_seat
        .is_some()
    {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the seat is kept"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(!app.world().resource::<Bridge>().is_driven());
    assert_eq!(
        app.world().resource::<Bridge>().game.ply_count(),
        moves_before
    );
}
