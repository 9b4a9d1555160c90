//! The two kinds of men (the sides are shared by both games: [`crate::common::Side`]).

use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::common::{BySide, ParseSideError, Side};

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
