//! The bots of Go with chess pieces at the board: they play through the bridge like
//! people (the search away from the frame loop: a background task on the desktop, the Web
//! Worker in the browser), give hints, answer draw offers; the screen follows the game's
//! end; sounds react to what the bridge reported.

use bevy::prelude::*;
use bevy_kira_audio::prelude::AudioSource;

use std::time::Duration;

use crate::game::app::audio::{self, Speaker};
use crate::game::app::bot_turn::{self, BoardBots, BotMove, BotTurn, HintFound};
use crate::game::app::reports::Refused;
use crate::game::app::thinker::Job;
use crate::game::app::ui::Notice;
use crate::game::go_board::bridge::{GoBridge, GoCommand, GoPlayed};
use crate::go::bot::Level;
use crate::go::job::{GoAsk, GoDecision, GoJob, GoThought};
use crate::go::{Game, Move};
use crate::rules::Side;
use crate::save::GoPlayer;

/// A level's bot at its own budget (`time`: a time of the app's instead).
fn ask(level: Level, time: Option<Duration>, seed: u64) -> GoAsk {
    GoAsk {
        level,
        time,
        playouts: None,
        seed,
    }
}

/// A search of Go with chess pieces for the shared thinker: the bot of `level` on the
/// game (`None`: no move, or a failed worker).
fn job(game: &Game, level: Level, time: Option<Duration>, seed: u64) -> Job<Option<GoThought>> {
    let game = game.clone();
    let for_json = game.clone();
    let for_read = game.clone();
    let ask = ask(level, time, seed);
    Job::new(
        move |stop| GoJob::run_on(&game, ask, stop),
        move || crate::jobs::WorkerJob::GoMove(GoJob::new(&for_json, ask)).to_json(),
        move |answer| {
            GoJob::read_answer(&for_read, answer).unwrap_or_else(|e| {
                bevy::log::warn!("chogo: the bot worker failed: {e}");
                None
            })
        },
    )
}

/// The bot's move, or its resignation when its searches have seen the game lost for
/// several moves (`GoJob::decide`).
fn turn_job(
    game: &Game,
    level: Level,
    time: Option<Duration>,
    seed: u64,
) -> Job<Option<BotMove<Move>>> {
    let game = game.clone();
    let for_json = game.clone();
    let for_read = game.clone();
    let decided = |d: GoDecision| BotMove {
        thought: d.thought,
        resigns: d.resigns,
    };
    let ask = ask(level, time, seed);
    Job::new(
        move |stop| GoJob::decide(&game, ask, stop).map(decided),
        move || {
            let job = GoJob::new(&for_json, ask).resigning();
            crate::jobs::WorkerJob::GoMove(job).to_json()
        },
        move |answer| match GoJob::read_decision(&for_read, answer) {
            Ok(decision) => decision.map(decided),
            Err(e) => {
                bevy::log::warn!("chogo: the bot worker failed: {e}");
                None
            }
        },
    )
}

impl BoardBots for Game {
    /// The settings' time a move replaces the level's own only where the level searches.
    fn bot_job(
        &self,
        level: Level,
        time: Option<Duration>,
        seed: u64,
    ) -> Job<Option<BotMove<Move>>> {
        turn_job(self, level, time.filter(|_| level.searches()), seed)
    }

    /// The medium search's move.
    fn hint_job(&self, seed: u64) -> Job<Option<GoThought>> {
        job(self, Level::Medium, None, seed)
    }
}

/// The bot's turn of Go with chess pieces (the shared `app::bot_turn`).
pub type GoThinking = BotTurn<Game>;

/// The hint of Go with chess pieces: the move found for a game version, or a search
/// under way.
pub type GoHint = bot_turn::Hint<Game>;

/// A hinted drop of another kind switches the palette to it, and the notice says the
/// hint with the moves the engine expects after it.
fn follow_hint(
    mut found: MessageReader<HintFound<Game>>,
    (bridge, hint): (Res<GoBridge>, Res<GoHint>),
    mut kind: ResMut<super::DropKind>,
    mut notice: ResMut<Notice>,
) {
    let Some(HintFound(mv)) = found.read().last() else {
        return;
    };
    if let Move::Drop { kind: k, .. } = *mv {
        kind.set_if_neq(super::DropKind(k));
    }
    notice.0 = hint.words(bridge.version).map(str::to_string);
}

/// This side offers a draw: another person accepts at once (the panel asks first); a bot
/// accepts when its latest search saw its own chances under 40 %; the bots that do not
/// search decline.
#[derive(Message, Debug, Clone, Copy)]
pub struct OfferGoDraw(pub Side);

fn answer_draw_offers(
    mut offers: MessageReader<OfferGoDraw>,
    bridge: Res<GoBridge>,
    thinking: Res<GoThinking>,
    mut commands: MessageWriter<GoCommand>,
    mut refused: MessageWriter<Refused>,
) {
    for OfferGoDraw(side) in offers.read() {
        let other = !*side;
        // The bot's latest search counts while the person has made one move since it at
        // most; the bots that do not search (random, easy) judge nothing and play on.
        let recent = |(version, rate): (u64, f64)| (bridge.version <= version + 1).then_some(rate);
        let accepts = match bridge.player(other) {
            GoPlayer::Human => true,
            GoPlayer::Bot(_) => thinking.winrates[other.index()]
                .and_then(recent)
                .is_some_and(|rate| rate < 0.4),
        };
        if accepts {
            commands.write(GoCommand::AgreeDraw(bridge.version));
        } else {
            refused.write(Refused(
                "The computer declines the draw: it plays on".into(),
            ));
        }
    }
}

/// The sounds only this game makes, loaded when it is first shown.
#[derive(Resource)]
struct GoSounds {
    pass: Handle<AudioSource>,
    refused: Handle<AudioSource>,
    sweep: Handle<AudioSource>,
}

fn load_sounds(mut commands: Commands, assets: Res<AssetServer>, loaded: Option<Res<GoSounds>>) {
    if loaded.is_none() {
        commands.insert_resource(GoSounds {
            pass: audio::sound(&assets, "pass"),
            refused: audio::sound(&assets, "refused"),
            sweep: audio::sound(&assets, "capture_many"),
        });
    }
}

/// Drop, capture (louder with more pieces; five or more as one sweep), pass, a refusal,
/// the end of the game (the interface's clicks are the shared audio's).
fn sounds(
    speaker: Speaker,
    own: Option<Res<GoSounds>>,
    bridge: Res<GoBridge>,
    mut played: MessageReader<GoPlayed>,
    mut refused: MessageReader<Refused>,
    mut resynced: MessageReader<crate::game::app::reports::Resynced>,
    mut was_over: Local<bool>,
) {
    let shared = &speaker.sounds;
    let Some(own) = own else {
        return;
    };
    if refused.read().count() > 0 {
        speaker.play(&own.refused);
    }
    let played: Vec<GoPlayed> = played.read().copied().collect();
    for report in &played {
        match report.mv {
            Move::Pass => speaker.play(&own.pass),
            Move::Drop { .. } => speaker.play(&shared.drop),
            Move::Step { .. } => speaker.play(&shared.slide),
        }
        let n = report.report.count();
        if n >= 5 {
            speaker.play(&own.sweep);
        } else if n > 0 {
            speaker.play_at(&shared.capture, 0.55 + 0.15 * n as f32);
        }
    }
    // The end: once, when a move or a resignation has just ended the game (not when a
    // finished game is shown again).
    let reported = resynced.read().count() > 0 || !played.is_empty();
    let over = bridge.game.outcome();
    let ended = over.is_some() && !*was_over && reported;
    *was_over = over.is_some();
    if let (Some(outcome), true) = (over, ended) {
        speaker.play_end(outcome.winner, bridge.players());
    }
}

/// The parts without a window: the bot player, hints, draw offers.
pub(super) fn logic(app: &mut App) {
    use crate::game::app::sets::Phase;
    use crate::game::go_board::GoOn;
    bot_turn::register::<Game, _>(app, GoOn);
    app.add_message::<OfferGoDraw>();
    app.add_systems(
        Update,
        (follow_hint, answer_draw_offers)
            .chain()
            .after(bot_turn::finish_turn::<Game>)
            .after(bot_turn::finish_hint::<Game>)
            .in_set(Phase::Input)
            .run_if(in_state(GoOn)),
    );
}

/// The sounds (they need the audio plugin).
pub(super) fn sound_plugin(app: &mut App) {
    use crate::game::app::sets::Phase;
    use crate::game::go_board::GoOn;
    app.add_systems(OnEnter(GoOn), load_sounds);
    app.add_systems(Update, sounds.run_if(in_state(GoOn)).in_set(Phase::React));
}
