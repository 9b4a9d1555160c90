//! The bots of Go with chess pieces at the board: they play through the bridge like
//! people (the search away from the frame loop: a background task on the desktop, the Web
//! Worker in the browser), give hints, answer draw offers; the screen follows the game's
//! end; sounds react to what the bridge reported.

use bevy::prelude::*;
use bevy_kira_audio::prelude::{Audio, AudioSource};

use crate::game::app::animation::Animating;
use crate::game::app::audio::{self, EndSounds, Sounds};
use crate::game::app::bot_play::BotPlay;
use crate::game::app::reports::Refused;
use crate::game::app::screen::Screen;
use crate::game::app::settings::PlayerSettings;
use crate::game::app::thinker::{Job, Thinker};
use crate::game::app::ui::Notice;
use crate::game::go_board::bridge::{GoBridge, GoCommand, GoPlayed};
use crate::go::Move;
use crate::go::bot::{Level, decision_seed};
use crate::go::job::{GoJob, GoThought};
use crate::rules::Side;
use crate::save::GoPlayer;

/// A search of Go with chess pieces on the shared thinker: the bot of `level` on the
/// bridge's game (`None`: no move, or a failed worker).
type GoThinker = Thinker<Option<GoThought>>;

fn go_thinker(
    bridge: &GoBridge,
    level: Level,
    time: Option<std::time::Duration>,
    seed: u64,
) -> GoThinker {
    let game = bridge.game.clone();
    let for_json = game.clone();
    let for_read = game.clone();
    Thinker::spawn(Job::new(
        move |stop| GoJob::run_on(&game, level, time, None, seed, stop),
        move || {
            serde_json::to_string(&GoJob::new(&for_json, level, time, None, seed))
                .unwrap_or_default()
        },
        move |answer| {
            GoJob::read_answer(&for_read, answer).unwrap_or_else(|e| {
                bevy::log::warn!("chogo: the bot worker failed: {e}");
                None
            })
        },
    ))
}

/// The bot's search under way, with the game version it started from.
#[derive(Resource, Default)]
pub struct GoThinking {
    task: Option<(GoThinker, u64)>,
    /// The last win rate each side's bot found, with the game version it answered (a
    /// draw offer is judged by it while it is the bot's latest move).
    pub winrates: [Option<(u64, f64)>; 2],
    /// The game version on which the bot gave no move (a failed worker): it is not asked
    /// again until the game changes.
    failed: Option<u64>,
}

impl GoThinking {
    pub fn is_thinking(&self) -> bool {
        self.task.is_some()
    }

    /// The search's answer with the game version it was asked for, once there is one:
    /// the search is then over.
    pub fn poll_answer(&mut self) -> Option<(Option<GoThought>, u64)> {
        let (task, version) = self.task.as_mut()?;
        let version = *version;
        let answer = task.poll()?;
        self.task = None;
        Some((answer, version))
    }

    /// Starts the bot of `level` on the bridge's game.
    pub fn think(
        &mut self,
        bridge: &GoBridge,
        level: Level,
        time: Option<std::time::Duration>,
        seed: u64,
    ) {
        self.task = Some((go_thinker(bridge, level, time, seed), bridge.version));
    }
}

fn start_thinking(
    bridge: Res<GoBridge>,
    animating: Res<Animating>,
    play: Res<BotPlay>,
    screen: Res<State<Screen>>,
    mut thinking: ResMut<GoThinking>,
) {
    if thinking
        .task
        .as_ref()
        .is_some_and(|(_, v)| *v != bridge.version)
    {
        thinking.task = None;
    }
    let limit = play
        .ply_limit
        .is_some_and(|n| bridge.game.moves().len() >= n);
    if thinking.task.is_some()
        || thinking.failed == Some(bridge.version)
        || animating.0
        || bridge.game.outcome().is_some()
        || limit
        || *screen.get() != Screen::Playing
        // While the position editor is open the game waits (its bot too).
        || bridge.edit.is_some()
    {
        return;
    }
    let side = bridge.game.position().turn();
    let GoPlayer::Bot(level) = bridge.player(side) else {
        return;
    };
    let seed = decision_seed(play.seed, bridge.version, bridge.game.moves().len());
    let time = play.time.filter(|_| level.searches());
    thinking.think(&bridge, level, time, seed);
}

fn finish_thinking(
    bridge: Res<GoBridge>,
    mut thinking: ResMut<GoThinking>,
    mut commands: MessageWriter<GoCommand>,
    mut notice: ResMut<Notice>,
) {
    // An answer found while the position editor is open waits until it closes.
    if bridge.edit.is_some() {
        return;
    }
    let Some((answer, version)) = thinking.poll_answer() else {
        return;
    };
    if version != bridge.version {
        return;
    }
    match answer {
        Some(thought) => {
            let side = bridge.game.position().turn();
            // The move about to be played makes the next version.
            thinking.winrates[side.index()] = thought.win_rate().map(|w| (version + 1, w));
            commands.write(GoCommand::Play(thought.mv));
        }
        None => {
            thinking.failed = Some(version);
            notice.0 = Some("The computer could not find a move: undo, or start a new game".into());
        }
    }
}

/// Ask for a hint: the medium search's move for the person to move.
#[derive(Message, Debug, Clone, Copy)]
pub struct AskGoHint;

/// The hint: the move found for a game version, or a search under way.
#[derive(Resource, Default)]
pub struct GoHint {
    search: Option<(GoThinker, u64)>,
    found: Option<(u64, Move)>,
}

impl GoHint {
    /// The hint for this version of the game, if one was found.
    pub fn current(&self, version: u64) -> Option<Move> {
        self.found.filter(|(v, _)| *v == version).map(|(_, m)| m)
    }

    pub fn is_searching(&self) -> bool {
        self.search.is_some()
    }
}

fn ask_hint(
    mut asks: MessageReader<AskGoHint>,
    bridge: Res<GoBridge>,
    play: Res<BotPlay>,
    mut hint: ResMut<GoHint>,
    mut notice: ResMut<Notice>,
) {
    if asks.read().count() == 0 {
        return;
    }
    if !bridge.human_to_move() {
        notice.0 = Some("A hint is for the person to move".into());
        return;
    }
    if hint.is_searching() || hint.current(bridge.version).is_some() {
        return;
    }
    let seed = decision_seed(
        play.seed ^ 0x5eed,
        bridge.version,
        bridge.game.moves().len(),
    );
    hint.search = Some((
        go_thinker(&bridge, Level::Medium, None, seed),
        bridge.version,
    ));
}

fn finish_hint(
    bridge: Res<GoBridge>,
    mut hint: ResMut<GoHint>,
    mut notice: ResMut<Notice>,
    mut kind: ResMut<super::DropKind>,
) {
    let Some((task, version)) = hint.search.as_mut() else {
        return;
    };
    let version = *version;
    let Some(answer) = task.poll() else {
        return;
    };
    hint.search = None;
    if version == bridge.version
        && let Some(thought) = answer
    {
        hint.found = Some((version, thought.mv));
        // A hinted drop of another kind switches the palette to it.
        if let Move::Drop { kind: k, .. } = thought.mv {
            kind.set_if_neq(super::DropKind(k));
        }
        let set = bridge.game.position().rules().pieces;
        notice.0 = Some(format!("Hint: {}", thought.mv.text(set)));
    }
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
    audio_out: Res<Audio>,
    shared: Res<Sounds>,
    own: Option<Res<GoSounds>>,
    ends: Option<Res<EndSounds>>,
    settings: Res<PlayerSettings>,
    bridge: Res<GoBridge>,
    mut played: MessageReader<GoPlayed>,
    mut refused: MessageReader<Refused>,
    mut resynced: MessageReader<crate::game::app::reports::Resynced>,
    mut was_over: Local<bool>,
) {
    let settings = &settings.0;
    let Some(own) = own else {
        return;
    };
    if refused.read().count() > 0 {
        audio::play(&audio_out, settings, &own.refused);
    }
    let played: Vec<GoPlayed> = played.read().copied().collect();
    for report in &played {
        match report.mv {
            Move::Pass => audio::play(&audio_out, settings, &own.pass),
            Move::Drop { .. } => audio::play(&audio_out, settings, &shared.drop),
            Move::Step { .. } => audio::play(&audio_out, settings, &shared.slide),
        }
        let n = report.captured.count();
        if n >= 5 {
            audio::play(&audio_out, settings, &own.sweep);
        } else if n > 0 {
            audio::play_at(
                &audio_out,
                settings,
                &shared.capture,
                0.55 + 0.15 * n as f32,
            );
        }
    }
    // The end: once, when a move or a resignation has just ended the game (not when a
    // finished game is shown again).
    let reported = resynced.read().count() > 0 || !played.is_empty();
    let over = bridge.game.outcome();
    let ended = over.is_some() && !*was_over && reported;
    *was_over = over.is_some();
    if let (Some(ends), Some(outcome), true) = (ends, over, ended) {
        let sound = match outcome.winner {
            None => &ends.draw,
            Some(winner)
                if bridge.player(winner) != GoPlayer::Human
                    && bridge.player(!winner) == GoPlayer::Human =>
            {
                &ends.lose
            }
            Some(_) => &ends.win,
        };
        audio::play(&audio_out, settings, sound);
    }
}

/// Leaving the board abandons its searches: nothing polls them elsewhere (they would keep
/// frames coming), and the bot starts again on the way back.
fn abandon_searches(mut thinking: ResMut<GoThinking>, mut hint: ResMut<GoHint>) {
    thinking.task = None;
    hint.search = None;
}

/// The parts without a window: the bot player, hints, draw offers.
pub(super) fn logic(app: &mut App) {
    use crate::game::app::sets::Phase;
    use crate::game::go_board::GoOn;
    app.add_systems(OnExit(GoOn), abandon_searches);
    app.init_resource::<GoThinking>();
    app.init_resource::<GoHint>();
    app.add_message::<AskGoHint>();
    app.add_message::<OfferGoDraw>();
    app.add_systems(
        Update,
        (
            (finish_thinking, finish_hint, answer_draw_offers)
                .chain()
                .in_set(Phase::Input),
            ask_hint.in_set(Phase::React),
            start_thinking.in_set(Phase::Bots),
        )
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
