//! Helpers shared by the integration tests.
#![allow(dead_code)]

use chogo::rules::*;

#[cfg(feature = "gui")]
pub mod ecs;
#[cfg(any(feature = "gui", feature = "server"))]
pub mod server;

/// Builds a position from a list of men such as `"p:c3 k:d2 P:d4 K:e6"` (letters as in
/// position text) with `turn` to move, under `rules`; 10 plies since a capture, move 20.
pub fn setup_with(rules: RuleSet, men: &str, turn: Side) -> Position {
    let placement: Vec<(Cell, Man)> = men
        .split_whitespace()
        .map(|item| {
            let (letter, cell) = item.split_once(':').expect("man:cell");
            let man = Man::from_char(letter.chars().next().expect("letter")).expect("man letter");
            (cell.parse().expect("cell"), man)
        })
        .collect();
    Position::from_parts(rules, &placement, BySide::default(), turn, 10, 20)
        .expect("valid test position")
}

/// A Chogo-44 position.
pub fn setup(men: &str, turn: Side) -> Position {
    setup_with(RuleSet::default(), men, turn)
}

pub fn cell(name: &str) -> Cell {
    name.parse().expect("cell name")
}

pub fn cells(names: &str) -> Bitboard {
    names.split_whitespace().map(cell).collect()
}

pub fn mv(text: &str) -> Move {
    text.parse().expect("move text")
}

/// The legal moves as sorted text with captures, like `chogo-cli moves`.
pub fn move_texts(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.move_text(m))
        .collect();
    v.sort();
    v
}

/// Plays a move that must be legal; returns the new position and the captured cells.
pub fn play(pos: &Position, text: &str) -> (Position, Bitboard) {
    let m = mv(text);
    assert!(
        pos.legal_moves().contains(&m),
        "{text} should be in the legal moves of {pos}"
    );
    pos.play(m).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The error of an illegal move, as text.
pub fn refusal(pos: &Position, text: &str) -> String {
    let m = mv(text);
    assert!(
        !pos.legal_moves().contains(&m),
        "{text} should not be generated"
    );
    pos.play(m)
        .expect_err("the move should be illegal")
        .to_string()
}

/// Replays each bad record of a folder with `chogo-cli COMMAND… FILE` and checks what its
/// `expected.txt` says of it (`file ; exit code ; what standard error must contain`),
/// and that every file ending in `extension` is listed. Both games' folders
/// (`tests/records/bad`, `tests/go_records/bad`) are read this way.
pub fn replay_bad_records(folder: &str, extension: &str, command: &[&str]) {
    let expected = std::fs::read_to_string(format!("{folder}/expected.txt")).unwrap();
    let mut cases = 0;
    for line in expected
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.splitn(3, " ; ").collect();
        let path = format!("{folder}/{}", fields[0]);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chogo-cli"))
            .args(command)
            .arg(&path)
            .output()
            .expect("chogo-cli runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(fields[1].parse().unwrap()),
            "{path}: {stderr}"
        );
        assert!(stderr.contains(fields[2]), "{path}: {stderr}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{path}");
        cases += 1;
    }
    let files = std::fs::read_dir(folder)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == extension)
        })
        .count();
    assert_eq!(cases, files, "every bad record of {folder} is listed");
}

/// (The property tests' edited texts.) `text` with each edit made in turn at the place its index picks: 0 deletes the
/// character there, 1 puts `ch` before it, 2 puts `ch` in its place.
pub fn edit(text: &str, edits: &[(proptest::sample::Index, u8, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (at, how, ch) in edits {
        let i = at.index(chars.len() + 1);
        match (how, i < chars.len()) {
            (0, true) => {
                chars.remove(i);
            }
            (1, _) => chars.insert(i, *ch),
            (_, true) => chars[i] = *ch,
            _ => chars.push(*ch),
        }
    }
    chars.into_iter().collect()
}
