//! Bots play through the same bridge as people: the search runs as a background task and
//! its move comes back as a command.

use bevy::prelude::*;

use crate::bot::Budget;
use crate::bot::arena::decision_seed;
use crate::bot::job::{Engine, Thought};
use crate::game::app::animation::Animating;
use crate::game::app::bot_play::BotPlay;
use crate::game::app::reports::Refused;
use crate::game::app::screen::{GameKind, Screen};
use crate::game::app::sets::Phase;
use crate::game::app::thinker::{Job, Thinker};
use crate::game::chogo_board::bridge::{Bridge, Command, PlayerKind};
use crate::rules::{Game, Side};

/// A Chogo bot's search under way: its move, or `None` (the bot has none, or its worker
/// failed).
pub type ChogoThinker = Thinker<Option<Thought>>;

/// Starts a Chogo bot's search on the thinker.
pub fn think(game: &Game, engine: Engine, budget: Budget, seed: u64) -> ChogoThinker {
    let job = crate::bot::job::Job::new(game, engine, budget, seed);
    let game = game.clone();
    Thinker::spawn(Job::new(
        move |stop| crate::bot::job::Job::run_on(engine, &game, budget, seed, stop),
        move || serde_json::to_string(&job).unwrap_or_default(),
        |answer| {
            crate::bot::job::read_answer(answer).unwrap_or_else(|e| {
                bevy::log::warn!("chogo: the bot worker failed: {e}");
                None
            })
        },
    ))
}

/// The bot search under way, if any.
#[derive(Resource, Default)]
pub struct BotThinking {
    task: Option<ChogoThinker>,
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
    // While the position editor is open the game waits (its bot too).
    if thinking.task.is_some()
        || animating.0
        || bridge.game.outcome().is_some()
        || limit_reached
        || bridge.edit.is_some()
    {
        return;
    }
    let side = bridge.game.position().turn();
    let PlayerKind::Bot(level) = bridge.player(side) else {
        return;
    };
    let seed = decision_seed(play.seed, bridge.version, bridge.game.plies().len());
    thinking.task = Some(think(
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
    // An answer found while the position editor is open waits until it closes.
    if bridge.edit.is_some() {
        return;
    }
    let Some(task) = thinking.task.as_mut() else {
        return;
    };
    let Some(answer) = task.poll() else {
        return;
    };
    thinking.task = None;
    // A stale answer (the game changed meanwhile) is dropped.
    if version == bridge.version
        && let Some(thought) = answer
    {
        commands.write(Command::Play(thought.mv));
    }
}

/// This side offers a draw. Another person at this screen accepts at once; a bot answers
/// after a short search of its own, like any other question it is asked.
#[derive(Message, Debug, Clone, Copy)]
pub struct OfferDraw(pub Side);

/// A draw offer the bot is thinking about, with the game version it was made in.
#[derive(Resource, Default)]
pub struct DrawOffer {
    task: Option<(u64, Side, ChogoThinker)>,
}

impl DrawOffer {
    pub fn is_pending(&self) -> bool {
        self.task.is_some()
    }
}

/// A bot accepts a draw unless its search says it is ahead by more than a third of a pawn.
const DECLINE_ABOVE: i32 = 33;

fn consider_draw_offers(
    mut offers: MessageReader<OfferDraw>,
    bridge: Res<Bridge>,
    mut offer: ResMut<DrawOffer>,
    mut commands: MessageWriter<Command>,
) {
    for &OfferDraw(side) in offers.read() {
        match bridge.player(!side) {
            PlayerKind::Human => {
                commands.write(Command::AgreeDraw(bridge.version));
            }
            PlayerKind::Bot(_) => {
                let budget = Budget {
                    depth: Some(3),
                    ..Budget::default()
                };
                let task = think(&bridge.game, Engine::Search, budget, 1);
                offer.task = Some((bridge.version, !side, task));
            }
        }
    }
}

fn answer_draw_offer(
    bridge: Res<Bridge>,
    mut offer: ResMut<DrawOffer>,
    mut commands: MessageWriter<Command>,
    mut refused: MessageWriter<Refused>,
) {
    let Some((version, bot, task)) = offer.task.as_mut() else {
        return;
    };
    if *version != bridge.version {
        offer.task = None;
        refused.write(Refused(
            "The draw offer lapsed: the game moved on before the answer".into(),
        ));
        return;
    }
    let (version, bot) = (*version, *bot);
    let Some(answer) = task.poll() else {
        return;
    };
    offer.task = None;
    // The score is for the side to move.
    let for_bot = answer.and_then(|t| t.eval()).map(|score| {
        if bridge.game.position().turn() == bot {
            score
        } else {
            -score
        }
    });
    let name = match bridge.player(bot) {
        PlayerKind::Bot(level) => level.title(),
        PlayerKind::Human => "The opponent",
    };
    match for_bot {
        Some(score) if score <= DECLINE_ABOVE => {
            commands.write(Command::AgreeDraw(version));
        }
        Some(_) => {
            refused.write(Refused(format!(
                "{name} declines the draw: it thinks it is ahead"
            )));
        }
        // No judgement (the search failed): no agreement is made for the bot.
        None => {
            refused.write(Refused(format!(
                "{name} declines the draw: it could not judge the position"
            )));
        }
    }
}

/// Leaving Chogo's board (for the title, the rules or the other game) abandons its
/// searches: an answer must not be played into a game nobody sees, and the bot starts
/// again on the way back.
fn abandon_searches(mut thinking: ResMut<BotThinking>, mut offer: ResMut<DrawOffer>) {
    thinking.cancel();
    offer.task = None;
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnExit(crate::game::chogo_board::ChogoOn), abandon_searches);
    app.init_resource::<BotThinking>();
    app.init_resource::<DrawOffer>();
    app.add_message::<OfferDraw>();
    app.add_systems(
        Update,
        (
            (finish_thinking, consider_draw_offers, answer_draw_offer)
                .chain()
                .in_set(Phase::Input),
            start_thinking
                .run_if(in_state(Screen::Playing).and_then(in_state(GameKind::Chogo)))
                .in_set(Phase::Bots),
        ),
    );
}
