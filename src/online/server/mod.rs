//! The game server (cargo feature `server`): rooms by code with their game refereed by the
//! engines ([`room`]), every room and connection of a server ([`hub`]), the database of
//! games, SQLite or PostgreSQL ([`store`]), the other instances of a cluster ([`cluster`]) and the WebSockets on tokio ([`net`]). `chogo-server`
//! (src/bin/chogo-server/) reads its command line and calls [`net::run`].

pub mod cluster;
pub mod hub;
pub mod net;
pub mod room;
pub mod store;
