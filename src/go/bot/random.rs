//! The random bot: a uniformly random legal drop that neither fills a cell its own side
//! controls nor its own single-cell eye; a pass only when nothing else is left.

use super::eye::Eyes;
use super::{Bot, Choice, Request};
use crate::go::bits::{CELLS, Cell};
use crate::go::game::Game;
use crate::go::moves::Move;
use crate::go::piece::Kind;
use crate::go::playout::Rng;

pub struct RandomBot;

/// The random bot's move in `game` (superko applied), from `rng`.
pub fn random_game_move(game: &Game, eyes: &Eyes, rng: &mut Rng) -> Move {
    let pos = game.position();
    let me = pos.turn();
    let own_area = pos.controlled()[me.index()];
    let mut cells = [Cell::from_index(0); CELLS];
    let mut n = 0;
    for c in pos.empty() & !own_area {
        cells[n] = c;
        n += 1;
    }
    let kinds: Vec<Kind> = pos.rules().pieces.kinds().collect();
    while n > 0 {
        let i = rng.below(n);
        let cell = cells[i];
        n -= 1;
        cells[i] = cells[n];
        if eyes.is_eye(pos, me, cell) {
            continue;
        }
        // Every kind in a random order, so that a cell is refused only when no kind fits.
        let start = rng.below(kinds.len().max(1));
        for k in 0..kinds.len() {
            let mv = Move::Drop {
                kind: kinds[(start + k) % kinds.len()],
                cell,
            };
            if let Ok(played) = pos.play(mv)
                && game.check(mv, &played).is_ok()
            {
                return mv;
            }
        }
    }
    Move::Pass
}

impl Bot for RandomBot {
    fn choose(&mut self, request: &Request) -> Option<Choice> {
        if request.game.outcome().is_some() {
            return None;
        }
        let eyes = Eyes::new(request.game.position());
        let mut rng = Rng::new(request.seed);
        let mv = random_game_move(request.game, &eyes, &mut rng);
        Some(Choice::unsearched(mv))
    }
}
