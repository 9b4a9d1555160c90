//! Chogo's save file, exported records, and records or positions a player brings in.

use std::io;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::{
    Loaded, SAVE_FILE, SAVE_FORMAT, SaveError, Store, check_format, load, read_json, record_date,
};
use crate::bot::PlayerKind;
use crate::rules::{Board, BySide, Game, Move, Position, Record, RuleSet, Series};

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
    /// The handicap series the game belongs to (its games before this one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    series: Option<Series>,
}

/// A game to keep or resume: everything "continue" needs to go on exactly where it was.
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub game: Game,
    /// Who plays each side.
    pub players: BySide<PlayerKind>,
    /// The handicap series the game belongs to, if any.
    pub series: Option<Series>,
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
            series: self.series,
        };
        let mut text = serde_json::to_string_pretty(&file).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a save file's text. The message names what is wrong and where.
    pub fn from_text(text: &str) -> Result<SavedGame, SaveError> {
        let file: SaveFile = read_json(text, "a Chogo save")?;
        check_format(file.format)?;
        let player = |name: &str, side: &'static str| {
            name.parse::<PlayerKind>().map_err(|e| SaveError::Player {
                side,
                detail: e.to_string(),
            })
        };
        let players = BySide::new(player(&file.black, "Black")?, player(&file.white, "White")?);
        let record = Record::parse(&file.record).map_err(|e| SaveError::Record(e.to_string()))?;
        let mut game = record
            .to_game()
            .map_err(|e| SaveError::Replay(e.to_string()))?;
        // The taken-back moves: play them, then take them back again.
        let declared = game.declared_end();
        game.set_declared_end(None);
        let mut redone = 0;
        for text in &file.redo {
            let taken_back = |detail: String| SaveError::TakenBack {
                text: text.clone(),
                detail,
            };
            let mv: Move = text.parse().map_err(|e| taken_back(format!("{e}")))?;
            game.play(mv).map_err(|e| taken_back(e.to_string()))?;
            redone += 1;
        }
        for _ in 0..redone {
            game.undo();
        }
        game.set_declared_end(declared);
        if let Some(series) = file.series
            && !series.is_consistent()
        {
            return Err(SaveError::Record(format!(
                "the handicap series is not one: {} games, {} and {} wins, a handicap of {}",
                series.games, series.first_wins, series.second_wins, series.balance
            )));
        }
        Ok(SavedGame {
            game,
            players,
            series: file.series,
        })
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
    let trimmed = crate::common::without_bom(text).trim();
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
    let record =
        Record::parse(crate::common::without_bom(text)).map_err(|e| format!("record, {e}"))?;
    let game = record.to_game().map_err(|e| {
        let line = match &e {
            crate::rules::ReplayError::Illegal(refused) => record
                .moves
                .get(refused.ply)
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
