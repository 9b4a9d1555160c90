//! `chogo-load --server ws://127.0.0.1:PORT --games N --moves M`: a load benchmark of the
//! game server on loopback (README, "Load"; `tools/load.sh` runs it against a server it
//! starts). It sets up N games first (two connections each, a create and a join, at most
//! `--setup` at once), then every game plays random legal moves as fast as the server
//! answers — the side to move sends its move as soon as it sees the state with its turn —
//! up to M plies a game or the game's end, all games at once. It measures each move from
//! its sending to the state that contains it on the mover's connection, and checks that
//! every state's moves are the moves sent so far and that each game's last state has all
//! of them, once each (with `--db`, the database's rows too).
//!
//! Bounded: it refuses any server address but loopback, and stops after `--seconds`
//! (a failure). Built only with the cargo feature `server`; not a test (a measurement).
//!
//! Exit codes: 0 every move arrived once, in order; 1 a move lost, doubled or refused, a
//! connection failed, or the time limit; 2 bad usage.

use std::net::{SocketAddr, ToSocketAddrs};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use chogo::common::Side;
use chogo::online::game::{OnlineGame, Variant};
use chogo::online::protocol::{self, ClientMsg, GameKind, GameSpec, Presence, ServerMsg, State};
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

/// A load benchmark of chogo-server on loopback: N concurrent games, each playing random
/// legal moves as fast as the server answers.
#[derive(Parser)]
#[command(name = "chogo-load", version)]
struct Options {
    /// the server, on loopback only: ws://127.0.0.1:PORT
    #[arg(long, value_name = "URL")]
    server: String,
    /// games played at once (two connections each)
    #[arg(long, default_value_t = 500)]
    games: usize,
    /// plies a game at most (fewer if the game ends first)
    #[arg(long, default_value_t = 40)]
    moves: usize,
    /// which game: chogo or go
    #[arg(long, default_value = "chogo")]
    game: String,
    /// the whole run's time limit (setting up included); past it the run fails
    #[arg(long, default_value_t = 300.0, value_name = "SECONDS")]
    seconds: f64,
    /// games being set up at once
    #[arg(long, default_value_t = 200)]
    setup: usize,
    /// the random moves' seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// each move waits this long, on average, before it is sent (0: at once; a move's
    /// latency is counted from its sending)
    #[arg(long, default_value_t = 0.0, value_name = "MS")]
    think: f64,
    /// the runtime's worker threads
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// the server's database (an SQLite file or a postgres:// URL): each game's row is
    /// read back after the run and must hold the moves sent
    #[arg(long, value_name = "FILE|URL")]
    db: Option<String>,
    /// the server's process id: its memory (VmHWM, VmRSS) is read at the end
    #[arg(long)]
    pid: Option<u32>,
}

type Ws = WebSocketStream<TcpStream>;

/// A game set up: its room, its two connections (Black's first) and the last state each
/// saw.
struct Game {
    code: String,
    conns: [Ws; 2],
    last: [Option<State>; 2],
    variant: Variant,
}

/// A game played out: its moves (canonical), each move's latency, or why it failed.
struct Played {
    code: String,
    moves: Vec<String>,
    latencies: Vec<Duration>,
    failure: Option<String>,
    conns: [Ws; 2],
}

/// The server's address from a `ws://HOST:PORT[/PATH]` URL, loopback only.
fn loopback(url: &str) -> Result<SocketAddr, String> {
    let rest = url
        .strip_prefix("ws://")
        .ok_or_else(|| format!("--server takes ws://127.0.0.1:PORT, not '{url}'"))?;
    let host = rest.split('/').next().unwrap_or_default();
    let addrs: Vec<SocketAddr> = host
        .to_socket_addrs()
        .map_err(|e| format!("--server {url}: {e}"))?
        .collect();
    addrs
        .into_iter()
        .find(|a| a.ip().is_loopback())
        .ok_or_else(|| format!("--server {url}: the benchmark runs on loopback only"))
}

async fn open(addr: SocketAddr, url: &str) -> Result<Ws, String> {
    let stream = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let _ = stream.set_nodelay(true);
    let (ws, _) = tokio_tungstenite::client_async(url, stream)
        .await
        .map_err(|e| format!("handshake: {e}"))?;
    Ok(ws)
}

async fn send(ws: &mut Ws, msg: &ClientMsg) -> Result<(), String> {
    ws.send(Message::Text(protocol::encode(msg)))
        .await
        .map_err(|e| format!("send: {e}"))
}

/// The next message a connection receives (an error frame is a failure).
async fn receive(ws: &mut Ws) -> Result<ServerMsg, String> {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(text))) => {
                return match protocol::decode_server(&text) {
                    Ok(ServerMsg::Error { error, message, .. }) => {
                        Err(format!("refused: {error:?}: {message}"))
                    }
                    Ok(msg) => Ok(msg),
                    Err(e) => Err(format!("unread frame: {}", e.message)),
                };
            }
            Some(Ok(Message::Close(_))) | None => return Err("connection closed".into()),
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(format!("receive: {e}")),
        }
    }
}

/// Opens a game: Black creates it, White joins; both have seen the state with both seats
/// taken.
async fn set_up(addr: SocketAddr, url: String, kind: GameKind) -> Result<Game, String> {
    let mut black = open(addr, &url).await?;
    let spec = GameSpec {
        game: Some(kind),
        side: Some(Side::Black),
        ..GameSpec::default()
    };
    send(&mut black, &ClientMsg::Create(spec)).await?;
    let code = match receive(&mut black).await? {
        ServerMsg::Joined { code, .. } => code,
        other => return Err(format!("a create answered by {other:?}")),
    };
    let mut white = open(addr, &url).await?;
    send(&mut white, &ClientMsg::Join { code: code.clone() }).await?;
    let mut last: [Option<State>; 2] = [None, None];
    for (i, ws) in [&mut black, &mut white].into_iter().enumerate() {
        loop {
            if let ServerMsg::State(s) = receive(ws).await?
                && s.black == Presence::Connected
                && s.white == Presence::Connected
            {
                last[i] = Some(s);
                break;
            }
        }
    }
    let rules = last[0]
        .as_ref()
        .map(|s| s.rules.clone())
        .unwrap_or_default();
    let variant = Variant::from_text(kind, &rules)?;
    Ok(Game {
        code,
        conns: [black, white],
        last,
        variant,
    })
}

/// What one game is doing while it plays.
struct Playing {
    code: String,
    game: OnlineGame,
    plies: usize,
    sent: Vec<String>,
    /// Each side's move waiting for its state: its index and when it was sent.
    pending: [Option<(usize, Instant)>; 2],
    /// The move chosen and not sent yet (`--think`): its side, when it is due, and it.
    due: Option<(usize, Instant, ClientMsg)>,
    think: Duration,
    /// How many moves the last state each connection saw had.
    seen: [usize; 2],
    over: bool,
    latencies: Vec<Duration>,
    rng: SmallRng,
}

impl Playing {
    /// A state on connection `i` (0 Black, 1 White): checked against the moves sent,
    /// and answered with a move if it is that side's turn (put in `due`).
    fn state(&mut self, i: usize, s: &State) -> Result<(), String> {
        if s.code != self.code {
            return Err(format!("a state of room {} in room {}", s.code, self.code));
        }
        let n = s.moves.len();
        if n > self.sent.len() || s.moves[..] != self.sent[..n] {
            return Err(format!(
                "the state's moves are not the moves sent: {:?} after sending {:?}",
                s.moves, self.sent
            ));
        }
        if n < self.seen[i] {
            return Err(format!(
                "a state of {n} moves after one of {}",
                self.seen[i]
            ));
        }
        self.seen[i] = n;
        if let Some((k, at)) = self.pending[i]
            && n > k
        {
            self.latencies.push(at.elapsed());
            self.pending[i] = None;
        }
        if s.result.is_some() {
            self.over = true;
        }
        let side = if i == 0 { Side::Black } else { Side::White };
        if self.over
            || n != self.sent.len()
            || self.sent.len() >= self.plies
            || s.turn != side
            || self.pending[i].is_some()
            || self.due.is_some()
        {
            return Ok(());
        }
        let legal = self.game.legal_texts();
        if legal.is_empty() {
            return Err(format!("no legal move and no result after {n} moves"));
        }
        let text = legal[self.rng.random_range(0..legal.len())].clone();
        let canonical = self.game.play_text(&text)?;
        self.sent.push(canonical);
        // Between half and one and a half times the thinking time.
        let wait = self.think.mul_f64(0.5 + self.rng.random_range(0.0..1.0));
        let msg = ClientMsg::Move {
            code: self.code.clone(),
            text,
        };
        self.due = Some((i, Instant::now() + wait, msg));
        Ok(())
    }

    /// The move due to be sent now, if any: its side and it, counted as sent.
    fn send_due(&mut self, now: Instant) -> Option<(usize, ClientMsg)> {
        let (i, _, msg) = self.due.take_if(|(_, at, _)| *at <= now)?;
        self.pending[i] = Some((self.sent.len() - 1, Instant::now()));
        Some((i, msg))
    }

    fn finished(&self) -> bool {
        let n = self.sent.len();
        (self.over || n >= self.plies)
            && self.pending.iter().all(Option::is_none)
            && self.due.is_none()
            && self.seen.iter().all(|s| *s == n)
    }
}

/// Plays a game out as fast as the server answers.
async fn play(game: Game, plies: usize, think: Duration, seed: u64) -> Played {
    let Game {
        code,
        mut conns,
        last,
        variant,
    } = game;
    let mut p = Playing {
        code: code.clone(),
        game: OnlineGame::new(&variant),
        plies,
        sent: Vec::new(),
        pending: [None, None],
        due: None,
        think,
        seen: [0, 0],
        over: false,
        latencies: Vec::with_capacity(plies),
        rng: SmallRng::seed_from_u64(seed),
    };
    let result = async {
        for (i, s) in last.iter().enumerate() {
            if let Some(s) = s {
                p.state(i, s)?;
            }
        }
        while !p.finished() {
            if let Some((i, msg)) = p.send_due(Instant::now()) {
                send(&mut conns[i], &msg).await?;
                continue;
            }
            let due = p.due.as_ref().map(|(_, at, _)| *at);
            let [a, b] = &mut conns;
            let (i, msg) = tokio::select! {
                m = receive(a) => (0, m?),
                m = receive(b) => (1, m?),
                _ = tokio::time::sleep_until(due.unwrap_or_else(Instant::now).into()), if due.is_some() => continue,
            };
            if let ServerMsg::State(s) = msg {
                p.state(i, &s)?;
            }
        }
        Ok::<(), String>(())
    }
    .await;
    Played {
        code,
        moves: p.sent,
        latencies: p.latencies,
        failure: result.err(),
        conns,
    }
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// A process's VmHWM and VmRSS in kB, from /proc.
fn memory(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
    };
    Some((field("VmHWM:")?, field("VmRSS:")?))
}

/// Each game's row in the database must hold exactly the moves sent: the number of rows
/// that do not.
fn check_db(db: &str, games: &[(String, Vec<String>)]) -> Result<usize, String> {
    let mut store = chogo::online::server::store::Store::open(db)?;
    let mut wrong = 0;
    for (code, moves) in games {
        match store.row(code)? {
            Some(row) if row.saved.moves == *moves => {}
            Some(row) => {
                wrong += 1;
                eprintln!(
                    "chogo-load: room {code}: the database holds {} moves, {} were sent",
                    row.saved.moves.len(),
                    moves.len()
                );
            }
            None => {
                wrong += 1;
                eprintln!("chogo-load: room {code}: no row in the database");
            }
        }
    }
    Ok(wrong)
}

struct Report {
    setup: Duration,
    played: Vec<Played>,
    playing: Duration,
}

async fn run(o: &Options, addr: SocketAddr, kind: GameKind) -> Result<Report, String> {
    let started = Instant::now();
    let think = Duration::from_secs_f64(o.think.max(0.0) / 1000.0);
    let gate = Arc::new(Semaphore::new(o.setup.max(1)));
    let ready = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::with_capacity(o.games);
    for _ in 0..o.games {
        let (gate, ready, url) = (gate.clone(), ready.clone(), o.server.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await.map_err(|e| e.to_string())?;
            let game = set_up(addr, url, kind).await?;
            ready.fetch_add(1, Ordering::Relaxed);
            Ok::<Game, String>(game)
        }));
    }
    let mut games = Vec::with_capacity(o.games);
    for task in tasks {
        games.push(task.await.map_err(|e| e.to_string())??);
    }
    let setup = started.elapsed();
    eprintln!(
        "chogo-load: {} games set up in {:.1} s",
        games.len(),
        setup.as_secs_f64()
    );
    let start = Instant::now();
    let tasks: Vec<_> = games
        .into_iter()
        .enumerate()
        .map(|(n, g)| {
            tokio::spawn(play(
                g,
                o.moves,
                think,
                o.seed.wrapping_mul(1_000_003) + n as u64,
            ))
        })
        .collect();
    let mut played = Vec::with_capacity(tasks.len());
    for task in tasks {
        played.push(task.await.map_err(|e| e.to_string())?);
    }
    let playing = start.elapsed();
    Ok(Report {
        setup,
        played,
        playing,
    })
}

fn main() -> ExitCode {
    let o = match Options::try_parse() {
        Ok(o) => o,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let usage = |e: String| {
        eprintln!("chogo-load: {e}");
        ExitCode::from(2)
    };
    let addr = match loopback(&o.server) {
        Ok(a) => a,
        Err(e) => return usage(e),
    };
    let Some(kind) = GameKind::from_name(&o.game) else {
        return usage(format!("--game takes chogo or go, not '{}'", o.game));
    };
    let Ok(limit) = Duration::try_from_secs_f64(o.seconds) else {
        return usage(format!("--seconds takes seconds, not {}", o.seconds));
    };
    if !(o.think.is_finite() && (0.0..=60_000.0).contains(&o.think)) {
        return usage(format!("--think takes 0 to 60000 ms, not {}", o.think));
    }
    if o.games == 0 || o.moves == 0 {
        return usage("--games and --moves take 1 or more".into());
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(o.threads.max(1))
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return usage(format!("cannot start the runtime: {e}")),
    };
    let outcome =
        runtime.block_on(async { tokio::time::timeout(limit, run(&o, addr, kind)).await });
    let report = match outcome {
        Err(_) => {
            eprintln!(
                "chogo-load: FAILED: not done within {} s (--seconds)",
                o.seconds
            );
            // The runtime's tasks still hold their connections: leave without waiting.
            runtime.shutdown_background();
            return ExitCode::FAILURE;
        }
        Ok(Err(e)) => {
            eprintln!("chogo-load: FAILED: {e}");
            runtime.shutdown_background();
            return ExitCode::FAILURE;
        }
        Ok(Ok(r)) => r,
    };
    let memory = o.pid.and_then(memory);
    let mut latencies: Vec<Duration> = report
        .played
        .iter()
        .flat_map(|p| p.latencies.iter().copied())
        .collect();
    latencies.sort_unstable();
    let moves: usize = report.played.iter().map(|p| p.moves.len()).sum();
    let failed = report.played.iter().filter(|p| p.failure.is_some()).count();
    for p in report
        .played
        .iter()
        .filter(|p| p.failure.is_some())
        .take(10)
    {
        eprintln!(
            "chogo-load: room {}: {}",
            p.code,
            p.failure.as_deref().unwrap_or_default()
        );
    }
    let rate = moves as f64 / report.playing.as_secs_f64().max(1e-9);
    let (p50, p99, max) = (
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or_default(),
    );
    println!(
        "chogo-load: {} games of {} ({} plies at most, {} ms thinking), set up in {:.1} s",
        o.games,
        kind.name(),
        o.moves,
        o.think,
        report.setup.as_secs_f64()
    );
    println!(
        "moves: {moves} in {:.2} s: {rate:.0} moves/s; {} games ended by the rules",
        report.playing.as_secs_f64(),
        report
            .played
            .iter()
            .filter(|p| p.moves.len() < o.moves)
            .count()
    );
    println!(
        "latency (move sent to its state, {} moves): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        ms(p50),
        ms(p99),
        ms(max)
    );
    println!(
        "games: {} whole, {} failed (a move lost, doubled or refused)",
        report.played.len() - failed,
        failed
    );
    // Every connection is closed before the database is read (the runtime goes first:
    // PostgreSQL's client runs a runtime of its own).
    let rows: Vec<(String, Vec<String>)> = report
        .played
        .into_iter()
        .map(|p| {
            drop(p.conns);
            (p.code, p.moves)
        })
        .collect();
    runtime.shutdown_timeout(Duration::from_secs(2));
    let mut wrong_rows = 0;
    if let Some(db) = &o.db {
        match check_db(db, &rows) {
            Ok(wrong) => {
                wrong_rows = wrong;
                println!(
                    "database: {} of {} rows hold exactly the moves sent",
                    rows.len() - wrong,
                    rows.len()
                );
            }
            Err(e) => {
                eprintln!("chogo-load: FAILED: the database: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    if let Some((hwm, rss)) = memory {
        println!(
            "server memory: VmHWM {:.0} MB, VmRSS {:.0} MB",
            hwm as f64 / 1024.0,
            rss as f64 / 1024.0
        );
    }
    let (hwm, rss) = memory.unwrap_or_default();
    println!(
        "result games={} moves={moves} seconds={:.2} moves_per_s={rate:.0} p50_ms={:.2} p99_ms={:.2} max_ms={:.2} failed={} wrong_rows={wrong_rows} hwm_kb={hwm} rss_kb={rss}",
        o.games,
        report.playing.as_secs_f64(),
        ms(p50),
        ms(p99),
        ms(max),
        failed
    );
    if failed == 0 && wrong_rows == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!("chogo-load: FAILED");
        ExitCode::FAILURE
    }
}
