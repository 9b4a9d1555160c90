//! A set of cells as a 128-bit mask.
//!
//! Every board of the rule book fits a fixed layout of 12 files by 10 ranks: the cell on
//! file `f` (0 = `a`) and rank `r` (0 = rank 1) is bit `r * 12 + f`. Smaller boards use a
//! subset of the bits; the board's own mask says which.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use super::Cell;

/// Files in the fixed bit layout (the widest board has 12).
pub const STRIDE: u8 = 12;
/// Ranks in the fixed bit layout (the tallest board has 10).
pub const MAX_RANKS: u8 = 10;

/// A set of cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u128);

const fn file_mask(file: u8) -> u128 {
    let mut mask = 0u128;
    let mut rank = 0;
    while rank < MAX_RANKS {
        mask |= 1u128 << (rank * STRIDE + file);
        rank += 1;
    }
    mask
}

const FILE_FIRST: u128 = file_mask(0);
const FILE_LAST: u128 = file_mask(STRIDE - 1);
const ALL: u128 = (1u128 << (STRIDE as u32 * MAX_RANKS as u32)) - 1;

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    #[inline]
    pub const fn from_cell(cell: Cell) -> Bitboard {
        Bitboard(1u128 << cell.index())
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & (1u128 << cell.index()) != 0
    }

    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1u128 << cell.index();
    }

    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1u128 << cell.index());
    }

    #[inline]
    pub fn set(&mut self, cell: Cell, on: bool) {
        if on {
            self.insert(cell)
        } else {
            self.remove(cell)
        }
    }

    /// The lowest cell (a1, b1 … first), if any.
    #[inline]
    pub fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(Cell::from_index(self.0.trailing_zeros() as u8))
        }
    }

    #[inline]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Cells one step towards higher files (not masked to any board).
    #[inline]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !FILE_LAST) << 1)
    }

    /// The layout's cells a step in the orthogonal direction `(df, dr)` leaves: the
    /// last file, the first file, the top rank or the first rank.
    #[inline]
    pub const fn layout_side((df, dr): (i32, i32)) -> Bitboard {
        const RANK_FIRST: u128 = (1u128 << STRIDE) - 1;
        const RANK_LAST: u128 = RANK_FIRST << (STRIDE as u32 * (MAX_RANKS as u32 - 1));
        Bitboard(match (df, dr) {
            (1, _) => FILE_LAST,
            (-1, _) => FILE_FIRST,
            (_, 1) => RANK_LAST,
            _ => RANK_FIRST,
        })
    }

    /// Cells one step towards lower files.
    #[inline]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !FILE_FIRST) >> 1)
    }

    /// Cells one step towards higher ranks.
    #[inline]
    pub const fn north(self) -> Bitboard {
        Bitboard((self.0 << STRIDE) & ALL)
    }

    /// Cells one step towards lower ranks.
    #[inline]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> STRIDE)
    }

    /// The four orthogonal neighbours of every cell in the set (the set itself excluded
    /// only where it is not a neighbour of itself).
    #[inline]
    pub const fn neighbours(self) -> Bitboard {
        Bitboard(self.east().0 | self.west().0 | self.north().0 | self.south().0)
    }

    /// Cells with at least two of their four neighbours in the set.
    #[inline]
    pub const fn two_neighbours(self) -> Bitboard {
        let (a, b, c, d) = (self.east().0, self.west().0, self.north().0, self.south().0);
        Bitboard((a & b) | (c & d) | ((a | b) & (c | d)))
    }

    /// The connected part of `within` reachable from `seeds` by orthogonal steps.
    pub fn flood(seeds: Bitboard, within: Bitboard) -> Bitboard {
        let mut filled = seeds & within;
        loop {
            let next = (filled | filled.neighbours()) & within;
            if next == filled {
                return filled;
            }
            filled = next;
        }
    }
}

impl Iterator for Bitboard {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        let cell = self.first()?;
        self.0 &= self.0 - 1;
        Some(cell)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<Cell> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut bb = Bitboard::EMPTY;
        for cell in iter {
            bb.insert(cell);
        }
        bb
    }
}

impl From<Cell> for Bitboard {
    fn from(cell: Cell) -> Self {
        Bitboard::from_cell(cell)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.map(|c| c.to_string())).finish()
    }
}

/// A set of cells is written as the list of their names, in a1, b1 … order.
impl serde::Serialize for Bitboard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.map(|c| c.to_string()))
    }
}

impl<'de> serde::Deserialize<'de> for Bitboard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Bitboard, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        names
            .iter()
            .map(|n| n.parse::<Cell>().map_err(serde::de::Error::custom))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_do_not_wrap_between_ranks() {
        let l1 = Bitboard::from_cell(Cell::new(11, 0));
        assert!(l1.east().is_empty());
        let a2 = Bitboard::from_cell(Cell::new(0, 1));
        assert!(a2.west().is_empty());
        let top = Bitboard::from_cell(Cell::new(3, 9));
        assert!(top.north().is_empty());
        assert_eq!(top.south().first(), Some(Cell::new(3, 8)));
    }

    #[test]
    fn iterates_in_a1_b1_order() {
        let bb: Bitboard = [Cell::new(2, 1), Cell::new(0, 0), Cell::new(5, 0)]
            .into_iter()
            .collect();
        let cells: Vec<String> = bb.map(|c| c.to_string()).collect();
        assert_eq!(cells, ["a1", "f1", "c2"]);
    }
}
