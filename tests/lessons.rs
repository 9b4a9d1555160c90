//! The lessons shipped in `assets/lessons/`: every stage reads, sets up on a legal
//! position that is not over, and is reached by its solution within par against its
//! opponent; the hint at the start is legal and, followed move after move, reaches the
//! goal too; the wrong moves named do not reach it, the refused moves change nothing;
//! and every stage the lessons promise is there.

use chogo::common::taught::Taught;
use chogo::learn::lesson::{Answer, LessonFile, Stage, read_lessons, shipped, stars};

fn file(game: &str) -> LessonFile {
    let text = shipped(game).expect("the game ships lessons");
    match read_lessons(text) {
        Ok(file) => file,
        Err(e) => panic!("{game}: {e}"),
    }
}

/// Every check of a game's file, each failure naming its stage.
fn check_all<G: Taught>(file: &LessonFile) -> Result<(), String> {
    file.check::<G>().map_err(|e| e.to_string())?;
    for (lesson, data) in file.stages() {
        let place = format!("{} / {}", lesson.id, data.id);
        let stage: Stage<G> = Stage::new(lesson, data).map_err(|e| e.to_string())?;
        if stage.game().is_over() {
            return Err(format!("{place}: over at the start"));
        }

        // The solution, through the runner: three stars.
        let mut run = stage.clone();
        let mut last = None;
        for text in &data.solution {
            last = Some(run.try_text(text));
        }
        match last {
            Some(Answer::Reached { stars: 3, .. }) => {}
            other => return Err(format!("{place}: the solution ends with {other:?}")),
        }

        // Hints from the start: each legal, and together they reach the goal.
        let mut run = stage.clone();
        let mut reached = false;
        for _ in 0..run.limit() {
            let Some(hint) = run.hint() else {
                return Err(format!("{place}: no hint after {} moves", run.moves()));
            };
            if !run.game().legal_moves().contains(&hint) {
                return Err(format!("{place}: the hint {hint:?} is not legal"));
            }
            match run.try_move(hint) {
                Answer::Played { .. } => {}
                Answer::Reached { .. } => {
                    reached = true;
                    break;
                }
                other => return Err(format!("{place}: the hint {hint:?} gives {other:?}")),
            }
        }
        if !reached {
            return Err(format!("{place}: the hints do not reach the goal"));
        }

        // A wrong move does not reach the goal; a refused move changes nothing.
        if data.wrong.is_empty() {
            return Err(format!("{place}: no wrong move to check"));
        }
        for text in &data.wrong {
            let mut run = stage.clone();
            if let Answer::Reached { .. } | Answer::Refused { .. } = run.try_text(text) {
                return Err(format!(
                    "{place}: the wrong move {text} reaches the goal or is refused"
                ));
            }
        }
        for text in &data.refused {
            let mut run = stage.clone();
            let before = run.game().position().to_string();
            match run.try_text(text) {
                Answer::Refused { why } if !why.is_empty() => {}
                other => return Err(format!("{place}: {text} gives {other:?}, not refused")),
            }
            if run.game().position().to_string() != before || run.moves() != 0 {
                return Err(format!("{place}: the refused {text} changed the stage"));
            }
        }
    }
    Ok(())
}

#[test]
fn chogo_lessons_play() {
    check_all::<chogo::rules::Game>(&file("chogo")).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn go_lessons_play() {
    check_all::<chogo::go::Game>(&file("go")).unwrap_or_else(|e| panic!("{e}"));
}

fn ids(file: &LessonFile) -> Vec<&str> {
    file.stages().map(|(_, s)| s.id.as_str()).collect()
}

#[test]
fn every_promised_stage_is_there() {
    let chogo = file("chogo");
    let chogo_ids = ids(&chogo);
    for id in [
        "drop-king",
        "slide-man",
        "trap-man",
        "move-tandem",
        "capture-e5",
        "slide-capture",
        "save-man",
        "secure-men",
        "mole-drop",
        "capture-king",
        // RULES §9 and §10, one stage an option.
        "king-rook",
        "tandem-one-cell",
        "capture-suicide",
        "mole-city",
        "start-anywhere",
        "start-fixed",
        "trap-line",
        "fortress-no-hiding",
        "fortress-knight",
        "fortress-reposition",
        "opening-drops",
        "hopeless-resign",
        "start-facing",
    ] {
        assert!(chogo_ids.contains(&id), "chogo: no stage {id}");
    }
    let go = file("go");
    let go_ids = ids(&go);
    for id in [
        "capture-stone",
        "save-group",
        "no-dead-drop",
        "ko-wait",
        "count-score",
        "alive-bishops",
        "alive-kings",
        "alive-knights",
        "knights-defend",
        "alive-pawns",
        "alive-maos",
        "alive-dabbabas",
        "alive-alfils",
        "moving-pieces",
    ] {
        assert!(go_ids.contains(&id), "go: no stage {id}");
    }
}

#[test]
fn wording_is_one_line_each() {
    for game in ["chogo", "go"] {
        let file = file(game);
        for lesson in &file.lessons {
            for line in [&lesson.title, &lesson.summary] {
                assert!(
                    !line.is_empty() && !line.contains('\n'),
                    "{game} {}",
                    lesson.id
                );
            }
            for stage in &lesson.stages {
                for line in [&stage.text, &stage.goal] {
                    assert!(
                        !line.is_empty() && !line.contains('\n') && line.len() <= 120,
                        "{game} {}: {line:?}",
                        stage.id
                    );
                }
            }
        }
    }
}

/// The checks can fail: a stage whose goal is moved off the solution's way is refused
/// with its name, and so is a stage whose solution is cut short.
#[test]
fn a_broken_stage_is_caught() {
    let mut broken = file("go");
    let (lesson, stage) = broken
        .lessons
        .iter_mut()
        .find_map(|l| {
            let i = l.stages.iter().position(|s| s.id == "capture-stone")?;
            Some((l.id.clone(), &mut l.stages[i]))
        })
        .expect("the stage is there");
    let good = stage.clone();
    stage.solution = vec!["a1".into()];
    let err = check_all::<chogo::go::Game>(&broken).expect_err("a wrong solution is caught");
    assert!(err.contains("capture-stone"), "{err}");

    let mut broken = file("go");
    for l in &mut broken.lessons {
        for s in &mut l.stages {
            if s.id == good.id {
                s.check = chogo::learn::Goal::Capture {
                    cells: vec!["e5".into()],
                };
            }
        }
    }
    let err = check_all::<chogo::go::Game>(&broken).expect_err("a moved goal is caught");
    assert!(
        err.contains(&lesson) && err.contains("capture-stone"),
        "{err}"
    );

    let mut broken = file("chogo");
    broken.lessons[0].stages[0].position = "not a position".into();
    let err = check_all::<chogo::rules::Game>(&broken).expect_err("a bad position is caught");
    assert!(err.contains(&broken.lessons[0].stages[0].id), "{err}");
}

#[test]
fn bad_files_are_refused_with_a_reason() {
    assert!(read_lessons("{").is_err());
    let err = read_lessons(r#"{"game":"go","lessons":[]}"#).unwrap_err();
    assert!(err.to_string().contains("no lessons"), "{err}");
    let mut twice = file("go");
    let copy = twice.lessons[0].clone();
    twice.lessons.push(copy);
    let text = serde_json::to_string(&twice).expect("plain data");
    let err = read_lessons(&text).unwrap_err();
    assert!(err.to_string().contains("used twice"), "{err}");
    // A misspelt field is refused, in the opponent too.
    let text = shipped("go").expect("shipped");
    let typo = text.replacen(r#""kind": "pass""#, r#""kind": "pass", "betwen": []"#, 1);
    assert_ne!(typo, text);
    assert!(read_lessons(&typo).is_err());
    let typo = text.replacen(r#""par""#, r#""parr""#, 1);
    assert!(read_lessons(&typo).is_err());
    // Chogo's lessons are not Go's.
    assert!(file("chogo").check::<chogo::go::Game>().is_err());
}

#[test]
fn stars_fall_with_extra_moves() {
    assert_eq!(stars(1, 1), 3);
    assert_eq!(stars(2, 1), 2);
    assert_eq!(stars(3, 1), 2);
    assert_eq!(stars(4, 1), 1);
}
