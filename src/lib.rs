//! Chogo: David Jagger's reconstruction of the Roman soldiers' game Latrunculi.
//!
//! [`rules`] is the complete rule book as code; everything else stands on it. [`study`]
//! reviews a game of either game with its engine; [`jobs`] are the questions either game's
//! bots answer away from the frame loop (a thread, or the browser's Web Worker).

pub mod bot;
pub mod common;
#[cfg(feature = "gui")]
pub mod game;
pub mod go;
pub mod jobs;
pub mod learn;
pub mod online;
pub mod rules;
pub mod save;
pub mod study;
