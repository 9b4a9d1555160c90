//! Random playouts: the simplest legal bot, and what Monte Carlo search stands on.

use super::bits::{Bits, CELLS, Cell};
use super::moves::Move;
use super::piece::Kind;
use super::position::Position;

/// A small, fast random number generator (xorshift64*), seedable for reproducible games.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`n` > 0).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Whether `cell` is an empty cell all of whose neighbours on the board are the side to
/// move's pieces: its own single-cell eye, which the random bot never fills. Neighbours
/// in the sense of a set that plays as Go does (a dabbaba's are two cells away), else
/// the orthogonal ones.
#[inline]
pub fn is_own_eye(pos: &Position, cell: Cell) -> bool {
    let around = match pos.rules().pieces.go_adjacency() {
        Some(adj) => Bits::from_cell(cell).adjacent(adj) & pos.geometry().playable,
        None => Bits::from_cell(cell).neighbours() & pos.geometry().cells,
    };
    let own = pos.pieces(pos.turn());
    (around & !own).is_empty()
}

/// The random bot's move: a uniformly random legal drop (of a random kind of the set)
/// that does not fill its own single-cell eye; a pass when there is none.
pub fn random_move(pos: &Position, rng: &mut Rng) -> Move {
    let mut cells = [Cell::from_index(0); CELLS];
    let mut n = 0;
    for c in pos.empty() {
        cells[n] = c;
        n += 1;
    }
    let kinds = pos.rules().pieces;
    let mut pool = [Kind::Rook; Kind::COUNT];
    let mut k = 0;
    for kind in kinds.kinds() {
        pool[k] = kind;
        k += 1;
    }
    while n > 0 {
        let i = rng.below(n);
        let cell = cells[i];
        let kind = pool[rng.below(k.max(1))];
        if !is_own_eye(pos, cell) && pos.is_legal_drop(kind, cell) {
            return Move::Drop { kind, cell };
        }
        n -= 1;
        cells[i] = cells[n];
    }
    Move::Pass
}

/// Plays random moves from `pos` until two passes end the game, or `max_moves` moves
/// (a basic-ko cycle can be endless); returns the final position and the moves played.
pub fn playout(pos: &Position, rng: &mut Rng, max_moves: usize) -> (Position, usize) {
    let mut pos = *pos;
    let mut played = 0;
    while !pos.is_over() && played < max_moves {
        let mv = random_move(&pos, rng);
        match pos.play(mv) {
            Ok(p) => pos = p.position,
            Err(_) => break,
        }
        played += 1;
    }
    (pos, played)
}
