//! Helpers shared by the integration tests.
#![allow(dead_code)]

use chogo::rules::*;

#[cfg(feature = "gui")]
pub mod ecs;

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
