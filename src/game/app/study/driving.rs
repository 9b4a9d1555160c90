//! The searches behind the study: the analysis board deepening, the review going
//! through the game, the practice judging the moves tried.

use super::*;

type AnalysisThinker = Thinker<Result<Analysis, String>>;

/// What the analysis board shows, and the search deepening it.
#[derive(Resource, Default)]
pub struct AnalysisBoard {
    /// The player's choice for this game of this board (`None`: the default, off while
    /// it is played).
    chosen: Option<Chosen>,
    /// The analysis shown: for which game key and move count, and at which step.
    pub found: Option<Found>,
    running: Option<(Spot, usize, AnalysisThinker)>,
    /// Why the last search of a position failed.
    pub error: Option<(Spot, String)>,
}

/// The player switched the analysis on or off for one game of one board.
#[derive(Clone, Copy, Debug)]
struct Chosen {
    engine: Analyst,
    game: u64,
    on: bool,
}

/// An analysis of one position of one game.
#[derive(Clone, Debug)]
pub struct Found {
    pub spot: Spot,
    pub step: usize,
    pub analysis: Analysis,
}

impl AnalysisBoard {
    /// Whether the board shows the analysis for this game.
    pub fn is_on(&self, source: &Source) -> bool {
        match self.chosen {
            Some(Chosen { engine, game, on })
                if (engine, game) == (source.engine, source.game_id) =>
            {
                on
            }
            // Nothing opens by itself when a game ends: a game started to be analysed
            // only.
            _ => source.analysed,
        }
    }

    /// The analysis of the position shown, when there is one.
    pub fn current(&self, source: &Source) -> Option<&Found> {
        self.found
            .as_ref()
            .filter(|f| f.spot == source.spot() && self.is_on(source))
    }

    /// Whether a search is deepening the analysis now.
    pub fn is_thinking(&self) -> bool {
        self.running.is_some()
    }
}

/// A game's review: under way, or done.
#[derive(Resource, Default)]
pub struct GameReview {
    /// The game key it reviews.
    pub(super) key: Option<u64>,
    analyses: Vec<Analysis>,
    total: usize,
    running: Option<AnalysisThinker>,
    pub done: Option<Review>,
    pub error: Option<String>,
    /// Learning from the mistakes it found.
    pub practice: Practice,
}

/// "Learn from your mistakes": one side's mistakes and blunders in turn; at each the
/// player tries a better move on the board (a side line), the engine judges it.
#[derive(Default)]
pub struct Practice {
    /// The game key and the side learning, while it goes on.
    pub(super) of: Option<(u64, Side)>,
    /// The mistakes, in the game's order.
    pub(super) mistakes: Vec<MoveReview>,
    /// Which of them is being looked at (all of them: the practice is over).
    pub at: usize,
    pub state: Attempting,
    /// The engine judging the move tried.
    judging: Option<AnalysisThinker>,
}

/// Where the player is with the mistake looked at.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Attempting {
    /// Looking for a better move.
    #[default]
    Finding,
    /// The engine is judging the move tried.
    Judging(String),
    /// The move tried is as good as the engine's, within an inaccuracy: the mover's win
    /// chance after it.
    Found(String, f64),
    /// The move tried falls short; the engine's move is shown with its line.
    Missed(String, f64),
    /// The engine could not judge the move tried, and why (it is not asked again).
    Failed(String, String),
}

impl Practice {
    /// The mistake looked at, while the practice of this game goes on.
    pub fn current(&self, source: &Source) -> Option<&MoveReview> {
        self.of
            .filter(|(key, _)| *key == source.key)
            .and_then(|_| self.mistakes.get(self.at))
    }

    /// Whether the analysis is hidden now: the board shows the position before the
    /// mistake looked at, where the player looks for a better move or has tried one. The
    /// practice's words then give the review's numbers, the only ones on the screen (a
    /// live analysis of the same position, deeper or shallower, would give others).
    pub fn hides(&self, source: &Source) -> bool {
        self.current(source).is_some_and(|m| source.shown == m.ply)
    }

    /// The engine's line to draw: after a miss, its move in the position before the
    /// mistake.
    pub(super) fn answer(&self, source: &Source) -> Option<&[String]> {
        let m = self.current(source)?;
        let shows = matches!(self.state, Attempting::Missed(..) | Attempting::Found(..));
        (shows
            && source.spot()
                == Spot {
                    key: source.key,
                    shown: m.ply,
                    line: None,
                })
        .then(|| m.better.as_ref().map(|b| &b.line[..]))
        .flatten()
    }
}

impl GameReview {
    /// The finished review of this game, if any.
    pub fn of(&self, source: &Source) -> Option<&Review> {
        self.done.as_ref().filter(|_| self.key == Some(source.key))
    }

    /// Whether a search of the review or of its practice is under way.
    pub fn is_working(&self) -> bool {
        self.running.is_some() || self.practice.judging.is_some()
    }

    /// Positions analysed and in all, while a review of this game runs.
    pub fn progress(&self, source: &Source) -> Option<(usize, usize)> {
        (self.key == Some(source.key) && self.done.is_none() && self.error.is_none())
            .then_some((self.analyses.len(), self.total))
    }
}

/// The analysis board's best moves.
pub const MULTIPV: usize = 3;

/// Goes through the player's mistakes: starts, moves on, and judges each move tried by
/// the engine's analysis of the position after it.
pub(super) fn drive_practice(
    mut asks: MessageReader<PracticeAsk>,
    source: Res<StudySource>,
    mut state: ResMut<GameReview>,
    mut show: MessageWriter<ShowPosition>,
) {
    let Some(source) = source.0.as_ref() else {
        asks.clear();
        return;
    };
    // The review is read in place (this runs every frame), beside the practice it feeds.
    let GameReview {
        key,
        done,
        practice,
        ..
    } = &mut *state;
    let review = done.as_ref().filter(|_| *key == Some(source.key));
    let stale = practice.of.is_some_and(|(of, _)| of != source.key) || review.is_none();
    if practice.of.is_some() && stale {
        *practice = Practice::default();
    }
    for ask in asks.read() {
        match (*ask, review) {
            (PracticeAsk::Start(side), Some(review)) => {
                let mistakes: Vec<MoveReview> = review.mistakes_of(side).cloned().collect();
                *practice = Practice {
                    of: Some((source.key, side)),
                    mistakes,
                    ..Practice::default()
                };
            }
            (PracticeAsk::Next, _) => {
                practice.at += 1;
                practice.state = Attempting::Finding;
                practice.judging = None;
            }
            (PracticeAsk::Retry, _) => {
                practice.state = Attempting::Finding;
                practice.judging = None;
            }
            (PracticeAsk::Stop, _) | (PracticeAsk::Start(_), None) => {
                *practice = Practice::default();
            }
        }
        // Each mistake is looked for in the position before it.
        if let (PracticeAsk::Start(_) | PracticeAsk::Next | PracticeAsk::Retry, Some(m)) =
            (ask, practice.current(source))
        {
            show.write(ShowPosition(m.ply));
        }
    }
    let Some(m) = practice.current(source).cloned() else {
        return;
    };
    let tried = source
        .line
        .as_ref()
        .filter(|_| source.shown == m.ply)
        .and_then(|l| Some((l.moves.first()?.clone(), l.moves.len(), l.record.clone())));
    // A move tried that has not been judged yet (after a verdict, another move tried in
    // its place is judged in turn).
    let fresh = |tried: &String| match &practice.state {
        Attempting::Finding => true,
        Attempting::Found(judged, _)
        | Attempting::Missed(judged, _)
        | Attempting::Failed(judged, _) => judged != tried,
        Attempting::Judging(_) => false,
    };
    match (&practice.state, tried) {
        // The engine's own move needs no second look.
        (_, Some((tried, 1, _)))
            if fresh(&tried) && m.better.as_ref().is_some_and(|b| b.mv == tried) =>
        {
            let win = m.better.as_ref().map_or(m.before, |b| b.win);
            practice.state = Attempting::Found(tried, win);
        }
        (_, Some((tried, 1, record))) if fresh(&tried) => {
            practice.state = Attempting::Judging(tried);
            practice.judging = Some(job(record, source, source.review_work, 1));
        }
        (Attempting::Judging(tried), now) => {
            // A move taken back, or another move tried: judge that one instead.
            if now.as_ref().is_none_or(|(t, _, _)| t != tried) {
                practice.state = Attempting::Finding;
                practice.judging = None;
                return;
            }
            let Some(answer) = practice.judging.as_mut().and_then(Thinker::poll) else {
                return;
            };
            practice.judging = None;
            let tried = tried.clone();
            practice.state = match answer {
                Ok(after) => {
                    let attempt = m.attempt(&after);
                    if attempt.accepted {
                        Attempting::Found(tried, attempt.win)
                    } else {
                        // Back to the position before, where the engine's move is drawn.
                        show.write(ShowPosition(m.ply));
                        Attempting::Missed(tried, attempt.win)
                    }
                }
                Err(why) => Attempting::Failed(tried, why),
            };
        }
        _ => {}
    }
}

fn job(record: String, source: &Source, work: u64, multipv: usize) -> AnalysisThinker {
    analysis_thinker(&source.engine, record, Some(work), multipv)
}

/// An analysis of the game of `record` by `engine`, at `work` nodes or playouts (the
/// engine's own default when `None`), looked for away from the frame loop: the study's
/// and the puzzles' (a wrong move's refutation) alike.
pub fn analysis_thinker(
    engine: &Analyst,
    record: String,
    work: Option<u64>,
    multipv: usize,
) -> AnalysisThinker {
    let job = (engine.tag)(AnalysisJob {
        analyse: record,
        multipv,
        effort: Effort {
            work,
            ..Effort::default()
        },
        seed: 1,
    });
    let json = job.to_json();
    Thinker::spawn(Job::new(
        move |stop| {
            job.analyse(stop)
                .unwrap_or_else(|| Err("not an analysis job".into()))
        },
        move || json,
        AnalysisJob::read_answer,
    ))
}

pub(super) fn toggle(
    mut toggles: MessageReader<ToggleAnalysis>,
    source: Res<StudySource>,
    mut board: ResMut<AnalysisBoard>,
) {
    let Some(source) = source.0.as_ref() else {
        toggles.clear();
        return;
    };

    for _ in toggles.read() {
        let on = !board.is_on(source);
        board.chosen = Some(Chosen {
            engine: source.engine,
            game: source.game_id,
            on,
        });
    }
}

/// Starts, deepens and abandons the analysis board's search as the position changes.
pub(super) fn drive_analysis(
    source: Res<StudySource>,
    review: Res<GameReview>,
    mut board: ResMut<AnalysisBoard>,
) {
    let Some(source) = source.0.as_ref() else {
        board.running = None;
        return;
    };
    // Nothing is searched for an analysis the practice hides (the judgement has the
    // worker to itself in the browser).
    if !board.is_on(source) || review.practice.hides(source) {
        board.running = None;
        return;
    }
    let here = source.spot();
    if board.running.as_ref().is_some_and(|(at, _, _)| *at != here) {
        board.running = None;
    }
    if let Some((_, step, thinker)) = board.running.as_mut() {
        let step = *step;
        let Some(answer) = thinker.poll() else {
            return;
        };
        board.running = None;
        match answer {
            Ok(analysis) => {
                board.found = Some(Found {
                    spot: here,
                    step,
                    analysis,
                });
            }
            Err(e) => board.error = Some((here, e)),
        }
        // The next step starts in this frame: the answer's frame may be the last drawn.
    }
    // The next step for this position, if it has not reached the last.
    let next = match &board.found {
        Some(f) if f.spot == here => f.step + 1,
        _ => 0,
    };
    // A position whose search failed is not asked again.
    if board.error.as_ref().is_some_and(|(at, _)| *at == here) {
        return;
    }
    if let Some(&work) = source.steps.get(next) {
        let thinker = job(source.shown_record(), source, work, MULTIPV);
        board.running = Some((here, next, thinker));
    }
}

/// Runs a review one position at a time; a changed game abandons it.
pub(super) fn drive_review(
    mut starts: MessageReader<StartReview>,
    source: Res<StudySource>,
    mut state: ResMut<GameReview>,
) {
    let Some(source) = source.0.as_ref() else {
        starts.clear();
        return;
    };
    if starts.read().count() > 0 && state.progress(source).is_none() {
        *state = GameReview {
            key: Some(source.key),
            total: source.played.len() + 1,
            ..GameReview::default()
        };
    }
    if state.key != Some(source.key) {
        state.running = None;
        return;
    }
    if state.done.is_some() || state.error.is_some() {
        return;
    }
    if let Some(thinker) = state.running.as_mut() {
        match thinker.poll() {
            None => return,
            Some(Ok(analysis)) => {
                state.running = None;
                state.analyses.push(analysis);
            }
            Some(Err(e)) => {
                state.running = None;
                state.error = Some(e);
                return;
            }
        }
    }
    let n = state.analyses.len();
    if n < state.total {
        state.running = Some(job(
            (source.record_at)(n),
            source,
            source.review_work,
            crate::study::REVIEW_MULTIPV,
        ));
    } else {
        state.done = Some(review(&source.played, source.first, &state.analyses));
    }
}
