//! What a start of the game asks for: the title screen with the saved game ready to
//! continue, or a game at once (a command-line game, or the bots' demo). The settings and
//! the saved game are read here, so the windowless tests start the game exactly as the
//! program does.

use bevy::prelude::*;

use super::bridge::Bridge;
use super::persist::Persistence;
use super::screen::{Resumable, Screen};
use super::settings::PlayerSettings;
use crate::save::Store;

/// Where the game starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// A menu screen (title or rules); the saved game, if any, waits behind Continue.
    Menu(Screen),
    /// The game given is played at once; a saved game is left as it is until this one
    /// replaces it.
    Play,
}

/// The start-up plugin: add it after [`super::plugin`] (or [`super::logic_plugin`]).
#[derive(Debug, Clone)]
pub struct Launch {
    /// Where saves and settings live; `None` reads and writes nothing (demo mode).
    pub store: Option<Store>,
    /// The game to play, or to offer when there is no saved game.
    pub bridge: Bridge,
    pub start: Start,
}

impl Plugin for Launch {
    fn build(&self, app: &mut App) {
        let mut persistence = Persistence::new(self.store.clone());
        app.insert_resource(PlayerSettings(persistence.load_settings()));
        match self.start {
            Start::Play => {
                // The saved game gives way to this one, but a save that cannot be read is
                // reported and protected, as from the title screen.
                let _ = persistence.load_game();
                app.insert_resource(self.bridge.clone());
                app.insert_state(Screen::Playing);
            }
            Start::Menu(screen) => {
                match persistence.load_game() {
                    Some(saved) => {
                        app.insert_resource(Bridge::resume(saved));
                        app.insert_resource(Resumable(true));
                    }
                    None => {
                        app.insert_resource(self.bridge.clone());
                    }
                }
                app.insert_state(screen);
            }
        }
        app.insert_resource(persistence);
    }
}
