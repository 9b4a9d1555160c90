//! The player's settings file.

use std::io;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::{Loaded, SETTINGS_FILE, SaveError, Store, load};

/// The look of the board and men.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum ThemeName {
    /// Warm wood, black and white men.
    #[default]
    Wood,
    /// Strong contrast; the sides differ by marking as well as colour, and the marker
    /// colours are safe for colour-blind players.
    HighContrast,
}

impl ThemeName {
    pub const ALL: [ThemeName; 2] = [ThemeName::Wood, ThemeName::HighContrast];

    pub fn title(self) -> &'static str {
        match self {
            ThemeName::Wood => "Wood",
            ThemeName::HighContrast => "High contrast",
        }
    }
}

/// The player's settings, kept between runs. Missing fields take their defaults, so older
/// files still load.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// 0 to 1.
    pub volume: f32,
    pub muted: bool,
    /// 0.5 (slow) to 3 (fast).
    pub animation_speed: f32,
    pub theme: ThemeName,
    /// Mark the cells a picked man can reach.
    pub show_legal_moves: bool,
    pub show_coordinates: bool,
    /// The game "Continue" goes back to: the one played last.
    pub last_game: LastGame,
    /// Go with chess pieces: rooks drawn as Go stones instead of chess rooks.
    pub rooks_as_stones: bool,
    /// Go with chess pieces: the board's files lettered as Go programs write them (`A`–`T`
    /// without `I`, as GTP), not as the rule book and the records do (`a`, `b`, … `i`).
    pub go_letters: bool,
    /// The lessons' stars and the puzzles' ratings, each game's by its id (`chogo`, `go`).
    pub learning: std::collections::BTreeMap<String, Learning>,
    /// The computer's pause before its move, in milliseconds (0 to
    /// [`Settings::MAX_BOT_PAUSE_MS`]): counted from the end of the move before, so that
    /// a move and its answer are seen one after the other.
    pub bot_pause_ms: u32,
    /// The game server online games are played on (a WebSocket address).
    pub server: String,
    /// The seat of the online game played last, while it may be going on: "Play online"
    /// offers to rejoin it, after a restart too.
    pub online_seat: Option<OnlineSeat>,
}

/// A seat in a room of a game server: enough to take it again (`rejoin`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct OnlineSeat {
    pub server: String,
    pub code: String,
    pub token: String,
}

/// What a player has learnt of one game: the stars of each lesson stage, the puzzle
/// rating, the puzzles solved and the last few tried.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Learning {
    /// The best stars (1 to 3) of each stage reached, by the stage's id.
    pub stars: std::collections::BTreeMap<String, u8>,
    /// The puzzle rating, `None` before the first puzzle.
    pub rating: Option<crate::learn::Rating>,
    /// The puzzles tried (solved or not), by id: they are not offered again.
    pub done: Vec<String>,
    /// The last puzzles tried, the newest last.
    pub history: Vec<PuzzleTried>,
}

/// One puzzle tried, for the history.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct PuzzleTried {
    pub id: String,
    /// Solved without a wrong move, a hint or the solution.
    pub solved: bool,
    /// The player's rating after it.
    pub rating: f64,
}

impl Learning {
    /// How many puzzles the history keeps.
    pub const HISTORY: usize = 12;

    /// Keeps the stars of a stage reached, when more than before.
    pub fn reached(&mut self, stage: &str, stars: u8) {
        let best = self.stars.entry(stage.to_string()).or_insert(0);
        *best = (*best).max(stars);
    }

    /// Counts a puzzle tried: the rating after it, the puzzle done, the history.
    pub fn tried(&mut self, id: &str, solved: bool, rating: crate::learn::Rating) {
        self.rating = Some(rating);
        if !self.done.iter().any(|d| d == id) {
            self.done.push(id.to_string());
        }
        self.history.push(PuzzleTried {
            id: id.to_string(),
            solved,
            rating: rating.rating,
        });
        let over = self.history.len().saturating_sub(Self::HISTORY);
        self.history.drain(..over);
    }
}

/// Which game was played last, as the game names it (`chogo`, `go`; `go-with-pieces` in
/// earlier files). Chogo's saves from before the second game say nothing, and mean Chogo.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
#[serde(transparent)]
pub struct LastGame(pub String);

impl Default for LastGame {
    fn default() -> LastGame {
        LastGame::new("chogo")
    }
}

impl LastGame {
    pub fn new(id: &str) -> LastGame {
        LastGame(id.to_string())
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            volume: 0.7,
            muted: false,
            animation_speed: 1.0,
            theme: ThemeName::Wood,
            show_legal_moves: true,
            show_coordinates: true,
            last_game: LastGame::default(),
            rooks_as_stones: false,
            go_letters: false,
            learning: std::collections::BTreeMap::new(),
            bot_pause_ms: 500,
            server: Settings::DEFAULT_SERVER.to_string(),
            online_seat: None,
        }
    }
}

impl Settings {
    /// The game server's address before the player sets one: a server on this machine
    /// (`chogo-server --listen 127.0.0.1:9000`).
    pub const DEFAULT_SERVER: &'static str = "ws://127.0.0.1:9000";
    /// The longest pause the settings allow the computer before its move.
    pub const MAX_BOT_PAUSE_MS: u32 = 3000;

    pub fn to_text(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads settings; numbers out of range are an error, not silently changed.
    pub fn from_text(text: &str) -> Result<Settings, SaveError> {
        let settings: Settings =
            serde_json::from_str(text).map_err(|e| SaveError::NotThisFile {
                what: "Chogo settings",
                detail: e.to_string(),
            })?;
        if !(0.0..=1.0).contains(&settings.volume) {
            return Err(SaveError::Volume(settings.volume));
        }
        if !(0.5..=3.0).contains(&settings.animation_speed) {
            return Err(SaveError::AnimationSpeed(settings.animation_speed));
        }
        if settings.bot_pause_ms > Settings::MAX_BOT_PAUSE_MS {
            return Err(SaveError::BotPause(settings.bot_pause_ms));
        }
        Ok(settings)
    }
}

pub fn load_settings(store: &Store) -> Loaded<Settings> {
    load(store, SETTINGS_FILE, Settings::from_text)
}

pub fn save_settings(store: &Store, settings: &Settings) -> io::Result<PathBuf> {
    store.write(SETTINGS_FILE, &settings.to_text())
}
