//! The rated puzzles: the shipped sets read and set up, a sample still checks at the deep
//! budget (the whole set in an ignored test), attempts judged with the rules engine,
//! bad puzzle data refused with its name, the generator finds a shipped puzzle again, and
//! `chogo-cli puzzles` / `chogo-cli go puzzles`.

use std::process::{Command, Output};
use std::sync::atomic::AtomicBool;

use chogo::common::analysis::Effort;
use chogo::common::puzzled::Puzzled;
use chogo::common::{Playable, Side};
use chogo::learn::generate::{self, Budgets};
use chogo::learn::{Attempt, Puzzle, Tried, read_puzzles, shipped, write_puzzles};

type Chogo = chogo::rules::Game;
type Go = chogo::go::Game;

/// The generator's budgets (chogo-cli's defaults): the scan, and four times it.
fn budgets(scan: u64) -> Budgets {
    Budgets {
        scan: Effort {
            work: Some(scan),
            ..Effort::default()
        },
        deep: Effort {
            work: Some(scan * 4),
            ..Effort::default()
        },
    }
}
const CHOGO_SCAN: u64 = 30_000;
const GO_SCAN: u64 = 3_000;

fn puzzles<G: Puzzled>() -> Vec<Puzzle> {
    read_puzzles(shipped(G::GAME).expect("shipped")).expect("the shipped file reads")
}

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chogo-cli"))
        .args(args)
        .output()
        .expect("chogo-cli runs")
}

fn shipped_set_is_sound<G: Puzzled>(prefix: char, before_rule: u32) {
    let all = puzzles::<G>();
    assert!(!all.is_empty(), "{} ships puzzles", G::GAME);
    for p in &all {
        assert_eq!(p.game, G::GAME, "{}", p.id);
        assert!(p.id.starts_with(prefix), "{}", p.id);
        assert!((400..=2800).contains(&p.rating), "{}: {}", p.id, p.rating);
        assert_eq!(p.solved.len(), G::solvers().len(), "{}", p.id);
        assert!(!p.themes.is_empty(), "{}", p.id);
        for t in &p.themes {
            assert!(G::THEMES.contains(&t.as_str()), "{}: theme {t}", p.id);
        }
        let attempt = Attempt::<G>::new(p).unwrap_or_else(|e| panic!("{e}"));
        // The solver is the side to move once the setting move is played.
        assert_eq!(attempt.game().turn(), attempt.solver());
        // "capture" is a theme exactly when one of the solver's moves is written with its
        // captures (RULES §8, GO_RULES §5: `x` before each captured cell).
        let solver_captures = p.moves.iter().skip(1).step_by(2).any(|m| m.contains('x'));
        assert_eq!(
            p.themes.iter().any(|t| t == "capture"),
            solver_captures,
            "{}: {:?} {:?}",
            p.id,
            p.themes,
            p.moves
        );
        // Go's "end of game": the solver's first move is a pass.
        if G::THEMES.contains(&"end of game") {
            assert_eq!(
                p.themes.iter().any(|t| t == "end of game"),
                p.moves[1] == "pass",
                "{}: {:?} {:?}",
                p.id,
                p.themes,
                p.moves
            );
        }
    }
    // One puzzle a game for each side's answer (the generator's rule): the same first
    // move from several positions of one game would be the same puzzle again. The sets
    // found before the rule (up to `before_rule`) keep at most two.
    // (rules, game, side, answer) and the ids of the puzzles that have them.
    type Answer<'a, M> = (&'a str, &'a str, Side, M, Vec<&'a str>);
    let mut answers: Vec<Answer<G::Move>> = Vec::new();
    for p in &all {
        let game = p.source.rsplit_once(" ply ").map_or(&*p.source, |(g, _)| g);
        let attempt = Attempt::<G>::new(p).unwrap();
        let answer = attempt.game().parse_move(&p.moves[1]).unwrap();
        let side = attempt.solver();
        match answers
            .iter_mut()
            .find(|(r, g, s, a, _)| *r == p.rules && *g == game && *s == side && *a == answer)
        {
            Some((.., ids)) => {
                let number: u32 = p.id[1..].parse().unwrap();
                assert!(
                    number <= before_rule && ids.len() < 2,
                    "{} repeats the answer {} of {ids:?} from {game}",
                    p.id,
                    p.moves[1]
                );
                ids.push(&p.id);
            }
            None => answers.push((&p.rules, game, side, answer, vec![&p.id])),
        }
    }
    // The file is written back exactly as read.
    assert_eq!(read_puzzles(&write_puzzles(&all)).unwrap(), all);
}

#[test]
fn the_shipped_chogo_puzzles_read_and_set_up() {
    shipped_set_is_sound::<Chogo>('c', 312);
}

#[test]
fn the_shipped_go_puzzles_read_and_set_up() {
    shipped_set_is_sound::<Go>('g', 335);
}

fn verify_some<G: Puzzled>(scan: u64, every: usize) {
    let all = puzzles::<G>();
    let deep = budgets(scan).deep;
    for p in all.iter().step_by(every.max(1)) {
        if let Err(f) = generate::verify::<G>(p, deep, 1) {
            panic!("puzzle {}: {}", f.id, f.why);
        }
    }
}

#[test]
fn a_sample_of_the_shipped_puzzles_verifies_at_the_deep_budget() {
    // Two of each, spread over the files (`chogo-cli puzzles verify --sample N` checks more).
    let chogo = puzzles::<Chogo>().len();
    let go = puzzles::<Go>().len();
    verify_some::<Chogo>(CHOGO_SCAN, chogo.div_ceil(2));
    verify_some::<Go>(GO_SCAN, go.div_ceil(2));
}

#[test]
#[ignore = "every shipped puzzle at the deep budget: minutes (chogo-cli puzzles verify)"]
fn every_shipped_puzzle_verifies() {
    verify_some::<Chogo>(CHOGO_SCAN, 1);
    verify_some::<Go>(GO_SCAN, 1);
}

/// A legal move of the solver that is not the expected one and does not win at once.
fn wrong_move<G: Puzzled>(attempt: &Attempt<G>) -> G::Move {
    let expected = attempt.expected().unwrap();
    attempt
        .game()
        .legal_moves()
        .into_iter()
        .find(|&m| {
            let mut g = attempt.game().clone();
            m != expected && g.play(m).is_ok() && !g.is_over()
        })
        .expect("another move")
}

fn attempts_are_judged<G: Puzzled>() {
    let all = puzzles::<G>();
    let p = all.iter().max_by_key(|p| p.moves.len()).unwrap();
    // Solved straight: each right move is answered by the line's reply.
    let mut attempt = Attempt::<G>::new(p).unwrap();
    let mut answered = 0;
    loop {
        let mv = attempt.expected().unwrap();
        match attempt.try_move(mv) {
            Tried::Right { reply } => {
                answered += 1;
                let text = attempt.puzzle().moves[2 * answered].clone();
                let before = attempt.game().after_plies(attempt.game().ply_count() - 1);
                assert_eq!(before.parse_move(&text).unwrap(), reply);
            }
            Tried::Solved => break,
            Tried::Wrong => panic!("the expected move was refused"),
        }
    }
    assert_eq!(answered + 1, p.solver_moves());
    assert!(attempt.is_solved() && attempt.clean());
    assert_eq!(attempt.expected(), None);
    assert!(matches!(
        attempt.try_move(wrong_move_after_end(&attempt)),
        Tried::Wrong
    ));

    // A wrong move changes nothing and spoils the attempt; the right one still solves it.
    let mut attempt = Attempt::<G>::new(p).unwrap();
    let shown = attempt.game().position().to_string();
    let plies = attempt.game().ply_count();
    let wrong = wrong_move(&attempt);
    assert_eq!(attempt.try_move(wrong), Tried::Wrong);
    assert_eq!(attempt.game().position().to_string(), shown);
    assert_eq!(attempt.game().ply_count(), plies);
    assert_eq!(attempt.mistakes, 1);
    // The engine answers the wrong move.
    let effort = Effort {
        work: Some(2_000),
        ..Effort::default()
    };
    let (after, reply) =
        chogo::learn::puzzle::refutation(attempt.game(), wrong, effort, 1).unwrap();
    assert_eq!(after.ply_count(), plies + 1);
    if let Some(reply) = reply {
        assert!(after.legal_moves().contains(&reply));
    }
    attempt.show_solution();
    assert!(attempt.is_solved());
    assert!(!attempt.clean());

    // A hint is the expected move, and counts against the attempt.
    let mut attempt = Attempt::<G>::new(p).unwrap();
    let hint = attempt.hint().unwrap();
    assert!(attempt.helped);
    assert_ne!(attempt.try_move(hint), Tried::Wrong);
    assert_eq!(attempt.rest().len(), p.moves.len().saturating_sub(3));
}

/// Any move (the game after a solved puzzle takes none as right).
fn wrong_move_after_end<G: Puzzled>(attempt: &Attempt<G>) -> G::Move {
    Attempt::<G>::new(attempt.puzzle())
        .unwrap()
        .expected()
        .unwrap()
}

#[test]
fn a_chogo_attempt_is_judged_move_by_move() {
    attempts_are_judged::<Chogo>();
}

#[test]
fn a_go_attempt_is_judged_move_by_move() {
    attempts_are_judged::<Go>();
}

#[test]
fn bad_puzzle_data_is_refused_by_name() {
    let good = puzzles::<Chogo>()[0].clone();
    let named = |p: &Puzzle| Attempt::<Chogo>::new(p).unwrap_err().to_string();
    let mut odd = good.clone();
    odd.moves.pop();
    assert!(named(&odd).contains(&good.id), "{}", named(&odd));
    assert!(named(&odd).contains("in pairs"));
    let mut illegal = good.clone();
    illegal.moves[1] = "a1-a9".into();
    assert!(named(&illegal).contains("move 2"), "{}", named(&illegal));
    let mut other = good.clone();
    other.game = "go".into();
    assert!(named(&other).contains("not chogo"));
    let mut position = good.clone();
    position.position = "nonsense".into();
    assert!(named(&position).starts_with(&format!("puzzle {}", good.id)));
    // Go's puzzles refuse Chogo's data, and the reverse.
    assert!(Attempt::<Go>::new(&good).is_err());
    // A file: the line of a malformed puzzle, and a repeated id.
    let text = write_puzzles(std::slice::from_ref(&good));
    assert!(
        read_puzzles(&(text.clone() + "{\"id\": 3}\n"))
            .unwrap_err()
            .starts_with("line 2")
    );
    assert!(
        read_puzzles(&(text.clone() + &text))
            .unwrap_err()
            .contains("used twice")
    );
    assert_eq!(read_puzzles("# a comment\n\n").unwrap(), vec![]);
}

#[test]
fn the_generator_finds_a_shipped_chogo_puzzle_again() {
    // Chogo's search is deterministic: the game of a puzzle's position and its setting
    // move gives the puzzle's first solver move back.
    for p in puzzles::<Chogo>().iter().take(3) {
        let mut game = Chogo::set_up(&p.rules, &p.position).unwrap();
        let setting = game.parse_move(&p.moves[0]).unwrap();
        game.play(setting).unwrap();
        let found = generate::puzzles_of_game(
            &game,
            budgets(CHOGO_SCAN),
            1,
            7,
            "test",
            false,
            &AtomicBool::new(false),
        );
        let again = found
            .first()
            .unwrap_or_else(|| panic!("{} is not found again", p.id));
        let at = {
            let mut g = Chogo::set_up(&p.rules, &p.position).unwrap();
            g.play(setting).unwrap();
            g
        };
        assert_eq!(
            at.parse_move(&again.moves[1]).unwrap(),
            at.parse_move(&p.moves[1]).unwrap(),
            "{}",
            p.id
        );
        assert_eq!(again.position, p.position);
    }
}

#[test]
fn the_command_line_lists_and_verifies_puzzles() {
    let out = cli(&["puzzles", "list"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(text.lines().count(), puzzles::<Chogo>().len());
    let first = text.lines().next().unwrap();
    let fields: Vec<&str> = first.split('\t').collect();
    assert_eq!(fields.len(), 6, "{first}");
    assert_eq!(fields[0], puzzles::<Chogo>()[0].id);

    let out = cli(&["go", "puzzles", "list", "--theme", "capture"]);
    assert!(out.status.success());
    let captures = puzzles::<Go>()
        .iter()
        .filter(|p| p.themes.iter().any(|t| t == "capture"))
        .count();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).lines().count(),
        captures
    );

    // Bad input: a clear message, exit 2.
    for args in [
        &["puzzles", "list", "--theme", "nosuch"][..],
        &["--rules", "neto", "puzzles", "list"],
        &["go", "--pieces", "N", "puzzles", "list"],
        &["puzzles", "list", "--file", "/nonexistent/file.jsonl"],
        &["puzzles", "generate", "--games", "1", "--variant", "nosuch"],
    ] {
        let out = cli(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("chogo-cli: "));
    }

    // verify: a sample passes; a puzzle whose solution is changed fails by name, exit 1.
    let out = cli(&["puzzles", "verify", "--sample", "1"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1 puzzles verified\n");
    let mut broken = puzzles::<Chogo>()[0].clone();
    let attempt = Attempt::<Chogo>::new(&broken).unwrap();
    let wrong = wrong_move(&attempt);
    broken.moves = vec![broken.moves[0].clone(), attempt.game().move_text(wrong)];
    broken.id = "c9999".into();
    let dir = std::env::temp_dir().join(format!("chogo-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("broken.jsonl");
    std::fs::write(&file, write_puzzles(&[broken])).unwrap();
    let out = cli(&["puzzles", "verify", "--file", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("puzzle c9999: move 2"), "{err}");
    assert!(
        err.trim_end().ends_with("1 of 1 puzzles failed: c9999"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
