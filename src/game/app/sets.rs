//! The order of work in a frame. Every `Update` system of the game belongs to one phase,
//! and the phases run one after another in the order below, so that what a system reads
//! has already been written this frame.

use bevy::prelude::*;

/// The phases of a frame, in order.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The theme and the animation speed follow the player's settings.
    Settings,
    /// Pointer, keys, menu actions, dropped files and finished searches become commands.
    Input,
    /// The rules bridge applies the commands and reports what they did.
    Bridge,
    /// The board's placement follows the window and the game.
    Layout,
    /// The men entities follow the bridge's reports.
    Men,
    /// Animations advance; [`super::Animating`] says whether anything still moves.
    Animate,
    /// Sound, notices, highlights, hints and the men's looks react to what happened.
    React,
    /// The board's cells and highlights and the men's looks are drawn.
    Draw,
    /// Screens follow the game (playing ↔ game over) once the board has settled.
    Screens,
    /// Bots start thinking on a settled board.
    Bots,
    /// The game and the settings are written; the demo takes its steps.
    Persist,
}

pub(crate) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            Phase::Settings,
            Phase::Input,
            Phase::Bridge,
            Phase::Layout,
            Phase::Men,
            Phase::Animate,
            Phase::React,
            Phase::Draw,
            Phase::Screens,
            Phase::Bots,
            Phase::Persist,
        )
            .chain(),
    );
}
