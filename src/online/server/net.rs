//! The server on the network: WebSockets on tokio, and the [`Hub`] on a thread of its own
//! that takes its jobs (a connection, a frame, a disconnection, the clock's tick, another
//! instance's notice) one at a time in the order they came, each answer queued to its
//! connection's writer. The hub's database calls block that thread only, never the
//! runtime's.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::cluster::Notice;
use super::hub::{Hub, Limits, Out};
use super::room::ConnId;
use super::store::Store;
use crate::online::protocol::{self, ErrorCode, ServerMsg};

/// What `chogo-server` runs with.
#[derive(Clone, Debug)]
pub struct Config {
    pub listen: SocketAddr,
    /// An SQLite file's path or a `postgres://` URL.
    pub db: String,
    /// The Redis of a cluster of instances (`redis://…`), if this is one of several.
    pub redis: Option<String>,
    /// How often an instance of a cluster compares its rooms with the database.
    pub sync: Duration,
    pub limits: Limits,
}

/// Frames waiting for a slow connection's writer: past this, its frames are dropped (a
/// state is whole, so the next one makes up for any lost).
const QUEUE: usize = 256;
/// Jobs waiting for the hub: past this, the connections wait to hand theirs over (their
/// reading of frames waits with them).
const JOBS: usize = 8_192;
/// How often the hub's clock ticks (flags, grace periods, idle rooms, heartbeats).
const TICK: Duration = Duration::from_millis(100);

/// What the hub's thread is asked to do.
enum Job {
    /// A new connection from `addr`, its frames written by `writer`: answered with its
    /// id, or the refusal to send it before closing.
    Connect {
        addr: IpAddr,
        writer: mpsc::Sender<Message>,
        answer: oneshot::Sender<Result<ConnId, String>>,
    },
    /// A text frame read; `close`: the connection is closed after the answer.
    Frame {
        conn: ConnId,
        text: String,
        close: bool,
    },
    Disconnect(ConnId),
    Tick,
    /// Another instance's notice (`None`: notices may have been missed).
    Notice(Option<Notice>),
}

type Jobs = mpsc::Sender<Job>;

/// The hub's thread: each job in its turn, until every sender is gone.
fn referee(mut hub: Hub, mut jobs: mpsc::Receiver<Job>) {
    let mut writers: HashMap<ConnId, mpsc::Sender<Message>> = HashMap::new();
    while let Some(job) = jobs.blocking_recv() {
        // A panic in one job must not stop the server: the hub's data stays whole
        // between calls.
        let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let now = Instant::now();
            let (out, close) = match job {
                Job::Connect {
                    addr,
                    writer,
                    answer,
                } => {
                    let connected = hub.connect(addr, now);
                    if let Ok(conn) = connected {
                        writers.insert(conn, writer);
                    }
                    let _ = answer.send(connected);
                    (Vec::new(), None)
                }
                Job::Frame { conn, text, close } => {
                    (hub.frame(conn, &text, now), close.then_some(conn))
                }
                Job::Disconnect(conn) => {
                    writers.remove(&conn);
                    (hub.disconnect(conn, now), None)
                }
                Job::Tick => (hub.tick(now), None),
                Job::Notice(notice) => (hub.notice(notice, now), None),
            };
            for Out { to, text } in out {
                if let Some(tx) = writers.get(&to) {
                    let _ = tx.try_send(Message::Text(text));
                }
            }
            if let Some(tx) = close.and_then(|conn| writers.get(&conn)) {
                let _ = tx.try_send(Message::Close(None));
            }
        }));
        if done.is_err() {
            eprintln!("a request failed inside the server; the server goes on");
        }
    }
}

/// Runs the server until it is killed: opens the database, binds, prints
/// `listening on ADDR` as its first line, and serves.
pub fn run(config: Config) -> Result<(), String> {
    let store = Store::open(&config.db)?;
    let mut hub = Hub::new(store, config.limits);
    if let Some(url) = &config.redis {
        let cluster = super::cluster::Cluster::connect(url, hub.instance())?;
        hub = hub.with_cluster(cluster, config.sync);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(config.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot read the address: {e}"))?;
        match hub.cluster_url() {
            Some(_) => eprintln!("instance {} of a cluster", hub.instance()),
            None => eprintln!("alone on its database"),
        }
        println!("listening on {addr}");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        serve(listener, hub).await;
        Ok(())
    })
}

/// Serves connections from `listener` forever.
pub async fn serve(listener: TcpListener, hub: Hub) {
    let ws_config = {
        let mut c = WebSocketConfig::default();
        // Frames a little over the limit are read and refused with `too_large`; far over
        // it, the connection is dropped unread.
        let most = hub.limits.max_frame.saturating_mul(4);
        c.max_message_size = Some(most);
        c.max_frame_size = Some(most);
        c
    };
    let max_frame = hub.limits.max_frame;
    let redis = hub.cluster_url();
    let (jobs, queue) = mpsc::channel::<Job>(JOBS);
    std::thread::Builder::new()
        .name("hub".into())
        .spawn(move || referee(hub, queue))
        .expect("the hub's thread starts");
    if let Some(url) = redis {
        // The other instances' notices, on a thread of their own (Redis's reads block).
        let jobs = jobs.clone();
        std::thread::spawn(move || {
            super::cluster::listen(&url, |notice| {
                let _ = jobs.blocking_send(Job::Notice(notice));
            })
        });
    }
    let ticker = jobs.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(TICK);
        loop {
            every.tick().await;
            if ticker.send(Job::Tick).await.is_err() {
                break;
            }
        }
    });
    loop {
        let Ok((stream, peer)) = listener.accept().await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let jobs = jobs.clone();
        tokio::spawn(async move {
            connection(stream, peer, jobs, ws_config, max_frame).await;
        });
    }
}

async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    jobs: Jobs,
    config: WebSocketConfig,
    max_frame: usize,
) {
    let _ = stream.set_nodelay(true);
    let accepted = tokio::time::timeout(
        Duration::from_secs(10),
        tokio_tungstenite::accept_async_with_config(stream, Some(config)),
    )
    .await;
    let Ok(Ok(ws)) = accepted else {
        return;
    };
    let (mut sink, mut frames) = ws.split();
    let (tx, mut rx) = mpsc::channel::<Message>(QUEUE);
    let (answer, answered) = oneshot::channel();
    let asked = Job::Connect {
        addr: peer.ip(),
        writer: tx.clone(),
        answer,
    };
    if jobs.send(asked).await.is_err() {
        return;
    }
    let conn = match answered.await {
        Ok(Ok(conn)) => conn,
        Ok(Err(refusal)) => {
            let _ = sink.send(Message::Text(refusal)).await;
            let _ = sink.close().await;
            return;
        }
        Err(_) => return,
    };
    let writer = tokio::spawn(async move {
        while let Some(msg) = rx.recv().await {
            let close = matches!(msg, Message::Close(_));
            if sink.send(msg).await.is_err() || close {
                break;
            }
        }
        let _ = sink.close().await;
    });
    while let Some(frame) = frames.next().await {
        match frame {
            Ok(Message::Text(text)) => {
                let close = text.len() > max_frame;
                if jobs.send(Job::Frame { conn, text, close }).await.is_err() || close {
                    break;
                }
            }
            Ok(Message::Binary(_)) => {
                let text = protocol::encode(&ServerMsg::Error {
                    error: ErrorCode::BinaryFrame,
                    message: "frames are JSON text, not binary".into(),
                    code: None,
                });
                let _ = tx.try_send(Message::Text(text));
            }
            Ok(Message::Close(_)) | Err(_) => break,
            Ok(_) => {}
        }
    }
    let _ = jobs.send(Job::Disconnect(conn)).await;
    drop(tx);
    // A peer that reads nothing is not waited for: its socket closes with the writer.
    let abort = writer.abort_handle();
    if tokio::time::timeout(Duration::from_secs(2), writer)
        .await
        .is_err()
    {
        abort.abort();
    }
}
