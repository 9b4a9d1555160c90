//! Which pieces live (GO_RULES §2): a piece lives while it can move to an empty cell or
//! defends a living friend.

use super::bits::{Adjacency, Bits, CELLS, Cell};
use super::position::Position;
use crate::common::Side;

impl Position {
    /// The side's alive pieces: the least fixed point of "can move to an empty cell, or
    /// defends an alive friendly piece" (GO_RULES §2).
    pub fn alive(&self, side: Side) -> Bits {
        match self.rules.pieces.go_adjacency() {
            Some(adj) => self.alive_go(side, adj),
            None => self.alive_general(side),
        }
    }

    /// With a set that plays as Go does (rooks and wazirs; bishops, dabbabas or alfils
    /// alone): the pieces of groups, joined by the set's adjacency, with an empty
    /// neighbour (Go).
    #[inline]
    fn alive_go(&self, side: Side, adj: Adjacency) -> Bits {
        let own = self.occ[side.index()];
        (self.empty().adjacent(adj) & own).flood_by(own, adj)
    }

    /// The definition itself, for any set: pieces that can move, then every piece that
    /// defends one found alive.
    pub fn alive_general(&self, side: Side) -> Bits {
        let own = self.occ[side.index()];
        let all = self.occupied();
        let mut alive = Bits::EMPTY;
        let mut stack = [Cell::from_index(0); CELLS];
        let mut n = 0;
        for c in own {
            if let Some(p) = self.piece_at(c)
                && self.geo.can_move(p.kind, side, c, &all)
            {
                alive.insert(c);
                stack[n] = c;
                n += 1;
            }
        }
        while n > 0 {
            n -= 1;
            let q = stack[n];
            for kind in self.rules.pieces.kinds() {
                self.geo.for_each_source(kind, side, q, &all, |p| {
                    if own.contains(p)
                        && !alive.contains(p)
                        && self.piece_at(p).is_some_and(|x| x.kind == kind)
                    {
                        alive.insert(p);
                        stack[n] = p;
                        n += 1;
                    }
                });
            }
        }
        alive
    }

    /// The side's dead pieces (only a hand-made placement can hold any).
    pub fn dead(&self, side: Side) -> Bits {
        self.occ[side.index()] & !self.alive(side)
    }
}
