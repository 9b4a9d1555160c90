//! Scoring (GO_RULES §4): the cells each side's pieces reach, the cells each controls,
//! and the score with captures and komi.

use super::bits::{Bits, CELLS};
use super::position::Position;
use crate::common::Side;

impl Position {
    /// The empty playable cells each side's pieces reach in one or more moves, every
    /// other piece standing still (GO_RULES §4).
    pub fn reach(&self, side: Side) -> Bits {
        let empty = self.empty();
        if let Some(adj) = self.rules.pieces.go_adjacency() {
            // A piece of a set that plays as Go does reaches exactly the empty regions
            // next to it, joined by the set's adjacency: a rook's or bishop's slide, a
            // wazir's step, a dabbaba's or alfil's jump each pass from neighbour to
            // neighbour, and the cell it left only joins regions next to it already.
            return (self.occ[side.index()].adjacent(adj) & empty).flood_by(empty, adj);
        }
        let mut out = Bits::EMPTY;
        let all = self.occupied();
        for from in self.occ[side.index()] {
            let Some(p) = self.piece_at(from) else {
                continue;
            };
            // The cell it left counts as empty once it has left it.
            let mut occ = all;
            occ.remove(from);
            let mut seen = Bits::from_cell(from);
            let mut stack = [from; CELLS];
            let mut n = 1;
            while n > 0 {
                n -= 1;
                let at = stack[n];
                self.geo.for_each_target(p.kind, side, at, &occ, |c| {
                    if !occ.contains(c) && self.geo.playable.contains(c) && !seen.contains(c) {
                        seen.insert(c);
                        stack[n] = c;
                        n += 1;
                    }
                });
            }
            seen.remove(from);
            out |= seen & empty;
        }
        out
    }

    /// Cells controlled by each side: reached by it and not by the other.
    pub fn controlled(&self) -> [Bits; 2] {
        let b = self.reach(Side::Black);
        let w = self.reach(Side::White);
        [b & !w, w & !b]
    }

    /// Captures + controlled cells, and komi for White (GO_RULES §4), on the position as
    /// it stands.
    pub fn score(&self) -> [f64; 2] {
        let [b, w] = self.controlled();
        [
            (self.captures[0] + b.count()) as f64,
            (self.captures[1] + w.count()) as f64 + self.rules.komi,
        ]
    }

    /// The winner by score (None: a draw).
    pub fn score_winner(&self) -> Option<Side> {
        let [b, w] = self.score();
        if b > w {
            Some(Side::Black)
        } else if w > b {
            Some(Side::White)
        } else {
            None
        }
    }
}
