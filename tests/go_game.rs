//! ECS tests of Go with chess pieces in the app, without a window: commands in, reports
//! and piece entities out, the screens following the game, saves resumed, SGF imported.
#![cfg(feature = "gui")]

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use chogo::game::{
    Bridge, Command, GameKind, Given, GoBridge, GoCommand, GoEdit, GoFlipped, GoOwn, GoPiece,
    GoPlayed, GoSetup, GoThinking, GoViewing, Launch, MenuAction, Notice, Refused, Resumable,
    Screen, Setup, Start, StudySource,
};
use chogo::go::bot::Level;
use chogo::go::{Bits, Board, Cell, Kind, Move, Piece, PieceSet, Position, Rules};
use chogo::rules::{BySide, Side};
use chogo::save::{self, GoPlayer, GoSavedGame, Store};
use common::ecs::{drain, launched, settle};

fn rules(board: u8, pieces: &str) -> Rules {
    Rules {
        board: Board::Square(board),
        pieces: pieces.parse::<PieceSet>().unwrap(),
        ..Rules::default()
    }
}

/// A game of Go with chess pieces between `players`, started at once; with `store`, it
/// saves there.
fn app_with(rules: Rules, players: BySide<GoPlayer>, store: Option<&Path>) -> App {
    launched(Launch {
        store: store.map(Store::at),
        game: Some(Given::new(
            GameKind::Go,
            GoBridge::new(GoSetup { rules, players }),
        )),
        start: Start::Play,
    })
}

fn people(rules: Rules) -> App {
    app_with(rules, BySide::new(GoPlayer::Human, GoPlayer::Human), None)
}

fn send(app: &mut App, command: GoCommand) {
    app.world_mut().write_message(command);
    settle(app);
}

fn drop_at(app: &mut App, kind: Kind, cell: &str) {
    let cell: Cell = cell.parse().unwrap();
    send(app, GoCommand::Play(Move::Drop { kind, cell }));
}

/// The piece entities, by side.
fn entities(app: &mut App) -> [Bits; 2] {
    let mut out = [Bits::EMPTY; 2];
    let mut query = app.world_mut().query::<&GoPiece>();
    for piece in query.iter(app.world()) {
        let i = usize::from(piece.piece.side == Side::White);
        assert!(
            !out[0].contains(piece.cell) && !out[1].contains(piece.cell),
            "two pieces on {}",
            piece.cell
        );
        out[i].insert(piece.cell);
    }
    out
}

fn position(app: &App) -> Position {
    *app.world().resource::<GoBridge>().game.position()
}

/// The piece entities show the position the board shows (the live game's, a past one, a
/// side line's).
fn assert_in_step(app: &mut App) {
    let viewing = app.world().resource::<GoViewing>().0;
    let pos = *app.world().resource::<GoBridge>().shown(viewing);
    assert_eq!(
        entities(app),
        [pos.pieces(Side::Black), pos.pieces(Side::White)],
        "{pos}"
    );
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn the_game_starts_on_its_own_board() {
    let mut app = people(rules(9, "R"));
    assert_eq!(
        *app.world().resource::<State<GameKind>>().get(),
        GameKind::Go
    );
    assert_eq!(screen(&app), Screen::Playing);
    assert_in_step(&mut app);
    assert_eq!(entities(&mut app), [Bits::EMPTY; 2]);
}

#[test]
fn a_drop_is_reported_and_spawns_its_piece() {
    let mut app = people(rules(9, "RB"));
    app.world_mut().write_message(GoCommand::Play(Move::Drop {
        kind: Kind::Bishop,
        cell: "e5".parse().unwrap(),
    }));
    app.update();
    let played: Vec<GoPlayed> = drain(&mut app);
    assert_eq!(played.len(), 1);
    assert_eq!(played[0].side, Side::Black);
    settle(&mut app);
    assert_in_step(&mut app);
    let mut query = app.world_mut().query::<&GoPiece>();
    let pieces: Vec<GoPiece> = query.iter(app.world()).copied().collect();
    assert_eq!(pieces.len(), 1);
    assert_eq!(pieces[0].piece.kind, Kind::Bishop);
    assert_eq!(pieces[0].cell.to_string(), "e5");
}

#[test]
fn a_capture_despawns_exactly_the_captured_pieces() {
    let mut app = people(rules(9, "R"));
    // Black surrounds two white stones on the edge: b1 c1 … then closes at d1.
    for (b, w) in [("a1", "b1"), ("b2", "c1"), ("c2", "h8")] {
        drop_at(&mut app, Kind::Rook, b);
        drop_at(&mut app, Kind::Rook, w);
        assert_in_step(&mut app);
    }
    let white_before = position(&app).pieces(Side::White);
    app.world_mut().write_message(GoCommand::Play(Move::Drop {
        kind: Kind::Rook,
        cell: "d1".parse().unwrap(),
    }));
    app.update();
    let played: Vec<GoPlayed> = drain(&mut app);
    let captured = played[0].report;
    assert_eq!(captured.count(), 2, "b1 and c1");
    // While they fly to the tray they are no longer pieces of the board.
    assert_eq!(entities(&mut app)[1], white_before & !captured);
    settle(&mut app);
    assert_in_step(&mut app);
    assert_eq!(position(&app).captures(Side::Black), 2);
}

#[test]
fn an_illegal_drop_is_refused_and_changes_nothing() {
    let mut app = people(rules(9, "R"));
    drop_at(&mut app, Kind::Rook, "e5");
    let before = position(&app);
    app.world_mut().write_message(GoCommand::Play(Move::Drop {
        kind: Kind::Rook,
        cell: "e5".parse().unwrap(),
    }));
    app.update();
    let refused: Vec<Refused> = drain(&mut app);
    assert_eq!(refused.len(), 1);
    assert!(refused[0].0.contains("occupied"), "{}", refused[0].0);
    // A kind outside the set is refused too.
    app.world_mut().write_message(GoCommand::Play(Move::Drop {
        kind: Kind::Knight,
        cell: "a9".parse().unwrap(),
    }));
    app.update();
    assert_eq!(drain::<Refused>(&mut app).len(), 1);
    settle(&mut app);
    assert_eq!(position(&app), before);
    assert_in_step(&mut app);
}

#[test]
fn two_passes_end_the_game_on_the_score_and_undo_plays_on() {
    let mut app = people(rules(5, "R"));
    drop_at(&mut app, Kind::Rook, "c3");
    send(&mut app, GoCommand::Play(Move::Pass));
    assert_eq!(screen(&app), Screen::Playing);
    send(&mut app, GoCommand::Play(Move::Pass));
    let bridge = app.world().resource::<GoBridge>();
    let outcome = bridge.game.outcome().expect("over after two passes");
    // Black controls all 24 empty cells; White has komi only.
    assert_eq!(outcome.winner, Some(Side::Black));
    app.update();
    assert_eq!(screen(&app), Screen::GameOver);
    // Undo takes the last pass back: the game goes on.
    send(&mut app, GoCommand::Undo);
    assert!(app.world().resource::<GoBridge>().game.outcome().is_none());
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert_in_step(&mut app);
}

#[test]
fn undo_and_redo_keep_the_pieces_in_step() {
    let mut app = people(rules(9, "K"));
    for cell in ["e5", "d4", "f6", "c3"] {
        drop_at(&mut app, Kind::King, cell);
    }
    send(&mut app, GoCommand::Undo);
    send(&mut app, GoCommand::Undo);
    assert_eq!(position(&app).pieces(Side::Black).count(), 1);
    assert_in_step(&mut app);
    send(&mut app, GoCommand::Redo);
    assert_eq!(position(&app).occupied().count(), 3);
    assert_in_step(&mut app);
    // A new move drops what was left to redo.
    drop_at(&mut app, Kind::King, "a1");
    assert!(!app.world().resource::<GoBridge>().game.can_redo());
    assert_in_step(&mut app);
}

#[test]
fn a_bot_answers_a_person_and_undo_goes_back_to_the_person() {
    let mut app = app_with(
        rules(9, "R"),
        BySide::new(GoPlayer::Human, GoPlayer::Bot(Level::Easy)),
        None,
    );
    drop_at(&mut app, Kind::Rook, "e5");
    // The bot thinks on a background task: frames run until its move is played, however
    // busy the machine; only a hung search reaches the bound.
    let started = Instant::now();
    while app.world().resource::<GoBridge>().game.moves().len() < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the bot never answered"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    settle(&mut app);
    let bridge = app.world().resource::<GoBridge>();
    assert_eq!(bridge.game.moves().len(), 2, "the bot answered");
    assert_eq!(bridge.game.position().turn(), Side::Black);
    assert_in_step(&mut app);
    send(&mut app, GoCommand::Undo);
    assert_eq!(app.world().resource::<GoBridge>().game.moves().len(), 0);
    assert_in_step(&mut app);
}

#[test]
fn moving_pieces_slide_and_stay_in_step() {
    let mut app = people(Rules {
        moving: true,
        superko: true,
        ..rules(9, "R")
    });
    drop_at(&mut app, Kind::Rook, "a1");
    drop_at(&mut app, Kind::Rook, "i9");
    send(
        &mut app,
        GoCommand::Play(Move::Step {
            from: "a1".parse().unwrap(),
            to: "a5".parse().unwrap(),
        }),
    );
    assert!(
        position(&app)
            .pieces(Side::Black)
            .contains("a5".parse().unwrap())
    );
    assert_in_step(&mut app);
}

#[test]
fn the_game_is_saved_and_continue_resumes_it() {
    let dir = std::env::temp_dir().join(format!("chogo-go-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with(
        rules(9, "N"),
        BySide::new(GoPlayer::Human, GoPlayer::Human),
        Some(&dir),
    );
    drop_at(&mut app, Kind::Knight, "e5");
    drop_at(&mut app, Kind::Knight, "c3");
    send(&mut app, GoCommand::Undo);
    let saved = position(&app);
    drop(app);
    assert!(dir.join(save::GO_SAVE_FILE).exists());
    // A new run from the title screen: Continue goes back to this game, redo and all.
    let mut resumed = launched(Launch {
        store: Some(Store::at(&dir)),
        game: None,
        start: Start::Menu(Screen::Title),
    });
    assert!(resumed.world().resource::<Resumable>().0);
    assert_eq!(
        *resumed.world().resource::<State<GameKind>>().get(),
        GameKind::Go
    );
    resumed.world_mut().write_message(MenuAction::Play);
    settle(&mut resumed);
    assert_eq!(screen(&resumed), Screen::Playing);
    assert_eq!(position(&resumed), saved);
    assert_eq!(
        resumed
            .world()
            .resource::<GoBridge>()
            .game
            .redo_moves()
            .count(),
        1
    );
    assert_in_step(&mut resumed);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_sgf_from_gnu_go_loads_into_the_game() {
    let text = include_str!("go_records/gnugo-selfplay-9x9.sgf");
    let game = save::import_go(text, Rules::default())
        .expect("an SGF")
        .expect("it replays");
    let moves = game.moves().len();
    assert!(moves > 40, "{moves}");
    let mut app = people(rules(9, "R"));
    load_go(
        &mut app,
        GoSavedGame {
            game,
            players: BySide::new(GoPlayer::Human, GoPlayer::Human),
        },
    );
    settle(&mut app);
    let bridge = app.world().resource::<GoBridge>();
    assert_eq!(bridge.game.moves().len(), moves);
    assert_eq!(bridge.game.position().rules().komi, 6.5);
    assert_in_step(&mut app);
    // A Chogo record or position is not taken for one of this game.
    assert!(save::import_go("[Event \"x\"]\n1. e3 *", Rules::default()).is_none());
    assert!(
        save::import_go(
            "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp##[Kk] b 0 1",
            Rules::default()
        )
        .is_none()
    );
}

#[test]
fn a_position_text_loads_under_the_chosen_rules_on_its_own_size() {
    // A 5 x 5 text under 9 x 9 rules with knights: the board follows the text.
    let game = save::import_go("5/2n2/5/2N2/5 w 0 0 0 - 3", rules(9, "N"))
        .expect("a position text")
        .expect("it reads");
    let pos = game.position();
    assert_eq!(pos.rules().board, Board::Square(5));
    assert_eq!(pos.rules().pieces, "N".parse::<PieceSet>().unwrap());
    assert_eq!(pos.turn(), Side::White);
    // A piece outside the set is an error with the rules it was read under.
    let refused =
        save::import_go("5/2b2/5/5/5 b 0 0 0 - 1", rules(9, "N")).expect("a position text");
    assert!(refused.is_err_and(|e| e.contains("5x5 N")));
}

#[test]
fn a_notice_stays_with_the_game_it_was_given_in() {
    let mut app = people(rules(9, "R"));
    let say = |app: &mut App| {
        app.world_mut().resource_mut::<Notice>().0 = Some("Saved the record as x.txt".into());
    };
    let notice = |app: &App| app.world().resource::<Notice>().0.clone();
    // Title, then Continue: the same game, without the old notice.
    say(&mut app);
    app.world_mut().write_message(MenuAction::Title);
    settle(&mut app);
    app.world_mut().write_message(MenuAction::Play);
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(notice(&app), None, "after Continue");
    // A new game of the other kind, and back.
    say(&mut app);
    new_chogo(&mut app, Setup::default());
    settle(&mut app);
    assert_eq!(notice(&app), None, "in a new game of Chogo");
    say(&mut app);
    new_go(
        &mut app,
        GoSetup {
            rules: rules(9, "B"),
            players: BySide::new(GoPlayer::Human, GoPlayer::Human),
        },
    );
    settle(&mut app);
    assert_eq!(notice(&app), None, "in a new game of Go with chess pieces");
}

#[test]
fn a_new_game_of_either_kind_switches_the_board() {
    let mut app = people(rules(9, "R"));
    drop_at(&mut app, Kind::Rook, "e5");
    new_chogo(&mut app, Setup::default());
    settle(&mut app);
    assert_eq!(
        *app.world().resource::<State<GameKind>>().get(),
        GameKind::Chogo
    );
    assert_eq!(
        entities(&mut app),
        [Bits::EMPTY; 2],
        "the pieces left with their board"
    );
    new_go(
        &mut app,
        GoSetup {
            rules: rules(13, "P"),
            players: BySide::new(GoPlayer::Human, GoPlayer::Human),
        },
    );
    settle(&mut app);
    assert_eq!(
        *app.world().resource::<State<GameKind>>().get(),
        GameKind::Go
    );
    assert_eq!(position(&app).rules().board, Board::Square(13));
    drop_at(&mut app, Kind::Pawn, "g7");
    assert_in_step(&mut app);
}

#[test]
fn a_resignation_after_undo_is_saved_and_resumed_without_the_taken_back_moves() {
    let dir = std::env::temp_dir().join(format!("chogo-go-resign-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with(
        rules(9, "R"),
        BySide::new(GoPlayer::Human, GoPlayer::Human),
        Some(&dir),
    );
    drop_at(&mut app, Kind::Rook, "e5");
    drop_at(&mut app, Kind::Rook, "c3");
    send(&mut app, GoCommand::Undo);
    assert_eq!(
        app.world().resource::<GoBridge>().game.redo_moves().count(),
        1
    );
    send(&mut app, GoCommand::Resign(Side::White));
    assert!(
        !app.world().resource::<GoBridge>().game.can_redo(),
        "nothing to redo after an ending"
    );
    drop(app);
    let resumed = launched(Launch {
        store: Some(Store::at(&dir)),
        game: None,
        start: Start::Menu(Screen::Title),
    });
    let bridge = resumed.world().resource::<GoBridge>();
    let outcome = bridge.game.outcome().expect("the resigned game, resumed");
    assert_eq!(outcome.winner, Some(Side::Black));
    assert!(
        resumed
            .world()
            .resource::<chogo::game::Persistence>()
            .problems
            .is_empty()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_game_shows_the_live_position_after_browsing_the_old_one() {
    let mut app = people(rules(9, "R"));
    for cell in ["e5", "c3", "g7"] {
        drop_at(&mut app, Kind::Rook, cell);
    }
    app.world_mut().resource_mut::<GoViewing>().0 = Some(1);
    settle(&mut app);
    assert_eq!(
        entities(&mut app)[0].count() + entities(&mut app)[1].count(),
        1,
        "the position after one move"
    );
    new_go(
        &mut app,
        GoSetup {
            rules: rules(9, "R"),
            players: BySide::new(GoPlayer::Human, GoPlayer::Human),
        },
    );
    settle(&mut app);
    assert_eq!(app.world().resource::<GoViewing>().0, None);
    drop_at(&mut app, Kind::Rook, "d4");
    assert_in_step(&mut app);
    // Undo back past a browsed move shows the live position too.
    drop_at(&mut app, Kind::Rook, "f6");
    app.world_mut().resource_mut::<GoViewing>().0 = Some(1);
    send(&mut app, GoCommand::Undo);
    assert_eq!(app.world().resource::<GoViewing>().0, None);
    assert_in_step(&mut app);
}

#[test]
fn leaving_the_board_abandons_the_bot_s_search() {
    let mut app = app_with(
        rules(9, "R"),
        BySide::new(GoPlayer::Human, GoPlayer::Bot(Level::Master)),
        None,
    );
    drop_at(&mut app, Kind::Rook, "e5");
    app.update();
    assert!(
        app.world().resource::<GoThinking>().is_thinking(),
        "master thinks for 5 s"
    );
    app.world_mut().write_message(MenuAction::Title);
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Title);
    assert!(!app.world().resource::<GoThinking>().is_thinking());
    assert_eq!(app.world().resource::<GoBridge>().game.moves().len(), 1);
}

#[test]
fn play_on_takes_both_passes_back() {
    let mut app = people(rules(5, "R"));
    drop_at(&mut app, Kind::Rook, "c3");
    drop_at(&mut app, Kind::Rook, "a1");
    send(&mut app, GoCommand::Play(Move::Pass));
    send(&mut app, GoCommand::Play(Move::Pass));
    app.update();
    assert_eq!(screen(&app), Screen::GameOver);
    send(&mut app, GoCommand::Own(GoOwn::PlayOn));
    app.update();
    let bridge = app.world().resource::<GoBridge>();
    assert!(bridge.game.outcome().is_none());
    assert_eq!(bridge.game.moves().len(), 2, "both passes went back");
    assert_eq!(bridge.game.position().passes(), 0);
    assert_eq!(bridge.game.position().turn(), Side::Black);
    assert_eq!(screen(&app), Screen::Playing);
    // Only a game scored after two passes plays on.
    app.world_mut().write_message(GoCommand::Own(GoOwn::PlayOn));
    app.update();
    assert_eq!(drain::<Refused>(&mut app).len(), 1);
}

/// A new game of Chogo, as the new-game dialog starts one.
fn new_chogo(app: &mut App, setup: Setup) {
    app.world_mut().write_message(Command::NewGame(setup));
    app.world_mut()
        .write_message(MenuAction::Show(GameKind::Chogo));
}

/// A new game of Go with chess pieces, as the new-game dialog starts one.
fn new_go(app: &mut App, setup: GoSetup) {
    app.world_mut().write_message(GoCommand::NewGame(setup));
    app.world_mut()
        .write_message(MenuAction::Show(GameKind::Go));
}

/// A game of Go with chess pieces loaded, as the load dialog plays one on.
fn load_go(app: &mut App, saved: GoSavedGame) {
    app.world_mut()
        .write_message(GoCommand::Load(Box::new(saved)));
    app.world_mut()
        .write_message(MenuAction::Show(GameKind::Go));
}

/// Sends a command and runs one frame: what the bridge refused in it.
fn refusals(app: &mut App, command: GoCommand) -> Vec<String> {
    app.world_mut().write_message(command);
    app.update();
    let refused = drain::<Refused>(app).into_iter().map(|r| r.0).collect();
    settle(app);
    refused
}

#[test]
fn the_bridge_refuses_what_cannot_be_done_now() {
    use chogo::go::EndReason;
    let mut app = people(rules(9, "R"));
    // Nothing to take back or to replay yet.
    assert_eq!(
        refusals(&mut app, GoCommand::Undo),
        ["there is nothing to take back"]
    );
    assert_eq!(
        refusals(&mut app, GoCommand::Redo),
        ["there is nothing to replay"]
    );
    assert_eq!(app.world().resource::<GoBridge>().version, 0);
    drop_at(&mut app, Kind::Rook, "e5");
    assert_eq!(
        refusals(&mut app, GoCommand::Redo),
        ["there is nothing to replay"]
    );
    // An agreement made before the last move is refused.
    let stale = app.world().resource::<GoBridge>().version;
    drop_at(&mut app, Kind::Rook, "c3");
    assert_eq!(
        refusals(&mut app, GoCommand::AgreeDraw(stale)),
        ["The draw offer lapsed: the game moved on before the answer"]
    );
    assert_eq!(app.world().resource::<GoBridge>().game.outcome(), None);
    // After a resignation, no second ending.
    send(&mut app, GoCommand::Resign(Side::White));
    let over = app.world().resource::<GoBridge>().game.outcome();
    assert_eq!(
        over.map(|o| (o.winner, o.reason)),
        Some((Some(Side::Black), EndReason::Resignation))
    );
    let version = app.world().resource::<GoBridge>().version;
    assert_eq!(
        refusals(&mut app, GoCommand::Resign(Side::Black)),
        ["the game is already over"]
    );
    assert_eq!(
        refusals(&mut app, GoCommand::AgreeDraw(version)),
        ["the game is already over"]
    );
    assert_eq!(
        refusals(&mut app, GoCommand::Own(GoOwn::PlayOn)),
        ["the game did not end by two passes"]
    );
    let bridge = app.world().resource::<GoBridge>();
    assert_eq!(bridge.game.outcome(), over);
    assert_eq!(bridge.version, version, "refusals change nothing");
    assert_in_step(&mut app);
}

#[test]
fn continue_goes_back_to_the_game_played_last_when_both_are_saved() {
    use chogo::bot::PlayerKind;
    use chogo::save::{LastGame, SavedGame, Settings};
    let dir = std::env::temp_dir().join(format!("chogo-both-saves-{}", std::process::id()));
    let store = Store::at(&dir);
    let mut chogo_game = chogo::rules::Game::new(Default::default());
    chogo_game.play("e3".parse().unwrap()).unwrap();
    let mut go_game = chogo::go::Game::from_position(Position::new(rules(9, "R")));
    go_game.play_text(&"e5".parse().unwrap()).unwrap();
    go_game.play_text(&"c3".parse().unwrap()).unwrap();
    // The settings name the game by its id; earlier files wrote "go-with-pieces".
    for (last, played) in [
        ("chogo", GameKind::Chogo),
        ("go", GameKind::Go),
        ("go-with-pieces", GameKind::Go),
    ] {
        let _ = std::fs::remove_dir_all(&dir);
        save::save_game(
            &store,
            &SavedGame {
                game: chogo_game.clone(),
                players: BySide::new(PlayerKind::Human, PlayerKind::Human),
                series: None,
            },
        )
        .unwrap();
        save::save_go_game(
            &store,
            &GoSavedGame {
                game: go_game.clone(),
                players: BySide::new(GoPlayer::Human, GoPlayer::Human),
            },
        )
        .unwrap();
        save::save_settings(
            &store,
            &Settings {
                last_game: LastGame::new(last),
                ..Settings::default()
            },
        )
        .unwrap();
        let mut app = launched(Launch {
            store: Some(Store::at(&dir)),
            game: None,
            start: Start::Menu(Screen::Title),
        });
        assert!(app.world().resource::<Resumable>().0);
        app.world_mut().write_message(MenuAction::Play);
        settle(&mut app);
        assert_eq!(screen(&app), Screen::Playing, "{last:?}");
        let kind = *app.world().resource::<State<GameKind>>().get();
        // Both games were read back; Continue shows the one played last.
        assert_eq!(app.world().resource::<Bridge>().game.plies().len(), 1);
        assert_eq!(app.world().resource::<GoBridge>().game.moves().len(), 2);
        assert_eq!(kind, played, "{last}");
        if played == GameKind::Go {
            assert_in_step(&mut app);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_move_tried_on_a_past_position_is_a_side_line_that_leaves_the_game_alone() {
    let mut app = people(rules(9, "R"));
    drop_at(&mut app, Kind::Rook, "e5");
    drop_at(&mut app, Kind::Rook, "d4");
    let bridge = |app: &App| app.world().resource::<GoBridge>().clone();
    let (game, version) = (bridge(&app).game.clone(), bridge(&app).version);
    let rook = |cell: &str| Move::Drop {
        kind: Kind::Rook,
        cell: cell.parse().unwrap(),
    };
    // In the live game a person's move is the game's: nothing is tried there.
    send(&mut app, GoCommand::TryMove(rook("c3")));
    assert!(bridge(&app).line(None).is_none());

    app.world_mut().resource_mut::<GoViewing>().0 = Some(1);
    settle(&mut app);
    for (cell, tried) in [("c3", 1), ("g7", 2)] {
        send(&mut app, GoCommand::TryMove(rook(cell)));
        let now = bridge(&app);
        let line = now.line(Some(1)).expect("a side line");
        assert_eq!((line.from, line.tried()), (1, tried));
        assert_eq!(now.version, version, "the game's version");
        assert_eq!(now.game.moves(), game.moves(), "the game's moves");
        assert_in_step(&mut app);
    }
    // A pass is tried too; the study offers the line after the game's first move.
    send(&mut app, GoCommand::TryMove(Move::Pass));
    let offered = app.world().resource::<StudySource>().0.clone().unwrap();
    assert_eq!(offered.shown, 1);
    assert_eq!(
        offered.line.map(|l| l.moves),
        Some(vec!["c3".into(), "g7".into(), "pass".into()])
    );
    // An illegal try is refused with its reason and changes nothing.
    drain::<Refused>(&mut app);
    app.world_mut()
        .write_message(GoCommand::TryMove(rook("e5")));
    app.update();
    let why = drain::<Refused>(&mut app).last().map(|r| r.0.clone());
    assert!(why.is_some_and(|w| w.starts_with("e5")));
    settle(&mut app);
    assert_eq!(bridge(&app).line(Some(1)).map(|l| l.tried()), Some(3));
    send(&mut app, GoCommand::LineUndo);
    assert_eq!(bridge(&app).line(Some(1)).map(|l| l.tried()), Some(2));
    assert_in_step(&mut app);

    // Back: the live game, and no line.
    app.world_mut().resource_mut::<GoViewing>().0 = None;
    settle(&mut app);
    assert!(bridge(&app).line.is_none());
    assert_eq!(bridge(&app).game.moves(), game.moves());
    assert_in_step(&mut app);

    // A finished game takes tries from its end; the game stays resigned.
    send(&mut app, GoCommand::Resign(Side::Black));
    send(&mut app, GoCommand::TryMove(rook("c3")));
    let now = bridge(&app);
    assert_eq!(now.line(None).map(|l| (l.from, l.tried())), Some((2, 1)));
    assert!(now.game.outcome().is_some());
    assert_in_step(&mut app);
    send(&mut app, GoCommand::LeaveLine);
    assert!(bridge(&app).line(None).is_none());
    assert_in_step(&mut app);
}

#[test]
fn the_position_editor_refuses_a_pawn_on_its_last_rank_and_plays_from_a_legal_set_up() {
    let mut app = people(rules(9, "RP"));
    drop_at(&mut app, Kind::Rook, "e5");
    let bridge = |app: &App| app.world().resource::<GoBridge>().clone();
    let (version, id) = (bridge(&app).version, bridge(&app).game_id);
    let put = |cell: &str, piece: Option<Piece>| {
        GoCommand::Edit(GoEdit::Put(cell.parse().unwrap(), piece))
    };
    send(&mut app, GoCommand::Edit(GoEdit::Open));
    assert_eq!(bridge(&app).edit, Some(position(&app)));
    let pawn = Piece::new(Side::Black, Kind::Pawn);
    send(&mut app, put("c9", Some(pawn)));
    assert_in_step(&mut app);
    drain::<Refused>(&mut app);
    let play = GoCommand::Edit(GoEdit::Play {
        players: BySide::new(GoPlayer::Human, GoPlayer::Human),
        analyse: false,
    });
    app.world_mut().write_message(play.clone());
    app.update();
    assert_eq!(
        drain::<Refused>(&mut app).last().map(|r| r.0.clone()),
        Some("Black's pawn on c9 stands on its last rank: it could never move or defend".into())
    );
    assert_eq!(bridge(&app).version, version, "the game is untouched");
    // The pawn a rank lower, White to move: a game starts there.
    send(&mut app, put("c9", None));
    send(&mut app, put("c8", Some(pawn)));
    send(&mut app, GoCommand::Edit(GoEdit::Turn(Side::White)));
    let setup = bridge(&app).edit.unwrap();
    send(&mut app, play);
    let now = bridge(&app);
    assert!(now.edit.is_none());
    assert_eq!(now.game.start().to_string(), setup.to_string());
    assert_eq!(now.game_id, id + 1);
    assert_in_step(&mut app);
}

#[test]
fn a_new_or_loaded_game_turns_the_board_to_a_person_playing_white() {
    let mut app = people(rules(9, "R"));
    let flipped = |app: &App| app.world().resource::<GoFlipped>().0;
    let bot = GoPlayer::Bot(Level::Easy);
    new_go(
        &mut app,
        GoSetup {
            rules: rules(9, "R"),
            players: BySide::new(bot, GoPlayer::Human),
        },
    );
    settle(&mut app);
    assert!(flipped(&app));
    let game = app.world().resource::<GoBridge>().game.clone();
    load_go(
        &mut app,
        GoSavedGame {
            game,
            players: BySide::new(GoPlayer::Human, bot),
        },
    );
    settle(&mut app);
    assert!(!flipped(&app));
}

mod random_commands {
    use super::*;
    use proptest::prelude::*;

    /// One command of a random stream: a legal move chosen by index, a drop or step that
    /// may be illegal, undo, redo, play on, a resignation, a draw on some version.
    #[derive(Debug, Clone)]
    enum Step {
        Legal(usize),
        Drop(u8, u8, u8),
        Move(u8, u8, u8, u8),
        Undo,
        Redo,
        PlayOn,
        Resign(bool),
        Draw(u64),
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            6 => any::<usize>().prop_map(Step::Legal),
            2 => (0u8..8, 0u8..8, 0u8..8).prop_map(|(k, f, r)| Step::Drop(k, f, r)),
            1 => (0u8..8, 0u8..8, 0u8..8, 0u8..8).prop_map(|(a, b, c, d)| Step::Move(a, b, c, d)),
            2 => Just(Step::Undo),
            1 => Just(Step::Redo),
            1 => Just(Step::PlayOn),
            1 => any::<bool>().prop_map(Step::Resign),
            1 => (0u64..40).prop_map(Step::Draw),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

        /// Whatever a stream of commands asks, the bridge's game is always the one its
        /// own moves replay to, and the piece entities match its position.
        #[test]
        fn the_bridge_stays_a_replayable_game(steps in prop::collection::vec(step(), 1..40)) {
            let mut go_rules = rules(7, "RB");
            go_rules.moving = true;
            go_rules.superko = true;
            let mut app = people(go_rules);
            for s in steps {
                let game = app.world().resource::<GoBridge>().game.clone();
                let command = match s {
                    Step::Legal(i) => {
                        let moves = game.legal_moves();
                        if moves.is_empty() {
                            GoCommand::Undo
                        } else {
                            GoCommand::Play(moves[i % moves.len()])
                        }
                    }
                    Step::Drop(k, f, r) => match Cell::new(i32::from(f), i32::from(r)) {
                        Some(cell) => GoCommand::Play(Move::Drop {
                            kind: Kind::ALL[usize::from(k) % Kind::ALL.len()],
                            cell,
                        }),
                        None => GoCommand::Redo,
                    },
                    Step::Move(a, b, c, d) => match (
                        Cell::new(i32::from(a), i32::from(b)),
                        Cell::new(i32::from(c), i32::from(d)),
                    ) {
                        (Some(from), Some(to)) => GoCommand::Play(Move::Step { from, to }),
                        _ => GoCommand::Redo,
                    },
                    Step::Undo => GoCommand::Undo,
                    Step::Redo => GoCommand::Redo,
                    Step::PlayOn => GoCommand::Own(GoOwn::PlayOn),
                    Step::Resign(black) => {
                        GoCommand::Resign(if black { Side::Black } else { Side::White })
                    }
                    Step::Draw(v) => GoCommand::AgreeDraw(v),
                };
                send(&mut app, command);
                assert_in_step(&mut app);
                let game = &app.world().resource::<GoBridge>().game;
                let mut replayed = chogo::go::Game::from_position(*game.start());
                for (mv, _) in game.moves() {
                    prop_assert!(replayed.play(*mv).is_ok(), "{mv:?} does not replay");
                }
                prop_assert_eq!(replayed.position().to_string(), game.position().to_string());
            }
        }
    }
}

#[test]
fn the_command_line_gives_each_board_its_own_flags() {
    use chogo::game::{Asked, AskedPlayers, given};
    let asked = |flags: &[(&'static str, &str)], players: AskedPlayers| Asked {
        flags: flags.iter().map(|(n, t)| (*n, t.to_string())).collect(),
        players,
    };
    // A flag of the other game is refused, naming the game it belongs to.
    let refused = given(
        GameKind::Chogo,
        &asked(&[("board", "9")], AskedPlayers::Usual),
    );
    let message = refused.err().unwrap_or_default();
    assert!(
        message.contains("--board is an option of Go with chess pieces (--game go)"),
        "{message}"
    );
    let refused = given(
        GameKind::Go,
        &asked(&[("rules", "neto")], AskedPlayers::Usual),
    );
    let message = refused.err().unwrap_or_default();
    assert!(
        message.contains("--rules is an option of Chogo"),
        "{message}"
    );
    // A level that Go's bots do not have, and a komi that is no number of points.
    let beginner = AskedPlayers::Bot("beginner".into());
    assert!(given(GameKind::Go, &asked(&[], beginner)).is_err());
    assert!(
        given(
            GameKind::Go,
            &asked(&[("komi", "inf")], AskedPlayers::Usual)
        )
        .is_err()
    );
    // Go's own flags make its game: 13 × 13 with rooks and bishops, moving, komi 3.5,
    // two bots.
    let flags = [
        ("board", "13"),
        ("pieces", "RB"),
        ("moving", ""),
        ("komi", "3.5"),
    ];
    let demo = AskedPlayers::Demo(["hard".into(), "easy".into()]);
    let go = given(GameKind::Go, &asked(&flags, demo)).unwrap();
    assert_eq!(go.kind, GameKind::Go);
    let app = launched(Launch {
        store: None,
        game: Some(go),
        start: Start::Play,
    });
    let bridge = app.world().resource::<GoBridge>();
    assert_eq!(
        bridge.setup.rules,
        Rules {
            komi: 3.5,
            moving: true,
            superko: true,
            ..rules(13, "RB")
        }
    );
    assert_eq!(
        bridge.setup.players,
        BySide::new(GoPlayer::Bot(Level::Hard), GoPlayer::Bot(Level::Easy))
    );
    assert_eq!(
        *app.world().resource::<State<GameKind>>().get(),
        GameKind::Go
    );
    // Chogo's: a position given, a person against Chogo's beginner.
    let position = "##4##/#5K#/8/2p5/7k/#6#/##Pp2## b 10 20";
    let flags = [("position", position)];
    let chogo = given(
        GameKind::Chogo,
        &asked(&flags, AskedPlayers::Bot("beginner".into())),
    );
    let app = launched(Launch {
        store: None,
        game: Some(chogo.unwrap()),
        start: Start::Play,
    });
    let bridge = app.world().resource::<Bridge>();
    assert_eq!(bridge.game.position().to_string(), position);
    assert_eq!(
        *app.world().resource::<State<GameKind>>().get(),
        GameKind::Chogo
    );
}

#[test]
fn a_bot_that_sees_its_game_lost_resigns_and_says_so() {
    // A game the search lost to GNU Go by 75.5 points (tests/go_bots.rs), at ply 78: Black,
    // the bot, has found it lost at its last moves; its search resigns for it.
    const LOST: &str = "f6 e5 e6 d5 d6 c5 c6 g4 b5 b4 b3 b6 a5 a4 c4 a6 f4 f5 g5 f3 e4 d4 e3 \
        g3 d3 c3 c2 g6 h5 g7 b5 c4 a3 a5 b7 b2 f2 d2 e2 g2 a2 c1 h2 e8 h4 h1 f8 f7 e7 c7 g8 h7 \
        d7 d8 e7 d7 e6 d6 h3 g1 e1 d1 a7 b8 h8 f9 g9 i8 e9 d9 i2 h6 i6 f6 i1 f1 i5 i7";
    let mut game = chogo::go::Game::from_position(Position::new(Rules {
        komi: 6.5,
        ..rules(9, "R")
    }));
    for text in LOST.split_whitespace().take(78) {
        game.play_text(&text.parse().unwrap()).unwrap();
    }
    let bridge = GoBridge::resume(GoSavedGame {
        game,
        players: BySide::new(GoPlayer::Bot(Level::Master), GoPlayer::Human),
    });
    let mut app = launched(Launch {
        store: None,
        game: Some(Given::new(GameKind::Go, bridge)),
        start: Start::Play,
    });
    // Searches of a second each: well over the thousand playouts a resignation asks for,
    // however busy the machine.
    app.insert_resource(chogo::game::BotPlay {
        seed: 1,
        ply_limit: None,
        time: Some(Duration::from_secs(1)),
        paced: false,
    });
    let started = Instant::now();
    while !chogo::common::Playable::is_over(&app.world().resource::<GoBridge>().game) {
        assert!(
            started.elapsed() < Duration::from_secs(180),
            "the bot never answered"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let game = &app.world().resource::<GoBridge>().game;
    assert_eq!(game.moves().len(), 78, "it resigned instead of playing");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Side::White));
    assert_eq!(outcome.reason, chogo::go::EndReason::Resignation);
    // The screen follows the result (its state changes on the next frame).
    settle(&mut app);
    app.update();
    assert_eq!(screen(&app), Screen::GameOver);
}
