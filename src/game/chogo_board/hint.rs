//! Hints: on request, the search's best move for the person to move is marked on the
//! board (the shared `app::bot_turn` asks Chogo's plain search: `bot_player`).

use crate::rules::Game;

pub use crate::game::app::bot_turn::AskHint;

/// Chogo's hint: the move found for a game version, or a search under way.
pub type Hint = crate::game::app::bot_turn::Hint<Game>;
