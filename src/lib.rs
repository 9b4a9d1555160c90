//! Chogo: David Jagger's reconstruction of the Roman soldiers' game Latrunculi.
//!
//! [`rules`] is the complete rule book as code; everything else stands on it. [`study`]
//! reviews a game of either game with its engine.

pub mod bot;
pub mod common;
#[cfg(feature = "gui")]
pub mod game;
pub mod go;
pub mod rules;
pub mod save;
pub mod study;
