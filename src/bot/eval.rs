//! The static evaluation, built from the game's own ideas: material, enclosure danger
//! (the king's above all), trapped men, mobility and the polis threat.

use super::tactics::weak;
use crate::rules::{Bitboard, BySide, FIFTY_MOVE_PLIES, Position, Side};

/// A pawn is worth 100; the king is worth the game and is handled by the search.
const PAWN: i32 = 100;
const TRAPPED: i32 = 14;
const TEMPO: i32 = 6;
/// The side whose opponent may make the rules' fortress move (a mole drop, a knight's
/// leap or a reposition: every one of its men secure and a city) is about to have its
/// walls broken into.
const POLIS_THREAT: i32 = 45;
/// The mop-up terms ([`mop_up`]): per missing neighbour of the enemy king, and per cell
/// of the mean distance of the leading side's men to it.
const MOP_EDGE: i32 = 25;
const MOP_NEAR: i32 = 8;

/// The position's value for the side to move, in hundredths of a pawn.
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.turn();
    let reach = BySide::from_fn(|side| pos.single_reach(side));
    let value = side_value(pos, me, &reach) - side_value(pos, !me, &reach) + TEMPO;
    // Progress: the fifty-move rule (RULES §6) draws a lead that is not turned into a
    // capture, so a lead counts less the longer the last capture is past: half at the
    // limit. A capture that restarts the count then looks better than shuffling.
    let left = (2 * FIFTY_MOVE_PLIES).saturating_sub(pos.halfmoves()) as i32;
    value * left / (2 * FIFTY_MOVE_PLIES as i32)
}

/// The winning side's plan in an ending (chess programs' "mop-up" evaluation, in this
/// game's terms): when `side` is two men or more ahead, an enemy king on the edge or in
/// a corner needs fewer contacts to be enclosed (RULES §5), and men near it can make
/// them.
fn mop_up(pos: &Position, side: Side) -> i32 {
    let Some(king) = pos.king(!side) else {
        return 0;
    };
    if pos.men_held(side) < pos.men_held(!side) + 2 {
        return 0;
    }
    let men = pos.men(side);
    if men.is_empty() {
        return 0;
    }
    let cells = pos.board().cells();
    let sides = (Bitboard::from_cell(king).neighbours() & cells).count() as i32;
    let distance: i32 = men.map(|c| i32::from(c.distance(king))).sum();
    MOP_EDGE * (4 - sides) - MOP_NEAR * distance / men.count() as i32
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
    value + mop_up(pos, side)
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

    #[test]
    fn a_lead_counts_less_as_the_fifty_move_count_runs() {
        let rules = RuleSet::default();
        let at = |halfmoves: u32| {
            let text = format!("##4##/#P5#/8/3K4/8/#pp1k1p#/##4## b {halfmoves} 60");
            evaluate(&Position::from_text(&text, rules).unwrap())
        };
        let fresh = at(0);
        assert!(fresh > 150, "{fresh}");
        // 120 of 200 left after 80 plies without a capture; half at the limit.
        assert_eq!(at(80), fresh * 120 / 200);
        assert_eq!(at(99), fresh * 101 / 200);
    }

    #[test]
    fn the_side_two_men_ahead_drives_the_enemy_king_to_the_edge() {
        let rules = RuleSet::default();
        let pos = |text: &str| Position::from_text(text, rules).unwrap();
        // Black's king and three pawns against White's king alone.
        let centre = pos("##4##/#6#/8/3K4/8/#pp1k1p#/##4## b 0 20");
        let edge = pos("##4##/#6#/8/K7/8/#pp1k1p#/##4## b 0 20");
        // In the centre: four neighbours to fill, the men 15 cells away in all.
        assert_eq!(mop_up(&centre, Side::Black), -MOP_NEAR * 15 / 4);
        // On the edge: three, though the men are farther (21).
        assert_eq!(mop_up(&edge, Side::Black), MOP_EDGE - MOP_NEAR * 21 / 4);
        assert!(mop_up(&edge, Side::Black) > mop_up(&centre, Side::Black));
        assert!(evaluate(&edge) > evaluate(&centre));
        // The lone king's side has no plan of the kind, and one man ahead is no ending.
        assert_eq!(mop_up(&centre, Side::White), 0);
        let one_ahead = pos("##4##/#6#/8/3K4/8/#1p2k1#/##4## b 0 20");
        assert_eq!(mop_up(&one_ahead, Side::Black), 0);
    }
}
