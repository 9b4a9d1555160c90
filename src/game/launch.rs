//! What a start of the game asks for: the title screen with the saved games ready to
//! continue, or a game at once (a command-line game, or the bots' demo). The settings and
//! every board's saved game are read here, so the windowless tests start the game exactly
//! as the program does. Each board says how it resumes (`app::start`); this file names
//! none.

use bevy::prelude::*;

use crate::game::app::persist::Persistence;
use crate::game::app::screen::{GameKind, Resumable, ResumableGames, Screen};
use crate::game::app::settings::PlayerSettings;
use crate::game::app::start::{Given, Starts};
use crate::save::Store;

/// Where the game starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// A menu screen (title or rules); the saved games, if any, wait behind Continue.
    Menu(Screen),
    /// The game given is played at once; its board's saved game is left as it is until
    /// this one replaces it.
    Play,
}

/// The start-up plugin: add it after [`super::plugin`] (or [`super::logic_plugin`]).
#[derive(Debug, Clone)]
pub struct Launch {
    /// Where saves and settings live; `None` reads and writes nothing (demo mode).
    pub store: Option<Store>,
    /// The game to play with [`Start::Play`], or to offer when its board has no saved
    /// game.
    pub game: Option<Given>,
    pub start: Start,
}

impl Plugin for Launch {
    fn build(&self, app: &mut App) {
        let mut persistence = Persistence::new(self.store.clone());
        let settings = persistence.load_settings();
        let played_last = GameKind::from_id(&settings.last_game.0);
        app.insert_resource(PlayerSettings(settings));
        // Every board's saved game is read (a save that cannot be read is reported and
        // protected either way); a game given to play at once replaces its own board's
        // save later.
        let starts = app
            .world()
            .get_resource::<Starts>()
            .cloned()
            .unwrap_or_default();
        let saved: Vec<GameKind> = starts
            .0
            .iter()
            .filter(|s| (s.resume)(app.world_mut(), &mut persistence))
            .map(|s| s.kind)
            .collect();
        let put = |app: &mut App, given: &Given| {
            given.put(app.world_mut());
            if let Some(start) = starts.of(given.kind) {
                (start.shown)(app.world_mut());
            }
        };
        match self.start {
            Start::Play => {
                let kind = self.game.as_ref().map_or(GameKind::default(), |g| g.kind);
                if let Some(given) = &self.game {
                    put(app, given);
                }
                app.insert_state(kind);
                app.insert_state(Screen::Playing);
            }
            Start::Menu(screen) => {
                if let Some(given) = self.game.as_ref().filter(|g| !saved.contains(&g.kind)) {
                    put(app, given);
                }
                // "Continue" goes back to the game played last, or to one saved.
                let last = played_last.filter(|k| saved.contains(k));
                let kind = last.or(saved.first().copied()).unwrap_or_default();
                app.insert_resource(Resumable(!saved.is_empty()));
                app.insert_resource(ResumableGames(saved.into_iter().collect()));
                app.insert_state(kind);
                app.insert_state(screen);
            }
        }
        app.insert_resource(persistence);
    }
}
