//! ECS tests of the lessons and the puzzles in the game, without a window: the real
//! systems the game runs (the session, the drivers, the animation clock), the moves
//! written as the board's input writes them.
#![cfg(feature = "gui")]

mod common;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use chogo::game::app::session::SessionGame;

use chogo::common::Playable;
use chogo::common::taught::Taught;
use chogo::game::app::learn::{Coach, CoachAsk, LessonRun, PuzzleRun};
use chogo::game::app::pace::Searching;
use chogo::game::{Bridge, Command, GameKind, Launch, PlayerSettings, Screen, Start};
use chogo::learn::Tried;
use chogo::rules::Game;
use common::ecs::launched;

fn app() -> App {
    launched(Launch {
        store: None,
        game: None,
        start: Start::Play,
    })
}

/// Runs frames until `done` holds (at most 60 s: a refutation is a real search).
#[track_caller]
fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let started = Instant::now();
    while !done(app) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "never happened: {what}"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn bridge(app: &App) -> &Bridge {
    app.world().resource::<Bridge>()
}

/// The person's turn on a settled board, the driver idle.
fn my_turn(app: &App) -> bool {
    bridge(app).human_to_move()
        && !app.world().resource::<chogo::game::Animating>().0
        && !app.world().resource::<PuzzleRun<Game>>().is_busy()
        && !app.world().resource::<LessonRun<Game>>().is_busy()
}

fn play(app: &mut App, mv: chogo::rules::Move) {
    app.world_mut().write_message(Command::Play(mv));
    app.update();
}

fn rating(app: &App) -> f64 {
    app.world()
        .resource::<PlayerSettings>()
        .0
        .learning
        .get("chogo")
        .and_then(|l| l.rating)
        .unwrap_or_default()
        .rating
}

/// Opens stage `at` (lesson, stage) of game `kind`'s lessons, as the Learn path does.
fn open_stage(app: &mut App, kind: GameKind, at: (usize, usize)) {
    app.world_mut()
        .resource_mut::<NextState<GameKind>>()
        .set(kind);
    app.world_mut().resource_mut::<Coach>().open_stage = Some(at);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Lesson);
}

#[test]
fn a_lesson_stage_is_played_to_its_goal_through_the_app() {
    let mut app = app();
    // The first Chogo stage that shows a refused move.
    let file = chogo::learn::read_lessons(chogo::learn::lesson::shipped("chogo").unwrap()).unwrap();
    let (at, data) = file
        .lessons
        .iter()
        .enumerate()
        .flat_map(|(l, lesson)| {
            lesson
                .stages
                .iter()
                .enumerate()
                .map(move |(s, d)| ((l, s), d.clone()))
        })
        .find(|(_, d)| !d.refused.is_empty())
        .expect("a stage with a refused move");
    open_stage(&mut app, GameKind::Chogo, at);
    until(&mut app, "the stage on the board", |app| {
        bridge(app).is_driven() && my_turn(app)
    });
    let start = bridge(&app).game.position().to_string();
    assert_eq!(
        app.world()
            .resource::<LessonRun<Game>>()
            .stage()
            .map(|s| s.data().id.clone()),
        Some(data.id.clone())
    );

    // A move the rules refuse changes nothing.
    let version = bridge(&app).version;
    let refused = bridge(&app).game.read_move(&data.refused[0]).unwrap();
    play(&mut app, refused);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        bridge(&app).version,
        version,
        "a refused move is not played"
    );
    assert_eq!(bridge(&app).game.position().to_string(), start);
    let stage = app.world().resource::<LessonRun<Game>>().stage().unwrap();
    assert_eq!(stage.moves(), 0);
    assert!(app.world().resource::<chogo::game::Notice>().0.is_some());

    // The solution reaches the goal with three stars.
    for text in &data.solution {
        until(&mut app, "the learner's turn", my_turn);
        let mv = bridge(&app).game.read_move(text).unwrap();
        play(&mut app, mv);
    }
    until(&mut app, "the goal", |app| {
        app.world().resource::<Coach>().shown.stars.is_some()
    });
    assert_eq!(app.world().resource::<Coach>().shown.stars, Some(3));
    // Under the buttons, how a move is made on this board, as the game's panel says it
    // (here the drop of a king: White's is still in hand).
    let controls = app.world().resource::<Coach>().shown.controls;
    assert!(controls.contains("drop your king"), "{controls:?}");
    assert_eq!(controls, bridge(&app).game.how_to_play());
    let saved = app.world().resource::<PlayerSettings>().0.learning["chogo"]
        .stars
        .get(&data.id)
        .copied();
    assert_eq!(saved, Some(3), "the stars are kept with the settings");
    assert!(
        !bridge(&app).human_to_move(),
        "a finished stage holds the board"
    );

    // Leaving gives the game played before back.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    until(&mut app, "the game back", |app| !bridge(app).is_driven());
}

/// A legal move of the puzzle's position that is not its answer and does not win at once.
fn wrong_move(app: &App) -> chogo::rules::Move {
    let run = app.world().resource::<PuzzleRun<Game>>();
    let attempt = run.attempt().unwrap();
    let expected = attempt.expected().unwrap();
    let game = attempt.game().clone();
    game.legal_moves()
        .into_iter()
        .find(|&mv| {
            let mut trial = attempt.clone();
            mv != expected && trial.try_move(mv) == Tried::Wrong && {
                let mut g = game.clone();
                g.play(mv).is_ok() && !g.is_over()
            }
        })
        .expect("a wrong move")
}

/// Plays the puzzle's line to its end.
fn solve(app: &mut App) {
    loop {
        until(app, "the solver's turn", |app| {
            my_turn(app)
                || app
                    .world()
                    .resource::<PuzzleRun<Game>>()
                    .attempt()
                    .is_some_and(|a| a.is_solved())
        });
        let run = app.world().resource::<PuzzleRun<Game>>();
        let Some(mv) = run.attempt().and_then(|a| a.expected()) else {
            return;
        };
        play(app, mv);
    }
}

/// Opens game `kind`'s puzzles, as the title's Puzzles and the game chooser do.
fn open_puzzles(app: &mut App, kind: GameKind) {
    app.world_mut()
        .resource_mut::<NextState<GameKind>>()
        .set(kind);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Puzzles);
}

/// The app on Chogo's puzzles, the first puzzle set and the player to move: its id.
fn chogo_puzzle() -> (App, String) {
    let mut app = app();
    open_puzzles(&mut app, GameKind::Chogo);
    until(&mut app, "the puzzle set", |app| {
        bridge(app).is_driven() && my_turn(app) && bridge(app).game.ply_count() == 1
    });
    let first = app
        .world()
        .resource::<PuzzleRun<Game>>()
        .attempt()
        .unwrap()
        .puzzle()
        .id
        .clone();
    (app, first)
}

#[test]
fn a_puzzle_refutes_a_wrong_move_takes_it_back_and_rates_the_player() {
    let (mut app, first) = chogo_puzzle();
    let set = bridge(&app).game.position().to_string();
    // The panel names the setting move, as the record writes it.
    let setting = {
        let mut before = bridge(&app).game.clone();
        let mv = before.moves().next().unwrap();
        before.undo();
        before.move_text(mv)
    };
    let said = app.world().resource::<Coach>().shown.said.clone();
    assert!(
        said.as_deref()
            .is_some_and(|s| s.ends_with(&format!(" played {setting}"))),
        "{said:?} should name {setting}"
    );

    // A wrong move: refuted by the engine, then taken back; the rating goes down.
    let wrong = wrong_move(&app);
    play(&mut app, wrong);
    assert!(
        !bridge(&app).human_to_move(),
        "the board waits for the refutation"
    );
    until(&mut app, "the refutation played and settled", |app| {
        bridge(app).game.ply_count() == 3
            && !app.world().resource::<chogo::game::Animating>().0
            && app.world().resource::<PuzzleRun<Game>>().is_refuted()
    });
    // The panel says which move refutes it, as the board played it, and how the engine
    // judges the position after it.
    let reply = {
        let game = &bridge(&app).game;
        let mut before = game.clone();
        let last = game.moves().last().unwrap();
        before.undo();
        before.move_text(last)
    };
    let shown = &app.world().resource::<Coach>().shown;
    assert!(
        shown.status.starts_with("Not the move: ")
            && shown.status.contains(&reply)
            && shown.status.contains("your chance is now "),
        "{:?} should name {reply} and the engine's judgement",
        shown.status
    );
    assert!(shown.take_back && !shown.busy);
    // It stays on the board until the player takes it back (longer than the second and a
    // half it used to stay), with nothing waiting on the clock.
    assert!(!app.world().resource::<PuzzleRun<Game>>().waiting());
    let shown_at = Instant::now();
    while shown_at.elapsed() < Duration::from_millis(2500) {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(bridge(&app).game.ply_count(), 3, "the refutation stays");
    app.world_mut().write_message(CoachAsk::Retry);
    until(&mut app, "the wrong move taken back", |app| {
        my_turn(app) && bridge(app).game.ply_count() == 1
    });
    assert!(!app.world().resource::<Coach>().shown.take_back);
    assert_eq!(bridge(&app).game.position().to_string(), set);
    let failed = rating(&app);
    assert!(failed < 1500.0, "{failed}");

    // The right line solves it; already counted, it changes the rating no more.
    solve(&mut app);
    assert!(app.world().resource::<PuzzleRun<Game>>().is_over());
    assert_eq!(rating(&app), failed);

    // The next puzzle, solved cleanly: the rating goes up.
    app.world_mut().write_message(CoachAsk::Next);
    until(&mut app, "the next puzzle set", |app| {
        let run = app.world().resource::<PuzzleRun<Game>>();
        run.attempt().is_some_and(|a| a.puzzle().id != first)
            && my_turn(app)
            && bridge(app).game.ply_count() == 1
    });
    solve(&mut app);
    let solved = rating(&app);
    assert!(solved > failed, "{solved} after {failed}");
    let learning = &app.world().resource::<PlayerSettings>().0.learning["chogo"];
    assert_eq!(learning.history.len(), 2);
    assert!(!learning.history[0].solved && learning.history[1].solved);
    assert_eq!(learning.done.len(), 2);
}

/// Next while a refutation is shown: the next puzzle comes, its board live (not held), the
/// refuted one counted once, the new one not yet.
#[test]
fn next_while_a_refutation_is_shown_opens_the_next_puzzle() {
    let (mut app, first) = chogo_puzzle();
    let wrong = wrong_move(&app);
    play(&mut app, wrong);
    until(&mut app, "the refutation on the board", |app| {
        app.world().resource::<PuzzleRun<Game>>().is_refuted()
    });
    app.world_mut().write_message(CoachAsk::Next);
    until(&mut app, "the next puzzle set", |app| {
        let run = app.world().resource::<PuzzleRun<Game>>();
        run.attempt().is_some_and(|a| a.puzzle().id != first)
            && my_turn(app)
            && bridge(app).game.ply_count() == 1
    });
    let shown = &app.world().resource::<Coach>().shown;
    assert!(!shown.take_back && !shown.finished, "{shown:?}");
    let learning = &app.world().resource::<PlayerSettings>().0.learning["chogo"];
    assert_eq!(learning.history.len(), 1);
    assert!(!learning.history[0].solved);
    // The new puzzle is solved cleanly: the earlier wrong move is not held against it.
    solve(&mut app);
    let learning = &app.world().resource::<PlayerSettings>().0.learning["chogo"];
    assert_eq!(learning.history.len(), 2);
    assert!(learning.history[1].solved);
}

/// The theme filter offers the themes some puzzle has, with their counts; a theme of the
/// other game's puzzles gives way to any.
#[test]
fn the_theme_filter_offers_only_themes_with_puzzles() {
    use chogo::game::app::learn::Courses;
    let mut app = app();
    app.update();
    let puzzles = chogo::learn::read_puzzles(chogo::learn::shipped("go").unwrap()).unwrap();
    let courses = app.world().resource::<Courses>();
    let go = courses.get(GameKind::Go).expect("Go's course");
    assert!(!go.themes.is_empty());
    for &(theme, n) in &go.themes {
        let have = puzzles
            .iter()
            .filter(|p| p.themes.iter().any(|t| t == theme))
            .count();
        assert_eq!((n, n > 0), (have, true), "{theme}");
    }
    // Go's list has themes with no puzzle (queens, at least): they are not offered.
    let offered: Vec<&str> = go.themes.iter().map(|&(t, _)| t).collect();
    assert!(!offered.contains(&"queens"), "{offered:?}");

    // "trap" (Chogo's) chosen, then Go's puzzles opened: any theme, and a puzzle.
    app.world_mut().resource_mut::<Coach>().theme = Some("trap");
    open_puzzles(&mut app, GameKind::Go);
    until(&mut app, "a Go puzzle set", |app| {
        app.world()
            .resource::<PuzzleRun<chogo::go::Game>>()
            .attempt()
            .is_some()
    });
    assert_eq!(app.world().resource::<Coach>().theme, None);
}

/// Go with chess pieces' stage on the count: the wall closed by a drop, then the panel's
/// Pass (the board has no button for it in a lesson), the opponent's pass, three stars.
#[test]
fn the_count_stage_is_won_with_the_panels_pass() {
    use chogo::game::GoBridge;
    let mut app = app();
    let file = chogo::learn::read_lessons(chogo::learn::lesson::shipped("go").unwrap()).unwrap();
    let at = file
        .lessons
        .iter()
        .enumerate()
        .find_map(|(l, lesson)| {
            lesson
                .stages
                .iter()
                .position(|s| s.id == "count-score")
                .map(|s| (l, s))
        })
        .expect("the count stage");
    open_stage(&mut app, GameKind::Go, at);
    let go = |app: &App| app.world().resource::<GoBridge>().game.clone();
    let settled = |app: &App| {
        !app.world().resource::<chogo::game::Animating>().0
            && !app
                .world()
                .resource::<LessonRun<chogo::go::Game>>()
                .is_busy()
    };
    until(&mut app, "the stage on the board", |app| {
        app.world().resource::<GoBridge>().is_driven() && go(app).ply_count() == 0 && settled(app)
    });
    // The panel offers a pass from the start: it is always legal.
    assert!(app.world().resource::<Coach>().shown.can_pass);
    let drop = go(&app).read_move("c3").unwrap();
    app.world_mut()
        .write_message(chogo::game::GoCommand::Play(drop));
    until(&mut app, "the opponent's answer", |app| {
        go(app).ply_count() == 2 && settled(app)
    });
    assert_eq!(app.world().resource::<Coach>().shown.stars, None);
    // The opponent's pass shows nothing on the board: the panel says it.
    assert_eq!(
        app.world().resource::<Coach>().shown.said.as_deref(),
        Some("White passed")
    );
    app.world_mut().write_message(CoachAsk::Pass);
    until(&mut app, "the goal", |app| {
        app.world().resource::<Coach>().shown.stars.is_some()
    });
    assert_eq!(app.world().resource::<Coach>().shown.stars, Some(3));
    assert!(
        !app.world().resource::<Coach>().shown.can_pass,
        "the try is over"
    );
}
