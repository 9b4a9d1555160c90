//! Keeping the games and the settings between runs: a board's game in progress is saved
//! after every change and on quit; settings are saved shortly after they change. The
//! files and their format are in [`crate::save`]; this is where the game calls it. Each
//! board registers its game here ([`register`]) with what [`SavedBoard`] says of it.

use std::collections::HashMap;
use std::io;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::game::app::screen::GameKind;
use crate::game::app::sets::Phase;
use crate::game::app::settings::PlayerSettings;
use crate::save::{self, LastGame, Loaded, Settings, Store};

/// Where the game keeps its files, what it found there and what went wrong.
#[derive(Resource, Debug, Default)]
pub struct Persistence {
    /// `None`: nothing is read or written (demo mode, tests that do not ask for it).
    pub store: Option<Store>,
    /// Each board's save by its file name: the version last written, and whether it is
    /// blocked (it could not be read nor moved aside: never overwritten by this run).
    saves: HashMap<&'static str, SaveState>,
    /// The same for the settings file.
    settings_blocked: bool,
    /// Problems for the player (a corrupt file, a failed write), newest last.
    pub problems: Vec<String>,
}

#[derive(Debug, Default, Clone, Copy)]
struct SaveState {
    version: Option<u64>,
    blocked: bool,
}

/// A board's rules bridge as the saves see it.
pub trait SavedBoard: Resource {
    /// The save's file name in the store.
    const FILE: &'static str;
    /// What the save is called in a problem: "saved game".
    const WHAT: &'static str;
    /// The board's game: what "Continue" remembers when this board comes on the screen.
    const KIND: GameKind;
    /// Increases with every change of the game.
    fn version(&self) -> u64;
    /// Writes the game into the store.
    fn write(&self, store: &Store) -> io::Result<PathBuf>;
}

impl Persistence {
    pub fn new(store: Option<Store>) -> Persistence {
        Persistence {
            store,
            ..Persistence::default()
        }
    }

    /// Board `B`'s saved game, if there is a usable one (`read` reads it from the store).
    /// An unusable save is moved aside and reported in [`Persistence::problems`]; one
    /// that could not be moved is never overwritten by this run.
    pub fn load<B: SavedBoard, T>(&mut self, read: impl FnOnce(&Store) -> Loaded<T>) -> Option<T> {
        let store = self.store.as_ref()?;
        match read(store) {
            Loaded::Found(saved) => Some(saved),
            Loaded::Missing => None,
            corrupt => {
                if corrupt.left_in_place() {
                    self.saves.entry(B::FILE).or_default().blocked = true;
                }
                self.problems.extend(corrupt.problem(B::WHAT));
                None
            }
        }
    }

    /// Writes a board's game now (unless nothing changed since the last write).
    pub fn save_board<B: SavedBoard>(&mut self, board: &B) {
        let state = self.saves.entry(B::FILE).or_default();
        if state.blocked || state.version == Some(board.version()) {
            return;
        }
        let Some(store) = self.store.as_ref() else {
            return;
        };
        match board.write(store) {
            Ok(_) => state.version = Some(board.version()),
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

/// Saves a board's game after every change while it is on the screen.
fn autosave<B: SavedBoard>(board: Res<B>, mut persistence: ResMut<Persistence>) {
    persistence.save_board(&*board);
}

/// On quit: a board's game, if it was ever on the screen, is written.
fn save_board_on_exit<B: SavedBoard, S: States>(
    mut exits: MessageReader<AppExit>,
    board: Res<B>,
    on: Option<Res<State<S>>>,
    screen: Option<Res<State<super::screen::Screen>>>,
    mut persistence: ResMut<Persistence>,
    mut played: Local<bool>,
) {
    // A lesson's or a puzzle's game is not the player's: their own was saved before it.
    let coached = screen.is_some_and(|s| s.get().coaches());
    *played |= on.is_some() && !coached;
    if exits.read().count() > 0 && *played && !coached {
        persistence.save_board(&*board);
    }
}

/// A board's game is kept while the board's state `on` holds: saved after every change
/// and on quit, and remembered as the game to continue.
pub fn register<B: SavedBoard, S: States>(app: &mut App, on: S) {
    app.add_systems(
        Update,
        autosave::<B>
            .run_if(in_state(on.clone()).and_then(not(super::screen::coaching)))
            .in_set(Phase::Persist),
    );
    app.add_systems(OnEnter(on), remember_last(B::KIND));
    app.add_systems(
        Last,
        save_board_on_exit::<B, S>.before(save_settings_on_exit),
    );
}

/// "Continue" goes back to the game played last.
fn remember_last(
    kind: GameKind,
) -> impl FnMut(ResMut<PlayerSettings>, Res<State<super::screen::Screen>>) {
    move |mut settings: ResMut<PlayerSettings>, screen: Res<State<super::screen::Screen>>| {
        if !screen.get().coaches() && settings.0.last_game.0 != kind.id() {
            settings.0.last_game = LastGame::new(kind.id());
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
    if seen.as_ref() != Some(&settings.0) {
        if seen.is_some() {
            *pending = Some(time.elapsed_secs_f64() + 0.5);
        }
        *seen = Some(settings.0.clone());
    }
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

/// On quit: the settings are written.
fn save_settings_on_exit(
    mut exits: MessageReader<AppExit>,
    settings: Res<PlayerSettings>,
    mut persistence: ResMut<Persistence>,
) {
    if exits.read().count() > 0 && persistence.store.is_some() {
        persistence.save_settings(&settings.0);
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Persistence>();
    app.init_resource::<PlayerSettings>();
    // Bevy's window plugin registers it too; a windowless app (the ECS tests) needs it here.
    app.add_message::<RequestRedraw>();
    app.add_systems(Update, save_settings.in_set(Phase::Persist));
    app.add_systems(Last, save_settings_on_exit);
}
