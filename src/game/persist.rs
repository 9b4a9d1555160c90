//! Keeping the game and the settings between runs: the game in progress is saved after
//! every change and on quit; settings are saved shortly after they change. The files and
//! their format are in [`crate::save`]; this is where the game calls it.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::bridge::Bridge;
use super::go_bridge::GoBridge;
use super::screen::{ChogoOn, GoOn};
use super::sets::Phase;
use super::settings::PlayerSettings;
use crate::save::{self, GoSavedGame, LastGame, Loaded, SavedGame, Settings, Store};

/// Where the game keeps its files, what it found there and what went wrong.
#[derive(Resource, Debug, Default)]
pub struct Persistence {
    /// `None`: nothing is read or written (demo mode, tests that do not ask for it).
    pub store: Option<Store>,
    /// The bridge version last written to the save.
    saved_version: Option<u64>,
    /// The save could not be read nor moved aside: it is never overwritten by this run.
    blocked: bool,
    /// The same two for the game of Go with chess pieces.
    go_saved_version: Option<u64>,
    go_blocked: bool,
    /// The same for the settings file.
    settings_blocked: bool,
    /// Problems for the player (a corrupt file, a failed write), newest last.
    pub problems: Vec<String>,
}

impl Persistence {
    pub fn new(store: Option<Store>) -> Persistence {
        Persistence {
            store,
            ..Persistence::default()
        }
    }

    /// The saved game, if there is a usable one. An unusable save is moved aside and
    /// reported in [`Persistence::problems`].
    pub fn load_game(&mut self) -> Option<SavedGame> {
        let store = self.store.as_ref()?;
        match save::load_game(store) {
            Loaded::Found(saved) => Some(saved),
            Loaded::Missing => None,
            corrupt => {
                if corrupt.left_in_place() {
                    self.blocked = true;
                }
                self.problems.extend(corrupt.problem("saved game"));
                None
            }
        }
    }

    /// The saved game of Go with chess pieces, if there is a usable one (an unusable one
    /// is moved aside and reported, as Chogo's).
    pub fn load_go_game(&mut self) -> Option<GoSavedGame> {
        let store = self.store.as_ref()?;
        match save::load_go_game(store) {
            Loaded::Found(saved) => Some(saved),
            Loaded::Missing => None,
            corrupt => {
                if corrupt.left_in_place() {
                    self.go_blocked = true;
                }
                self.problems
                    .extend(corrupt.problem("saved game of Go with chess pieces"));
                None
            }
        }
    }

    /// Writes the game of Go with chess pieces now (unless nothing changed since).
    pub fn save_go_game(&mut self, bridge: &GoBridge) {
        if self.go_blocked || self.go_saved_version == Some(bridge.version) {
            return;
        }
        let Some(store) = self.store.as_ref() else {
            return;
        };
        match save::save_go_game(store, &bridge.saved()) {
            Ok(_) => self.go_saved_version = Some(bridge.version),
            Err(e) => {
                let message = format!("The game could not be saved: {e}");
                if self.problems.last() != Some(&message) {
                    self.problems.push(message);
                }
            }
        }
    }

    /// The saved settings, or the defaults (an unusable file is moved aside and reported).
    pub fn load_settings(&mut self) -> Settings {
        let Some(store) = self.store.as_ref() else {
            return Settings::default();
        };
        match save::load_settings(store) {
            Loaded::Found(settings) => settings,
            Loaded::Missing => Settings::default(),
            corrupt => {
                if corrupt.left_in_place() {
                    self.settings_blocked = true;
                }
                self.problems.extend(corrupt.problem("settings file"));
                Settings::default()
            }
        }
    }

    /// Writes the game now (unless nothing changed since the last write).
    pub fn save_game(&mut self, bridge: &Bridge) {
        if self.blocked || self.saved_version == Some(bridge.version) {
            return;
        }
        let Some(store) = self.store.as_ref() else {
            return;
        };
        let saved = SavedGame {
            game: bridge.game.clone(),
            players: bridge.setup.players,
        };
        match save::save_game(store, &saved) {
            Ok(_) => self.saved_version = Some(bridge.version),
            Err(e) => {
                let message = format!("The game could not be saved: {e}");
                if self.problems.last() != Some(&message) {
                    self.problems.push(message);
                }
            }
        }
    }

    fn save_settings(&mut self, settings: &Settings) {
        let Some(store) = self.store.as_ref().filter(|_| !self.settings_blocked) else {
            return;
        };
        if let Err(e) = save::save_settings(store, settings) {
            self.problems
                .push(format!("The settings could not be saved: {e}"));
        }
    }
}

/// Saves the game after every change while it is on the screen.
fn autosave(bridge: Res<Bridge>, mut persistence: ResMut<Persistence>) {
    persistence.save_game(&bridge);
}

/// Saves the game of Go with chess pieces after every change while it is on the screen.
fn autosave_go(bridge: Res<GoBridge>, mut persistence: ResMut<Persistence>) {
    persistence.save_go_game(&bridge);
}

/// "Continue" goes back to the game played last.
fn remember_last(last: LastGame) -> impl FnMut(ResMut<PlayerSettings>) {
    move |mut settings: ResMut<PlayerSettings>| {
        if settings.0.last_game != last {
            settings.0.last_game = last;
        }
    }
}

/// Saves the settings half a second after the last change (a slider drag is one write).
fn save_settings(
    settings: Res<PlayerSettings>,
    time: Res<Time<Real>>,
    mut persistence: ResMut<Persistence>,
    mut seen: Local<Option<Settings>>,
    mut pending: Local<Option<f64>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    // The first settings seen are the ones read at start: nothing to write.
    if seen.is_some_and(|s| s != settings.0) {
        *pending = Some(time.elapsed_secs_f64() + 0.5);
    }
    *seen = Some(settings.0);
    if pending.is_some_and(|at| time.elapsed_secs_f64() >= at) {
        *pending = None;
        persistence.save_settings(&settings.0);
    }
    // The game draws only when asked: the frame that writes them must be asked for (a
    // browser's tab has no save on quitting).
    if pending.is_some() {
        redraw.write(RequestRedraw);
    }
}

/// On quit: the game (if one was on the screen) and the settings are written.
fn save_on_exit(
    mut exits: MessageReader<AppExit>,
    bridge: Res<Bridge>,
    go: Res<GoBridge>,
    settings: Res<PlayerSettings>,
    (chogo_on, go_on): (Option<Res<State<ChogoOn>>>, Option<Res<State<GoOn>>>),
    mut persistence: ResMut<Persistence>,
    mut played: Local<(bool, bool)>,
) {
    played.0 |= chogo_on.is_some();
    played.1 |= go_on.is_some();
    if exits.read().count() == 0 {
        return;
    }
    if played.0 {
        persistence.save_game(&bridge);
    }
    if played.1 {
        persistence.save_go_game(&go);
    }
    if persistence.store.is_some() {
        persistence.save_settings(&settings.0);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Persistence>();
    app.init_resource::<PlayerSettings>();
    // Bevy's window plugin registers it too; a windowless app (the ECS tests) needs it here.
    app.add_message::<RequestRedraw>();
    app.add_systems(
        Update,
        (
            autosave.run_if(in_state(ChogoOn)),
            autosave_go.run_if(in_state(GoOn)),
            save_settings,
        )
            .in_set(Phase::Persist),
    );
    app.add_systems(OnEnter(ChogoOn), remember_last(LastGame::Chogo));
    app.add_systems(OnEnter(GoOn), remember_last(LastGame::GoWithPieces));
    app.add_systems(Last, save_on_exit);
}
