//! The bots' Web Worker without a browser: `chogo::jobs::answer_json` is the one
//! function `web/worker` exports (`answer`), and `web/worker.js` hands it the job's JSON
//! text as the page wrote it. These tests speak that message format for both games and
//! check that every answer is a legal move of the position sent, the game's history
//! included (Go's superko, Chogo's third repetition). `.ci/run` does not run
//! `web/test.sh`, so this is the worker's test in CI.

use serde_json::{Value, json};

use chogo::go;
use chogo::jobs::{WorkerJob, answer_json};
use chogo::rules::{Game, Move, MoveText, Position, Record, RuleSet, Side};

/// The answer's JSON as an object: its keys, sorted, and the object.
fn answer_object(answer: &str) -> (Vec<String>, serde_json::Map<String, Value>) {
    let value: Value = serde_json::from_str(answer).unwrap_or_else(|e| panic!("{answer}: {e}"));
    let object = value
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {answer}"))
        .clone();
    let mut keys: Vec<String> = object.keys().cloned().collect();
    keys.sort();
    (keys, object)
}

/// A Chogo job as the page writes it.
fn chogo_job(record: &str, engine: Value, depth: Option<u32>, seed: u64) -> String {
    json!({
        "job": "chogo_move",
        "record": record,
        "engine": engine,
        "time_ms": null,
        "nodes": null,
        "depth": depth,
        "seed": seed,
    })
    .to_string()
}

/// A job of Go with chess pieces as the page writes it.
fn go_job(record: &str, level: &str, playouts: Option<u64>, seed: u64) -> String {
    json!({
        "job": "go_move",
        "go_record": record,
        "level": level,
        "time_ms": null,
        "playouts": playouts,
        "seed": seed,
    })
    .to_string()
}

#[test]
fn the_message_format_is_the_one_the_page_writes() {
    // The page's side (src/game) builds jobs with `Job::new` and `GoJob::new`; their JSON
    // is the worker's input and must keep these names.
    let mut game = Game::new(RuleSet::default());
    game.play("e3".parse().unwrap()).unwrap();
    let job = chogo::bot::job::Job::new(
        &game,
        chogo::bot::job::Engine::Level(chogo::bot::Level::Hard),
        chogo::bot::Budget {
            depth: Some(2),
            ..chogo::bot::Budget::default()
        },
        9,
    );
    let written: Value = serde_json::to_value(WorkerJob::ChogoMove(job.clone())).unwrap();
    let record = Record::from_game(&game, &[]).to_string();
    assert_eq!(
        written,
        json!({"job": "chogo_move", "record": record, "engine": {"level": "hard"},
               "time_ms": null, "nodes": null, "depth": 2, "seed": 9})
    );
    let plain = chogo::bot::job::Job {
        engine: chogo::bot::job::Engine::Search,
        ..job
    };
    assert_eq!(
        serde_json::to_value(&plain).unwrap()["engine"],
        json!("search")
    );

    let go_game = go::Game::from_position(go::Position::new(go::Rules::default()));
    let go_job_written = go::job::GoJob::new(
        &go_game,
        go::job::GoAsk {
            level: go::bot::Level::Medium,
            time: Some(std::time::Duration::from_millis(250)),
            playouts: Some(300),
            seed: 4,
        },
    );
    assert_eq!(
        serde_json::to_value(WorkerJob::GoMove(go_job_written)).unwrap(),
        json!({"job": "go_move", "go_record": go::Record::from_game(&go_game, &[]).to_string(),
               "level": "medium", "time_ms": 250, "playouts": 300, "seed": 4})
    );

    // The answers: `move`, `score`, `line` and `error` for Chogo; `move`, `winrate`,
    // `lead`, `line` and `error` for Go with chess pieces; each read back by its game's
    // reader, the expected line starting with the move.
    let chogo_answer = answer_json(&chogo_job(&record, json!({"level": "hard"}), Some(2), 9));
    let (keys, object) = answer_object(&chogo_answer);
    assert_eq!(keys, ["error", "line", "move", "score"], "{chogo_answer}");
    assert!(object["error"].is_null() && object["move"].is_string() && object["score"].is_i64());
    let thought = chogo::bot::job::read_answer(&chogo_answer)
        .unwrap()
        .unwrap();
    assert_eq!(object["move"], json!(thought.mv.to_string()));
    assert_eq!(object["line"][0], object["move"], "{chogo_answer}");
    assert_eq!(thought.line.first(), Some(&thought.mv));

    let go_answer = answer_json(&go_job(
        &go::Record::from_game(&go_game, &[]).to_string(),
        "medium",
        Some(200),
        4,
    ));
    let (keys, object) = answer_object(&go_answer);
    assert_eq!(
        keys,
        ["error", "lead", "line", "move", "winrate"],
        "{go_answer}"
    );
    assert_eq!(object["line"][0], object["move"], "{go_answer}");
    assert!(object["error"].is_null() && object["move"].is_string());
    let winrate = object["winrate"].as_f64().expect("a win rate");
    assert!((0.0..=1.0).contains(&winrate), "{go_answer}");
    let go_thought = go::job::GoJob::read_answer(&go_game, &go_answer)
        .unwrap()
        .unwrap();
    assert!(
        go_game.legal_moves().contains(&go_thought.mv),
        "{go_answer}"
    );

    // What cannot be a job is answered with an error (and no move), never a panic: the
    // message names the game the job was meant for, when its tag says.
    for (bad, start) in [
        ("{", "not a worker job"),
        ("null", "not a worker job"),
        (r#"{"record": 5}"#, "not a worker job"),
        (r#"{"job": "chess_move", "record": ""}"#, "not a worker job"),
        (
            r#"{"job": "chogo_move", "record": 5}"#,
            "not a Chogo bot's job",
        ),
        (
            r#"{"job": "go_move", "go_record": 5}"#,
            "not a job of Go with chess pieces",
        ),
        (
            r#"{"job": "go_move", "go_record": "", "level": "hard", "time_ms": null, "playouts": 1, "seed": 1, "x": 1}"#,
            "not a job of Go with chess pieces",
        ),
    ] {
        let answer = answer_json(bad);
        let (_, object) = answer_object(&answer);
        assert!(object["move"].is_null(), "{bad}: {answer}");
        let error = object["error"].as_str().unwrap_or_default();
        assert!(error.starts_with(start), "{bad}: {answer}");
    }
    // A job that reads but whose record does not replay, or names no level.
    let answer = answer_json(&chogo_job(
        "[Rules \"chogo-44\"]\n\n1. e3 e9 *\n",
        json!("search"),
        Some(1),
        1,
    ));
    assert!(answer_object(&answer).1["error"].is_string(), "{answer}");
    let answer = answer_json(&go_job(
        &go::Record::from_game(&go_game, &[]).to_string(),
        "grandmaster",
        None,
        1,
    ));
    let (_, object) = answer_object(&answer);
    assert!(
        object["error"]
            .as_str()
            .is_some_and(|e| e.contains("unknown level 'grandmaster'")),
        "{answer}"
    );
}

#[test]
fn chogo_answers_are_legal_moves_of_the_game_sent() {
    let mut game = Game::new(RuleSet::default());
    for mv in ["e3", "e5", "c1-c4", "d7-d5"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let record = Record::from_game(&game, &[]).to_string();
    let legal = game.legal_moves();
    for engine in [
        json!({"level": "random"}),
        json!({"level": "beginner"}),
        json!({"level": "easy"}),
        json!({"level": "medium"}),
        json!("search"),
    ] {
        for seed in 1..6 {
            let answer = answer_json(&chogo_job(&record, engine.clone(), Some(2), seed));
            let thought = chogo::bot::job::read_answer(&answer)
                .unwrap_or_else(|e| panic!("{engine}: {e}"))
                .unwrap_or_else(|| panic!("{engine}: no move: {answer}"));
            assert!(legal.contains(&thought.mv), "{engine} {seed}: {answer}");
            // The move as written (its captures included) plays on the position.
            let text: MoveText = answer_object(&answer).1["move"]
                .as_str()
                .unwrap()
                .parse()
                .unwrap();
            assert!(game.clone().play_text(&text).is_ok(), "{answer}");
        }
    }
}

#[test]
fn a_chogo_game_drawn_by_its_history_gets_no_move() {
    // Two kings step away and back twice: the start position's third occurrence draws
    // (RULES §6). Only the record's moves tell; the position alone has moves.
    let start =
        Position::from_text("##4##/#5K#/8/8/8/#k5#/##4## b 0 40", RuleSet::default()).unwrap();
    let mut game = Game::from_position(start);
    let there: [Move; 2] = ["b2-b3".parse().unwrap(), "g6-g5".parse().unwrap()];
    let back: [Move; 2] = ["b3-b2".parse().unwrap(), "g5-g6".parse().unwrap()];
    for _ in 0..2 {
        for mv in there.iter().chain(&back) {
            game.play(*mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
    }
    assert!(game.outcome().is_some());
    assert!(!game.position().legal_moves().is_empty());
    let record = Record::from_game(&game, &[]).to_string();
    for engine in [json!({"level": "random"}), json!({"level": "hard"})] {
        let answer = answer_json(&chogo_job(&record, engine.clone(), Some(2), 1));
        let (keys, object) = answer_object(&answer);
        assert_eq!(keys, ["error", "line", "move", "score"]);
        assert!(
            object["move"].is_null() && object["error"].is_null(),
            "{engine}: {answer}"
        );
    }
}

/// Three kos on a 9 × 9 board (GO_RULES §4) and their six-ply cycle.
fn triple_ko(superko: bool) -> (go::Game, Vec<String>) {
    let rules = go::Rules {
        board: go::Board::Square(9),
        pieces: "R".parse().unwrap(),
        superko,
        ..go::Rules::default()
    };
    let mut p = go::Position::new(rules);
    let x = 3;
    let at = |f: i32, r: i32| go::Cell::new(f, r).unwrap();
    let rook = |side| Some(go::Piece::new(side, go::Kind::Rook));
    let mut cycle = Vec::new();
    for (unit, y) in [1, 4, 7].into_iter().enumerate() {
        for (f, r, side) in [
            (x - 1, y, Side::Black),
            (x, y - 1, Side::Black),
            (x, y + 1, Side::Black),
            (x + 2, y, Side::White),
            (x + 1, y - 1, Side::White),
            (x + 1, y + 1, Side::White),
        ] {
            p.set_piece(at(f, r), rook(side));
        }
        if unit == 1 {
            p.set_piece(at(x + 1, y), rook(Side::Black));
        } else {
            p.set_piece(at(x, y), rook(Side::White));
        }
        cycle.push((at(x + 1, y), at(x, y)));
    }
    let p = go::Position::from_text(&p.to_string(), rules).unwrap();
    let [(b1, w1), (b2, w2), (b3, w3)] = [cycle[0], cycle[1], cycle[2]];
    let moves = [b1, w2, b3, w1, b2, w3].map(|c| c.to_string()).to_vec();
    (go::Game::from_position(p), moves)
}

#[test]
fn go_answers_respect_ko_and_superko_from_the_record() {
    // Superko: five plies into the triple ko, White's sixth retake would repeat the start
    // (GO_RULES §3); only the record's history forbids it. Every answer of three levels
    // over eight seeds must be a legal move of the game. (These bots happen not to choose
    // the retake even without the history: the game the history ends, below, is the case
    // seen to fail when a job's history is dropped.)
    let (mut game, cycle) = triple_ko(true);
    for m in &cycle[..5] {
        game.play_text(&m.parse().unwrap()).unwrap();
    }
    let forbidden = cycle[5].clone();
    let legal = game.legal_moves();
    assert!(
        !legal
            .iter()
            .any(|m| m.text(game.position().rules().pieces) == forbidden)
    );
    let record = go::Record::from_game(&game, &[]).to_string();
    for level in ["random", "easy", "medium"] {
        for seed in 1..9 {
            let answer = answer_json(&go_job(&record, level, Some(200), seed));
            let thought = go::job::GoJob::read_answer(&game, &answer)
                .unwrap_or_else(|e| panic!("{level} {seed}: {e}"))
                .unwrap_or_else(|| panic!("{level} {seed}: no move: {answer}"));
            assert!(
                legal.contains(&thought.mv),
                "{level} {seed}: {answer} (not legal after {cycle:?})"
            );
        }
    }
    // Basic ko: right after a capture in a ko, the retake is refused; the easy bot's
    // answers are legal moves of that game.
    let (mut game, cycle) = triple_ko(false);
    game.play_text(&cycle[0].parse().unwrap()).unwrap();
    let legal = game.legal_moves();
    let record = go::Record::from_game(&game, &[]).to_string();
    for seed in 1..9 {
        let answer = answer_json(&go_job(&record, "easy", None, seed));
        let thought = go::job::GoJob::read_answer(&game, &answer)
            .unwrap()
            .unwrap();
        assert!(legal.contains(&thought.mv), "{seed}: {answer}");
    }
}

#[test]
fn a_go_game_drawn_by_its_history_gets_no_move() {
    // The triple ko's cycle twice under basic ko: the start comes back a third time and
    // the game is drawn (GO_RULES §4). The last position alone has moves; only the
    // record's history says the game is over.
    let (mut game, cycle) = triple_ko(false);
    for m in cycle.iter().chain(&cycle) {
        game.play_text(&m.parse().unwrap()).unwrap();
    }
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(go::EndReason::Repetition)
    );
    let record = go::Record::from_game(&game, &[]).to_string();
    for level in ["random", "easy", "medium"] {
        let answer = answer_json(&go_job(&record, level, Some(100), 1));
        let (_, object) = answer_object(&answer);
        assert!(
            object["move"].is_null() && object["error"].is_null(),
            "{level}: {answer}"
        );
    }
}

#[test]
fn a_finished_go_game_gets_no_move() {
    let mut game = go::Game::from_position(go::Position::new(go::Rules::default()));
    game.play(go::Move::Pass).unwrap();
    game.play(go::Move::Pass).unwrap();
    assert!(game.outcome().is_some());
    let answer = answer_json(&go_job(
        &go::Record::from_game(&game, &[]).to_string(),
        "easy",
        None,
        1,
    ));
    let (_, object) = answer_object(&answer);
    assert!(
        object["move"].is_null() && object["error"].is_null(),
        "{answer}"
    );
}

#[test]
fn analysis_jobs_answer_for_both_games_in_the_page_format() {
    let mut game = Game::new(RuleSet::default());
    for mv in ["b3", "f6", "c1-c4"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let job = json!({
        "job": "chogo_analysis",
        "analyse": Record::from_game(&game, &[]).to_string(),
        "multipv": 3,
        "effort": {"depth": 3},
        "seed": 1,
    })
    .to_string();
    let answer = answer_json(&job);
    let (keys, object) = answer_object(&answer);
    assert_eq!(keys, ["analysis", "error"], "{answer}");
    let analysis = chogo::jobs::AnalysisJob::read_answer(&answer).unwrap();
    assert_eq!(analysis.best.len(), 3, "{answer}");
    assert!(object["analysis"]["best"][0]["move"].is_string());
    for c in &analysis.best {
        let mv: Move = c.mv.parse().unwrap();
        assert!(game.legal_moves().contains(&mv), "{answer}");
    }

    let mut go_game = go::Game::from_position(go::Position::new(go::Rules::default()));
    go_game.play_text(&"e5".parse().unwrap()).unwrap();
    let job = json!({
        "job": "go_analysis",
        "analyse": go::Record::from_game(&go_game, &[]).to_string(),
        "multipv": 2,
        "effort": {"work": 600},
        "seed": 4,
    })
    .to_string();
    let answer = answer_json(&job);
    let analysis = chogo::jobs::AnalysisJob::read_answer(&answer).unwrap();
    assert!(
        analysis.lead.is_some() && !analysis.best.is_empty(),
        "{answer}"
    );
    assert_eq!(
        answer_json(&job),
        answer,
        "a seed and a playout budget reproduce it"
    );

    // Bad jobs are answered with the reason, never a panic.
    for (bad, start) in [
        (
            r#"{"job": "chogo_analysis", "analyse": 5}"#,
            "not an analysis job",
        ),
        (
            r#"{"job": "chess_analysis", "analyse": "", "multipv": 1, "seed": 1}"#,
            "not a worker job",
        ),
        (
            r#"{"job": "go_analysis", "analyse": "", "game": "go", "multipv": 1, "seed": 1}"#,
            "not an analysis job",
        ),
        (
            r#"{"job": "chogo_analysis", "analyse": "1. e9 *", "multipv": 1, "seed": 1}"#,
            "move 1 (black): e9: e9 is not on this board",
        ),
    ] {
        let error = chogo::jobs::AnalysisJob::read_answer(&answer_json(bad)).unwrap_err();
        assert!(error.starts_with(start), "{bad}: {error}");
    }
}
