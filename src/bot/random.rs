//! Random moves, optionally biased to captures.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::{Bot, Choice, Request};

/// Picks uniformly among the legal moves; with probability `capture_bias` it picks among
/// the capturing moves instead, when there are any.
pub struct RandomBot {
    capture_bias: f64,
}

impl RandomBot {
    pub fn new(capture_bias: f64) -> RandomBot {
        RandomBot { capture_bias }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, request: &Request) -> Option<Choice> {
        let mut rng = SmallRng::seed_from_u64(request.seed);
        let pos = request.game.position();
        let moves = request.game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let mut pool: Vec<_> = moves.to_vec();
        if self.capture_bias > 0.0 && rng.random_bool(self.capture_bias.min(1.0)) {
            let captures: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&m| pos.play(m).is_ok_and(|(_, c)| c.any()))
                .collect();
            if !captures.is_empty() {
                pool = captures;
            }
        }
        let mv = pool[rng.random_range(0..pool.len())];
        Some(Choice {
            mv,
            score: None,
            depth: 0,
            nodes: moves.len() as u64,
            line: vec![mv],
        })
    }
}
