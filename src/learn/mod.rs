//! Learning the games: rated puzzles found in the project's own bot games (and, beside
//! them, the lessons). Written once for both games against
//! [`crate::common::puzzled::Puzzled`]; never asks which game it is given.
//!
//! - [`puzzle`]: a puzzle as data (one JSON object a line in `assets/puzzles/`), and an
//!   attempt at it checked move by move with the rules engine.
//! - [`generate`]: finding puzzles in bot games, checking shipped ones again, rating them
//!   by the game's bots.
//! - [`rating`]: the players' Glicko-2 ratings, the puzzles' ratings, the next puzzle.

pub mod generate;
pub mod lesson;
pub mod puzzle;
pub mod rating;

pub use lesson::{
    Answer, Goal, Lesson, LessonError, LessonFile, Opponent, Stage, StageData, read_lessons,
};
pub use puzzle::{Attempt, Puzzle, PuzzleError, Tried, read_puzzles, write_puzzles};
pub use rating::Rating;

/// The puzzles shipped with the game, as their file's text (`assets/puzzles/<game>.jsonl`):
/// `None` for a game with none.
pub fn shipped(game: &str) -> Option<&'static str> {
    match game {
        "chogo" => Some(include_str!("../../assets/puzzles/chogo.jsonl")),
        "go" => Some(include_str!("../../assets/puzzles/go.jsonl")),
        _ => None,
    }
}
