//! Hints: on request, the search's best move for the person to move is marked on the board.

use bevy::prelude::*;

use crate::bot::Budget;
use crate::bot::job::Engine;
use crate::game::chogo_board::bot_player::{ChogoThinker, think};
use crate::game::chogo_board::bridge::Bridge;
use crate::rules::Move;

/// Ask for a hint (the H key or the panel's button).
#[derive(Message, Debug, Clone, Copy)]
pub struct AskHint;

/// The hint being computed, and the last one found with the game version it belongs to.
#[derive(Resource, Default)]
pub struct Hint {
    task: Option<(u64, ChogoThinker)>,
    found: Option<(u64, Move)>,
}

impl Hint {
    /// The hint for the game as it stands, if one was asked for and found.
    pub fn current(&self, version: u64) -> Option<Move> {
        self.found.filter(|(v, _)| *v == version).map(|(_, m)| m)
    }

    pub fn is_searching(&self) -> bool {
        self.task.is_some()
    }
}

/// How long a hint may think.
const HINT_MILLIS: u64 = 700;

fn ask(mut asks: MessageReader<AskHint>, bridge: Res<Bridge>, mut hint: ResMut<Hint>) {
    if asks.read().count() == 0 || !bridge.human_to_move() || hint.task.is_some() {
        return;
    }
    let budget = Budget {
        time: Some(std::time::Duration::from_millis(HINT_MILLIS)),
        ..Budget::default()
    };
    let task = think(&bridge.game, Engine::Search, budget, 1);
    hint.task = Some((bridge.version, task));
}

fn finish(bridge: Res<Bridge>, mut hint: ResMut<Hint>) {
    let Some((version, task)) = hint.task.as_mut() else {
        return;
    };
    let version = *version;
    if version != bridge.version {
        // The game moved on: the question is moot.
        hint.task = None;
        return;
    }
    if let Some(answer) = task.poll() {
        hint.task = None;
        hint.found = answer.map(|thought| (version, thought.mv));
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Hint>();
    app.add_message::<AskHint>();
    // The answer is taken in with the other results (before the board's highlights are
    // worked out in the same frame), the question asked after the input.
    app.add_systems(Update, finish.in_set(crate::game::app::sets::Phase::Input));
    app.add_systems(Update, ask.in_set(crate::game::app::sets::Phase::React));
}
