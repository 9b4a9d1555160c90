//! Chogo's position editor: the set-up lives in the bridge (`Bridge::edit`), shown on the
//! board instead of the game; clicks on the board put men or empty cells, and the shared
//! editor panel (`app::editor`) sets the side to move, the kings in hand, the rules and
//! the text, and starts a game from the set-up.

use bevy::prelude::*;

use crate::bot::Level;
use crate::game::app::editor::{self, Brush, EditBrush, EditedBoard};
use crate::game::chogo_board::ChogoOn;
use crate::game::chogo_board::bridge::{Bridge, Edit};
use crate::rules::{Hand, Man, Position, Role, RuleSet, Side};

/// Whether the position editor is open.
pub fn editing(bridge: Res<Bridge>) -> bool {
    bridge.edit.is_some()
}

/// The brushes for these rules (each side's man, and king where the rules have kings,
/// then "empty"), with the man each puts.
pub fn brushes(rules: &RuleSet) -> Vec<(Brush, Option<Man>)> {
    let kings = rules.has_kings();
    editor::brush_list(|side| {
        let mut men = vec![("man", Man::new(side, Role::Pawn))];
        if kings {
            men.push(("king", Man::new(side, Role::King)));
        }
        men
    })
}

/// The man a click with the chosen brush puts on a cell that holds `there` (the same man
/// again takes it off).
pub fn put_by_brush(rules: &RuleSet, brush: EditBrush, there: Option<Man>) -> Option<Man> {
    editor::brush_put(&brushes(rules), brush, there)
}

/// The levels a game from the set-up may be played against (the title and new game
/// dialogs' list).
const LEVELS: [Level; 5] = [
    Level::Beginner,
    Level::Easy,
    Level::Medium,
    Level::Hard,
    Level::Master,
];

impl EditedBoard for crate::rules::Game {
    const ID: &'static str = "chogo";
    const RULES_HELP: &'static str = "A preset (chogo-44, chogo-large, neto) and options, as in \
                                      chogo-44,king=rook or 12x10,opening=drops,men=8 (the \
                                      rule book, §10)";

    fn levels() -> Vec<(Level, String)> {
        LEVELS.iter().map(|l| (*l, l.title().to_string())).collect()
    }

    fn brushes(set_up: &Position) -> Vec<(Brush, Option<Man>)> {
        brushes(set_up.rules())
    }

    /// Each side's king in hand, when kings are dropped.
    fn switches(set_up: &Position) -> Vec<(String, bool)> {
        let rules = set_up.rules();
        if !(rules.kings_dropped() && rules.has_kings()) {
            return Vec::new();
        }
        Side::BOTH
            .iter()
            .map(|&s| (format!("{s}'s king in hand"), set_up.hand(s).king))
            .collect()
    }

    fn switch(set_up: &Position, i: usize) -> Option<Edit> {
        let side = *Side::BOTH.get(i)?;
        let hand = set_up.hand(side);
        Some(Edit::Hand(
            side,
            Hand {
                king: !hand.king,
                ..hand
            },
        ))
    }

    fn to_move(set_up: &Position) -> Side {
        set_up.turn()
    }

    fn rules_text(set_up: &Position) -> String {
        set_up.rules().to_string()
    }

    fn position_text(set_up: &Position) -> String {
        set_up.to_string()
    }

    fn read_rules(text: &str) -> Result<Position, String> {
        let rules = text.parse::<RuleSet>().map_err(|e| e.to_string())?;
        rules.validate().map_err(|e| e.to_string())?;
        Ok(Position::new(rules))
    }

    fn read_position(text: &str, set_up: &Position) -> Result<Position, String> {
        Position::from_text(text, *set_up.rules()).map_err(|e| e.to_string())
    }

    fn cleared(set_up: &Position) -> Position {
        set_up.cleared()
    }

    fn start_of(set_up: &Position) -> Position {
        Position::new(*set_up.rules())
    }
}

pub(crate) fn plugin(app: &mut App) {
    crate::game::app::editor::register::<crate::rules::Game, _>(app, ChogoOn);
}
