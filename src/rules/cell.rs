//! A cell of the board, named file letter + rank number (`e4`, `l10`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use super::bitboard::{MAX_RANKS, STRIDE};

/// A cell in the fixed 12 × 10 layout shared by every board. Whether the cell exists on a
/// particular board is the board's business ([`super::Board::contains`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// `file` 0 is `a`, `rank` 0 is rank 1.
    ///
    /// # Panics
    /// When the cell is outside the 12 × 10 layout (a programming error, never input).
    pub const fn new(file: u8, rank: u8) -> Cell {
        assert!(file < STRIDE && rank < MAX_RANKS);
        Cell(rank * STRIDE + file)
    }

    /// The cell with this file and rank, if both are inside the 12 × 10 layout.
    pub fn try_new(file: i32, rank: i32) -> Option<Cell> {
        if (0..STRIDE as i32).contains(&file) && (0..MAX_RANKS as i32).contains(&rank) {
            Some(Cell::new(file as u8, rank as u8))
        } else {
            None
        }
    }

    pub(crate) const fn from_index(index: u8) -> Cell {
        Cell(index)
    }

    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// 0 for file `a`.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % STRIDE
    }

    /// 0 for rank 1.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / STRIDE
    }

    /// The number of orthogonal steps between two cells (files apart plus ranks apart).
    #[inline]
    pub const fn distance(self, other: Cell) -> u8 {
        self.file().abs_diff(other.file()) + self.rank().abs_diff(other.rank())
    }

    /// The cell `df` files and `dr` ranks away, if inside the layout.
    pub fn offset(self, df: i32, dr: i32) -> Option<Cell> {
        Cell::try_new(self.file() as i32 + df, self.rank() as i32 + dr)
    }

    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not a cell name (a file letter a–l and a rank 1–10, like e4)")]
pub struct ParseCellError(pub String);

impl FromStr for Cell {
    type Err = ParseCellError;

    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        crate::common::cell_name::cell_of(s, Cell::try_new).map_err(ParseCellError)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in ["a1", "e4", "h7", "l10", "c9"] {
            let cell: Cell = name.parse().unwrap();
            assert_eq!(cell.to_string(), name);
        }
        assert_eq!("E4".parse::<Cell>().unwrap().to_string(), "e4");
    }

    #[test]
    fn bad_names_are_errors() {
        for bad in ["", "e", "4", "m1", "a0", "a11", "a01", "e4x", "ä1"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }
}
