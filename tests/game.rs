//! ECS tests of the game's logic without a window: commands in, reports out, and the man
//! entities always matching the rules once animations finish.
#![cfg(feature = "gui")]

mod common;

use std::time::Duration;

use bevy::prelude::*;
use std::path::Path;

use chogo::game::{
    AnalysisBoard, Animating, Bridge, Command, DrawerOpen, Edit, GameKind, Given, Launch, ManPiece,
    Motion, OfferDraw, PanelPlace, Persistence, Played, PlayerKind, PlayerSettings, Refused,
    Resumable, Screen, Setup, Start, StudySource, Viewing,
};
use chogo::rules::{Bitboard, BySide, Cell, Game, Move, Position, Record, RuleSet, Side};
use chogo::save::{self, Imported, SavedGame, Store};
use common::cell;
use common::ecs::{drain, launched, settle};
use proptest::prelude::*;

fn app(rules: RuleSet) -> App {
    app_in(rules, None)
}

/// An app playing a game between two people; with `store`, it saves there.
fn app_in(rules: RuleSet, store: Option<&Path>) -> App {
    launched(Launch {
        store: store.map(Store::at),
        game: Some(Given::new(
            GameKind::Chogo,
            Bridge::new(Setup {
                rules,
                players: BySide::new(PlayerKind::Human, PlayerKind::Human),
                series: None,
            }),
        )),
        start: Start::Play,
    })
}

fn send(app: &mut App, command: Command) {
    app.world_mut().write_message(command);
    settle(app);
}

/// The men entities on the board, by side, and the kings in hand.
fn entities(app: &mut App) -> (BySide<Bitboard>, BySide<bool>, Bitboard) {
    let mut men = BySide::new(Bitboard::EMPTY, Bitboard::EMPTY);
    let mut hand = BySide::new(false, false);
    let mut kings = Bitboard::EMPTY;
    let mut query = app.world_mut().query::<&ManPiece>();
    for piece in query.iter(app.world()) {
        match piece.cell {
            Some(cell) => {
                assert!(
                    !men.black.contains(cell) && !men.white.contains(cell),
                    "two men on {cell}"
                );
                men[piece.man.side].insert(cell);
                if piece.man.role == chogo::rules::Role::King {
                    kings.insert(cell);
                }
            }
            None => {
                assert!(!hand[piece.man.side], "two kings in hand");
                hand[piece.man.side] = true;
            }
        }
    }
    (men, hand, kings)
}

/// The men entities show the position the board shows (the live game's, a past one, a
/// side line's).
fn assert_in_step(app: &mut App) {
    let viewing = *app.world().resource::<Viewing>();
    let pos: Position = *app.world().resource::<Bridge>().shown(viewing.0);
    let (men, hand, kings) = entities(app);
    assert_eq!(men, BySide::from_fn(|side| pos.men(side)), "{pos}");
    assert_eq!(hand, BySide::from_fn(|side| pos.king_in_hand(side)));
    assert_eq!(kings, pos.kings());
}

#[test]
fn a_legal_command_is_played_and_reported() {
    let mut app = app(RuleSet::default());
    assert_in_step(&mut app);
    app.world_mut()
        .write_message(Command::Play("e3".parse().unwrap()));
    app.update();
    let played: Vec<Played> = drain(&mut app);
    assert_eq!(played.len(), 1);
    assert_eq!(played[0].report.text, "e3");
    settle(&mut app);
    assert_in_step(&mut app);
    assert_eq!(app.world().resource::<Bridge>().game.plies().len(), 1);
}

#[test]
fn an_illegal_command_changes_nothing() {
    let mut app = app(RuleSet::default());
    let before = *app.world().resource::<Bridge>().game.position();
    let (men_before, hand_before, _) = entities(&mut app);
    app.world_mut()
        .write_message(Command::Play("c1-c4".parse().unwrap()));
    app.update();
    let refused: Vec<Refused> = drain(&mut app);
    assert_eq!(refused.len(), 1);
    assert!(
        refused[0].0.contains("Black must drop its king first"),
        "{}",
        refused[0].0
    );
    settle(&mut app);
    assert_eq!(*app.world().resource::<Bridge>().game.position(), before);
    assert_eq!(entities(&mut app).0, men_before);
    assert_eq!(entities(&mut app).1, hand_before);
}

#[test]
fn captures_remove_their_entities() {
    let mut app = app(RuleSet::default());
    for mv in ["e3", "a4", "b2-b4"] {
        send(&mut app, Command::Play(mv.parse().unwrap()));
    }
    let bridge = app.world().resource::<Bridge>();
    assert!(bridge.game.outcome().is_some());
    assert_in_step(&mut app);
    let (men, _, _) = entities(&mut app);
    assert!(!men.white.contains("a4".parse::<Cell>().unwrap()));
}

/// The men entities as a position's placement, for comparing with any position.
fn shows(app: &mut App, pos: &Position) -> bool {
    let (men, hand, kings) = entities(app);
    men == BySide::from_fn(|side| pos.men(side))
        && hand == BySide::from_fn(|side| pos.king_in_hand(side))
        && kings == pos.kings()
}

#[test]
fn viewing_the_past_shows_old_positions_and_changes_nothing() {
    let mut app = app(RuleSet::default());
    for mv in ["e3", "e5", "c1-c4", "c7-c5"] {
        send(&mut app, Command::Play(mv.parse().unwrap()));
    }
    let game = app.world().resource::<Bridge>().game.clone();
    for n in [0, 1, 3, 2] {
        app.world_mut().resource_mut::<Viewing>().0 = Some(n);
        settle(&mut app);
        assert!(
            shows(&mut app, game.position_at(n).unwrap()),
            "after {n} plies"
        );
    }
    assert_eq!(app.world().resource::<Bridge>().game.plies().len(), 4);
    // A move played meanwhile brings the live game back.
    send(&mut app, Command::Play("h3-h4".parse().unwrap()));
    settle(&mut app);
    assert_eq!(app.world().resource::<Viewing>().0, None);
    assert_in_step(&mut app);
    // Undo while viewing returns to the live position too.
    app.world_mut().resource_mut::<Viewing>().0 = Some(1);
    settle(&mut app);
    send(&mut app, Command::Undo);
    assert_eq!(app.world().resource::<Viewing>().0, None);
    assert_in_step(&mut app);
}

#[test]
fn a_move_tried_on_a_past_position_is_a_side_line_that_leaves_the_game_alone() {
    let mut app = app(RuleSet::default());
    for mv in ["e3", "e5"] {
        send(&mut app, Command::Play(mv.parse().unwrap()));
    }
    let bridge = |app: &App| app.world().resource::<Bridge>().clone();
    let (game, version) = (bridge(&app).game.clone(), bridge(&app).version);
    let moves = |game: &Game| game.moves().collect::<Vec<_>>();
    // In the live game a person's move is the game's: nothing is tried there.
    let tried = |app: &mut App, mv: &str| {
        drain::<Refused>(app);
        app.world_mut()
            .write_message(Command::TryMove(mv.parse().unwrap()));
        app.update();
        let refused = drain::<Refused>(app).last().map(|r| r.0.clone());
        settle(app);
        refused
    };
    assert_eq!(
        tried(&mut app, "b5").as_deref(),
        Some("moves are tried on a past position or a finished game")
    );
    assert!(bridge(&app).line.is_none());

    // Back to the position after 1. e3: White tries another answer, then Black goes on.
    app.world_mut().resource_mut::<Viewing>().0 = Some(1);
    settle(&mut app);
    for (mv, tried) in [("b5", 1), ("b2-b4", 2)] {
        send(&mut app, Command::TryMove(mv.parse().unwrap()));
        let now = bridge(&app);
        let line = now.line.as_ref().expect("a side line");
        assert_eq!((line.from, line.tried()), (1, tried));
        assert_eq!(now.version, version, "the game's version");
        assert_eq!(moves(&now.game), moves(&game), "the game's moves");
        assert_eq!(app.world().resource::<Viewing>().0, Some(1));
        assert_in_step(&mut app);
    }
    let shown = *bridge(&app).shown(Some(1));
    assert_eq!(shown, *bridge(&app).line.unwrap().game.position());
    assert_ne!(shown, *game.position_at(1).unwrap());
    // The study offers the line's position, the game's moves before it.
    let offered = app.world().resource::<StudySource>().0.clone().unwrap();
    assert_eq!(offered.shown, 1);
    assert_eq!(
        offered.line.map(|l| l.moves),
        Some(vec!["b5".into(), "b2-b4".into()])
    );
    // An illegal try is refused with its reason and changes nothing.
    let why = tried(&mut app, "b6-b5").expect("refused");
    assert!(why.starts_with("b6-b5: "), "{why}");
    assert_eq!(bridge(&app).line.unwrap().tried(), 2);
    // Take back one move of the line, then the last: the line goes.
    send(&mut app, Command::LineUndo);
    assert_eq!(bridge(&app).line.unwrap().tried(), 1);
    assert_in_step(&mut app);
    send(&mut app, Command::LineUndo);
    // (An empty line waits on the position shown, for the next move tried there.)
    assert!(bridge(&app).line.is_none_or(|l| l.tried() == 0));
    assert!(bridge(&app).line(Some(1)).is_none());
    assert_in_step(&mut app);

    // Back (the live game shown again) ends a line, and so does browsing elsewhere.
    send(&mut app, Command::TryMove("b5".parse().unwrap()));
    app.world_mut().resource_mut::<Viewing>().0 = None;
    settle(&mut app);
    assert!(bridge(&app).line.is_none());
    assert_in_step(&mut app);
    app.world_mut().resource_mut::<Viewing>().0 = Some(0);
    settle(&mut app);
    send(&mut app, Command::TryMove("b3".parse().unwrap()));
    assert_eq!(bridge(&app).line.as_ref().map(|l| l.from), Some(0));
    app.world_mut().resource_mut::<Viewing>().0 = Some(1);
    settle(&mut app);
    // What was tried from the start went; an empty line waits on the position shown.
    assert_eq!(
        bridge(&app).line.as_ref().map(|l| (l.from, l.tried())),
        Some((1, 0))
    );
    assert_in_step(&mut app);

    // A move of the game ends a line too, and the live game is shown.
    send(&mut app, Command::TryMove("b5".parse().unwrap()));
    assert!(bridge(&app).line.is_some());
    send(&mut app, Command::Play("b2-b4".parse().unwrap()));
    assert!(bridge(&app).line.is_none());
    assert_eq!(app.world().resource::<Viewing>().0, None);
    assert_eq!(bridge(&app).game.plies().len(), 3);
    assert_in_step(&mut app);
}

#[test]
fn a_finished_game_takes_moves_into_a_side_line_from_its_end() {
    let mut app = app(RuleSet::default());
    for mv in ["e3", "e5"] {
        send(&mut app, Command::Play(mv.parse().unwrap()));
    }
    send(&mut app, Command::Resign(Side::Black));
    let outcome = app.world().resource::<Bridge>().game.outcome();
    assert!(outcome.is_some());
    send(&mut app, Command::TryMove("b2-b4".parse().unwrap()));
    let bridge = app.world().resource::<Bridge>().clone();
    assert_eq!(
        bridge.line.as_ref().map(|l| (l.from, l.tried())),
        Some((2, 1))
    );
    assert_eq!(bridge.game.outcome(), outcome, "the game stays resigned");
    assert_eq!(bridge.game.plies().len(), 2);
    assert_in_step(&mut app);
    // Leaving the line shows the game's end again.
    send(&mut app, Command::LeaveLine);
    let bridge = app.world().resource::<Bridge>();
    assert!(bridge.line.as_ref().is_none_or(|l| l.tried() == 0));
    assert!(bridge.line(None).is_none());
    assert_in_step(&mut app);
}

#[test]
fn the_position_editor_sets_up_refuses_an_illegal_set_up_and_plays_from_a_legal_one() {
    let mut app = app(RuleSet::default());
    send(&mut app, Command::Play("e3".parse().unwrap()));
    let bridge = |app: &App| app.world().resource::<Bridge>().clone();
    let (game, version, id) = (
        bridge(&app).game.clone(),
        bridge(&app).version,
        bridge(&app).game_id,
    );
    send(&mut app, Command::Edit(Edit::Open));
    assert_eq!(bridge(&app).edit, Some(*game.position()));
    assert_in_step(&mut app);
    // A second black king (the first, e3, is on the board).
    let king = chogo::rules::Man::new(Side::Black, chogo::rules::Role::King);
    send(&mut app, Command::Edit(Edit::Put(cell("d4"), Some(king))));
    assert_in_step(&mut app);
    let setup = bridge(&app).edit.unwrap();
    assert_eq!(setup.man_at(cell("d4")), Some(king));
    drain::<Refused>(&mut app);
    let people = BySide::new(PlayerKind::Human, PlayerKind::Human);
    app.world_mut().write_message(Command::Edit(Edit::Play {
        players: people,
        analyse: false,
    }));
    app.update();
    let refused = drain::<Refused>(&mut app);
    assert_eq!(
        refused.last().map(|r| r.0.as_str()),
        Some("Black has more than one king")
    );
    assert!(bridge(&app).edit.is_some(), "the editor stays open");
    assert_eq!(bridge(&app).version, version, "the game is untouched");
    assert_eq!(bridge(&app).game.plies().len(), game.plies().len());
    // One king again, White to move: a game starts from the set-up.
    send(&mut app, Command::Edit(Edit::Put(cell("e3"), None)));
    send(&mut app, Command::Edit(Edit::Turn(Side::White)));
    let setup = bridge(&app).edit.unwrap();
    assert_eq!(setup.check_setup(), Ok(()));
    send(
        &mut app,
        Command::Edit(Edit::Play {
            players: people,
            analyse: false,
        }),
    );
    let now = bridge(&app);
    assert!(now.edit.is_none());
    assert_eq!(*now.game.start(), setup);
    assert!(now.game.plies().is_empty());
    assert_eq!(now.game_id, id + 1);
    assert_in_step(&mut app);
    // Analyse: a game between people from the set-up, with the analysis on although the
    // game is being played.
    send(&mut app, Command::Edit(Edit::Open));
    send(
        &mut app,
        Command::Edit(Edit::Play {
            players: people,
            analyse: true,
        }),
    );
    let source = app.world().resource::<StudySource>().0.clone().unwrap();
    assert!(source.live);
    assert!(app.world().resource::<AnalysisBoard>().is_on(&source));
    let now = bridge(&app);
    // Cancel leaves the game as it was.
    send(&mut app, Command::Edit(Edit::Open));
    send(&mut app, Command::Edit(Edit::Put(cell("d4"), None)));
    send(&mut app, Command::Edit(Edit::Close));
    assert!(bridge(&app).edit.is_none());
    assert_eq!(bridge(&app).game.position(), now.game.position());
    assert_in_step(&mut app);
}

#[test]
fn a_new_game_turns_the_board_to_a_person_playing_white_against_a_bot() {
    let mut app = app(RuleSet::default());
    let flipped = |app: &App| app.world().resource::<chogo::game::BoardLayout>().flipped;
    assert!(!flipped(&app));
    let setup = |white, black| Setup {
        rules: RuleSet::default(),
        players: BySide::new(black, white),
        series: None,
    };
    let bot = PlayerKind::Bot(chogo::bot::Level::Easy);
    send(&mut app, Command::NewGame(setup(PlayerKind::Human, bot)));
    assert!(
        flipped(&app),
        "a person playing White sees White's men at the bottom"
    );
    send(&mut app, Command::NewGame(setup(bot, PlayerKind::Human)));
    assert!(!flipped(&app));
    send(
        &mut app,
        Command::NewGame(setup(PlayerKind::Human, PlayerKind::Human)),
    );
    assert!(
        !flipped(&app),
        "between people the board stays Black's way up"
    );
    // A loaded game turns it too: White against a bot, then Black.
    let loaded = |white, black| {
        Command::Load(Box::new(SavedGame {
            game: Game::new(RuleSet::default()),
            players: BySide::new(black, white),
            series: None,
        }))
    };
    send(&mut app, loaded(PlayerKind::Human, bot));
    assert!(flipped(&app), "a loaded game played as White");
    send(&mut app, loaded(bot, PlayerKind::Human));
    assert!(!flipped(&app), "a loaded game played as Black");
}

#[test]
fn a_new_game_or_a_loaded_one_starts_with_the_small_windows_drawer_shut() {
    // A rematch clicked in the open drawer of a 640 x 400 window started the next game
    // under the drawer, the board hidden.
    let mut app = app(RuleSet::default());
    // A 640 x 400 window (only its size: nothing opens it), where the panel is a drawer.
    app.world_mut().spawn((
        Window {
            resolution: bevy::window::WindowResolution::new(640, 400),
            ..default()
        },
        bevy::window::PrimaryWindow,
    ));
    settle(&mut app);
    assert_eq!(*app.world().resource::<PanelPlace>(), PanelPlace::Drawer);
    let open = |app: &mut App, to: bool| app.world_mut().resource_mut::<DrawerOpen>().0 = to;
    let is_open = |app: &App| app.world().resource::<DrawerOpen>().0;
    let setup = Setup {
        rules: RuleSet::default(),
        players: BySide::new(PlayerKind::Human, PlayerKind::Human),
        series: None,
    };
    open(&mut app, true);
    send(&mut app, Command::Play("e3".parse().unwrap()));
    send(&mut app, Command::Undo);
    assert!(
        is_open(&app),
        "a move and an undo leave the drawer as it is"
    );
    send(&mut app, Command::NewGame(setup));
    assert!(!is_open(&app), "a new game shuts it");
    open(&mut app, true);
    // Four handicap men are refused.
    let mut bad = setup;
    bad.rules.handicap = Some(chogo::rules::Handicap {
        side: Side::White,
        pawns: ["a8", "b8", "c8", "d8"]
            .iter()
            .map(|c| c.parse::<Cell>().unwrap())
            .collect(),
    });
    send(&mut app, Command::NewGame(bad));
    assert!(is_open(&app), "a refused new game changes nothing");
    send(
        &mut app,
        Command::Load(Box::new(SavedGame {
            game: Game::new(RuleSet::default()),
            players: BySide::new(PlayerKind::Human, PlayerKind::Human),
            series: None,
        })),
    );
    assert!(!is_open(&app), "a loaded game shuts it");
}

fn app_with(players: BySide<PlayerKind>, start: Option<&str>) -> App {
    let mut app = app(RuleSet::default());
    let setup = Setup {
        rules: RuleSet::default(),
        players,
        series: None,
    };
    let bridge = match start {
        Some(text) => Bridge::from_position(
            setup,
            Position::from_text(text, RuleSet::default()).unwrap(),
        ),
        None => Bridge::new(setup),
    };
    app.insert_resource(bridge);
    app.world_mut().write_message(chogo::game::Resynced);
    settle(&mut app);
    app
}

#[test]
fn a_new_game_takes_any_rules_and_refuses_invalid_ones() {
    let mut app = app(RuleSet::default());
    let rules: RuleSet = "12x8,capture=suicide,handicap=white:c8+d8".parse().unwrap();
    send(
        &mut app,
        Command::NewGame(Setup {
            rules,
            players: BySide::new(PlayerKind::Human, PlayerKind::Human),
            series: None,
        }),
    );
    let pos = *app.world().resource::<Bridge>().game.position();
    assert_eq!(pos.rules(), &rules);
    assert_eq!(pos.men(Side::White).count(), 10);
    assert_in_step(&mut app);
    // Four handicap pawns are refused; the game on the board stays.
    let mut bad = rules;
    bad.handicap = Some(chogo::rules::Handicap {
        side: Side::White,
        pawns: ["a8", "b8", "c8", "d8"]
            .iter()
            .map(|c| c.parse::<Cell>().unwrap())
            .collect(),
    });
    app.world_mut().write_message(Command::NewGame(Setup {
        rules: bad,
        players: BySide::new(PlayerKind::Human, PlayerKind::Human),
        series: None,
    }));
    app.update();
    let refused: Vec<Refused> = drain(&mut app);
    assert_eq!(refused.len(), 1);
    assert_eq!(*app.world().resource::<Bridge>().game.position(), pos);
}

#[test]
fn redo_replays_what_undo_took_back() {
    let mut app = app(RuleSet::default());
    for mv in ["e3", "e5", "c1-c4"] {
        send(&mut app, Command::Play(mv.parse().unwrap()));
    }
    let live = *app.world().resource::<Bridge>().game.position();
    send(&mut app, Command::Undo);
    send(&mut app, Command::Undo);
    assert_eq!(app.world().resource::<Bridge>().game.plies().len(), 1);
    assert_in_step(&mut app);
    send(&mut app, Command::Redo);
    send(&mut app, Command::Redo);
    assert_eq!(*app.world().resource::<Bridge>().game.position(), live);
    assert_in_step(&mut app);
}

#[test]
fn resigning_and_agreeing_end_the_game() {
    use chogo::rules::{EndReason, Outcome};
    let mut app = app(RuleSet::default());
    send(&mut app, Command::Play("e3".parse().unwrap()));
    send(&mut app, Command::Resign(Side::White));
    let outcome = app.world().resource::<Bridge>().game.outcome();
    assert_eq!(
        outcome,
        Some(Outcome::win(Side::Black, EndReason::Resignation))
    );
    // Between people a draw offer is agreed at once.
    let mut app = app_with(BySide::new(PlayerKind::Human, PlayerKind::Human), None);
    app.world_mut().write_message(OfferDraw(Side::Black));
    settle(&mut app);
    let outcome = app.world().resource::<Bridge>().game.outcome();
    assert_eq!(outcome, Some(Outcome::draw(EndReason::Agreement)));
}

#[test]
fn the_game_and_its_bot_wait_while_the_position_editor_is_open() {
    use chogo::bot::Level;
    // Black (a person) opens the editor at once; White's bot moves only once it closes.
    let mut app = app_with(
        BySide::new(PlayerKind::Human, PlayerKind::Bot(Level::Easy)),
        None,
    );
    // The move and the editor in one frame: the bot has not started thinking.
    app.world_mut()
        .write_message(Command::Play("e3".parse().unwrap()));
    app.world_mut().write_message(Command::Edit(Edit::Open));
    app.update();
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_millis(1500) {
        app.update();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(app.world().resource::<Bridge>().game.plies().len(), 1);
    send(&mut app, Command::Edit(Edit::Close));
    let started = std::time::Instant::now();
    while app.world().resource::<Bridge>().game.plies().len() < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the bot never moved"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(20));
    }
    // With the editor shut, an editing command is refused and opens nothing.
    drain::<Refused>(&mut app);
    app.world_mut()
        .write_message(Command::Edit(Edit::Turn(Side::White)));
    app.update();
    assert_eq!(
        drain::<Refused>(&mut app)
            .last()
            .map(|r| r.0.clone())
            .as_deref(),
        Some("no position is being set up")
    );
    assert!(app.world().resource::<Bridge>().edit.is_none());
}

#[test]
fn a_bot_declines_a_draw_when_it_is_ahead() {
    use chogo::bot::Level;
    use chogo::rules::{EndReason, Outcome};
    // White (the bot) has eight men to Black's king and one pawn.
    let ahead = "##PPPP##/#P4P#/P3K2P/8/8/#3k2#/##3p## b 10 20";
    let mut app = app_with(
        BySide::new(PlayerKind::Human, PlayerKind::Bot(Level::Medium)),
        Some(ahead),
    );
    app.world_mut().write_message(OfferDraw(Side::Black));
    let refused = answer_to_offer(&mut app);
    assert_eq!(refused.len(), 1, "the offer is declined");
    assert!(refused[0].0.contains("Medium declines the draw"));
    assert_eq!(app.world().resource::<Bridge>().game.outcome(), None);
    // At the start nobody is ahead: the bot accepts.
    let mut app = app_with(
        BySide::new(PlayerKind::Human, PlayerKind::Bot(Level::Medium)),
        None,
    );
    app.world_mut().write_message(OfferDraw(Side::Black));
    assert!(answer_to_offer(&mut app).is_empty());
    let outcome = app.world().resource::<Bridge>().game.outcome();
    assert_eq!(outcome, Some(Outcome::draw(EndReason::Agreement)));
}

/// Runs frames until the bot has answered a draw offer (its search runs in the
/// background, like every bot search); the refusals seen on the way.
fn answer_to_offer(app: &mut App) -> Vec<Refused> {
    use chogo::game::DrawOffer;
    let mut refused = Vec::new();
    app.update();
    refused.extend(drain::<Refused>(app));
    // However busy the machine: only a hung search reaches the bound.
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_secs(120) {
        app.update();
        refused.extend(drain::<Refused>(app));
        if !app.world().resource::<DrawOffer>().is_pending() {
            app.update();
            refused.extend(drain::<Refused>(app));
            return refused;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the bot never answered the draw offer");
}

/// What the side panel did every frame: it borrowed the view mutably to draw the move
/// list. Nothing may take that for a change of the position shown.
fn touch_viewing(mut viewing: ResMut<Viewing>) {
    let _: &mut Viewing = &mut viewing;
}

#[test]
fn a_played_move_is_animated_while_other_systems_touch_the_view() {
    let mut app = app(RuleSet::default());
    app.add_systems(Update, touch_viewing);
    settle(&mut app);
    let king_in_hand = |app: &mut App| {
        let mut query = app.world_mut().query::<(Entity, &ManPiece)>();
        query
            .iter(app.world())
            .find(|(_, p)| p.cell.is_none() && p.man.side == Side::Black)
            .map(|(e, _)| e)
            .unwrap()
    };
    let king = king_in_hand(&mut app);
    app.world_mut()
        .write_message(Command::Play("e3".parse().unwrap()));
    app.update();
    // The same entity is on its way, for several frames.
    for frame in 0..4 {
        assert!(
            app.world().get::<Motion>(king).is_some(),
            "frame {frame}: the king is not falling onto e3"
        );
        assert!(app.world().resource::<Animating>().0, "frame {frame}");
        app.update();
    }
    settle(&mut app);
    assert_eq!(
        app.world().get::<ManPiece>(king).and_then(|p| p.cell),
        Some("e3".parse().unwrap())
    );
    // A slide: the man leaves c1 and is seen between its cells.
    send(&mut app, Command::Play("e5".parse().unwrap()));
    let mut query = app.world_mut().query::<(Entity, &ManPiece)>();
    let c1: Cell = "c1".parse().unwrap();
    let man = query
        .iter(app.world())
        .find(|(_, p)| p.cell == Some(c1))
        .map(|(e, _)| e)
        .unwrap();
    app.world_mut()
        .write_message(Command::Play("c1-c4".parse().unwrap()));
    app.update();
    app.update();
    let x = app.world().get::<Transform>(man).map(|t| t.translation);
    assert!(app.world().get::<Motion>(man).is_some(), "c1-c4 slides");
    settle(&mut app);
    assert_ne!(
        x,
        app.world().get::<Transform>(man).map(|t| t.translation),
        "the man was between its cells"
    );
    assert_in_step(&mut app);
}

#[test]
fn undo_while_the_bot_thinks_cancels_its_search() {
    use chogo::bot::Level;
    use chogo::game::BotThinking;
    let mut app = app_with(
        BySide::new(PlayerKind::Human, PlayerKind::Bot(Level::Master)),
        None,
    );
    send(&mut app, Command::Play("e3".parse().unwrap()));
    // The master (5 s a move) is thinking about White's drop.
    app.update();
    assert!(app.world().resource::<BotThinking>().is_thinking());
    send(&mut app, Command::Undo);
    for _ in 0..20 {
        app.update();
    }
    let bridge = app.world().resource::<Bridge>();
    assert_eq!(
        bridge.game.plies().len(),
        0,
        "the abandoned search played nothing"
    );
    assert!(bridge.human_to_move());
    assert!(!app.world().resource::<BotThinking>().is_thinking());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// After any random sequence of moves, undos and redos, once animations finish, the
    /// man entities match the rules position one to one, and the rules state is the one
    /// the same steps give on a plain [`Game`].
    #[test]
    fn entities_follow_random_moves_undos_and_redos(seed in any::<u64>(), steps in 1usize..40) {
        let mut app = app(RuleSet::default());
        let mut model = Game::new(RuleSet::default());
        let mut state = seed | 1;
        for _ in 0..steps {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let game = &app.world().resource::<Bridge>().game;
            let moves = game.legal_moves();
            let command = if state % 7 == 0 && game.can_redo() {
                Command::Redo
            } else if state % 5 == 0 || moves.is_empty() {
                Command::Undo
            } else {
                let mv: Move = moves[(state >> 8) as usize % moves.len()];
                Command::Play(mv)
            };
            match &command {
                Command::Play(mv) => { model.play(*mv).unwrap(); }
                Command::Undo => { model.undo(); }
                Command::Redo => { model.redo(); }
                _ => unreachable!(),
            }
            send(&mut app, command);
            assert_in_step(&mut app);
            let game = &app.world().resource::<Bridge>().game;
            prop_assert_eq!(game.position(), model.position());
            prop_assert_eq!(game.moves().collect::<Vec<_>>(), model.moves().collect::<Vec<_>>());
            prop_assert_eq!(game.redo_moves().collect::<Vec<_>>(), model.redo_moves().collect::<Vec<_>>());
        }
    }
}

/// Plays `plies` random legal moves through the app (a seeded xorshift picks them).
fn play_random(app: &mut App, seed: u64, plies: usize) {
    let mut state = seed | 1;
    for _ in 0..plies {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let moves = app.world().resource::<Bridge>().game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(state >> 8) as usize % moves.len()];
        send(app, Command::Play(mv));
    }
}

/// The same game: start, every move with its captures, the position and the result.
fn assert_same_game(a: &Game, b: &Game) {
    assert_eq!(a.start(), b.start());
    let history = |g: &Game| {
        g.plies()
            .iter()
            .map(|p| (p.mv, p.captured, p.position))
            .collect::<Vec<_>>()
    };
    assert_eq!(history(a), history(b));
    assert_eq!(a.position(), b.position());
    assert_eq!(a.position().halfmoves(), b.position().halfmoves());
    assert_eq!(a.position().fullmoves(), b.position().fullmoves());
    assert_eq!(a.outcome(), b.outcome());
}

#[test]
fn an_exported_record_imports_as_the_same_game() {
    for (seed, rules) in [
        (3, "chogo-44"),
        (11, "chogo-44"),
        (5, "chogo-large"),
        (8, "neto"),
    ] {
        let rules: RuleSet = rules.parse().unwrap();
        let mut app = app(rules);
        play_random(&mut app, seed, 60);
        let original = app.world().resource::<Bridge>().game.clone();
        let viewing = Viewing::default();
        let text = chogo::game::export_text(
            app.world().resource::<Bridge>(),
            &viewing,
            chogo::game::Export::SaveRecord,
        );
        let imported = match save::import(&text, RuleSet::default()).unwrap() {
            Imported::Record(game) => game,
            other => panic!("read back as {other:?}"),
        };
        // Into a fresh app, as the load dialog does.
        let mut other = app_in(RuleSet::default(), None);
        send(
            &mut other,
            Command::Load(Box::new(SavedGame {
                game: imported,
                players: BySide::new(PlayerKind::Human, PlayerKind::Human),
                series: None,
            })),
        );
        assert_same_game(&other.world().resource::<Bridge>().game, &original);
        assert_in_step(&mut other);
        // The position text of the last position reads back too (position text carries
        // no rules: the dialog reads it under the rules chosen in the new-game form).
        let position = chogo::game::export_text(
            app.world().resource::<Bridge>(),
            &viewing,
            chogo::game::Export::CopyPosition,
        );
        match save::import(&position, rules).unwrap() {
            Imported::Position(p) => assert_eq!(&p, original.position()),
            other => panic!("read back as {other:?}"),
        }
    }
}

/// A fresh folder under the target directory for one test.
fn temp_store(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("chogo-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_game_is_saved_after_every_move_and_resumes_exactly() {
    use chogo::bot::Level;
    let dir = temp_store("resume");
    let rules: RuleSet = "chogo-large".parse().unwrap();
    let mut app = app_in(rules, Some(&dir));
    // A person against Hard, with a few moves taken back (redo must survive too).
    let setup = Setup {
        rules,
        players: BySide::new(PlayerKind::Human, PlayerKind::Bot(Level::Hard)),
        series: None,
    };
    let mut game = Game::new(rules);
    for mv in ["e3", "f6", "c1-c3", "g8-g5", "d1-d2"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    game.undo();
    send(
        &mut app,
        Command::Load(Box::new(SavedGame {
            game,
            players: setup.players,
            series: None,
        })),
    );
    // Saved already, before any move.
    let first = std::fs::read_to_string(dir.join(save::SAVE_FILE)).unwrap();
    assert!(first.contains("\"white\": \"hard\""), "{first}");
    send(&mut app, Command::Play("c3-c4".parse().unwrap()));
    let before = app.world().resource::<Bridge>().game.clone();
    assert_ne!(
        std::fs::read_to_string(dir.join(save::SAVE_FILE)).unwrap(),
        first,
        "the move was saved"
    );
    drop(app);
    // A new run, started as the program starts: the title screen, Continue ready.
    let mut resumed = launched(Launch {
        store: Some(Store::at(&dir)),
        game: None,
        start: Start::Menu(Screen::Title),
    });
    assert!(resumed.world().resource::<Resumable>().0);
    assert!(
        resumed
            .world()
            .resource::<Persistence>()
            .problems
            .is_empty()
    );
    resumed
        .world_mut()
        .write_message(chogo::game::MenuAction::Play);
    settle(&mut resumed);
    assert_eq!(
        *resumed.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    let bridge = resumed.world().resource::<Bridge>();
    assert_same_game(&bridge.game, &before);
    assert_eq!(bridge.setup, setup);
    assert_eq!(
        bridge.game.redo_moves().collect::<Vec<_>>(),
        before.redo_moves().collect::<Vec<_>>()
    );
    assert_in_step(&mut resumed);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tests/saves/bad/expected.txt`: `file: message` for every bad save.
fn expected(path: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(dir.join("expected.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (file, message) = l.split_once(": ").unwrap();
            (file.to_string(), message.to_string())
        })
        .collect()
}

#[test]
fn a_corrupt_save_is_reported_and_moved_aside_never_overwritten() {
    let bad = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saves/bad");
    let cases = expected("tests/saves/bad");
    assert!(cases.len() >= 6);
    for (file, message) in cases {
        let dir = temp_store(&format!("corrupt-{file}"));
        let content = std::fs::read(bad.join(&file)).unwrap();
        std::fs::write(dir.join(save::SAVE_FILE), &content).unwrap();
        let mut persistence = Persistence::new(Some(Store::at(&dir)));
        assert!(persistence.load_game().is_none(), "{file} was accepted");
        assert_eq!(persistence.problems.len(), 1, "{file}");
        let problem = &persistence.problems[0];
        assert!(
            problem.starts_with(&format!(
                "The saved game could not be read ({message}). It was kept as "
            )),
            "{file}: {problem}"
        );
        // The bad file is kept, unchanged, beside where the save was.
        let aside: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains("game.json.corrupt-"))
            .collect();
        assert_eq!(aside.len(), 1, "{file}");
        assert_eq!(std::fs::read(&aside[0]).unwrap(), content, "{file}");
        assert!(!dir.join(save::SAVE_FILE).exists());
        // The next game saves normally and leaves the kept copy alone.
        let mut app = app_in(RuleSet::default(), Some(&dir));
        send(&mut app, Command::Play("e3".parse().unwrap()));
        assert!(dir.join(save::SAVE_FILE).exists());
        assert_eq!(std::fs::read(&aside[0]).unwrap(), content, "{file}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn bad_records_are_refused_with_their_line() {
    use chogo::game::ChogoReading;
    let bad = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/imports/bad");
    let cases = expected("tests/imports/bad");
    assert!(cases.len() >= 6);
    let mut reading = ChogoReading::default();
    for (file, message) in cases {
        let text = std::fs::read_to_string(bad.join(&file)).unwrap();
        // The load dialog asks Go with chess pieces first: none of these is its own.
        assert!(
            save::import_go(&text, chogo::go::Rules::default()).is_none(),
            "{file}"
        );
        assert_eq!(
            save::import(&text, RuleSet::default()).map(|_| ()),
            Err(message.clone()),
            "{file}"
        );
        // What the load dialog reads (its "Play from here" needs an Ok); a blank text
        // is "nothing to read yet".
        let read = reading
            .read(&text, RuleSet::default())
            .cloned()
            .map(|r| r.map(|_| ()));
        if text.trim().is_empty() {
            assert_eq!(read, None, "{file}");
        } else {
            assert_eq!(read, Some(Err(message)), "{file}");
        }
    }
    // A well-formed record reads.
    let mut game = Game::new(RuleSet::default());
    game.play("e3".parse().unwrap()).unwrap();
    let text = Record::from_game(&game, &[]).to_string();
    assert!(matches!(
        reading.read(&text, RuleSet::default()),
        Some(Ok(_))
    ));
}

#[test]
fn the_game_over_screen_follows_the_outcome() {
    let mut app = app(RuleSet::default());
    for mv in ["e3", "a4", "b2-b4"] {
        send(&mut app, Command::Play(mv.parse().unwrap()));
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::GameOver
    );
    // The board stays for review.
    assert_in_step(&mut app);
    send(&mut app, Command::Undo);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    // Leaving the game removes its entities; coming back rebuilds them.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    settle(&mut app);
    let mut query = app.world_mut().query::<&ManPiece>();
    assert_eq!(query.iter(app.world()).count(), 0);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    settle(&mut app);
    assert_in_step(&mut app);
}

#[test]
fn a_move_is_seen_on_its_way_even_when_frames_are_slow() {
    // A stalled machine: every frame takes 0.4 s, longer than a whole slide.
    let mut app = app(RuleSet::default());
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(400),
    ));
    for mv in ["e3", "e5"] {
        send(&mut app, Command::Play(mv.parse().unwrap()));
    }
    app.world_mut()
        .write_message(Command::Play("c1-c4".parse().unwrap()));
    app.update();
    let mut moving = app.world_mut().query::<(&ManPiece, &Motion)>();
    assert_eq!(
        moving.iter(app.world()).count(),
        1,
        "after the first slow frame the man is still sliding"
    );
    app.update();
    assert!(
        app.world().resource::<Animating>().0,
        "and after the second"
    );
    settle(&mut app);
    assert_in_step(&mut app);
}

/// A changed setting is written half a second later, and the frames until then are asked
/// for: the game draws only when asked, and a browser's tab has no save on quitting.
#[test]
fn a_changed_setting_asks_for_the_frames_that_write_it() {
    use bevy::window::RequestRedraw;
    let dir = temp_store("settings");
    let mut app = app_in("chogo-large".parse().unwrap(), Some(&dir));
    let file = dir.join(chogo::save::SETTINGS_FILE);
    let _ = std::fs::remove_file(&file);
    app.world_mut()
        .resource_mut::<PlayerSettings>()
        .0
        .show_coordinates ^= true;
    let mut asked = 0;
    for _ in 0..30 {
        app.update();
        if std::fs::metadata(&file).is_ok() {
            break;
        }
        assert!(
            !drain::<RequestRedraw>(&mut app).is_empty(),
            "a frame is asked for while the setting waits to be written"
        );
        asked += 1;
    }
    assert!(std::fs::metadata(&file).is_ok(), "the setting was written");
    assert!(
        asked >= 5,
        "written after about half a second: {asked} frames of 50 ms"
    );
    // What was written is the changed setting, and the rest as it was.
    let written = save::Settings::from_text(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(written, app.world().resource::<PlayerSettings>().0);
    assert_eq!(
        written,
        save::Settings {
            show_coordinates: !save::Settings::default().show_coordinates,
            ..save::Settings::default()
        }
    );
    // Written: no more frames for it.
    app.update();
    app.update();
    assert!(drain::<RequestRedraw>(&mut app).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Sends a command and runs one frame: what the bridge refused in it.
fn refusals(app: &mut App, command: Command) -> Vec<String> {
    app.world_mut().write_message(command);
    app.update();
    let refused = drain::<Refused>(app).into_iter().map(|r| r.0).collect();
    settle(app);
    refused
}

#[test]
fn the_bridge_refuses_endings_after_the_end_and_stale_agreements() {
    use chogo::rules::{EndReason, Outcome};
    let mut app = app(RuleSet::default());
    send(&mut app, Command::Play("e3".parse().unwrap()));
    // An agreement made on an earlier version of the game is refused.
    let stale = app.world().resource::<Bridge>().version;
    send(&mut app, Command::Play("e5".parse().unwrap()));
    assert_eq!(
        refusals(&mut app, Command::AgreeDraw(stale)),
        ["The draw offer lapsed: the game moved on before the answer"]
    );
    assert_eq!(app.world().resource::<Bridge>().game.outcome(), None);
    // After a resignation, neither a second resignation nor a draw is taken.
    send(&mut app, Command::Resign(Side::Black));
    let over = Some(Outcome::win(Side::White, EndReason::Resignation));
    assert_eq!(app.world().resource::<Bridge>().game.outcome(), over);
    let version = app.world().resource::<Bridge>().version;
    assert_eq!(
        refusals(&mut app, Command::Resign(Side::White)),
        ["the game is already over"]
    );
    assert_eq!(
        refusals(&mut app, Command::AgreeDraw(version)),
        ["the game is already over"]
    );
    let bridge = app.world().resource::<Bridge>();
    assert_eq!(bridge.game.outcome(), over);
    assert_eq!(bridge.version, version, "refusals change nothing");
    assert_in_step(&mut app);
}

#[test]
fn a_draw_offer_lapses_when_the_game_moves_on_before_the_bot_answers() {
    use chogo::bot::Level;
    let mut app = app_with(
        BySide::new(PlayerKind::Human, PlayerKind::Bot(Level::Medium)),
        None,
    );
    // The offer and a move in the same frame: the offer is made on the game before the
    // move, and whatever the bot's search says, no draw is agreed on the moved game.
    app.world_mut().write_message(OfferDraw(Side::Black));
    app.world_mut()
        .write_message(Command::Play("e3".parse().unwrap()));
    let refused = answer_to_offer(&mut app);
    assert_eq!(
        refused.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(),
        ["The draw offer lapsed: the game moved on before the answer"]
    );
    assert_eq!(app.world().resource::<Bridge>().game.outcome(), None);
}

#[test]
fn an_export_while_browsing_gives_the_shown_position_and_the_whole_record() {
    let mut app = app(RuleSet::default());
    for mv in ["e3", "e5", "c1-c4"] {
        send(&mut app, Command::Play(mv.parse().unwrap()));
    }
    let bridge = app.world().resource::<Bridge>();
    let browsing = Viewing::of(Some(1));
    let position = chogo::game::export_text(bridge, &browsing, chogo::game::Export::CopyPosition);
    assert_eq!(position, bridge.game.position_at(1).unwrap().to_string());
    assert_ne!(position, bridge.game.position().to_string());
    let saved = chogo::game::export_text(bridge, &browsing, chogo::game::Export::SavePosition);
    assert_eq!(saved, position);
    // The record is the game's, whatever position is shown.
    let record = chogo::game::export_text(bridge, &browsing, chogo::game::Export::SaveRecord);
    let game = Record::parse(&record).unwrap().to_game().unwrap();
    assert_eq!(game.plies().len(), 3, "{record}");
    assert_eq!(game.position(), bridge.game.position());
}

#[test]
fn an_unusable_settings_file_is_reported_and_never_overwritten() {
    // A file with a value out of range is moved aside; the game starts with the defaults
    // and writes its settings anew, leaving the kept copy alone.
    let dir = temp_store("settings-bad");
    let file = dir.join(save::SETTINGS_FILE);
    std::fs::write(&file, "{\"volume\": 9}").unwrap();
    let mut app = app_in(RuleSet::default(), Some(&dir));
    let problems = app.world().resource::<Persistence>().problems.clone();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with(
            "The settings file could not be read (volume 9 is not between 0 and 1). It was kept as "
        ),
        "{problems:?}"
    );
    assert_eq!(
        app.world().resource::<PlayerSettings>().0,
        save::Settings::default()
    );
    let aside: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("settings.json.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1);
    app.world_mut().resource_mut::<PlayerSettings>().0.muted = true;
    for _ in 0..30 {
        app.update();
    }
    let written = save::Settings::from_text(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(written.muted);
    assert_eq!(
        std::fs::read_to_string(&aside[0]).unwrap(),
        "{\"volume\": 9}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    // A settings file that cannot be opened cannot be moved aside: it is left alone, and
    // a changed setting is not written over it. (A link to itself: reading it fails, but
    // a write, renamed over it, would replace it.)
    #[cfg(unix)]
    {
        let dir = temp_store("settings-blocked");
        let file = dir.join(save::SETTINGS_FILE);
        std::os::unix::fs::symlink(save::SETTINGS_FILE, &file).unwrap();
        let mut app = app_in(RuleSet::default(), Some(&dir));
        let problems = app.world().resource::<Persistence>().problems.clone();
        assert!(
            problems.len() == 1 && problems[0].contains("will not be overwritten"),
            "{problems:?}"
        );
        app.world_mut().resource_mut::<PlayerSettings>().0.muted = true;
        for _ in 0..30 {
            app.update();
        }
        drop(app);
        let kept = std::fs::symlink_metadata(&file).unwrap();
        assert!(
            kept.file_type().is_symlink(),
            "the settings file was replaced"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The bot waits the settings' pause before its move, counted from the end of the move
/// before: its answer is held (the frame pace keeps frames coming meanwhile), then played.
#[test]
fn the_bot_waits_its_pause_before_its_move() {
    use chogo::bot::Level;
    use chogo::game::app::pace::Searching;
    use chogo::game::{BotPlay, BotThinking, PlayerSettings};
    let mut app = app_with(
        BySide::new(PlayerKind::Human, PlayerKind::Bot(Level::Easy)),
        None,
    );
    app.insert_resource(BotPlay {
        paced: true,
        ..BotPlay::default()
    });
    app.world_mut()
        .resource_mut::<PlayerSettings>()
        .0
        .bot_pause_ms = 600;
    send(&mut app, Command::Play("e3".parse().unwrap()));
    let played = std::time::Instant::now();
    let mut held = false;
    while app.world().resource::<Bridge>().game.plies().len() < 2 {
        assert!(
            played.elapsed() < Duration::from_secs(30),
            "the bot never moved"
        );
        let turn = app.world().resource::<BotThinking>();
        // The greedy bot answers at once: its answer waits, and the pace knows it.
        if turn.is_holding() {
            held = true;
            assert!(turn.waiting(), "a held answer is a wait on the clock");
        }
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(held, "the answer was never held");
    // The pause counts from the end of the person's move: never less than it since then.
    assert!(played.elapsed() >= Duration::from_millis(600));
    assert!(!app.world().resource::<BotThinking>().waiting());
}
