//! The greedy bot: one ply, the best immediate result — its captures less the largest
//! capture the opponent could answer with, then the score change (GO_RULES §4) — with
//! seeded tie-breaking. Pieces left with two liberties or fewer count half a point
//! against it; ties go, with moving pieces, to a drop, then the pass, then a step, then to
//! the move next to more empty cells. When the opponent has passed and the score as it
//! stands wins, it passes and so ends the game.

use super::eye::Eyes;
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

/// The side's pieces in groups of two liberties or fewer: what a random opponent could
/// capture within two moves, which one ply does not see. With rooks and wazirs these are
/// Go's groups; with other sets, pieces linked through their one-step neighbourhood
/// ([`Eyes::around`]: kings' eight cells, knights' jumps, …) and the empty cells of that
/// neighbourhood, an approximation of the rule book's defence chains.
fn short_of_liberties(pos: &Position, side: crate::common::Side, eyes: &Eyes) -> u32 {
    let own = pos.pieces(side);
    let empty = pos.empty();
    let mut seen = Bits::EMPTY;
    let mut count = 0;
    for c in own {
        if seen.contains(c) {
            continue;
        }
        let (group, libs) = if pos.rules().pieces.orthogonal() {
            let group = Bits::from_cell(c).flood(own);
            (group, group.neighbours() & empty)
        } else {
            let mut group = Bits::from_cell(c);
            let mut libs = Bits::EMPTY;
            let mut stack = vec![c];
            while let Some(x) = stack.pop() {
                let around = eyes.around(x);
                libs |= around & empty;
                for y in around & own & !group {
                    group.insert(y);
                    stack.push(y);
                }
            }
            (group, libs)
        };
        seen |= group;
        if libs.count() <= 2 {
            count += group.count();
        }
    }
    count
}

/// The tie-break when the score does not move (an open board controls nothing): empty
/// cells next to the side's pieces and not the opponent's, less the opponent's.
fn influence(pos: &Position, side: crate::common::Side, eyes: &Eyes) -> i64 {
    let empty = pos.empty();
    let near = |s: crate::common::Side| {
        if pos.rules().pieces.orthogonal() {
            pos.pieces(s).neighbours() & empty
        } else {
            let mut out = Bits::EMPTY;
            for c in pos.pieces(s) {
                out |= eyes.around(c);
            }
            out & empty
        }
    };
    let (mine, theirs) = (near(side), near(!side));
    (mine & !theirs).count() as i64 - (theirs & !mine).count() as i64
}

/// A move's rank: not seen before, net captures, score change, drop before pass before
/// step (with moving pieces), influence, random.
type Key = (i64, i64, f64, i64, i64, u64);

impl Bot for Greedy {
    fn choose(&mut self, request: &Request) -> Option<Choice> {
        let game = request.game;
        if game.outcome().is_some() {
            return None;
        }
        let pos = game.position();
        let me = pos.turn();
        let moving = pos.rules().moving;
        // When the opponent passed and the score as it stands wins: end the game. Else a
        // drop among the opponent's cells, which takes them from its count for a ply,
        // looks like a gain, and the bot went on invading while the person passed (with
        // moving pieces there is always a step to make, and steps that change nothing
        // kept such games going to the move limit).
        if let Some(pass) = Choice::pass_to_win(pos, None) {
            return Some(pass);
        }
        let mut rng = Rng::new(request.seed);
        let eyes = Eyes::new(pos);
        let mut best: Option<(Key, Move)> = None;
        game.for_each_legal_move(|mv, played| {
            let gain = played.captured.count() as i64 - best_capture(&played.position) as i64;
            let score = played.position.score();
            let diff = score[me.index()]
                - score[(!me).index()]
                - 0.5 * short_of_liberties(&played.position, me, &eyes) as f64;
            // A placement seen before walks toward the repetition draw: the last resort.
            let fresh = i64::from(mv == Move::Pass || !game.seen(&played.position));
            // With moving pieces, between moves of the same result a drop comes first,
            // then the pass, then a step: every piece on the board can move, defend and
            // capture later, a side that only steps while the other drops is
            // outnumbered, and a step that changes nothing only keeps the game going.
            let kind_rank = match mv {
                _ if !moving => 0,
                Move::Drop { .. } => 2,
                Move::Pass => 1,
                Move::Step { .. } => 0,
            };
            let key = (
                fresh,
                gain,
                diff,
                kind_rank,
                influence(&played.position, me, &eyes),
                rng.next_u64(),
            );
            let better = match &best {
                None => true,
                Some((k, _)) => {
                    let (a, b) = (
                        (key.0, key.1, key.2, key.3, key.4),
                        (k.0, k.1, k.2, k.3, k.4),
                    );
                    a.partial_cmp(&b).is_some_and(|o| o.is_gt()) || (a == b && key.5 > k.5)
                }
            };
            if better {
                best = Some((key, mv));
            }
        });
        best.map(|(_, mv)| Choice::unsearched(mv))
    }
}
