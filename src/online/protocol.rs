//! The online game's messages, client to server and back: JSON text frames, each an
//! object with the protocol's version `v` and its `type` (docs/ONLINE.md has the table).
//! Plain serde types, no network: the server, the command line's client and the app (on
//! the desktop and in the browser) all read and write these.

use serde::{Deserialize, Serialize};

use crate::common::Side;

/// The protocol's version: every frame carries it as `v`, and a frame of another version
/// is refused (`bad_version`).
pub const VERSION: u32 = 1;

/// Which of the two games a room plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Chogo,
    Go,
}

impl GameKind {
    pub const ALL: [GameKind; 2] = [GameKind::Chogo, GameKind::Go];

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Chogo => "chogo",
            GameKind::Go => "go",
        }
    }

    /// The kind [`GameKind::name`] names.
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// A Fischer clock: each side's time at the start, and what each move adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSpec {
    pub initial_ms: u64,
    #[serde(default)]
    pub increment_ms: u64,
}

/// The game a `create` asks for. Chogo reads `rules` (`chogo-44,king=rook`, as the command
/// line's `--rules`); Go reads `rules` as its whole rule text (`9x9,pieces=RB,komi=5.5`)
/// if given, then `pieces`, `board`, `komi`, `moving` and `superko` over it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    pub game: Option<GameKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pieces: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub komi: Option<f64>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moving: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub superko: bool,
    /// The creator's side; none: chosen at random.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
}

/// What a client asks. Every request about a room names it by its `code`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// A new room with this player seated; answered by `joined`, then `state`.
    Create(GameSpec),
    /// The free seat of a room.
    Join {
        code: String,
    },
    /// A spectator of a room: `state`s, no seat.
    Watch {
        code: String,
    },
    /// Back in one's seat after a dropped connection, with the token `joined` gave.
    Rejoin {
        code: String,
        token: String,
    },
    /// A move in the game's notation (`a4-c4`, `R@e5`, `pass`).
    Move {
        code: String,
        text: String,
    },
    Resign {
        code: String,
    },
    OfferDraw {
        code: String,
    },
    AcceptDraw {
        code: String,
    },
    DeclineDraw {
        code: String,
    },
    /// Ask the opponent to take back one's last move (and their answer to it).
    Takeback {
        code: String,
    },
    AcceptTakeback {
        code: String,
    },
    DeclineTakeback {
        code: String,
    },
    /// After the end: a new game with the sides swapped, once both ask.
    Rematch {
        code: String,
    },
    /// Go: a pass (the move `pass`).
    Pass {
        code: String,
    },
    /// Go, after a game ended by two passes or a repetition: go on playing, once both ask.
    PlayOn {
        code: String,
    },
    /// Win against an opponent gone longer than the server's grace period.
    Claim {
        code: String,
    },
    /// A game's record as text (finished or not; no seat needed): answered by `record`.
    Fetch {
        code: String,
        format: RecordFormat,
    },
}

/// The ways a game's record is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordFormat {
    /// The game's own record text (the engines' save format).
    Record,
    /// Go only: SGF, which other Go programs read.
    Sgf,
}

/// Every `type` a client may send, for telling an unknown type from a malformed message.
pub const CLIENT_TYPES: [&str; 17] = [
    "create",
    "join",
    "watch",
    "rejoin",
    "move",
    "resign",
    "offer_draw",
    "accept_draw",
    "decline_draw",
    "takeback",
    "accept_takeback",
    "decline_takeback",
    "rematch",
    "pass",
    "play_on",
    "claim",
    "fetch",
];

impl ClientMsg {
    /// The room a message is about (`create` has none yet).
    pub fn code(&self) -> Option<&str> {
        match self {
            ClientMsg::Create(_) => None,
            ClientMsg::Join { code }
            | ClientMsg::Watch { code }
            | ClientMsg::Rejoin { code, .. }
            | ClientMsg::Move { code, .. }
            | ClientMsg::Resign { code }
            | ClientMsg::OfferDraw { code }
            | ClientMsg::AcceptDraw { code }
            | ClientMsg::DeclineDraw { code }
            | ClientMsg::Takeback { code }
            | ClientMsg::AcceptTakeback { code }
            | ClientMsg::DeclineTakeback { code }
            | ClientMsg::Rematch { code }
            | ClientMsg::Pass { code }
            | ClientMsg::PlayOn { code }
            | ClientMsg::Claim { code }
            | ClientMsg::Fetch { code, .. } => Some(code),
        }
    }
}

/// A seat's connection as the other players see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    /// Nobody has taken the seat yet.
    Empty,
    Connected,
    /// Its player's connection dropped; `claimable` once the grace period is over.
    Gone,
}

/// Both clocks: each side's time left when the state was sent, and the side whose clock
/// runs (none before both players are seated and after the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    pub black_ms: u64,
    pub white_ms: u64,
    pub increment_ms: u64,
    pub running: Option<Side>,
}

impl Clocks {
    pub fn left(&self, side: Side) -> u64 {
        match side {
            Side::Black => self.black_ms,
            Side::White => self.white_ms,
        }
    }
}

/// The offers standing in a room, each with the side that made it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offers {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play_on: Option<Side>,
}

/// How a game ended: the winner (none: a draw), a reason word and the sentence players read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub winner: Option<Side>,
    /// `resignation`, `agreement`, `time`, `abandoned`, or the rules' own reason
    /// (`king-captured`, `passes`, `repetition`, …).
    pub reason: String,
    pub text: String,
}

/// A room as it stands: everything a client needs to show and rebuild the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub code: String,
    pub game: GameKind,
    /// The rules in their canonical text (Chogo's rule set, Go's rules line).
    pub rules: String,
    /// The moves of the game from its start, in notation with their captures.
    pub moves: Vec<String>,
    /// Go: the game goes on after an ending by passes or repetition that both played on.
    #[serde(default)]
    pub resumed: bool,
    /// The game's record text, as the engines write it.
    pub record: String,
    pub turn: Side,
    pub clocks: Option<Clocks>,
    pub black: Presence,
    pub white: Presence,
    /// Whether the seat of a gone player may be claimed against now.
    #[serde(default)]
    pub claimable: bool,
    pub offers: Offers,
    pub result: Option<GameResult>,
    /// The room of the rematch, once both asked for one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
    pub spectators: usize,
}

impl State {
    pub fn presence(&self, side: Side) -> Presence {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// A seat (or a spectator's place, `side` none) in room `code`; `token` rejoins it.
    Joined {
        code: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        side: Option<Side>,
    },
    State(State),
    /// The answer to `fetch`: the game's record in that format.
    Record {
        code: String,
        format: RecordFormat,
        text: String,
    },
    /// A refusal: nothing changed. `error` is a fixed word (docs/ONLINE.md), `message`
    /// says it in plain words; `code` is the room the refused request named, if any.
    Error {
        error: ErrorCode,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
    },
}

/// Why a request was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not an object.
    BadJson,
    /// A `v` other than [`VERSION`], or none.
    BadVersion,
    /// A `type` the server does not know, or none.
    UnknownType,
    /// A known type with missing, extra or wrongly typed fields.
    BadMessage,
    /// A frame over the server's size limit (the connection is closed after it).
    TooLarge,
    /// Binary frames are not part of the protocol.
    BinaryFrame,
    /// More messages a second than the server allows a connection.
    RateLimited,
    /// More rooms than a connection may hold, or more connections than an address may.
    TooMany,
    /// Bad rules, piece set, board, komi or clock in a `create`.
    BadSpec,
    NoSuchRoom,
    /// Both seats are taken (watch instead).
    RoomFull,
    /// The request needs a seat in that room and this connection has none.
    NotPlayer,
    /// A wrong token for that room.
    BadToken,
    /// The game is over.
    GameOver,
    NotYourTurn,
    IllegalMove,
    /// An answer to an offer nobody made, or an offer one may not make now.
    NoOffer,
    /// A request of the other game (a pass in Chogo).
    WrongGame,
    /// A claim before the opponent's grace period is over, or while they are here.
    TooEarly,
    /// The server could not write the game to its database: nothing changed.
    Storage,
}

/// A frame for the wire: the message with `"v": VERSION`.
pub fn encode<T: Serialize>(msg: &T) -> String {
    let mut value = serde_json::to_value(msg).unwrap_or(serde_json::Value::Null);
    if let serde_json::Value::Object(map) = &mut value {
        map.insert("v".into(), VERSION.into());
    }
    value.to_string()
}

/// Why a frame was not read as a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unread {
    pub error: ErrorCode,
    pub message: String,
}

fn unread(error: ErrorCode, message: impl Into<String>) -> Unread {
    Unread {
        error,
        message: message.into(),
    }
}

/// Reads a frame of `T`'s messages (whose `type`s are `types`): its JSON, its version, its
/// type, then its fields, each refusal with its own code.
fn decode<T: serde::de::DeserializeOwned>(text: &str, types: &[&str]) -> Result<T, Unread> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| unread(ErrorCode::BadJson, format!("the frame is not JSON: {e}")))?;
    let serde_json::Value::Object(mut map) = value else {
        return Err(unread(ErrorCode::BadJson, "a message is a JSON object"));
    };
    match map.remove("v") {
        Some(v) if v.as_u64() == Some(u64::from(VERSION)) => {}
        Some(v) => {
            return Err(unread(
                ErrorCode::BadVersion,
                format!(
                    "this server speaks version {VERSION} of the protocol, not {}",
                    crate::common::excerpt(&v.to_string())
                ),
            ));
        }
        None => {
            return Err(unread(
                ErrorCode::BadVersion,
                format!("a message needs the protocol's version: \"v\": {VERSION}"),
            ));
        }
    }
    match map.get("type").and_then(|t| t.as_str()) {
        Some(t) if types.contains(&t) => {}
        Some(t) => {
            return Err(unread(
                ErrorCode::UnknownType,
                format!("unknown message type '{}'", crate::common::excerpt(t)),
            ));
        }
        None => {
            return Err(unread(
                ErrorCode::UnknownType,
                "a message needs a \"type\" (text)",
            ));
        }
    }
    serde_json::from_value(serde_json::Value::Object(map)).map_err(|e| {
        unread(
            ErrorCode::BadMessage,
            format!(
                "a malformed message: {}",
                crate::common::excerpt_long(&e.to_string())
            ),
        )
    })
}

/// Reads a client's frame.
pub fn decode_client(text: &str) -> Result<ClientMsg, Unread> {
    decode(text, &CLIENT_TYPES)
}

/// Reads a server's frame.
pub fn decode_server(text: &str) -> Result<ServerMsg, Unread> {
    decode(text, &["joined", "state", "record", "error"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_goes_and_comes_back() {
        let msgs = [
            ClientMsg::Create(GameSpec {
                game: Some(GameKind::Go),
                pieces: Some("RB".into()),
                board: Some("9".into()),
                side: Some(Side::White),
                clock: Some(ClockSpec {
                    initial_ms: 60_000,
                    increment_ms: 2_000,
                }),
                ..GameSpec::default()
            }),
            ClientMsg::Move {
                code: "ABCDEF".into(),
                text: "R@e5".into(),
            },
            ClientMsg::PlayOn {
                code: "ABCDEF".into(),
            },
        ];
        for msg in msgs {
            let text = encode(&msg);
            assert!(text.contains("\"v\":1"), "{text}");
            assert_eq!(decode_client(&text), Ok(msg));
        }
    }

    #[test]
    fn each_fault_has_its_code() {
        let code = |text: &str| decode_client(text).map_err(|e| e.error).err();
        assert_eq!(code("{"), Some(ErrorCode::BadJson));
        assert_eq!(code("[1]"), Some(ErrorCode::BadJson));
        assert_eq!(
            code(r#"{"type":"resign","code":"A"}"#),
            Some(ErrorCode::BadVersion)
        );
        assert_eq!(
            code(r#"{"v":2,"type":"resign","code":"A"}"#),
            Some(ErrorCode::BadVersion)
        );
        assert_eq!(
            code(r#"{"v":1,"type":"dance"}"#),
            Some(ErrorCode::UnknownType)
        );
        assert_eq!(code(r#"{"v":1}"#), Some(ErrorCode::UnknownType));
        assert_eq!(
            code(r#"{"v":1,"type":"resign"}"#),
            Some(ErrorCode::BadMessage)
        );
        assert_eq!(
            code(r#"{"v":1,"type":"resign","code":"A","x":1}"#),
            Some(ErrorCode::BadMessage)
        );
        assert_eq!(code(r#"{"v":1,"type":"resign","code":"A"}"#), None);
    }
}
