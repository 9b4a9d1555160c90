//! The boards of GO_RULES §1: N × N squares and every Chogo board, with each kind's
//! destinations on them.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use thiserror::Error;

use super::bits::{Bits, Cell, STRIDE};
use super::piece::{Kind, PieceSet};
use crate::common::Side;
use crate::rules;

/// A board: a square of N × N cells (5 ≤ N ≤ 19) or one of Chogo's boards (RULES §1/§9),
/// whose shape, names and cells come from [`crate::rules::Board`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Board {
    Square(u8),
    Chogo(rules::Board),
}

impl Board {
    pub const MIN_SIZE: u8 = 5;
    pub const MAX_SIZE: u8 = 19;

    pub const fn files(self) -> u8 {
        match self {
            Board::Square(n) => n,
            Board::Chogo(b) => b.files(),
        }
    }

    pub const fn ranks(self) -> u8 {
        match self {
            Board::Square(n) => n,
            Board::Chogo(b) => b.ranks(),
        }
    }

    /// The side length of a square board (what SGF's `SZ` and GTP's `boardsize` give).
    pub const fn square_size(self) -> Option<u8> {
        match self {
            Board::Square(n) => Some(n),
            Board::Chogo(rules::Board::Square8) => Some(8),
            Board::Chogo(_) => None,
        }
    }

    /// Every existing cell.
    pub fn cells(self) -> Bits {
        let mut out = Bits::EMPTY;
        for r in 0..self.ranks() {
            for f in 0..self.files() {
                let exists = match self {
                    Board::Square(_) => true,
                    Board::Chogo(b) => b.contains(rules::Cell::new(f, r)),
                };
                if let (true, Some(c)) = (exists, Cell::new(f as i32, r as i32)) {
                    out.insert(c);
                }
            }
        }
        out
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::Square(9)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Square(n) => write!(f, "{n}x{n}"),
            Board::Chogo(b) => f.write_str(b.name()),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not a board (a size 5–19 such as 9 or 9x9, or chogo-44, 8x8, 10x8, 12x8, 12x10)")]
pub struct ParseBoardError(pub String);

impl FromStr for Board {
    type Err = ParseBoardError;
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let key = s.trim().to_ascii_lowercase().replace('×', "x");
        let size = match key.split_once('x') {
            Some((a, b)) if a == b => a,
            Some(_) => "",
            None => key.as_str(),
        };
        if let Ok(n) = size.parse::<u8>() {
            if (Board::MIN_SIZE..=Board::MAX_SIZE).contains(&n) {
                return Ok(Board::Square(n));
            }
            return Err(ParseBoardError(crate::common::excerpt(s)));
        }
        key.parse::<rules::Board>()
            .map(Board::Chogo)
            .map_err(|_| ParseBoardError(crate::common::excerpt(s)))
    }
}

/// A board with its existing and playable cells, for one piece set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Geometry {
    pub board: Board,
    /// Cells that exist.
    pub cells: Bits,
    /// Cells a piece may stand on (GO_RULES §1): every existing cell, unless the set has
    /// no pawn and its moves on the empty board do not join every cell to every other;
    /// then the cells its moves reach from the first light cell (the light cells for
    /// bishops, a lattice for dabbabas or alfils).
    pub playable: Bits,
}

const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];
const DABBABA: [(i32, i32); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
const ALFIL: [(i32, i32); 4] = [(2, 2), (-2, 2), (2, -2), (-2, -2)];
const JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
];

impl Geometry {
    pub fn new(board: Board, set: PieceSet) -> Geometry {
        let cells = board.cells();
        let mut geo = Geometry {
            board,
            cells,
            playable: cells,
        };
        if !set.has_pawn() {
            geo.playable = geo.lattice(set);
        }
        geo
    }

    /// The playable cells of a set without pawns (GO_RULES §1): every cell when the
    /// set's moves on the empty board lead from every cell to every other, else the
    /// cells they lead to from the first light cell (a1, b1, …, a2, …).
    fn lattice(&self, set: PieceSet) -> Bits {
        let Some(start) = self.cells.iter().find(|c| c.is_light()) else {
            return self.cells;
        };
        let forward = self.closure(set, start, false);
        if forward == self.cells && self.closure(set, start, true) == self.cells {
            self.cells
        } else {
            forward
        }
    }

    /// The cells any number of the set's moves on the empty board lead to from `start`
    /// (or, `backward`, lead from to `start`), `start` included. Moves here are those of
    /// a set without pawns, the same for both sides.
    fn closure(&self, set: PieceSet, start: Cell, backward: bool) -> Bits {
        let mut seen = Bits::from_cell(start);
        let mut stack = vec![start];
        while let Some(at) = stack.pop() {
            for kind in set.kinds() {
                let mut visit = |c: Cell| {
                    if !seen.contains(c) {
                        seen.insert(c);
                        stack.push(c);
                    }
                };
                if backward {
                    self.for_each_source(kind, Side::Black, at, &Bits::EMPTY, &mut visit);
                } else {
                    self.for_each_target(kind, Side::Black, at, &Bits::EMPTY, &mut visit);
                }
            }
        }
        seen
    }

    #[inline]
    fn at(&self, from: Cell, df: i32, dr: i32) -> Option<Cell> {
        from.offset(df, dr).filter(|c| self.cells.contains(*c))
    }

    /// The pawn's forward rank step for a side.
    #[inline]
    pub const fn forward(side: Side) -> i32 {
        match side {
            Side::Black => 1,
            Side::White => -1,
        }
    }

    /// Every cell a piece of `kind` and `side` on `from` would move to if it were empty,
    /// with `occupied` blocking: empty cells along a slider's lines and the first
    /// occupied cell of each, every existing cell a step or jump away (GO_RULES §1–2).
    #[inline]
    pub fn for_each_target(
        &self,
        kind: Kind,
        side: Side,
        from: Cell,
        occupied: &Bits,
        mut f: impl FnMut(Cell),
    ) {
        let _ = self.try_targets(kind, side, from, occupied, |c| {
            f(c);
            ControlFlow::Continue(())
        });
    }

    /// [`Geometry::for_each_target`] that stops when `f` breaks.
    #[inline]
    pub fn try_targets(
        &self,
        kind: Kind,
        side: Side,
        from: Cell,
        occupied: &Bits,
        mut f: impl FnMut(Cell) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match kind {
            Kind::Rook => self.slide(from, &ORTHO, occupied, &mut f),
            Kind::Bishop => self.slide(from, &DIAG, occupied, &mut f),
            Kind::Queen => {
                self.slide(from, &ORTHO, occupied, &mut f)?;
                self.slide(from, &DIAG, occupied, &mut f)
            }
            Kind::King => self.steps(from, &KING, &mut f),
            Kind::Wazir => self.steps(from, &ORTHO, &mut f),
            Kind::Knight => self.steps(from, &JUMPS, &mut f),
            // Jumps of two: a missing or occupied cell in between does not stop them.
            Kind::Dabbaba => self.steps(from, &DABBABA, &mut f),
            Kind::Alfil => self.steps(from, &ALFIL, &mut f),
            Kind::Mao => {
                for (df, dr) in JUMPS {
                    let (lf, lr) = mao_leg(df, dr);
                    let leg_free = self.at(from, lf, lr).is_some_and(|l| !occupied.contains(l));
                    if let (true, Some(c)) = (leg_free, self.at(from, df, dr)) {
                        f(c)?;
                    }
                }
                ControlFlow::Continue(())
            }
            Kind::Pawn => {
                let fwd = Geometry::forward(side);
                self.steps(from, &[(-1, fwd), (1, fwd)], &mut f)
            }
        }
    }

    #[inline]
    fn slide(
        &self,
        from: Cell,
        dirs: &[(i32, i32)],
        occupied: &Bits,
        f: &mut impl FnMut(Cell) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for &(df, dr) in dirs {
            let mut c = from;
            while let Some(next) = self.at(c, df, dr) {
                f(next)?;
                if occupied.contains(next) {
                    break;
                }
                c = next;
            }
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn steps(
        &self,
        from: Cell,
        dirs: &[(i32, i32)],
        f: &mut impl FnMut(Cell) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for &(df, dr) in dirs {
            if let Some(c) = self.at(from, df, dr) {
                f(c)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the piece can move: one of its targets is empty and playable.
    #[inline]
    pub fn can_move(&self, kind: Kind, side: Side, from: Cell, occupied: &Bits) -> bool {
        self.try_targets(kind, side, from, occupied, |c| {
            if !occupied.contains(c) && self.playable.contains(c) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// Every cell from which a piece of `kind` and `side` would have `to` among its
    /// targets (the reverse of [`Geometry::for_each_target`]).
    #[inline]
    pub fn for_each_source(
        &self,
        kind: Kind,
        side: Side,
        to: Cell,
        occupied: &Bits,
        mut f: impl FnMut(Cell),
    ) {
        match kind {
            Kind::Pawn => {
                let fwd = Geometry::forward(side);
                for df in [-1, 1] {
                    if let Some(c) = self.at(to, df, -fwd) {
                        f(c);
                    }
                }
            }
            Kind::Mao => {
                // The leg belongs to the mao's own cell, not to the target's.
                for (df, dr) in JUMPS {
                    if let Some(from) = self.at(to, -df, -dr) {
                        let (lf, lr) = mao_leg(df, dr);
                        if self.at(from, lf, lr).is_some_and(|l| !occupied.contains(l)) {
                            f(from);
                        }
                    }
                }
            }
            // Lines, steps and jumps are symmetric.
            _ => self.for_each_target(kind, side, to, occupied, f),
        }
    }

    /// The cells of `from`'s targets that are empty and playable: where it can move.
    pub fn moves(&self, kind: Kind, side: Side, from: Cell, occupied: &Bits) -> Bits {
        let mut out = Bits::EMPTY;
        self.for_each_target(kind, side, from, occupied, |c| {
            if !occupied.contains(c) && self.playable.contains(c) {
                out.insert(c);
            }
        });
        out
    }

    /// Cells of the layout in the order of position text: ranks from the top down.
    pub fn ranks_top_down(&self) -> impl Iterator<Item = impl Iterator<Item = Cell>> {
        let files = self.board.files() as i32;
        (0..self.board.ranks() as i32)
            .rev()
            .map(move |r| (0..files).filter_map(move |f| Cell::new(f, r)))
    }
}

/// The mao's leg: one orthogonal step toward the target along the longer leg.
#[inline]
const fn mao_leg(df: i32, dr: i32) -> (i32, i32) {
    if df.abs() == 2 {
        (df.signum(), 0)
    } else {
        (0, dr.signum())
    }
}

// Cells are named within the 19-wide layout.
const _: () = assert!(STRIDE == 19);
