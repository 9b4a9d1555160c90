//! What the board says about a position in words: the fortress move and how to make it,
//! the hands of the drop opening, the hopeless side's warning. Plain text over the rules
//! (no Bevy), for the game's panel and the rule book's diagrams alike.

use crate::common::counted;
use crate::rules::{Fortress, Opening, Position, Side};

/// Polis in words: which fortress move the side to move may make (RULES §7, §10.2).
pub fn polis_words(pos: &Position) -> String {
    let side = pos.turn();
    match pos.rules().fortress {
        Fortress::Knight => {
            format!("Polis: {side} may leap a man like a knight into the tinted city cells.")
        }
        Fortress::Reposition => {
            format!(
                "Polis: {side} may pick up any man of {} and set it down anywhere.",
                !side
            )
        }
        Fortress::Mole | Fortress::NoHiding => {
            format!("Polis: {side} may drop a mole (on the tinted cells).")
        }
    }
}

/// The Polis badge's words: which fortress move is available (RULES §7, §10.2).
pub fn polis_badge(pos: &Position) -> &'static str {
    match pos.rules().fortress {
        Fortress::Knight => "a knight's leap into a city",
        Fortress::Reposition => "a reposition of an enemy man",
        Fortress::Mole | Fortress::NoHiding => "a mole drop",
    }
}

/// How to make the fortress move that is available (RULES §7, §10.2).
pub fn polis_how(pos: &Position) -> String {
    match pos.rules().fortress {
        Fortress::Knight => {
            "Pick an untrapped man of yours, then a tinted city cell a knight's leap away.".into()
        }
        Fortress::Reposition => format!("Pick any man of {}, then any empty cell.", !pos.turn()),
        Fortress::Mole | Fortress::NoHiding => {
            "Pick an untrapped man of yours, then a tinted city cell.".into()
        }
    }
}

/// The hopeless side's warning (RULES §10.4) while the rule has not ended the game: the
/// side in the hopeless shape loses as soon as the enemy king stands safe. Both sides
/// may be in it at once (either may then lose first).
pub fn hopeless_words(pos: &Position) -> Option<String> {
    if pos.hopeless_side().is_some() {
        return None;
    }
    let weak: Vec<Side> = [pos.turn(), !pos.turn()]
        .into_iter()
        .filter(|&s| pos.in_hopeless_shape(s))
        .collect();
    match weak[..] {
        [] => None,
        [side] => {
            let pawns = pos.men(side).count().saturating_sub(1) as usize;
            Some(format!(
                "{side} has its king and {}: it loses when {}'s king has four neighbour \
                 cells, none of them {}",
                counted(pawns, "man", "men"),
                !side,
                !side
            ))
        }
        _ => Some(
            "Both sides have a king and two men or fewer: the first whose enemy's king has \
             four neighbour cells, none of them the enemy's, loses"
                .into(),
        ),
    }
}

/// What each side still holds in the drop opening (RULES §10.3): "In hand: Black 5 men
/// and the king, White 6 men and the king".
pub fn hands_line(pos: &Position) -> Option<String> {
    if pos.rules().opening != Opening::Drops || !pos.is_drop_phase() {
        return None;
    }
    let hand = |side: Side| {
        let h = pos.hand(side);
        let men = counted(h.pawns as usize, "man", "men");
        match (h.pawns, h.king) {
            (0, true) => format!("{side} its king"),
            (_, true) => format!("{side} {men} and the king"),
            (0, false) => format!("{side} none"),
            (_, false) => format!("{side} {men}"),
        }
    };
    Some(format!(
        "In hand: {}, {}",
        hand(Side::Black),
        hand(Side::White)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::game::chogo_board::picking::position_under as at;

    #[test]
    fn the_hopeless_side_is_warned_only_under_its_rule() {
        // Black: its king on h3 and two pawns; White's king on a4 (an edge cell).
        let text = "##P2P##/#6#/P7/K7/7k/#6#/##pp2## w 0 40";
        let resign = at("chogo-44,hopeless=resign", text);
        assert_eq!(
            hopeless_words(&resign).as_deref(),
            Some(
                "Black has its king and 2 men: it loses when White's king has four \
                 neighbour cells, none of them White"
            )
        );
        assert_eq!(hopeless_words(&at("chogo-44", text)), None);
        // A third pawn: not hopeless.
        let three = at(
            "chogo-44,hopeless=resign",
            "##P2P##/#6#/P7/K7/7k/#5p#/##pp2## w 0 40",
        );
        assert_eq!(hopeless_words(&three), None);
        // Both sides in the shape: both are warned, whoever is to move.
        for turn in ["w", "b"] {
            let both = at(
                "chogo-44,hopeless=resign",
                &format!("##P3##/#6#/P7/K7/7k/#6#/##pp2## {turn} 0 40"),
            );
            assert!(hopeless_words(&both).is_some_and(|w| w.starts_with("Both sides")));
        }
        // Once the rule has ended the game there is nothing to warn of.
        let over = at(
            "chogo-44,hopeless=resign",
            "##P2P##/#6#/P7/3K4/7k/#6#/##pp2## w 0 40",
        );
        assert!(over.hopeless_side().is_some());
        assert_eq!(hopeless_words(&over), None);
    }

    /// "In hand" names every side's hand, an empty one too.
    #[test]
    fn the_hands_are_listed_empty_or_not() {
        let rules = "chogo-44,opening=drops,men=1";
        let pos = at(rules, "##4##/#6#/8/3p4/8/#6#/##4##[PKk] w 1 1");
        assert_eq!(
            hands_line(&pos).as_deref(),
            Some("In hand: Black its king, White 1 man and the king")
        );
        let pos = at(rules, "##4##/#6#/8/3pP3/3k4/#6#/##4##[K] w 3 2");
        assert_eq!(
            hands_line(&pos).as_deref(),
            Some("In hand: Black none, White its king")
        );
    }

    #[test]
    fn the_reposition_says_whose_man_to_click() {
        let pos = at(
            "chogo-44,fortress=reposition",
            "##P2P##/#6#/P7/K7/7k/#6#/##pp2## w 0 40",
        );
        assert_eq!(
            polis_how(&pos),
            "Pick any man of Black, then any empty cell."
        );
        assert_eq!(polis_badge(&pos), "a reposition of an enemy man");
    }
}
