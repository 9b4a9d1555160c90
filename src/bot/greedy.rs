//! One-ply greedy play.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::tactics::{best_capture, king_capturable};
use super::{Bot, Choice, Request};
use crate::rules::{Move, Opening, Position};

/// Takes a king capture when there is one; otherwise the move with the best immediate
/// material, preferring moves that trap enemy men and avoiding moves that let the
/// opponent capture our king next; ties broken at random.
pub struct Greedy;

/// The greedy score of a move: what it captures, whom it traps, whether it hangs the king.
pub fn greedy_score(pos: &Position, mv: Move) -> i32 {
    let me = pos.turn();
    let mut next = *pos;
    let captured = next.play_unchecked(mv);
    if next.king_captured(!me) && !next.king_captured(me) {
        return 1_000_000;
    }
    if next.king_captured(me) {
        return -1_000_000;
    }
    let mut score = 100 * (captured & pos.men(!me)).count() as i32
        - 100 * (captured & pos.men(me)).count() as i32;
    score += 10 * (next.trapped(!me).count() as i32 - pos.trapped(!me).count() as i32);
    score -= 5 * (next.trapped(me).count() as i32 - pos.trapped(me).count() as i32);
    if king_capturable(&next, me) {
        score -= 100_000;
    }
    // In the drop opening where to drop is the decision (RULES §10.3): not where the
    // enemy's next move captures.
    if matches!(mv, Move::Drop { .. }) && pos.rules().opening == Opening::Drops {
        score -= 100 * best_capture(&next) as i32;
    }
    score
}

impl Bot for Greedy {
    fn choose(&mut self, request: &Request) -> Option<Choice> {
        let mut rng = SmallRng::seed_from_u64(request.seed);
        let pos = request.game.position();
        let moves = request.game.legal_moves();
        let scored: Vec<(Move, i32)> = moves.iter().map(|&m| (m, greedy_score(pos, m))).collect();
        let best = scored.iter().map(|&(_, s)| s).max()?;
        let top: Vec<Move> = scored
            .iter()
            .filter(|&&(_, s)| s == best)
            .map(|&(m, _)| m)
            .collect();
        let mv = top[rng.random_range(0..top.len())];
        Some(Choice {
            mv,
            score: Some(best),
            depth: 1,
            nodes: moves.len() as u64,
            line: vec![mv],
        })
    }
}
