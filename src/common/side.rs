//! The two sides, Black and White, and a value for each: shared by both games.

use std::fmt;
use std::ops::{Index, IndexMut, Not};
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Black starts at the bottom and moves first; White starts at the top (RULES §1, and
/// GO_RULES §2: Black moves first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Black,
    White,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Black, Side::White];

    /// 0 for Black, 1 for White: for tables inside the rules (Zobrist keys). Everything
    /// public keeps per-side values in a [`BySide`].
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// `"black"` or `"white"`, as the command-line outputs name sides.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }

    /// `"Black"` or `"White"`, for sentences.
    pub const fn title(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
        }
    }

    /// The position-text letter for the side to move.
    pub const fn char(self) -> char {
        match self {
            Side::Black => 'b',
            Side::White => 'w',
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// One value for each side, indexed by [`Side`]: `men[Side::Black]`. Serialised as
/// `{"black": …, "white": …}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct BySide<T> {
    pub black: T,
    pub white: T,
}

impl<T> BySide<T> {
    pub const fn new(black: T, white: T) -> BySide<T> {
        BySide { black, white }
    }

    /// The value of each side from a function of the side.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide {
            black: f(Side::Black),
            white: f(Side::White),
        }
    }

    /// Each side with its value, Black first.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        [(Side::Black, &self.black), (Side::White, &self.white)].into_iter()
    }

    /// The values put through a function.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            black: f(self.black),
            white: f(self.white),
        }
    }

    /// Borrowed values.
    pub fn as_ref(&self) -> BySide<&T> {
        BySide {
            black: &self.black,
            white: &self.white,
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::Black => &self.black,
            Side::White => &self.white,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Black => &mut self.black,
            Side::White => &mut self.white,
        }
    }
}

impl<T> IntoIterator for BySide<T> {
    type Item = (Side, T);
    type IntoIter = std::array::IntoIter<(Side, T), 2>;
    fn into_iter(self) -> Self::IntoIter {
        [(Side::Black, self.black), (Side::White, self.white)].into_iter()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not a side (black or white)")]
pub struct ParseSideError(pub String);

impl FromStr for Side {
    type Err = ParseSideError;
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Side::Black),
            "w" | "white" => Ok(Side::White),
            _ => Err(ParseSideError(s.to_string())),
        }
    }
}
