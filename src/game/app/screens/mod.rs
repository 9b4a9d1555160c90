//! The full-window screens drawn with egui: the title and the rules (a game's result is
//! in its board's panel). Each board draws its own part of them through
//! [`crate::game::app::boards`]. The states themselves are in [`crate::game::app::screen`].

mod rules;
mod title;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((title::plugin, rules::plugin));
}
