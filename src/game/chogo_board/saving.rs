//! Chogo's game in the saves: what is written after every change, and read at start.

use std::io;
use std::path::PathBuf;

use crate::game::app::persist::{Persistence, SavedBoard};
use crate::game::app::screen::GameKind;
use crate::game::app::start::BoardStart;
use crate::game::chogo_board::bridge::Bridge;
use crate::save::{self, SavedGame, Store};

impl SavedBoard for Bridge {
    const FILE: &'static str = save::SAVE_FILE;
    const WHAT: &'static str = "saved game";
    const KIND: GameKind = GameKind::Chogo;

    fn version(&self) -> u64 {
        self.version
    }

    fn write(&self, store: &Store) -> io::Result<PathBuf> {
        let saved = SavedGame {
            game: self.game.clone(),
            players: self.setup.players,
            series: self.setup.series,
        };
        save::save_game(store, &saved)
    }
}

impl Persistence {
    /// The saved Chogo game, if there is a usable one. An unusable save is moved aside
    /// and reported in [`Persistence::problems`].
    pub fn load_game(&mut self) -> Option<SavedGame> {
        self.load::<Bridge, _>(save::load_game)
    }
}

/// Chogo's part of the start: its saved game resumed.
pub(super) fn start() -> BoardStart {
    BoardStart {
        kind: GameKind::Chogo,
        resume: |world, persistence| match persistence.load_game() {
            Some(saved) => {
                world.insert_resource(Bridge::resume(saved));
                true
            }
            None => false,
        },
        // The board is turned by a new or loaded game only (`face_the_player`).
        shown: |_| {},
    }
}
