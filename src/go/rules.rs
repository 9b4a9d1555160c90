//! The rule options of a game of Go with chess pieces.

use super::geometry::Board;
use super::piece::PieceSet;

/// Board, piece set and options (GO_RULES §1, §3, §4). Not part of the position text: a
/// reader takes them from beside it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Rules {
    pub board: Board,
    pub pieces: PieceSet,
    /// Option *moving pieces*: a side may also move one of its pieces.
    pub moving: bool,
    /// Option positional superko (always on with moving pieces).
    pub superko: bool,
    /// Points added to White's score.
    pub komi: f64,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            board: Board::Square(9),
            pieces: PieceSet::ROOKS,
            moving: false,
            superko: false,
            komi: 0.0,
        }
    }
}

impl Rules {
    /// Whether positional superko applies: chosen, or implied by moving pieces
    /// **[ruling]** so that games end.
    pub const fn superko_on(&self) -> bool {
        self.superko || self.moving
    }

    /// Go with rooks (or wazirs) on a square board without moving pieces: what SGF and
    /// GTP can carry.
    pub fn is_go(&self) -> bool {
        self.pieces.orthogonal() && self.pieces.len() == 1 && !self.moving
    }
}

/// Komi as written in records and JSON: `6.5`, `0`, `-3`.
pub fn number_text(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}
