//! Zobrist keys for hashing positions (repetition, transposition tables).

use super::{Cell, Role, Side};

const CELLS: usize = 120;
/// Counts of pawns in hand with a key of their own (RULES §10.3 allows up to 59 on 12×10).
const HAND: usize = 64;
const LEN: usize = 4 * CELLS + 3 + 2 * HAND;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn keys() -> [u64; LEN] {
    let mut out = [0u64; LEN];
    let mut state = 0xC4060_u64;
    let mut i = 0;
    while i < out.len() {
        let (s, k) = splitmix(state);
        state = s;
        out[i] = k;
        i += 1;
    }
    out
}

static KEYS: [u64; LEN] = keys();

#[inline]
pub(crate) fn man(side: Side, role: Role, cell: Cell) -> u64 {
    let kind = side.index() * 2 + (role == Role::King) as usize;
    KEYS[kind * CELLS + cell.index() as usize]
}

#[inline]
pub(crate) fn white_to_move() -> u64 {
    KEYS[4 * CELLS]
}

#[inline]
pub(crate) fn king_in_hand(side: Side) -> u64 {
    KEYS[4 * CELLS + 1 + side.index()]
}

/// The key of `side` holding `pawns` pawns in hand; none for an empty hand, so that every
/// rule set without the drop opening hashes as before.
#[inline]
pub(crate) fn pawns_in_hand(side: Side, pawns: u8) -> u64 {
    match pawns as usize {
        0 => 0,
        n => KEYS[4 * CELLS + 3 + side.index() * HAND + (n % HAND)],
    }
}
