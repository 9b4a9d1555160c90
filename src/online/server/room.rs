//! One room: its game, its two seats, its clock and its offers, and the rules of every
//! request a seated player makes. No network and no database: [`super::hub`] finds the
//! room and the seat of a request, calls [`Room::act`], and saves the room when it
//! changed.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::common::Side;
use crate::online::game::{Declared, OnlineGame, Variant};
use crate::online::protocol::{ClockSpec, Clocks, ErrorCode, GameKind, Offers, Presence, State};

/// A connection's number on this server.
pub type ConnId = u64;

/// The names the records of online games give the players.
pub const NAMES: [&str; 2] = crate::online::RECORD_NAMES;

pub(crate) fn ix(side: Side) -> usize {
    match side {
        Side::Black => 0,
        Side::White => 1,
    }
}

/// A refusal: its code and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub error: ErrorCode,
    pub message: String,
}

pub(crate) fn refuse<T>(error: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal {
        error,
        message: message.into(),
    })
}

/// A taken seat: the hash of its token, and its player's connection if here.
#[derive(Clone, Debug, Default)]
pub struct Seat {
    /// Empty: a rematch's seat whose token the instance of its player's connection has
    /// yet to make (no token hashes to nothing).
    pub token_hash: String,
    /// Its player's connection on this server instance.
    pub conn: Option<ConnId>,
    /// Its player's connection on another instance of a cluster, while that one lives.
    pub away: Option<Held>,
    /// Where the player was held when another instance wrote the seat gone because that
    /// instance had stopped beating: the one connection that may take the seat back if
    /// the instance was only slow.
    pub judged: Option<Held>,
    /// When its player's connection dropped.
    pub gone_since: Option<Instant>,
}

/// Where a seat's player is connected: a server instance and its connection there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    pub instance: String,
    pub conn: ConnId,
}

/// Milliseconds since 1970 of `at` (on this machine's clock).
pub fn wall_ms(at: Instant) -> u64 {
    let wall = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let now = Instant::now();
    if at <= now {
        wall.saturating_sub(now.duration_since(at).as_millis() as u64)
    } else {
        wall.saturating_add(at.duration_since(now).as_millis() as u64)
    }
}

/// The instant of a wall-clock time `ms` ([`wall_ms`]), no later than `now`.
pub fn instant_of(ms: u64, now: Instant) -> Instant {
    let ago = wall_ms(now).saturating_sub(ms);
    now.checked_sub(Duration::from_millis(ago)).unwrap_or(now)
}

/// A Fischer clock: the time each side has left, and since when the running one runs.
#[derive(Clone, Debug)]
pub struct Clock {
    pub spec: ClockSpec,
    pub left: [u64; 2],
    /// The side to move's clock runs from then (none: stopped).
    pub since: Option<Instant>,
}

impl Clock {
    fn new(spec: ClockSpec) -> Clock {
        Clock {
            spec,
            left: [spec.initial_ms; 2],
            since: None,
        }
    }

    /// What `side` has left at `now`, if its clock runs.
    fn left_at(&self, side: Side, running: Option<Side>, now: Instant) -> u64 {
        let left = self.left[ix(side)];
        match (running, self.since) {
            (Some(r), Some(since)) if r == side => {
                left.saturating_sub(now.saturating_duration_since(since).as_millis() as u64)
            }
            _ => left,
        }
    }

    /// Charges the running side's time up to `now` and stops the clock.
    fn charge(&mut self, running: Side, now: Instant) {
        self.left[ix(running)] = self.left_at(running, Some(running), now);
        self.since = None;
    }
}

/// What a request that was accepted did, for the hub.
#[derive(Debug, Default)]
pub struct Done {
    /// Both asked for a rematch: the hub opens the new room, sides swapped.
    pub rematch: bool,
}

/// What a room keeps in its database row (with the record beside it): enough to build it
/// again after a restart.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Saved {
    pub game: GameKind,
    pub rules: String,
    pub moves: Vec<String>,
    #[serde(default)]
    pub resumed: bool,
    #[serde(default)]
    pub declared: Option<Declared>,
    /// Each seat's token's hash (none: not taken).
    pub tokens: [Option<String>; 2],
    #[serde(default)]
    pub clock: Option<(ClockSpec, [u64; 2])>,
    #[serde(default)]
    pub rematch: Option<String>,
    /// The offers standing (a cluster's instances share them).
    #[serde(default)]
    pub offers: Offers,
    /// Where each seat's player is connected ([`Held`]), and since when each gone one is
    /// gone (ms since 1970).
    #[serde(default)]
    pub held: [Option<Held>; 2],
    #[serde(default)]
    pub gone_ms: [Option<u64>; 2],
    /// Each seat's [`Seat::judged`].
    #[serde(default)]
    pub judged: [Option<Held>; 2],
    /// Since when the running clock runs (ms since 1970).
    #[serde(default)]
    pub clock_since_ms: Option<u64>,
    /// The instance that wrote the row, and when (ms since 1970).
    #[serde(default)]
    pub by: Option<String>,
    #[serde(default)]
    pub written_ms: Option<u64>,
}

#[derive(Clone, Debug)]
pub struct Room {
    pub code: String,
    pub variant: Variant,
    pub moves: Vec<String>,
    pub resumed: bool,
    pub declared: Option<Declared>,
    pub game: OnlineGame,
    pub seats: [Option<Seat>; 2],
    pub clock: Option<Clock>,
    pub offers: Offers,
    pub rematch: Option<String>,
    pub spectators: BTreeSet<ConnId>,
    /// The last request or connection change.
    pub active: Instant,
    /// Its row's version in the database.
    pub version: u64,
    /// When the row was read that the room was made from: another instance's hold on a
    /// seat is judged against readings of the instances alive begun after it.
    pub read_at: Instant,
    /// Whether the room in memory knows better than its row (a seat's connection came or
    /// went and could not be written, or the row says wrong where this instance's players
    /// are): written again soon.
    pub dirty: bool,
    /// The game's record text, written again at each change of the game (every state
    /// carries it, and the row keeps it).
    pub record: String,
}

impl Room {
    pub fn new(code: String, variant: Variant, clock: Option<ClockSpec>, now: Instant) -> Room {
        let game = OnlineGame::new(&variant);
        Room::fresh(code, variant, game, clock.map(Clock::new), now).recorded()
    }

    /// A room of this game with no moves, seats, offers or watchers yet (its record not
    /// written).
    fn fresh(
        code: String,
        variant: Variant,
        game: OnlineGame,
        clock: Option<Clock>,
        now: Instant,
    ) -> Room {
        Room {
            code,
            game,
            variant,
            moves: Vec::new(),
            resumed: false,
            declared: None,
            seats: [None, None],
            clock,
            offers: Offers::default(),
            rematch: None,
            spectators: BTreeSet::new(),
            active: now,
            version: 0,
            read_at: now,
            dirty: false,
            record: String::new(),
        }
    }

    /// The room with its record written again (after a change of its game).
    fn recorded(mut self) -> Room {
        self.rewrite_record();
        self
    }

    fn rewrite_record(&mut self) {
        self.record = self.game.record(NAMES[0], NAMES[1]);
    }

    /// The room as its database row keeps it, written by the server instance `me`.
    pub fn saved(&self, me: &str) -> Saved {
        Saved {
            game: self.variant.kind(),
            rules: self.variant.text(),
            moves: self.moves.clone(),
            resumed: self.resumed,
            declared: self.declared,
            tokens: [0, 1].map(|i| self.seats[i].as_ref().map(|s| s.token_hash.clone())),
            clock: self.clock.as_ref().map(|c| (c.spec, c.left)),
            rematch: self.rematch.clone(),
            offers: self.offers,
            held: [0, 1].map(|i| {
                self.seats[i].as_ref().and_then(|s| match s.conn {
                    Some(conn) => Some(Held {
                        instance: me.to_string(),
                        conn,
                    }),
                    None => s.away.clone(),
                })
            }),
            gone_ms: [0, 1].map(|i| {
                self.seats[i]
                    .as_ref()
                    .and_then(|s| s.gone_since)
                    .map(wall_ms)
            }),
            clock_since_ms: self.clock.as_ref().and_then(|c| c.since).map(wall_ms),
            judged: [0, 1].map(|i| self.seats[i].as_ref().and_then(|s| s.judged.clone())),
            by: Some(me.to_string()),
            written_ms: Some(wall_ms(Instant::now())),
        }
    }

    /// The room of a database row. Alone (`shared` false), nobody is connected: the gone
    /// players' grace starts now, and a clock runs again from now (the time the server was
    /// away is nobody's). In a cluster (`shared`), the row is the room as another
    /// instance left it: its clock runs from when it ran, its players are where the row
    /// says ([`Seat::away`]; the hub keeps only the living instances' and its own).
    pub fn restore(code: String, saved: Saved, now: Instant, shared: bool) -> Result<Room, String> {
        let variant = Variant::from_text(saved.game, &saved.rules)?;
        let mut game = OnlineGame::replay(&variant, &saved.moves, saved.resumed)?;
        if let Some(d) = saved.declared {
            game.declare(d);
        }
        let clock = saved.clock.map(|(spec, left)| Clock {
            spec,
            left,
            since: saved
                .clock_since_ms
                .filter(|_| shared)
                .map(|ms| instant_of(ms, now)),
        });
        let offers = if shared {
            saved.offers
        } else {
            Offers::default()
        };
        let mut room = Room {
            moves: saved.moves,
            resumed: saved.resumed,
            declared: saved.declared,
            offers,
            rematch: saved.rematch,
            ..Room::fresh(code, variant, game, clock, now)
        };
        for (i, token) in saved.tokens.into_iter().enumerate() {
            room.seats[i] = token.map(|token_hash| {
                let away = saved.held[i].clone().filter(|_| shared);
                let judged = saved.judged[i].clone().filter(|_| shared);
                let gone_since = match saved.gone_ms[i] {
                    _ if away.is_some() => None,
                    Some(ms) if shared => Some(instant_of(ms, now)),
                    _ => Some(now),
                };
                Seat {
                    token_hash,
                    conn: None,
                    away,
                    judged,
                    gone_since,
                }
            });
        }
        room.start_clock(now);
        Ok(room.recorded())
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The side whose clock runs: the side to move while both seats are taken and the
    /// game goes on.
    fn running(&self) -> Option<Side> {
        (self.seats.iter().all(Option::is_some) && !self.is_over()).then(|| self.game.turn())
    }

    /// Starts the clock if it should run and does not.
    pub fn start_clock(&mut self, now: Instant) {
        let running = self.running();
        if let Some(clock) = &mut self.clock
            && running.is_some()
            && clock.since.is_none()
        {
            clock.since = Some(now);
        }
    }

    /// Stops the clock, charging the running side.
    fn stop_clock(&mut self, now: Instant) {
        let running = self.running();
        if let Some(clock) = &mut self.clock
            && clock.since.is_some()
        {
            if let Some(side) = running {
                clock.charge(side, now);
            }
            clock.since = None;
        }
    }

    /// The side whose flag has fallen at `now`, if any.
    pub fn flag_fallen(&self, now: Instant) -> Option<Side> {
        let clock = self.clock.as_ref()?;
        let side = self.running()?;
        clock.since?;
        (clock.left_at(side, Some(side), now) == 0).then_some(side)
    }

    /// Ends the game as the room declares it.
    pub fn end(&mut self, ending: Declared, now: Instant) {
        if self.is_over() {
            return;
        }
        self.stop_clock(now);
        self.declared = Some(ending);
        self.game.declare(ending);
        self.rewrite_record();
        self.offers.draw = None;
        self.offers.takeback = None;
    }

    /// The seat a connection holds, if any.
    pub fn side_of(&self, conn: ConnId) -> Option<Side> {
        [Side::Black, Side::White].into_iter().find(|s| {
            self.seats[ix(*s)]
                .as_ref()
                .is_some_and(|seat| seat.conn == Some(conn))
        })
    }

    /// Every connection that hears this room.
    pub fn members(&self) -> Vec<ConnId> {
        let mut out: Vec<ConnId> = self
            .seats
            .iter()
            .filter_map(|s| s.as_ref().and_then(|s| s.conn))
            .collect();
        out.extend(self.spectators.iter().copied());
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether `side`'s player has been gone longer than `grace`.
    fn claimable(&self, side: Side, grace: Duration, now: Instant) -> bool {
        self.seats[ix(side)].as_ref().is_some_and(|seat| {
            seat.conn.is_none()
                && seat.away.is_none()
                && seat
                    .gone_since
                    .is_some_and(|t| now.saturating_duration_since(t) >= grace)
        })
    }

    /// The room as its members see it at `now`.
    pub fn state(&self, grace: Duration, now: Instant) -> State {
        let presence = |side: Side| match &self.seats[ix(side)] {
            None => Presence::Empty,
            Some(seat) if seat.conn.is_some() || seat.away.is_some() => Presence::Connected,
            Some(_) => Presence::Gone,
        };
        let running = self
            .running()
            .filter(|_| self.clock.as_ref().is_some_and(|c| c.since.is_some()));
        State {
            code: self.code.clone(),
            game: self.variant.kind(),
            rules: self.variant.text(),
            moves: self.moves.clone(),
            resumed: self.resumed,
            record: self.record.clone(),
            turn: self.game.turn(),
            clocks: self.clock.as_ref().map(|c| Clocks {
                black_ms: c.left_at(Side::Black, running, now),
                white_ms: c.left_at(Side::White, running, now),
                increment_ms: c.spec.increment_ms,
                running,
            }),
            black: presence(Side::Black),
            white: presence(Side::White),
            claimable: !self.is_over()
                && [Side::Black, Side::White]
                    .into_iter()
                    .any(|s| self.claimable(s, grace, now)),
            offers: self.offers,
            result: self.game.result(self.declared),
            rematch: self.rematch.clone(),
            spectators: self.spectators.len(),
        }
    }

    fn not_over(&self) -> Result<(), Refusal> {
        if self.is_over() {
            return refuse(ErrorCode::GameOver, "the game is over");
        }
        Ok(())
    }

    /// The game goes on and `offer` was made by `by` (the answer's other side); else
    /// `not_offered` says why an answer to it is refused.
    fn answers(&self, offer: Option<Side>, by: Side, not_offered: &str) -> Result<(), Refusal> {
        self.not_over()?;
        if offer != Some(by) {
            return refuse(ErrorCode::NoOffer, not_offered);
        }
        Ok(())
    }

    /// Plays `side`'s move written `text`.
    pub fn play(&mut self, side: Side, text: &str, now: Instant) -> Result<Done, Refusal> {
        self.not_over()?;
        if self.seats.iter().any(Option::is_none) {
            return refuse(
                ErrorCode::NotYourTurn,
                "the game starts when both players are here",
            );
        }
        if self.game.turn() != side {
            return refuse(
                ErrorCode::NotYourTurn,
                format!("it is {}'s turn", self.game.turn()),
            );
        }
        if self.flag_fallen(now).is_some() {
            // Too late: the hub's tick ends the game on time.
            return refuse(ErrorCode::GameOver, format!("{side}'s time has run out"));
        }
        // A move with its captures: a drop that takes a whole 19 × 19 board stays below.
        if text.len() > 2048 {
            return refuse(
                ErrorCode::IllegalMove,
                "a move is at most 2048 characters of notation",
            );
        }
        let mut game = self.game.clone();
        let played = match game.play_text(text) {
            Ok(played) => played,
            Err(e) => {
                return refuse(
                    ErrorCode::IllegalMove,
                    format!("{}: {e}", crate::common::excerpt(text)),
                );
            }
        };
        if let Some(clock) = &mut self.clock {
            clock.charge(side, now);
            clock.left[ix(side)] = clock.left[ix(side)].saturating_add(clock.spec.increment_ms);
        }
        self.game = game;
        self.rewrite_record();
        self.moves.push(played);
        self.resumed = false;
        self.offers.draw = None;
        self.offers.takeback = None;
        self.offers.play_on = None;
        self.start_clock(now);
        Ok(Done::default())
    }

    /// A seated player's request other than a move.
    pub fn act(
        &mut self,
        side: Side,
        request: Request,
        grace: Duration,
        now: Instant,
    ) -> Result<Done, Refusal> {
        let other = !side;
        match request {
            Request::Resign => {
                self.not_over()?;
                self.end(Declared::Resigned(side), now);
            }
            Request::OfferDraw => {
                self.not_over()?;
                if self.offers.draw == Some(other) {
                    self.end(Declared::Agreed, now);
                } else {
                    self.offers.draw = Some(side);
                }
            }
            Request::AcceptDraw => {
                self.answers(self.offers.draw, other, "no draw is offered to you")?;
                self.end(Declared::Agreed, now);
            }
            Request::DeclineDraw => {
                self.answers(self.offers.draw, other, "no draw is offered to you")?;
                self.offers.draw = None;
            }
            Request::Takeback => {
                self.not_over()?;
                let mine = self.moves_of(side);
                if mine == 0 {
                    return refuse(ErrorCode::NoOffer, "you have no move to take back");
                }
                self.offers.takeback = Some(side);
            }
            Request::AcceptTakeback => {
                self.answers(self.offers.takeback, other, "no take-back is asked of you")?;
                self.take_back(other, now)?;
            }
            Request::DeclineTakeback => {
                self.answers(self.offers.takeback, other, "no take-back is asked of you")?;
                self.offers.takeback = None;
            }
            Request::Rematch => {
                if !self.is_over() {
                    return refuse(ErrorCode::NoOffer, "a rematch follows the end of the game");
                }
                if self.rematch.is_some() {
                    return refuse(ErrorCode::NoOffer, "the rematch has begun");
                }
                if self.offers.rematch == Some(other) {
                    self.offers.rematch = None;
                    return Ok(Done { rematch: true });
                }
                self.offers.rematch = Some(side);
            }
            Request::PlayOn => {
                if self.variant.kind() != GameKind::Go {
                    return refuse(ErrorCode::WrongGame, "play on is Go's");
                }
                if self.declared.is_some() || !self.game.can_play_on() {
                    return refuse(
                        ErrorCode::NoOffer,
                        "play on follows an end by two passes or a repetition",
                    );
                }
                if self.offers.play_on == Some(other) {
                    self.offers.play_on = None;
                    self.game.resume_if_ended();
                    self.rewrite_record();
                    self.resumed = true;
                    self.start_clock(now);
                } else {
                    self.offers.play_on = Some(side);
                }
            }
            Request::Claim => {
                self.not_over()?;
                if !self.claimable(other, grace, now) {
                    return refuse(
                        ErrorCode::TooEarly,
                        format!(
                            "{other} may be claimed against only after {} s away",
                            grace.as_secs()
                        ),
                    );
                }
                self.end(Declared::Abandoned(other), now);
            }
        }
        Ok(Done::default())
    }

    /// How many moves of the game `side` played.
    fn moves_of(&self, side: Side) -> usize {
        // Sides alternate: the last move is the side not to move's.
        let n = self.moves.len();
        let last = !self.game.turn();
        if last == side { n.div_ceil(2) } else { n / 2 }
    }

    /// Takes back `side`'s last move and any answer to it.
    fn take_back(&mut self, side: Side, now: Instant) -> Result<(), Refusal> {
        let mut moves = self.moves.clone();
        let mut last = !self.game.turn();
        if last != side {
            moves.pop();
            last = !last;
        }
        debug_assert_eq!(last, side);
        if moves.pop().is_none() {
            return refuse(ErrorCode::NoOffer, "no move to take back");
        }
        let Ok(game) = OnlineGame::replay(&self.variant, &moves, false) else {
            return refuse(ErrorCode::NoOffer, "the game cannot be taken back there");
        };
        self.stop_clock(now);
        self.game = game;
        self.rewrite_record();
        self.moves = moves;
        self.resumed = false;
        self.offers.takeback = None;
        self.offers.draw = None;
        self.start_clock(now);
        Ok(())
    }
}

/// The requests of a seated player other than a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Takeback,
    AcceptTakeback,
    DeclineTakeback,
    Rematch,
    PlayOn,
    Claim,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::protocol::GameSpec;

    fn room(game: GameKind, clock: Option<ClockSpec>, now: Instant) -> Room {
        let variant = Variant::from_spec(&GameSpec {
            game: Some(game),
            ..GameSpec::default()
        })
        .unwrap();
        let mut room = Room::new("ABCDEF".into(), variant, clock, now);
        for (i, conn) in [1, 2].into_iter().enumerate() {
            room.seats[i] = Some(Seat {
                conn: Some(conn),
                ..Seat::default()
            });
        }
        room.start_clock(now);
        room
    }

    #[test]
    fn a_take_back_removes_the_askers_move_and_the_answer() {
        let now = Instant::now();
        let mut r = room(GameKind::Go, None, now);
        for (side, mv) in [
            (Side::Black, "e5"),
            (Side::White, "c3"),
            (Side::Black, "g7"),
        ] {
            r.play(side, mv, now).unwrap();
        }
        // White asks: its c3 and Black's g7 go.
        r.act(Side::White, Request::Takeback, Duration::ZERO, now)
            .unwrap();
        let e = r.act(Side::White, Request::AcceptTakeback, Duration::ZERO, now);
        assert_eq!(e.unwrap_err().error, ErrorCode::NoOffer);
        r.act(Side::Black, Request::AcceptTakeback, Duration::ZERO, now)
            .unwrap();
        assert_eq!(r.moves, ["e5"]);
        assert_eq!(r.game.turn(), Side::White);
    }

    #[test]
    fn the_clock_adds_its_increment_and_a_flag_falls() {
        let start = Instant::now();
        let spec = ClockSpec {
            initial_ms: 1_000,
            increment_ms: 500,
        };
        let mut r = room(GameKind::Go, Some(spec), start);
        r.play(Side::Black, "e5", start + Duration::from_millis(300))
            .unwrap();
        let clock = r.clock.as_ref().unwrap();
        assert_eq!(clock.left, [1_200, 1_000]);
        let late = start + Duration::from_millis(1_400);
        assert_eq!(r.flag_fallen(late), Some(Side::White));
        let e = r.play(Side::White, "c3", late).unwrap_err();
        assert_eq!(e.error, ErrorCode::GameOver);
        r.end(Declared::Flagged(Side::White), late);
        let state = r.state(Duration::ZERO, late);
        assert_eq!(state.result.unwrap().reason, "time");
        assert_eq!(state.clocks.unwrap().white_ms, 0);
    }

    #[test]
    fn a_saved_room_comes_back_the_same() {
        let now = Instant::now();
        let mut r = room(GameKind::Chogo, None, now);
        for _ in 0..4 {
            let mv = r.game.legal_texts()[0].clone();
            r.play(r.game.turn(), &mv, now).unwrap();
        }
        r.act(Side::White, Request::Resign, Duration::ZERO, now)
            .unwrap();
        let back = Room::restore("ABCDEF".into(), r.saved("a"), now, false).unwrap();
        let (a, b) = (
            r.state(Duration::ZERO, now),
            back.state(Duration::ZERO, now),
        );
        assert_eq!(a.record, b.record);
        assert_eq!(a.result, b.result);
        assert_eq!(a.moves, b.moves);
    }
}
