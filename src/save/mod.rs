//! What the game keeps between runs and what a player brings in: the saved game, the
//! settings, exported and imported records and positions. No Bevy here; the game calls it.
//!
//! Files live in one folder (the platform's data folder, see [`Store::default_dir`]) and
//! are always written whole to a temporary file first, then renamed over the old one, so a
//! crash or a full disk never leaves half a save. A file whose content cannot be used is
//! reported and moved aside under a new name; one that cannot be opened at all is reported
//! as unreadable and left alone. Neither is ever overwritten silently.

mod chogo;
mod dates;
mod go;
mod settings;
mod store;

use std::io;
use std::path::PathBuf;

use thiserror::Error;

pub use chogo::{Imported, SavedGame, export_record, import, load_game, save_game};
pub use dates::{civil, now_unix, record_date, timestamp};
pub use go::{GoPlayer, GoSavedGame, import_go, load_go_game, save_go_game};
pub use settings::{
    LastGame, Learning, OnlineSeat, PuzzleTried, Settings, ThemeName, load_settings, save_settings,
};
pub use store::Store;
#[cfg(not(target_arch = "wasm32"))]
pub use store::write_atomic;

/// The game in progress.
pub const SAVE_FILE: &str = "game.json";
/// The game of Go with chess pieces in progress.
pub const GO_SAVE_FILE: &str = "go-game.json";
/// The player's settings.
pub const SETTINGS_FILE: &str = "settings.json";
/// The folder (inside the data folder) where exported records and positions go.
pub const EXPORT_DIR: &str = "records";

/// The save format this build writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// Why a saved file cannot be used. The messages name what is wrong and where; the
/// game reports them with the file's name (tests/saves/bad lists one for each kind).
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SaveError {
    #[error("the file ends too early (line {0}): it was cut short")]
    CutShort(usize),
    /// Not JSON of the file's kind (`what`: "a Chogo save").
    #[error("not {what}: {detail}")]
    NotThisFile { what: &'static str, detail: String },
    #[error("save format {0} is not known to this version (it reads format {SAVE_FORMAT})")]
    Format(u32),
    #[error("the game is '{0}', not go-with-pieces")]
    OtherGame(String),
    #[error("the {side} player: {detail}")]
    Player { side: &'static str, detail: String },
    #[error("the saved record, {0}")]
    Record(String),
    #[error("the saved record does not replay: {0}")]
    Replay(String),
    #[error("the taken-back move '{text}': {detail}")]
    TakenBack { text: String, detail: String },
    #[error("volume {0} is not between 0 and 1")]
    Volume(f32),
    #[error("animation speed {0} is not between 0.5 and 3")]
    AnimationSpeed(f32),
    #[error("the computer's pause of {0} ms is not between 0 and 3000")]
    BotPause(u32),
}

/// A save file's JSON, or what is wrong with it (`what` names the file's kind).
fn read_json<T: serde::de::DeserializeOwned>(
    text: &str,
    what: &'static str,
) -> Result<T, SaveError> {
    serde_json::from_str(text).map_err(|e| {
        if e.is_eof() {
            SaveError::CutShort(e.line())
        } else {
            SaveError::NotThisFile {
                what,
                detail: e.to_string(),
            }
        }
    })
}

/// A save written by this version's format, or why not.
fn check_format(format: u32) -> Result<(), SaveError> {
    if format == SAVE_FORMAT {
        Ok(())
    } else {
        Err(SaveError::Format(format))
    }
}

/// What reading a saved file gave.
#[derive(Debug)]
pub enum Loaded<T> {
    /// There is no such file (the first run, or never saved).
    Missing,
    Found(T),
    /// The file could not be used: why, and where it was moved (`None` if it could not be
    /// moved; it is then left where it is and not overwritten by this run).
    Corrupt {
        problem: String,
        moved_to: Option<PathBuf>,
    },
    /// The file is there but could not be read (permissions, a folder in its place): why.
    /// It is left where it is, and this run must not write over it.
    Unreadable {
        problem: String,
    },
}

impl<T> Loaded<T> {
    /// Whether an unusable file was left where it is, so that saving must not replace it.
    pub fn left_in_place(&self) -> bool {
        matches!(
            self,
            Loaded::Unreadable { .. } | Loaded::Corrupt { moved_to: None, .. }
        )
    }

    /// The message for the player when the file was unusable.
    pub fn problem(&self, what: &str) -> Option<String> {
        match self {
            Loaded::Corrupt {
                problem,
                moved_to: Some(to),
            } => Some(format!(
                "The {what} could not be read ({problem}). It was kept as {}.",
                to.display()
            )),
            Loaded::Corrupt {
                problem,
                moved_to: None,
            } => Some(format!(
                "The {what} could not be read ({problem}) and could not be moved aside; it is left as it is."
            )),
            Loaded::Unreadable { problem } => Some(format!(
                "The {what} could not be read ({problem}); it is left as it is and will not be overwritten."
            )),
            _ => None,
        }
    }
}

/// Reads `name` with `parse`; an unreadable file is moved aside.
fn load<T>(store: &Store, name: &str, parse: impl Fn(&str) -> Result<T, SaveError>) -> Loaded<T> {
    let problem = match store.read(name) {
        Ok(None) => return Loaded::Missing,
        Ok(Some(text)) => match parse(&text) {
            Ok(value) => return Loaded::Found(value),
            Err(problem) => problem.to_string(),
        },
        Err(e) if e.kind() == io::ErrorKind::InvalidData => e.to_string(),
        // The file is there but cannot be opened (permissions): leave it alone.
        Err(e) => {
            return Loaded::Unreadable {
                problem: e.to_string(),
            };
        }
    };
    Loaded::Corrupt {
        problem,
        moved_to: store.move_aside(name).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Level;
    use crate::bot::PlayerKind;
    use crate::rules::{Board, BySide, Game, Position, RuleSet};
    use std::fs;

    #[test]
    fn civil_dates() {
        assert_eq!(civil(0), (1970, 1, 1, 0, 0, 0));
        // 2026-11-22 04:50:07 UTC
        assert_eq!(civil(1_795_323_007), (2026, 11, 22, 4, 50, 7));
        assert_eq!(timestamp(951_782_400), "20000229-000000");
        assert_eq!(record_date(1_795_323_007), "2026.11.22");
    }

    #[test]
    fn a_save_keeps_players_history_redo_and_declared_end() {
        let mut game = Game::new(RuleSet::default());
        for mv in ["b3", "e5", "c1-c6", "b6-b4", "c6-c5"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        game.undo();
        game.undo();
        let saved = SavedGame {
            game: game.clone(),
            players: BySide::new(PlayerKind::Human, PlayerKind::Bot(Level::Hard)),
            series: None,
        };
        let back = SavedGame::from_text(&saved.to_text()).unwrap();
        assert_eq!(back.players, saved.players);
        assert_eq!(back.game.position(), game.position());
        assert_eq!(
            back.game.redo_moves().collect::<Vec<_>>(),
            game.redo_moves().collect::<Vec<_>>()
        );
        game.resign(crate::rules::Side::White);
        let saved = SavedGame {
            game: game.clone(),
            players: BySide::new(PlayerKind::Human, PlayerKind::Human),
            series: None,
        };
        let back = SavedGame::from_text(&saved.to_text()).unwrap();
        assert_eq!(back.game.outcome(), game.outcome());
        assert!(back.game.can_redo());
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn an_unreadable_save_is_reported_as_unreadable_and_left_alone() {
        // A save that cannot be opened (here a folder in its place) is not corrupt: it is
        // reported with the reason, never moved aside, and saving over it is refused.
        let dir = std::env::temp_dir().join(format!("chogo-unreadable-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join(SAVE_FILE)).unwrap();
        let store = Store::at(&dir);
        let loaded = load_game(&store);
        let message = loaded.problem("saved game").unwrap();
        assert!(matches!(loaded, Loaded::Unreadable { .. }), "{loaded:?}");
        assert!(loaded.left_in_place());
        assert!(
            message.starts_with("The saved game could not be read ("),
            "{message}"
        );
        assert!(!message.contains("moved aside"), "{message}");
        assert!(dir.join(SAVE_FILE).is_dir(), "left where it is");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn import_reads_positions_on_any_board_and_records() {
        let start = Position::new(RuleSet::for_board(Board::Wide12x8)).to_string();
        match import(&start, RuleSet::default()).unwrap() {
            Imported::Position(p) => assert_eq!(p.rules().board, Board::Wide12x8),
            other => panic!("{other:?}"),
        }
        let record = "[Rules \"chogo-44\"]\n\n1. b3 e5 2. c1-c6 *\n";
        match import(record, RuleSet::default()).unwrap() {
            Imported::Record(game) => assert_eq!(game.plies().len(), 3),
            other => panic!("{other:?}"),
        }
        // A file saved with a byte-order mark reads the same.
        match import(&format!("\u{feff}{record}"), RuleSet::default()).unwrap() {
            Imported::Record(game) => assert_eq!(game.plies().len(), 3),
            other => panic!("{other:?}"),
        }
        let bad = "[Rules \"chogo-44\"]\n\n1. b3 e5\n2. c1-c9 *\n";
        assert_eq!(
            import(bad, RuleSet::default()).unwrap_err(),
            "record, line 4: move 2 (black): c1-c9: c9 is not on this board"
        );
    }
}
