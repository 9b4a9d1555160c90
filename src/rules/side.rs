//! The two sides and the two kinds of men.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Black starts at the bottom and moves first; White starts at the top (RULES §1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Black,
    White,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Black, Side::White];

    #[inline]
    pub const fn index(self) -> usize {
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

/// Pawn or king.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Pawn,
    King,
}

/// A man: a side's pawn or king.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Man {
    pub side: Side,
    pub role: Role,
}

impl Man {
    pub const fn new(side: Side, role: Role) -> Man {
        Man { side, role }
    }

    /// The position-text letter: `p`/`k` for Black, `P`/`K` for White (RULES §8).
    pub const fn char(self) -> char {
        match (self.side, self.role) {
            (Side::Black, Role::Pawn) => 'p',
            (Side::Black, Role::King) => 'k',
            (Side::White, Role::Pawn) => 'P',
            (Side::White, Role::King) => 'K',
        }
    }

    pub const fn from_char(c: char) -> Option<Man> {
        Some(match c {
            'p' => Man::new(Side::Black, Role::Pawn),
            'k' => Man::new(Side::Black, Role::King),
            'P' => Man::new(Side::White, Role::Pawn),
            'K' => Man::new(Side::White, Role::King),
            _ => return None,
        })
    }
}

impl fmt::Display for Man {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let role = match self.role {
            Role::Pawn => "pawn",
            Role::King => "king",
        };
        write!(f, "{} {role}", self.side)
    }
}
