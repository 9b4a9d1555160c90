//! The greedy bot: one ply, the best immediate result — its captures less the largest
//! capture the opponent could answer with, then the score change (GO_RULES §4) — with
//! seeded tie-breaking.

use super::{Bot, Choice, Request};
use crate::go::bits::{Bits, CELLS};
use crate::go::moves::Move;
use crate::go::playout::Rng;
use crate::go::position::Position;

pub struct Greedy;

/// The most pieces the side to move can capture with one drop.
pub fn best_capture(pos: &Position) -> u32 {
    if pos.is_over() {
        return 0;
    }
    let me = pos.turn();
    let empty = pos.empty();
    if pos.rules().pieces.orthogonal() {
        // Groups of the opponent whose last liberty is one cell fall to a drop there.
        let theirs = pos.pieces(!me);
        let mut gain = [0u32; CELLS];
        let mut seen = Bits::EMPTY;
        for c in theirs {
            if seen.contains(c) {
                continue;
            }
            let group = Bits::from_cell(c).flood(theirs);
            seen |= group;
            let libs = group.neighbours() & empty;
            if libs.count() == 1
                && let Some(l) = libs.first()
            {
                gain[l.index()] += group.count();
            }
        }
        let mut best = 0;
        for l in empty {
            let g = gain[l.index()];
            if g > best
                && pos
                    .rules()
                    .pieces
                    .kinds()
                    .any(|kind| pos.is_legal_drop(kind, l))
            {
                best = g;
            }
        }
        return best;
    }
    let mut best = 0;
    for cell in empty {
        for kind in pos.rules().pieces.kinds() {
            if let Ok(p) = pos.play(Move::Drop { kind, cell }) {
                best = best.max(p.captured.count());
            }
        }
    }
    best
}

impl Bot for Greedy {
    fn choose(&mut self, request: &Request) -> Option<Choice> {
        let game = request.game;
        if game.outcome().is_some() {
            return None;
        }
        let me = game.position().turn();
        let mut rng = Rng::new(request.seed);
        let mut best: Option<((i64, f64, u64), Move)> = None;
        game.for_each_legal_move(|mv, played| {
            let gain = played.captured.count() as i64 - best_capture(&played.position) as i64;
            let score = played.position.score();
            let diff = score[me.index()] - score[(!me).index()];
            let key = (gain, diff, rng.next_u64());
            let better = match &best {
                None => true,
                Some((k, _)) => {
                    (key.0, key.1)
                        .partial_cmp(&(k.0, k.1))
                        .is_some_and(|o| o.is_gt())
                        || ((key.0, key.1) == (k.0, k.1) && key.2 > k.2)
                }
            };
            if better {
                best = Some((key, mv));
            }
        });
        best.map(|(_, mv)| Choice {
            mv,
            playouts: 0,
            winrate: None,
            visits: 0,
        })
    }
}
