//! `chogo-cli go`: exact output formats, exit codes, GTP and the referee; and the
//! command line's argument handling (clap).

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const CLI: &str = env!("CARGO_BIN_EXE_chogo-cli");

fn cli(args: &[&str]) -> Output {
    Command::new(CLI)
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

const KO: &str = "5/2rR1/1rR1R/2rR1/5 b 0 0 0 - 1";

#[test]
fn moves_lists_canonical_texts_in_string_order() {
    let out = cli(&["go", "moves", "--board", "5", "start"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 26);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines[..3], ["a1", "a2", "a3"]);
    assert!(lines.contains(&"pass"));
    // Captures are appended; the board size comes from the position.
    let out = cli(&["go", "moves", KO]);
    assert!(stdout(&out).lines().any(|l| l == "d3xc3"));
    // Two kinds: the kind is named.
    let out = cli(&["go", "moves", "--pieces", "RB", "--board", "5", "start"]);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 51);
    assert!(text.starts_with("B@a1\nB@a2\n"));
    // Dabbabas alone on 5 × 5: the lattice of GO_RULES §1 (odd file index, even rank
    // index), six cells; alfils alone three (b1, d3, b5).
    let out = cli(&["go", "moves", "--pieces", "D", "--board", "5", "start"]);
    assert_eq!(stdout(&out), "b1\nb3\nb5\nd1\nd3\nd5\npass\n");
    let out = cli(&["go", "moves", "--pieces", "A", "--board", "5", "start"]);
    assert_eq!(stdout(&out), "b1\nb5\nd3\npass\n");
    // With two kinds the drop names its kind, on every cell (rooks join them all).
    let out = cli(&["go", "moves", "--pieces", "RD", "--board", "5", "start"]);
    assert_eq!(stdout(&out).lines().count(), 51);
    assert!(stdout(&out).starts_with("D@a1\nD@a2\n"));
    // With moving pieces the moves come too.
    let out = cli(&["go", "moves", "--moving", "5/5/5/5/r4 b 0 0 0 - 1"]);
    assert!(stdout(&out).lines().any(|l| l == "a1-a5"));
    // Nothing once the game is over.
    let out = cli(&["go", "moves", "5/5/5/5/r4 b 0 0 2 - 3"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "");
}

#[test]
fn apply_prints_the_position_and_the_result() {
    let out = cli(&["go", "apply", KO, "d3"]);
    assert_eq!(
        stdout(&out),
        "5/2rR1/1r1rR/2rR1/5 w 1 0 0 c3 1\nresult: ongoing\n"
    );
    let out = cli(&["go", "apply", "start", "e5", "d5", "pass", "pass"]);
    assert_eq!(
        stdout(&out),
        "9/9/9/9/3Rr4/9/9/9/9 b 0 0 2 - 3\nresult: draw\n"
    );
    let out = cli(&[
        "go", "apply", "--komi", "0.5", "start", "e5", "pass", "pass",
    ]);
    assert!(
        stdout(&out).ends_with("result: black\n"),
        "{}",
        stdout(&out)
    );
    let out = cli(&[
        "go", "apply", "--komi", "-3", "--board", "5", "start", "pass", "pass",
    ]);
    assert!(
        stdout(&out).ends_with("result: black\n"),
        "{}",
        stderr(&out)
    );
    // Chogo boards by name.
    let out = cli(&["go", "apply", "--board", "chogo-44", "start", "c1"]);
    assert_eq!(
        stdout(&out),
        "##4##/#6#/8/8/8/#6#/##r3## w 0 0 0 - 1\nresult: ongoing\n"
    );
}

#[test]
fn exit_codes_and_one_line_errors() {
    for (args, code, message) in [
        (
            vec!["go", "apply", KO, "d3", "c3"],
            1,
            "move 1 (white): c3: c3 retakes the ko at once",
        ),
        (
            vec!["go", "apply", "start", "e5", "e5"],
            1,
            "e5 is occupied",
        ),
        // The rule book's boards are 5 × 5 to 19 × 19 (GO_RULES §1).
        (vec!["go", "moves", "3/3/3 b 0 0 0 - 1"], 2, "bad position"),
        (
            vec!["go", "moves", "--pieces", "DZ", "start"],
            2,
            "'DZ' is not a piece set (letters of R B Q K W N M P D A, like R, RB or N)",
        ),
        (
            vec!["go", "apply", "--pieces", "D", "start", "e5"],
            1,
            "e5 is not a playable cell (with the set D only the cells its moves reach from the first light cell are played)",
        ),
        (
            vec!["go", "apply", "--pieces", "A", "start", "D@b1"],
            1,
            "dabbabas are not in this game's set",
        ),
        (
            vec!["go", "apply", "start", "B@e5"],
            1,
            "bishops are not in this game's set",
        ),
        (
            vec!["go", "apply", KO, "d3xc4"],
            1,
            "the move captures c3, not c4",
        ),
        (
            vec!["go", "apply", "--pieces", "P", "start", "c9"],
            1,
            "the drop at c9 would be dead",
        ),
        (vec!["go", "apply", "start", "z5"], 2, "'z5' is not a move"),
        (
            vec!["go", "apply", "start", "help"],
            2,
            "'help' is not a move",
        ),
        (vec!["go", "moves", "nonsense"], 2, "bad position"),
        (
            vec!["go", "moves", "--pieces", "RX", "start"],
            2,
            "'RX' is not a piece set",
        ),
        (
            vec!["go", "moves", "--board", "4", "start"],
            2,
            "'4' is not a board",
        ),
        (
            vec!["go", "moves", "--pieces", "B", "5/5/5/5/b4 b 0 0 0 - 1"],
            2,
            "a1 is not a playable cell",
        ),
        (vec!["go", "perft", "start", "x"], 2, "'x' is not a depth"),
        (
            vec!["go", "replay", "no/such/file"],
            2,
            "cannot read no/such/file",
        ),
        (vec!["go", "frobnicate"], 2, "unknown command 'frobnicate'"),
        (
            vec!["--rules", "8x8", "go", "moves", "start"],
            2,
            "--rules is Chogo's",
        ),
        (
            vec![
                "go",
                "bestmove",
                "start",
                "--playouts",
                "10",
                "--score-weight",
                "2",
            ],
            2,
            "--score-weight 2: a number from 0 to 1",
        ),
        (
            vec!["go", "bestmove", "start", "--score-weight", "-1"],
            2,
            "--score-weight -1: a number from 0 to 1",
        ),
        (
            vec!["go", "bestmove", "start", "--prior-games", "2000"],
            2,
            "--prior-games 2000: a number from 0 to 1000",
        ),
        (
            vec!["go", "bestmove", "start", "--expand-at", "0"],
            2,
            "invalid value '0' for '--expand-at <N>'",
        ),
        (
            vec!["go", "bestmove", "start", "--time-ms", "0"],
            2,
            "--time-ms 0: a search needs some time",
        ),
        (
            vec!["go", "bestmove", "start", "--threads", "0"],
            2,
            "--threads 0: a search needs at least one thread",
        ),
        (
            vec![
                "go", "play", "--black", "random", "--white", "random", "--games", "0",
            ],
            2,
            "--games 0: a match needs at least one game",
        ),
        (
            vec![
                "go", "play", "--black", "random", "--white", "random", "--jobs", "0",
            ],
            2,
            "--jobs 0: a match needs at least one job",
        ),
        (
            vec![
                "go",
                "play",
                "--black",
                "hard",
                "--white",
                "easy",
                "--playouts",
                "0",
            ],
            2,
            "--playouts 0: a search needs some playouts",
        ),
        (
            vec![
                "go",
                "play",
                "--black",
                "hard",
                "--white",
                "easy",
                "--without",
                "fast",
            ],
            2,
            "unknown switch 'fast'",
        ),
    ] {
        let out = cli(&args);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert_eq!(stdout(&out), "", "{args:?}");
    }
}

#[test]
fn analyze_prints_one_line_of_json() {
    // A hand-made placement with a dead White rook on c2 (no liberty).
    let out = cli(&[
        "go",
        "analyze",
        "--komi",
        "6.5",
        "5/5/2r2/1rRr1/2r2 w 0 0 0 - 5",
    ]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        concat!(
            r#"{"to_move":"white","dead":{"black":[],"white":["c2"]},"#,
            r#""controlled":{"black":["a1","b1","d1","e1","a2","e2","a3","b3","d3","e3","a4","b4","c4","d4","e4","a5","b5","c5","d5","e5"],"white":[]},"#,
            r#""score":{"black":20,"white":6.5},"ko":null,"result":"ongoing"}"#,
            "\n"
        )
    );
    let out = cli(&["go", "analyze", "5/2rR1/1r1rR/2rR1/5 w 1 0 0 c3 1"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["ko"], "c3");
    // One capture and c3, which only Black reaches.
    assert_eq!(json["score"]["black"], 2);
    let out = cli(&["go", "analyze", "1r1R1/1r1R1/1r1R1/1r1R1/1r1R1 b 0 0 2 - 9"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["result"], "draw");
}

#[test]
fn perft_counts_leaves() {
    let out = cli(&["go", "perft", "--board", "5", "start", "2"]);
    assert_eq!(stdout(&out), "651\n");
    // A finished game is one leaf at any depth.
    let out = cli(&["go", "perft", "5/5/5/5/r4 b 0 0 2 - 3", "3"]);
    assert_eq!(stdout(&out), "1\n");
}

/// `tests/go_records/bad`, as `tests/records/bad` for Chogo: both games' records are read
/// by one reader of their text, so they refuse the same mistakes in the same words.
#[test]
fn replay_reports_bad_records() {
    common::replay_bad_records("tests/go_records/bad", "gochogo", &["go", "replay"]);
}

#[test]
fn replay_checks_records_and_sgf() {
    let dir = std::env::temp_dir().join(format!("chogo-go-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.gochogo");
    std::fs::write(
        &good,
        "[Game \"go-with-pieces\"]\n[Board \"5x5\"]\n[Pieces \"R\"]\n[Komi \"0.5\"]\n\n1. c3 c2 2. b2 d2 3. pass pass\n",
    )
    .unwrap();
    let out = cli(&["go", "replay", good.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "5/5/2r2/1rRR1/5 b 0 0 2 - 4\nresult: draw\n".replace("draw", "white")
    );
    let bad = dir.join("bad.gochogo");
    std::fs::write(
        &bad,
        "[Game \"go-with-pieces\"]\n[Board \"5x5\"]\n\n1. c3 c3\n",
    )
    .unwrap();
    let out = cli(&["go", "replay", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out).trim_end(),
        "chogo-cli: move 1 (white): c3: c3 is occupied"
    );
    // A wrong score tag is caught.
    let scored = dir.join("scored.gochogo");
    std::fs::write(
        &scored,
        "[Game \"go-with-pieces\"]\n[Board \"5x5\"]\n[Score \"B 3 W 0\"]\n\n1. c3 pass 2. pass\n",
    )
    .unwrap();
    let out = cli(&["go", "replay", scored.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the record's score is B 3 W 0, but the moves end with B 24 W 0"),
        "{}",
        stderr(&out)
    );
    // SGF: GNU Go's self-play game.
    let out = cli(&["go", "replay", "tests/go_records/gnugo-selfplay-9x9.sgf"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let final_placement =
        std::fs::read_to_string("tests/go_records/gnugo-selfplay-9x9.final").unwrap();
    assert!(stdout(&out).starts_with(final_placement.trim()));
    // Record → SGF → record.
    let out = cli(&["go", "sgf", good.to_str().unwrap()]);
    assert!(stdout(&out).contains("SZ[5]KM[0.5]"), "{}", stdout(&out));
    let sgf = dir.join("good.sgf");
    std::fs::write(&sgf, stdout(&out)).unwrap();
    let out = cli(&["go", "replay", sgf.to_str().unwrap()]);
    assert!(
        stdout(&out).starts_with("5/5/2r2/1rRR1/5 b 0 0 2 - 4"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn gtp_session(input: &str) -> String {
    gtp_session_with(&[], input)
}

fn gtp_session_with(args: &[&str], input: &str) -> String {
    let mut child = Command::new(CLI)
        .args(["go", "gtp"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("chogo-cli go gtp runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    stdout(&out)
}

#[test]
fn gtp_scripted_session() {
    let out = gtp_session(concat!(
        "1 protocol_version\n",
        "name\n",
        "known_command genmove\n",
        "known_command frobnicate\n",
        "boardsize 5\n",
        "clear_board\n",
        "komi 0.5\n",
        "play black C3\n",
        "play white C3\n",
        "play white b3\n",
        "play b J3\n",
        "# a comment line\n",
        "\n",
        "play b E5\n",
        "showboard\n",
        "final_score\n",
        "undo\n",
        "boardsize 25\n",
        "frobnicate\n",
        "7 quit\n",
        "name\n",
    ));
    assert_eq!(
        out,
        concat!(
            "=1 2\n\n",
            "= chogo\n\n",
            "= true\n\n",
            "= false\n\n",
            "= \n\n",
            "= \n\n",
            "= \n\n",
            "= \n\n",
            "? illegal move: c3 is occupied\n\n",
            "= \n\n",
            "? syntax error\n\n",
            "= \n\n",
            "= \n",
            "   A B C D E\n",
            " 5 . . . . X 5\n",
            " 4 . . . . . 4\n",
            " 3 . O X . . 3\n",
            " 2 . . . . . 2\n",
            " 1 . . . . . 1\n",
            "   A B C D E\n",
            "White to move; captures: black 0, white 0\n\n",
            "= W+0.5\n\n",
            "= \n\n",
            "? unacceptable size\n\n",
            "? unknown command\n\n",
            "=7 \n\n",
        )
    );
    // GTP letters skip I: J is the ninth file (i on the rule book's board).
    let out = gtp_session("boardsize 9\nplay b J9\nplay w H9\nshowboard\n");
    assert!(out.contains(" 9 . . . . . . . O X 9"), "{out}");
    // genmove plays a legal move and answers with a vertex; passes at the end.
    let out = gtp_session("boardsize 5\ngenmove b\ngenmove w\nlist_commands\n");
    let answers: Vec<&str> = out.split("\n\n").collect();
    for a in &answers[1..3] {
        let v = a.trim_start_matches("= ");
        assert!(v.len() == 2 && "ABCDE".contains(&v[..1]), "{a}");
    }
    assert!(answers[3].contains("final_score\n") && answers[3].contains("genmove"));
}

fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// The character `showboard` draws at a GTP vertex (`C3`): rank rows start with the rank
/// number, and each cell takes two characters after it.
fn diagram_cell(board: &str, vertex: &str) -> char {
    let letters = "ABCDEFGHJKLMNOPQRST";
    let file = letters.find(&vertex[..1]).unwrap();
    let rank: usize = vertex[1..].parse().unwrap();
    let row = board
        .lines()
        .find(|l| l.split_whitespace().next() == Some(&rank.to_string()))
        .unwrap_or_else(|| panic!("no rank {rank}: {board}"));
    row.chars().nth(3 + 2 * file).unwrap()
}

/// Whether a test may go without `program`: only outside CI (`CI=true`), where a
/// missing tool is reported and the test skipped; under CI the tools are installed
/// (`.ci/test`), and a missing one fails the test.
fn may_skip_without(program: &str, test: &str) -> bool {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{test}: {program} is not installed, and CI must run this test");
    }
    eprintln!("SKIPPED {test}: {program} is not installed");
    true
}

fn referee(black: &str, white: &str) -> Output {
    Command::new("python3")
        .args([
            "tools/gtp-referee.py",
            "--black",
            black,
            "--white",
            white,
            "--size",
            "9",
            "--komi",
            "6.5",
            "--chogo",
            CLI,
        ])
        .output()
        .expect("python3 runs")
}

#[test]
fn gtp_searches_by_playouts_with_switches() {
    // A playout budget alone makes genmove reproducible, whatever the machine's speed;
    // the switches are read by name.
    let args = [
        "--level",
        "hard",
        "--playouts",
        "300",
        "--seed",
        "4",
        "--without",
        "rave,reuse",
        "--with",
        "shape_priors",
    ];
    let session = "boardsize 9\nkomi 6.5\nplay b E5\ngenmove w\ngenmove b\n";
    let first = gtp_session_with(&args, session);
    assert_eq!(first, gtp_session_with(&args, session));
    assert_eq!(first.matches("= ").count(), 5, "{first}");
    let out = Command::new(CLI)
        .args(["go", "gtp", "--without", "fast"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown switch 'fast'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bestmove_reads_the_prior_games_and_the_expansion_threshold() {
    // Rooks (the policy's priors are theirs): the defaults given by hand are the default
    // search; other values make another.
    let bestmove = |extra: &[&str]| {
        let mut a = vec!["go", "bestmove", "start", "--playouts", "600", "--info"];
        a.extend_from_slice(extra);
        let out = cli(&a);
        assert_eq!(out.status.code(), Some(0), "{a:?}: {}", stderr(&out));
        stderr(&out).lines().skip(1).collect::<Vec<_>>().join("\n")
    };
    let default = bestmove(&[]);
    assert_eq!(
        default,
        bestmove(&["--prior-games", "9", "--expand-at", "2"])
    );
    assert_ne!(default, bestmove(&["--prior-games", "30"]));
    assert_ne!(default, bestmove(&["--expand-at", "8"]));
    assert_ne!(default, bestmove(&["--with", "centre,criticality"]));
}

#[test]
fn bestmove_and_play_read_the_search_switches() {
    // The same switches as GTP's: a different setting, a different search; the default
    // margin weight of bishops is 0.3.
    let bestmove = |extra: &[&str]| {
        let mut a = vec![
            "go",
            "bestmove",
            "start",
            "--pieces",
            "B",
            "--playouts",
            "400",
        ];
        a.extend_from_slice(extra);
        a.push("--info");
        let out = cli(&a);
        assert_eq!(out.status.code(), Some(0), "{a:?}: {}", stderr(&out));
        stderr(&out).lines().skip(1).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(bestmove(&[]), bestmove(&["--score-weight", "0.3"]));
    assert_ne!(bestmove(&[]), bestmove(&["--score-weight", "0.1"]));
    assert_ne!(bestmove(&[]), bestmove(&["--without", "rave"]));
    let play = |extra: &[&str]| {
        let mut a = vec![
            "go",
            "play",
            "--pieces",
            "B",
            "--black",
            "hard",
            "--white",
            "hard",
            "--playouts",
            "300",
            "--games",
            "1",
        ];
        a.extend_from_slice(extra);
        let out = cli(&a);
        assert_eq!(out.status.code(), Some(0), "{a:?}: {}", stderr(&out));
        stdout(&out)
    };
    assert_eq!(play(&[]), play(&["--score-weight", "0.3"]));
    assert_ne!(
        play(&[]),
        play(&["--score-weight", "0", "--without", "rave,priors"])
    );
}

#[test]
fn referee_plays_chogo_against_itself() {
    if !have("python3") && may_skip_without("python3", "referee_plays_chogo_against_itself") {
        return;
    }
    let out = referee(
        &format!("{CLI} go gtp --seed 1"),
        &format!("{CLI} go gtp --seed 2"),
    );
    assert!(out.status.success(), "{}\n{}", stdout(&out), stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("result: "), "{text}");
    assert!(
        text.contains("(two passes)") || text.contains("(repetition)"),
        "{text}"
    );
}

#[test]
fn gnugo_plays_a_whole_game_against_chogo_through_the_referee() {
    let gnugo = ["/usr/games/gnugo", "gnugo"]
        .into_iter()
        .find(|g| Path::new(g).exists() || have(g));
    let test = "gnugo_plays_a_whole_game_against_chogo_through_the_referee";
    if !have("python3") && may_skip_without("python3", test) {
        return;
    }
    let Some(gnugo) = gnugo else {
        may_skip_without("GNU Go (apt-get install gnugo)", test);
        return;
    };
    let gnugo = format!("{gnugo} --mode gtp --level 1 --chinese-rules --capture-all-dead");
    for (black, white) in [
        (gnugo.clone(), format!("{CLI} go gtp")),
        (format!("{CLI} go gtp"), gnugo.clone()),
    ] {
        let out = referee(&black, &white);
        let text = stdout(&out);
        assert!(out.status.success(), "{text}\n{}", stderr(&out));
        assert!(text.contains("(two passes)"), "{text}");
        // GNU Go beats the random bot.
        let gnugo_side = if black.contains("gnugo") {
            "black"
        } else {
            "white"
        };
        assert!(text.contains(&format!("result: {gnugo_side}")), "{text}");
        // Both engines are asked which stones they call dead; ours names none, and GNU
        // Go, capturing every dead stone before passing, none either.
        let chogo_side = if gnugo_side == "black" {
            "white"
        } else {
            "black"
        };
        assert!(
            text.contains(&format!(
                "{chogo_side} engine's dead stones: none (agrees with this game's score)"
            )),
            "{text}"
        );
        assert!(
            text.contains(&format!("{gnugo_side} engine's dead stones: ")),
            "{text}"
        );
    }
}

#[test]
fn arguments_are_read_as_written() {
    // --help prints usage to standard output; --version too.
    let out = cli(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("Usage: chogo-cli"));
    assert_eq!(stderr(&out), "");
    let out = cli(&["go", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("gtp"));
    let out = cli(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        format!("chogo-cli {}\n", env!("CARGO_PKG_VERSION"))
    );
    // `help` and `-h` in a position or move slot are positions and moves, not requests
    // for help.
    for args in [
        vec!["apply", "start", "help"],
        vec!["apply", "start", "-h"],
        vec!["moves", "help"],
        vec!["moves", "-h"],
        vec!["go", "apply", "start", "-h"],
        vec!["bestmove", "-h", "--level", "hard"],
    ] {
        let out = cli(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&out), "", "{args:?}");
        assert!(
            !stderr(&out).contains("Usage"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(stderr(&out).trim_end().lines().count(), 1, "{args:?}");
    }
    // Options may follow the positions and moves.
    let out = cli(&["apply", "start", "b3", "--rules", "chogo-44"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = cli(&["go", "moves", "--board", "5", "start", "--pieces", "RB"]);
    assert!(stdout(&out).starts_with("B@a1\n"));
    // A non-UTF-8 argument is an error, not a panic.
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bad = std::ffi::OsStr::from_bytes(b"\xff\xfe");
        for args in [vec![std::ffi::OsStr::new("moves"), bad], vec![bad]] {
            let out = Command::new(CLI).args(&args).output().unwrap();
            assert_eq!(out.status.code(), Some(2));
            assert!(stderr(&out).contains("not valid UTF-8"), "{}", stderr(&out));
            assert!(!stderr(&out).contains("panicked"));
        }
    }
}

#[test]
fn replay_honours_rules() {
    // A record without a Rules tag is read with --rules …
    let dir = std::env::temp_dir().join(format!("chogo-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let untagged = dir.join("untagged.chogo");
    std::fs::write(&untagged, "1. d4 e5\n").unwrap();
    let out = cli(&["--rules", "8x8", "replay", untagged.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("PPPPPPPP/8/8/4K3/3k4/8/8/pppppppp b"),
        "{}",
        stdout(&out)
    );
    // … and one whose tag disagrees is refused.
    let out = cli(&[
        "--rules",
        "8x8",
        "replay",
        "tests/records/king-capture.chogo",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is a record of chogo-44, not of --rules 8x8"));
    let out = cli(&[
        "--rules",
        "chogo-44",
        "replay",
        "tests/records/king-capture.chogo",
    ]);
    assert!(out.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gtp_handicap_komi_and_a_colour_playing_twice() {
    let out = gtp_session(concat!(
        "boardsize 9\n",
        "clear_board\n",
        "1 set_free_handicap C3 G7\n",
        "2 set_free_handicap E5\n",
        "3 komi 0.5\n",
        "4 final_score\n",
        "5 play white E5\n",
        "6 play black pass\n",
        "7 play black D4\n",
        "8 play white F6\n",
        "9 showboard\n",
        "clear_board\n",
        "10 set_free_handicap C3 C3\n",
        "11 set_free_handicap\n",
    ));
    let answer = |id: &str| {
        out.split("\n\n")
            .find(|a| a.trim_start_matches(['=', '?']).starts_with(id))
            .unwrap_or_else(|| panic!("no answer {id}: {out}"))
            .to_string()
    };
    assert!(answer("1").starts_with("=1"), "{out}");
    assert_eq!(answer("2").trim(), "?2 board not empty", "{out}");
    assert!(answer("3").starts_with("=3"), "{out}");
    // The handicap stones stay after the komi changes: Black controls more of the board.
    assert!(answer("4").trim().starts_with("=4 B+"), "{out}");
    // Black passes, then plays (one colour twice, right after a pass: no second pass is
    // put in, which would end the game); every move is taken.
    for id in ["5", "6", "7", "8"] {
        assert!(answer(id).starts_with(&format!("={id}")), "{id}: {out}");
    }
    // The board as drawn: the handicap stones and Black's D4 are X, White's E5 and F6
    // are O, and nothing else is on it.
    let board = answer("9");
    let at = |vertex: &str| diagram_cell(&board, vertex);
    for vertex in ["C3", "G7", "D4"] {
        assert_eq!(at(vertex), 'X', "{vertex}: {board}");
    }
    for vertex in ["E5", "F6"] {
        assert_eq!(at(vertex), 'O', "{vertex}: {board}");
    }
    let pieces = board
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .flat_map(|l| l.chars())
        .filter(|c| matches!(c, 'X' | 'O'))
        .count();
    assert_eq!(pieces, 5, "{board}");
    assert_eq!(answer("10").trim(), "?10 bad vertex list", "{out}");
    assert_eq!(answer("11").trim(), "?11 bad vertex list", "{out}");
}

/// The answers of a GTP session by id (`=7 …` or `?7 …`), trimmed.
fn answers_by_id(out: &str) -> std::collections::HashMap<String, String> {
    out.split("\n\n")
        .filter(|a| !a.is_empty())
        .filter_map(|a| {
            let body = a.trim_start_matches(['=', '?']);
            let id: String = body.chars().take_while(|c| c.is_ascii_digit()).collect();
            (!id.is_empty()).then(|| (id, a.trim().to_string()))
        })
        .collect()
}

#[test]
fn gtp_goes_on_after_two_passes_and_undoes_a_colour_playing_twice() {
    let out = gtp_session(concat!(
        "boardsize 9\n",
        // Two passes, the second put in because Black plays twice: play goes on.
        "1 play b E5\n",
        "2 play b pass\n",
        "3 play w D4\n",
        "4 genmove b\n",
        "5 undo\n",
        "6 undo\n",
        "7 undo\n",
        "8 undo\n",
        "9 showboard\n",
        "clear_board\n",
        // Black passes and plays again: undo takes back C3 with White's pass, then
        // Black's pass, then D4.
        "10 play b E5\n",
        "11 play w D4\n",
        "12 play b pass\n",
        "13 play b C3\n",
        "14 undo\n",
        "15 undo\n",
        "16 showboard\n",
        "17 undo\n",
        "18 undo\n",
        "19 undo\n",
        "20 kgs-genmove_cleanup w\n",
    ));
    let a = answers_by_id(&out);
    for id in [
        "1", "2", "3", "5", "6", "7", "8", "10", "11", "12", "13", "14", "15", "17", "18",
    ] {
        assert!(a[id].starts_with(&format!("={id}")), "{id}: {out}");
    }
    // After two passes a bot is asked for a move, and plays it.
    assert!(a["4"].starts_with("=4 "), "{out}");
    // Four undos took back genmove, D4, Black's pass with White's, and E5.
    let board = &a["9"];
    assert!(!board.contains('X') && !board.contains('O'), "{board}");
    let board = &a["16"];
    assert_eq!(diagram_cell(board, "E5"), 'X', "{board}");
    assert_eq!(diagram_cell(board, "D4"), 'O', "{board}");
    assert_eq!(diagram_cell(board, "C3"), '.', "{board}");
    assert_eq!(a["19"], "?19 cannot undo", "{out}");
    assert!(a["20"].starts_with("=20 "), "{out}");
    // A move asked for the side not to move is that side's move, not an answer to the
    // pass put in before it (which would end the game: the search passed every time).
    // (The random and greedy bots may still pass here, by their own rules: one stone
    // reaches every cell of an empty board, so passing wins.)
    for seed in 1..=3 {
        let out = gtp_session_with(
            &[
                "--level",
                "medium",
                "--playouts",
                "300",
                "--threads",
                "1",
                "--seed",
                &seed.to_string(),
            ],
            "boardsize 9\n1 play b E5\n2 genmove b\n",
        );
        let a = answers_by_id(&out);
        assert!(a["2"].starts_with("=2 ") && a["2"] != "=2 pass", "{out}");
    }
}

#[test]
fn gtp_answers_bad_input_as_the_specification_says() {
    let mut input = b"1 name\n".to_vec();
    input.extend_from_slice(b"\xff\xfe\n");
    input.extend_from_slice(
        concat!(
            "2 version\n",
            "3 boardsize 256\n",
            "4 boardsize nine\n",
            "5 boardsize 5\n",
            "6 set_free_handicap C3\n",
            "7 time_settings 10 5 2.5\n",
            "8 time_settings 10 5 2\n",
            "9 play x E5\n",
            "10 play b Z9\n",
            "11 play b E5 extra\n",
            "12 final_status_list dead\n",
            "13 final_status_list alive\n",
            "14 final_status_list nonsense\n",
            "16 lz-analyze x 20\n",
            "17 kata-analyze 1.5\n",
            "18 komi 1e308\n",
        )
        .as_bytes(),
    );
    // A full board's worth of handicap is refused: 5 x 5 has 25 vertices.
    let all: Vec<String> = "ABCDE"
        .chars()
        .flat_map(|f| (1..=5).map(move |r| format!("{f}{r}")))
        .collect();
    input.extend_from_slice(
        format!("clear_board\n15 set_free_handicap {}\n", all.join(" ")).as_bytes(),
    );
    let mut child = Command::new(CLI)
        .args(["go", "gtp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let out = stdout(&out);
    // The byte that is not UTF-8 is a syntax error, and the session goes on.
    assert!(
        out.starts_with("=1 chogo\n\n? syntax error\n\n=2 "),
        "{out}"
    );
    let a = answers_by_id(&out);
    assert_eq!(a["3"], "?3 unacceptable size");
    // The printed SGF ends its answer as every answer ends.
    let sgf = gtp_session("1 boardsize 5\n2 play b C3\n3 printsgf\n4 name\n");
    assert!(sgf.contains(")\n\n=4 chogo\n\n"), "{sgf:?}");
    // A line longer than any command is one line: one syntax error, then the next.
    let long = format!("1 name {}\n2 version\n", "x".repeat(200_000));
    let out = gtp_session(&long);
    assert!(
        out.starts_with("? syntax error\n\n=2 "),
        "{}",
        &out[..out.len().min(200)]
    );
    assert_eq!(a["4"], "?4 syntax error");
    assert_eq!(a["6"], "?6 bad vertex list");
    assert_eq!(a["7"], "?7 syntax error");
    assert_eq!(a["8"], "=8");
    assert_eq!(a["9"], "?9 syntax error");
    assert_eq!(a["10"], "?10 syntax error");
    assert_eq!(a["11"], "=11");
    assert_eq!(a["12"], "=12");
    assert_eq!(a["13"], "=13 E5");
    assert_eq!(a["14"], "?14 syntax error");
    assert_eq!(a["16"], "?16 syntax error");
    assert_eq!(a["17"], "?17 syntax error");
    assert_eq!(a["18"], "?18 komi out of range (-1000 to 1000)");
    assert_eq!(a["15"], "?15 bad vertex list");
}

#[test]
fn gtp_handicap_placements() {
    let out = gtp_session(concat!(
        "boardsize 19\n",
        "1 fixed_handicap 9\n",
        "2 fixed_handicap 2\n",
        "clear_board\n",
        "3 fixed_handicap 3\n",
        "clear_board\n",
        "4 fixed_handicap 10\n",
        "5 fixed_handicap 1\n",
        "boardsize 9\n",
        "6 place_free_handicap 12\n",
        "clear_board\n",
        "7 place_free_handicap 1\n",
        "8 place_free_handicap 81\n",
        "9 place_free_handicap 80\n",
        "boardsize 6\n",
        "10 fixed_handicap 2\n",
        "boardsize 10\n",
        "11 fixed_handicap 5\n",
    ));
    let a = answers_by_id(&out);
    let set = |answer: &str| -> std::collections::BTreeSet<String> {
        answer
            .split_whitespace()
            .skip(1)
            .map(String::from)
            .collect()
    };
    let nine: std::collections::BTreeSet<String> =
        ["D4", "K4", "Q4", "D10", "K10", "Q10", "D16", "K16", "Q16"]
            .into_iter()
            .map(String::from)
            .collect();
    assert_eq!(set(&a["1"]), nine, "{out}");
    assert_eq!(a["2"], "?2 board not empty");
    assert_eq!(a["3"], "=3 Q16 D4 D16", "{out}");
    assert_eq!(a["4"], "?4 invalid number of stones");
    assert_eq!(a["5"], "?5 invalid number of stones");
    let free = set(&a["6"]);
    assert_eq!(free.len(), 12, "{out}");
    assert_eq!(a["7"], "?7 invalid number of stones");
    assert_eq!(a["8"], "?8 invalid number of stones");
    // 80 stones leave one cell empty: allowed.
    assert_eq!(set(&a["9"]).len(), 80, "{out}");
    assert_eq!(a["10"], "?10 invalid number of stones");
    assert_eq!(a["11"], "?11 invalid number of stones");
}

#[test]
fn gtp_fixed_handicap_is_gnu_gos() {
    let Some(gnugo) = ["gnugo", "/usr/games/gnugo"].into_iter().find(|p| have(p)) else {
        if may_skip_without("gnugo", "gtp_fixed_handicap_is_gnu_gos") {
            return;
        }
        panic!("GNU Go is needed under CI");
    };
    let mut session = String::new();
    for size in [7, 8, 9, 10, 11, 12, 13, 15, 19] {
        session.push_str(&format!("boardsize {size}\n"));
        for n in 1..=10 {
            session.push_str(&format!("clear_board\nfixed_handicap {n}\n"));
        }
    }
    let ours = gtp_session(&session);
    let mut child = Command::new(gnugo)
        .args(["--mode", "gtp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(session.as_bytes())
        .unwrap();
    let theirs = stdout(&child.wait_with_output().unwrap());
    let answers = |out: &str| -> Vec<(bool, std::collections::BTreeSet<String>)> {
        out.split("\n\n")
            .filter(|a| !a.is_empty())
            .map(|a| {
                (
                    a.starts_with('='),
                    a.split_whitespace().skip(1).map(String::from).collect(),
                )
            })
            .collect()
    };
    let (ours, theirs) = (answers(&ours), answers(&theirs));
    assert_eq!(ours.len(), theirs.len());
    assert!(ours.iter().filter(|(ok, v)| *ok && !v.is_empty()).count() > 40);
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        // Both refuse (each in its own words), or both place the same stones.
        assert_eq!(a.0, b.0, "answer {i}: {a:?} / {b:?}");
        if a.0 {
            assert_eq!(a.1, b.1, "answer {i}");
        }
    }
}

#[test]
fn gtp_loads_sgf_files_and_refuses_moving_pieces() {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/go_records/gnugo-selfplay-9x9.sgf");
    let out = gtp_session(&format!(
        "1 loadsgf {path} 3\n2 showboard\n3 loadsgf {path}\n4 final_score\n5 showboard\n6 loadsgf /no/such/file.sgf\n7 showboard\n",
        path = file.display()
    ));
    let a = answers_by_id(&out);
    assert_eq!(a["1"], "=1", "{out}");
    // Before move 3: B[gd] (G6) and W[cc] (C7) are on the board.
    assert_eq!(diagram_cell(&a["2"], "G6"), 'X', "{out}");
    assert_eq!(diagram_cell(&a["2"], "C7"), 'O', "{out}");
    assert!(a["2"].contains("Black to move"), "{out}");
    assert_eq!(a["3"], "=3", "{out}");
    // The file says W+1.5 after 66 moves with komi 6.5.
    assert_eq!(a["4"], "=4 W+1.5", "{out}");
    assert!(a["6"].starts_with("?6 cannot load file"), "{out}");
    // A failed load changes nothing.
    assert_eq!(
        a["7"].trim_start_matches("=7"),
        a["5"].trim_start_matches("=5")
    );
    // A game with moving pieces has moves GTP cannot write: refused with the reason.
    let out = Command::new(CLI)
        .args(["go", "gtp", "--moving"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("GTP writes a move as a vertex or pass"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn sgf_results_survive_the_way_through_a_record_and_collections_are_named() {
    let dir = std::env::temp_dir().join(format!("chogo-sgf-re-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for re in ["W+0.5", "W+T", "B+F", "B+R"] {
        let sgf = dir.join("game.sgf");
        std::fs::write(
            &sgf,
            format!("(;GM[1]FF[4]SZ[9]KM[6.5]RE[{re}];B[ee];W[dd])"),
        )
        .unwrap();
        let out = cli(&["go", "sgf", sgf.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let record = stdout(&out);
        assert!(
            record.contains(&format!("[SgfResult \"{re}\"]")),
            "{record}"
        );
        let path = dir.join("game.record");
        std::fs::write(&path, &record).unwrap();
        let back = stdout(&cli(&["go", "sgf", path.to_str().unwrap()]));
        assert!(back.contains(&format!("RE[{re}]")), "{re}: {back}");
    }
    // A record whose kept result no longer names the winner its moves give writes the
    // moves' own result.
    let path = dir.join("edited.record");
    let out = cli(&["go", "sgf", dir.join("game.sgf").to_str().unwrap()]);
    let edited = stdout(&out).replace("[SgfResult \"B+R\"]", "[SgfResult \"W+T\"]");
    std::fs::write(&path, edited).unwrap();
    let back = stdout(&cli(&["go", "sgf", path.to_str().unwrap()]));
    assert!(back.contains("RE[B+R]"), "{back}");
    // A collection: the first game is read, and standard error says there are more.
    let two = dir.join("two.sgf");
    std::fs::write(&two, "(;GM[1]SZ[9]C[a (note) ];B[ee])\n(;GM[1]SZ[9];B[dd])").unwrap();
    let out = cli(&["go", "sgf", two.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stderr(&out).contains("holds 2 games; the first is read"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).contains("e5"), "{}", stdout(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A GTP session whose analysis runs until the next command: `first` is sent, the
/// output is read until it holds an analysis line (a minute at most), then `then` is
/// sent and standard input closed.
fn gtp_analysis_session(first: &str, then: &str) -> String {
    use std::io::Read;
    use std::sync::{Arc, Mutex};
    let mut child = Command::new(CLI)
        .args(["go", "gtp", "--level", "medium", "--threads", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&seen);
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().unwrap().extend_from_slice(&buf[..n]);
        }
    });
    stdin.write_all(first.as_bytes()).unwrap();
    let started = std::time::Instant::now();
    while !String::from_utf8_lossy(&seen.lock().unwrap()).contains("info move ") {
        assert!(
            started.elapsed().as_secs() < 60,
            "no analysis line in a minute"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    stdin.write_all(then.as_bytes()).unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
    let bytes = seen.lock().unwrap().clone();
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn gtp_analysis_reports_until_the_next_command() {
    // Leela Zero's form: `=1` alone, then lines of info items (win rates and priors in
    // ten-thousandths), an empty line when the next command arrives, and its answer.
    let out = gtp_analysis_session("boardsize 9\n1 lz-analyze b 10\n", "2 name\n");
    let rest = out
        .strip_prefix("= \n\n=1\n")
        .unwrap_or_else(|| panic!("{out}"));
    let (lines, after) = rest.split_once("\n\n").unwrap_or_else(|| panic!("{out}"));
    assert_eq!(after, "=2 chogo\n\n", "{out}");
    for line in lines.lines() {
        let items: Vec<&str> = line.split("info ").filter(|i| !i.is_empty()).collect();
        assert!(!items.is_empty(), "{line}");
        for (order, item) in items.iter().enumerate() {
            let words: Vec<&str> = item.split_whitespace().collect();
            assert_eq!(words[0], "move", "{item}");
            let field = |name: &str| {
                let at = words
                    .iter()
                    .position(|w| *w == name)
                    .unwrap_or_else(|| panic!("{name} in {item}"));
                words[at + 1]
            };
            let vertex = field("move");
            // A vertex of the 9 x 9 board (GTP's letters skip I), or pass.
            let on_board = vertex.len() == 2
                && "ABCDEFGHJ".contains(&vertex[..1])
                && ('1'..='9').contains(&vertex.chars().nth(1).unwrap());
            assert!(vertex == "pass" || on_board, "{item}");
            assert!(field("visits").parse::<u64>().unwrap() > 0, "{item}");
            let rate: u32 = field("winrate").parse().unwrap();
            assert!(rate <= 10_000, "{item}");
            assert!(field("lcb").parse::<u32>().unwrap() <= rate, "{item}");
            assert!(field("prior").parse::<u32>().unwrap() <= 10_000, "{item}");
            assert_eq!(field("order"), order.to_string(), "{item}");
            // The line starts with the move.
            assert_eq!(field("pv"), vertex, "{item}");
        }
    }
    // Any line ends an analysis, even an empty one (which gets no answer of its own).
    let out = gtp_analysis_session(
        "boardsize 9\n1 lz-analyze b 10\n",
        "\n# a comment\n2 name\n",
    );
    let rest = out
        .strip_prefix("= \n\n=1\n")
        .unwrap_or_else(|| panic!("{out}"));
    let (_, after) = rest.split_once("\n\n").unwrap_or_else(|| panic!("{out}"));
    assert_eq!(after, "=2 chogo\n\n", "{out}");
    // KataGo's form: win rates from 0 to 1, and the expected score.
    let out = gtp_analysis_session("boardsize 9\n1 kata-analyze w interval 10\n", "2 version\n");
    let rest = out
        .strip_prefix("= \n\n=1\n")
        .unwrap_or_else(|| panic!("{out}"));
    let (lines, after) = rest.split_once("\n\n").unwrap_or_else(|| panic!("{out}"));
    assert!(after.starts_with("=2 "), "{out}");
    let first = lines.lines().next().unwrap();
    for name in [
        "visits",
        "winrate",
        "scoreLead",
        "scoreMean",
        "prior",
        "lcb",
        "order",
        "pv",
    ] {
        assert!(first.contains(&format!(" {name} ")), "{name}: {first}");
    }
    let rate: f64 = first
        .split_whitespace()
        .skip_while(|w| *w != "winrate")
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!((0.0..=1.0).contains(&rate), "{first}");
}
