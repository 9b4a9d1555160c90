//! The full-window screens drawn with egui: the title and the rules (a game's result is
//! in its board's panel).
//! The states themselves are in [`crate::game::app::screen`].

mod go_rules;
mod rules;
mod title;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((title::plugin, rules::plugin));
}
