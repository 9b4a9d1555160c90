//! Moves and their notation (GO_RULES §5).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::bits::{Bits, Cell};
use super::piece::{Kind, PieceSet};

/// A drop, a piece's move (option *moving pieces*) or a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    Drop { kind: Kind, cell: Cell },
    Step { from: Cell, to: Cell },
    Pass,
}

/// A move with the piece set it is written for: it displays as its canonical text, and
/// costs nothing until it is displayed (errors carry it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written(pub Move, pub PieceSet);

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0.text(self.1))
    }
}

/// Cells listed for a player: `c2, d2`, or `nothing`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellList(pub Bits);

impl fmt::Display for CellList {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if !self.0.any() {
            return f.write_str("nothing");
        }
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl Move {
    /// The canonical text without captures: `B@e5` (`e5` with a one-kind set),
    /// `e5-e8`, `pass`.
    pub fn text(self, set: PieceSet) -> String {
        match self {
            Move::Drop { kind, cell } if set.single() == Some(kind) => cell.to_string(),
            Move::Drop { kind, cell } => format!("{}@{cell}", kind.letter()),
            Move::Step { from, to } => format!("{from}-{to}"),
            Move::Pass => "pass".into(),
        }
    }

    /// The canonical text with the capture suffix: `c3xc2xd2`.
    pub fn text_with_captures(self, set: PieceSet, captured: Bits) -> String {
        let mut out = self.text(set);
        for c in captured {
            out.push('x');
            out.push_str(&c.to_string());
        }
        out
    }
}

/// A move as written: a drop may leave out its kind (one-kind sets), and the capture
/// list may be given or not.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveText {
    pub spec: MoveSpec,
    /// The captures named after the move, if any were written.
    pub captures: Option<Bits>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveSpec {
    Drop { kind: Option<Kind>, cell: Cell },
    Step { from: Cell, to: Cell },
    Pass,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// The text (an excerpt of a long one) is no move.
    #[error("'{0}' is not a move (like e5, R@e5, e5-e8, pass, c3xc2xd2)")]
    Form(String),
    /// The capture list names a cell twice: it must be exactly the captured set.
    #[error("'{0}' names {1} twice among its captures")]
    CapturedTwice(String, Cell),
}

impl FromStr for MoveText {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        let err = || ParseMoveError::Form(crate::common::excerpt(s.trim()));
        let text = s.trim().trim_end_matches(['!', '?', '+', '#', '*']);
        if text.eq_ignore_ascii_case("pass") {
            return Ok(MoveText {
                spec: MoveSpec::Pass,
                captures: None,
            });
        }
        let mut parts = text.split(['x', 'X']);
        let head = parts.next().ok_or_else(err)?;
        let mut captures = None;
        for part in parts {
            let cell: Cell = part.parse().map_err(|_| err())?;
            let list = captures.get_or_insert(Bits::EMPTY);
            if list.contains(cell) {
                return Err(ParseMoveError::CapturedTwice(
                    crate::common::excerpt(s.trim()),
                    cell,
                ));
            }
            list.insert(cell);
        }
        let spec = if let Some((kind, cell)) = head.split_once('@') {
            let mut letters = kind.chars();
            let kind = match (letters.next(), letters.next()) {
                (Some(c), None) => Kind::from_letter(c).ok_or_else(err)?,
                _ => return Err(err()),
            };
            MoveSpec::Drop {
                kind: Some(kind),
                cell: cell.parse().map_err(|_| err())?,
            }
        } else if let Some((from, to)) = head.split_once('-') {
            MoveSpec::Step {
                from: from.parse().map_err(|_| err())?,
                to: to.parse().map_err(|_| err())?,
            }
        } else {
            MoveSpec::Drop {
                kind: None,
                cell: head.parse().map_err(|_| err())?,
            }
        };
        Ok(MoveText { spec, captures })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.spec {
            MoveSpec::Drop { kind: None, cell } => write!(f, "{cell}")?,
            MoveSpec::Drop {
                kind: Some(k),
                cell,
            } => write!(f, "{}@{cell}", k.letter())?,
            MoveSpec::Step { from, to } => write!(f, "{from}-{to}")?,
            MoveSpec::Pass => f.write_str("pass")?,
        }
        for c in self.captures.unwrap_or_default() {
            write!(f, "x{c}")?;
        }
        Ok(())
    }
}
