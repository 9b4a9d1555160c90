//! Facts about immediate threats, shared by the greedy bot, the search and the evaluation.

use crate::rules::{Bitboard, Move, Position, Side};

/// Men of `side` that the enemy could capture with one move: one move fills at most one
/// neighbour cell of a man (two neighbours of a cell are never in one rectangle with it
/// out), so only men with at most one empty neighbour are at risk.
pub fn weak(pos: &Position, side: Side) -> Bitboard {
    pos.men(side) - pos.empty().two_neighbours()
}

/// Whether a move's destinations touch one of `targets`: the only moves that can
/// capture them (RULES §5.3).
pub fn touches(mv: Move, targets: Bitboard) -> bool {
    mv.destinations().intersects(targets.neighbours())
}

/// Whether the enemy of `side`, were it to move now, could capture `side`'s king.
pub fn king_capturable(pos: &Position, side: Side) -> bool {
    let Some(king) = pos.king(side) else {
        return false;
    };
    let king_bb = Bitboard::from_cell(king);
    if !weak(pos, side).contains(king) {
        return false;
    }
    let enemy_view = pos.with_turn(!side);
    let mut found = false;
    enemy_view.for_each_legal_move(|mv| {
        if !found && touches(mv, king_bb) {
            let mut next = enemy_view;
            found = next.play_unchecked(mv).contains(king);
        }
    });
    found
}

/// The most men of the side not to move that the side to move can capture with one move:
/// only moves touching their weak men are tried.
pub fn best_capture(pos: &Position) -> u32 {
    let targets = weak(pos, !pos.turn());
    if targets.is_empty() {
        return 0;
    }
    let mut best = 0;
    pos.for_each_legal_move(|mv| {
        if touches(mv, targets) {
            let mut next = *pos;
            best = best.max((next.play_unchecked(mv) & targets).count());
        }
    });
    best
}
