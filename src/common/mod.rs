//! What both games share below their engines: the sides, cell names, the game interface
//! ([`Playable`]) that the match runner, the command line and the app are written
//! against, the bots' decision seeds and the answer of a search job ([`Thought`]).
//! Imports nothing else of the crate.

pub mod arena;
pub mod cell_name;
mod play;
mod player;
mod seed;
mod side;
mod thought;

pub use play::{Playable, Verdict};
pub use player::Player;
pub use seed::decision_seed;
pub use side::{BySide, ParseSideError, Side};
pub use thought::{Score, Thought};
