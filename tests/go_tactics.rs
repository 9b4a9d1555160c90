//! The tactics set of Go with rooks (issue 47): positions from this project's games
//! against GNU Go level 10 where the search's move lost a string of three stones or more
//! (or let an enemy string escape) that one move would have saved (or taken), as
//! `tests/go_tactics/*.txt` holds them; the search must find such a move.
//!
//! The data: `#` starts a comment line (each problem's source); every other line is one
//! problem, three fields apart by ` | `: the position (GO_RULES §5's text, rooks on 9 ×
//! 9, komi 6.5), `played MOVE` (the search's move in the game), and `save MOVES` or
//! `take MOVES` (every move after which GNU Go 3.8's tactical reading, `attack` or
//! `defend` with the opponent to move, finds the string safe or lost, among the cells
//! within two steps of it). `tools/go-tactics.py` found them in matches' SGF files.
//! The answers keep or take the string; they need not be the position's best move: GNU
//! Go level 10 itself plays one of them in 13 of `gnugo-level10.txt`'s 37
//! (`tools/go-tactics.py --genmove`). `decisive.txt` holds the problems where the string
//! decides the game as GNU Go plays it (`tools/go-tactics.py --agree`): two in some 360
//! games.

use std::sync::atomic::AtomicBool;

use chogo::go::bot::{Bot, Budget, Mcts, MctsConfig, Request};
use chogo::go::{Game, Move, Position, Rules};

struct Problem {
    /// The file and line, for messages.
    at: String,
    game: Game,
    played: Move,
    answers: Vec<Move>,
}

fn problems() -> Vec<Problem> {
    let rules = Rules {
        komi: 6.5,
        ..Rules::default()
    };
    let mut files: Vec<_> = std::fs::read_dir("tests/go_tactics")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = format!("{}:{}", file.display(), n + 1);
            let fields: Vec<&str> = line.split(" | ").collect();
            assert_eq!(fields.len(), 3, "{at}: three fields");
            let pos = Position::from_text(fields[0], rules).unwrap_or_else(|e| panic!("{at}: {e}"));
            let game = Game::from_position(pos);
            let read = |text: &str| {
                let (mv, _) = pos
                    .play_text(&text.parse().unwrap_or_else(|e| panic!("{at}: {text}: {e}")))
                    .unwrap_or_else(|e| panic!("{at}: {text}: {e}"));
                mv
            };
            let played = read(fields[1].strip_prefix("played ").expect("played"));
            let answers = fields[2]
                .strip_prefix("save ")
                .or_else(|| fields[2].strip_prefix("take "))
                .unwrap_or_else(|| panic!("{at}: save or take"))
                .split_whitespace()
                .map(read)
                .collect();
            out.push(Problem {
                at,
                game,
                played,
                answers,
            });
        }
    }
    out
}

/// The search's settings: the default, less the switches named in
/// `CHOGO_TACTICS_WITHOUT` (comma-separated, as `--without`), to measure a switch.
fn config() -> MctsConfig {
    let without = std::env::var("CHOGO_TACTICS_WITHOUT").unwrap_or_default();
    MctsConfig::default().without(&without).unwrap()
}

/// The problems the search solves with `playouts` and `seed`, and the others.
fn solve(problems: &[Problem], playouts: u64, seed: u64) -> (usize, Vec<String>) {
    let stop = AtomicBool::new(false);
    let mut missed = Vec::new();
    for p in problems {
        let mv = Mcts::new(config())
            .choose(&Request {
                game: &p.game,
                budget: Budget {
                    time: None,
                    playouts: Some(playouts),
                },
                seed,
                stop: &stop,
            })
            .expect("a move")
            .mv;
        if !p.answers.contains(&mv) {
            missed.push(format!("{}: {}", p.at, p.game.position().move_text(mv)));
        }
    }
    (problems.len() - missed.len(), missed)
}

#[test]
fn the_tactics_set_reads_and_its_answers_differ_from_the_move_played() {
    let problems = problems();
    assert!(problems.len() >= 30, "{} problems", problems.len());
    for p in &problems {
        assert!(!p.answers.is_empty(), "{}", p.at);
        assert!(!p.answers.contains(&p.played), "{}", p.at);
    }
}

/// At 3,000 playouts a move (the matches' budget; seconds for the whole set) the search
/// solved this many of the set at seed 1 when it was made: fewer is a regression.
const SOLVED_AT_3000: usize = 5;

#[test]
fn the_search_at_3000_playouts_solves_as_many_problems_as_it_did() {
    let problems = problems();
    let (solved, missed) = solve(&problems, 3000, 1);
    assert!(
        solved >= SOLVED_AT_3000,
        "{solved} of {}: {missed:#?}",
        problems.len()
    );
}

/// The target: nine problems in ten at the hard level's playouts (60,000: its
/// 2 s on two threads; one core plays about 21,000 playouts a second).
#[test]
#[ignore = "minutes; it solves 10 of 39 (26 %), docs/BOTS.md"]
fn the_search_at_the_hard_levels_playouts_solves_nine_problems_in_ten() {
    let problems = problems();
    let (solved, missed) = solve(&problems, 60_000, 1);
    eprintln!("solved {solved} of {}; missed {missed:#?}", problems.len());
    assert!(
        10 * solved >= 9 * problems.len(),
        "{solved} of {}",
        problems.len()
    );
}
