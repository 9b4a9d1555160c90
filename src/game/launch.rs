//! What a start of the game asks for: the title screen with the saved game ready to
//! continue, or a game at once (a command-line game, or the bots' demo). The settings and
//! the saved game are read here, so the windowless tests start the game exactly as the
//! program does.

use bevy::prelude::*;

use crate::game::app::persist::Persistence;
use crate::game::app::screen::{GameKind, Resumable, ResumableGames, Screen};
use crate::game::app::settings::PlayerSettings;
use crate::game::chogo_board::bridge::Bridge;
use crate::game::go_board::GoFlipped;
use crate::game::go_board::bridge::GoBridge;
use crate::save::{LastGame, Store};

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
    /// A game of Go with chess pieces instead: played at once with [`Start::Play`].
    pub go: Option<GoBridge>,
    pub start: Start,
}

impl Plugin for Launch {
    fn build(&self, app: &mut App) {
        let mut persistence = Persistence::new(self.store.clone());
        let settings = persistence.load_settings();
        app.insert_resource(PlayerSettings(settings));
        // Both saved games are read (a save that cannot be read is reported and protected
        // either way); a game given to play at once replaces its own kind's save later.
        let chogo = persistence.load_game();
        let go = persistence.load_go_game();
        match self.start {
            Start::Play => {
                app.insert_resource(self.bridge.clone());
                match &self.go {
                    Some(bridge) => {
                        app.insert_resource(bridge.clone());
                        app.insert_resource(GoFlipped::for_players(bridge.setup.players));
                        app.insert_state(GameKind::Go);
                    }
                    None => {
                        app.insert_resource(go.map(GoBridge::resume).unwrap_or_default());
                        app.insert_state(GameKind::Chogo);
                    }
                }
                app.insert_state(Screen::Playing);
            }
            Start::Menu(screen) => {
                // "Continue" goes back to the game played last, or to the one saved.
                let kind = match (settings.last_game, chogo.is_some(), go.is_some()) {
                    (LastGame::GoWithPieces, _, true) | (_, false, true) => GameKind::Go,
                    _ => GameKind::Chogo,
                };
                app.insert_resource(Resumable(chogo.is_some() || go.is_some()));
                let saved = [
                    (GameKind::Chogo, chogo.is_some()),
                    (GameKind::Go, go.is_some()),
                ];
                app.insert_resource(ResumableGames(
                    saved
                        .into_iter()
                        .filter(|&(_, s)| s)
                        .map(|(k, _)| k)
                        .collect(),
                ));
                if let Some(saved) = &go {
                    app.insert_resource(GoFlipped::for_players(saved.players));
                }
                app.insert_resource(chogo.map_or_else(|| self.bridge.clone(), Bridge::resume));
                app.insert_resource(
                    go.map(GoBridge::resume)
                        .unwrap_or_else(|| self.go.clone().unwrap_or_default()),
                );
                app.insert_state(kind);
                app.insert_state(screen);
            }
        }
        app.insert_resource(persistence);
    }
}
