//! The games' database: one SQLite row a game, written before a change is announced, so
//! that a server killed at any moment and started again loses no move.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::room::Saved;

/// An open database of games.
pub struct Store {
    db: Connection,
}

/// A game's row as [`Store::row`] reads it back.
#[derive(Clone, Debug)]
pub struct Row {
    pub saved: Saved,
    pub record: String,
    pub finished: bool,
}

fn err(e: impl std::fmt::Display) -> String {
    format!("the database: {e}")
}

impl Store {
    /// Opens (or creates) the database at `path`.
    pub fn open(path: &Path) -> Result<Store, String> {
        let db = Connection::open(path).map_err(err)?;
        // The write-ahead log: a process killed mid-write loses nothing committed, and
        // readers (the tests, a backup) never block the server.
        db.pragma_update(None, "journal_mode", "WAL").map_err(err)?;
        db.pragma_update(None, "synchronous", "NORMAL")
            .map_err(err)?;
        db.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(err)?;
        db.execute_batch(
            "CREATE TABLE IF NOT EXISTS games (
                code TEXT PRIMARY KEY,
                game TEXT NOT NULL,
                rules TEXT NOT NULL,
                room TEXT NOT NULL,
                record TEXT NOT NULL,
                finished INTEGER NOT NULL,
                created_ms INTEGER NOT NULL,
                updated_ms INTEGER NOT NULL
            );",
        )
        .map_err(err)?;
        Ok(Store { db })
    }

    /// Writes a game's row.
    pub fn save(
        &self,
        code: &str,
        saved: &Saved,
        record: &str,
        finished: bool,
    ) -> Result<(), String> {
        let room = serde_json::to_string(saved).map_err(err)?;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        self.db
            .execute(
                "INSERT INTO games (code, game, rules, room, record, finished, created_ms, updated_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)
                 ON CONFLICT(code) DO UPDATE SET room = ?4, record = ?5, finished = ?6,
                    updated_ms = ?7",
                params![code, saved.game.name(), saved.rules, room, record, finished, now],
            )
            .map_err(err)?;
        Ok(())
    }

    /// A game's row, if there is one.
    pub fn row(&self, code: &str) -> Result<Option<Row>, String> {
        let found: Option<(String, String, bool)> = self
            .db
            .query_row(
                "SELECT room, record, finished FROM games WHERE code = ?1",
                params![code],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .map_err(err)?;
        found
            .map(|(room, record, finished)| {
                Ok(Row {
                    saved: serde_json::from_str(&room).map_err(err)?,
                    record,
                    finished,
                })
            })
            .transpose()
    }

    /// Whether a game has this code.
    pub fn has(&self, code: &str) -> Result<bool, String> {
        self.db
            .query_row("SELECT 1 FROM games WHERE code = ?1", params![code], |_| {
                Ok(())
            })
            .optional()
            .map(|r| r.is_some())
            .map_err(err)
    }

    /// How many games the database holds, and how many of them are finished.
    pub fn counts(&self) -> Result<(u64, u64), String> {
        self.db
            .query_row(
                "SELECT COUNT(*), COALESCE(SUM(finished), 0) FROM games",
                [],
                |r| Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u64)),
            )
            .map_err(err)
    }
}
