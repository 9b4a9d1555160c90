//! Board geometry for every board of RULES §9.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::bitboard::STRIDE;
use super::{Bitboard, Cell, Side};

/// The boards of RULES §9. Chogo-44 is 8 files by 7 ranks with three cells cut from each
/// corner; the others are full rectangles of files × ranks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, Default)]
pub enum Board {
    #[default]
    #[serde(rename = "chogo-44")]
    Chogo44,
    #[serde(rename = "8x8")]
    Square8,
    #[serde(rename = "10x8")]
    Wide10x8,
    #[serde(rename = "12x8")]
    Wide12x8,
    #[serde(rename = "12x10")]
    Large12x10,
}

const fn rect_mask(files: u8, ranks: u8) -> u128 {
    let mut mask = 0u128;
    let mut r = 0;
    while r < ranks {
        let mut f = 0;
        while f < files {
            mask |= 1u128 << (r * STRIDE + f);
            f += 1;
        }
        r += 1;
    }
    mask
}

const fn bit(file: u8, rank: u8) -> u128 {
    1u128 << (rank * STRIDE + file)
}

/// RULES §1: `a1 b1 a2`, `g1 h1 h2`, `a6 a7 b7`, `g7 h7 h6` do not exist.
const CHOGO44_CUT: u128 = bit(0, 0)
    | bit(1, 0)
    | bit(0, 1)
    | bit(6, 0)
    | bit(7, 0)
    | bit(7, 1)
    | bit(0, 5)
    | bit(0, 6)
    | bit(1, 6)
    | bit(6, 6)
    | bit(7, 6)
    | bit(7, 5);

impl Board {
    pub const ALL: [Board; 5] = [
        Board::Chogo44,
        Board::Square8,
        Board::Wide10x8,
        Board::Wide12x8,
        Board::Large12x10,
    ];

    pub const fn files(self) -> u8 {
        match self {
            Board::Chogo44 | Board::Square8 => 8,
            Board::Wide10x8 => 10,
            Board::Wide12x8 | Board::Large12x10 => 12,
        }
    }

    pub const fn ranks(self) -> u8 {
        match self {
            Board::Chogo44 => 7,
            Board::Square8 | Board::Wide10x8 | Board::Wide12x8 => 8,
            Board::Large12x10 => 10,
        }
    }

    /// Every playable cell.
    pub const fn cells(self) -> Bitboard {
        let full = rect_mask(self.files(), self.ranks());
        match self {
            Board::Chogo44 => Bitboard(full & !CHOGO44_CUT),
            _ => Bitboard(full),
        }
    }

    /// Whether the cell exists on this board (a cut corner does not).
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        self.cells().contains(cell)
    }

    /// The name used in rule specifications and records: `chogo-44`, `8x8`, `12x10` …
    pub const fn name(self) -> &'static str {
        match self {
            Board::Chogo44 => "chogo-44",
            Board::Square8 => "8x8",
            Board::Wide10x8 => "10x8",
            Board::Wide12x8 => "12x8",
            Board::Large12x10 => "12x10",
        }
    }

    /// The name shown to players: `Chogo-44`, `8×8` …
    pub const fn label(self) -> &'static str {
        match self {
            Board::Chogo44 => "Chogo-44",
            Board::Square8 => "8×8",
            Board::Wide10x8 => "10×8",
            Board::Wide12x8 => "12×8",
            Board::Large12x10 => "12×10",
        }
    }

    /// RULES §1 and §9: a pawn on the end cell of every file, Black's at the bottom end,
    /// White's at the top end.
    pub fn start_pawns(self, side: Side) -> Bitboard {
        let cells = self.cells();
        (0..self.files())
            .filter_map(|file| {
                let mut ranks: Box<dyn Iterator<Item = u8>> = match side {
                    Side::Black => Box::new(0..self.ranks()),
                    Side::White => Box::new((0..self.ranks()).rev()),
                };
                ranks.find_map(|rank| {
                    let cell = Cell::new(file, rank);
                    cells.contains(cell).then_some(cell)
                })
            })
            .collect()
    }

    /// The fixed king start of RULES §9: in front of the side's pawn on the file left of
    /// centre (Black) or right of centre (White).
    pub fn fixed_king_cell(self, side: Side) -> Cell {
        let file = match side {
            Side::Black => self.files() / 2 - 1,
            Side::White => self.files() / 2,
        };
        self.in_front_of_pawn(side, file)
    }

    /// The facing kings of RULES §10.5: both in front of their side's pawn on the file
    /// left of centre.
    pub fn facing_king_cell(self, side: Side) -> Cell {
        self.in_front_of_pawn(side, self.files() / 2 - 1)
    }

    /// The cell in front of `side`'s start pawn on `file`.
    fn in_front_of_pawn(self, side: Side, file: u8) -> Cell {
        let step = match side {
            Side::Black => 1,
            Side::White => -1,
        };
        let pawn = (self.start_pawns(side) & file_cells(file))
            .first()
            .expect("every file has an end cell");
        Cell::new(file, (pawn.rank() as i32 + step) as u8)
    }

    /// The cells of the side's own half for the king drop (RULES §2): with an odd number
    /// of ranks the middle rank belongs to both sides.
    pub fn own_half(self, side: Side) -> Bitboard {
        let n = self.ranks();
        let (lo, hi) = match side {
            Side::Black => (0, n.div_ceil(2)),
            Side::White => (n / 2, n),
        };
        (lo..hi)
            .map(|r| Bitboard(rect_mask(self.files(), 1) << (r * STRIDE)))
            .fold(Bitboard::EMPTY, |a, b| a | b)
            & self.cells()
    }
}

fn file_cells(file: u8) -> Bitboard {
    (0..super::bitboard::MAX_RANKS)
        .map(|r| Cell::new(file, r))
        .collect()
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not a board (chogo-44, 8x8, 10x8, 12x8 or 12x10)")]
pub struct ParseBoardError(pub String);

impl FromStr for Board {
    type Err = ParseBoardError;
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let key = s.to_ascii_lowercase().replace('×', "x");
        Board::ALL
            .into_iter()
            .find(|b| b.name() == key || (key == "44" && *b == Board::Chogo44))
            .ok_or_else(|| ParseBoardError(crate::common::excerpt(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(bb: Bitboard) -> Vec<String> {
        bb.map(|c| c.to_string()).collect()
    }

    #[test]
    fn chogo44_has_44_cells() {
        assert_eq!(Board::Chogo44.cells().count(), 44);
        for cut in [
            "a1", "b1", "a2", "g1", "h1", "h2", "a6", "a7", "b7", "g7", "h7", "h6",
        ] {
            assert!(!Board::Chogo44.contains(cut.parse().unwrap()), "{cut}");
        }
        assert_eq!(Board::Large12x10.cells().count(), 120);
    }

    #[test]
    fn start_pawns_stand_on_the_end_cell_of_every_file() {
        assert_eq!(
            names(Board::Chogo44.start_pawns(Side::Black)),
            ["c1", "d1", "e1", "f1", "b2", "g2", "a3", "h3"]
        );
        assert_eq!(
            names(Board::Chogo44.start_pawns(Side::White)),
            ["a5", "h5", "b6", "g6", "c7", "d7", "e7", "f7"]
        );
        assert_eq!(Board::Wide12x8.start_pawns(Side::White).count(), 12);
    }

    #[test]
    fn fixed_kings_and_halves() {
        assert_eq!(
            Board::Chogo44.fixed_king_cell(Side::Black).to_string(),
            "d2"
        );
        assert_eq!(
            Board::Chogo44.fixed_king_cell(Side::White).to_string(),
            "e6"
        );
        assert_eq!(
            Board::Wide10x8.fixed_king_cell(Side::Black).to_string(),
            "e2"
        );
        assert_eq!(
            Board::Wide10x8.fixed_king_cell(Side::White).to_string(),
            "f7"
        );
        // Ranks 1–4 for Black and 4–7 for White on Chogo-44; 1–4 and 5–8 on 8×8.
        let black = Board::Chogo44.own_half(Side::Black);
        assert!(black.contains("h4".parse().unwrap()) && !black.contains("a5".parse().unwrap()));
        let white = Board::Chogo44.own_half(Side::White);
        assert!(white.contains("a4".parse().unwrap()) && !white.contains("c3".parse().unwrap()));
        let white8 = Board::Square8.own_half(Side::White);
        assert!(!white8.contains("a4".parse().unwrap()) && white8.contains("a5".parse().unwrap()));
    }
}
