//! What the priors know before any playout: drops the opponent can capture at once,
//! and the cells near a move.

use super::*;

/// Virtual lost games for a drop of the general engine's sets that the opponent can
/// capture at once ([`capturable_at_once`]), in the node's own and AMAF statistics.
pub(super) const CAPTURABLE_PRIOR: u32 = 30;

/// Virtual lost games for a lone drop on the first two lines
/// ([`Tuning::line_priors`]).
pub(super) const LINE_PRIOR: f32 = 20.0;

/// Virtual games of the policy's priors ([`Tuning::policy_priors`]) for each move.
pub(super) const POLICY_PRIOR_GAMES: f32 = 9.0;
/// The share of them won: a self-atari or a pass below the root (the pass's in its own
/// statistics only, not in AMAF); any other drop; one
/// that matches a 3 × 3 shape; one that puts an opponent's group in atari; one the
/// playouts would answer the last move with (a shape next to it).
pub(super) const POLICY_PRIOR_BAD: f32 = 0.1;
pub(super) const POLICY_PRIOR_OTHER: f32 = 0.4;
pub(super) const POLICY_PRIOR_SHAPE: f32 = 0.6;
pub(super) const POLICY_PRIOR_ATARI: f32 = 0.8;
pub(super) const POLICY_PRIOR_REPLY: f32 = 1.0;

/// The policy's prior for a drop on the empty `v` of `fast` (the position being
/// expanded, on the fast board), the opponent's last drop on `last`: as Fuego's default
/// prior knowledge grades a move (M. Enzenberger et al., GoUctDefaultPriorKnowledge,
/// tuned against GNU Go on 9 × 9), from [`POLICY_PRIOR_BAD`] to [`POLICY_PRIOR_REPLY`].
pub(super) fn policy_prior_rate(fast: &FastGo, v: u16, last: Option<u16>) -> f32 {
    if fast.is_self_atari_drop(v) {
        return POLICY_PRIOR_BAD;
    }
    let shape = fast.is_shape_move(v);
    if shape && last.is_some_and(|l| fast.is_around(l, v)) {
        POLICY_PRIOR_REPLY
    } else if fast.puts_in_atari(v) {
        POLICY_PRIOR_ATARI
    } else if shape {
        POLICY_PRIOR_SHAPE
    } else {
        POLICY_PRIOR_OTHER
    }
}

/// The playouts that set the margin's centre ([`MctsConfig::centre`]) when no kept tree
/// tells it.
pub(super) const CENTRE_AFTER: u32 = 100;

/// Playouts a search counts before it trusts the cells' criticality
/// ([`MctsConfig::criticality`]).
pub(super) const CRIT_PLAYOUTS: u32 = 300;
/// Criticality under this gives no prior.
pub(super) const CRIT_MIN: f32 = 0.05;
/// Virtual games won for a drop on a cell of criticality 1 (it reaches ½ at most: a cell
/// either side holds half the time that always goes with the win).
pub(super) const CRIT_GAMES: f32 = 40.0;

/// The virtual games won for a drop on a cell of criticality `c`.
pub(super) fn crit_prior(c: f32) -> f32 {
    if c < CRIT_MIN {
        0.0
    } else {
        CRIT_GAMES * c.min(0.5)
    }
}

/// With the centre, the margin's share of the value for a side to move that wins under
/// [`LOSING_RATE`] of the playouts ([`MctsConfig::centre`]).
pub(super) const LOSING_WEIGHT: f64 = 0.3;
pub(super) const LOSING_RATE: f64 = 0.2;

/// The margin's share of the value, `weight` as set, for a side to move that won `won`
/// of the playouts so far.
pub(super) fn losing_weight(weight: f64, won: f64) -> f64 {
    if won < LOSING_RATE {
        weight.max(LOSING_WEIGHT)
    } else {
        weight
    }
}

/// Virtual games for a drop's learnt 3 × 3 pattern ([`MctsConfig::pattern_priors`]).
pub(super) const PATTERN_PRIOR: f32 = 10.0;

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

/// For the priors with ladders read ([`MctsConfig::ladders`]) in a position of a set the
/// fast board plays: the last liberties of the mover's groups in atari where extending
/// does not save the group, and the ataris that catch an opponent's group of two
/// liberties in a ladder, each with the group's size.
pub(super) fn ladder_cells(pos: &Position) -> (Bits, Vec<(Cell, u32)>) {
    let mut doomed = Bits::EMPTY;
    let mut kills = Vec::new();
    let Some(fast) = FastGo::from_position(pos) else {
        return (doomed, kills);
    };
    let Some(adj) = pos.rules().pieces.go_adjacency() else {
        return (doomed, kills);
    };
    let me = pos.turn();
    let empty = pos.empty();
    for side in [me, !me] {
        for group in pos.pieces(side).strings(adj) {
            let libs = group.adjacent(adj) & empty;
            let Some(c) = group.iter().next() else {
                continue;
            };
            let v = FastGo::index(c);
            if side == me {
                if libs.count() == 1 && !fast.can_escape(v, LADDER_DEPTH) {
                    doomed |= libs;
                }
            } else if libs.count() == 2
                && let Some(a) = fast.ladder_attack(v, LADDER_DEPTH)
            {
                kills.push((Cell::from_index(a as usize), group.count()));
            }
        }
    }
    (doomed, kills)
}

/// What the tree's tactical reading found at a node ([`MctsConfig::reading`]): the
/// moves that save one of the mover's strings the opponent could capture, or capture an
/// opponent's string it could otherwise save, each with the stones at stake; and the
/// liberties of the mover's threatened strings that do not save them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reading {
    pub good: Vec<(Cell, u32)>,
    pub futile: Bits,
}

/// Strings of fewer stones than this are not read.
const READ_MIN_STONES: u16 = 2;

/// Virtual games won for a move the reading finds decides a string: this, and
/// [`READ_PRIOR_STONE`] more for each of its stones (up to 10).
pub(super) const READ_PRIOR: u32 = 20;
pub(super) const READ_PRIOR_STONE: u32 = 4;

/// Reads every string of [`READ_MIN_STONES`] stones or more with at most
/// [`crate::go::fast::READ_LIBS`] liberties in `pos` (a set the fast board plays):
/// one of the mover's that the opponent, moving first, would capture
/// ([`FastGo::captures_group`]) is saved by the moves after which it no longer can
/// (among its liberties, and the liberties of the opponent's strings next to it with
/// as few); an opponent's that the mover, moving first, captures and the opponent,
/// moving first, would keep is taken by the moves after which the opponent cannot keep
/// it (among its liberties).
pub fn read_strings(pos: &Position) -> Reading {
    let mut reading = Reading::default();
    let Some(fast) = FastGo::from_position(pos) else {
        return reading;
    };
    let Some(adj) = pos.rules().pieces.go_adjacency() else {
        return reading;
    };
    let me = pos.turn();
    let empty = pos.empty();
    let mut passed = fast.clone();
    passed.pass();
    for side in [me, !me] {
        for string in pos.pieces(side).strings(adj) {
            let libs = string.adjacent(adj) & empty;
            let size = string.count();
            if size < READ_MIN_STONES as u32 || libs.count() > crate::go::fast::READ_LIBS as u32 {
                continue;
            }
            let Some(c) = string.iter().next() else {
                continue;
            };
            let v = FastGo::index(c);
            let mut tries = libs;
            let decides = if side == me {
                if !passed.captures_group(v, READ_DEPTH) {
                    continue;
                }
                // The opponent's strings next to it with no more liberties.
                let theirs = pos.pieces(!me);
                let mut near = string.adjacent(adj) & theirs;
                while let Some(t) = near.iter().next() {
                    let other = Bits::from_cell(t).flood_by(theirs, adj);
                    near &= !other;
                    let their_libs = other.adjacent(adj) & empty;
                    if their_libs.count() <= libs.count() {
                        tries |= their_libs;
                    }
                }
                true
            } else {
                if !fast.captures_group(v, READ_DEPTH) || !passed.keeps_group(v, READ_DEPTH) {
                    continue;
                }
                false
            };
            // After the mover's move the opponent is to move.
            let decides = |b: &FastGo| {
                if decides {
                    !b.captures_group(v, READ_DEPTH)
                } else {
                    !b.keeps_group(v, READ_DEPTH)
                }
            };
            for m in tries {
                let mv = FastGo::index(m);
                if !fast.is_legal(mv) {
                    continue;
                }
                let mut b = fast.clone();
                b.play(mv);
                if decides(&b) {
                    reading.good.push((m, size));
                } else if side == me && libs.contains(m) {
                    reading.futile.insert(m);
                }
            }
        }
    }
    // A move good for one string is not futile for another.
    for &(m, _) in &reading.good {
        reading.futile.remove(m);
    }
    reading
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::rules::Rules;

    fn at(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn the_policy_priors_grade_each_drop() {
        // Black to move after White's e5. e4 is MoGo's hane next to it, the playouts'
        // answer; c7 the same shape far from it; h1 puts White's j1 in atari; a1 is a
        // self-atari of two stones (b1's last liberty); h5 has nothing around it.
        let text = "9/1rR6/9/9/3rR4/9/9/1R7/1rR5R b 0 0 0 - 1";
        let pos = Position::from_text(text, Rules::default()).unwrap();
        let fast = FastGo::from_position(&pos).unwrap();
        let rate = |name: &str| {
            policy_prior_rate(
                &fast,
                FastGo::index(at(name)),
                Some(FastGo::index(at("e5"))),
            )
        };
        assert_eq!(rate("e4"), POLICY_PRIOR_REPLY);
        assert_eq!(rate("c7"), POLICY_PRIOR_SHAPE);
        assert_eq!(rate("h1"), POLICY_PRIOR_ATARI);
        assert_eq!(rate("a1"), POLICY_PRIOR_BAD);
        assert_eq!(rate("h5"), POLICY_PRIOR_OTHER);
        // Without a last drop, the hane is a shape like any other.
        assert_eq!(
            policy_prior_rate(&fast, FastGo::index(at("e4")), None),
            POLICY_PRIOR_SHAPE
        );
    }

    #[test]
    fn ladder_priors_see_the_extension_that_fails_and_the_atari_that_catches() {
        // White's c4 between Black's b4, c5 and d5: Black's atari on c3 starts a ladder
        // that works (tests/go.rs has the reading itself).
        let black =
            Position::from_text("9/9/9/9/2rr5/1rR6/9/9/9 b 0 0 0 - 1", Rules::default()).unwrap();
        let (doomed, kills) = ladder_cells(&black);
        assert_eq!(doomed, Bits::EMPTY);
        assert_eq!(kills, vec![(at("c3"), 1)]);
        // After it, White's extension to d4 saves nothing.
        let white = black
            .play(Move::Drop {
                kind: Kind::Rook,
                cell: at("c3"),
            })
            .unwrap()
            .position;
        let (doomed, kills) = ladder_cells(&white);
        assert_eq!(doomed, Bits::from_cell(at("d4")));
        assert!(kills.is_empty());
    }
}
