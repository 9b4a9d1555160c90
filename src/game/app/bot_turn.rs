//! The bots at the board, written once for every board: a bot's turn (its search away
//! from the frame loop, its move written as a [`Command`] like a person's) and the hint
//! for the person to move. A board says only which search answers each question
//! ([`BoardBots`]).

use std::marker::PhantomData;
use std::time::Duration;

use bevy::prelude::*;

use crate::common::{Thought, decision_seed};
use crate::game::app::animation::Animating;
use crate::game::app::bot_play::BotPlay;
use crate::game::app::pace::{self, Searching};
use crate::game::app::screen::Screen;
use crate::game::app::session::{Command, Session, SessionGame};
use crate::game::app::sets::Phase;
use crate::game::app::thinker::{Job, Thinker};
use crate::game::app::ui::Notice;

/// A search on the thinker for a board's game: its move, or `None` (no move, or a failed
/// worker).
pub type BotThinker<G> = Thinker<Option<Thought<<G as crate::common::Playable>::Move>>>;

/// A bot's answer on its turn: the move it chose, or that it resigns (a search that has
/// seen the game lost for several moves).
#[derive(Clone, Debug)]
pub struct BotMove<M> {
    pub thought: Thought<M>,
    pub resigns: bool,
}

impl<M> BotMove<M> {
    /// The bot plays its move.
    pub fn playing(thought: Thought<M>) -> BotMove<M> {
        BotMove {
            thought,
            resigns: false,
        }
    }
}

type TurnThinker<G> = Thinker<Option<BotMove<<G as crate::common::Playable>::Move>>>;

/// Which search answers the questions a board's bots are asked.
pub trait BoardBots: SessionGame {
    /// The bot of `level` choosing its move (`time`: the settings' time a move, which
    /// replaces the level's own where the level searches).
    fn bot_job(
        &self,
        level: Self::Level,
        time: Option<Duration>,
        seed: u64,
    ) -> Job<Option<BotMove<Self::Move>>>;
    /// The search that finds a hint for the person to move.
    fn hint_job(&self, seed: u64) -> Job<Option<Thought<Self::Move>>>;
}

/// The bot's search under way, with the game version it started from and when.
#[derive(Resource)]
pub struct BotTurn<G: BoardBots> {
    task: Option<(TurnThinker<G>, u64)>,
    /// When the search started (the move before had landed).
    started: Option<web_time::Instant>,
    /// The answer found, held until the settings' pause has passed, with its version.
    held: Option<(Option<BotMove<G::Move>>, u64)>,
    /// The last win rate each side's bot found, with the game version its move made (a
    /// draw offer is judged by it while it is the bot's latest move).
    pub winrates: [Option<(u64, f64)>; 2],
    /// The game version on which the bot gave no move (a failed worker): it is not asked
    /// again until the game changes.
    failed: Option<u64>,
}

impl<G: BoardBots> Default for BotTurn<G> {
    fn default() -> BotTurn<G> {
        BotTurn {
            task: None,
            started: None,
            held: None,
            winrates: [None; 2],
            failed: None,
        }
    }
}

impl<G: BoardBots> BotTurn<G> {
    /// Searching, or holding the answer through the pause: the bot's turn is not over.
    pub fn is_thinking(&self) -> bool {
        self.task.is_some() || self.held.is_some()
    }

    /// An answer is found and waits for the pause to pass.
    pub fn is_holding(&self) -> bool {
        self.held.is_some()
    }

    /// Abandons the search (leaving the board).
    pub fn cancel(&mut self) {
        self.task = None;
        self.held = None;
    }

    /// Starts the bot of `level` on the session's game.
    pub fn think(
        &mut self,
        session: &Session<G>,
        level: G::Level,
        time: Option<Duration>,
        seed: u64,
    ) {
        let job = session.game.bot_job(level, time, seed);
        self.task = Some((Thinker::spawn(job), session.version));
        self.started = Some(web_time::Instant::now());
        self.held = None;
    }

    /// The search's answer with the game version it was asked for, once there is one and
    /// `pause` has passed since the search started: the turn is then over.
    pub fn poll_answer(&mut self, pause: Duration) -> Option<(Option<BotMove<G::Move>>, u64)> {
        if let Some((task, version)) = self.task.as_mut() {
            let version = *version;
            let answer = task.poll()?;
            self.task = None;
            self.held = Some((answer, version));
        }
        let waited = self.started.map_or(pause, |t| t.elapsed());
        if waited < pause {
            return None;
        }
        self.held.take()
    }
}

fn start_turn<G: BoardBots>(
    session: Res<Session<G>>,
    animating: Res<Animating>,
    play: Res<BotPlay>,
    screen: Res<State<Screen>>,
    mut turn: ResMut<BotTurn<G>>,
) {
    if turn
        .task
        .as_ref()
        .is_some_and(|(_, v)| *v != session.version)
        || turn
            .held
            .as_ref()
            .is_some_and(|(_, v)| *v != session.version)
    {
        turn.task = None;
        turn.held = None;
    }
    let plies = session.game.ply_count();
    let limit = play.ply_limit.is_some_and(|n| plies >= n);
    if turn.is_thinking()
        || turn.failed == Some(session.version)
        || animating.0
        || limit
        || *screen.get() != Screen::Playing
        // While the position editor is open the game waits (its bot too).
        || session.edit.is_some()
    {
        return;
    }
    let Some(level) = session.bot_to_move() else {
        return;
    };
    let seed = decision_seed(play.seed, session.version, plies);
    turn.think(&session, level, play.time, seed);
}

pub fn finish_turn<G: BoardBots>(
    session: Res<Session<G>>,
    play: Res<BotPlay>,
    settings: Res<crate::game::app::settings::PlayerSettings>,
    mut turn: ResMut<BotTurn<G>>,
    mut commands: MessageWriter<Command<G>>,
    mut notice: ResMut<Notice>,
) {
    // An answer found while the position editor is open waits until it closes; one
    // already waiting out the pause goes (nothing would count its pause down), and the
    // same search, with the same seed, is asked again when the editor closes.
    if session.edit.is_some() {
        turn.held = None;
        return;
    }
    let pause = if play.paced {
        Duration::from_millis(settings.0.bot_pause_ms.into())
    } else {
        Duration::ZERO
    };
    // (While the answer waits out the pause, the pace keeps frames coming: `waiting`.)
    let Some((answer, version)) = turn.poll_answer(pause) else {
        return;
    };
    // A stale answer (the game changed meanwhile) is dropped.
    if version != session.version {
        return;
    }
    match answer {
        // The board's result line names the side that resigned.
        Some(BotMove { resigns: true, .. }) => {
            commands.write(Command::Resign(session.game.turn()));
        }
        Some(BotMove { thought, .. }) => {
            let side = session.game.turn();
            // The move about to be played makes the next version.
            turn.winrates[side.index()] = thought.win_rate().map(|w| (version + 1, w));
            commands.write(Command::Play(thought.mv));
        }
        None => {
            turn.failed = Some(version);
            notice.0 = Some("The computer could not find a move: undo, or start a new game".into());
        }
    }
}

/// Ask for a hint for the board on the screen (the H key or the panel's button).
#[derive(Message, Debug, Clone, Copy)]
pub struct AskHint;

/// A hint was found for the game as it stands (a board may follow it: Go's palette turns
/// to the hinted kind).
#[derive(Message)]
pub struct HintFound<G: SessionGame>(pub G::Move);

/// The hint: the move found for a game version, or a search under way.
#[derive(Resource)]
pub struct Hint<G: BoardBots> {
    search: Option<(BotThinker<G>, u64)>,
    found: Option<(u64, G::Move)>,
    /// The found hint in words, with the line the engine expects ([`hint_words`]).
    words: Option<(u64, String)>,
    _game: PhantomData<fn() -> G>,
}

impl<G: BoardBots> Default for Hint<G> {
    fn default() -> Hint<G> {
        Hint {
            search: None,
            found: None,
            words: None,
            _game: PhantomData,
        }
    }
}

impl<G: BoardBots> Hint<G> {
    /// The hint for this version of the game, if one was asked for and found.
    pub fn current(&self, version: u64) -> Option<G::Move> {
        self.found.filter(|(v, _)| *v == version).map(|(_, m)| m)
    }

    /// The hint for this version of the game in words, with the moves the engine
    /// expects after it.
    pub fn words(&self, version: u64) -> Option<&str> {
        self.words
            .as_ref()
            .filter(|(v, _)| *v == version)
            .map(|(_, w)| w.as_str())
    }

    pub fn is_searching(&self) -> bool {
        self.search.is_some()
    }

    /// Shows a move found elsewhere (a lesson's or a puzzle's hint) as the hint for this
    /// version of the game.
    pub fn show(&mut self, version: u64, mv: G::Move) {
        self.search = None;
        self.found = Some((version, mv));
        self.words = None;
    }
}

fn ask_hint<G: BoardBots>(
    mut asks: MessageReader<AskHint>,
    session: Res<Session<G>>,
    play: Res<BotPlay>,
    mut hint: ResMut<Hint<G>>,
    mut notice: ResMut<Notice>,
) {
    if asks.read().count() == 0 {
        return;
    }
    // A lesson or a puzzle gives its own hints (its panel's button).
    if session.is_driven() {
        return;
    }
    if !session.human_to_move() {
        notice.0 = Some("A hint is for the person to move".into());
        return;
    }
    if hint.is_searching() || hint.current(session.version).is_some() {
        return;
    }
    let seed = decision_seed(
        play.seed ^ 0x5eed,
        session.version,
        session.game.ply_count(),
    );
    let job = session.game.hint_job(seed);
    hint.search = Some((Thinker::spawn(job), session.version));
}

pub fn finish_hint<G: BoardBots>(
    session: Res<Session<G>>,
    mut hint: ResMut<Hint<G>>,
    mut found: MessageWriter<HintFound<G>>,
) {
    let Some((task, version)) = hint.search.as_mut() else {
        return;
    };
    let version = *version;
    if version != session.version {
        // The game moved on: the question is moot.
        hint.search = None;
        return;
    }
    let Some(answer) = task.poll() else {
        return;
    };
    hint.search = None;
    if let Some(thought) = answer {
        hint.found = Some((version, thought.mv));
        let words = hint_words(&session.game, &thought.line, thought.mv);
        hint.words = Some((version, words));
        found.write(HintFound(thought.mv));
    }
}

/// The hint in words: the move, and the two moves the engine expects after it, so that a
/// move that gives a man away for more later reads as the plan it is ("Hint: c3-c5 (the
/// engine expects d7-d5xc5, then e2-e5)"; a hint that only named the move was taken for
/// a losing one).
pub fn hint_words<G: crate::common::Playable>(game: &G, line: &[G::Move], mv: G::Move) -> String {
    let mut after = game.clone();
    let first = after.move_text(mv);
    let mut expected = Vec::new();
    // The line is the search's from the move (a line of another move says nothing).
    if line.first() == Some(&mv) && after.play(mv).is_ok() {
        for &next in line.iter().skip(1).take(2) {
            if after.is_over() || !after.legal_moves().contains(&next) {
                break;
            }
            expected.push(after.move_text(next));
            if after.play(next).is_err() {
                break;
            }
        }
    }
    match expected.as_slice() {
        [] => format!("Hint: {first}"),
        [reply] => format!("Hint: {first} (the engine expects {reply})"),
        [reply, then, ..] => format!("Hint: {first} (the engine expects {reply}, then {then})"),
    }
}

/// Leaving the board abandons its searches: nothing polls them elsewhere (they would keep
/// frames coming), an answer must not be played into a game nobody sees, and the bot
/// starts again on the way back.
fn abandon<G: BoardBots>(mut turn: ResMut<BotTurn<G>>, mut hint: ResMut<Hint<G>>) {
    turn.cancel();
    hint.search = None;
}

impl<G: BoardBots> Searching for BotTurn<G> {
    fn searching(&self) -> bool {
        self.is_thinking()
    }

    /// The answer waits out the pause.
    fn waiting(&self) -> bool {
        self.is_holding()
    }
}

impl<G: BoardBots> Searching for Hint<G> {
    fn searching(&self) -> bool {
        self.is_searching()
    }
}

/// A board's bots: its bot's turn and its hints, while the board's state `on` holds.
pub fn register<G: BoardBots, S: States>(app: &mut App, on: S) {
    pace::watch_search::<BotTurn<G>>(app);
    pace::watch_search::<Hint<G>>(app);
    app.init_resource::<BotTurn<G>>();
    app.init_resource::<Hint<G>>();
    app.add_message::<AskHint>();
    app.add_message::<HintFound<G>>();
    app.add_systems(OnExit(on.clone()), abandon::<G>);
    app.add_systems(
        Update,
        (
            // The answers are taken in with the other results (before the board's
            // highlights are worked out in the same frame), the question asked after the
            // input.
            (finish_turn::<G>, finish_hint::<G>)
                .chain()
                .in_set(Phase::Input),
            ask_hint::<G>.in_set(Phase::React),
            start_turn::<G>.in_set(Phase::Bots),
        )
            .run_if(in_state(on)),
    );
}

#[cfg(test)]
mod tests {
    use super::hint_words;
    use crate::rules::{Game, Move, RuleSet};

    #[test]
    fn a_hint_says_the_moves_the_engine_expects_after_it() {
        let game = Game::new(RuleSet::default());
        let line: Vec<Move> = ["e3", "d5", "a3-a4"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        assert_eq!(
            hint_words(&game, &line, line[0]),
            "Hint: e3 (the engine expects d5, then a3-a4)"
        );
        // A line that stops (or goes wrong) after the move: the move alone, or with the
        // moves that are legal.
        assert_eq!(hint_words(&game, &line[..1], line[0]), "Hint: e3");
        let wrong: Vec<Move> = ["e3", "e3"].iter().map(|m| m.parse().unwrap()).collect();
        assert_eq!(hint_words(&game, &wrong, wrong[0]), "Hint: e3");
        let other: Move = "d2".parse().unwrap();
        assert_eq!(hint_words(&game, &line, other), "Hint: d2");
    }
}
