//! The desktop and browser game (Bevy): one plugin per concern, assembled here.
//!
//! Data flows one way: input systems write a [`Command`]; the rules bridge checks it
//! against the rules and answers with [`Played`] (what the move did), [`Refused`] (why not)
//! or [`Resynced`] (the position changed wholesale); the men, animation, audio and HUD
//! systems only react to those answers. Every `Update` system runs in one of the ordered
//! [`Phase`]s; every egui system in one of the ordered [`ui::UiLayer`]s.
//!
//! Layers, from the leaves up (a module only uses modules above it in this list):
//! - `wake` (waking the frame loop from outside a frame), `sets`, `settings`, `thinker`,
//!   `picking` (pure selection logic), `theme`, `ui` (palette, widgets, the small-board
//!   painter);
//! - `bridge` (the only place that changes the game), `layout`, `animation`, `audio`;
//! - `screen` (screens and dialogs as states, menu actions), `persist`, `men`, `pieces`,
//!   `board`, `hint`, `bot_player`, `input`, `export`;
//! - `hud` (the side panel), `dialogs`, `screens`, `demo`, `pace` (when frames are drawn),
//!   `launch` (what a start asks for).
//!
//! Screens are Bevy states ([`Screen`]): title, playing, game over, rules; one dialog at a
//! time ([`Dialog`]). The board and its men exist only while a game is on the screen
//! ([`InGame`]).

// Bevy systems take their world access as parameters: long parameter lists and nested
// query types are the normal shape of a system, as in the Bevy templates.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

mod animation;
mod audio;
mod board;
mod bot_player;
mod bridge;
mod demo;
mod dialogs;
mod export;
mod go_board;
mod go_bridge;
mod hint;
mod hud;
mod input;
mod launch;
mod layout;
mod men;
mod pace;
mod persist;
mod picking;
mod pieces;
mod screen;
mod screens;
mod sets;
mod settings;
mod shapes;
mod theme;
mod thinker;
mod ui;
mod wake;
#[cfg(target_arch = "wasm32")]
mod web;

use bevy::prelude::*;

pub use animation::{Animating, AnimationSpeed, Captured, Motion};
pub use board::CameraSamples;
pub use bot_player::{BotPlay, BotThinking, DrawOffer, OfferDraw};
pub use bridge::{Bridge, Command, Played, PlayerKind, Refused, Resynced, Setup, Viewing};
pub use demo::{DemoConfig, FrameStats, bare_plugin};
pub use dialogs::{LoadForm, NewGameForm};
pub use export::{Export, export_text};
pub use go_board::{
    DropKind, GoLayout, GoMarks, GoPiece, GoPointer, GoThinking, GoViewing, LifeView,
};
pub use go_bridge::{GoBridge, GoCommand, GoPlayed, GoSetup, suggested_komi};
pub use hint::{AskHint, Hint};
pub use launch::{Launch, Start};
pub use layout::BoardLayout;
pub use men::{ManPiece, MenShow};
pub use persist::Persistence;
pub use picking::Selection;
pub use screen::{ChogoOn, Dialog, GameKind, GoOn, InGame, MenuAction, Resumable, Screen};
pub use sets::Phase;
pub use settings::PlayerSettings;
pub use ui::Notice;

/// The parts that need no window: screens, saves, rules bridge, men entities, animation
/// clock, bot player. Windowless ECS tests run exactly this (with Bevy's `StatesPlugin`).
pub fn logic_plugin(app: &mut App) {
    app.add_plugins((
        sets::plugin,
        screen::plugin,
        persist::plugin,
        layout::plugin,
        bridge::plugin,
        go_bridge::plugin,
        men::plugin,
        animation::plugin,
        bot_player::plugin,
        hint::plugin,
        go_board::logic_plugin,
    ));
}

/// The whole game on top of Bevy's default plugins, egui and kira.
pub fn plugin(app: &mut App) {
    logic_plugin(app);
    app.add_plugins((
        theme::plugin,
        shapes::plugin,
        ui::plugin,
        board::plugin,
        pieces::plugin,
        input::plugin,
        audio::plugin,
        hud::plugin,
        dialogs::plugin,
        screens::plugin,
        export::plugin,
        demo::plugin,
        pace::plugin,
        go_board::plugin,
    ));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web::plugin);
}
