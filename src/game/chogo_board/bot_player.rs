//! Chogo's bots at the board: which search answers a bot's turn and a hint (the turn and
//! the hint themselves are `app::bot_turn`, shared by every board), and the draw offers a
//! bot answers with a short search of its own.

use bevy::prelude::*;

use crate::bot::job::{Engine, Thought};
use crate::bot::{Budget, Level};
use crate::game::app::bot_turn::{self, BoardBots, BotMove, BotTurn};
use crate::game::app::pace::{self, Searching};
use crate::game::app::reports::Refused;
use crate::game::app::sets::Phase;
use crate::game::app::thinker::{Job, Thinker};
use crate::game::chogo_board::ChogoOn;
use crate::game::chogo_board::bridge::{Bridge, Command, PlayerKind};
use crate::rules::{Game, Move, Side};

/// A Chogo bot's search under way: its move, or `None` (the bot has none, or its worker
/// failed).
pub type ChogoThinker = Thinker<Option<Thought>>;

/// A Chogo search for the thinker.
fn job(game: &Game, engine: Engine, budget: Budget, seed: u64) -> Job<Option<Thought>> {
    let job = crate::bot::job::Job::new(game, engine, budget, seed);
    let game = game.clone();
    Job::new(
        move |stop| crate::bot::job::Job::run_on(engine, &game, budget, seed, stop),
        move || crate::jobs::WorkerJob::ChogoMove(job).to_json(),
        |answer| {
            crate::bot::job::read_answer(answer).unwrap_or_else(|e| {
                bevy::log::warn!("chogo: the bot worker failed: {e}");
                None
            })
        },
    )
}

/// Starts a Chogo search on the thinker.
pub fn think(game: &Game, engine: Engine, budget: Budget, seed: u64) -> ChogoThinker {
    Thinker::spawn(job(game, engine, budget, seed))
}

/// Chogo's bot turn (the shared `app::bot_turn`).
pub type BotThinking = BotTurn<Game>;

impl BoardBots for Game {
    fn bot_job(
        &self,
        level: Level,
        time: Option<std::time::Duration>,
        seed: u64,
    ) -> Job<Option<BotMove<Move>>> {
        // Chogo's bots play on (a hopeless side resigns by the rules' option, §10).
        job(self, Engine::Level(level), level.budget(time), seed)
            .map(|answer| answer.map(BotMove::playing))
    }

    /// The plain search, without noise, for a little under a second.
    fn hint_job(&self, _seed: u64) -> Job<Option<Thought>> {
        let budget = Budget {
            time: Some(std::time::Duration::from_millis(HINT_MILLIS)),
            ..Budget::default()
        };
        job(self, Engine::Search, budget, 1)
    }
}

/// How long a hint may think.
const HINT_MILLIS: u64 = 700;

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

/// Leaving Chogo's board (for the title, the rules or the other game) abandons the draw
/// offer under way (the bot's turn and the hint are abandoned by `app::bot_turn`).
fn abandon_offer(mut offer: ResMut<DrawOffer>) {
    offer.task = None;
}

impl Searching for DrawOffer {
    fn searching(&self) -> bool {
        self.is_pending()
    }
}

pub(crate) fn plugin(app: &mut App) {
    bot_turn::register::<Game, _>(app, ChogoOn);
    pace::watch_search::<DrawOffer>(app);
    app.add_systems(OnExit(ChogoOn), abandon_offer);
    app.init_resource::<DrawOffer>();
    app.add_message::<OfferDraw>();
    app.add_systems(
        Update,
        (consider_draw_offers, answer_draw_offer)
            .chain()
            .after(bot_turn::finish_turn::<Game>)
            .in_set(Phase::Input),
    );
}
