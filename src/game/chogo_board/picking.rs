//! What a picked-up selection of men can do: its destinations, the moves they mean, and
//! why a man cannot move. Pure selection logic over the rules (no Bevy): the board's
//! input and the rules screen's diagrams both stand on it.

use crate::rules::{Bitboard, Cell, Fortress, Move, Position, Rect};

/// The men a person has picked up, and the one whose destination names the move.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    pub cells: Bitboard,
    pub anchor: Option<Cell>,
    /// The man on top of the hand is picked up (drop phase).
    pub hand: bool,
}

impl Selection {
    /// Men picked up by clicks, the last one being `anchor`.
    pub fn of(cells: Bitboard, anchor: Option<Cell>) -> Selection {
        Selection {
            cells,
            anchor,
            hand: false,
        }
    }
}

/// The cells the selection can move to, and those of them where the move captures (for
/// the board's markers and the rules screen's diagrams).
pub fn destinations(pos: &Position, selection: &Selection) -> (Bitboard, Bitboard) {
    let mut targets = Bitboard::EMPTY;
    let mut captures = Bitboard::EMPTY;
    for (cell, mv) in selection_moves(pos, selection) {
        targets.insert(cell);
        let mut after = *pos;
        if after.play_unchecked(mv).any() {
            captures.insert(cell);
        }
    }
    (targets, captures)
}

/// What the selection can do: each target cell of the anchor and the move it means.
pub fn selection_moves(pos: &Position, selection: &Selection) -> Vec<(Cell, Move)> {
    let legal = pos.legal_moves();
    if pos.is_drop_phase() {
        return legal
            .iter()
            .filter_map(|&m| match m {
                Move::Drop { to } => Some((to, m)),
                _ => None,
            })
            .collect();
    }
    let Some(anchor) = selection.anchor else {
        return Vec::new();
    };
    if selection.cells.count() == 1 {
        let mut out: Vec<(Cell, Move)> = legal
            .iter()
            .filter_map(|&m| match m {
                Move::Single { from, to } if from == anchor => Some((to, m)),
                _ => None,
            })
            .collect();
        // A mole drop to a cell a single move also reaches is the same result: the
        // single move is offered.
        for &m in &legal {
            if let Move::MoleDrop { from, to } = m
                && from == anchor
                && !out.iter().any(|(c, _)| *c == to)
            {
                out.push((to, m));
            }
        }
        return out;
    }
    let Some(rect) = bounding_rect(selection.cells) else {
        return Vec::new();
    };
    if rect.cells() != selection.cells {
        return Vec::new();
    }
    legal
        .iter()
        .filter_map(|&m| match m {
            Move::Tandem { from, to } if from == rect => {
                let df = to.min.file() as i32 - from.min.file() as i32;
                let dr = to.min.rank() as i32 - from.min.rank() as i32;
                Some((anchor.offset(df, dr)?, m))
            }
            _ => None,
        })
        .collect()
}

fn bounding_rect(cells: Bitboard) -> Option<Rect> {
    let first = cells.first()?;
    Some(cells.fold(Rect::spanning(first, first), |r, c| {
        Rect::spanning(
            Cell::new(r.min.file().min(c.file()), r.min.rank().min(c.rank())),
            Cell::new(r.max.file().max(c.file()), r.max.rank().max(c.rank())),
        )
    }))
}

/// Whether a person may pick up the man on `cell`: a man of the side to move, or an enemy
/// man while the rules' reposition is available (RULES §10.2).
pub fn pickable(pos: &Position, cell: Cell) -> bool {
    match pos.man_at(cell) {
        Some(man) if man.side == pos.turn() => true,
        Some(_) => pos.rules().fortress == Fortress::Reposition && pos.mole_available(),
        None => false,
    }
}

/// The cells tinted as cities: where the side to move's fortress move may land (the mole
/// drop's and the knight's cities, RULES §7, §10.2); none while it has no such move (the
/// game is over, or no man of its own could make it, as with no men left under
/// `kings=none`), and none for the reposition, which sets the enemy man down on any
/// empty cell.
pub fn city_tint(pos: &Position) -> Bitboard {
    if pos.rules().fortress == Fortress::Reposition || !pos.mole_available() {
        return Bitboard::EMPTY;
    }
    pos.mole_drop_cells().unwrap_or_default()
}

/// A position read from `text` under the rules `rules` (the board's tests).
#[cfg(test)]
pub(crate) fn position_under(rules: &str, text: &str) -> Position {
    let rules: crate::rules::RuleSet = rules.parse().expect("test rules");
    Position::from_text(text, rules).expect("test position")
}

/// Why the man picked up alone cannot move, with its cell: the reason the panel keeps
/// while it stays picked up (none for a block, the hand, or a man with moves).
pub fn picked_reason(pos: &Position, selection: &Selection) -> Option<(Cell, String)> {
    let cell = selection.cells.first()?;
    if selection.hand || selection.cells.count() != 1 {
        return None;
    }
    why_stuck(pos, cell).map(|why| (cell, why))
}

/// Why the man on `cell` cannot move, if it cannot.
pub fn why_stuck(pos: &Position, cell: Cell) -> Option<String> {
    let man = pos.man_at(cell)?;
    // An enemy man a reposition may take is not stuck for the player (RULES §10.2): it
    // is picked up, trapped or not.
    if man.side != pos.turn() && pickable(pos, cell) {
        return None;
    }
    if let Some((a, b)) = pos.trappers(cell) {
        let alone = if man.side == pos.turn() {
            " and cannot move alone"
        } else {
            ""
        };
        return Some(format!("{cell} is trapped between {a} and {b}{alone}"));
    }
    if man.side != pos.turn() || pos.is_drop_phase() {
        return None;
    }
    let moves = pos.legal_moves();
    let with_it: Vec<_> = moves
        .iter()
        .filter(|m| m.origins().contains(cell))
        .collect();
    if with_it.is_empty() {
        if pos.hiding() {
            // RULES §10.2: its moves exist but would leave every man of its side secure.
            // Short enough for the panel's two-line notice at 900 × 700 (the whole text
            // would only show on hovering the panel, and leaving the man withdraws it).
            return Some(format!(
                "{cell} cannot move: each move leaves all your men secure (no-hiding)"
            ));
        }
        return Some(format!("{cell} is hemmed in: no move, alone or in a block"));
    }
    // Only in a block: name the men it can go with (selecting it alone shows no move).
    if with_it.iter().all(|m| m.origins().count() > 1) {
        let mut partners = Bitboard::EMPTY;
        for m in with_it {
            partners |= m.origins();
        }
        partners.set(cell, false);
        let names: Vec<String> = partners.into_iter().map(|c| c.to_string()).collect();
        return Some(format!(
            "{cell} cannot move alone, only in a block (with {}): shift-click to add men to it",
            names.join(", ")
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    fn select(cells: &[&str], anchor: &str) -> Selection {
        Selection {
            cells: cells.iter().map(|c| c.parse::<Cell>().unwrap()).collect(),
            anchor: Some(anchor.parse().unwrap()),
            hand: false,
        }
    }

    fn targets(pos: &Position, selection: &Selection) -> Vec<String> {
        let mut v: Vec<String> = selection_moves(pos, selection)
            .iter()
            .map(|(c, m)| format!("{c}:{m}"))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_selected_man_offers_its_moves_and_the_enemy_cities() {
        // White walls off c6–f7; Black may mole-drop (RULES §7).
        let pos = Position::from_text(
            "##1K2##/#P4P#/1pPPPP2/2p5/8/#3k2#/##4## b 10 20",
            RuleSet::default(),
        )
        .unwrap();
        let t = targets(&pos, &select(&["e2"], "e2"));
        assert!(t.contains(&"e3:e2-e3".to_string()));
        assert!(t.contains(&"c6:e2>c6".to_string()));
        assert_eq!(t.iter().filter(|m| m.contains('>')).count(), 7);
    }

    #[test]
    fn a_block_follows_its_anchor_and_the_drop_phase_offers_drop_cells() {
        let start = Position::new(RuleSet::default());
        assert_eq!(selection_moves(&start, &Selection::default()).len(), 18);
        let pos = Position::from_text(
            "##PPPP##/#P4P#/P3K2P/8/p2k3p/#p4p#/##pppp## b 2 2",
            RuleSet::default(),
        )
        .unwrap();
        // The block e1–f1 anchored on f1: f1 lands on f2 … f4 (White's king on e5 stops
        // the block's e-file man).
        let t = targets(&pos, &select(&["e1", "f1"], "f1"));
        assert_eq!(t.len(), 3);
        assert!(t.contains(&"f4:ef1-ef4".to_string()));
        // Anchored on e1 the same moves are offered on the e-file.
        assert!(targets(&pos, &select(&["e1", "f1"], "e1")).contains(&"e4:ef1-ef4".to_string()));
        // Men that do not form a solid rectangle offer nothing.
        assert!(targets(&pos, &select(&["c1", "e1"], "e1")).is_empty());
    }

    #[test]
    fn stuck_men_say_why() {
        let pos = Position::from_text(
            "##4##/#5K#/8/1PpP4/8/#3k2#/##4## b 10 20",
            RuleSet::default(),
        )
        .unwrap();
        assert_eq!(
            why_stuck(&pos, "c4".parse().unwrap()).as_deref(),
            Some("c4 is trapped between b4 and d4 and cannot move alone")
        );
        assert_eq!(why_stuck(&pos, "e2".parse().unwrap()), None);
        // a3 has the edge, a missing cell, an enemy and its friend around it: it moves
        // only with b3, which may move alone too.
        let pos = Position::from_text(
            "##4##/#5K#/8/P7/pp6/#3k2#/##4## b 10 20",
            RuleSet::default(),
        )
        .unwrap();
        assert_eq!(
            why_stuck(&pos, "a3".parse().unwrap()).as_deref(),
            Some("a3 cannot move alone, only in a block (with b3): shift-click to add men to it")
        );
        assert_eq!(why_stuck(&pos, "b3".parse().unwrap()), None);
    }

    #[test]
    fn an_enemy_man_a_reposition_may_take_is_not_called_trapped_nor_cities_tinted() {
        // White to move; Black's c4 is trapped between White's b4 and d4, and c1,
        // walled in by Black's c2 and d1, is a Black city.
        let text = "##4##/#5K#/8/1PpP4/8/#1p1k2#/##1p2## w 10 20";
        let c4: Cell = "c4".parse().unwrap();
        let plain = Position::from_text(text, RuleSet::default()).unwrap();
        assert_eq!(
            why_stuck(&plain, c4).as_deref(),
            Some("c4 is trapped between b4 and d4")
        );
        assert!(!pickable(&plain, c4));
        // With the reposition (into any city) White may pick it up and set it down.
        let rules: RuleSet = "chogo-44,fortress=reposition,mole=city".parse().unwrap();
        let repositioning = Position::from_text(text, rules).unwrap();
        assert!(pickable(&repositioning, c4));
        assert_eq!(why_stuck(&repositioning, c4), None);
        // Its man may go to any empty cell: no city is tinted as if it were the target.
        assert_eq!(city_tint(&repositioning), Bitboard::EMPTY);
        // The mole drop into any city tints c1, the city.
        let mole: RuleSet = "chogo-44,mole=city".parse().unwrap();
        let dropping = Position::from_text(text, mole).unwrap();
        assert_eq!(
            city_tint(&dropping),
            Bitboard::from_cell("c1".parse().unwrap())
        );
        assert_eq!(city_tint(&plain), Bitboard::EMPTY);
        // Without kings, White's last man taken: White has no move and has lost, so no
        // cell is tinted (every region next to Black's men would be a city of Black's).
        let no_kings: RuleSet = "chogo-44,opening=drops,kings=none".parse().unwrap();
        let over = Position::from_text("##4##/#6#/8/8/p7/#6#/##4## w 0 21", no_kings).unwrap();
        assert!(over.mole_drop_cells().is_ok_and(|c| c.any()));
        assert_eq!(city_tint(&over), Bitboard::EMPTY);
    }

    #[test]
    fn a_man_held_by_no_hiding_says_so_in_two_panel_lines() {
        // White to move, every White man secure: the king on d7 may step to d6 only
        // when that leaves a man of White's insecure, and it does not.
        let rules: RuleSet = "chogo-44,fortress=no-hiding".parse().unwrap();
        let text = "##1K2##/#P4P#/1pPPPP2/2p5/8/#3k2#/##4## w 10 20";
        let pos = Position::from_text(text, rules).unwrap();
        let d7: Cell = "d7".parse().unwrap();
        let why = why_stuck(&pos, d7).unwrap();
        assert!(
            why.starts_with("d7 cannot move") && why.ends_with("(no-hiding)"),
            "{why}"
        );
        // The panel's notice shows two lines of about 35 characters at 900 × 700.
        assert!(why.chars().count() <= 70, "{why}");
    }

    /// The reason kept while a man is picked up is its own, and only while it is picked
    /// up alone: a block with it, a man that can move and the hand have none.
    #[test]
    fn only_a_man_picked_up_alone_keeps_its_reason() {
        let rules: RuleSet = "chogo-44,fortress=no-hiding".parse().unwrap();
        let text = "##1K2##/#P4P#/1pPPPP2/2p5/8/#3k2#/##4## w 10 20";
        let pos = Position::from_text(text, rules).unwrap();
        let (cell, why) = picked_reason(&pos, &select(&["d7"], "d7")).unwrap();
        assert_eq!(cell.to_string(), "d7");
        assert!(
            why.starts_with("d7 cannot move") && why.ends_with("(no-hiding)"),
            "{why}"
        );
        assert_eq!(picked_reason(&pos, &select(&["c5"], "c5")), None);
        assert_eq!(picked_reason(&pos, &select(&["c5", "d5"], "d5")), None);
        assert_eq!(picked_reason(&pos, &Selection::default()), None);
        // A man that moves only in a block keeps the advice until the block is made.
        let pos = Position::from_text(
            "##4##/#5K#/8/P7/pp6/#3k2#/##4## b 10 20",
            RuleSet::default(),
        )
        .unwrap();
        let lone = picked_reason(&pos, &select(&["a3"], "a3"));
        assert!(lone.is_some_and(|(_, w)| w.contains("only in a block")));
        assert_eq!(picked_reason(&pos, &select(&["a3", "b3"], "b3")), None);
    }
}
