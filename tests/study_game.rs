//! ECS tests of the analysis board and the review in the game, without a window: the
//! switch, the analysis following the position shown and a side line, the review of a
//! game, learning from its mistakes, and none of them ever changing the game.
#![cfg(feature = "gui")]

mod common;

use std::time::{Duration, Instant};

use bevy::prelude::*;

use chogo::common::analysis::Studied;
use chogo::game::app::study::TryLine;
use chogo::game::app::study::shown_line;
use chogo::game::{
    AnalysisBoard, Attempting, Bridge, Command, GameKind, GameReview, Given, Launch, PlayerKind,
    PracticeAsk, Setup, Start, StartReview, StudySource, ToggleAnalysis, Viewing,
};
use chogo::rules::{BySide, Move, Position, RuleSet, Side};
use common::ecs::{launched, settle};

/// Black to move; c12-c56 would hand its king to White.
const START: &str = "##2PP##/#P1P3#/P3K1P1/3Pp2p/pP4p1/#pk3p#/##pp2## b 14 8";

fn app() -> App {
    let setup = Setup {
        rules: RuleSet::default(),
        players: BySide::new(PlayerKind::Human, PlayerKind::Human),
        series: None,
    };
    launched(Launch {
        store: None,
        game: Some(Given::new(
            GameKind::Chogo,
            Bridge::from_position(
                setup,
                Position::from_text(START, RuleSet::default()).unwrap(),
            ),
        )),
        start: Start::Play,
    })
}

/// Runs frames until `done` holds, for at most 60 s of searching.
#[track_caller]
fn until(app: &mut App, done: impl Fn(&mut App) -> bool) {
    let started = Instant::now();
    while !done(app) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "never happened"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn analysed(app: &mut App) -> Option<(usize, String)> {
    let world = app.world();
    let source = world.resource::<StudySource>().0.as_ref()?;
    let found = world.resource::<AnalysisBoard>().current(source)?;
    Some((found.spot.shown, found.analysis.best.first()?.mv.clone()))
}

fn version(app: &App) -> u64 {
    app.world().resource::<Bridge>().version
}

#[test]
fn the_analysis_is_off_in_a_game_being_played_until_switched_on_and_changes_nothing() {
    let mut app = app();
    for _ in 0..5 {
        app.update();
    }
    let source_shown = app
        .world()
        .resource::<StudySource>()
        .0
        .as_ref()
        .map(|s| s.shown);
    assert_eq!(source_shown, Some(0), "the board offers its game");
    assert!(analysed(&mut app).is_none(), "off while the game is played");
    let before = version(&app);
    app.world_mut().write_message(ToggleAnalysis);
    until(&mut app, |app| analysed(app).is_some());
    let (shown, best) = analysed(&mut app).unwrap();
    assert_eq!(shown, 0);
    let pos = *app.world().resource::<Bridge>().game.position();
    let mv: Move = best.parse().unwrap();
    assert!(pos.legal_moves().contains(&mv), "{best}");
    assert_ne!(best, "c12-c56", "the engine never hands over its king");
    assert_eq!(version(&app), before, "the analysis changed the game");

    // A move: the analysis follows the new position.
    app.world_mut().write_message(Command::Play(mv));
    settle(&mut app);
    until(&mut app, |app| analysed(app).is_some_and(|(n, _)| n == 1));
    // Looking at the start again analyses the start.
    app.world_mut().insert_resource(Viewing::of(Some(0)));
    until(&mut app, |app| analysed(app).is_some_and(|(n, _)| n == 0));
    // A move tried there makes a side line: the analysis follows it, the game stays.
    let other = pos
        .legal_moves()
        .into_iter()
        .find(|m| *m != mv)
        .expect("another move");
    app.world_mut().write_message(Command::TryMove(other));
    settle(&mut app);
    let in_line = |app: &mut App| {
        let world = app.world();
        let source = world.resource::<StudySource>().0.clone();
        source.is_some_and(|s| {
            let found = world.resource::<AnalysisBoard>().current(&s);
            s.line.is_some() && found.is_some_and(|f| f.spot == s.spot())
        })
    };
    until(&mut app, in_line);
    assert_eq!(
        version(&app),
        before + 1,
        "only the one game move changed the game"
    );
    app.world_mut().insert_resource(Viewing::of(None));

    // Switched off, nothing is shown or searched.
    app.world_mut().write_message(ToggleAnalysis);
    for _ in 0..3 {
        app.update();
    }
    assert!(analysed(&mut app).is_none());
    assert!(!app.world().resource::<AnalysisBoard>().is_thinking());
}

#[test]
fn a_line_clicked_in_the_analysis_is_tried_on_the_board_as_a_side_line() {
    let mut app = app();
    app.world_mut().write_message(ToggleAnalysis);
    until(&mut app, |app| analysed(app).is_some());
    // On the live position of a game being played nothing is tried.
    let line_of = |app: &App| {
        let world = app.world();
        let source = world.resource::<StudySource>().0.clone()?;
        let found = world.resource::<AnalysisBoard>().current(&source)?;
        Some(found.analysis.best.first()?.line.clone())
    };
    let live = line_of(&app).unwrap();
    let before = version(&app);
    app.world_mut().write_message(TryLine(live[..1].to_vec()));
    settle(&mut app);
    assert!(app.world().resource::<Bridge>().line(None).is_none());
    assert_eq!(version(&app), before);

    // One move played; back at the start, the best line's first two moves clicked.
    let mv: Move = live[0].parse().unwrap();
    app.world_mut().write_message(Command::Play(mv));
    settle(&mut app);
    app.world_mut().insert_resource(Viewing::of(Some(0)));
    until(&mut app, |app| {
        analysed(app).is_some_and(|(n, _)| n == 0) && line_of(app).is_some_and(|l| l.len() >= 2)
    });
    let line = line_of(&app).unwrap();
    app.world_mut().write_message(TryLine(line[..2].to_vec()));
    settle(&mut app);
    let side = |app: &App| {
        let world = app.world();
        let line = world
            .resource::<Bridge>()
            .line(Some(0))
            .expect("a side line");
        line.game.played()
    };
    assert_eq!(side(&app), line[..2].to_vec(), "the line's two moves");
    assert_eq!(version(&app), before + 1, "the game is as it was");

    // The analysis follows the line; a move of its line clicked there extends it.
    until(&mut app, |app| {
        let world = app.world();
        let source = world.resource::<StudySource>().0.clone();
        source.is_some_and(|s| {
            s.line.is_some()
                && world
                    .resource::<AnalysisBoard>()
                    .current(&s)
                    .is_some_and(|f| !f.analysis.best.is_empty())
        })
    });
    let next = line_of(&app).unwrap();
    app.world_mut().write_message(TryLine(next[..1].to_vec()));
    settle(&mut app);
    let mut three = line[..2].to_vec();
    three.push(next[0].clone());
    assert_eq!(side(&app), three, "the side line grew by the move clicked");
    assert_eq!(version(&app), before + 1);
}

#[test]
fn a_review_judges_every_move_and_leaves_the_game_as_it_was() {
    let mut app = app();
    for mv in ["c12-c56", "e7-c7xc6"] {
        app.world_mut().write_message(Command::Play(
            mv.parse::<chogo::rules::MoveText>().unwrap().mv,
        ));
        settle(&mut app);
    }
    assert!(app.world().resource::<Bridge>().game.outcome().is_some());
    let before = version(&app);
    app.world_mut().write_message(StartReview);
    let reviewed = |app: &mut App| {
        let world = app.world();
        let source = world.resource::<StudySource>().0.clone();
        source.and_then(|s| world.resource::<GameReview>().of(&s).cloned())
    };
    until(&mut app, |app| reviewed(app).is_some());
    let review = reviewed(&mut app).unwrap();
    assert_eq!(review.moves.len(), 2);
    assert_eq!(review.moves[0].class, Some(chogo::study::Class::Blunder));
    assert_eq!(review.black_wins.len(), 3);
    assert_eq!(version(&app), before, "the review changed the game");
    // Nothing opens by itself at the game's end: the analysis waits to be asked.
    for _ in 0..5 {
        app.update();
    }
    let analysis_on = |app: &App| {
        let world = app.world();
        let source = world.resource::<StudySource>().0.clone();
        source.is_some_and(|s| world.resource::<AnalysisBoard>().is_on(&s))
    };
    assert!(!analysis_on(&app), "the analysis opened by itself");
    assert!(!app.world().resource::<AnalysisBoard>().is_thinking());
    // Asked, it shows the result (Black, to move, has lost).
    app.world_mut().write_message(ToggleAnalysis);
    until(&mut app, |app| {
        let world = app.world();
        let source = world.resource::<StudySource>().0.clone();
        source.is_some_and(|s| {
            world
                .resource::<AnalysisBoard>()
                .current(&s)
                .is_some_and(|f| f.analysis.over && f.analysis.win == 0.0)
        })
    });
}

#[test]
fn learning_from_a_mistake_judges_each_move_tried_and_shows_the_engines_answer() {
    let mut app = app();
    for mv in ["c12-c56", "e7-c7xc6"] {
        app.world_mut().write_message(Command::Play(
            mv.parse::<chogo::rules::MoveText>().unwrap().mv,
        ));
        settle(&mut app);
    }
    app.world_mut().write_message(StartReview);
    let source = |app: &App| app.world().resource::<StudySource>().0.clone().unwrap();
    until(&mut app, |app| {
        let s = source(app);
        app.world().resource::<GameReview>().of(&s).is_some()
    });
    let before = version(&app);
    let review = app
        .world()
        .resource::<GameReview>()
        .of(&source(&app))
        .cloned()
        .unwrap();
    let blunder = review.mistakes_of(Side::Black).next().unwrap().clone();
    let best = blunder.better.clone().expect("the engine's move").mv;
    let state = |app: &App| app.world().resource::<GameReview>().practice.state.clone();

    // The practice shows the position before Black's blunder.
    app.world_mut()
        .write_message(PracticeAsk::Start(Side::Black));
    until(&mut app, |app| {
        app.world().resource::<Viewing>().0 == Some(blunder.ply)
    });
    assert_eq!(state(&app), Attempting::Finding);
    let shown_line = |app: &App| {
        let world = app.world();
        shown_line(
            &bevy_egui::egui::Context::default(),
            world.resource::<AnalysisBoard>(),
            world.resource::<GameReview>(),
            world.resource::<StudySource>().0.as_ref(),
        )
        .map(<[String]>::to_vec)
    };
    assert_eq!(shown_line(&app), None, "the answer is not given away");

    // The blunder again: it falls short, the board goes back and draws the engine's move.
    let try_move = |app: &mut App, text: &str| {
        app.world_mut().write_message(Command::TryMove(
            text.parse::<chogo::rules::MoveText>().unwrap().mv,
        ));
        settle(app);
    };
    try_move(&mut app, "c12-c56");
    until(&mut app, |app| matches!(state(app), Attempting::Missed(..)));
    until(&mut app, |app| {
        app.world()
            .resource::<Bridge>()
            .line(Some(blunder.ply))
            .is_none()
            && app.world().resource::<Viewing>().0 == Some(blunder.ply)
    });
    assert_eq!(
        shown_line(&app).and_then(|l| l.first().cloned()),
        Some(best.clone())
    );

    // Again, with the engine's own move: found.
    app.world_mut().write_message(PracticeAsk::Retry);
    until(&mut app, |app| state(app) == Attempting::Finding);
    try_move(&mut app, &best);
    until(&mut app, |app| matches!(state(app), Attempting::Found(..)));

    // The last mistake seen; the game never changed.
    app.world_mut().write_message(PracticeAsk::Next);
    settle(&mut app);
    let practice_at = app.world().resource::<GameReview>().practice.at;
    assert_eq!(practice_at, 1);
    assert!(
        app.world()
            .resource::<GameReview>()
            .practice
            .current(&source(&app))
            .is_none()
    );
    assert_eq!(version(&app), before, "the practice changed the game");
}
