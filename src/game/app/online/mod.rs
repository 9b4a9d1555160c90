//! Online play at the board, written once for every board: a seat (or a spectator's
//! place) in a room of a game server, through the client the command line uses too
//! ([`crate::online::client`]), on the desktop and in the browser alike.
//!
//! The room's game is one more driver of a board's session ([`drive`]): the opponent's
//! moves come from the server and are played as [`Command::Play`]s, so that they animate
//! and sound as in any game; the person's moves come from the board's input, and go to
//! the server once the session has played them. Whatever else changes the room's game (a
//! take-back both agreed to, a resignation, a flag fall, playing on, a rematch, a
//! reconnection that finds the game moved on) puts the server's game on the board as it
//! stands.
//!
//! The link to the server ([`link`]) is the only system that touches the connection; the
//! screens ([`view`]) show the room from [`Room`] and what the board's driver reports
//! ([`OnlineShown`]), ask with [`OnlineAsk`], and never name a board.
//!
//! [`Command::Play`]: crate::game::app::session::Command::Play

mod drive;
mod view;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use web_time::Instant;

use crate::common::Side;
use crate::game::app::screen::{GameKind, Screen};
use crate::game::app::sets::Phase;
use crate::game::app::settings::PlayerSettings;
use crate::online::client::{Client, Event, Intent, Link};
use crate::online::game::OnlineGame;
use crate::online::protocol::{ClientMsg, ErrorCode, GameSpec, Presence, State as RoomState};
use crate::save::OnlineSeat;

pub use drive::{OnlineRun, register};

/// The room this app plays or watches, as the server last told it.
#[derive(Resource, Debug, Default, Clone)]
pub struct Room {
    /// The connection, while a room is asked for or held (none: no room).
    pub link: Option<Link>,
    /// The server the room is on.
    pub server: String,
    /// The room's code, once seated or watching.
    pub code: Option<String>,
    /// This player's side (none: watching, or not seated yet).
    pub side: Option<Side>,
    /// The room as the last state said.
    pub state: Option<RoomState>,
    /// The room's game, rebuilt by the engines from that state.
    pub game: Option<OnlineGame>,
    /// When that state arrived: the running clock counts down from it.
    pub received: Option<Instant>,
    /// Changes with every state and every new room (the boards' drivers compare it).
    pub stamp: u64,
    /// Changes with every refusal of the server's, and whenever a move sent may not have
    /// reached the server (a send that failed, a connection taken up again): a move that
    /// waits for the server's word is then given up, and the server's game shown.
    pub refused: u64,
    /// What went wrong last, in words (a refusal, a lost connection).
    pub problem: Option<String>,
    /// The board comes on the screen with the room's first state.
    show_when_ready: bool,
    /// The seat kept in the settings is being taken again (a refusal of it forgets it).
    rejoining: bool,
    /// The connection has been up: a new one after it is a reconnection.
    was_open: bool,
}

impl Room {
    /// Whether a room is asked for or held.
    pub fn is_open(&self) -> bool {
        self.link.is_some()
    }

    /// The board of the room's game (by the game's id: the boards name themselves).
    pub fn kind(&self) -> Option<GameKind> {
        self.state
            .as_ref()
            .and_then(|s| GameKind::from_id(s.game.name()))
    }

    /// Whether this player holds a seat (a spectator does not).
    pub fn seated(&self) -> bool {
        self.side.is_some()
    }

    /// Whether the game goes on and both seats are taken.
    pub fn under_way(&self) -> bool {
        self.state.as_ref().is_some_and(|s| {
            s.result.is_none() && s.black != Presence::Empty && s.white != Presence::Empty
        })
    }

    /// Whether this player may move now: seated, connected, the game under way, their turn.
    pub fn my_turn(&self) -> bool {
        self.link == Some(Link::Open)
            && self.under_way()
            && self
                .state
                .as_ref()
                .is_some_and(|s| Some(s.turn) == self.side)
    }

    /// The time `side` has left at `now` (the side whose clock runs loses what passed
    /// since the state came), when the game has a clock.
    pub fn clock_left(&self, side: Side, now: Instant) -> Option<u64> {
        let clocks = self.state.as_ref()?.clocks?;
        let left = clocks.left(side);
        match (clocks.running, self.received) {
            (Some(running), Some(at)) if running == side => {
                let passed = now.saturating_duration_since(at).as_millis();
                Some(left.saturating_sub(u64::try_from(passed).unwrap_or(u64::MAX)))
            }
            _ => Some(left),
        }
    }

    /// A clock runs: the screen counts it down.
    fn ticking(&self) -> bool {
        self.state
            .as_ref()
            .and_then(|s| s.clocks)
            .is_some_and(|c| c.running.is_some())
    }

    /// A new room is asked for on `server`: the last one is forgotten, the counters go on.
    fn asked(&mut self, server: &str) {
        *self = Room {
            link: Some(Link::Connecting),
            server: server.to_string(),
            stamp: self.stamp + 1,
            refused: self.refused,
            show_when_ready: true,
            ..Room::default()
        };
    }
}

impl crate::game::app::pace::Searching for Room {
    fn searching(&self) -> bool {
        false
    }

    /// Frames keep coming while a clock runs (its seconds are shown) and while the
    /// connection is being made or made again (the client dials on the clock); the
    /// server's messages wake the frame loop themselves.
    fn waiting(&self) -> bool {
        self.ticking() || matches!(self.link, Some(Link::Connecting | Link::Down))
    }
}

/// A request about the room, as the panel's buttons ask it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoomAsk {
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// Ask the opponent to take back one's last move.
    TakeBack,
    AcceptTakeBack,
    DeclineTakeBack,
    /// Go on after an ending by passes or repetition (both must ask).
    PlayOn,
    /// A new game, the sides swapped (both must ask).
    Rematch,
    /// The win against an opponent gone longer than the server's grace period.
    Claim,
}

impl RoomAsk {
    fn message(self, code: String) -> ClientMsg {
        match self {
            RoomAsk::Resign => ClientMsg::Resign { code },
            RoomAsk::OfferDraw => ClientMsg::OfferDraw { code },
            RoomAsk::AcceptDraw => ClientMsg::AcceptDraw { code },
            RoomAsk::DeclineDraw => ClientMsg::DeclineDraw { code },
            RoomAsk::TakeBack => ClientMsg::Takeback { code },
            RoomAsk::AcceptTakeBack => ClientMsg::AcceptTakeback { code },
            RoomAsk::DeclineTakeBack => ClientMsg::DeclineTakeback { code },
            RoomAsk::PlayOn => ClientMsg::PlayOn { code },
            RoomAsk::Rematch => ClientMsg::Rematch { code },
            RoomAsk::Claim => ClientMsg::Claim { code },
        }
    }
}

/// What the player asks of the server (the screens' buttons).
#[derive(Message, Debug, Clone, PartialEq)]
pub enum OnlineAsk {
    /// A new room for this game, on the server of the settings.
    Create(GameSpec),
    /// The free seat of the room with this code.
    Join(String),
    /// A spectator's place in the room with this code.
    Watch(String),
    /// The seat kept in the settings (the online game played last).
    Rejoin,
    Room(RoomAsk),
    /// Pass (a game with passes: the board has no button for it).
    Pass,
    /// Leave the room: the connection closes and the seat is forgotten here (the server
    /// keeps it for its grace period; the opponent may then claim the game).
    Leave,
}

/// A move the person played on the board, in the game's notation, for the server.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct SendMove(pub String);

/// What the driver of the board on the screen shows besides the room.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct OnlineShown {
    /// How a move is made on this board, in one line.
    pub controls: &'static str,
    /// The person may pass now (a game with passes).
    pub can_pass: bool,
    /// A move of the person's waits for the server's word.
    pub sending: bool,
}

/// The connection itself: the client of the room. Not `Send` in the browser (the page's
/// WebSocket), so it is kept apart from the room's state.
#[derive(Default)]
pub struct Connection(Option<Client>);

/// The screens the link brings the room's board to.
#[derive(SystemParam)]
struct Screens<'w> {
    screen: Res<'w, State<Screen>>,
    next: ResMut<'w, NextState<Screen>>,
    kind: Res<'w, State<GameKind>>,
    next_kind: ResMut<'w, NextState<GameKind>>,
}

impl Screens<'_> {
    /// The room's board on the screen, once its game is known: at once when it was
    /// asked for from the lobby, and as the room's board changes while it is shown.
    fn show_room(&mut self, room: &mut Room) {
        let Some(board) = room.kind() else {
            return;
        };
        let shown = *self.screen.get() == Screen::OnlineGame;
        if room.show_when_ready && *self.screen.get() == Screen::Online || shown {
            room.show_when_ready = false;
            if *self.kind.get() != board {
                self.next_kind.set(board);
            }
            if !shown {
                self.next.set(Screen::OnlineGame);
            }
        }
    }
}

/// The link to the server: carries out what the player asks, polls the client, keeps
/// [`Room`] and the seat in the settings, and brings the room's board on the screen.
fn link(
    mut connection: NonSendMut<Connection>,
    mut room: ResMut<Room>,
    (mut asks, mut moves): (MessageReader<OnlineAsk>, MessageReader<SendMove>),
    mut settings: ResMut<PlayerSettings>,
    mut screens: Screens,
) {
    for ask in asks.read() {
        if let Some((server, intent)) = carry_out(ask, &mut connection, &mut room, &mut settings) {
            room.asked(&server);
            room.rejoining = matches!(intent, Intent::Rejoin { .. });
            connection.0 = Some(Client::waking(
                &server,
                intent,
                Some(crate::game::app::wake::wake),
            ));
        }
    }
    let Some(client) = connection.0.as_mut() else {
        moves.clear();
        return;
    };
    for SendMove(text) in moves.read() {
        if !client.play(text) {
            room.refused += 1;
            room.problem = Some(format!(
                "{text} could not be sent: the connection is down. The game will be shown as the server has it."
            ));
        }
    }
    let now = Instant::now();
    for event in client.poll(now) {
        take_event(event, client, &mut room, &mut settings, &mut screens, now);
    }
    let link = Some(client.link());
    if room.link != link {
        room.link = link;
    }
}

/// What the player asked: a request sent to the room at once, the room left, or the
/// server to connect to with what to ask it.
fn carry_out(
    ask: &OnlineAsk,
    connection: &mut Connection,
    room: &mut Room,
    settings: &mut PlayerSettings,
) -> Option<(String, Intent)> {
    match ask {
        OnlineAsk::Create(spec) => Some((settings.0.server.clone(), Intent::Create(spec.clone()))),
        OnlineAsk::Join(code) => Some((settings.0.server.clone(), Intent::Join(code.clone()))),
        OnlineAsk::Watch(code) => Some((settings.0.server.clone(), Intent::Watch(code.clone()))),
        OnlineAsk::Rejoin => settings.0.online_seat.as_ref().map(|seat| {
            (
                seat.server.clone(),
                Intent::Rejoin {
                    code: seat.code.clone(),
                    token: seat.token.clone(),
                },
            )
        }),
        OnlineAsk::Room(request) => {
            let sent = connection
                .0
                .as_mut()
                .is_some_and(|c| c.ask(|code| request.message(code)));
            if !sent {
                room.problem = Some("Not connected to the server: nothing was sent.".into());
            }
            None
        }
        OnlineAsk::Pass => None,
        OnlineAsk::Leave => {
            connection.0 = None;
            // The seat kept is forgotten when it is this room's (not another game's).
            let this = room.code.as_ref();
            if settings
                .0
                .online_seat
                .as_ref()
                .is_some_and(|s| Some(&s.code) == this)
            {
                settings.0.online_seat = None;
            }
            let stamp = room.stamp + 1;
            *room = Room {
                stamp,
                refused: room.refused,
                ..Room::default()
            };
            None
        }
    }
}

/// One event of the client: the room joined (its seat kept), its state, a refusal, the
/// link's changes.
fn take_event(
    event: Event,
    client: &Client,
    room: &mut Room,
    settings: &mut PlayerSettings,
    screens: &mut Screens,
    now: Instant,
) {
    match event {
        Event::Joined { code, side } => {
            room.code = Some(code.clone());
            room.side = side;
            if let Some(token) = client.token() {
                let seat = OnlineSeat {
                    server: room.server.clone(),
                    code,
                    token: token.to_string(),
                };
                if settings.0.online_seat.as_ref() != Some(&seat) {
                    settings.0.online_seat = Some(seat);
                }
            }
        }
        Event::State(state) => {
            room.state = Some(*state);
            room.game = client.game().cloned();
            room.received = Some(now);
            room.stamp += 1;
            room.problem = None;
            screens.show_room(room);
        }
        Event::Refused { error, message } => {
            room.refused += 1;
            room.problem = Some(message);
            // The seat kept, refused for good, is not offered again (a code mistyped
            // to join or watch leaves it alone).
            if room.rejoining
                && room.code.is_none()
                && matches!(error, ErrorCode::NoSuchRoom | ErrorCode::BadToken)
            {
                settings.0.online_seat = None;
            }
        }
        Event::Link(link) => {
            if link == Link::Open {
                // Taken up again: a move sent before may never have arrived.
                if room.was_open {
                    room.refused += 1;
                }
                room.was_open = true;
            }
            room.problem = match link {
                Link::Down => Some("The connection dropped: reconnecting…".into()),
                Link::GaveUp => Some(
                    "The server cannot be reached: the connection was given up. Leave the room, or rejoin later from Play online."
                        .into(),
                ),
                Link::Open | Link::Connecting => room.problem.take(),
            };
        }
    }
}

pub(crate) fn logic_plugin(app: &mut App) {
    app.init_resource::<Room>();
    app.init_resource::<OnlineShown>();
    app.init_non_send::<Connection>();
    app.add_message::<OnlineAsk>();
    app.add_message::<SendMove>();
    crate::game::app::pace::watch_search::<Room>(app);
    app.add_systems(Update, link.in_set(Phase::Input));
}

pub(crate) fn plugin(app: &mut App) {
    view::plugin(app);
}
