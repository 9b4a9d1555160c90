//! The desktop game (Bevy): one plugin per concern, assembled here.
//!
//! Data flows one way: input systems write a [`Command`]; the rules bridge checks it
//! against the rules and answers with [`Played`] (what the move did), [`Refused`] (why not)
//! or [`Resynced`] (the position changed wholesale); the men, animation, audio and HUD
//! systems only react to those answers.
//!
//! Screens are Bevy states ([`Screen`]): title, playing, game over, rules. The board and
//! its men exist only while a game is on the screen ([`InGame`]).

// Bevy systems take their world access as parameters: long parameter lists and nested
// query types are the normal shape of a system, as in the Bevy templates.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

mod animation;
mod audio;
mod board;
mod bot_player;
mod bridge;
mod demo;
mod hint;
mod hud;
mod input;
mod layout;
mod men;
mod menus;
mod persist;
mod pieces;
mod rules_screen;
mod screen;
mod theme;
mod thinker;
#[cfg(target_arch = "wasm32")]
mod web;

use bevy::prelude::*;

pub use animation::{Animating, AnimationSpeed};
pub use bot_player::{BotPlay, BotThinking};
pub use bridge::{Bridge, Command, Played, PlayerKind, Refused, Resynced, Setup, Viewing};
pub use demo::DemoConfig;
pub use hint::{AskHint, Hint};
pub use layout::BoardLayout;
pub use men::ManPiece;
pub use menus::{Export, MenuAction, Resumable, export_text};
pub use persist::{Persistence, PlayerSettings, resumed};
pub use screen::{InGame, Screen};

/// The order of work in a frame: input, then the rules bridge, then everything that reacts.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum GameSet {
    Input,
    Bridge,
    React,
}

/// The parts that need no window: screens, saves, rules bridge, men entities, animation
/// clock, bot player. ECS tests run exactly this (with Bevy's `StatesPlugin`).
pub fn logic_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (GameSet::Input, GameSet::Bridge, GameSet::React).chain(),
    );
    app.add_plugins((
        screen::plugin,
        persist::plugin,
        layout::plugin,
        bridge::plugin,
        men::plugin,
        animation::plugin,
        bot_player::plugin,
        hint::plugin,
    ));
}

/// The whole game on top of Bevy's default plugins, egui and kira.
pub fn plugin(app: &mut App) {
    logic_plugin(app);
    app.add_plugins((
        theme::plugin,
        board::plugin,
        pieces::plugin,
        input::plugin,
        audio::plugin,
        hud::plugin,
        menus::plugin,
        rules_screen::plugin,
        demo::plugin,
    ));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web::plugin);
}
