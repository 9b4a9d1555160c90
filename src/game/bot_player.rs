//! Bots play through the same bridge as people: the search runs as a background task and
//! its move comes back as a command.

use bevy::prelude::*;

use super::animation::Animating;
use super::bridge::{Bridge, Command, PlayerKind};
use super::thinker::Thinker;
use crate::bot::arena::decision_seed;
use crate::bot::job::Engine;

/// Settings for bot play: the seed of every choice, and an optional ply count after which
/// bots stop (the demo mode).
#[derive(Resource, Debug, Clone, Copy)]
pub struct BotPlay {
    pub seed: u64,
    pub ply_limit: Option<usize>,
    /// Replaces the search levels' time per move.
    pub time: Option<std::time::Duration>,
}

impl Default for BotPlay {
    fn default() -> BotPlay {
        BotPlay {
            seed: 1,
            ply_limit: None,
            time: None,
        }
    }
}

/// The bot search under way, if any.
#[derive(Resource, Default)]
pub struct BotThinking {
    task: Option<Thinker>,
    /// The bridge version the search started from.
    version: u64,
}

impl BotThinking {
    pub fn is_thinking(&self) -> bool {
        self.task.is_some()
    }

    /// Abandons the search (undo, new game, leaving).
    pub fn cancel(&mut self) {
        self.task = None;
    }
}

fn start_thinking(
    bridge: Res<Bridge>,
    animating: Res<Animating>,
    play: Res<BotPlay>,
    mut thinking: ResMut<BotThinking>,
) {
    if thinking.task.is_some() && thinking.version != bridge.version {
        thinking.cancel();
    }
    let limit_reached = play
        .ply_limit
        .is_some_and(|n| bridge.game.plies().len() >= n);
    if thinking.task.is_some() || animating.0 || bridge.game.outcome().is_some() || limit_reached {
        return;
    }
    let side = bridge.game.position().turn();
    let PlayerKind::Bot(level) = bridge.player(side) else {
        return;
    };
    let seed = decision_seed(play.seed, bridge.version, bridge.game.plies().len());
    thinking.task = Some(Thinker::start(
        &bridge.game,
        Engine::Level(level),
        level.budget(play.time),
        seed,
    ));
    thinking.version = bridge.version;
}

fn finish_thinking(
    bridge: Res<Bridge>,
    mut thinking: ResMut<BotThinking>,
    mut commands: MessageWriter<Command>,
) {
    let version = thinking.version;
    let Some(task) = thinking.task.as_mut() else {
        return;
    };
    let Some(answer) = task.poll() else {
        return;
    };
    thinking.task = None;
    // A stale answer (the game changed meanwhile) is dropped.
    if version == bridge.version
        && let Some(mv) = answer
    {
        commands.write(Command::Play(mv));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BotThinking>();
    app.init_resource::<BotPlay>();
    app.add_systems(
        Update,
        (
            finish_thinking.in_set(super::GameSet::Input),
            start_thinking
                .run_if(in_state(super::screen::Screen::Playing))
                .after(super::GameSet::React),
        ),
    );
}
