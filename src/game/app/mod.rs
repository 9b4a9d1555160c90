//! The shared layer of the app, written once for every board: the frame phases, settings,
//! the theme and palette, shapes and animation, the thinker that runs a bot's search away
//! from the frame loop, the reports a rules bridge sends, screens and dialogs as states,
//! saves, sounds, exports, the window and the UI widgets, and the title and rules screens
//! and the dialogs (`screens`, `dialogs`), which offer every board registered in
//! [`boards`]. It imports no board: a board module builds on it (`chogo_board`,
//! `go_board`) and registers its part of the shared screens.

pub mod animation;
pub mod audio;
pub mod boards;
pub mod bot_play;
pub mod bot_turn;
#[cfg(target_arch = "wasm32")]
pub mod bytes_asset;
pub mod camera;
pub mod dialogs;
pub mod editor;
pub mod export;
pub mod game_panel;
pub mod learn;
pub mod online;
pub mod pace;
pub mod panel_parts;
pub mod persist;
pub mod reports;
pub mod screen;
pub mod screens;
pub mod session;
pub mod sets;
pub mod settings;
pub mod shapes;
pub mod start;
pub mod study;
pub mod theme;
pub mod thinker;
pub mod ui;
pub mod wake;
pub mod window;
#[cfg(target_arch = "wasm32")]
pub mod worker;

use bevy::prelude::*;

/// The shared parts that need no window (the windowless ECS tests run them).
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((
        sets::plugin,
        screen::plugin,
        persist::plugin,
        reports::plugin,
        animation::plugin,
    ));
    app.init_resource::<bot_play::BotPlay>();
    app.init_resource::<ui::DrawerOpen>();
    app.init_resource::<ui::PanelPlace>();
    app.add_plugins((
        game_panel::plugin,
        study::plugin,
        editor::plugin,
        learn::logic_plugin,
        online::logic_plugin,
    ));
}

/// The shared parts a window needs: theme, shapes, the UI, sounds, screenshots.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        camera::plugin,
        theme::plugin,
        shapes::plugin,
        ui::plugin,
        audio::plugin,
        export::plugin,
        dialogs::plugin,
        screens::plugin,
        pace::plugin,
        learn::plugin,
        online::plugin,
    ));
}
