//! The server's rooms and connections, without the network: each frame a connection sends
//! goes through [`Hub::frame`], which answers with the frames to send and to whom. A room
//! is written to the database before any change of it is announced, and a change the
//! database refuses is undone.

use std::collections::{BTreeSet, HashMap};
use std::net::IpAddr;
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use crate::common::Side;
use crate::online::game::{Declared, Variant};
use crate::online::protocol::{self, ClientMsg, ErrorCode, ServerMsg};

use super::cluster::{Cluster, Notice};
use super::room::{ConnId, Done, Refusal, Request, Room, Seat, ix, refuse};
use super::store::Store;

/// The server's bounds (`chogo-server --help` sets each).
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest frame read, in bytes.
    pub max_frame: usize,
    /// Rooms a connection may sit in or watch.
    pub rooms_per_conn: usize,
    /// Connections from one address at once.
    pub conns_per_addr: usize,
    /// Messages a second a connection may send (its bucket refills at this rate) …
    pub msgs_per_sec: f64,
    /// … and how many it may send at once.
    pub burst: f64,
    /// How long a gone player's seat is kept before the opponent may claim the win.
    pub grace: Duration,
    /// A room nobody is connected to is closed (taken out of memory; its row stays and a
    /// rejoin opens it again) after this long without a request.
    pub idle: Duration,
    /// Rooms in memory at once.
    pub max_rooms: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_frame: 16 * 1024,
            rooms_per_conn: 8,
            conns_per_addr: 32,
            msgs_per_sec: 20.0,
            burst: 40.0,
            grace: Duration::from_secs(60),
            idle: Duration::from_secs(30 * 60),
            max_rooms: 20_000,
        }
    }
}

/// A frame to send to a connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Out {
    pub to: ConnId,
    pub text: String,
}

struct Conn {
    addr: IpAddr,
    rooms: BTreeSet<String>,
    bucket: f64,
    refilled: Instant,
}

/// Every room and connection of a server.
pub struct Hub {
    rooms: HashMap<String, Room>,
    conns: HashMap<ConnId, Conn>,
    per_addr: HashMap<IpAddr, usize>,
    store: Store,
    pub limits: Limits,
    next_conn: ConnId,
    last_tick: Instant,
    /// This instance's name: random, new at every start.
    me: String,
    /// The other instances, when there are (`--redis`).
    cluster: Option<Cluster>,
    last_sync: Instant,
}

/// How often an instance of a cluster compares its rooms' versions with the database's.
const SYNC_EVERY: Duration = Duration::from_secs(3);

fn storage(e: String) -> Refusal {
    Refusal {
        error: ErrorCode::Storage,
        message: e,
    }
}

/// The hex SHA-256 of a token: all the database and the memory keep of it.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    if getrandom::fill(&mut bytes).is_err() {
        // No system randomness: the clock's nanoseconds, mixed (never on Linux).
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let h = Sha256::digest(t.to_le_bytes());
        for (b, h) in bytes.iter_mut().zip(h.iter().cycle()) {
            *b = *h;
        }
    }
    bytes
}

fn new_token() -> String {
    random_bytes::<16>()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Room codes: six letters and digits without the look-alikes (0 O 1 I).
const CODE_LETTERS: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

fn new_code() -> String {
    random_bytes::<6>()
        .iter()
        .map(|b| CODE_LETTERS[usize::from(b % 32)] as char)
        .collect()
}

fn error_frame(to: ConnId, refusal: &Refusal, code: Option<&str>) -> Out {
    Out {
        to,
        text: protocol::encode(&ServerMsg::Error {
            error: refusal.error,
            message: refusal.message.clone(),
            code: code.map(str::to_string),
        }),
    }
}

impl Hub {
    pub fn new(store: Store, limits: Limits) -> Hub {
        Hub {
            rooms: HashMap::new(),
            conns: HashMap::new(),
            per_addr: HashMap::new(),
            store,
            limits,
            next_conn: 1,
            last_tick: Instant::now(),
            me: random_bytes::<6>()
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
            cluster: None,
            last_sync: Instant::now(),
        }
    }

    /// The hub as one instance of several, told of each other's changes by `cluster`.
    pub fn with_cluster(mut self, mut cluster: Cluster) -> Hub {
        cluster.beat(&self.me, Instant::now());
        self.cluster = Some(cluster);
        self
    }

    /// The Redis of the cluster, if this instance is one of several.
    pub fn cluster_url(&self) -> Option<String> {
        self.cluster.as_ref().map(|c| c.url.clone())
    }

    /// This instance's name.
    pub fn instance(&self) -> &str {
        &self.me
    }

    fn alive(&mut self, instance: &str) -> bool {
        instance == self.me || self.cluster.as_mut().is_some_and(|c| c.is_alive(instance))
    }

    /// Keeps of a room read from the database what holds here: the seats this instance's
    /// connections hold, and the others' only while their instance lives. Connections of
    /// this instance that lost their seat (a newer connection of the player elsewhere) no
    /// longer hear the room.
    fn localize(&mut self, room: &mut Room, before: Option<&Room>, now: Instant) {
        for seat in room.seats.iter_mut().flatten() {
            let Some(held) = seat.away.take() else {
                continue;
            };
            if held.instance == self.me {
                if self.conns.contains_key(&held.conn) {
                    seat.conn = Some(held.conn);
                    seat.gone_since = None;
                } else {
                    seat.gone_since = Some(now);
                }
            } else if self.alive(&held.instance) {
                seat.away = Some(held);
                seat.gone_since = None;
            } else {
                seat.gone_since = Some(now);
            }
        }
        if let Some(before) = before {
            room.spectators = before.spectators.clone();
            for conn in before.members() {
                if !room.members().contains(&conn)
                    && let Some(c) = self.conns.get_mut(&conn)
                {
                    c.rooms.remove(&room.code);
                }
            }
        }
    }

    /// Reads room `code` again from the database (another instance changed it).
    fn reload(&mut self, code: &str, now: Instant) -> Result<(), Refusal> {
        let row = self
            .store
            .row(code)
            .map_err(storage)?
            .ok_or_else(|| Refusal {
                error: ErrorCode::NoSuchRoom,
                message: format!("no game has the code '{}'", crate::common::excerpt(code)),
            })?;
        let mut room = room_of_row(code, row, now, true)?;
        let before = self.rooms.remove(code);
        self.localize(&mut room, before.as_ref(), now);
        if let Some(before) = &before {
            room.active = before.active;
        }
        self.rooms.insert(code.to_string(), room);
        Ok(())
    }

    /// A notice of another instance (`None`: notices may have been missed): the rooms it
    /// changed, read again and told to this instance's connections.
    pub fn notice(&mut self, notice: Option<Notice>, now: Instant) -> Vec<Out> {
        let Some(n) = notice else {
            return self.sync(now);
        };
        if n.instance == self.me {
            return Vec::new();
        }
        let behind = self
            .rooms
            .get(&n.code)
            .is_some_and(|room| room.version < n.version);
        if behind {
            self.refresh(&[n.code], now)
        } else {
            Vec::new()
        }
    }

    /// Reads again the rooms of `codes` that are in memory and tells their members.
    fn refresh(&mut self, codes: &[String], now: Instant) -> Vec<Out> {
        let mut out = Vec::new();
        for code in codes {
            if !self.rooms.contains_key(code) {
                continue;
            }
            if let Err(e) = self.reload(code, now) {
                eprintln!("room {code}: not read again: {}", e.message);
                continue;
            }
            out.extend(self.seat_pending(code, now));
            if let Some(next) = self.rooms.get(code).and_then(|r| r.rematch.clone())
                && !self.rooms.contains_key(&next)
                && self.open(&next, now).is_ok()
            {
                out.extend(self.seat_pending(&next, now));
                out.extend(self.broadcast(&next, now));
            }
            out.extend(self.broadcast(code, now));
        }
        out
    }

    /// Compares the versions of the rooms in memory with the database's, and reads the
    /// changed ones again.
    fn sync(&mut self, now: Instant) -> Vec<Out> {
        self.last_sync = now;
        let codes: Vec<String> = self.rooms.keys().cloned().collect();
        let versions = match self.store.versions(&codes) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("{e}");
                return Vec::new();
            }
        };
        let changed: Vec<String> = codes
            .into_iter()
            .filter(|c| versions.get(c).is_some_and(|v| *v > self.rooms[c].version))
            .collect();
        self.refresh(&changed, now)
    }

    /// A rematch's seats this instance's connections hold without a token yet (another
    /// instance opened the rematch): each given its token.
    fn seat_pending(&mut self, code: &str, now: Instant) -> Vec<Out> {
        let Some(room) = self.rooms.get(code) else {
            return Vec::new();
        };
        let pending: Vec<(usize, ConnId)> = (0..2)
            .filter_map(|i| {
                let seat = room.seats[i].as_ref()?;
                (seat.token_hash.is_empty()).then_some((i, seat.conn?))
            })
            .collect();
        let mut out = Vec::new();
        for (i, conn) in pending {
            let token = new_token();
            let hash = token_hash(&token);
            let seated = self.change(code, now, |room| match room.seats[i].as_mut() {
                Some(seat) if seat.token_hash.is_empty() && seat.conn == Some(conn) => {
                    seat.token_hash = hash.clone();
                    Ok(Done::default())
                }
                _ => refuse(
                    ErrorCode::RoomFull,
                    "the seat is no longer this connection's",
                ),
            });
            if seated.is_ok() {
                self.enter(conn, code);
                let side = if i == 0 { Side::Black } else { Side::White };
                out.push(joined(conn, code, Some(token), Some(side)));
            }
        }
        out
    }

    /// A seat's connection came or went: in a cluster written and told, alone only kept
    /// in memory (a restarted server counts every player gone anyway).
    fn seat_moved(&mut self, code: &str, now: Instant, mut edit: impl FnMut(&mut Room)) {
        if self.cluster.is_some() {
            let written = self.change(code, now, |room| {
                edit(room);
                Ok(Done::default())
            });
            if written.is_ok() {
                return;
            }
        }
        if let Some(room) = self.rooms.get_mut(code) {
            edit(room);
            room.active = now;
        }
    }

    /// A new connection from `addr`, or why not (too many from there).
    pub fn connect(&mut self, addr: IpAddr, now: Instant) -> Result<ConnId, String> {
        let count = self.per_addr.entry(addr).or_default();
        if *count >= self.limits.conns_per_addr {
            return Err(protocol::encode(&ServerMsg::Error {
                error: ErrorCode::TooMany,
                message: format!(
                    "{} connections from one address at most",
                    self.limits.conns_per_addr
                ),
                code: None,
            }));
        }
        *count += 1;
        let id = self.next_conn;
        self.next_conn += 1;
        self.conns.insert(
            id,
            Conn {
                addr,
                rooms: BTreeSet::new(),
                bucket: self.limits.burst,
                refilled: now,
            },
        );
        Ok(id)
    }

    /// A connection closed: its seats wait for their players, its spectators' places go.
    pub fn disconnect(&mut self, conn: ConnId, now: Instant) -> Vec<Out> {
        let Some(c) = self.conns.remove(&conn) else {
            return Vec::new();
        };
        if let Some(n) = self.per_addr.get_mut(&c.addr) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.per_addr.remove(&c.addr);
            }
        }
        let mut out = Vec::new();
        for code in c.rooms {
            let Some(room) = self.rooms.get_mut(&code) else {
                continue;
            };
            room.spectators.remove(&conn);
            room.active = now;
            if room.side_of(conn).is_some() {
                self.seat_moved(&code, now, |room| {
                    for seat in room.seats.iter_mut().flatten() {
                        if seat.conn == Some(conn) {
                            seat.conn = None;
                            seat.gone_since = Some(now);
                        }
                    }
                });
            }
            out.extend(self.broadcast(&code, now));
        }
        out
    }

    /// How many rooms are in memory and connections are open.
    pub fn load(&self) -> (usize, usize) {
        (self.rooms.len(), self.conns.len())
    }

    /// The state of a room to each of its members.
    fn broadcast(&self, code: &str, now: Instant) -> Vec<Out> {
        let Some(room) = self.rooms.get(code) else {
            return Vec::new();
        };
        let text = protocol::encode(&ServerMsg::State(room.state(self.limits.grace, now)));
        room.members()
            .into_iter()
            .map(|to| Out {
                to,
                text: text.clone(),
            })
            .collect()
    }

    /// Saves a room's row at the room's version; false when the row was not at the
    /// version before (another instance changed it first).
    fn persist(&mut self, room: &Room) -> Result<bool, Refusal> {
        let record = room
            .game
            .record(super::room::NAMES[0], super::room::NAMES[1]);
        let saved = room.saved(&self.me);
        self.store
            .save(&room.code, &saved, &record, room.is_over(), room.version)
            .map_err(storage)
    }

    /// Tells the other instances that room `code` changed.
    fn publish(&mut self, code: &str) {
        let version = self.rooms.get(code).map_or(0, |r| r.version);
        let instance = self.me.clone();
        if let Some(cluster) = &mut self.cluster {
            cluster.publish(&Notice {
                instance,
                code: code.to_string(),
                version,
            });
        }
    }

    /// The room of `code`, opened from the database if it is not in memory.
    fn open(&mut self, code: &str, now: Instant) -> Result<(), Refusal> {
        if self.rooms.contains_key(code) {
            return Ok(());
        }
        let no_room = || Refusal {
            error: ErrorCode::NoSuchRoom,
            message: format!("no game has the code '{}'", crate::common::excerpt(code)),
        };
        if code.len() != 6 || !code.bytes().all(|b| CODE_LETTERS.contains(&b)) {
            return Err(no_room());
        }
        let row = self.store.row(code).map_err(storage)?.ok_or_else(no_room)?;
        if self.rooms.len() >= self.limits.max_rooms {
            return refuse(
                ErrorCode::TooMany,
                "the server holds as many games as it can",
            );
        }
        let mut room = room_of_row(code, row, now, self.cluster.is_some())?;
        self.localize(&mut room, None, now);
        self.rooms.insert(code.to_string(), room);
        Ok(())
    }

    /// Changes room `code` by `change`, on a copy: saved, then put in place and told to
    /// the other instances; nothing changes if `change` refuses or the database fails.
    /// When another instance changed the room first, the room is read again and `change`
    /// tried on it; so is a refusal, if the database has a newer room than this memory.
    fn change(
        &mut self,
        code: &str,
        now: Instant,
        mut change: impl FnMut(&mut Room) -> Result<Done, Refusal>,
    ) -> Result<Done, Refusal> {
        self.open(code, now)?;
        for attempt in 0..4 {
            let Some(room) = self.rooms.get(code) else {
                return refuse(ErrorCode::NoSuchRoom, "no such game");
            };
            let mut copy = room.clone();
            let done = match change(&mut copy) {
                Ok(done) => done,
                Err(refusal) => {
                    let stale = attempt == 0
                        && self.cluster.is_some()
                        && self
                            .store
                            .versions(&[code.to_string()])
                            .map_err(storage)?
                            .get(code)
                            .is_some_and(|v| *v > room.version);
                    if !stale {
                        return Err(refusal);
                    }
                    self.reload(code, now)?;
                    continue;
                }
            };
            copy.active = now;
            copy.version += 1;
            if self.persist(&copy)? {
                self.rooms.insert(code.to_string(), copy);
                self.publish(code);
                return Ok(done);
            }
            self.reload(code, now)?;
        }
        refuse(
            ErrorCode::Storage,
            "the game changed too often at once: try again",
        )
    }

    /// Whether a connection may take one more room.
    fn room_allowed(&self, conn: ConnId, code: Option<&str>) -> Result<(), Refusal> {
        let Some(c) = self.conns.get(&conn) else {
            return refuse(ErrorCode::NotPlayer, "no such connection");
        };
        if code.is_some_and(|code| c.rooms.contains(code)) {
            return Ok(());
        }
        if c.rooms.len() >= self.limits.rooms_per_conn {
            return refuse(
                ErrorCode::TooMany,
                format!(
                    "a connection holds {} rooms at most",
                    self.limits.rooms_per_conn
                ),
            );
        }
        if code.is_none() && self.rooms.len() >= self.limits.max_rooms {
            return refuse(
                ErrorCode::TooMany,
                "the server holds as many games as it can",
            );
        }
        Ok(())
    }

    fn enter(&mut self, conn: ConnId, code: &str) {
        if let Some(c) = self.conns.get_mut(&conn) {
            c.rooms.insert(code.to_string());
        }
    }

    /// Takes a token from a connection's bucket; false when it is empty.
    fn within_rate(&mut self, conn: ConnId, now: Instant) -> bool {
        let limits = &self.limits;
        let Some(c) = self.conns.get_mut(&conn) else {
            return false;
        };
        let refill = now.saturating_duration_since(c.refilled).as_secs_f64() * limits.msgs_per_sec;
        c.bucket = (c.bucket + refill).min(limits.burst);
        c.refilled = now;
        if c.bucket < 1.0 {
            return false;
        }
        c.bucket -= 1.0;
        true
    }

    /// A frame of text from a connection: the frames to send in answer.
    pub fn frame(&mut self, conn: ConnId, text: &str, now: Instant) -> Vec<Out> {
        if !self.conns.contains_key(&conn) {
            return Vec::new();
        }
        if text.len() > self.limits.max_frame {
            let refusal = Refusal {
                error: ErrorCode::TooLarge,
                message: format!(
                    "a frame of {} bytes: the limit is {}",
                    text.len(),
                    self.limits.max_frame
                ),
            };
            return vec![error_frame(conn, &refusal, None)];
        }
        if !self.within_rate(conn, now) {
            let refusal = Refusal {
                error: ErrorCode::RateLimited,
                message: format!("more than {} messages a second", self.limits.msgs_per_sec),
            };
            return vec![error_frame(conn, &refusal, None)];
        }
        let msg = match protocol::decode_client(text) {
            Ok(msg) => msg,
            Err(e) => {
                let refusal = Refusal {
                    error: e.error,
                    message: e.message,
                };
                return vec![error_frame(conn, &refusal, None)];
            }
        };
        let code = msg.code().map(str::to_string);
        match self.message(conn, msg, now) {
            Ok(out) => out,
            Err((refusal, code_now)) => {
                vec![error_frame(
                    conn,
                    &refusal,
                    code_now.as_deref().or(code.as_deref()),
                )]
            }
        }
    }

    /// A message read: the frames in answer, or the refusal (with the room it was about).
    fn message(
        &mut self,
        conn: ConnId,
        msg: ClientMsg,
        now: Instant,
    ) -> Result<Vec<Out>, (Refusal, Option<String>)> {
        let no_code = |r: Refusal| (r, None);
        match msg {
            ClientMsg::Create(spec) => {
                self.room_allowed(conn, None).map_err(no_code)?;
                let variant = Variant::from_spec(&spec).map_err(|e| {
                    no_code(Refusal {
                        error: ErrorCode::BadSpec,
                        message: e,
                    })
                })?;
                if let Some(clock) = spec.clock {
                    let day = 24 * 3_600_000;
                    if clock.initial_ms == 0 || clock.initial_ms > day || clock.increment_ms > day {
                        return Err(no_code(Refusal {
                            error: ErrorCode::BadSpec,
                            message: "a clock gives each side 1 ms to 24 h, and adds 24 h at most"
                                .into(),
                        }));
                    }
                }
                let side = spec
                    .side
                    .unwrap_or(if random_bytes::<1>()[0].is_multiple_of(2) {
                        Side::Black
                    } else {
                        Side::White
                    });
                let token = new_token();
                let code = self
                    .insert_new(|code| {
                        let mut room = Room::new(code, variant, spec.clock, now);
                        room.seats[ix(side)] = Some(Seat {
                            token_hash: token_hash(&token),
                            conn: Some(conn),
                            ..Seat::default()
                        });
                        room
                    })
                    .map_err(no_code)?;
                self.enter(conn, &code);
                eprintln!(
                    "room {code}: created ({})",
                    self.rooms[&code].variant.text()
                );
                let mut out = vec![joined(conn, &code, Some(token), Some(side))];
                out.extend(self.broadcast(&code, now));
                Ok(out)
            }
            ClientMsg::Join { code } => {
                let with = |r: Refusal| (r, Some(code.clone()));
                self.room_allowed(conn, Some(&code)).map_err(with)?;
                let token = new_token();
                let hash = token_hash(&token);
                let mut seated = None;
                self.change(&code, now, |room| {
                    let hash = hash.clone();
                    if room.side_of(conn).is_some() {
                        return refuse(ErrorCode::RoomFull, "you already play in this room");
                    }
                    let Some(i) = room.seats.iter().position(Option::is_none) else {
                        return refuse(
                            ErrorCode::RoomFull,
                            "both seats are taken: watch the game instead",
                        );
                    };
                    room.seats[i] = Some(Seat {
                        token_hash: hash,
                        conn: Some(conn),
                        ..Seat::default()
                    });
                    room.start_clock(now);
                    seated = Some(if i == 0 { Side::Black } else { Side::White });
                    Ok(Done::default())
                })
                .map_err(with)?;
                self.enter(conn, &code);
                eprintln!("room {code}: joined");
                let mut out = vec![joined(conn, &code, Some(token), seated)];
                out.extend(self.broadcast(&code, now));
                Ok(out)
            }
            ClientMsg::Watch { code } => {
                let with = |r: Refusal| (r, Some(code.clone()));
                self.room_allowed(conn, Some(&code)).map_err(with)?;
                self.open(&code, now).map_err(with)?;
                if let Some(room) = self.rooms.get_mut(&code) {
                    room.spectators.insert(conn);
                }
                self.enter(conn, &code);
                let mut out = vec![joined(conn, &code, None, None)];
                out.extend(self.broadcast(&code, now));
                Ok(out)
            }
            ClientMsg::Rejoin { code, token } => {
                let with = |r: Refusal| (r, Some(code.clone()));
                self.room_allowed(conn, Some(&code)).map_err(with)?;
                self.open(&code, now).map_err(with)?;
                let hash = token_hash(&token);
                let Some(room) = self.rooms.get_mut(&code) else {
                    return Err(with(Refusal {
                        error: ErrorCode::NoSuchRoom,
                        message: "no such game".into(),
                    }));
                };
                let Some(i) = room
                    .seats
                    .iter()
                    .position(|s| s.as_ref().is_some_and(|s| s.token_hash == hash))
                else {
                    return Err(with(Refusal {
                        error: ErrorCode::BadToken,
                        message: "that token is not a seat of this game".into(),
                    }));
                };
                let side = if i == 0 { Side::Black } else { Side::White };
                let replaced = room.seats[i]
                    .as_ref()
                    .and_then(|s| s.conn)
                    .filter(|c| *c != conn);
                self.seat_moved(&code, now, |room| {
                    if let Some(seat) = room.seats[i].as_mut() {
                        seat.conn = Some(conn);
                        seat.away = None;
                        seat.gone_since = None;
                    }
                    room.start_clock(now);
                });
                // A connection replaced by a newer one of the same player no longer
                // hears the room.
                if let Some(old) = replaced
                    && let Some(c) = self.conns.get_mut(&old)
                {
                    c.rooms.remove(&code);
                }
                self.enter(conn, &code);
                eprintln!("room {code}: {side} rejoined");
                let mut out = vec![joined(conn, &code, None, Some(side))];
                out.extend(self.broadcast(&code, now));
                Ok(out)
            }
            other => {
                let code = other.code().unwrap_or_default().to_string();
                let with = |r: Refusal| (r, Some(code.clone()));
                self.open(&code, now).map_err(with)?;
                let grace = self.limits.grace;
                let side = self
                    .rooms
                    .get(&code)
                    .and_then(|r| r.side_of(conn))
                    .ok_or_else(|| {
                        with(Refusal {
                            error: ErrorCode::NotPlayer,
                            message: "you have no seat in this game (join or rejoin first)".into(),
                        })
                    })?;
                let request = match other {
                    ClientMsg::Move { text, .. } => Err(text),
                    ClientMsg::Pass { .. } => {
                        if self.rooms.get(&code).map(|r| r.variant.kind())
                            != Some(protocol::GameKind::Go)
                        {
                            return Err(with(Refusal {
                                error: ErrorCode::WrongGame,
                                message: "a pass is Go's".into(),
                            }));
                        }
                        Err("pass".to_string())
                    }
                    ClientMsg::Resign { .. } => Ok(Request::Resign),
                    ClientMsg::OfferDraw { .. } => Ok(Request::OfferDraw),
                    ClientMsg::AcceptDraw { .. } => Ok(Request::AcceptDraw),
                    ClientMsg::DeclineDraw { .. } => Ok(Request::DeclineDraw),
                    ClientMsg::Takeback { .. } => Ok(Request::Takeback),
                    ClientMsg::AcceptTakeback { .. } => Ok(Request::AcceptTakeback),
                    ClientMsg::DeclineTakeback { .. } => Ok(Request::DeclineTakeback),
                    ClientMsg::Rematch { .. } => Ok(Request::Rematch),
                    ClientMsg::PlayOn { .. } => Ok(Request::PlayOn),
                    _ => Ok(Request::Claim),
                };
                let done = self
                    .change(&code, now, |room| match &request {
                        Err(text) => room.play(side, text, now),
                        Ok(request) => room.act(side, *request, grace, now),
                    })
                    .map_err(with)?;
                let mut out = Vec::new();
                if done.rematch {
                    out.extend(self.rematch(&code, now).map_err(with)?);
                }
                out.extend(self.broadcast(&code, now));
                Ok(out)
            }
        }
    }

    /// A new room, made by `make` with a code no game has, saved and put in memory: its
    /// code.
    fn insert_new(&mut self, make: impl Fn(String) -> Room) -> Result<String, Refusal> {
        for _ in 0..32 {
            let code = new_code();
            if self.rooms.contains_key(&code) || self.store.has(&code).map_err(storage)? {
                continue;
            }
            let mut room = make(code.clone());
            room.version = 1;
            // Not written: another instance took the code a moment ago.
            if self.persist(&room)? {
                self.rooms.insert(code.clone(), room);
                return Ok(code);
            }
        }
        refuse(ErrorCode::Storage, "no free game code was found")
    }

    /// Both players of room `code` asked for a rematch: a new room, the same game, the
    /// sides swapped, each player seated with a new token.
    fn rematch(&mut self, code: &str, now: Instant) -> Result<Vec<Out>, Refusal> {
        let Some(old) = self.rooms.get(code) else {
            return refuse(ErrorCode::NoSuchRoom, "no such game");
        };
        let (variant, clock) = (old.variant, old.clock.as_ref().map(|c| c.spec));
        let seats = old.seats.clone();
        let tokens = [new_token(), new_token()];
        // A player connected to another instance is seated without a token: that
        // instance makes it when it reads the rematch (`seat_pending`).
        let new_code = self.insert_new(|code| {
            let mut room = Room::new(code, variant, clock, now);
            for side in [Side::Black, Side::White] {
                let seat = seats[ix(side)].as_ref();
                let conn = seat.and_then(|s| s.conn);
                let away = seat.and_then(|s| s.away.clone());
                room.seats[ix(!side)] = Some(Seat {
                    token_hash: if away.is_some() {
                        String::new()
                    } else {
                        token_hash(&tokens[ix(side)])
                    },
                    conn,
                    gone_since: (conn.is_none() && away.is_none()).then_some(now),
                    away,
                });
            }
            room.start_clock(now);
            room
        })?;
        let mut out = Vec::new();
        let mut seated = Vec::new();
        for side in [Side::Black, Side::White] {
            if let Some(conn) = seats[ix(side)].as_ref().and_then(|s| s.conn) {
                let token = tokens[ix(side)].clone();
                out.push(joined(conn, &new_code, Some(token), Some(!side)));
                seated.push(conn);
            }
        }
        for conn in seated {
            self.enter(conn, &new_code);
        }
        self.change(code, now, |old| {
            old.rematch = Some(new_code.clone());
            Ok(Done::default())
        })?;
        eprintln!("room {code}: rematch in {new_code}");
        out.extend(self.broadcast(&new_code, now));
        Ok(out)
    }

    /// The clock's flags, the grace periods that end, and idle rooms: called a few times
    /// a second.
    pub fn tick(&mut self, now: Instant) -> Vec<Out> {
        let since = self.last_tick;
        self.last_tick = now;
        let grace = self.limits.grace;
        let mut out = self.heartbeat(now);
        if self.cluster.is_some() && now.saturating_duration_since(self.last_sync) >= SYNC_EVERY {
            out.extend(self.sync(now));
        }
        let mut flagged = Vec::new();
        let mut told = Vec::new();
        let mut idle = Vec::new();
        for (code, room) in &self.rooms {
            if let Some(side) = room.flag_fallen(now) {
                flagged.push((code.clone(), side));
            }
            let grace_ends = room.seats.iter().flatten().any(|s| {
                s.conn.is_none()
                    && s.gone_since
                        .is_some_and(|t| t + grace > since && t + grace <= now)
            });
            if grace_ends && !room.is_over() {
                told.push(code.clone());
            }
            if room.members().is_empty()
                && now.saturating_duration_since(room.active) >= self.limits.idle
            {
                idle.push(code.clone());
            }
        }
        for (code, side) in flagged {
            let ended = self.change(&code, now, |room| {
                // Another instance may have ended it first.
                if room.is_over() || room.flag_fallen(now) != Some(side) {
                    return refuse(ErrorCode::GameOver, "the game is over");
                }
                room.end(Declared::Flagged(side), now);
                Ok(Done::default())
            });
            if ended.is_ok() {
                eprintln!("room {code}: {side}'s flag fell");
                out.extend(self.broadcast(&code, now));
            }
        }
        for code in told {
            out.extend(self.broadcast(&code, now));
        }
        for code in idle {
            self.rooms.remove(&code);
            eprintln!("room {code}: closed after idling");
        }
        out
    }
}

impl Hub {
    /// A cluster's heartbeat; the seats held by instances that stopped beating are gone
    /// from now, told to this instance's connections.
    fn heartbeat(&mut self, now: Instant) -> Vec<Out> {
        let me = self.me.clone();
        let Some(alive) = self
            .cluster
            .as_mut()
            .and_then(|c| c.beat(&me, now))
            .cloned()
        else {
            return Vec::new();
        };
        let mut changed = Vec::new();
        for (code, room) in &mut self.rooms {
            let mut lost = false;
            for seat in room.seats.iter_mut().flatten() {
                if seat
                    .away
                    .as_ref()
                    .is_some_and(|h| !alive.contains(&h.instance))
                {
                    seat.away = None;
                    seat.gone_since = Some(now);
                    lost = true;
                }
            }
            if lost {
                changed.push(code.clone());
            }
        }
        changed
            .iter()
            .flat_map(|code| self.broadcast(code, now))
            .collect()
    }
}

/// The room of a database row ([`Room::restore`]), at the row's version.
fn room_of_row(
    code: &str,
    row: super::store::Row,
    now: Instant,
    shared: bool,
) -> Result<Room, Refusal> {
    let mut room =
        Room::restore(code.to_string(), row.saved, now, shared).map_err(|e| Refusal {
            error: ErrorCode::Storage,
            message: format!("the saved game {code} does not replay: {e}"),
        })?;
    room.version = row.version;
    Ok(room)
}

fn joined(to: ConnId, code: &str, token: Option<String>, side: Option<Side>) -> Out {
    Out {
        to,
        text: protocol::encode(&ServerMsg::Joined {
            code: code.to_string(),
            token,
            side,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hub(name: &str, limits: Limits) -> (Hub, std::path::PathBuf) {
        let path = std::env::temp_dir().join(format!("chogo-hub-{name}-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        (Hub::new(Store::open_sqlite(&path).unwrap(), limits), path)
    }

    fn read(out: &[Out]) -> Vec<ServerMsg> {
        out.iter()
            .map(|o| protocol::decode_server(&o.text).unwrap())
            .collect()
    }

    #[test]
    fn an_idle_room_is_closed_and_a_rejoin_opens_it_again() {
        let limits = Limits {
            idle: Duration::from_secs(60),
            ..Limits::default()
        };
        let (mut hub, path) = hub("idle", limits);
        let t0 = Instant::now();
        let ip: IpAddr = [127, 0, 0, 1].into();
        let a = hub.connect(ip, t0).unwrap();
        let create = r#"{"v":1,"type":"create","game":"go","side":"black"}"#;
        let out = read(&hub.frame(a, create, t0));
        let ServerMsg::Joined {
            code,
            token: Some(token),
            ..
        } = &out[0]
        else {
            panic!("{out:?}")
        };
        hub.disconnect(a, t0);
        hub.tick(t0 + Duration::from_secs(30));
        assert_eq!(hub.load(), (1, 0), "not idle long enough");
        hub.tick(t0 + Duration::from_secs(61));
        assert_eq!(hub.load(), (0, 0), "closed");
        let b = hub.connect(ip, t0).unwrap();
        let rejoin = format!(r#"{{"v":1,"type":"rejoin","code":"{code}","token":"{token}"}}"#);
        let out = read(&hub.frame(b, &rejoin, t0 + Duration::from_secs(62)));
        assert!(
            matches!(&out[..], [ServerMsg::Joined { side: Some(Side::Black), .. }, ServerMsg::State(s)] if s.code == *code),
            "{out:?}"
        );
        assert_eq!(hub.load(), (1, 1));
        let _ = std::fs::remove_file(path);
    }
}
