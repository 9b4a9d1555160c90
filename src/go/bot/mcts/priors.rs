//! What the priors know before any playout: drops the opponent can capture at once,
//! and the cells near a move.

use super::*;

/// Virtual lost games for a drop of the general engine's sets that the opponent can
/// capture at once ([`capturable_at_once`]), in the node's own and AMAF statistics.
pub(super) const CAPTURABLE_PRIOR: u32 = 30;

/// Whether the side to move in `pos` can capture the piece on `cell` with one drop.
/// Only the drops that can leave the piece no move of its own are tried: on one of its
/// moves (a slider's nearest ones), on a mao's leg, or anywhere when it has no move (it
/// lives by defending).
pub(super) fn capturable_at_once(pos: &Position, cell: Cell) -> bool {
    let Some(piece) = pos.piece_at(cell) else {
        return false;
    };
    let geo = pos.geometry();
    let occupied = pos.occupied();
    let empty = pos.empty();
    let moves = geo.moves(piece.kind, piece.side, cell, &occupied);
    let candidates = match piece.kind {
        _ if moves.is_empty() => empty,
        // A drop on a leg blocks two jumps.
        Kind::Mao => moves | (Bits::from_cell(cell).neighbours() & empty),
        // A drop on a line's first cell blocks the whole line.
        Kind::Rook | Kind::Bishop | Kind::Queen => {
            moves & geo.moves(Kind::King, piece.side, cell, &occupied)
        }
        // A step or jump: one drop takes one move away.
        _ if moves.count() >= 2 => return false,
        _ => moves,
    };
    for d in candidates {
        if moves.any()
            && geo
                .moves(
                    piece.kind,
                    piece.side,
                    cell,
                    &(occupied | Bits::from_cell(d)),
                )
                .any()
        {
            continue;
        }
        for kind in pos.rules().pieces.kinds() {
            if pos
                .play(Move::Drop { kind, cell: d })
                .is_ok_and(|p| p.captured.contains(cell))
            {
                return true;
            }
        }
    }
    false
}

/// The line of `cell` from the board's nearest edge (1 the edge itself). On the
/// dabbabas' and alfils' lattices, lines of the lattice: 1 + the fewest jumps along one
/// direction of the adjacency before the next would leave the playable cells.
pub(super) fn edge_distance(geo: &Geometry, cell: Cell, adjacency: Adjacency) -> u32 {
    match adjacency {
        Adjacency::Orthogonal | Adjacency::Diagonal => {
            let (f, r) = (cell.file() as u32, cell.rank() as u32);
            let (files, ranks) = (geo.board.files() as u32, geo.board.ranks() as u32);
            1 + f.min(r).min(files - 1 - f).min(ranks - 1 - r)
        }
        Adjacency::Dabbaba | Adjacency::Alfil => adjacency
            .steps()
            .into_iter()
            .map(|(df, dr)| {
                let mut n = 0;
                let mut at = cell;
                while let Some(next) = at.offset(df, dr).filter(|c| geo.playable.contains(*c)) {
                    n += 1;
                    at = next;
                }
                1 + n
            })
            .min()
            .unwrap_or(1),
    }
}

/// The cells within `d` steps of `cell` (in the sense of the adjacency), `cell` included.
pub(super) fn around(cell: Cell, d: u32, adjacency: Adjacency) -> Bits {
    let mut out = Bits::from_cell(cell);
    for _ in 0..d {
        out |= out.adjacent(adjacency);
    }
    out
}
