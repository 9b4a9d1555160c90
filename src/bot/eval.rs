//! The static evaluation, built from the game's own ideas: material, enclosure danger
//! (the king's above all), trapped men, mobility and the polis threat.

use super::tactics::weak;
use crate::rules::{Bitboard, BySide, Position, Side};

/// A pawn is worth 100; the king is worth the game and is handled by the search.
const PAWN: i32 = 100;
const TRAPPED: i32 = 14;
const TEMPO: i32 = 6;
/// The side whose opponent may make the rules' fortress move (a mole drop, a knight's
/// leap or a reposition: every one of its men secure and a city) is about to have its
/// walls broken into.
const POLIS_THREAT: i32 = 45;

/// The position's value for the side to move, in hundredths of a pawn.
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.turn();
    let reach = BySide::from_fn(|side| pos.single_reach(side));
    side_value(pos, me, &reach) - side_value(pos, !me, &reach) + TEMPO
}

/// `reach[side]`: the cells `side`'s single moves reach and the men that can make one.
fn side_value(pos: &Position, side: Side, reach: &BySide<(Bitboard, Bitboard)>) -> i32 {
    let men = pos.men(side);
    let enemy = pos.men(!side);
    let empty = pos.empty();
    let cells = pos.board().cells();
    let pawns = men - pos.kings();
    // Pawns still in hand (the drop opening, RULES §10.3) are material too.
    let mut value = PAWN * (pawns.count() as i32 + pos.hand(side).pawns as i32);
    value -= TRAPPED * pos.trapped(side).count() as i32;
    // Enclosure danger: a pawn with at most one free neighbour and enemies around it can
    // be captured by a single enemy arrival; more so with two enemies already there.
    let exposed = weak(pos, side) & pawns & enemy.neighbours();
    value -= 16 * exposed.count() as i32 + 10 * (exposed & enemy.two_neighbours()).count() as i32;
    // The king: how many of its neighbour cells are free, and how many the enemy holds.
    if let Some(king) = pos.king(side) {
        let around = Bitboard::from_cell(king).neighbours() & cells;
        let free = (around & empty).count() as i32;
        let hostile = (around & enemy).count() as i32;
        value -= match free {
            0 => 150 + 50 * hostile,
            1 => 50 + 35 * hostile,
            2 => 10 + 10 * hostile,
            _ => 3 * hostile,
        };
    }
    // Mobility: cells its men can reach with single moves, and men able to move.
    let (cells_reached, movers) = reach[side];
    value += 2 * cells_reached.count() as i32 + 3 * movers.count() as i32;
    // A mole drop needs a city: empty cells next to our men that the enemy cannot reach.
    // The enemy's single moves settle that cheaply before the full check.
    let enemy_reach = reach[!side].0 & empty;
    let unreached = (empty - enemy_reach) & men.neighbours();
    if unreached.any()
        && ((empty - Bitboard::flood(enemy_reach, empty)) & men.neighbours()).any()
        && pos.hand(!side).is_empty()
        && pos.with_turn(!side).mole_available()
    {
        value -= POLIS_THREAT;
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    #[test]
    fn the_start_is_balanced_up_to_tempo() {
        let start = Position::new(RuleSet::default());
        assert_eq!(evaluate(&start), TEMPO);
    }

    #[test]
    fn material_counts() {
        let rules = RuleSet::default();
        let up = Position::from_text("##4##/#P5#/8/3K4/8/#pp1k1p#/##4## b 10 20", rules).unwrap();
        assert!(evaluate(&up) > 150, "{}", evaluate(&up));
    }
}
