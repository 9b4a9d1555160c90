//! The online client: one seat (or a spectator's place) in one room of a game server, as a
//! state machine that never blocks. The caller polls it (each frame in the app, in a loop
//! on the command line), reads its events, and sends moves and requests; the client
//! connects, creates or joins, rebuilds the room's game from each state the server sends,
//! and after a dropped connection connects again and rejoins with its token, for as long
//! as [`Client::reconnect_for`] allows. The WebSocket is ewebsock's, on the desktop (a
//! thread) and in the browser (the page's WebSocket) alike.

use web_time::{Duration, Instant};

use crate::common::Side;

use super::game::{Declared, OnlineGame, Variant};
use super::protocol::{self, ClientMsg, ErrorCode, GameSpec, ServerMsg, State};

/// What the client asks for first.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    Create(GameSpec),
    Join(String),
    Watch(String),
    /// A seat held before (a save of an online game): its room and its token.
    Rejoin {
        code: String,
        token: String,
    },
}

/// The connection as the player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Connecting,
    Open,
    /// Dropped; the client tries again.
    Down,
    /// Dropped for longer than the client tries: nothing more happens.
    GaveUp,
}

/// What happened since the last poll.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Seated in room `code` (or watching it: `side` none). A rematch seats the player in
    /// its new room the same way.
    Joined {
        code: String,
        side: Option<Side>,
    },
    /// The room as it stands now ([`Client::game`] is rebuilt from it).
    State(Box<State>),
    /// The server refused a request: nothing changed.
    Refused {
        error: ErrorCode,
        message: String,
    },
    Link(Link),
}

/// The record of game `code` on the server at `url` in `format`, on a connection of its
/// own that waits at most `timeout` (the command line's `online fetch`). Not in the
/// browser, where nothing may wait.
#[cfg(not(target_arch = "wasm32"))]
pub fn fetch_record(
    url: &str,
    code: &str,
    format: protocol::RecordFormat,
    timeout: Duration,
) -> Result<String, String> {
    let (mut tx, rx) = ewebsock::connect(url, ewebsock::Options::default())
        .map_err(|e| format!("cannot connect to {url}: {e}"))?;
    let end = Instant::now() + timeout;
    while Instant::now() < end {
        let Some(event) = rx.try_recv() else {
            std::thread::sleep(Duration::from_millis(5));
            continue;
        };
        match event {
            ewebsock::WsEvent::Opened => {
                let ask = ClientMsg::Fetch {
                    code: code.to_string(),
                    format,
                };
                tx.send(ewebsock::WsMessage::Text(protocol::encode(&ask)));
            }
            ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                match protocol::decode_server(&text) {
                    Ok(ServerMsg::Record { text, .. }) => return Ok(text),
                    Ok(ServerMsg::Error { message, .. }) => return Err(message),
                    Ok(_) => {}
                    Err(e) => return Err(format!("the server's answer: {}", e.message)),
                }
            }
            ewebsock::WsEvent::Message(_) => {}
            ewebsock::WsEvent::Error(e) => return Err(format!("the connection to {url}: {e}")),
            ewebsock::WsEvent::Closed => return Err(format!("{url} closed the connection")),
        }
    }
    Err(format!("{url} did not answer in {} s", timeout.as_secs()))
}

/// A seat of one room on one server.
pub struct Client {
    url: String,
    intent: Intent,
    socket: Option<(ewebsock::WsSender, ewebsock::WsReceiver)>,
    link: Link,
    code: Option<String>,
    token: Option<String>,
    side: Option<Side>,
    state: Option<State>,
    game: Option<OnlineGame>,
    /// Reconnect for this long after a drop before giving up.
    pub reconnect_for: Duration,
    /// Wait this long between two attempts.
    pub retry_every: Duration,
    next_try: Instant,
    down_since: Option<Instant>,
    /// The number of moves of the game when this client last sent a move: no second move
    /// is sent for the same position.
    sent_at: Option<usize>,
    /// No move is due before then (after the server said "too fast").
    hold_until: Option<Instant>,
    /// Called on every event of the connection, from its thread (the app's frame loop
    /// sleeps until something wakes it).
    wake: Option<fn()>,
}

impl Client {
    /// A client that connects to `url` (`ws://127.0.0.1:9000`) and asks for `intent`.
    pub fn new(url: &str, intent: Intent) -> Client {
        Client::waking(url, intent, None)
    }

    /// A client that also calls `wake` whenever something arrives or the connection
    /// changes, so that a caller that sleeps between polls polls again.
    pub fn waking(url: &str, intent: Intent, wake: Option<fn()>) -> Client {
        let mut client = Client {
            url: url.to_string(),
            intent,
            socket: None,
            link: Link::Connecting,
            code: None,
            token: None,
            side: None,
            state: None,
            game: None,
            reconnect_for: Duration::from_secs(60),
            retry_every: Duration::from_millis(250),
            next_try: Instant::now(),
            down_since: None,
            sent_at: None,
            hold_until: None,
            wake,
        };
        client.dial();
        client
    }

    fn dial(&mut self) {
        self.socket = None;
        let options = ewebsock::Options::default();
        let socket = match self.wake {
            Some(wake) => ewebsock::connect_with_wakeup(self.url.clone(), options, wake),
            None => ewebsock::connect(self.url.clone(), options),
        };
        match socket {
            Ok(pair) => {
                self.socket = Some(pair);
                self.link = Link::Connecting;
            }
            Err(_) => self.lost(Instant::now()),
        }
    }

    /// The connection dropped (or could not be made) at `now`.
    fn lost(&mut self, now: Instant) {
        self.socket = None;
        self.down_since.get_or_insert(now);
        self.next_try = now + self.retry_every;
        if self.link != Link::GaveUp {
            self.link = Link::Down;
        }
    }

    pub fn link(&self) -> Link {
        self.link
    }

    /// The room's code, once seated.
    pub fn code(&self) -> Option<&str> {
        self.code.as_deref()
    }

    /// The token of the seat, for rejoining it from elsewhere (a save).
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// This player's side (none: a spectator, or not seated yet).
    pub fn side(&self) -> Option<Side> {
        self.side
    }

    /// The latest state of the room.
    pub fn state(&self) -> Option<&State> {
        self.state.as_ref()
    }

    /// The room's game as the latest state says, rebuilt by the engines.
    pub fn game(&self) -> Option<&OnlineGame> {
        self.game.as_ref()
    }

    /// Whether this player is to move now and has not yet sent a move for this position.
    pub fn to_move(&self) -> bool {
        let (Some(state), Some(side), Some(game)) = (&self.state, self.side, &self.game) else {
            return false;
        };
        self.link == Link::Open
            && state.result.is_none()
            && state.turn == side
            && state.black != protocol::Presence::Empty
            && state.white != protocol::Presence::Empty
            && self.sent_at != Some(game.ply_count())
            && self.hold_until.is_none_or(|t| Instant::now() >= t)
    }

    /// The record of the game as this client rebuilt it.
    pub fn record(&self) -> Option<String> {
        let names = super::RECORD_NAMES;
        self.game.as_ref().map(|g| g.record(names[0], names[1]))
    }

    /// Sends a message over the open connection; false when there is none.
    pub fn send(&mut self, msg: &ClientMsg) -> bool {
        if self.link != Link::Open {
            return false;
        }
        match &mut self.socket {
            Some((tx, _)) => {
                tx.send(ewebsock::WsMessage::Text(protocol::encode(msg)));
                true
            }
            None => false,
        }
    }

    /// Sends a frame as it is, for testing the server with what no client should send.
    pub fn send_raw(&mut self, text: &str) -> bool {
        match &mut self.socket {
            Some((tx, _)) if self.link == Link::Open => {
                tx.send(ewebsock::WsMessage::Text(text.to_string()));
                true
            }
            _ => false,
        }
    }

    /// Plays a move in the game's notation (`pass` in Go).
    pub fn play(&mut self, text: &str) -> bool {
        let Some(code) = self.code.clone() else {
            return false;
        };
        let sent = self.send(&ClientMsg::Move {
            code,
            text: text.to_string(),
        });
        if sent {
            self.sent_at = self.game.as_ref().map(OnlineGame::ply_count);
        }
        sent
    }

    /// Sends a request about this client's room: `ask(ClientMsg::Resign)`-like
    /// constructors take the code (`|code| ClientMsg::Resign { code }`).
    pub fn ask(&mut self, request: impl FnOnce(String) -> ClientMsg) -> bool {
        match self.code.clone() {
            Some(code) => self.send(&request(code)),
            None => false,
        }
    }

    /// Closes the connection as a network failure would: the client then reconnects and
    /// rejoins by itself (for the tests, and a person's "reconnect").
    pub fn drop_link(&mut self) {
        if let Some((mut tx, _)) = self.socket.take() {
            tx.close();
        }
        self.lost(Instant::now());
    }

    /// Reads what arrived, reconnects when it is time: never waits.
    pub fn poll(&mut self, now: Instant) -> Vec<Event> {
        let mut events = Vec::new();
        if self.socket.is_none() && self.link != Link::GaveUp && now >= self.next_try {
            if self
                .down_since
                .is_some_and(|t| now.duration_since(t) > self.reconnect_for)
            {
                self.link = Link::GaveUp;
                events.push(Event::Link(Link::GaveUp));
                return events;
            }
            self.dial();
        }
        // A bounded number of events a poll, so that a flood never stalls the caller.
        for _ in 0..256 {
            let Some((_, rx)) = &self.socket else { break };
            let Some(event) = rx.try_recv() else { break };
            match event {
                ewebsock::WsEvent::Opened => {
                    self.link = Link::Open;
                    self.down_since = None;
                    self.sent_at = None;
                    events.push(Event::Link(Link::Open));
                    let first = self.first_message();
                    self.send(&first);
                }
                ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                    if let Some(event) = self.read(&text) {
                        events.push(event);
                    }
                }
                ewebsock::WsEvent::Message(_) => {}
                ewebsock::WsEvent::Error(_) | ewebsock::WsEvent::Closed => {
                    self.lost(now);
                    events.push(Event::Link(Link::Down));
                    break;
                }
            }
        }
        events
    }

    /// What to say on a new connection: rejoin the seat held, else the first intent.
    fn first_message(&self) -> ClientMsg {
        match (&self.code, &self.token) {
            (Some(code), Some(token)) => ClientMsg::Rejoin {
                code: code.clone(),
                token: token.clone(),
            },
            (Some(code), None) => ClientMsg::Watch { code: code.clone() },
            _ => match &self.intent {
                Intent::Create(spec) => ClientMsg::Create(spec.clone()),
                Intent::Join(code) => ClientMsg::Join { code: code.clone() },
                Intent::Watch(code) => ClientMsg::Watch { code: code.clone() },
                Intent::Rejoin { code, token } => ClientMsg::Rejoin {
                    code: code.clone(),
                    token: token.clone(),
                },
            },
        }
    }

    fn read(&mut self, text: &str) -> Option<Event> {
        let msg = match protocol::decode_server(text) {
            Ok(msg) => msg,
            Err(e) => {
                return Some(Event::Refused {
                    error: e.error,
                    message: format!(
                        "the server sent what this client cannot read: {}",
                        e.message
                    ),
                });
            }
        };
        match msg {
            ServerMsg::Joined { code, token, side } => {
                if self.code.as_deref() != Some(code.as_str()) {
                    // A new room (the first, or a rematch): its game comes with its state.
                    self.state = None;
                    self.game = None;
                    self.sent_at = None;
                    self.token = None;
                }
                if token.is_some() {
                    self.token = token;
                } else if self.token.is_none()
                    && let Intent::Rejoin { code: c, token: t } = &self.intent
                    && *c == code
                {
                    self.token = Some(t.clone());
                }
                self.code = Some(code.clone());
                self.side = side;
                Some(Event::Joined { code, side })
            }
            ServerMsg::State(state) => {
                if self.code.as_deref() != Some(state.code.as_str()) {
                    return None;
                }
                if self
                    .state
                    .as_ref()
                    .is_none_or(|old| old.moves != state.moves)
                {
                    // The game moved (this player's move, or a take-back): this position
                    // is new.
                    self.sent_at = None;
                }
                self.apply(&state);
                self.state = Some(state.clone());
                Some(Event::State(Box::new(state)))
            }
            // Asked for by `fetch_record` only, on a connection of its own.
            ServerMsg::Record { .. } => None,
            ServerMsg::Error { error, message, .. } => {
                if matches!(
                    error,
                    ErrorCode::NotYourTurn | ErrorCode::IllegalMove | ErrorCode::RateLimited
                ) {
                    // The move was not played: this position may be answered again.
                    self.sent_at = None;
                }
                if error == ErrorCode::RateLimited {
                    self.hold_until = Some(Instant::now() + Duration::from_millis(200));
                }
                Some(Event::Refused { error, message })
            }
        }
    }

    /// Rebuilds the game of a state: the moves played since the last one, or the whole
    /// game when it is not the last one's continuation.
    fn apply(&mut self, state: &State) {
        let declared = state.result.as_ref().and_then(|r| {
            let loser = r.winner.map(|w| !w);
            match (r.reason.as_str(), loser) {
                ("resignation", Some(s)) => Some(Declared::Resigned(s)),
                ("time", Some(s)) => Some(Declared::Flagged(s)),
                ("abandoned", Some(s)) => Some(Declared::Abandoned(s)),
                ("agreement", _) => Some(Declared::Agreed),
                _ => None,
            }
        });
        let continues = match (&self.state, &self.game) {
            (Some(old), Some(game)) => {
                old.result.is_none()
                    && !old.resumed
                    && old.moves.len() <= state.moves.len()
                    && state.moves[..old.moves.len()] == old.moves[..]
                    && game.ply_count() == old.moves.len()
            }
            _ => false,
        };
        let mut game = None;
        if continues && let Some(mut g) = self.game.take() {
            let from = self.state.as_ref().map_or(0, |s| s.moves.len());
            let mut ok = true;
            for text in &state.moves[from..] {
                g.resume_if_ended();
                ok &= g.play_text(text).is_ok();
            }
            if state.resumed {
                g.resume_if_ended();
            }
            if ok {
                game = Some(g);
            }
        }
        if game.is_none() {
            game = Variant::from_text(state.game, &state.rules)
                .ok()
                .and_then(|v| OnlineGame::replay(&v, &state.moves, state.resumed).ok());
        }
        if let (Some(game), Some(d)) = (&mut game, declared) {
            game.declare(d);
        }
        self.game = game;
    }
}
