//! What the game keeps between runs and what a player brings in: the saved game, the
//! settings, exported and imported records and positions. No Bevy here; the game calls it.
//!
//! Files live in one folder (the platform's data folder, see [`Store::default_dir`]) and
//! are always written whole to a temporary file first, then renamed over the old one, so a
//! crash or a full disk never leaves half a save. A file whose content cannot be used is
//! reported and moved aside under a new name; one that cannot be opened at all is reported
//! as unreadable and left alone. Neither is ever overwritten silently.

#[cfg(not(target_arch = "wasm32"))]
use std::fs;
use std::io;
#[cfg(not(target_arch = "wasm32"))]
use std::io::Write as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::bot::PlayerKind;
use crate::go;
use crate::rules::{Board, BySide, Game, Move, Position, Record, RuleSet};

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

/// A folder of the game's files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    pub fn at(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// `$CHOGO_DATA_DIR` when set, else the platform's data folder for Chogo
    /// (`~/.local/share/chogo` on Linux, `~/Library/Application Support/org.chogo.Chogo`
    /// on macOS, `%APPDATA%\chogo\Chogo\data` on Windows).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn default_dir() -> Option<PathBuf> {
        if let Some(dir) = std::env::var_os("CHOGO_DATA_DIR").filter(|d| !d.is_empty()) {
            return Some(PathBuf::from(dir));
        }
        directories::ProjectDirs::from("org", "chogo", "Chogo").map(|d| d.data_dir().to_owned())
    }

    /// In the browser the files are entries of the page's localStorage named `chogo/<name>`.
    #[cfg(target_arch = "wasm32")]
    pub fn default_dir() -> Option<PathBuf> {
        Some(PathBuf::from("chogo"))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the files are, for the player.
    pub fn location(&self) -> String {
        if cfg!(target_arch = "wasm32") {
            "this browser's local storage".into()
        } else {
            self.dir.display().to_string()
        }
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The names of the files in a folder of the store (`records`), newest name last.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn list(&self, folder: &str) -> Vec<String> {
        let Ok(entries) = fs::read_dir(self.path(folder)) else {
            return Vec::new();
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_file())
            .map(|e| format!("{folder}/{}", e.file_name().to_string_lossy()))
            .collect();
        names.sort();
        names
    }

    /// The file's text, or `None` when there is no such file.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn read(&self, name: &str) -> io::Result<Option<String>> {
        match fs::read(self.path(name)) {
            Ok(bytes) => String::from_utf8(bytes).map(Some).map_err(|_| {
                io::Error::new(io::ErrorKind::InvalidData, "the file is not UTF-8 text")
            }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Writes the whole text to `name` atomically: a temporary file in the same folder,
    /// flushed to disk, then renamed over the old file. Returns the file's path.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn write(&self, name: &str, text: &str) -> io::Result<PathBuf> {
        write_atomic(&self.path(name), text)?;
        Ok(self.path(name))
    }

    /// Renames an unreadable file to `<name>.corrupt-<time>` (never over another file) and
    /// returns the new path.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn move_aside(&self, name: &str) -> io::Result<PathBuf> {
        let from = self.path(name);
        let stamp = timestamp(now_unix());
        for n in 0..1000 {
            let suffix = if n == 0 {
                String::new()
            } else {
                format!("-{n}")
            };
            let to = self.path(&format!("{name}.corrupt-{stamp}{suffix}"));
            if !to.exists() {
                fs::rename(&from, &to)?;
                return Ok(to);
            }
        }
        Err(io::Error::other("too many corrupt files set aside already"))
    }
}

/// The browser's side of the store: localStorage, where every write is whole.
#[cfg(target_arch = "wasm32")]
impl Store {
    fn key(&self, name: &str) -> String {
        format!("{}/{name}", self.dir.display())
    }

    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other("this browser keeps no local storage"))
    }

    pub fn read(&self, name: &str) -> io::Result<Option<String>> {
        Store::storage()?
            .get_item(&self.key(name))
            .map_err(|_| io::Error::other("the browser's storage could not be read"))
    }

    pub fn write(&self, name: &str, text: &str) -> io::Result<PathBuf> {
        Store::storage()?
            .set_item(&self.key(name), text)
            .map_err(|_| {
                io::Error::other("the browser refused to store it (is its storage full?)")
            })?;
        Ok(self.path(name))
    }

    pub fn move_aside(&self, name: &str) -> io::Result<PathBuf> {
        let storage = Store::storage()?;
        let text = self.read(name)?.unwrap_or_default();
        let to = format!("{name}.corrupt-{}", timestamp(now_unix()));
        self.write(&to, &text)?;
        storage
            .remove_item(&self.key(name))
            .map_err(|_| io::Error::other("the browser's storage could not be changed"))?;
        Ok(self.path(&to))
    }

    pub fn list(&self, folder: &str) -> Vec<String> {
        let Ok(storage) = Store::storage() else {
            return Vec::new();
        };
        let prefix = self.key(&format!("{folder}/"));
        let skip = self.key("").len();
        let mut names: Vec<String> = (0..storage.length().unwrap_or(0))
            .filter_map(|i| storage.key(i).ok().flatten())
            .filter(|k| k.starts_with(&prefix))
            .map(|k| k[skip..].to_string())
            .collect();
        names.sort();
        names
    }
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename.
#[cfg(not(target_arch = "wasm32"))]
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// Seconds since 1970 (0 if the clock is before it).
pub fn now_unix() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The UTC calendar date and time of a Unix time: (year, month, day, hour, minute, second).
pub fn civil(unix: u64) -> (i64, u32, u32, u32, u32, u32) {
    let days = (unix / 86_400) as i64;
    let secs = unix % 86_400;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        year,
        month,
        day,
        (secs / 3600) as u32,
        (secs / 60 % 60) as u32,
        (secs % 60) as u32,
    )
}

/// `20261122-045007` (UTC), for file names.
pub fn timestamp(unix: u64) -> String {
    let (y, mo, d, h, mi, s) = civil(unix);
    format!("{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}")
}

/// `2026.11.22`, the record's `Date` tag.
pub fn record_date(unix: u64) -> String {
    let (y, mo, d, ..) = civil(unix);
    format!("{y:04}.{mo:02}.{d:02}")
}

/// The saved game as it is written: the game record (rules, start, moves, result), who
/// plays each side and the moves undo took back.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct SaveFile {
    format: u32,
    black: String,
    white: String,
    record: String,
    #[serde(default)]
    redo: Vec<String>,
}

/// A save file's JSON, or what is wrong with it (`what` names the file's kind).
fn read_json<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| {
        if e.is_eof() {
            format!(
                "the file ends too early (line {}): it was cut short",
                e.line()
            )
        } else {
            format!("not {what}: {e}")
        }
    })
}

/// A save written by this version's format, or why not.
fn check_format(format: u32) -> Result<(), String> {
    if format == SAVE_FORMAT {
        Ok(())
    } else {
        Err(format!(
            "save format {format} is not known to this version (it reads format {SAVE_FORMAT})"
        ))
    }
}

/// A game to keep or resume: everything "continue" needs to go on exactly where it was.
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub game: Game,
    /// Who plays each side.
    pub players: BySide<PlayerKind>,
}

impl SavedGame {
    /// The save file's text (JSON).
    pub fn to_text(&self) -> String {
        let record = Record::from_game(
            &self.game,
            &[
                ("Black", &self.players.black.to_string()),
                ("White", &self.players.white.to_string()),
            ],
        );
        let file = SaveFile {
            format: SAVE_FORMAT,
            black: self.players.black.to_string(),
            white: self.players.white.to_string(),
            record: record.to_string(),
            redo: self.game.redo_moves().map(|m| m.to_string()).collect(),
        };
        let mut text = serde_json::to_string_pretty(&file).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a save file's text. The message names what is wrong and where.
    pub fn from_text(text: &str) -> Result<SavedGame, String> {
        let file: SaveFile = read_json(text, "a Chogo save")?;
        check_format(file.format)?;
        let player = |name: &str, side: &str| {
            name.parse::<PlayerKind>()
                .map_err(|e| format!("the {side} player: {e}"))
        };
        let players = BySide::new(player(&file.black, "Black")?, player(&file.white, "White")?);
        let record = Record::parse(&file.record).map_err(|e| format!("the saved record, {e}"))?;
        let mut game = record
            .to_game()
            .map_err(|e| format!("the saved record does not replay: {e}"))?;
        // The taken-back moves: play them, then take them back again.
        let declared = game.declared_end();
        game.set_declared_end(None);
        let mut redone = 0;
        for text in &file.redo {
            let mv: Move = text
                .parse()
                .map_err(|e| format!("the taken-back move '{text}': {e}"))?;
            game.play(mv)
                .map_err(|e| format!("the taken-back move '{text}': {e}"))?;
            redone += 1;
        }
        for _ in 0..redone {
            game.undo();
        }
        game.set_declared_end(declared);
        Ok(SavedGame { game, players })
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
fn load<T>(store: &Store, name: &str, parse: impl Fn(&str) -> Result<T, String>) -> Loaded<T> {
    let problem = match store.read(name) {
        Ok(None) => return Loaded::Missing,
        Ok(Some(text)) => match parse(&text) {
            Ok(value) => return Loaded::Found(value),
            Err(problem) => problem,
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

/// The saved game, if any.
pub fn load_game(store: &Store) -> Loaded<SavedGame> {
    load(store, SAVE_FILE, SavedGame::from_text)
}

/// Writes the game in progress.
pub fn save_game(store: &Store, saved: &SavedGame) -> io::Result<PathBuf> {
    store.write(SAVE_FILE, &saved.to_text())
}

/// Who plays a side of a game of Go with chess pieces: a person, or a bot of one of its
/// levels.
pub type GoPlayer = crate::common::Player<go::bot::Level>;

/// The save file of a game of Go with chess pieces: the players, the record (GO_RULES §5)
/// and the moves taken back (so that redo still works after a restart).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GoSaveFile {
    format: u32,
    game: String,
    black: String,
    white: String,
    record: String,
    #[serde(default)]
    redo: Vec<String>,
}

/// A game of Go with chess pieces to keep or resume.
#[derive(Clone, Debug)]
pub struct GoSavedGame {
    pub game: go::Game,
    pub players: BySide<GoPlayer>,
    /// The moves undo took back, the next one to redo last.
    pub redo: Vec<go::Move>,
}

impl GoSavedGame {
    /// The save file's text (JSON).
    pub fn to_text(&self) -> String {
        let black = self.players.black.to_string();
        let white = self.players.white.to_string();
        let record = go::Record::from_game(&self.game, &[("Black", &black), ("White", &white)]);
        let set = self.game.position().rules().pieces;
        let file = GoSaveFile {
            format: SAVE_FORMAT,
            game: "go-with-pieces".into(),
            black,
            white,
            record: record.to_string(),
            redo: self.redo.iter().map(|m| m.text(set)).collect(),
        };
        let mut text = serde_json::to_string_pretty(&file).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a save file's text. The message names what is wrong and where.
    pub fn from_text(text: &str) -> Result<GoSavedGame, String> {
        let file: GoSaveFile = read_json(text, "a save of Go with chess pieces")?;
        check_format(file.format)?;
        if file.game != "go-with-pieces" {
            return Err(format!("the game is '{}', not go-with-pieces", file.game));
        }
        let player = |name: &str, side: &str| {
            name.parse::<GoPlayer>()
                .map_err(|e| format!("the {side} player: {e}"))
        };
        let players = BySide::new(player(&file.black, "Black")?, player(&file.white, "White")?);
        let record =
            go::Record::parse(&file.record).map_err(|e| format!("the saved record, {e}"))?;
        let game = record
            .to_game()
            .map_err(|e| format!("the saved record does not replay: {e}"))?;
        // The taken-back moves must still be playable one after the other from here; a
        // finished game has none (a save from before that rule kept some after a
        // resignation: they are dropped, the game is kept).
        let mut replay = game.clone();
        let mut redo = Vec::new();
        let kept = if game.outcome().is_some() {
            &[][..]
        } else {
            &file.redo[..]
        };
        for text in kept.iter().rev() {
            let parsed: go::MoveText = text
                .parse()
                .map_err(|e| format!("the taken-back move '{text}': {e}"))?;
            let (mv, _) = replay
                .play_text(&parsed)
                .map_err(|e| format!("the taken-back move '{text}': {e}"))?;
            redo.insert(0, mv);
        }
        Ok(GoSavedGame {
            game,
            players,
            redo,
        })
    }
}

/// A game of Go with chess pieces in a text, if the text is one: an SGF file from any Go
/// program (it starts with `(;`), a record of this game (its `Game` tag says
/// `go-with-pieces`), or a position text of its seven fields (GO_RULES §5), read under
/// `rules` (the set and options are not in the text; a square board takes the text's
/// size). `None` for anything else (Chogo's records and positions).
pub fn import_go(text: &str, rules: go::Rules) -> Option<Result<go::Game, String>> {
    let trimmed = text.trim_start();
    let fields: Vec<&str> = trimmed.split_whitespace().collect();
    if fields.len() == 7 && !trimmed.contains('\n') && fields[0].contains('/') {
        let ranks = fields[0].split('/').count();
        let mut rules = rules;
        let fits = rules.board.ranks() as usize == ranks;
        if !fits && let Ok(size) = u8::try_from(ranks) {
            rules.board = go::Board::Square(size);
        }
        return Some(
            go::Position::from_text(trimmed, rules)
                .map(go::Game::from_position)
                .map_err(|e| format!("position text ({} {}): {e}", rules.board, rules.pieces)),
        );
    }
    if trimmed.starts_with("(;") {
        return Some(
            go::sgf::SgfGame::parse(trimmed)
                .map_err(|e| format!("SGF: {e}"))
                .and_then(|sgf| sgf.to_game().map_err(|e| format!("SGF: {e}"))),
        );
    }
    let tagged = trimmed
        .lines()
        .take_while(|l| l.trim_start().starts_with('['))
        .any(|l| {
            let l = l.to_ascii_lowercase();
            l.contains("[game ") && l.contains("go-with-pieces")
        });
    if !tagged {
        return None;
    }
    Some(
        go::Record::parse(trimmed)
            .map_err(|e| format!("record, {e}"))
            .and_then(|r| r.to_game().map_err(|e| format!("record: {e}"))),
    )
}

/// The saved game of Go with chess pieces, if any.
pub fn load_go_game(store: &Store) -> Loaded<GoSavedGame> {
    load(store, GO_SAVE_FILE, GoSavedGame::from_text)
}

/// Writes the game of Go with chess pieces in progress.
pub fn save_go_game(store: &Store, saved: &GoSavedGame) -> io::Result<PathBuf> {
    store.write(GO_SAVE_FILE, &saved.to_text())
}

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
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
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
}

/// Which game was played last (Chogo's saves from before the second game say nothing, and
/// mean Chogo).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum LastGame {
    #[default]
    Chogo,
    GoWithPieces,
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
            last_game: LastGame::Chogo,
            rooks_as_stones: false,
        }
    }
}

impl Settings {
    pub fn to_text(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads settings; numbers out of range are an error, not silently changed.
    pub fn from_text(text: &str) -> Result<Settings, String> {
        let settings: Settings =
            serde_json::from_str(text).map_err(|e| format!("not Chogo settings: {e}"))?;
        if !(0.0..=1.0).contains(&settings.volume) {
            return Err(format!("volume {} is not between 0 and 1", settings.volume));
        }
        if !(0.5..=3.0).contains(&settings.animation_speed) {
            return Err(format!(
                "animation speed {} is not between 0.5 and 3",
                settings.animation_speed
            ));
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

/// A game record of the game, with the players and the date.
pub fn export_record(game: &Game, players: BySide<PlayerKind>, unix: u64) -> String {
    let name = |p: PlayerKind| match p {
        PlayerKind::Human => "Player".to_string(),
        PlayerKind::Bot(level) => format!("Computer ({level})"),
    };
    Record::from_game(
        game,
        &[
            ("Date", &record_date(unix)),
            ("Black", &name(players.black)),
            ("White", &name(players.white)),
        ],
    )
    .to_string()
}

/// What a player brought in.
#[derive(Clone, Debug)]
pub enum Imported {
    /// A game record, replayed to its end.
    Record(Game),
    /// A position text, to play on from or to study.
    Position(Position),
}

impl Imported {
    pub fn into_game(self) -> Game {
        match self {
            Imported::Record(game) => game,
            Imported::Position(start) => Game::from_position(start),
        }
    }
}

/// Reads a game record (RULES §8) or a position text. A position is read under `rules`
/// when it fits them, else under the default rules of the board its placement fits. The
/// message names the line and the problem.
pub fn import(text: &str, rules: RuleSet) -> Result<Imported, String> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err("there is nothing to read: paste or open a record or a position".into());
    }
    let looks_like_position = !trimmed.contains('\n')
        && !trimmed.starts_with('[')
        && trimmed
            .split_whitespace()
            .next()
            .is_some_and(|f| f.contains('/'));
    if looks_like_position {
        let first = match Position::from_text(trimmed, rules) {
            Ok(position) => return Ok(Imported::Position(position)),
            Err(e) => e,
        };
        for board in Board::ALL {
            if let Ok(position) = Position::from_text(trimmed, RuleSet::for_board(board)) {
                return Ok(Imported::Position(position));
            }
        }
        return Err(format!("position text: {first}"));
    }
    let record = Record::parse(text).map_err(|e| format!("record, {e}"))?;
    let game = record.to_game().map_err(|e| {
        let line = match &e {
            crate::rules::ReplayError::Illegal { ply, .. } => record
                .moves
                .get(*ply)
                .map(|(_, line)| *line)
                .filter(|&l| l > 0),
            _ => None,
        };
        match line {
            Some(line) => format!("record, line {line}: {e}"),
            None => format!("record: {e}"),
        }
    })?;
    Ok(Imported::Record(game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Level;

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
        let bad = "[Rules \"chogo-44\"]\n\n1. b3 e5\n2. c1-c9 *\n";
        assert_eq!(
            import(bad, RuleSet::default()).unwrap_err(),
            "record, line 4: move 2 (black): c1-c9: c9 is not on this board"
        );
    }
}
