//! The command-line front end: exact output formats and exit codes.

mod common;

use std::fs;
use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chogo-cli"))
        .args(args)
        .output()
        .expect("chogo-cli runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const START: &str = "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp##[Kk] b 0 1";
const CITY: &str = "##1K2##/#P4P#/1pPPPP2/2p5/8/#3k2#/##4## b 10 20";

#[test]
fn moves_lists_every_legal_move_in_string_order() {
    let out = cli(&["moves", START]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 18);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines[0], "a4");
    // Captures are written after the move.
    let out = cli(&["moves", CITY]);
    assert!(stdout(&out).lines().any(|l| l == "e2>c6xc5xb6"));
}

#[test]
fn moves_prints_nothing_once_the_game_is_over() {
    let over = "##PPPP##/#P4P#/P6P/8/pk5p/#p4p#/##pppp## w 0 3";
    let out = cli(&["moves", over]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "");
}

#[test]
fn apply_prints_the_position_and_result() {
    let out = cli(&["apply", START, "e3", "a4", "b2-b4xa4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "##PPPP##/#P4P#/P6P/1p6/p3k2p/#5p#/##pppp## w 0 2\nresult: black\n"
    );
    let out = cli(&["apply", START, "b3"]);
    assert_eq!(
        stdout(&out),
        "##PPPP##/#P4P#/P6P/8/pk5p/#p4p#/##pppp##[K] w 1 1\nresult: ongoing\n"
    );
    let out = cli(&["apply", START]);
    assert_eq!(stdout(&out), format!("{START}\nresult: ongoing\n"));
}

#[test]
fn exit_codes_and_one_line_errors() {
    for (args, code, message) in [
        (
            vec!["apply", START, "e3", "a4", "d1-d7"],
            1,
            "move 2 (black): d1-d7: the way is blocked at d7",
        ),
        (
            vec!["apply", START, "e3", "a4", "b2-b4xa5"],
            1,
            "the move captures a4, not a5",
        ),
        (
            vec!["apply", START, "e3", "a4", "q9-q10"],
            2,
            "'q9-q10' is not a move",
        ),
        (
            vec!["apply", START, "e5"],
            1,
            "Black may drop its king only on ranks 1–4",
        ),
        (vec!["moves", "nonsense"], 2, "bad position"),
        (vec!["moves"], 2, "moves takes 1 argument"),
        (vec!["perft", START, "x"], 2, "'x' is not a depth"),
        // A negative number says what is wrong with it; a word is named whole.
        (
            vec!["perft", START, "-1"],
            2,
            "'-1' is a negative number where none is allowed",
        ),
        (
            vec![
                "play", "--black", "random", "--white", "random", "--games", "-5",
            ],
            2,
            "'-5' is a negative number where none is allowed",
        ),
        (
            vec!["apply", "start", "-b6"],
            2,
            "'-b6' is not a position or a move, nor an option",
        ),
        (
            vec!["go", "bestmove", "--level", "easy"],
            2,
            "missing <POSITION>",
        ),
        (
            vec!["go", "apply", "start", "--komi", "-inf"],
            2,
            "'-inf' is not a finite number",
        ),
        (vec!["frobnicate"], 2, "unknown command 'frobnicate'"),
        (
            vec![
                "play", "--black", "random", "--white", "random", "--games", "0",
            ],
            2,
            "--games 0: a match needs at least one game",
        ),
        (
            vec![
                "play", "--black", "master", "--white", "hard", "--nodes", "5", "--nps", "5",
            ],
            2,
            "--nodes and --nps: one or the other",
        ),
        (
            vec!["--rules", "chess", "moves", START],
            2,
            "unknown rules 'chess'",
        ),
        (
            vec!["--depth", "3", "moves", START],
            2,
            "unknown option --depth",
        ),
        (
            vec!["replay", "no/such/file"],
            2,
            "cannot read no/such/file",
        ),
        (vec![], 2, "usage: chogo-cli"),
    ] {
        let out = cli(&args);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "{args:?}: one line: {err}"
        );
        assert_eq!(stdout(&out), "", "{args:?}");
    }
}

#[test]
fn analyze_prints_one_line_of_json() {
    let out = cli(&["analyze", START]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        concat!(
            r#"{"to_move":"black","trapped":[],"#,
            r#""functional":{"black":["c1","d1","e1","f1","b2","g2","a3","h3"],"white":["a5","h5","b6","g6","c7","d7","e7","f7"]},"#,
            r#""secure":{"black":["c1","d1","e1","f1"],"white":["c7","d7","e7","f7"]},"#,
            r#""cities":{"black":[],"white":[]},"mole_available":false,"fortress":"mole","result":"ongoing"}"#,
            "\n"
        )
    );
    let out = cli(&["analyze", CITY]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["mole_available"], true);
    assert_eq!(
        json["cities"]["white"],
        serde_json::json!(["c6", "d6", "e6", "f6", "c7", "e7", "f7"])
    );
    assert_eq!(
        json["secure"]["white"],
        serde_json::json!(["c5", "d5", "e5", "f5", "b6", "g6", "d7"])
    );
}

#[test]
fn perft_counts_leaves() {
    let out = cli(&["perft", START, "3"]);
    assert_eq!(stdout(&out), "19530\n");
    let out = cli(&["--rules", "chogo-44,start=anywhere", "perft", "start", "1"]);
    assert_eq!(stdout(&out), "28\n");
    let out = cli(&["--rules", "12x10", "perft", "start", "1"]);
    assert_eq!(stdout(&out), "48\n");
}

/// RULES §10.3 as the command line reads it: `men=N` is at most the board's cells / 2 − 2
/// (refused beyond, exit 2, one line); with `drop-captures=no` the 50-move count stays at
/// 0 through the drops and starts with the first ordinary move, and a position saying
/// otherwise is refused.
#[test]
fn the_drop_openings_men_and_quiet_count() {
    let out = cli(&["--rules", "chogo-44,opening=drops,men=21", "moves", "start"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "chogo-cli: men=21 does not fit a 44-cell board (1 to 20 men each)\n"
    );
    let out = cli(&[
        "--rules",
        "chogo-44,opening=drops,men=20",
        "perft",
        "start",
        "1",
    ]);
    assert_eq!(stdout(&out), "44\n", "{}", stderr(&out));
    let drops = ["d4", "e5", "c2", "f6"];
    let apply = |rules: &str, extra: &[&str]| {
        let mut args = vec!["--rules", rules, "apply", "start"];
        args.extend(drops);
        args.extend(extra);
        stdout(&cli(&args))
    };
    let quiet = "chogo-44,opening=drops,men=1,drop-captures=no";
    assert_eq!(
        apply(quiet, &[]),
        "##4##/#4K1#/4P3/3p4/8/#1k4#/##4## b 0 3\nresult: ongoing\n"
    );
    assert_eq!(
        apply(quiet, &["d4-d3"]),
        "##4##/#4K1#/4P3/8/3p4/#1k4#/##4## w 1 3\nresult: ongoing\n"
    );
    // With captures allowed, the drops count.
    assert_eq!(
        apply("chogo-44,opening=drops,men=1", &["d4-d3"]),
        "##4##/#4K1#/4P3/8/3p4/#1k4#/##4## w 5 3\nresult: ongoing\n"
    );
    let out = cli(&[
        "--rules",
        "chogo-44,opening=drops,drop-captures=no",
        "moves",
        "##4##/#6#/8/8/8/#6#/##Pp2##[7PK7pk] b 2 2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "chogo-cli: bad position: with drop-captures=no the 50-move count does not run during \
         the drop phase, so its plies since the last capture are 0, not 2\n"
    );
}

#[test]
fn replay_checks_good_records() {
    let out = cli(&["replay", "tests/records/king-capture.chogo"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "##PPPP##/#P4P#/P6P/1p6/p3k2p/#5p#/##pppp## w 0 2\nresult: black\n"
    );
    let out = cli(&["replay", "tests/records/setup-white-to-move.chogo"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("w 0 21\nresult: ongoing\n"));
}

#[test]
fn replay_reports_bad_records() {
    common::replay_bad_records("tests/records/bad", "chogo", &["replay"]);
}

#[test]
fn play_prints_a_line_per_game_and_a_summary() {
    let dir = std::env::temp_dir().join(format!("chogo-records-{}", std::process::id()));
    let out = cli(&[
        "play",
        "--black",
        "greedy",
        "--white",
        "random",
        "--games",
        "6",
        "--swap",
        "--seed",
        "3",
        "--records",
        dir.to_str().unwrap(),
        "--jobs",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7);
    for (i, line) in lines[..6].iter().enumerate() {
        let n = i + 1;
        assert!(line.starts_with(&format!("game {n}: ")), "{line}");
        // Colours alternate with --swap: greedy is Black in odd games.
        let greedy_side = if n % 2 == 1 { "black" } else { "white" };
        assert!(line.contains(&format!("greedy ({greedy_side})")), "{line}");
        assert!(line.contains(" moves"), "{line}");
        // Each game's record replays to the same result.
        let record = dir.join(format!("game-{n:04}.chogo"));
        let replay = cli(&["replay", record.to_str().unwrap()]);
        assert!(replay.status.success(), "{}", stderr(&replay));
        assert!(!stdout(&replay).contains("result: ongoing"));
    }
    let summary = lines[6];
    assert!(summary.starts_with("greedy vs random: "), "{summary}");
    assert!(summary.contains("%)"), "{summary}");
    // Then the 50-move draws of won endings (none between greedy and random here).
    assert!(
        summary.ends_with("; 0 draws by the 50-move rule with a side two men or more ahead"),
        "{summary}"
    );
    // The same seed plays the same games.
    let again = cli(&[
        "play", "--black", "greedy", "--white", "random", "--games", "6", "--swap", "--seed", "3",
    ]);
    assert_eq!(stdout(&again), text);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_match_by_nodes_a_second_repeats_itself() {
    // Master against hard by their times at 400 nodes a second: 2,000 nodes a move
    // against 400, the same games whatever the machine's load.
    let args = [
        "play", "--black", "master", "--white", "hard", "--games", "2", "--swap", "--seed", "4",
        "--nps", "400",
    ];
    let out = cli(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(text.contains("master vs hard: "), "{text}");
    assert_eq!(stdout(&cli(&args)), text);
}

#[test]
fn bestmove_prints_the_chosen_move() {
    // Black takes White's king on a4 with b6-b4. Depth 2 within a count of nodes, no
    // clock: the searching levels' answer does not hang on the machine's load.
    let pos = "##4##/#p4P#/p7/K1Pp4/p7/#6#/##3k## b 10 20";
    for level in ["random", "beginner", "easy", "medium", "hard"] {
        let out = cli(&[
            "bestmove", pos, "--level", level, "--depth", "2", "--nodes", "200000",
        ]);
        assert!(out.status.success(), "{level}: {}", stderr(&out));
        let mv = stdout(&out);
        assert_eq!(mv.lines().count(), 1);
        if !matches!(level, "random" | "beginner") {
            assert_eq!(mv, "b6-b4xa4\n", "{level}");
        }
        // Every level's move plays on the position as written (its captures included).
        let position = chogo::rules::Position::from_text(pos, Default::default()).unwrap();
        let text: chogo::rules::MoveText = mv
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("{level}: {mv}: {e}"));
        assert!(
            position.play_text(&text).is_ok(),
            "{level}: {mv} is not a legal move of {pos}"
        );
    }
    // The random and beginner bots are not stuck on one answer: over seeds they play
    // several moves, each of them legal.
    let position = chogo::rules::Position::from_text(pos, Default::default()).unwrap();
    for level in ["random", "beginner"] {
        let mut seen = std::collections::HashSet::new();
        for seed in 1..=12 {
            let out = cli(&[
                "bestmove",
                pos,
                "--level",
                level,
                "--seed",
                &seed.to_string(),
            ]);
            assert!(out.status.success(), "{level}: {}", stderr(&out));
            let mv = stdout(&out).trim().to_string();
            let text: chogo::rules::MoveText = mv.parse().unwrap();
            assert!(position.play_text(&text).is_ok(), "{level} {seed}: {mv}");
            seen.insert(mv);
        }
        assert!(seen.len() > 1, "{level}: {seen:?}");
    }
    let out = cli(&["bestmove", pos, "--level", "grandmaster"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown level 'grandmaster'"));
    let over = "##PPPP##/#P4P#/P6P/8/pk5p/#p4p#/##pppp## w 0 3";
    let out = cli(&["bestmove", over, "--level", "hard"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn mole_drops_keep_a_side_alive_at_the_fifty_move_limit() {
    // Issue 12, item 2: White's only moves are mole drops; RULES §6 makes it a draw.
    let out = cli(&[
        "apply",
        "##4##/#6#/8/3k3p/6pP/#6#/##pKp1## b 99 50",
        "d4-d5",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("result: draw\n"), "{}", stdout(&out));
}

#[test]
fn a_suicide_mole_drop_keeps_its_man() {
    // Issue 12, item 3: RULES §9 own-man capture spares the man a mole drop puts down.
    let pos = "##4##/#6#/3P3K/2P1P3/k2P4/#p5#/##4## b 0 30";
    let out = cli(&["--rules", "neto", "moves", pos]);
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "a3>d4"), "{text}");
    assert!(!text.contains("a3>d4x"), "{text}");
}

#[test]
fn records_and_rules_refuse_what_they_would_silently_drop() {
    use chogo::rules::{Position, RuleSet};
    let dir = std::env::temp_dir().join(format!("chogo-cli-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A record of an 8 x 8 set-up without a Rules tag, read with --rules 8x8: its set-up
    // is read under those rules (it was read under the default ones first).
    let start = Position::new(RuleSet::for_board(chogo::rules::Board::Square8));
    let path = dir.join("setup-8x8.chogo");
    std::fs::write(&path, format!("[SetUp \"{start}\"]\n\n*\n")).unwrap();
    let out = cli(&["--rules", "8x8", "replay", path.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with(&start.to_string()));
    // A second Rules tag is refused, on its own line.
    let path = dir.join("two-rules.chogo");
    std::fs::write(&path, "[Rules \"chogo-44\"]\n[Rules \"8x8\"]\n\n1. e3 *\n").unwrap();
    let out = cli(&["replay", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("line 2") && said.contains("a second Rules tag"),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    // Two values of one option: refused, not the last one taken.
    assert_eq!(
        "chogo-44,handicap=white:c7,handicap=white:d7"
            .parse::<RuleSet>()
            .map_err(|e| e.to_string()),
        Err("rule option handicap is given twice".to_string())
    );
}

#[test]
fn a_huge_bad_argument_is_named_by_an_excerpt() {
    let huge = "z".repeat(100_000);
    for args in [
        vec!["--rules", huge.as_str(), "moves", START],
        vec!["--rules", &format!("chogo-44,{huge}=1")[..], "moves", START],
        vec![huge.as_str()],
        vec!["apply", START, huge.as_str()],
    ] {
        let out = cli(&args);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).len() < 400, "{}", &stderr(&out)[..400]);
    }
}
