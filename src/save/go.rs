//! The save file of Go with chess pieces, and its games a player brings in (SGF, records,
//! position texts).

use std::io;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::{GO_SAVE_FILE, Loaded, SAVE_FORMAT, SaveError, Store, check_format, load, read_json};
use crate::go;
use crate::rules::BySide;

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
    /// The game, with the moves undo took back (`go::Game::redo_moves`).
    pub game: go::Game,
    pub players: BySide<GoPlayer>,
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
            // The file lists the next move to redo last.
            redo: {
                let mut redo: Vec<String> = self.game.redo_moves().map(|m| m.text(set)).collect();
                redo.reverse();
                redo
            },
        };
        let mut text = serde_json::to_string_pretty(&file).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a save file's text. The message names what is wrong and where.
    pub fn from_text(text: &str) -> Result<GoSavedGame, SaveError> {
        let file: GoSaveFile = read_json(text, "a save of Go with chess pieces")?;
        check_format(file.format)?;
        if file.game != "go-with-pieces" {
            return Err(SaveError::OtherGame(file.game));
        }
        let player = |name: &str, side: &'static str| {
            name.parse::<GoPlayer>().map_err(|e| SaveError::Player {
                side,
                detail: e.to_string(),
            })
        };
        let players = BySide::new(player(&file.black, "Black")?, player(&file.white, "White")?);
        let record =
            go::Record::parse(&file.record).map_err(|e| SaveError::Record(e.to_string()))?;
        let game = record
            .to_game()
            .map_err(|e| SaveError::Replay(e.to_string()))?;
        // The taken-back moves must still be playable one after the other from here; a
        // finished game has none (a save from before that rule kept some after a
        // resignation: they are dropped, the game is kept). They are played, then taken
        // back, so that redo replays them (the file lists the next one last).
        let kept = if game.outcome().is_some() {
            &[][..]
        } else {
            &file.redo[..]
        };
        let mut replay = game.clone();
        for text in kept.iter().rev() {
            let taken_back = |detail: String| SaveError::TakenBack {
                text: text.clone(),
                detail,
            };
            let parsed: go::MoveText = text.parse().map_err(|e| taken_back(format!("{e}")))?;
            replay
                .play_text(&parsed)
                .map_err(|e| taken_back(e.to_string()))?;
        }
        for _ in kept {
            replay.take_back();
        }
        let game = if kept.is_empty() { game } else { replay };
        Ok(GoSavedGame { game, players })
    }
}

/// A game of Go with chess pieces in a text, if the text is one: an SGF file from any Go
/// program (it starts with `(;`), a record of this game (its `Game` tag says
/// `go-with-pieces`), or a position text of its seven fields (GO_RULES §5), read under
/// `rules` (the set and options are not in the text; a square board takes the text's
/// size). `None` for anything else (Chogo's records and positions).
pub fn import_go(text: &str, rules: go::Rules) -> Option<Result<go::Game, String>> {
    let trimmed = crate::common::without_bom(text).trim_start();
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
            // The errors name SGF themselves.
            go::sgf::SgfGame::parse(trimmed)
                .map_err(|e| e.to_string())
                .and_then(|sgf| sgf.to_game().map_err(|e| e.to_string())),
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
