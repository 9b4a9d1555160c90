//! The drivers of a board's game for a lesson's stage and for a puzzle, written once over
//! the game interface (`Taught`, `Puzzled`) and registered by each board.

use std::collections::{HashSet, VecDeque};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::{Coach, CoachAsk, Course, Courses, LessonLine, Shown, stars_text};
use crate::common::analysis::{Analysis, Candidate};
use crate::common::taught::Taught;
use crate::common::{Side, Verdict};
use crate::game::app::animation::Animating;
use crate::game::app::bot_turn::{BoardBots, Hint};
use crate::game::app::pace::{self, Searching};
use crate::game::app::screen::{GameKind, Screen};
use crate::game::app::session::{Command, Drive, Played, Session};
use crate::game::app::sets::Phase;
use crate::game::app::settings::PlayerSettings;
use crate::game::app::study::{StudiedBoard, analysis_thinker};
use crate::game::app::thinker::Thinker;
use crate::learn::lesson::{Answer, LessonFile, Stage, read_lessons};
use crate::learn::rating::next_puzzle;
use crate::learn::{Attempt, Puzzle, Tried, read_puzzles};
use crate::save::Learning;

/// How long the position shows before the puzzle's setting move (seconds).
const BEFORE_SETTING: f32 = 0.6;
/// What the panel says once every puzzle of the game has been tried.
const ALL_TRIED: &str = "Every puzzle has been tried: well done";

/// The driver's own moves still to play, one at a time on a settled board.
struct Queue<M> {
    moves: VecDeque<M>,
    /// Seconds to wait before the next one (the board settled).
    wait: f32,
}

impl<M: Copy> Queue<M> {
    fn new() -> Queue<M> {
        Queue {
            moves: VecDeque::new(),
            wait: 0.0,
        }
    }

    /// The next move to play now, if the board has settled and the wait is over.
    fn next(&mut self, animating: bool, dt: f32) -> Option<M> {
        if animating || self.moves.is_empty() {
            return None;
        }
        self.wait -= dt;
        if self.wait > 0.0 {
            return None;
        }
        self.wait = 0.0;
        self.moves.pop_front()
    }
}

/// A lesson's stage being played on the board of game `G`.
#[derive(Resource)]
pub struct LessonRun<G: Taught + StudiedBoard> {
    file: Result<LessonFile, String>,
    /// The stage (lesson and stage indices) and its runner.
    stage: Option<(usize, usize, Stage<G>)>,
    replies: Queue<G::Move>,
    hint: Option<String>,
    /// The opponent's last answer in words: "White played f6-g6", "White passed".
    said: Option<String>,
}

impl<G: Taught + StudiedBoard> LessonRun<G> {
    /// The stage on the board, if one is.
    pub fn stage(&self) -> Option<&Stage<G>> {
        self.stage.as_ref().map(|(_, _, s)| s)
    }

    /// Whether the driver has moves still to play.
    pub fn is_busy(&self) -> bool {
        !self.replies.moves.is_empty()
    }
}

/// Where a puzzle stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PuzzleState {
    /// The setting move and the replies are being played; the player moves next.
    Solving,
    /// A wrong move: the engine looks for its refutation, which is then shown.
    Refuting,
    /// The refutation is on the board, and stays there until the player takes it back
    /// (a quiet answer read in a second teaches nothing).
    Showing,
    /// Solved (cleanly or not), or the solution was shown.
    Over,
}

/// A puzzle being solved on the board of game `G`.
#[derive(Resource)]
pub struct PuzzleRun<G: Taught + StudiedBoard> {
    puzzles: Vec<Puzzle>,
    /// Why no puzzle can be offered at all (none shipped, a broken file, still loading).
    unavailable: Option<String>,
    /// Why no puzzle is on the board now.
    problem: Option<String>,
    attempt: Option<Attempt<G>>,
    state: PuzzleState,
    queue: Queue<G::Move>,
    refuting: Option<(Thinker<Result<Analysis, String>>, G)>,
    /// The puzzle has been counted in the rating (its first wrong move, or its end).
    counted: bool,
    /// The rating's change at the count.
    change: Option<f64>,
    hint: Option<String>,
    /// Moves to take back once the refutation has been shown.
    take_back: usize,
    /// The refutation in words, while it is shown.
    refutation: Option<String>,
    /// The engine's judgement after the refutation, in words ("your chance is now
    /// 34%").
    judged: Option<String>,
    /// The refutation is on the board (its answer played, or there is none to play).
    refuted: bool,
    /// The board was settled at this frame's start (no move animating).
    settled: bool,
    /// The learner's last move was right (after a wrong one, the panel says so).
    right: bool,
    /// The opponent's last move in the puzzle's line, in words.
    said: Option<String>,
    picks: u64,
}

impl<G: Taught + StudiedBoard> PuzzleRun<G> {
    /// The attempt on the board, if any.
    pub fn attempt(&self) -> Option<&Attempt<G>> {
        self.attempt.as_ref()
    }

    /// Whether the driver is busy: moves to play, a refutation looked for.
    pub fn is_busy(&self) -> bool {
        !self.queue.moves.is_empty() || self.state == PuzzleState::Refuting
    }

    /// Whether a wrong move's refutation is on the board, settled, waiting to be taken
    /// back.
    pub fn is_refuted(&self) -> bool {
        self.state == PuzzleState::Showing
            && self.queue.moves.is_empty()
            && self.refuted
            && self.settled
    }

    /// Whether the puzzle is over (solved, or its solution shown).
    pub fn is_over(&self) -> bool {
        self.state == PuzzleState::Over
    }
}

impl<G: Taught + StudiedBoard> Searching for LessonRun<G> {
    fn searching(&self) -> bool {
        self.is_busy()
    }

    /// Its replies wait for the board to settle and a moment more: frames must come.
    fn waiting(&self) -> bool {
        self.is_busy()
    }
}

impl<G: Taught + StudiedBoard> Searching for PuzzleRun<G> {
    fn searching(&self) -> bool {
        self.is_busy()
    }

    /// Moves to play after a moment: frames must come (only the refutation's search
    /// wakes the loop by itself; a refutation on the board waits for the player).
    fn waiting(&self) -> bool {
        !self.queue.moves.is_empty()
    }
}

/// This game's learning in the settings.
fn learning<'a>(settings: &'a mut PlayerSettings, game: &str) -> &'a mut Learning {
    settings.0.learning.entry(game.to_string()).or_default()
}

/// The kind of board a game is.
fn kind_of<G: Taught>() -> Option<GameKind> {
    GameKind::from_id(G::GAME)
}

// ——— Lessons ———

/// Sets up the stage the path asked for (or the next one), on this board.
fn open_stage<G: Taught + StudiedBoard + BoardBots>(
    run: &mut LessonRun<G>,
    at: (usize, usize),
    commands: &mut MessageWriter<Command<G>>,
) -> Result<(), String> {
    let file = run.file.as_ref().map_err(Clone::clone)?;
    let lesson = file
        .lessons
        .get(at.0)
        .ok_or_else(|| format!("no lesson {}", at.0 + 1))?;
    let data = lesson
        .stages
        .get(at.1)
        .ok_or_else(|| format!("no stage {} in {}", at.1 + 1, lesson.title))?;
    let stage = Stage::<G>::new(lesson, data).map_err(|e| e.to_string())?;
    commands.write(Command::Drive(Drive::Start {
        game: Box::new(stage.game().clone()),
        side: !stage.learner(),
    }));
    run.replies = Queue::new();
    run.hint = None;
    run.said = None;
    run.stage = Some((at.0, at.1, stage));
    Ok(())
}

/// The stage after `at` in the file, if any.
fn next_stage(file: &LessonFile, at: (usize, usize)) -> Option<(usize, usize)> {
    let lesson = file.lessons.get(at.0)?;
    if at.1 + 1 < lesson.stages.len() {
        Some((at.0, at.1 + 1))
    } else {
        (at.0 + 1 < file.lessons.len()).then_some((at.0 + 1, 0))
    }
}

/// What a driver (a lesson's stage, a puzzle) works with: the panel it answers, the
/// session it drives and reads, the learner's settings and the board's hint.
#[derive(SystemParam)]
struct Desk<'w, 's, G: Taught + StudiedBoard + BoardBots> {
    coach: ResMut<'w, Coach>,
    session: Res<'w, Session<G>>,
    played: MessageReader<'w, 's, Played<G>>,
    asks: MessageReader<'w, 's, CoachAsk>,
    commands: MessageWriter<'w, Command<G>>,
    settings: ResMut<'w, PlayerSettings>,
    hint: ResMut<'w, Hint<G>>,
    animating: Res<'w, Animating>,
    time: Res<'w, Time>,
}

/// The lesson driver: sets the stage up, judges the learner's moves, plays the
/// opponent's replies on a settled board, and answers the panel's buttons.
fn drive_lesson<G: Taught + StudiedBoard + BoardBots>(
    mut run: ResMut<LessonRun<G>>,
    desk: Desk<G>,
) {
    let Desk {
        mut coach,
        session,
        mut played,
        mut asks,
        mut commands,
        mut settings,
        mut hint,
        animating,
        time,
    } = desk;
    let run = &mut *run;
    if let Some(at) = coach.open_stage.take()
        && let Err(why) = open_stage(run, at, &mut commands)
    {
        coach.shown = Shown {
            heading: "This stage cannot be played".into(),
            status: why,
            failed: true,
            finished: true,
            ..Shown::default()
        };
        return;
    }
    let Some((lesson_at, stage_at, stage)) = run.stage.as_mut() else {
        played.clear();
        asks.clear();
        return;
    };
    let at = (*lesson_at, *stage_at);
    for report in played.read() {
        if report.in_line {
            continue;
        }
        if report.side != stage.learner() {
            // The board shows the opponent's move; a pass it does not: both said.
            run.said = Some(answer_words(report));
            continue;
        }
        let answer = stage.try_move(report.mv);
        let (reply, ended) = match answer {
            Answer::Refused { why } => {
                // The session took a move the stage does not: it goes back.
                commands.write(Command::Drive(Drive::TakeBack(1)));
                coach.shown.status = why;
                continue;
            }
            Answer::Played { reply } => (reply, false),
            Answer::Reached { stars, reply } => {
                learning(&mut settings, G::GAME).reached(&stage.data().id, stars);
                (reply, true)
            }
            Answer::Failed { reply, .. } => (reply, true),
        };
        // The learner's move stands: the opponent's before it is no longer the last.
        run.said = None;
        run.hint = None;
        if ended {
            commands.write(Command::Drive(Drive::Hold(true)));
        }
        if let Some(reply) = reply {
            run.replies.moves.push_back(reply);
            run.replies.wait = 0.25;
        }
    }
    for ask in asks.read() {
        if run.is_busy() {
            continue;
        }
        let Some((_, _, stage)) = run.stage.as_mut() else {
            continue;
        };
        match ask {
            CoachAsk::Hint => match stage.hint() {
                Some(mv) => {
                    run.hint = Some(format!("Try {}", stage.game().move_text(mv)));
                    hint.show(session.version, mv);
                }
                None => {
                    run.hint = Some("No hint here: retry the stage".into());
                }
            },
            CoachAsk::Retry => {
                let _ = open_stage(run, at, &mut commands);
            }
            CoachAsk::Next => {
                let next = run.file.as_ref().ok().and_then(|f| next_stage(f, at));
                if let Some(next) = next {
                    let _ = open_stage(run, next, &mut commands);
                }
            }
            CoachAsk::Solution => {}
            CoachAsk::Pass => {
                if learner_may_pass(stage.game(), stage.learner(), stage.finished().is_none())
                    && let Some(pass) = stage.game().pass_move()
                {
                    // As the board's own input would write it.
                    commands.write(Command::Play(pass));
                }
            }
        }
    }
    if let Some(mv) = run.replies.next(animating.0, time.delta_secs()) {
        commands.write(Command::Play(mv));
    }
    coach.shown = lesson_shown(run, at);
}

/// The stage in words, for the panel.
fn lesson_shown<G: Taught + StudiedBoard>(run: &LessonRun<G>, at: (usize, usize)) -> Shown {
    let Some((_, _, stage)) = run.stage.as_ref() else {
        return Shown::default();
    };
    let Ok(file) = run.file.as_ref() else {
        return Shown::default();
    };
    let lesson = &file.lessons[at.0];
    let data = stage.data();
    let (status, stars, failed) = match stage.finished() {
        Some(Answer::Reached { stars, .. }) => (
            format!(
                "Goal reached in {}: {}",
                match stage.moves() {
                    1 => "one move".to_string(),
                    n => format!("{n} moves"),
                },
                stars_text(*stars)
            ),
            Some(*stars),
            false,
        ),
        Some(Answer::Failed { why, .. }) => (format!("Not this time: {why}"), None, true),
        _ => (
            format!(
                "Moves: {} · three stars in {}, at most {}",
                stage.moves(),
                crate::common::counted(data.par as usize, "move", "moves"),
                stage.limit()
            ),
            None,
            false,
        ),
    };
    Shown {
        heading: format!(
            "{} · stage {} of {}",
            lesson.title,
            at.1 + 1,
            lesson.stages.len()
        ),
        text: data.text.clone(),
        goal: data.goal.clone(),
        status,
        stars,
        finished: stage.finished().is_some(),
        failed,
        hint: run.hint.clone(),
        said: run.said.clone(),
        controls: stage.game().how_to_play(),
        busy: run.is_busy(),
        has_next: next_stage(file, at).is_some(),
        can_show_solution: false,
        can_pass: learner_may_pass(stage.game(), stage.learner(), stage.finished().is_none()),
        take_back: false,
        rating: None,
    }
}

// ——— Puzzles ———

/// Starts the next puzzle for the player's rating and theme (or `again`: the same one).
fn open_puzzle<G: Taught + StudiedBoard + BoardBots>(
    run: &mut PuzzleRun<G>,
    learning: &Learning,
    theme: Option<&str>,
    again: bool,
    commands: &mut MessageWriter<Command<G>>,
) {
    run.right = false;
    run.said = None;
    let puzzle = match (&run.attempt, again) {
        (Some(attempt), true) => Some(attempt.puzzle().clone()),
        _ => {
            let rating = learning.rating.unwrap_or_default().rating;
            let done: HashSet<String> = learning.done.iter().cloned().collect();
            run.picks = run.picks.wrapping_add(0x9e37_79b9_7f4a_7c15);
            next_puzzle(&run.puzzles, rating, &done, theme, run.picks)
                .map(|i| run.puzzles[i].clone())
        }
    };
    let Some(puzzle) = puzzle else {
        stop_attempt(run, commands);
        run.problem = Some(match theme {
            Some(theme) => {
                format!("You have tried every puzzle of the theme {theme}: choose another theme")
            }
            None => ALL_TRIED.into(),
        });
        return;
    };
    let same = run
        .attempt
        .as_ref()
        .is_some_and(|a| a.puzzle().id == puzzle.id);
    match Attempt::<G>::new(&puzzle) {
        Ok(attempt) => {
            commands.write(Command::Drive(Drive::Start {
                game: Box::new(attempt.start().clone()),
                side: !attempt.solver(),
            }));
            run.queue = Queue::new();
            run.queue.moves.push_back(attempt.setting_move());
            run.queue.wait = BEFORE_SETTING;
            run.attempt = Some(attempt);
            run.state = PuzzleState::Solving;
            run.refuting = None;
            run.hint = None;
            run.take_back = 0;
            run.refutation = None;
            run.judged = None;
            run.refuted = false;
            run.problem = None;
            if !same {
                run.counted = false;
                run.change = None;
            }
        }
        Err(e) => {
            stop_attempt(run, commands);
            run.problem = Some(format!("This puzzle cannot be played: {e}"));
        }
    }
}

/// No puzzle follows the one on the board (none left, or one that cannot be played):
/// whatever it still had to do goes (a refutation looked for or shown), and the board
/// stays held, with nothing behind it to answer a move.
fn stop_attempt<G: Taught + StudiedBoard>(
    run: &mut PuzzleRun<G>,
    commands: &mut MessageWriter<Command<G>>,
) {
    if run.attempt.take().is_some() {
        commands.write(Command::Drive(Drive::Hold(true)));
    }
    run.queue = Queue::new();
    run.state = PuzzleState::Solving;
    run.refuting = None;
    run.refutation = None;
    run.judged = None;
    run.refuted = false;
    run.take_back = 0;
    run.hint = None;
}

/// Counts the puzzle in the rating, once: solved cleanly, or not.
fn count<G: Taught + StudiedBoard>(run: &mut PuzzleRun<G>, settings: &mut PlayerSettings) {
    let Some(attempt) = run.attempt.as_ref() else {
        return;
    };
    if run.counted {
        return;
    }
    run.counted = true;
    let learning = learning(settings, G::GAME);
    let before = learning.rating.unwrap_or_default();
    let clean = attempt.clean();
    let after = before.after_puzzle(attempt.puzzle().rating, clean);
    learning.tried(&attempt.puzzle().id, clean, after);
    run.change = Some(after.rating - before.rating);
}

/// The engine's refutation of a wrong move, looked for away from the frame loop (as a
/// bot's move is): an analysis of the game after it.
fn refutation_job<G: Taught + StudiedBoard>(after: &G) -> Thinker<Result<Analysis, String>> {
    analysis_thinker(
        &G::ANALYST,
        after.record_text(&[]),
        G::STEPS.get(1).copied(),
        1,
    )
}

/// The puzzle driver: a puzzle set up and its setting move played, the player's moves
/// judged, the replies played; a wrong move refuted by the engine and taken back; the
/// rating counted; the panel's buttons answered.
fn drive_puzzle<G: Taught + StudiedBoard + BoardBots>(
    mut run: ResMut<PuzzleRun<G>>,
    mut desk: Desk<G>,
) {
    let run = &mut *run;
    run.settled = !desk.animating.0;
    if run.attempt.is_none() && run.problem.is_none() {
        let learning = learning(&mut desk.settings, G::GAME).clone();
        open_puzzle(run, &learning, desk.coach.theme, false, &mut desk.commands);
    }
    judge_puzzle_moves(run, &mut desk);
    refutation_found(run);
    if let Some(mv) = run.queue.next(desk.animating.0, desk.time.delta_secs()) {
        desk.commands.write(Command::Play(mv));
    }
    answer_puzzle_asks(run, &mut desk);
    desk.coach.shown = puzzle_shown(run, learning(&mut desk.settings, G::GAME));
}

/// The moves played on the puzzle's board: the solver's judged, the others said.
fn judge_puzzle_moves<G: Taught + StudiedBoard + BoardBots>(
    run: &mut PuzzleRun<G>,
    desk: &mut Desk<G>,
) {
    for report in desk.played.read() {
        let Some(attempt) = run.attempt.as_mut() else {
            continue;
        };
        if report.in_line {
            continue;
        }
        if report.side != attempt.solver() {
            // The setting move, the line's replies and the rest of a solution shown; a
            // refutation says its own words, as played (its captures too) and judged.
            match run.state {
                PuzzleState::Solving | PuzzleState::Over => {
                    run.said = Some(answer_words(report));
                }
                PuzzleState::Showing => {
                    run.refutation = Some(played_refutation(report, run.judged.as_deref()));
                    run.refuted = true;
                }
                PuzzleState::Refuting => {}
            }
            continue;
        }
        // A move of the puzzle before (played as Next was asked) is not this one's.
        if report.before.to_string() != attempt.game().position().to_string() {
            continue;
        }
        if run.state != PuzzleState::Solving {
            if run.state == PuzzleState::Over {
                // A solution shown: its move follows the reply said.
                run.said = None;
            }
            continue;
        }
        let before = attempt.game().clone();
        run.hint = None;
        match attempt.try_move(report.mv) {
            Tried::Right { reply } => {
                run.said = None;
                run.queue.moves.push_back(reply);
                run.queue.wait = 0.2;
                run.right = true;
            }
            Tried::Solved => {
                run.said = None;
                desk.commands.write(Command::Drive(Drive::Hold(true)));
                run.state = PuzzleState::Over;
                count(run, &mut desk.settings);
            }
            Tried::Wrong => {
                run.right = false;
                desk.commands.write(Command::Drive(Drive::Hold(true)));
                count(run, &mut desk.settings);
                let mut after = before;
                run.take_back = 1;
                if after.play(report.mv).is_ok() && !after.is_over() {
                    run.refuting = Some((refutation_job(&after), after));
                    run.state = PuzzleState::Refuting;
                } else {
                    run.refutation = Some(refutation_words(&after, None));
                    run.state = PuzzleState::Showing;
                    run.refuted = true;
                }
            }
        }
    }
}

/// The refutation found: played like any move, then shown for a moment.
fn refutation_found<G: Taught + StudiedBoard>(run: &mut PuzzleRun<G>) {
    let Some((thinker, after)) = run.refuting.as_mut() else {
        return;
    };
    let Some(answer) = thinker.poll() else {
        return;
    };
    let best = answer.ok().and_then(|a| a.best_move().cloned());
    let reply = best.as_ref().and_then(|c| after.parse_move(&c.mv).ok());
    run.judged = best.as_ref().map(judged_words);
    run.refutation = Some(refutation_words(after, reply));
    run.refuting = None;
    match reply {
        Some(reply) => {
            run.queue.moves.push_back(reply);
            run.take_back = 2;
        }
        None => run.refuted = true,
    }
    run.queue.wait = 0.2;
    run.state = PuzzleState::Showing;
}

/// The puzzle panel's buttons.
fn answer_puzzle_asks<G: Taught + StudiedBoard + BoardBots>(
    run: &mut PuzzleRun<G>,
    desk: &mut Desk<G>,
) {
    let asks: Vec<CoachAsk> = desk.asks.read().copied().collect();
    for ask in asks {
        if run.is_busy() && ask != CoachAsk::Next {
            continue;
        }
        if run.state == PuzzleState::Showing && ask != CoachAsk::Next {
            // The refutation read ("Take back and try again", the one button besides
            // Next while it is shown): the wrong move and its answer go back, and the
            // puzzle goes on from its position. Not before it is on the board, settled.
            if run.is_refuted() {
                desk.commands
                    .write(Command::Drive(Drive::TakeBack(run.take_back)));
                desk.commands.write(Command::Drive(Drive::Hold(false)));
                run.state = PuzzleState::Solving;
                run.refutation = None;
                run.judged = None;
                run.refuted = false;
            }
            continue;
        }
        match ask {
            CoachAsk::Next | CoachAsk::Retry => {
                let learning = learning(&mut desk.settings, G::GAME).clone();
                let again = ask == CoachAsk::Retry;
                open_puzzle(run, &learning, desk.coach.theme, again, &mut desk.commands);
            }
            CoachAsk::Hint => {
                if let Some(attempt) = run.attempt.as_mut()
                    && run.state == PuzzleState::Solving
                    && let Some(mv) = attempt.hint()
                {
                    run.hint = Some(format!("Try {}", attempt.game().move_text(mv)));
                    desk.hint.show(desk.session.version, mv);
                }
            }
            CoachAsk::Solution => show_solution(run, desk),
            CoachAsk::Pass => {
                if let Some(attempt) = run.attempt.as_ref()
                    && run.state == PuzzleState::Solving
                    && learner_may_pass(attempt.game(), attempt.solver(), true)
                    && let Some(pass) = attempt.game().pass_move()
                {
                    // As the board's own input would write it.
                    desk.commands.write(Command::Play(pass));
                }
            }
        }
    }
}

/// The rest of the puzzle's line, played on the board one move at a time.
fn show_solution<G: Taught + StudiedBoard + BoardBots>(run: &mut PuzzleRun<G>, desk: &mut Desk<G>) {
    let Some(attempt) = run.attempt.as_mut() else {
        return;
    };
    if run.state != PuzzleState::Solving {
        return;
    }
    let mut rest = attempt.clone();
    rest.helped = true;
    while let Some(mv) = rest.expected() {
        run.queue.moves.push_back(mv);
        match rest.try_move(mv) {
            Tried::Right { reply } => run.queue.moves.push_back(reply),
            Tried::Solved | Tried::Wrong => break,
        }
    }
    attempt.show_solution();
    run.queue.wait = 0.2;
    desk.commands.write(Command::Drive(Drive::Hold(true)));
    run.state = PuzzleState::Over;
    count(run, &mut desk.settings);
}

/// The puzzle in words, for the panel.
fn puzzle_shown<G: Taught + StudiedBoard>(run: &PuzzleRun<G>, learning: &Learning) -> Shown {
    let rating = Some((learning.rating.unwrap_or_default().shown(), run.change));
    let Some(attempt) = run.attempt.as_ref() else {
        return Shown {
            heading: "Puzzles".into(),
            status: run.problem.clone().unwrap_or_default(),
            finished: true,
            // A notice, not a success (but for having tried them all).
            failed: run.problem.as_deref() != Some(ALL_TRIED),
            rating,
            ..Shown::default()
        };
    };
    let puzzle = attempt.puzzle();
    let side = match attempt.solver() {
        Side::Black => "Black",
        Side::White => "White",
    };
    let status = match run.state {
        PuzzleState::Solving if attempt.mistakes > 0 && run.right => {
            "Right: go on (the wrong move before still counts)".to_string()
        }
        PuzzleState::Solving if attempt.mistakes > 0 => "Not that one: try again".to_string(),
        PuzzleState::Solving => format!("{side} to play: find the best move"),
        PuzzleState::Refuting => "Not the move: here is why…".into(),
        PuzzleState::Showing => run
            .refutation
            .clone()
            .unwrap_or_else(|| "Not the move".into()),
        PuzzleState::Over => {
            let solved = if attempt.clean() {
                "Solved!"
            } else if attempt.is_solved() && attempt.helped {
                "Solved, with help: it counts as not solved."
            } else {
                "Solved after a wrong move: it counts as not solved."
            };
            // A solution that ends the game (a last pass, a king taken) says how (an
            // unfinished game's verdict would be the score as it stands: not said).
            match attempt.game().verdict() {
                Some(verdict) if attempt.game().is_over() => {
                    format!("{solved} {}", verdict_words(&verdict))
                }
                _ => solved.trim_end_matches('.').to_string(),
            }
        }
    };
    let themes = if puzzle.themes.is_empty() {
        String::new()
    } else {
        format!(" · {}", puzzle.themes.join(", "))
    };
    Shown {
        heading: format!("Puzzle rated {}{themes}", puzzle.rating),
        text: String::new(),
        goal: format!("You play {side}. {} to find.", moves_to_find(puzzle)),
        status,
        stars: None,
        finished: run.state == PuzzleState::Over,
        failed: run.state == PuzzleState::Over && !attempt.clean(),
        hint: run.hint.clone(),
        // Kept through a wrong move's refutation, which says its own words, and shown
        // again once it is taken back (the position is the same again).
        said: run
            .said
            .clone()
            .filter(|_| matches!(run.state, PuzzleState::Solving | PuzzleState::Over)),
        controls: attempt.game().how_to_play(),
        // Busy too while the refutation's answer is still moving onto the board: the
        // buttons wait for it, then Take back is offered.
        busy: run.is_busy() || (run.state == PuzzleState::Showing && !run.is_refuted()),
        has_next: true,
        can_show_solution: run.state == PuzzleState::Solving,
        can_pass: run.state == PuzzleState::Solving
            && learner_may_pass(attempt.game(), attempt.solver(), true),
        take_back: run.is_refuted(),
        rating,
    }
}

/// How a game ended, in words: "White wins: B 40 W 44.5".
fn verdict_words(verdict: &Verdict) -> String {
    match verdict.winner {
        Some(side) => format!("{} wins: {}", side.title(), verdict.how),
        None => format!("A draw: {}", verdict.how),
    }
}

/// The engine's judgement after a refutation, for the solver, from the refuter's best
/// move: "your chance is now 34%, behind by 12.5 points".
fn judged_words(best: &Candidate) -> String {
    let chance = ((1.0 - best.win) * 100.0).round() as i64;
    let given = format!("your chance is now {chance}%");
    match best.lead.map(|lead| -lead) {
        Some(lead) if lead.abs() >= 0.5 => {
            let how = if lead > 0.0 { "ahead" } else { "behind" };
            format!("{given}, {how} by {:.1} points", lead.abs())
        }
        _ => given,
    }
}

/// A refutation as the board played it (its captures too), with the engine's judgement.
fn played_refutation<G: Taught + StudiedBoard>(played: &Played<G>, judged: Option<&str>) -> String {
    let what = played_words(played, "answers", "passes, with nothing left to fear");
    match judged {
        Some(judged) => format!("Not the move: {what}; {judged}"),
        None => format!("Not the move: {what}"),
    }
}

/// Whether the learner may pass now: the game has passes, the learner is to move, the
/// try goes on.
fn learner_may_pass<G: Taught>(game: &G, learner: Side, going: bool) -> bool {
    going && game.turn() == learner && game.pass_move().is_some()
}

/// An opponent's move as played, in words: "White played f6-g6", "White passed".
fn answer_words<G: Taught + StudiedBoard>(played: &Played<G>) -> String {
    played_words(played, "played", "passed")
}

/// A move as the board played it, its side first: "{side} {verb} f6-g6" (its captures
/// too), or "{side} {passed}" for a pass, which the board does not show.
fn played_words<G: Taught + StudiedBoard>(played: &Played<G>, verb: &str, passed: &str) -> String {
    let side = played.side.title();
    if G::shows(played.mv) {
        let text = G::played_text(played.mv, &played.before, &played.report);
        format!("{side} {verb} {text}")
    } else {
        format!("{side} {passed}")
    }
}

/// What the engine answers to a wrong move, in words: its move (a pass too, which the
/// board does not show), or why there is none.
fn refutation_words<G: Taught + StudiedBoard>(after: &G, reply: Option<G::Move>) -> String {
    let side = match after.turn() {
        Side::Black => "Black",
        Side::White => "White",
    };
    match reply {
        Some(mv) if G::shows(mv) => {
            format!("Not the move: {side} answers {}", after.move_text(mv))
        }
        Some(_) => format!("Not the move: {side} can pass, with nothing left to fear"),
        None if after.is_over() => "Not the move: it ends the game, and not well".into(),
        None => "Not the move: try again".into(),
    }
}

/// "One move", "2 moves": the solver's moves of a puzzle.
fn moves_to_find(puzzle: &Puzzle) -> String {
    match puzzle.solver_moves() {
        1 => "One move".into(),
        n => format!("{n} moves"),
    }
}

/// Leaving the board: the lesson's or the puzzle's game goes, the game played before
/// comes back.
fn leave<G: Taught + StudiedBoard>(
    mut lesson: ResMut<LessonRun<G>>,
    mut puzzle: ResMut<PuzzleRun<G>>,
    mut commands: MessageWriter<Command<G>>,
) {
    lesson.stage = None;
    lesson.replies = Queue::new();
    puzzle.attempt = None;
    puzzle.problem = None;
    puzzle.refuting = None;
    puzzle.refutation = None;
    puzzle.judged = None;
    puzzle.refuted = false;
    puzzle.queue = Queue::new();
    puzzle.state = PuzzleState::Solving;
    puzzle.counted = false;
    puzzle.change = None;
    commands.write(Command::Drive(Drive::Leave));
}

/// The theme filter changed: the next puzzle is of the theme (the one on the board stays).
fn follow_theme<G: Taught + StudiedBoard>(
    mut coach: ResMut<Coach>,
    mut seen: Local<Option<Option<&'static str>>>,
    mut run: ResMut<PuzzleRun<G>>,
) {
    if *seen != Some(coach.theme) {
        // A theme chosen on the other game's puzzles that none of this game's has: any.
        if let Some(theme) = coach.theme
            && !run.puzzles.is_empty()
            && !run
                .puzzles
                .iter()
                .any(|p| p.themes.iter().any(|t| t == theme))
        {
            coach.theme = None;
        }
        let first = seen.is_none();
        *seen = Some(coach.theme);
        // A filter that left nothing offers again under the new one.
        // (Puzzles that are not there, or not yet, stay the problem.)
        if !first && run.attempt.is_none() {
            run.problem = run.unavailable.clone();
        }
    }
}

/// A board's drivers of its lessons and puzzles: they run while its state `on` holds and
/// the screen is a lesson's or the puzzles'. Returns the board's kind, for its files; none
/// when no board plays the game (nothing is registered then).
pub(super) fn register<G: Taught + StudiedBoard + BoardBots, S: States>(
    app: &mut App,
    on: S,
) -> Option<GameKind> {
    let Some(kind) = kind_of::<G>() else {
        error!("no board plays {}: its lessons are not offered", G::GAME);
        return None;
    };
    app.init_resource::<Courses>();
    app.insert_resource(LessonRun::<G> {
        file: Err(String::new()),
        stage: None,
        replies: Queue::new(),
        hint: None,
        said: None,
    });
    app.insert_resource(PuzzleRun::<G> {
        puzzles: Vec::new(),
        unavailable: None,
        problem: None,
        attempt: None,
        state: PuzzleState::Solving,
        queue: Queue::new(),
        refuting: None,
        counted: false,
        change: None,
        hint: None,
        take_back: 0,
        said: None,
        refutation: None,
        judged: None,
        refuted: false,
        settled: true,
        right: false,
        picks: 0,
    });
    pace::watch_search::<LessonRun<G>>(app);
    pace::watch_search::<PuzzleRun<G>>(app);
    app.add_systems(OnExit(on.clone()), leave::<G>);
    // A board without puzzles keeps its reason on the way back.
    app.add_systems(OnEnter(on.clone()), |mut run: ResMut<PuzzleRun<G>>| {
        run.problem = run.unavailable.clone();
    });
    app.add_systems(
        Update,
        (
            drive_lesson::<G>.run_if(in_state(Screen::Lesson)),
            (follow_theme::<G>, drive_puzzle::<G>)
                .chain()
                .run_if(in_state(Screen::Puzzles)),
        )
            .run_if(in_state(on))
            .in_set(Phase::React),
    );
    Some(kind)
}

/// Takes a game's lessons and puzzles from their files' texts (or why a file is missing):
/// the screens' list, the lesson driver's file, the puzzles.
pub(super) fn fill<G: Taught + StudiedBoard>(
    world: &mut World,
    kind: GameKind,
    lessons: Result<&str, String>,
    puzzles: Result<&str, String>,
) {
    let file = lessons.and_then(|text| read_lessons(text).map_err(|e| e.to_string()));
    let (puzzles, unavailable) = match puzzles.map(read_puzzles) {
        Ok(Ok(puzzles)) if puzzles.is_empty() => {
            (puzzles, Some("This game has no puzzles yet".into()))
        }
        Ok(Ok(puzzles)) => (puzzles, None),
        Ok(Err(e)) => (
            Vec::new(),
            Some(format!("The puzzles could not be read: {e}")),
        ),
        Err(why) => (Vec::new(), Some(why)),
    };
    let course = Course {
        kind,
        game: G::GAME,
        lessons: file
            .as_ref()
            .map(|f| {
                f.lessons
                    .iter()
                    .map(|l| LessonLine {
                        title: l.title.clone(),
                        summary: l.summary.clone(),
                        stages: l
                            .stages
                            .iter()
                            .map(|s| (s.id.clone(), s.goal.clone()))
                            .collect(),
                    })
                    .collect()
            })
            .unwrap_or_default(),
        problem: file.as_ref().err().cloned(),
        puzzles: puzzles.len(),
        themes: G::THEMES
            .iter()
            .map(|&t| {
                (
                    t,
                    puzzles
                        .iter()
                        .filter(|p| p.themes.iter().any(|x| x == t))
                        .count(),
                )
            })
            .filter(|&(_, n)| n > 0)
            .collect(),
    };
    {
        let mut courses = world.resource_mut::<Courses>();
        match courses.0.iter_mut().find(|c| c.kind == kind) {
            Some(old) => *old = course,
            None => courses.0.push(course),
        }
    }
    world.resource_mut::<LessonRun<G>>().file = file;
    let mut run = world.resource_mut::<PuzzleRun<G>>();
    run.puzzles = puzzles;
    // A puzzle asked for while the file was on its way is offered now.
    if run.attempt.is_none() {
        run.problem.clone_from(&unavailable);
    }
    run.unavailable = unavailable;
}
