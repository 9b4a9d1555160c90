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
            for seat in room.seats.iter_mut().flatten() {
                if seat.conn == Some(conn) {
                    seat.conn = None;
                    seat.gone_since = Some(now);
                }
            }
            room.active = now;
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

    /// Saves a room's row.
    fn persist(&self, room: &Room) -> Result<(), Refusal> {
        let record = room
            .game
            .record(super::room::NAMES[0], super::room::NAMES[1]);
        self.store
            .save(&room.code, &room.saved(), &record, room.is_over())
            .map_err(|e| Refusal {
                error: ErrorCode::Storage,
                message: e,
            })
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
        let row = self
            .store
            .row(code)
            .map_err(|e| Refusal {
                error: ErrorCode::Storage,
                message: e,
            })?
            .ok_or_else(no_room)?;
        if self.rooms.len() >= self.limits.max_rooms {
            return refuse(
                ErrorCode::TooMany,
                "the server holds as many games as it can",
            );
        }
        let room = Room::restore(code.to_string(), row.saved, now).map_err(|e| Refusal {
            error: ErrorCode::Storage,
            message: format!("the saved game {code} does not replay: {e}"),
        })?;
        self.rooms.insert(code.to_string(), room);
        Ok(())
    }

    /// Changes room `code` by `change`, on a copy: saved, then put in place; nothing
    /// changes if `change` refuses or the database fails.
    fn change(
        &mut self,
        code: &str,
        now: Instant,
        change: impl FnOnce(&mut Room) -> Result<Done, Refusal>,
    ) -> Result<Done, Refusal> {
        self.open(code, now)?;
        let Some(room) = self.rooms.get(code) else {
            return refuse(ErrorCode::NoSuchRoom, "no such game");
        };
        let mut copy = room.clone();
        let done = change(&mut copy)?;
        copy.active = now;
        self.persist(&copy)?;
        self.rooms.insert(code.to_string(), copy);
        Ok(done)
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
                let code = self.fresh_code().map_err(no_code)?;
                let mut room = Room::new(code.clone(), variant, spec.clock, now);
                let token = new_token();
                room.seats[ix(side)] = Some(Seat {
                    token_hash: token_hash(&token),
                    conn: Some(conn),
                    gone_since: None,
                });
                self.persist(&room).map_err(no_code)?;
                self.rooms.insert(code.clone(), room);
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
                        gone_since: None,
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
                let mut replaced = None;
                if let Some(seat) = room.seats[i].as_mut() {
                    replaced = seat.conn.filter(|c| *c != conn);
                    seat.conn = Some(conn);
                    seat.gone_since = None;
                }
                room.active = now;
                room.start_clock(now);
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
                    .change(&code, now, |room| match request {
                        Err(text) => room.play(side, &text, now),
                        Ok(request) => room.act(side, request, grace, now),
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

    /// A code no game has.
    fn fresh_code(&self) -> Result<String, Refusal> {
        for _ in 0..32 {
            let code = new_code();
            let taken = self.rooms.contains_key(&code)
                || self.store.has(&code).map_err(|e| Refusal {
                    error: ErrorCode::Storage,
                    message: e,
                })?;
            if !taken {
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
        let new_code = self.fresh_code()?;
        let mut room = Room::new(
            new_code.clone(),
            old.variant,
            old.clock.as_ref().map(|c| c.spec),
            now,
        );
        let mut out = Vec::new();
        let mut seated = Vec::new();
        for side in [Side::Black, Side::White] {
            let conn = old.seats[ix(side)].as_ref().and_then(|s| s.conn);
            let token = new_token();
            room.seats[ix(!side)] = Some(Seat {
                token_hash: token_hash(&token),
                conn,
                gone_since: conn.is_none().then_some(now),
            });
            if let Some(conn) = conn {
                out.push(joined(conn, &new_code, Some(token), Some(!side)));
                seated.push(conn);
            }
        }
        room.start_clock(now);
        self.persist(&room)?;
        self.rooms.insert(new_code.clone(), room);
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
        let mut out = Vec::new();
        for (code, side) in flagged {
            let ended = self.change(&code, now, |room| {
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
        (Hub::new(Store::open(&path).unwrap(), limits), path)
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
