//! Online play: the protocol's messages ([`protocol`]), a room's game of either game as
//! the server and the clients rebuild it ([`game`]), the client ([`client`]) and, behind
//! the cargo feature `server`, the game server's rooms and database ([`server`]).
//! Stands on the engines (`common`, `rules`, `go`); nothing below refers to it.

pub mod client;
pub mod game;
pub mod protocol;
#[cfg(feature = "server")]
pub mod server;

/// The players' names in the records of online games (the server's and every client's
/// record of a game are the same text).
pub const RECORD_NAMES: [&str; 2] = ["black", "white"];
