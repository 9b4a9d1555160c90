//! The game of Go with chess pieces in the saves: what is written after every change, and
//! read at start.

use std::io;
use std::path::PathBuf;

use crate::game::app::persist::{Persistence, SavedBoard};
use crate::game::app::screen::GameKind;
use crate::game::app::start::BoardStart;
use crate::game::go_board::GoFlipped;
use crate::game::go_board::bridge::GoBridge;
use crate::save::{self, GoSavedGame, Store};

impl SavedBoard for GoBridge {
    const FILE: &'static str = save::GO_SAVE_FILE;
    const WHAT: &'static str = "saved game of Go with chess pieces";
    const KIND: GameKind = GameKind::Go;

    fn version(&self) -> u64 {
        self.version
    }

    fn write(&self, store: &Store) -> io::Result<PathBuf> {
        save::save_go_game(store, &self.saved())
    }
}

impl Persistence {
    /// The saved game of Go with chess pieces, if there is a usable one (an unusable one
    /// is moved aside and reported, as Chogo's).
    pub fn load_go_game(&mut self) -> Option<GoSavedGame> {
        self.load::<GoBridge, _>(save::load_go_game)
    }
}

/// The part of the start of Go with chess pieces: its saved game resumed, the board seen
/// from the side its person plays.
pub(super) fn start() -> BoardStart {
    BoardStart {
        kind: GameKind::Go,
        resume: |world, persistence| match persistence.load_go_game() {
            Some(saved) => {
                world.insert_resource(GoFlipped::for_players(saved.players));
                world.insert_resource(GoBridge::resume(saved));
                true
            }
            None => false,
        },
        shown: |world| {
            let players = world.get_resource::<GoBridge>().map(|b| b.setup.players);
            if let Some(players) = players {
                world.insert_resource(GoFlipped::for_players(players));
            }
        },
    }
}
