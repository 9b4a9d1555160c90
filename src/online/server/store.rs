//! The games' database: one row a game, written before a change is announced, so that a
//! server killed at any moment and started again loses no move. An SQLite file (the
//! embedded default) or a PostgreSQL database (`postgres://…`), which several server
//! instances share (docs/ONLINE.md, "Past one machine").
//!
//! Each row has a version, one more at every change: a write names the version it
//! follows and is refused (`Ok(false)`) when another instance wrote first, so that two
//! instances never both change one room.

use std::collections::HashMap;
use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::room::Saved;

/// An open database of games.
pub struct Store {
    db: Db,
}

enum Db {
    Sqlite(Connection),
    Postgres(Box<Pg>),
}

/// A PostgreSQL client, its URL (to connect again after PostgreSQL went away), and its
/// statements, each prepared once on the connection.
struct Pg {
    client: postgres::Client,
    url: String,
    prepared: HashMap<&'static str, postgres::Statement>,
}

impl Pg {
    /// `sql`, prepared on this connection once.
    fn statement(&mut self, sql: &'static str) -> Result<postgres::Statement, String> {
        if let Some(s) = self.prepared.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(sql).map_err(err)?;
        self.prepared.insert(sql, s.clone());
        Ok(s)
    }

    /// `call` on the client; once again on a new connection when it failed because the
    /// connection had closed (PostgreSQL restarted, or the connection was cut). A write
    /// tried twice is safe: it names the row's version, so it cannot apply twice.
    fn retried<T>(
        &mut self,
        sql: &'static str,
        mut call: impl FnMut(&mut postgres::Client, &postgres::Statement) -> Result<T, postgres::Error>,
    ) -> Result<T, String> {
        let first = self
            .statement(sql)
            .and_then(|s| call(&mut self.client, &s).map_err(err));
        if first.is_ok() || !self.client.is_closed() {
            return first;
        }
        self.client = Store::connect_postgres(&self.url)?;
        self.prepared.clear();
        eprintln!("the database: connected again");
        let s = self.statement(sql)?;
        call(&mut self.client, &s).map_err(err)
    }

    fn execute(
        &mut self,
        sql: &'static str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<u64, String> {
        self.retried(sql, |c, s| c.execute(s, params))
    }

    fn query_opt(
        &mut self,
        sql: &'static str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<Option<postgres::Row>, String> {
        self.retried(sql, |c, s| c.query_opt(s, params))
    }

    fn query(
        &mut self,
        sql: &'static str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, String> {
        self.retried(sql, |c, s| c.query(s, params))
    }
}

/// A game's row as [`Store::row`] reads it back.
#[derive(Clone, Debug)]
pub struct Row {
    pub saved: Saved,
    pub record: String,
    pub finished: bool,
    pub version: u64,
}

fn err(e: impl std::fmt::Display) -> String {
    format!("the database: {e}")
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Whether `db` names a PostgreSQL database rather than an SQLite file.
pub fn is_postgres(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// Under a lock of the transaction's, so that instances starting together do not race to
/// create the table (`IF NOT EXISTS` alone may then fail on a duplicate type).
const POSTGRES_SCHEMA: &str = "BEGIN;
SELECT pg_advisory_xact_lock(7460211);
CREATE TABLE IF NOT EXISTS games (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    room TEXT NOT NULL,
    record TEXT NOT NULL,
    finished BOOLEAN NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    version BIGINT NOT NULL DEFAULT 1
);
COMMIT;";

impl Store {
    /// Opens (or creates) the database: a `postgres://` URL, else an SQLite file's path.
    pub fn open(db: &str) -> Result<Store, String> {
        if is_postgres(db) {
            Store::open_postgres(db)
        } else {
            Store::open_sqlite(Path::new(db))
        }
    }

    fn open_postgres(url: &str) -> Result<Store, String> {
        let client = Store::connect_postgres(url)?;
        Ok(Store {
            db: Db::Postgres(Box::new(Pg {
                client,
                url: url.to_string(),
                prepared: HashMap::new(),
            })),
        })
    }

    /// A client of `url`, with bounds on its waits unless the URL sets them: 5 s to
    /// connect, 10 s for a statement, and TCP's own checks, so that a database gone
    /// silent holds up the games for seconds, not for minutes.
    fn connect_postgres(url: &str) -> Result<postgres::Client, String> {
        let mut config: postgres::Config = url.parse().map_err(err)?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(std::time::Duration::from_secs(5));
        }
        config
            .keepalives_idle(std::time::Duration::from_secs(10))
            .tcp_user_timeout(std::time::Duration::from_secs(10));
        if config.get_options().is_none() {
            config.options("-c statement_timeout=10000");
        }
        let mut client = config.connect(postgres::NoTls).map_err(err)?;
        client.batch_execute(POSTGRES_SCHEMA).map_err(err)?;
        Ok(client)
    }

    /// The database, connected again first if PostgreSQL closed the connection (it was
    /// restarted): a call fails while it is away, and the next one after it is back works.
    fn db(&mut self) -> Result<&mut Db, String> {
        if let Db::Postgres(pg) = &mut self.db
            && pg.client.is_closed()
        {
            pg.client = Store::connect_postgres(&pg.url)?;
            pg.prepared.clear();
            eprintln!("the database: connected again");
        }
        Ok(&mut self.db)
    }

    /// Opens (or creates) the SQLite database at `path`.
    pub fn open_sqlite(path: &Path) -> Result<Store, String> {
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
        // Files written before rows had versions: each row starts at 1.
        let has_version = db
            .prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = 'version'")
            .and_then(|mut s| s.exists([]))
            .map_err(err)?;
        if !has_version {
            db.execute_batch("ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 1;")
                .map_err(err)?;
        }
        Ok(Store { db: Db::Sqlite(db) })
    }

    /// Writes a game's row at `version`: a new row when it is 1, else over the row at
    /// `version - 1`. `Ok(false)`: the row is not there at that version (another instance
    /// changed it first, or took the code), and nothing was written.
    pub fn save(
        &mut self,
        code: &str,
        saved: &Saved,
        record: &str,
        finished: bool,
        version: u64,
    ) -> Result<bool, String> {
        let room = serde_json::to_string(saved).map_err(err)?;
        let now = now_ms();
        let game = saved.game.name();
        let v = version as i64;
        // Each statement is prepared once on its connection (rusqlite's cache, `Pg`'s).
        let written = match self.db()? {
            Db::Sqlite(db) if version <= 1 => db
                .prepare_cached(
                    "INSERT INTO games (code, game, rules, room, record, finished, created_ms,
                        updated_ms, version)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, 1) ON CONFLICT(code) DO NOTHING",
                )
                .and_then(|mut s| {
                    s.execute(params![
                        code,
                        game,
                        saved.rules,
                        room,
                        record,
                        finished,
                        now
                    ])
                })
                .map_err(err)?,
            Db::Sqlite(db) => db
                .prepare_cached(
                    "UPDATE games SET room = ?2, record = ?3, finished = ?4, updated_ms = ?5,
                        version = ?6
                     WHERE code = ?1 AND version = ?6 - 1",
                )
                .and_then(|mut s| s.execute(params![code, room, record, finished, now, v]))
                .map_err(err)?,
            Db::Postgres(pg) if version <= 1 => pg.execute(
                "INSERT INTO games (code, game, rules, room, record, finished,
                    created_ms, updated_ms, version)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7, 1)
                 ON CONFLICT (code) DO NOTHING",
                &[&code, &game, &saved.rules, &room, &record, &finished, &now],
            )? as usize,
            Db::Postgres(pg) => pg.execute(
                "UPDATE games SET room = $2, record = $3, finished = $4,
                    updated_ms = $5, version = $6::BIGINT
                 WHERE code = $1 AND version = $6::BIGINT - 1",
                &[&code, &room, &record, &finished, &now, &v],
            )? as usize,
        };
        Ok(written == 1)
    }

    /// A game's row, if there is one.
    pub fn row(&mut self, code: &str) -> Result<Option<Row>, String> {
        let found: Option<(String, String, bool, i64)> = match self.db()? {
            Db::Sqlite(db) => db
                .prepare_cached("SELECT room, record, finished, version FROM games WHERE code = ?1")
                .and_then(|mut s| {
                    s.query_row(params![code], |r| {
                        Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
                    })
                    .optional()
                })
                .map_err(err)?,
            Db::Postgres(pg) => pg
                .query_opt(
                    "SELECT room, record, finished, version FROM games WHERE code = $1",
                    &[&code],
                )?
                .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))),
        };
        found
            .map(|(room, record, finished, version)| {
                Ok(Row {
                    saved: serde_json::from_str(&room).map_err(err)?,
                    record,
                    finished,
                    version: version.max(0) as u64,
                })
            })
            .transpose()
    }

    /// The versions of the rows of `codes` that exist.
    pub fn versions(&mut self, codes: &[String]) -> Result<HashMap<String, u64>, String> {
        let mut out = HashMap::new();
        for chunk in codes.chunks(500) {
            let rows: Vec<(String, i64)> = match self.db()? {
                Db::Sqlite(db) => {
                    let marks = vec!["?"; chunk.len()].join(",");
                    let sql = format!("SELECT code, version FROM games WHERE code IN ({marks})");
                    let mut statement = db.prepare(&sql).map_err(err)?;
                    statement
                        .query_map(rusqlite::params_from_iter(chunk), |r| {
                            Ok((r.get(0)?, r.get(1)?))
                        })
                        .map_err(err)?
                        .collect::<Result<_, _>>()
                        .map_err(err)?
                }
                Db::Postgres(pg) => pg
                    .query(
                        "SELECT code, version FROM games WHERE code = ANY($1)",
                        &[&chunk],
                    )?
                    .iter()
                    .map(|r| (r.get(0), r.get(1)))
                    .collect(),
            };
            out.extend(rows.into_iter().map(|(c, v)| (c, v.max(0) as u64)));
        }
        Ok(out)
    }

    /// Whether a game has this code.
    pub fn has(&mut self, code: &str) -> Result<bool, String> {
        match self.db()? {
            Db::Sqlite(db) => db
                .query_row("SELECT 1 FROM games WHERE code = ?1", params![code], |_| {
                    Ok(())
                })
                .optional()
                .map(|r| r.is_some())
                .map_err(err),
            Db::Postgres(pg) => pg
                .query_opt("SELECT 1 FROM games WHERE code = $1", &[&code])
                .map(|r| r.is_some()),
        }
    }

    /// How many games the database holds, and how many of them are finished.
    pub fn counts(&mut self) -> Result<(u64, u64), String> {
        match self.db()? {
            Db::Sqlite(db) => db
                .query_row(
                    "SELECT COUNT(*), COALESCE(SUM(finished), 0) FROM games",
                    [],
                    |r| Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u64)),
                )
                .map_err(err),
            Db::Postgres(pg) => pg
                .client
                .query_one(
                    "SELECT COUNT(*), COUNT(*) FILTER (WHERE finished) FROM games",
                    &[],
                )
                .map(|r| (r.get::<_, i64>(0) as u64, r.get::<_, i64>(1) as u64))
                .map_err(err),
        }
    }
}
