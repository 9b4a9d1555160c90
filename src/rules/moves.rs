//! Moves and their notation (RULES §4, §7, §8).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use super::{Bitboard, Cell};

/// A solid rectangle of cells, from its lower-left to its upper-right corner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rect {
    pub min: Cell,
    pub max: Cell,
}

impl Rect {
    /// The rectangle spanned by two corners, in any order.
    pub fn spanning(a: Cell, b: Cell) -> Rect {
        Rect {
            min: Cell::new(a.file().min(b.file()), a.rank().min(b.rank())),
            max: Cell::new(a.file().max(b.file()), a.rank().max(b.rank())),
        }
    }

    pub fn width(self) -> u8 {
        self.max.file() - self.min.file() + 1
    }

    pub fn height(self) -> u8 {
        self.max.rank() - self.min.rank() + 1
    }

    pub fn len(self) -> u32 {
        self.width() as u32 * self.height() as u32
    }

    /// A rectangle always holds at least one cell.
    pub fn is_empty(self) -> bool {
        false
    }

    /// The cells of the rectangle, built a row at a time.
    #[inline]
    pub fn cells(self) -> Bitboard {
        let row = ((1u128 << self.width()) - 1) << self.min.index();
        let mut bb = 0;
        for r in 0..self.height() {
            bb |= row << (r as u32 * super::bitboard::STRIDE as u32);
        }
        Bitboard(bb)
    }
}

/// Files ascending then ranks ascending (`fg34`); the corner form (`d8:d10`) when a rank
/// needs two digits (RULES §8).
impl fmt::Display for Rect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.max.rank() >= 9 {
            return write!(f, "{}:{}", self.min, self.max);
        }
        for file in self.min.file()..=self.max.file() {
            write!(f, "{}", (b'a' + file) as char)?;
        }
        for rank in self.min.rank()..=self.max.rank() {
            write!(f, "{}", rank + 1)?;
        }
        Ok(())
    }
}

/// A move of RULES §2, §4 and §7.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A man leaves the hand for an empty cell: the king as each side's first move (RULES
    /// §2), or in the drop opening each man in turn, pawns before the king (§10.3).
    Drop { to: Cell },
    /// A pawn slides like a rook, or a king steps.
    Single { from: Cell, to: Cell },
    /// A solid rectangle of 2 or more men slides as one body.
    Tandem { from: Rect, to: Rect },
    /// The rules' fortress move (RULES §7, §10.2), written `from>to`: an untrapped man
    /// taken from the board into an enemy city (the mole drop), an untrapped man leaping
    /// like a knight into an enemy city, or an enemy man set down on an empty cell.
    MoleDrop { from: Cell, to: Cell },
}

impl Move {
    /// The cells the move puts men on (RULES §5.3: the move's destination cells).
    pub fn destinations(self) -> Bitboard {
        match self {
            Move::Drop { to } | Move::Single { to, .. } | Move::MoleDrop { to, .. } => {
                Bitboard::from_cell(to)
            }
            Move::Tandem { to, .. } => to.cells(),
        }
    }

    /// The cells men leave (empty for a drop).
    pub fn origins(self) -> Bitboard {
        match self {
            Move::Drop { .. } => Bitboard::EMPTY,
            Move::Single { from, .. } | Move::MoleDrop { from, .. } => Bitboard::from_cell(from),
            Move::Tandem { from, .. } => from.cells(),
        }
    }

    /// Each moving man's origin and destination (a dropped man's origin is `None`).
    pub fn paths(self) -> Vec<(Option<Cell>, Cell)> {
        match self {
            Move::Drop { to } => vec![(None, to)],
            Move::Single { from, to } | Move::MoleDrop { from, to } => vec![(Some(from), to)],
            Move::Tandem { from, to } => {
                let df = to.min.file() as i32 - from.min.file() as i32;
                let dr = to.min.rank() as i32 - from.min.rank() as i32;
                from.cells()
                    .filter_map(|c| Some((Some(c), c.offset(df, dr)?)))
                    .collect()
            }
        }
    }

    /// The move text followed by its captures (`a4-c4xc5`).
    pub fn with_captures(self, captured: Bitboard) -> String {
        let mut text = self.to_string();
        for cell in captured {
            text.push('x');
            text.push_str(&cell.to_string());
        }
        text
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Drop { to } => write!(f, "{to}"),
            Move::Single { from, to } => write!(f, "{from}-{to}"),
            Move::Tandem { from, to } => write!(f, "{from}-{to}"),
            Move::MoleDrop { from, to } => write!(f, "{from}>{to}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{text}' is not a move: {reason}")]
pub struct ParseMoveError {
    pub text: String,
    pub reason: &'static str,
}

/// A move as written, with the capture list if one was given (RULES §8).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveText {
    pub mv: Move,
    pub captures: Option<Bitboard>,
}

/// The move, then its capture list when one was given (`a4-c4xc5`).
impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.mv.with_captures(self.captures.unwrap_or_default()))
    }
}

enum Area {
    Cell(Cell),
    Rect(Rect),
}

fn parse_area(s: &str) -> Option<Area> {
    if let Some((a, b)) = s.split_once(':') {
        let (a, b): (Cell, Cell) = (a.parse().ok()?, b.parse().ok()?);
        if a.file() > b.file() || a.rank() > b.rank() {
            return None;
        }
        let rect = Rect { min: a, max: b };
        return Some(if rect.len() == 1 {
            Area::Cell(a)
        } else {
            Area::Rect(rect)
        });
    }
    let split = s.find(|c: char| !c.is_ascii_alphabetic())?;
    let (letters, digits) = s.split_at(split);
    if letters.len() == 1 {
        // A single file: a cell (`c10`) unless the digits are a run of ranks (`c12`).
        if let Ok(cell) = s.parse::<Cell>()
            && (digits.len() == 1 || digits == "10")
        {
            return Some(Area::Cell(cell));
        }
    }
    // A row of cells on rank 10 (`ab10`).
    let ranks: Vec<u8> = if digits == "10" {
        vec![9]
    } else {
        digits.bytes().map(|b| b.wrapping_sub(b'1')).collect()
    };
    let files: Vec<u8> = letters
        .bytes()
        .map(|b| b.to_ascii_lowercase().wrapping_sub(b'a'))
        .collect();
    let contiguous = |v: &[u8], limit: u8| {
        v.iter().all(|&x| x < limit) && v.windows(2).all(|w| w[1] == w[0].wrapping_add(1))
    };
    if files.is_empty() || ranks.is_empty() || !contiguous(&files, 12) || !contiguous(&ranks, 10) {
        return None;
    }
    let rect = Rect {
        min: Cell::new(files[0], ranks[0]),
        max: Cell::new(*files.last()?, *ranks.last()?),
    };
    Some(if rect.len() == 1 {
        Area::Cell(rect.min)
    } else {
        Area::Rect(rect)
    })
}

const ANNOTATIONS: &[char] = &['*', '#', '+', '!', '?'];

impl FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        let err = |reason| ParseMoveError {
            text: crate::common::excerpt(s.trim()),
            reason,
        };
        let mut body = s.trim();
        if body
            .get(..5)
            .is_some_and(|p| p.eq_ignore_ascii_case("polis"))
        {
            body = body[5..].trim_start();
        }
        let body = body.trim_end_matches(ANNOTATIONS).to_ascii_lowercase();
        if body.is_empty() {
            return Err(err("it is empty"));
        }
        let mut parts = body.split('x');
        let main = parts.next().unwrap_or_default();
        let mut captures = None;
        for cell in parts {
            let cell: Cell = cell
                .parse()
                .map_err(|_| err("a capture must be x followed by a cell, like xc5"))?;
            let list = captures.get_or_insert(Bitboard::EMPTY);
            if list.contains(cell) {
                return Err(err(
                    "the capture list names a cell twice (it is exactly the captured men)",
                ));
            }
            list.insert(cell);
        }
        let cell = |t: &str| t.parse::<Cell>().map_err(|_| err("bad cell name"));
        let mv = if let Some((a, b)) = main.split_once('>') {
            Move::MoleDrop {
                from: cell(a)?,
                to: cell(b)?,
            }
        } else if let Some((a, b)) = main.split_once('-') {
            let bad = || err("expected from-to, with cells (c1-c6) or rectangles (fg34-de34)");
            match (
                parse_area(a).ok_or_else(bad)?,
                parse_area(b).ok_or_else(bad)?,
            ) {
                (Area::Cell(from), Area::Cell(to)) => Move::Single { from, to },
                (Area::Rect(from), Area::Rect(to)) => {
                    if from.width() != to.width() || from.height() != to.height() {
                        return Err(err("a tandem's two rectangles must have the same shape"));
                    }
                    Move::Tandem { from, to }
                }
                _ => return Err(err("a tandem's two rectangles must have the same shape")),
            }
        } else {
            Move::Drop { to: cell(main)? }
        };
        Ok(MoveText { mv, captures })
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        Ok(s.parse::<MoveText>()?.mv)
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(text: &str) -> String {
        let mt: MoveText = text.parse().unwrap();
        mt.mv.with_captures(mt.captures.unwrap_or_default())
    }

    #[test]
    fn notation_round_trips() {
        for text in [
            "b3",
            "c1-c6",
            "d567-d345",
            "fg34-de34",
            "cd5-de5",
            "c6>f2",
            "a4-c4xc5",
            "fgh5-cde5xc6xd6xe6",
            "c10-c2",
            "d8:d10-d567",
            "ab9-a10:b10",
        ] {
            assert_eq!(round_trip(text), text);
        }
        // Readers accept the corner form everywhere, and a row on rank 10.
        assert_eq!(round_trip("d5:d7-d2:d4"), "d567-d234");
        assert_eq!(round_trip("ab9-ab10"), "ab9-a10:b10");
    }

    #[test]
    fn readers_ignore_annotations_and_polis() {
        assert_eq!(round_trip("c1-c6!?"), "c1-c6");
        assert_eq!(round_trip("polis c6>f2#"), "c6>f2");
        assert_eq!(round_trip("a4-c4xc5+"), "a4-c4xc5");
        assert_eq!(round_trip("d4:d6-e4:e6"), "d456-e456");
    }

    #[test]
    fn capture_lists_are_sets_in_any_order() {
        let a: MoveText = "fgh5-cde5xe6xc6xd6".parse().unwrap();
        let b: MoveText = "fgh5-cde5xc6xd6xe6".parse().unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn malformed_moves_are_errors() {
        for bad in [
            "", "z9", "c1-", "c1-c2-c3", "cd5-d5", "cd5-c56", "ce5-df5", "c1xz", "d0", "c1>", "k",
        ] {
            assert!(bad.parse::<MoveText>().is_err(), "{bad}");
        }
        // The capture list is exactly the captured men: a cell named twice is refused.
        assert!("e4-e2xe1".parse::<MoveText>().is_ok());
        assert_eq!(
            "e4-e2xe1xc5xe1"
                .parse::<MoveText>()
                .map_err(|e| e.to_string()),
            Err(
                "'e4-e2xe1xc5xe1' is not a move: the capture list names a cell twice \
                 (it is exactly the captured men)"
                    .to_string()
            )
        );
        // A long bad input is named by an excerpt only.
        let message = "q"
            .repeat(50_000)
            .parse::<MoveText>()
            .unwrap_err()
            .to_string();
        assert!(message.len() < 150, "{message}");
    }
}
