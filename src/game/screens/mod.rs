//! The full-window screens drawn with egui: title, game over (over the board) and rules.
//! The states themselves are in [`crate::game::app::screen`].

mod game_over;
mod go_rules;
mod rules;
mod title;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((title::plugin, game_over::plugin, rules::plugin));
}
