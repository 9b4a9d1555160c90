//! Studying a game with the engines: the review's judgements on known blunders, its
//! reproducibility, the annotated record and SGF read back (by the project's readers and,
//! when it is installed, by sgfmill), and the command line's `review` and `analyze-line`.

use std::process::{Command, Output};
use std::sync::atomic::AtomicBool;

use chogo::common::Side;
use chogo::study::{Class, Effort, Studied, review_game};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chogo-cli"))
        .args(args)
        .output()
        .expect("chogo-cli runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Black to move; its tandem c12-c56 carries its king to c6, where White captures it.
const KING_BLUNDER: &str = "##2PP##/#P1P3#/P3K1P1/3Pp2p/pP4p1/#pk3p#/##pp2## b 14 8";

fn king_blunder_game() -> chogo::rules::Game {
    let start = chogo::rules::Position::from_text(KING_BLUNDER, Default::default()).unwrap();
    let mut game = chogo::rules::Game::from_position(start);
    for mv in ["c12-c56", "e7-c7xc6"] {
        game.play_text(&mv.parse().unwrap()).unwrap();
    }
    assert!(game.outcome().is_some());
    game
}

/// White to move on 9 × 9 with wazirs (Go's own liberties); its six stones in the corner
/// live by two eyes, a1 and c1. White's drop on a1 fills one: Black's c1 takes the group.
const SELF_ATARI: &str = "9/9/9/WWWWWwwww/9/9/wwwww4/WWWWw4/1W1Ww4 w 0 0 0 - 1";

fn self_atari_game() -> chogo::go::Game {
    let rules = chogo::go::Rules {
        pieces: "W".parse().unwrap(),
        komi: 0.0,
        ..chogo::go::Rules::default()
    };
    let start = chogo::go::Position::from_text(SELF_ATARI, rules).unwrap();
    let mut game = chogo::go::Game::from_position(start);
    for mv in ["a1", "c1"] {
        game.play_text(&mv.parse().unwrap()).unwrap();
    }
    game
}

#[test]
fn a_move_that_lets_the_king_be_captured_is_a_blunder() {
    let game = king_blunder_game();
    let effort = Effort {
        work: Some(20_000),
        ..Effort::default()
    };
    let review = review_game(&game, effort, 1, &AtomicBool::new(false), |_, _| {}).unwrap();
    let first = &review.moves[0];
    assert_eq!(first.class, Some(Class::Blunder), "{first:?}");
    assert_eq!(first.mover, Side::Black);
    assert_eq!(first.after, 0.0);
    assert!(first.before > 0.2, "not lost before it: {first:?}");
    let better = first.better.as_ref().expect("the engine's move");
    assert_ne!(better.mv, "c12-c56");
    assert_eq!(review.counts.black, [0, 0, 1]);
    assert_eq!(review.black_wins.last(), Some(&0.0));
    let note = &review.notes()[0];
    assert_eq!(note.mark.as_deref(), Some("??"));
    assert!(note.comment.as_ref().unwrap().contains(&better.mv));
}

#[test]
fn a_drop_that_puts_a_six_stone_group_in_atari_with_no_escape_is_a_blunder() {
    let game = self_atari_game();
    let effort = Effort {
        work: Some(4_000),
        ..Effort::default()
    };
    let review = review_game(&game, effort, 7, &AtomicBool::new(false), |_, _| {}).unwrap();
    let drop = &review.moves[0];
    assert_eq!(drop.mover, Side::White);
    assert_eq!(drop.class, Some(Class::Blunder), "{drop:?}");
    assert!(drop.points_lost().unwrap() >= 12.0, "{drop:?}");
    // Black's capture is no mistake (two searches' playouts in a decided position may
    // differ by an inaccuracy's worth: the capture can wait, and the search's own move
    // was another).
    assert!(
        review.moves[1].class < Some(Class::Mistake),
        "{:?}",
        review.moves[1]
    );
}

#[test]
fn a_review_is_reproducible_with_a_seed_and_a_budget() {
    let game = self_atari_game();
    let effort = Effort {
        work: Some(800),
        ..Effort::default()
    };
    let stop = AtomicBool::new(false);
    let a = review_game(&game, effort, 3, &stop, |_, _| {}).unwrap();
    let b = review_game(&game, effort, 3, &stop, |_, _| {}).unwrap();
    assert_eq!(a, b);
    let chogo = king_blunder_game();
    let effort = Effort {
        work: Some(5_000),
        ..Effort::default()
    };
    let mut progress = Vec::new();
    let a = review_game(&chogo, effort, 3, &stop, |done, total| {
        progress.push((done, total))
    })
    .unwrap();
    assert_eq!(progress, vec![(1, 3), (2, 3), (3, 3)]);
    assert_eq!(a, review_game(&chogo, effort, 3, &stop, |_, _| {}).unwrap());
    // A raised stop flag ends the review without one.
    assert!(review_game(&chogo, effort, 3, &AtomicBool::new(true), |_, _| {}).is_none());
}

#[test]
fn the_annotated_record_reads_back_with_its_marks_and_comments() {
    let game = king_blunder_game();
    let effort = Effort {
        work: Some(5_000),
        ..Effort::default()
    };
    let review = review_game(&game, effort, 1, &AtomicBool::new(false), |_, _| {}).unwrap();
    let text = game.annotated_record(&[("Black", "me")], &review.notes());
    assert!(text.contains("c12-c56??"), "{text}");
    let record = chogo::rules::Record::parse(&text).unwrap();
    let again = record.to_game().unwrap();
    assert_eq!(again.played(), game.played());
    assert_eq!(record.tag("Black"), Some("me"));
    // A comment holding a closing brace cannot end early.
    let mut notes = review.notes();
    notes[0].comment = Some("a } b { c".into());
    let text = game.annotated_record(&[], &notes);
    assert_eq!(
        chogo::rules::Record::parse(&text)
            .unwrap()
            .to_game()
            .unwrap()
            .played(),
        game.played()
    );
    // Go's record too.
    let go = self_atari_game();
    let review = review_game(
        &go,
        Effort {
            work: Some(500),
            ..Effort::default()
        },
        1,
        &AtomicBool::new(false),
        |_, _| {},
    )
    .unwrap();
    let text = go.annotated_record(&[], &review.notes());
    let again = chogo::go::Record::parse(&text).unwrap().to_game().unwrap();
    assert_eq!(again.played(), go.played());
}

#[test]
fn review_and_analyze_line_on_the_command_line() {
    let dir = std::env::temp_dir().join(format!("chogo-study-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("blunder.chogo");
    std::fs::write(
        &path,
        format!("[SetUp \"{KING_BLUNDER}\"]\n[Black \"me\"]\n\n8. c12-c56 e7-c7xc6 0-1\n"),
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let out = cli(&["review", p, "--nodes", "20000", "--seed", "2"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(text.contains("8. c12-c56??\n{ Black "), "{text}");
    assert!(text.contains("; Black: accuracy"), "{text}");
    assert!(
        text.contains("0 inaccuracies, 0 mistakes, 1 blunder"),
        "{text}"
    );
    // The output is itself a record.
    let back = dir.join("back.chogo");
    std::fs::write(&back, &text).unwrap();
    let replay = cli(&["replay", back.to_str().unwrap()]);
    assert!(replay.status.success(), "{replay:?}");
    // The same budget and seed give the same review.
    assert_eq!(
        stdout(&cli(&["review", p, "--nodes", "20000", "--seed", "2"])),
        text
    );
    // Levels that do not search are refused, with the reason.
    let out = cli(&["review", p, "--level", "easy"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not search"));

    let out = cli(&[
        "analyze-line",
        KING_BLUNDER,
        "--multipv",
        "3",
        "--depth",
        "3",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("depth 3, "), "{text}");
    assert!(
        lines[1].starts_with("1. ") && lines[1].contains("win "),
        "{text}"
    );
    assert!(!text.contains("1. c12-c56 "), "{text}");

    let out = cli(&[
        "go",
        "--pieces",
        "W",
        "analyze-line",
        SELF_ATARI,
        "--playouts",
        "2000",
        "--multipv",
        "2",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(text.starts_with("2000 playouts\n1. "), "{text}");
    assert!(
        text.contains(" ahead by ") || text.contains("  even  "),
        "{text}"
    );
    assert!(text.contains("  line: "), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_go_review_as_sgf_carries_comments_marks_and_sabakis_win_rates() {
    let dir = std::env::temp_dir().join(format!("chogo-study-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("atari.sgf");
    // The game as SGF: the set-up stones, White first.
    let game = self_atari_game();
    let sgf = chogo::go::sgf::write(&game, "B", "W").unwrap();
    std::fs::write(&rec, &sgf).unwrap();
    let out = cli(&[
        "go",
        "review",
        rec.to_str().unwrap(),
        "--sgf",
        "--playouts",
        "3000",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(text.contains(";W[ai]BM[2]C[White "), "{text}");
    assert!(text.contains("GC[Black: accuracy"), "{text}");
    let wins: Vec<f64> = text
        .split("SBKV[")
        .skip(1)
        .map(|s| s[..s.find(']').unwrap()].parse().unwrap())
        .collect();
    assert_eq!(wins.len(), 3, "the start and each move: {text}");
    assert!(
        wins[1] > 80.0,
        "Black's win rate after the blunder: {wins:?}"
    );
    // Our reader reads it back.
    let back = chogo::go::sgf::SgfGame::parse(&text)
        .unwrap()
        .to_game()
        .unwrap();
    assert_eq!(back.played(), game.played());
    // And sgfmill, a reference reader, when it is installed.
    let script = dir.join("read.py");
    std::fs::write(
        &script,
        "import sys\nfrom sgfmill import sgf\n\
         g = sgf.Sgf_game.from_bytes(open(sys.argv[1], 'rb').read())\n\
         nodes = g.get_main_sequence()\n\
         print(len(nodes), nodes[1].get('C').split(';')[1].strip(), nodes[1].get('SBKV'))\n",
    )
    .unwrap();
    let annotated = dir.join("review.sgf");
    std::fs::write(&annotated, &text).unwrap();
    match Command::new("python3")
        .arg(&script)
        .arg(&annotated)
        .output()
    {
        Ok(o) if o.status.success() => {
            let said = String::from_utf8_lossy(&o.stdout);
            assert!(said.starts_with("3 blunder "), "{said}");
        }
        // Under CI (.ci/test installs it) a missing reader fails the test.
        Ok(o)
            if String::from_utf8_lossy(&o.stderr).contains("No module named")
                && std::env::var_os("CI").is_none() =>
        {
            eprintln!("sgfmill is not installed: the annotated SGF was read by our reader only");
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && std::env::var_os("CI").is_none() => {
            eprintln!("no python3: the annotated SGF was read by our reader only");
        }
        other => panic!("sgfmill could not read the review: {other:?}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}
