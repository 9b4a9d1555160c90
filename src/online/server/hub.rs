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
    /// How often the rooms' versions are compared with the database's, in a cluster.
    sync_every: Duration,
    /// The reading of the instances alive that seats were last judged by.
    last_reading: u64,
    last_rewrite: Instant,
}

/// How often an instance of a cluster compares its rooms' versions with the database's,
/// unless told ([`Hub::with_cluster`]).
pub const SYNC_EVERY: Duration = Duration::from_secs(3);
/// How often the rooms that know better than their rows ([`Room::dirty`]) are written.
const REWRITE_EVERY: Duration = Duration::from_secs(1);

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
            sync_every: SYNC_EVERY,
            last_reading: 0,
            last_rewrite: Instant::now(),
        }
    }

    /// The hub as one instance of several, told of each other's changes by `cluster`
    /// (connected as [`Hub::instance`]), and comparing its rooms' versions with the
    /// database's every `sync_every` (the longest a lost notice delays a change).
    pub fn with_cluster(mut self, cluster: Cluster, sync_every: Duration) -> Hub {
        self.cluster = Some(cluster);
        self.sync_every = sync_every;
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

    /// Keeps of a room read from the database what holds here: the seats this instance's
    /// connections hold, and the others' as the row says (the heartbeat judges those,
    /// [`Hub::heartbeat`]). Connections of this instance that lost their seat (a newer
    /// connection of the player elsewhere) no longer hear the room. Where the row is wrong
    /// about this instance's players, the room is marked to be written again: a
    /// connection that closed before the row was written so (a rematch another instance
    /// opened), or one that another instance wrote gone while it was still here (it took
    /// this instance for stopped).
    fn localize(&mut self, room: &mut Room, before: Option<&Room>, now: Instant) {
        let mut dirty = false;
        for (i, slot) in room.seats.iter_mut().enumerate() {
            let Some(seat) = slot.as_mut() else {
                continue;
            };
            match seat.away.take() {
                Some(held) if held.instance == self.me => {
                    if self.conns.contains_key(&held.conn) {
                        seat.conn = Some(held.conn);
                        seat.gone_since = None;
                    } else {
                        // Gone since this instance saw the connection close, if it did
                        // (its write of that failed): the grace does not start again.
                        let seen_gone = before
                            .and_then(|b| b.seats[i].as_ref())
                            .filter(|b| b.token_hash == seat.token_hash && b.conn.is_none())
                            .and_then(|b| b.gone_since);
                        seat.gone_since = Some(seen_gone.unwrap_or(now));
                        dirty = true;
                    }
                }
                Some(held) => {
                    seat.away = Some(held);
                    seat.gone_since = None;
                }
                None => {
                    // Only the connection the other instance wrote gone (not one the
                    // player left since, on another instance).
                    let still_here = before
                        .and_then(|b| b.seats[i].as_ref())
                        .filter(|b| b.token_hash == seat.token_hash)
                        .and_then(|b| b.conn)
                        .filter(|c| {
                            seat.judged
                                .as_ref()
                                .is_some_and(|j| j.instance == self.me && j.conn == *c)
                                && self
                                    .conns
                                    .get(c)
                                    .is_some_and(|c| c.rooms.contains(&room.code))
                        });
                    if let Some(conn) = still_here {
                        seat.conn = Some(conn);
                        seat.judged = None;
                        seat.gone_since = None;
                        dirty = true;
                    }
                }
            }
        }
        room.dirty |= dirty;
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

    /// Reads room `code` again from the database (another instance changed it); when the
    /// room has just been given a rematch, the rematch's room is opened too (a seat of
    /// it may be this instance's to give a token or to write gone): its code.
    fn reload(&mut self, code: &str, now: Instant) -> Result<Option<String>, Refusal> {
        let row = self
            .store
            .row(code)
            .map_err(storage)?
            .ok_or_else(|| no_such_room(code))?;
        let mut room = room_of_row(code, row, now, true)?;
        room.read_at = now.max(Instant::now());
        let before = self.rooms.remove(code);
        self.localize(&mut room, before.as_ref(), now);
        if let Some(before) = &before {
            room.active = before.active;
        }
        let rematch = room.rematch.clone().filter(|next| {
            before
                .as_ref()
                .is_none_or(|b| b.rematch.as_ref() != Some(next))
        });
        self.rooms.insert(code.to_string(), room);
        Ok(rematch.filter(|next| !self.rooms.contains_key(next) && self.open(next, now).is_ok()))
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
            let opened = match self.reload(code, now) {
                Ok(opened) => opened,
                Err(e) => {
                    eprintln!("room {code}: not read again: {}", e.message);
                    continue;
                }
            };
            out.extend(self.seat_pending(code, now));
            if let Some(next) = opened {
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

    /// A seat's connection came or went: in a cluster written and told (or, when the
    /// database fails, kept in memory and written again soon), alone only kept in memory
    /// (a restarted server counts every player gone anyway).
    fn seat_moved(&mut self, code: &str, now: Instant, mut edit: impl FnMut(&mut Room)) {
        let shared = self.cluster.is_some();
        if shared {
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
            room.dirty = shared;
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
                            seat.judged = None;
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
        let saved = room.saved(&self.me);
        self.store
            .save(
                &room.code,
                &saved,
                &room.record,
                room.is_over(),
                room.version,
            )
            .map_err(storage)
    }

    /// Tells the other instances that room `code` changed.
    fn publish(&mut self, code: &str) {
        let version = self.rooms.get(code).map_or(0, |r| r.version);
        let instance = self.me.clone();
        if let Some(cluster) = &self.cluster {
            cluster.publish(Notice {
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
        let row = self.stored_row(code)?;
        if self.rooms.len() >= self.limits.max_rooms {
            return refuse(
                ErrorCode::TooMany,
                "the server holds as many games as it can",
            );
        }
        // A row last written before the cluster's instances last all stopped is opened as
        // a restarted server opens it, and written so soon (the others then read it so).
        let cold = self
            .cluster
            .as_ref()
            .is_some_and(|c| unrefereed(&row.saved, &c.alive()));
        let mut room = room_of_row(code, row, now, self.cluster.is_some() && !cold)?;
        room.read_at = now.max(Instant::now());
        room.dirty = cold;
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
            copy.dirty = false;
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
                        seat.judged = None;
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
            ClientMsg::Fetch { code, format } => {
                let with = |r: Refusal| (r, Some(code.clone()));
                let text = self.fetch(&code, format, now).map_err(with)?;
                Ok(vec![Out {
                    to: conn,
                    text: protocol::encode(&ServerMsg::Record { code, format, text }),
                }])
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

    /// The row of the game `code` (a code no game could have is not looked up).
    fn stored_row(&mut self, code: &str) -> Result<super::store::Row, Refusal> {
        if code.len() != 6 || !code.bytes().all(|b| CODE_LETTERS.contains(&b)) {
            return Err(no_such_room(code));
        }
        self.store
            .row(code)
            .map_err(storage)?
            .ok_or_else(|| no_such_room(code))
    }

    /// A game's record in `format`: from memory if its room is open, else from its row
    /// (the room is not opened for it).
    fn fetch(
        &mut self,
        code: &str,
        format: protocol::RecordFormat,
        now: Instant,
    ) -> Result<String, Refusal> {
        let read;
        let room = match self.rooms.get(code) {
            Some(room) => room,
            None => {
                let row = self.stored_row(code)?;
                read = room_of_row(code, row, now, false)?;
                &read
            }
        };
        let [black, white] = super::room::NAMES;
        match format {
            protocol::RecordFormat::Record => Ok(room.record.clone()),
            protocol::RecordFormat::Sgf => room.game.sgf(black, white).ok_or_else(|| Refusal {
                error: ErrorCode::WrongGame,
                message: "SGF is Go's: a Chogo game's record is its record text".into(),
            }),
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
                    judged: None,
                });
            }
            room.start_clock(now);
            room
        })?;
        // The old room names its rematch first: if that fails, the new room is dropped
        // from memory and nobody is seated in it.
        let named = self.change(code, now, |old| {
            old.rematch = Some(new_code.clone());
            Ok(Done::default())
        });
        if let Err(refusal) = named {
            self.rooms.remove(&new_code);
            return Err(refusal);
        }
        let mut out = Vec::new();
        for side in [Side::Black, Side::White] {
            if let Some(conn) = seats[ix(side)].as_ref().and_then(|s| s.conn) {
                let token = tokens[ix(side)].clone();
                out.push(joined(conn, &new_code, Some(token), Some(!side)));
                self.enter(conn, &new_code);
            }
        }
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
        if self.cluster.is_some()
            && now.saturating_duration_since(self.last_sync) >= self.sync_every
        {
            out.extend(self.sync(now));
        }
        if now.saturating_duration_since(self.last_rewrite) >= REWRITE_EVERY {
            self.last_rewrite = now;
            out.extend(self.rewrite(now));
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
    /// At each new reading of the instances alive: the seats held by instances that
    /// stopped beating are written gone from now (once: the row keeps since when), and
    /// told to this instance's connections.
    fn heartbeat(&mut self, now: Instant) -> Vec<Out> {
        let Some(alive) = self.cluster.as_ref().map(Cluster::alive) else {
            return Vec::new();
        };
        if alive.readings == self.last_reading {
            return Vec::new();
        }
        self.last_reading = alive.readings;
        let mut lost = Vec::new();
        for (code, room) in &self.rooms {
            for (i, seat) in room.seats.iter().enumerate() {
                if let Some(held) = seat.as_ref().and_then(|s| s.away.as_ref())
                    && alive.gone(&held.instance, room.read_at)
                {
                    lost.push((code.clone(), i, held.instance.clone()));
                }
            }
        }
        let mut out = Vec::new();
        for (code, i, instance) in lost {
            let written = self.change(&code, now, |room| match room.seats[i].as_mut() {
                Some(seat) if seat.away.as_ref().is_some_and(|h| h.instance == instance) => {
                    seat.judged = seat.away.take();
                    seat.gone_since = Some(now);
                    Ok(Done::default())
                }
                _ => refuse(ErrorCode::RoomFull, "the seat is held elsewhere now"),
            });
            if written.is_ok() {
                eprintln!("room {code}: instance {instance} stopped; its player is gone");
                out.extend(self.broadcast(&code, now));
            }
        }
        out
    }

    /// Writes the rooms that know better than their rows ([`Room::dirty`]), and gives
    /// the tokens a rematch's seats here still wait for (a rematch read in passing).
    fn rewrite(&mut self, now: Instant) -> Vec<Out> {
        let pending = |r: &Room| {
            r.seats
                .iter()
                .flatten()
                .any(|s| s.token_hash.is_empty() && s.conn.is_some())
        };
        let (dirty, waiting): (Vec<String>, Vec<String>) = (
            self.rooms
                .iter()
                .filter(|(_, r)| r.dirty)
                .map(|(c, _)| c.clone())
                .collect(),
            self.rooms
                .iter()
                .filter(|(_, r)| pending(r))
                .map(|(c, _)| c.clone())
                .collect(),
        );
        // A rematch another instance opened that could not be read then (the database
        // away): read again while a player of the old room is here.
        let unread: Vec<String> = self
            .rooms
            .values()
            .filter(|r| r.seats.iter().flatten().any(|s| s.conn.is_some()))
            .filter_map(|r| r.rematch.clone())
            .filter(|next| !self.rooms.contains_key(next))
            .collect();
        let mut out = Vec::new();
        // An instance that has not beaten lately (its Redis away, or it was stopped) does
        // not write its seats back yet: the others would write them gone again at their
        // next reading, and the opponent would see the player come and go.
        let beating = self.cluster.as_ref().is_none_or(|c| {
            c.alive().read.is_some_and(|r| {
                now.saturating_duration_since(r) + Duration::from_secs(1)
                    < Duration::from_millis(super::cluster::ALIVE_MS)
            })
        });
        let dirty = if beating { dirty } else { Vec::new() };
        for code in dirty {
            if self.change(&code, now, |_| Ok(Done::default())).is_ok() {
                out.extend(self.broadcast(&code, now));
            }
        }
        for next in unread {
            if self.open(&next, now).is_ok() {
                out.extend(self.seat_pending(&next, now));
                out.extend(self.broadcast(&next, now));
            }
        }
        for code in waiting {
            out.extend(self.seat_pending(&code, now));
            out.extend(self.broadcast(&code, now));
        }
        out
    }
}

/// Whether a row was last written before the cluster's set of instances alive was last
/// empty, by instances none of which is alive now: nobody refereed its room in between.
fn unrefereed(saved: &super::room::Saved, alive: &super::cluster::Alive) -> bool {
    let named = saved
        .by
        .iter()
        .chain(saved.held.iter().flatten().map(|h| &h.instance));
    alive.settled
        && alive.read.is_some()
        && saved.written_ms.unwrap_or(0) < alive.since_ms
        && !named.into_iter().any(|i| alive.instances.contains(i))
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

fn no_such_room(code: &str) -> Refusal {
    Refusal {
        error: ErrorCode::NoSuchRoom,
        message: format!("no game has the code '{}'", crate::common::excerpt(code)),
    }
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

    use super::super::cluster::Alive;
    use std::sync::mpsc::Receiver;
    use std::sync::{Arc, Mutex};

    /// An instance of a cluster on a shared SQLite file, its Redis played by the test.
    struct Instance {
        hub: Hub,
        notices: Receiver<Notice>,
        alive: Arc<Mutex<Alive>>,
    }

    fn instance(path: &std::path::Path) -> Instance {
        let (cluster, notices, alive) = Cluster::by_hand();
        let hub = Hub::new(Store::open_sqlite(path).unwrap(), Limits::default())
            .with_cluster(cluster, SYNC_EVERY);
        Instance {
            hub,
            notices,
            alive,
        }
    }

    fn cluster_file(name: &str) -> std::path::PathBuf {
        let path =
            std::env::temp_dir().join(format!("chogo-cluster-{name}-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    /// A reading of the instances alive, begun at `read`, `since_ms` the set's start.
    fn reading(at: &Instance, names: &[&str], read: Instant, since_ms: u64) {
        let mut alive = at.alive.lock().unwrap();
        alive.instances = names.iter().map(|n| n.to_string()).collect();
        alive.read = Some(read);
        alive.since_ms = since_ms;
        alive.settled = true;
        alive.readings += 1;
    }

    /// The notices `from` sent, read by `to`: the frames `to` sends.
    fn pump(from: &Instance, to: &mut Instance, now: Instant) -> Vec<Out> {
        let notices: Vec<Notice> = from.notices.try_iter().collect();
        notices
            .into_iter()
            .flat_map(|n| to.hub.notice(Some(n), now))
            .collect()
    }

    fn states_to(out: &[Out], to: ConnId) -> Vec<protocol::State> {
        out.iter()
            .filter(|o| o.to == to)
            .filter_map(|o| match protocol::decode_server(&o.text) {
                Ok(ServerMsg::State(s)) => Some(s),
                _ => None,
            })
            .collect()
    }

    fn code_of(out: &[Out]) -> String {
        read(out)
            .into_iter()
            .find_map(|m| match m {
                ServerMsg::Joined { code, .. } => Some(code),
                _ => None,
            })
            .unwrap()
    }

    fn first_move(hub: &Hub, code: &str) -> String {
        hub.rooms[code].game.legal_texts()[0].clone()
    }

    fn send(hub: &mut Hub, conn: ConnId, msg: &str, now: Instant) -> Vec<Out> {
        hub.frame(conn, msg, now)
    }

    /// A request of `kind` that names only its room.
    fn about(kind: &str, code: &str) -> String {
        format!(r#"{{"v":1,"type":"{kind}","code":"{code}"}}"#)
    }

    /// A reading of `at`'s that finds both `a` and `b` alive.
    fn both_alive(at: &Instance, a: &Instance, b: &Instance, read: Instant) {
        reading(at, &[a.hub.instance(), b.hub.instance()], read, 0);
    }

    fn mv(code: &str, text: &str) -> String {
        format!(r#"{{"v":1,"type":"move","code":"{code}","text":"{text}"}}"#)
    }

    /// A game between Black on `a` and White on `b`: the room's code and both connections.
    fn game_across(
        a: &mut Instance,
        b: &mut Instance,
        clock: &str,
        t0: Instant,
    ) -> (String, ConnId, ConnId) {
        let ip: IpAddr = [127, 0, 0, 1].into();
        let (ca, cb) = (
            a.hub.connect(ip, t0).unwrap(),
            b.hub.connect(ip, t0).unwrap(),
        );
        let create = format!(r#"{{"v":1,"type":"create","game":"chogo","side":"black"{clock}}}"#);
        let code = code_of(&send(&mut a.hub, ca, &create, t0));
        let join = about("join", &code);
        send(&mut b.hub, cb, &join, t0);
        pump(b, a, t0);
        let read = t0 + Duration::from_millis(10);
        both_alive(a, a, b, read);
        both_alive(b, a, b, read);
        (code, ca, cb)
    }

    #[test]
    fn a_player_written_gone_by_a_false_alarm_is_taken_back_by_its_instance() {
        let path = cluster_file("false-death");
        let (mut a, mut b) = (instance(&path), instance(&path));
        let t0 = Instant::now();
        let (code, ca, cb) = game_across(&mut a, &mut b, "", t0);
        let t1 = t0 + Duration::from_secs(1);
        assert!(b.hub.tick(t1).is_empty(), "both beat: nothing to tell");
        // A misses its beats (stalled, or its Redis was slow): B writes Black gone, once.
        let t2 = t0 + Duration::from_secs(6);
        reading(&b, &[b.hub.instance()], t2, 0);
        let told = states_to(&b.hub.tick(t2), cb);
        assert_eq!(told.last().map(|s| s.black), Some(protocol::Presence::Gone));
        let gone_ms = b.hub.store.row(&code).unwrap().unwrap().saved.gone_ms[0];
        assert!(gone_ms.is_some() && b.hub.rooms[&code].seats[0].as_ref().unwrap().away.is_none());
        // A comes back, reads the row, still has Black's connection: writes it back, once
        // it has beaten again (not before, or B would write it gone again).
        let t3 = t2 + Duration::from_secs(1);
        pump(&b, &mut a, t3);
        assert!(a.hub.rooms[&code].dirty);
        assert_eq!(a.hub.rooms[&code].seats[0].as_ref().unwrap().conn, Some(ca));
        a.hub.tick(t3 + REWRITE_EVERY);
        assert!(a.hub.rooms[&code].dirty, "written back before A beat again");
        both_alive(&a, &a, &b, t3 + REWRITE_EVERY);
        a.hub.tick(t3 + REWRITE_EVERY * 2);
        let told = states_to(&pump(&a, &mut b, t3 + REWRITE_EVERY), cb);
        assert_eq!(
            told.last().map(|s| s.black),
            Some(protocol::Presence::Connected)
        );
        // And the game goes on from A.
        let m = first_move(&a.hub, &code);
        let out = send(&mut a.hub, ca, &mv(&code, &m), t3 + REWRITE_EVERY);
        assert_eq!(
            states_to(&out, ca).last().map(|s| s.moves.len()),
            Some(1),
            "{out:?}"
        );
        let told = states_to(&pump(&a, &mut b, t3 + REWRITE_EVERY), cb);
        assert_eq!(told.last().map(|s| s.moves.len()), Some(1));
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn the_grace_of_a_player_whose_instance_stopped_starts_once() {
        let path = cluster_file("grace-once");
        let (mut a, mut b) = (instance(&path), instance(&path));
        let t0 = Instant::now();
        let (code, _ca, cb) = game_across(&mut a, &mut b, "", t0);
        drop(a);
        let grace = b.hub.limits.grace;
        let t1 = t0 + Duration::from_secs(5);
        reading(&b, &[b.hub.instance()], t1, 0);
        b.hub.tick(t1);
        // Read again near the grace's end (another instance's change, say): the grace
        // still runs from t1, not from the reading.
        let late = t1 + grace - Duration::from_secs(2);
        b.hub.reload(&code, late).unwrap();
        let claim = about("claim", &code);
        let early = read(&send(&mut b.hub, cb, &claim, late));
        assert!(matches!(early[..], [ServerMsg::Error { .. }]), "{early:?}");
        let out = send(&mut b.hub, cb, &claim, t1 + grace + Duration::from_secs(1));
        let won = states_to(&out, cb);
        assert!(won.last().is_some_and(|s| s.result.is_some()), "{out:?}");
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn a_rematch_seat_whose_connection_closed_first_is_written_gone() {
        let path = cluster_file("rematch-gone");
        let (mut a, mut b) = (instance(&path), instance(&path));
        let t0 = Instant::now();
        let (code, ca, cb) = game_across(&mut a, &mut b, "", t0);
        let resign = about("resign", &code);
        send(&mut a.hub, ca, &resign, t0);
        pump(&a, &mut b, t0);
        let rematch = about("rematch", &code);
        send(&mut a.hub, ca, &rematch, t0);
        pump(&a, &mut b, t0);
        // White asks second, on B, which opens the rematch: Black's seat (on A) waits
        // for its token from A. Black's connection closes before A reads it.
        let out = send(&mut b.hub, cb, &rematch, t0);
        let next = read(&out)
            .into_iter()
            .find_map(|m| match m {
                ServerMsg::Joined { code: c, .. } if c != code => Some(c),
                _ => None,
            })
            .expect("White is seated in the rematch");
        a.hub.disconnect(ca, t0);
        pump(&b, &mut a, t0);
        a.hub.tick(t0 + REWRITE_EVERY);
        pump(&a, &mut b, t0 + REWRITE_EVERY);
        let seat = b.hub.rooms[&next].seats[1].clone().unwrap();
        assert!(seat.away.is_none() && seat.gone_since.is_some(), "{seat:?}");
        let state = b.hub.rooms[&next].state(b.hub.limits.grace, t0);
        assert_eq!(
            state.white,
            protocol::Presence::Gone,
            "Black of the first game plays White"
        );
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn a_room_nobody_refereed_opens_with_its_clock_as_a_restarted_server_opens_it() {
        // The set alive was empty after the row was written, or instances beat all along,
        // or it was empty but is not settled yet (a Redis just restarted: the live
        // instances may not have beaten again).
        for (case, cluster_stopped, settled) in [
            ("stopped", true, true),
            ("along", false, true),
            ("unsettled", true, false),
        ] {
            let cold = cluster_stopped && settled;
            let path = cluster_file(&format!("cold-{case}"));
            let (mut a, mut b) = (instance(&path), instance(&path));
            let t0 = Instant::now();
            let clock = r#","clock":{"initial_ms":60000,"increment_ms":0}"#;
            let (code, ..) = game_across(&mut a, &mut b, clock, t0);
            drop((a, b));
            // Ten minutes later, one new instance.
            let written = b_written(&path, &code);
            let mut c = instance(&path);
            let later = t0 + Duration::from_secs(600);
            let since = if cluster_stopped {
                written + 1
            } else {
                written - 1
            };
            reading(&c, &[c.hub.instance()], later, since);
            c.alive.lock().unwrap().settled = settled;
            let ip: IpAddr = [127, 0, 0, 1].into();
            let w = c.hub.connect(ip, later).unwrap();
            let watch = about("watch", &code);
            send(&mut c.hub, w, &watch, later);
            let out = c.hub.tick(later + Duration::from_millis(100));
            let over = c.hub.rooms[&code].is_over();
            assert_eq!(over, !cold, "{case}: {out:?}");
            let _ = std::fs::remove_file(path);
        }
    }

    fn b_written(path: &std::path::Path, code: &str) -> u64 {
        let mut store = Store::open_sqlite(path).unwrap();
        store.row(code).unwrap().unwrap().saved.written_ms.unwrap()
    }
}
