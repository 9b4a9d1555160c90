//! The position editor of Go with chess pieces: the set-up lives in the bridge
//! (`GoBridge::edit`), shown on the board instead of the game; clicks on the board put
//! pieces or empty cells, and the shared editor panel (`app::editor`) sets the side to
//! move, the rules and the text, and starts a game from the set-up.

use bevy::prelude::*;

use super::GoOn;
use super::bridge::GoBridge;
use crate::game::app::editor::{self, Brush, EditBrush, EditedBoard};
use crate::go::bot::Level;
use crate::go::{Piece, Position, Rules};
use crate::rules::Side;

/// Whether the position editor is open.
pub fn editing(bridge: Res<GoBridge>) -> bool {
    bridge.edit.is_some()
}

/// The brushes for these rules (each kind of the set for each side, then "empty"), with
/// the piece each puts.
pub fn brushes(rules: &Rules) -> Vec<(Brush, Option<Piece>)> {
    editor::brush_list(|side| {
        rules
            .pieces
            .kinds()
            .map(|kind| (kind.name(), Piece::new(side, kind)))
            .collect()
    })
}

/// The piece a click with the chosen brush puts on a cell that holds `there` (the same
/// piece again takes it off).
pub fn put_by_brush(rules: &Rules, brush: EditBrush, there: Option<Piece>) -> Option<Piece> {
    editor::brush_put(&brushes(rules), brush, there)
}

/// The bots a game from the set-up may be played against.
const LEVELS: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Master];

impl EditedBoard for crate::go::Game {
    const ID: &'static str = "go";
    const RULES_HELP: &'static str = "The board (5 to 19, or a Chogo board such as chogo-44), \
                                      then options: pieces=RB, moving, superko, komi=6.5";

    /// Capitalised, as the new game dialog names them.
    fn levels() -> Vec<(Level, String)> {
        let names = ["Easy", "Medium", "Hard", "Master"];
        LEVELS
            .iter()
            .zip(names)
            .map(|(l, n)| (*l, n.to_string()))
            .collect()
    }

    fn brushes(set_up: &Position) -> Vec<(Brush, Option<Piece>)> {
        brushes(set_up.rules())
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
        text.parse::<Rules>()
            .map(Position::new)
            .map_err(|e| e.to_string())
    }

    fn read_position(text: &str, set_up: &Position) -> Result<Position, String> {
        Position::from_text(text, *set_up.rules()).map_err(|e| e.to_string())
    }

    fn cleared(set_up: &Position) -> Position {
        set_up.cleared()
    }

    /// The game starts from the empty board.
    fn start_of(set_up: &Position) -> Position {
        set_up.cleared()
    }
}

pub(super) fn plugin(app: &mut App) {
    crate::game::app::editor::register::<crate::go::Game, _>(app, GoOn);
}
