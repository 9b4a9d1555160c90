//! ECS tests of the game's logic without a window: commands in, reports out, and the man
//! entities always matching the rules once animations finish.
#![cfg(feature = "gui")]

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use chogo::game::{
    Animating, Bridge, Command, ManPiece, Played, PlayerKind, Refused, Setup, Viewing,
};
use chogo::rules::{Bitboard, Cell, Move, Position, RuleSet, Side};
use proptest::prelude::*;

fn app(rules: RuleSet) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        50,
    )));
    app.add_plugins(chogo::game::logic_plugin);
    app.insert_resource(Bridge::new(Setup {
        rules,
        players: [PlayerKind::Human, PlayerKind::Human],
    }));
    settle(&mut app);
    app
}

/// Runs frames until every animation has finished.
fn settle(app: &mut App) {
    for _ in 0..200 {
        app.update();
        if !app.world().resource::<Animating>().0 {
            app.update();
            return;
        }
    }
    panic!("animations never finished");
}

fn send(app: &mut App, command: Command) {
    app.world_mut().write_message(command);
    settle(app);
}

/// The men entities on the board, by side, and the kings in hand.
fn entities(app: &mut App) -> ([Bitboard; 2], [bool; 2], Bitboard) {
    let mut men = [Bitboard::EMPTY; 2];
    let mut hand = [false; 2];
    let mut kings = Bitboard::EMPTY;
    let mut query = app.world_mut().query::<&ManPiece>();
    for piece in query.iter(app.world()) {
        match piece.cell {
            Some(cell) => {
                assert!(
                    !men[0].contains(cell) && !men[1].contains(cell),
                    "two men on {cell}"
                );
                men[piece.man.side.index()].insert(cell);
                if piece.man.role == chogo::rules::Role::King {
                    kings.insert(cell);
                }
            }
            None => {
                assert!(!hand[piece.man.side.index()], "two kings in hand");
                hand[piece.man.side.index()] = true;
            }
        }
    }
    (men, hand, kings)
}

fn assert_in_step(app: &mut App) {
    let pos: Position = *app.world().resource::<Bridge>().game.position();
    let (men, hand, kings) = entities(app);
    assert_eq!(men, [pos.men(Side::Black), pos.men(Side::White)], "{pos}");
    assert_eq!(
        hand,
        [pos.king_in_hand(Side::Black), pos.king_in_hand(Side::White)]
    );
    assert_eq!(kings, pos.kings());
}

fn drain<M: Message + Clone>(app: &mut App) -> Vec<M> {
    let messages = app.world().resource::<Messages<M>>();
    messages
        .iter_current_update_messages()
        .cloned()
        .collect::<Vec<_>>()
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
    assert_eq!(played[0].0.text, "e3");
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
    assert!(!men[Side::White.index()].contains("a4".parse::<Cell>().unwrap()));
}

/// The men entities as a position's placement, for comparing with any position.
fn shows(app: &mut App, pos: &Position) -> bool {
    let (men, hand, kings) = entities(app);
    men == [pos.men(Side::Black), pos.men(Side::White)]
        && hand == [pos.king_in_hand(Side::Black), pos.king_in_hand(Side::White)]
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

fn app_with(players: [PlayerKind; 2], start: Option<&str>) -> App {
    let mut app = app(RuleSet::default());
    let setup = Setup {
        rules: RuleSet::default(),
        players,
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
            players: [PlayerKind::Human; 2],
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
        players: [PlayerKind::Human; 2],
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
    let mut app = app_with([PlayerKind::Human, PlayerKind::Human], None);
    send(&mut app, Command::OfferDraw(Side::Black));
    let outcome = app.world().resource::<Bridge>().game.outcome();
    assert_eq!(outcome, Some(Outcome::draw(EndReason::Agreement)));
}

#[test]
fn a_bot_declines_a_draw_when_it_is_ahead() {
    use chogo::bot::Level;
    use chogo::rules::{EndReason, Outcome};
    // White (the bot) has eight men to Black's king and one pawn.
    let ahead = "##PPPP##/#P4P#/P3K2P/8/8/#3k2#/##3p## b 10 20";
    let mut app = app_with(
        [PlayerKind::Human, PlayerKind::Bot(Level::Medium)],
        Some(ahead),
    );
    app.world_mut()
        .write_message(Command::OfferDraw(Side::Black));
    app.update();
    let refused: Vec<Refused> = drain(&mut app);
    assert_eq!(refused.len(), 1, "the offer is declined");
    assert!(refused[0].0.contains("Medium declines the draw"));
    assert_eq!(app.world().resource::<Bridge>().game.outcome(), None);
    // At the start nobody is ahead: the bot accepts.
    let mut app = app_with([PlayerKind::Human, PlayerKind::Bot(Level::Medium)], None);
    send(&mut app, Command::OfferDraw(Side::Black));
    let outcome = app.world().resource::<Bridge>().game.outcome();
    assert_eq!(outcome, Some(Outcome::draw(EndReason::Agreement)));
}

#[test]
fn undo_while_the_bot_thinks_cancels_its_search() {
    use chogo::bot::Level;
    use chogo::game::BotThinking;
    let mut app = app_with([PlayerKind::Human, PlayerKind::Bot(Level::Master)], None);
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

    /// After any random sequence of moves and undos, once animations finish, the man
    /// entities match the rules position one to one.
    #[test]
    fn entities_follow_random_moves_and_undos(seed in any::<u64>(), steps in 1usize..40) {
        let mut app = app(RuleSet::default());
        let mut state = seed | 1;
        for _ in 0..steps {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let game = &app.world().resource::<Bridge>().game;
            let moves = game.legal_moves();
            let command = if state % 5 == 0 || moves.is_empty() {
                Command::Undo
            } else {
                let mv: Move = moves[(state >> 8) as usize % moves.len()];
                Command::Play(mv)
            };
            send(&mut app, command);
            assert_in_step(&mut app);
        }
    }
}
