//! Cells up to `s19` and sets of them as 384-bit masks.
//!
//! Every board of the rule book fits a fixed layout of 19 files by 19 ranks: the cell on
//! file `f` (0 = `a`) and rank `r` (0 = rank 1) is bit `r * 19 + f`. Smaller boards use a
//! subset of the bits; the board's own mask says which.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};
use std::str::FromStr;

use serde::{Serialize, Serializer};
use thiserror::Error;

/// Files (and ranks) of the fixed layout: the largest board is 19 × 19.
pub const STRIDE: u16 = 19;
/// Cells of the fixed layout.
pub const CELLS: usize = 361;
const WORDS: usize = 6;

/// A cell of the fixed 19 × 19 layout. Whether it exists on a given board is the board's
/// business ([`super::Geometry`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u16);

impl Cell {
    /// The cell on `file` (0 = `a`) and `rank` (0 = rank 1), if inside the layout.
    pub fn new(file: i32, rank: i32) -> Option<Cell> {
        let n = STRIDE as i32;
        ((0..n).contains(&file) && (0..n).contains(&rank)).then(|| Cell((rank * n + file) as u16))
    }

    #[inline]
    pub(crate) const fn from_index(index: usize) -> Cell {
        Cell(index as u16)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> u8 {
        (self.0 % STRIDE) as u8
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        (self.0 / STRIDE) as u8
    }

    /// The cell `df` files and `dr` ranks away, if inside the layout.
    #[inline]
    pub fn offset(self, df: i32, dr: i32) -> Option<Cell> {
        Cell::new(self.file() as i32 + df, self.rank() as i32 + dr)
    }

    /// As in chess, `a1` is dark: a cell is light when file + rank (0-based) is odd.
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not a cell name (a file letter a–s and a rank 1–19, like e5)")]
pub struct ParseCellError(pub String);

impl FromStr for Cell {
    type Err = ParseCellError;

    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        crate::common::cell_name::cell_of(s, Cell::new).map_err(ParseCellError)
    }
}

/// Which cells are next to each other when a piece set plays as Go does: orthogonal
/// neighbours for rooks and wazirs; diagonal ones for bishops alone, whose light cells
/// joined diagonally are a Go board turned by 45° and cut along staircase edges (a
/// bishop can move exactly when a diagonal neighbour is empty, and one that defends a
/// friend further along a diagonal can move anyway: it lives exactly when its diagonal
/// group has an empty neighbour); two cells apart along a file or rank for dabbabas
/// alone, and two cells apart diagonally for alfils alone: each jumps to exactly those
/// cells over anything, so its playable lattice is a Go board with wider steps.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Adjacency {
    Orthogonal,
    Diagonal,
    /// (±2, 0) and (0, ±2).
    Dabbaba,
    /// (±2, ±2).
    Alfil,
}

impl Adjacency {
    /// The four steps to a cell's neighbours, as (file, rank).
    pub const fn steps(self) -> [(i32, i32); 4] {
        match self {
            Adjacency::Orthogonal => [(1, 0), (-1, 0), (0, 1), (0, -1)],
            Adjacency::Diagonal => [(1, 1), (-1, 1), (1, -1), (-1, -1)],
            Adjacency::Dabbaba => [(2, 0), (-2, 0), (0, 2), (0, -2)],
            Adjacency::Alfil => [(2, 2), (-2, 2), (2, -2), (-2, -2)],
        }
    }
}

/// A set of cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bits(pub [u64; WORDS]);

const fn file_mask(file: u16) -> [u64; WORDS] {
    let mut m = [0u64; WORDS];
    let mut r = 0;
    while r < STRIDE {
        let i = (r * STRIDE + file) as usize;
        m[i / 64] |= 1 << (i % 64);
        r += 1;
    }
    m
}

/// Every cell of the layout except those of files `a..=b` (0-based, inclusive).
const fn not_files(a: u16, b: u16) -> [u64; WORDS] {
    let mut m = [!0u64; WORDS];
    let mut file = a;
    while file <= b {
        let f = file_mask(file);
        let mut i = 0;
        while i < WORDS {
            m[i] &= !f[i];
            i += 1;
        }
        file += 1;
    }
    m
}

const NOT_FIRST_FILE: [u64; WORDS] = not_files(0, 0);
const NOT_LAST_FILE: [u64; WORDS] = not_files(STRIDE - 1, STRIDE - 1);
const NOT_FIRST_TWO_FILES: [u64; WORDS] = not_files(0, 1);
const NOT_LAST_TWO_FILES: [u64; WORDS] = not_files(STRIDE - 2, STRIDE - 1);

/// The layout's bits in the last word: it ends at bit 360.
const LAST_WORD: u64 = (1u64 << (CELLS - 64 * (WORDS - 1))) - 1;

impl Bits {
    pub const EMPTY: Bits = Bits([0; WORDS]);

    #[inline]
    pub fn from_cell(cell: Cell) -> Bits {
        let mut b = Bits::EMPTY;
        b.insert(cell);
        b
    }

    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        let i = cell.index();
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i / 64] &= !(1 << (i % 64));
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    #[inline]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest cell (a1, b1 … first).
    #[inline]
    pub fn first(&self) -> Option<Cell> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| Cell::from_index(i * 64 + w.trailing_zeros() as usize))
    }

    /// Shifted up `n` bits (toward higher cells).
    #[inline]
    fn shl(&self, n: u32) -> Bits {
        let mut out = [0u64; WORDS];
        for i in (0..WORDS).rev() {
            out[i] = self.0[i] << n;
            if i > 0 {
                out[i] |= self.0[i - 1] >> (64 - n);
            }
        }
        Bits(out)
    }

    #[inline]
    fn shr(&self, n: u32) -> Bits {
        let mut out = [0u64; WORDS];
        for (i, word) in out.iter_mut().enumerate() {
            *word = self.0[i] >> n;
            if i + 1 < WORDS {
                *word |= self.0[i + 1] << (64 - n);
            }
        }
        Bits(out)
    }

    /// The cells orthogonally next to a cell of the set (the set itself not included,
    /// unless a cell is next to another), inside the layout.
    #[inline]
    pub fn neighbours(&self) -> Bits {
        let up = self.shl(STRIDE as u32);
        let down = self.shr(STRIDE as u32);
        let right = self.shl(1) & Bits(NOT_FIRST_FILE);
        let left = self.shr(1) & Bits(NOT_LAST_FILE);
        let mut out = up | down | right | left;
        out.0[WORDS - 1] &= LAST_WORD;
        out
    }

    /// The cells diagonally next to a cell of the set, inside the layout.
    #[inline]
    pub fn diagonal_neighbours(&self) -> Bits {
        let up_right = self.shl(STRIDE as u32 + 1) & Bits(NOT_FIRST_FILE);
        let up_left = self.shl(STRIDE as u32 - 1) & Bits(NOT_LAST_FILE);
        let down_right = self.shr(STRIDE as u32 - 1) & Bits(NOT_FIRST_FILE);
        let down_left = self.shr(STRIDE as u32 + 1) & Bits(NOT_LAST_FILE);
        let mut out = up_right | up_left | down_right | down_left;
        out.0[WORDS - 1] &= LAST_WORD;
        out
    }

    /// The cells a dabbaba's jump away from a cell of the set ((±2, 0), (0, ±2)),
    /// inside the layout.
    #[inline]
    pub fn dabbaba_neighbours(&self) -> Bits {
        let up = self.shl(2 * STRIDE as u32);
        let down = self.shr(2 * STRIDE as u32);
        let right = self.shl(2) & Bits(NOT_FIRST_TWO_FILES);
        let left = self.shr(2) & Bits(NOT_LAST_TWO_FILES);
        let mut out = up | down | right | left;
        out.0[WORDS - 1] &= LAST_WORD;
        out
    }

    /// The cells an alfil's jump away from a cell of the set ((±2, ±2)), inside the
    /// layout.
    #[inline]
    pub fn alfil_neighbours(&self) -> Bits {
        let up_right = self.shl(2 * STRIDE as u32 + 2) & Bits(NOT_FIRST_TWO_FILES);
        let up_left = self.shl(2 * STRIDE as u32 - 2) & Bits(NOT_LAST_TWO_FILES);
        let down_right = self.shr(2 * STRIDE as u32 - 2) & Bits(NOT_FIRST_TWO_FILES);
        let down_left = self.shr(2 * STRIDE as u32 + 2) & Bits(NOT_LAST_TWO_FILES);
        let mut out = up_right | up_left | down_right | down_left;
        out.0[WORDS - 1] &= LAST_WORD;
        out
    }

    /// The cells next to a cell of the set in the sense of `adjacency`.
    #[inline]
    pub fn adjacent(&self, adjacency: Adjacency) -> Bits {
        match adjacency {
            Adjacency::Orthogonal => self.neighbours(),
            Adjacency::Diagonal => self.diagonal_neighbours(),
            Adjacency::Dabbaba => self.dabbaba_neighbours(),
            Adjacency::Alfil => self.alfil_neighbours(),
        }
    }

    /// The cells of `within` connected to the set through `within`, in the sense of
    /// `adjacency`.
    #[inline]
    pub fn flood_by(self, within: Bits, adjacency: Adjacency) -> Bits {
        let mut g = self & within;
        loop {
            let next = (g | g.adjacent(adjacency)) & within;
            if next == g {
                return g;
            }
            g = next;
        }
    }

    /// The cells of `within` connected orthogonally to the set through `within`.
    #[inline]
    pub fn flood(self, within: Bits) -> Bits {
        self.flood_by(within, Adjacency::Orthogonal)
    }

    pub fn iter(self) -> BitsIter {
        BitsIter(self)
    }

    /// The set's strings: its parts connected in the sense of `adjacency`, each once, in
    /// the order of their first cells.
    pub fn strings(self, adjacency: Adjacency) -> impl Iterator<Item = Bits> {
        let mut left = self;
        std::iter::from_fn(move || {
            let first = left.iter().next()?;
            let string = Bits::from_cell(first).flood_by(left, adjacency);
            left &= !string;
            Some(string)
        })
    }
}

/// The cells of a set, a1, b1 … first.
pub struct BitsIter(Bits);

impl Iterator for BitsIter {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        for (i, w) in self.0.0.iter_mut().enumerate() {
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(Cell::from_index(i * 64 + bit));
            }
        }
        None
    }
}

impl IntoIterator for Bits {
    type Item = Cell;
    type IntoIter = BitsIter;
    fn into_iter(self) -> BitsIter {
        BitsIter(self)
    }
}

impl FromIterator<Cell> for Bits {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Bits {
        let mut b = Bits::EMPTY;
        for c in iter {
            b.insert(c);
        }
        b
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $op:tt) => {
        impl $tr for Bits {
            type Output = Bits;
            #[inline]
            fn $f(self, o: Bits) -> Bits {
                let mut out = [0u64; WORDS];
                for i in 0..WORDS {
                    out[i] = self.0[i] $op o.0[i];
                }
                Bits(out)
            }
        }
    };
}
binop!(BitAnd, bitand, &);
binop!(BitOr, bitor, |);
binop!(BitXor, bitxor, ^);

impl BitAndAssign for Bits {
    #[inline]
    fn bitand_assign(&mut self, o: Bits) {
        *self = *self & o;
    }
}

impl BitOrAssign for Bits {
    #[inline]
    fn bitor_assign(&mut self, o: Bits) {
        *self = *self | o;
    }
}

impl Not for Bits {
    type Output = Bits;
    #[inline]
    fn not(self) -> Bits {
        Bits(self.0.map(|w| !w))
    }
}

impl fmt::Debug for Bits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Bits {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_neighbours() {
        let s19: Cell = "s19".parse().unwrap();
        assert_eq!(s19.index(), 360);
        assert_eq!(s19.to_string(), "s19");
        assert!("t1".parse::<Cell>().is_err() && "a20".parse::<Cell>().is_err());
        let a1: Cell = "a1".parse().unwrap();
        let n: Vec<String> = Bits::from_cell(a1)
            .neighbours()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(n, ["b1", "a2"]);
        let s1: Cell = "s1".parse().unwrap();
        let n: Vec<String> = Bits::from_cell(s1)
            .neighbours()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(n, ["r1", "s2"]);
        let n: Vec<String> = Bits::from_cell(s19)
            .neighbours()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(n, ["s18", "r19"]);
        let e5: Cell = "e5".parse().unwrap();
        assert_eq!(Bits::from_cell(e5).neighbours().count(), 4);
    }

    #[test]
    fn a_set_falls_into_its_strings_by_the_adjacency() {
        let set: Bits = ["a1", "b1", "c3", "d4", "d5", "s19"]
            .iter()
            .map(|c| c.parse::<Cell>().unwrap())
            .collect();
        let named = |adjacency| -> Vec<String> {
            set.strings(adjacency)
                .map(|s| {
                    s.iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect()
        };
        assert_eq!(
            named(Adjacency::Orthogonal),
            ["a1 b1", "c3", "d4 d5", "s19"]
        );
        // c3 and d4 touch at a corner; b1 and c3 do not (one file, two ranks apart).
        assert_eq!(
            named(Adjacency::Diagonal),
            ["a1", "b1", "c3 d4", "d5", "s19"]
        );
        assert_eq!(Bits::EMPTY.strings(Adjacency::Orthogonal).count(), 0);
    }

    #[test]
    fn diagonal_neighbours_stay_inside_the_layout() {
        // The layout's edges and corners: no shift wraps to the other side of a row.
        let diagonal = |name: &str| -> Vec<String> {
            let c: Cell = name.parse().unwrap();
            Bits::from_cell(c)
                .diagonal_neighbours()
                .iter()
                .map(|c| c.to_string())
                .collect()
        };
        assert_eq!(diagonal("a1"), ["b2"]);
        assert_eq!(diagonal("s1"), ["r2"]);
        assert_eq!(diagonal("a19"), ["b18"]);
        assert_eq!(diagonal("s19"), ["r18"]);
        assert_eq!(diagonal("a10"), ["b9", "b11"]);
        assert_eq!(diagonal("s10"), ["r9", "r11"]);
        assert_eq!(diagonal("j1"), ["i2", "k2"]);
        assert_eq!(diagonal("e5"), ["d4", "f4", "d6", "f6"]);
        // Every cell: exactly the cells one step away on both axes.
        for i in 0..CELLS {
            let c = Cell::from_index(i);
            let want: Bits = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
                .into_iter()
                .filter_map(|(df, dr)| c.offset(df, dr))
                .collect();
            assert!(Bits::from_cell(c).diagonal_neighbours() == want, "{c}");
            assert!(
                Bits::from_cell(c).adjacent(Adjacency::Orthogonal)
                    == Bits::from_cell(c).neighbours()
            );
        }
    }

    #[test]
    fn jump_neighbours_stay_inside_the_layout() {
        // The dabbaba's and alfil's jumps of two: no shift wraps across a row's end, on
        // every cell of the layout, and the masks agree with the steps one by one.
        for adjacency in [
            Adjacency::Orthogonal,
            Adjacency::Diagonal,
            Adjacency::Dabbaba,
            Adjacency::Alfil,
        ] {
            for i in 0..CELLS {
                let c = Cell::from_index(i);
                let want: Bits = adjacency
                    .steps()
                    .into_iter()
                    .filter_map(|(df, dr)| c.offset(df, dr))
                    .collect();
                assert!(
                    Bits::from_cell(c).adjacent(adjacency) == want,
                    "{adjacency:?} {c}"
                );
            }
        }
        let names = |b: Bits| -> Vec<String> { b.iter().map(|c| c.to_string()).collect() };
        let b2: Cell = "b2".parse().unwrap();
        assert_eq!(
            names(Bits::from_cell(b2).dabbaba_neighbours()),
            ["d2", "b4"]
        );
        assert_eq!(names(Bits::from_cell(b2).alfil_neighbours()), ["d4"]);
        let r18: Cell = "r18".parse().unwrap();
        assert_eq!(names(Bits::from_cell(r18).alfil_neighbours()), ["p16"]);
    }
}
