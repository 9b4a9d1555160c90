//! The desktop and browser game (Bevy): a shared layer and one module per board,
//! assembled here.
//!
//! - [`app`]: the shared layer, written once for every board and importing none: frame
//!   phases, settings, theme, shapes and animation, the thinker, the reports a bridge sends
//!   (`Refused`, `Resynced`), screens and dialogs as states, the title and rules screens
//!   and the dialogs (each board draws its part of them through `app::boards`), saves,
//!   sounds, exports, the window and the UI widgets.
//! - `chogo_board`, `go_board`: each game's board over its own rules bridge (the only
//!   place that changes that game): layout, board, men or pieces, input, panel, hints,
//!   bot player. The boards never import each other.
//! - `demo`, `launch` (what a start asks for) and `web` (the page's glue) see both boards.
//!   They sit on top, with this file. When frames are drawn is the shared layer's
//!   (`app::pace`): each board tells it what to watch (its searches, its layout).
//!
//! Data flows one way: input systems write a board's command; its rules bridge checks it
//! against the rules and answers with the board's `Played` (what the move did), [`Refused`]
//! (why not) or [`Resynced`] (the position changed wholesale); the pieces, animation, audio
//! and panel systems only react to those answers. Every `Update` system runs in one of the
//! ordered [`Phase`]s; every egui system in one of the ordered `UiLayer`s.
//! `docs/ARCHITECTURE.md` draws the layers and follows one move through them.
//!
//! Screens are Bevy states ([`Screen`]): title, playing, game over, rules; one dialog at a
//! time ([`Dialog`]). The board and its men exist only while a game is on the screen
//! ([`InGame`]).

// Bevy systems take their world access as parameters: long parameter lists and nested
// query types are the normal shape of a system, as in the Bevy templates.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

pub mod app;
mod bench;
mod chogo_board;
mod demo;
mod go_board;
mod launch;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(target_arch = "wasm32")]
pub use web::page_review_bench;

/// The page's `?review-bench=…`: off the browser there is no page address.
#[cfg(not(target_arch = "wasm32"))]
pub fn page_review_bench() -> Option<String> {
    None
}

use bevy::prelude::*;

pub use app::animation::{Animating, AnimationSpeed, Captured, Motion};
pub use app::bot_play::BotPlay;
pub use app::camera::CameraSamples;
pub use app::dialogs::LoadForm;
pub use app::persist::Persistence;
pub use app::reports::{Refused, Resynced};
pub use app::screen::{Dialog, GameKind, InGame, MenuAction, Resumable, Screen};
pub use app::sets::Phase;
pub use app::settings::PlayerSettings;
pub use app::start::{Asked, AskedPlayers, Asking, Given};
pub use app::study::{
    AnalysisBoard, Attempting, GameReview, PracticeAsk, StartReview, StudySource, ToggleAnalysis,
};
pub use app::ui::{DrawerOpen, Notice, PanelPlace};
pub use bench::ReviewBench;
pub use chogo_board::ChogoOn;
pub use chogo_board::bot_player::{BotThinking, DrawOffer, OfferDraw};
pub use chogo_board::bridge::{Bridge, Command, Edit, Played, PlayerKind, Setup, Viewing};
pub use chogo_board::export::{Export, export_text};
pub use chogo_board::hint::{AskHint, Hint};
pub use chogo_board::layout::BoardLayout;
pub use chogo_board::men::{ManPiece, MenShow};
pub use chogo_board::menu::ChogoReading;
pub use chogo_board::picking::Selection;
pub use demo::{DemoConfig, FrameStats, bare_plugin};
pub use go_board::bridge::{GoBridge, GoCommand, GoEdit, GoOwn, GoPlayed, GoSetup, suggested_komi};
pub use go_board::{
    DropKind, GoFlipped, GoLayout, GoMarks, GoOn, GoPiece, GoPointer, GoThinking, GoViewing,
    LifeView,
};
pub use launch::{Launch, Start};

/// A board of the game: the one place that lists them. A board's folder holds
/// everything else of it.
struct Board {
    /// The parts without a window.
    logic: fn(&mut App),
    /// The rest: drawing, input, panels.
    view: fn(&mut App),
    /// How the command line starts its game.
    asking: Asking,
}

/// Every board, in the order they are offered.
const BOARDS: [Board; 2] = [
    Board {
        logic: chogo_board::logic_plugin,
        view: chogo_board::plugin,
        asking: chogo_board::given::ASKING,
    },
    Board {
        logic: go_board::logic_plugin,
        view: go_board::plugin,
        asking: go_board::given::ASKING,
    },
];

/// How the command line starts each board's game, in the order the boards are offered.
pub fn askings() -> impl Iterator<Item = &'static Asking> {
    BOARDS.iter().map(|b| &b.asking)
}

/// The game of `kind` the command line asks for, or why it cannot be had: a flag of
/// another game is refused, naming that game.
pub fn given(kind: GameKind, asked: &Asked) -> Result<Given, String> {
    let asking = askings()
        .find(|a| a.kind == kind)
        .ok_or_else(|| format!("no board plays {}", kind.id()))?;
    for (flag, _) in &asked.flags {
        if !asking.flags.contains(flag) {
            let owner = askings().find(|a| a.flags.contains(flag));
            return Err(match owner {
                Some(owner) => format!(
                    "--{flag} is an option of {} (--game {}), not of {}",
                    owner.name,
                    owner.kind.id(),
                    asking.name
                ),
                None => format!("--{flag} is an option of no game"),
            });
        }
    }
    (asking.given)(asked)
}

/// The parts that need no window: screens, saves, the rules bridges, men and pieces,
/// animation clock, bot players. Windowless ECS tests run exactly this (with Bevy's
/// `StatesPlugin`).
pub fn logic_plugin(app: &mut App) {
    app::logic_plugin(app);
    for board in &BOARDS {
        (board.logic)(app);
    }
}

/// The whole game on top of Bevy's default plugins, egui and kira.
pub fn plugin(app: &mut App) {
    logic_plugin(app);
    app::plugin(app);
    app.add_plugins((demo::plugin, bench::plugin));
    for board in &BOARDS {
        (board.view)(app);
    }
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web::plugin);
}
