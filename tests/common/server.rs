//! A chogo-server for the online tests: on 127.0.0.1 with a free port, its database in a
//! temporary folder, killed when dropped. The tests built with the cargo feature `server`
//! run the server cargo built with them; the app's tests (feature `gui` alone, so that
//! Bevy is not built a second time with the server's features) run the one `bash .ci/test`
//! builds first (`cargo build --no-default-features --features server --bin
//! chogo-server`), beside the test programs.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

#[cfg(feature = "server")]
use chogo::online::server::store::Store;

/// The server's program: cargo's own when the tests are built with it, else the one in
/// the target folder the test programs are in (none there: `None`).
pub fn binary() -> Option<PathBuf> {
    if let Some(path) = option_env!("CARGO_BIN_EXE_chogo-server") {
        return Some(PathBuf::from(path));
    }
    let exe = std::env::current_exe().ok()?;
    let path = exe.parent()?.parent()?.join("chogo-server");
    path.exists().then_some(path)
}

/// Whether the server can be run here: under CI it must be (a missing one fails the test);
/// elsewhere a test without it says so and stops.
pub fn available() -> bool {
    if binary().is_some() {
        return true;
    }
    let build = "cargo build --no-default-features --features server --bin chogo-server";
    assert!(
        std::env::var_os("CI").is_none(),
        "chogo-server was not built: {build} (bash .ci/test does)"
    );
    eprintln!("skipped: chogo-server was not built ({build})");
    false
}

/// The PostgreSQL and the Redis that `bash .ci/test` starts (.ci/services) for the
/// tests of several server instances: their URLs. Under CI they must be there; elsewhere
/// a test without them says so and stops.
pub fn services() -> Option<(String, String)> {
    let (Ok(postgres), Ok(redis)) = (
        std::env::var("CHOGO_TEST_POSTGRES"),
        std::env::var("CHOGO_TEST_REDIS"),
    ) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CHOGO_TEST_POSTGRES and CHOGO_TEST_REDIS are not set (bash .ci/test sets them)"
        );
        eprintln!("skipped: no PostgreSQL and Redis (eval \"$(bash .ci/services)\")");
        return None;
    };
    Some((postgres, redis))
}

/// A folder of its own under the system's temporary folder, removed at the end.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "chogo-online-{name}-{}-{}",
            std::process::id(),
            Instant::now().elapsed().as_nanos()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A running chogo-server, killed when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
    db: String,
    args: Vec<String>,
}

impl Server {
    /// A server on a free port (`args`: limits), the database `db`.
    pub fn start(db: &Path, args: &[&str]) -> Server {
        Server::start_on(&db.to_string_lossy(), args)
    }

    /// A server on a free port, the database `db` (a file or a `postgres://` URL).
    pub fn start_on(db: &str, args: &[&str]) -> Server {
        Server::on(db, 0, args.iter().map(|a| a.to_string()).collect())
    }

    pub fn on(db: &str, port: u16, args: Vec<String>) -> Server {
        let mut child = Command::new(binary().expect("chogo-server is built"))
            .args(["--listen", &format!("127.0.0.1:{port}"), "--db"])
            .arg(db)
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("chogo-server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .trim()
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("the server's first line names its address: {line:?}"));
        Server {
            child,
            port,
            db: db.to_string(),
            args,
        }
    }

    pub fn url(&self) -> String {
        format!("ws://127.0.0.1:{}", self.port)
    }

    /// Kills the server at once (SIGKILL), and starts it again on the same port and
    /// database.
    pub fn kill_and_restart(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        let mut again = None;
        // The port may take a moment to be free again.
        for _ in 0..50 {
            let attempt =
                std::panic::catch_unwind(|| Server::on(&self.db, self.port, self.args.clone()));
            if let Ok(server) = attempt {
                again = Some(server);
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let again = again.expect("the server starts again on its port");
        let old = std::mem::replace(self, again);
        drop(old);
    }

    #[cfg(feature = "server")]
    pub fn record(&self, code: &str) -> (String, bool) {
        let row = Store::open(&self.db)
            .unwrap()
            .row(code)
            .unwrap()
            .expect("the game's row");
        (row.record, row.finished)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
