//! Own single-cell eyes for every kind, which the random policy never fills.

use crate::common::Side;
use crate::go::bits::{Bits, CELLS, Cell};
use crate::go::piece::Kind;
use crate::go::position::Position;

/// For each cell, the cells from which a piece of the set would reach it in one step:
/// the first cell along each of a slider's lines, each step or jump. A cell is its own
/// eye for a side when it is empty and every one of those cells holds that side's piece:
/// then only that side's pieces can move to it (with rooks: Go's single-cell eye).
#[derive(Clone)]
pub struct Eyes {
    around: Box<[Bits; CELLS]>,
}

impl Eyes {
    pub fn new(pos: &Position) -> Eyes {
        let geo = *pos.geometry();
        let mut around = Box::new([Bits::EMPTY; CELLS]);
        for cell in geo.cells {
            let mut set = Bits::EMPTY;
            for kind in pos.rules().pieces.kinds() {
                // A mao's leg only ever narrows a knight's jumps.
                let kind = if kind == Kind::Mao {
                    Kind::Knight
                } else {
                    kind
                };
                for side in [Side::Black, Side::White] {
                    // Everything occupied: a slider's line stops at its first cell.
                    geo.for_each_source(kind, side, cell, &geo.cells, |c| set.insert(c));
                }
            }
            around[cell.index()] = set & geo.cells;
        }
        Eyes { around }
    }

    /// The cells around `cell` that must hold the side's pieces for an eye.
    #[inline]
    pub fn around(&self, cell: Cell) -> Bits {
        self.around[cell.index()]
    }

    /// Whether `cell` is an empty cell that is `side`'s own single-cell eye.
    #[inline]
    pub fn is_eye(&self, pos: &Position, side: Side, cell: Cell) -> bool {
        let around = self.around[cell.index()];
        around.any() && (around & !pos.pieces(side)).is_empty() && pos.piece_at(cell).is_none()
    }
}
