//! The server on the network: WebSockets on tokio, each frame handed to the [`Hub`] under
//! one lock (never held across an await), each answer queued to its connection's writer.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

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

struct Shared {
    hub: Hub,
    writers: HashMap<ConnId, mpsc::Sender<Message>>,
}

impl Shared {
    fn deliver(&mut self, out: Vec<Out>) {
        for Out { to, text } in out {
            if let Some(tx) = self.writers.get(&to) {
                let _ = tx.try_send(Message::Text(text));
            }
        }
    }
}

type Locked = Arc<Mutex<Shared>>;

fn lock(shared: &Locked) -> std::sync::MutexGuard<'_, Shared> {
    // A panic elsewhere must not stop the server: the hub's data stays whole between
    // calls.
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `f` on the hub from a task: outside the runtime's task loop, since the database's
/// calls block (and PostgreSQL's client runs a runtime of its own, which may not start
/// inside a task).
fn with_hub<R>(shared: &Locked, f: impl FnOnce(&mut Shared) -> R) -> R {
    tokio::task::block_in_place(|| f(&mut lock(shared)))
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
    let redis = hub.cluster_url();
    let shared: Locked = Arc::new(Mutex::new(Shared {
        hub,
        writers: HashMap::new(),
    }));
    if let Some(url) = redis {
        // The other instances' notices, on a thread of their own (Redis's reads block).
        let listener = shared.clone();
        std::thread::spawn(move || {
            super::cluster::listen(&url, |notice| {
                let mut s = lock(&listener);
                let out = s.hub.notice(notice, Instant::now());
                s.deliver(out);
            })
        });
    }
    let ticker = shared.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_millis(100));
        loop {
            every.tick().await;
            with_hub(&ticker, |s| {
                let out = s.hub.tick(Instant::now());
                s.deliver(out);
            });
        }
    });
    loop {
        let Ok((stream, peer)) = listener.accept().await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let shared = shared.clone();
        tokio::spawn(async move {
            connection(stream, peer, shared, ws_config).await;
        });
    }
}

async fn connection(stream: TcpStream, peer: SocketAddr, shared: Locked, config: WebSocketConfig) {
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
    let (max_frame, connected) = with_hub(&shared, |s| {
        (
            s.hub.limits.max_frame,
            s.hub.connect(peer.ip(), Instant::now()),
        )
    });
    let conn = match connected {
        Ok(conn) => conn,
        Err(refusal) => {
            let _ = sink.send(Message::Text(refusal)).await;
            let _ = sink.close().await;
            return;
        }
    };
    let (tx, mut rx) = mpsc::channel::<Message>(QUEUE);
    with_hub(&shared, |s| s.writers.insert(conn, tx.clone()));
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
                let too_large = text.len() > max_frame;
                with_hub(&shared, |s| {
                    let out = s.hub.frame(conn, &text, Instant::now());
                    s.deliver(out);
                });
                if too_large {
                    let _ = tx.send(Message::Close(None)).await;
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
    with_hub(&shared, |s| {
        s.writers.remove(&conn);
        let out = s.hub.disconnect(conn, Instant::now());
        s.deliver(out);
    });
    drop(tx);
    let _ = tokio::time::timeout(Duration::from_secs(2), writer).await;
}
