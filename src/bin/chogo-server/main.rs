//! `chogo-server --listen ADDR:PORT --db FILE`: the online game server (docs/ONLINE.md).
//! Built only with the cargo feature `server`.
//!
//! Exit codes: 1 the server could not start (the database, the address), 2 bad usage.

use std::process::ExitCode;
use std::time::Duration;

use chogo::online::server::hub::Limits;
use chogo::online::server::net::{Config, run};
use clap::Parser;

/// The online game server of Chogo and Go with chess pieces: WebSockets on `/`, the games
/// in an SQLite file or a PostgreSQL database; with `--redis`, one of several instances on
/// one PostgreSQL database.
#[derive(Parser)]
#[command(name = "chogo-server", version)]
struct Options {
    /// the address to listen on, like 127.0.0.1:9000 (port 0: any free port)
    #[arg(long, value_name = "ADDR:PORT")]
    listen: String,
    /// the games' database: an SQLite file, created if missing, or a PostgreSQL URL
    /// (postgres://user@host:port/database)
    #[arg(long, value_name = "FILE|URL")]
    db: String,
    /// the Redis (redis://host:port/) through which several instances on one PostgreSQL
    /// database tell each other of their rooms' changes
    #[arg(long, value_name = "URL")]
    redis: Option<String>,
    /// with --redis: seconds between the comparisons of an instance's rooms with the
    /// database, which find a change whose notice was lost
    #[arg(long, default_value_t = 3.0, value_name = "SECONDS")]
    sync: f64,
    /// seconds a gone player's seat waits before the opponent may claim the win
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    grace: f64,
    /// seconds without a request after which a room nobody is connected to is closed
    #[arg(long, default_value_t = 1800.0, value_name = "SECONDS")]
    idle: f64,
    /// the largest frame, in bytes
    #[arg(long, default_value_t = 16 * 1024)]
    max_frame: usize,
    /// messages a second a connection may send
    #[arg(long, default_value_t = 20.0)]
    rate: f64,
    /// messages a connection may send at once
    #[arg(long, default_value_t = 40.0)]
    burst: f64,
    /// rooms a connection may hold
    #[arg(long, default_value_t = 8)]
    rooms_per_connection: usize,
    /// connections from one address at once
    #[arg(long, default_value_t = 32)]
    connections_per_address: usize,
    /// rooms in memory at once
    #[arg(long, default_value_t = 20_000)]
    max_rooms: usize,
}

fn seconds(name: &str, x: f64) -> Result<Duration, String> {
    Duration::try_from_secs_f64(x)
        .map_err(|_| format!("--{name} takes seconds (0 or more), not {x}"))
}

fn config(o: Options) -> Result<Config, String> {
    if let Some(url) = &o.redis
        && !(url.starts_with("redis://") || url.starts_with("rediss://"))
    {
        return Err(format!(
            "--redis takes a URL like redis://127.0.0.1:6379/, not '{}'",
            chogo::common::excerpt(url)
        ));
    }
    let listen = o.listen.parse().map_err(|_| {
        format!(
            "--listen takes ADDR:PORT like 127.0.0.1:9000, not '{}'",
            chogo::common::excerpt(&o.listen)
        )
    })?;
    let positive = |name: &str, x: f64| {
        if x.is_finite() && x > 0.0 {
            Ok(x)
        } else {
            Err(format!("--{name} takes a number above 0, not {x}"))
        }
    };
    Ok(Config {
        listen,
        db: o.db,
        redis: o.redis,
        sync: seconds("sync", o.sync)?.max(Duration::from_millis(100)),
        limits: Limits {
            max_frame: o.max_frame.max(256),
            rooms_per_conn: o.rooms_per_connection.max(1),
            conns_per_addr: o.connections_per_address.max(1),
            msgs_per_sec: positive("rate", o.rate)?,
            burst: positive("burst", o.burst)?.max(1.0),
            grace: seconds("grace", o.grace)?,
            idle: seconds("idle", o.idle)?,
            max_rooms: o.max_rooms.max(1),
        },
    })
}

fn main() -> ExitCode {
    let options = match Options::try_parse() {
        Ok(o) => o,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let config = match config(options) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("chogo-server: {e}");
            return ExitCode::from(2);
        }
    };
    match run(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chogo-server: {e}");
            ExitCode::from(1)
        }
    }
}
