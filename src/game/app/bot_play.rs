//! How bots play in either game: the seed of their choices, and the demo's limits.

use bevy::prelude::*;

/// Settings for bot play: the seed of every choice, and an optional ply count after which
/// bots stop (the demo mode).
#[derive(Resource, Debug, Clone, Copy)]
pub struct BotPlay {
    pub seed: u64,
    pub ply_limit: Option<usize>,
    /// Replaces the search levels' time per move.
    pub time: Option<std::time::Duration>,
    /// The bot waits the settings' pause before its move (the game a person plays); the
    /// demo and the windowless tests play at once.
    pub paced: bool,
}

impl Default for BotPlay {
    fn default() -> BotPlay {
        BotPlay {
            seed: 1,
            ply_limit: None,
            time: None,
            paced: false,
        }
    }
}
