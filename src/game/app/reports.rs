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

/// A game was put on the board in place of the one before (a new game, a rematch, a
/// game loaded or resumed): what the player had opened over the last one (a small
/// window's drawer) shuts.
#[derive(Message, Clone, Debug)]
pub struct GameReplaced;

/// Why a bridge refuses to end the game now (both boards' bridges): it is already over,
/// or a draw agreed on `offered`, an earlier version of the game than `now`, lapsed.
pub fn ending_refused(over: bool, offered: Option<u64>, now: u64) -> Option<Refused> {
    if over {
        Some(Refused("the game is already over".into()))
    } else if offered.is_some_and(|v| v != now) {
        Some(Refused(
            "The draw offer lapsed: the game moved on before the answer".into(),
        ))
    } else {
        None
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Refused>();
    app.add_message::<Resynced>();
    app.add_message::<GameReplaced>();
}
