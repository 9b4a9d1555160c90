//! What a board's rules bridge reports besides the moves it played (each board has its
//! own `Played`, with what only its game's moves do): a refusal, and a position that
//! changed wholesale.

use bevy::prelude::*;

/// A command was refused; the game is unchanged.
#[derive(Message, Clone, Debug)]
pub struct Refused(pub String);

/// The position changed wholesale (new game, undo, redo, resignation, agreed draw): views
/// rebuild from the rules.
#[derive(Message, Clone, Debug)]
pub struct Resynced;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Refused>();
    app.add_message::<Resynced>();
}
