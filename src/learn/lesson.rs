//! The lessons: a path of short stages, each a small position with one goal that the
//! rules engine checks (never a comparison with a scripted line), an opponent limited to
//! the stage's idea, a hint found by a small search, retries, and stars for reaching the
//! goal in few moves.
//!
//! A game's lessons are one JSON file, `assets/lessons/<game>.json` ([`LessonFile`]),
//! read by the game and by `tests/lessons.rs`. Written once for both games against
//! [`Taught`]: what only a game knows (its move kinds, its traps or its count, its limited
//! opponents) the game answers.

use std::collections::{BTreeSet, HashSet};

use serde::{Deserialize, Serialize};

use crate::common::Side;
use crate::common::decision_seed;
use crate::common::taught::{Judged, Limited, Taught};

/// A game's lessons, as their file holds them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    /// The game's id: `chogo` or `go`.
    pub game: String,
    /// The path, in the order a learner takes it.
    pub lessons: Vec<Lesson>,
}

/// One lesson: a few stages about one idea.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Unique in its file: `capture`.
    pub id: String,
    pub title: String,
    /// What the lesson teaches, in one line.
    pub summary: String,
    pub stages: Vec<StageData>,
}

/// One stage, as the lesson file holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageData {
    /// Unique in its file: `capture-e5`.
    pub id: String,
    /// The one-line explanation shown first.
    pub text: String,
    /// The goal in the player's words, one line.
    pub goal: String,
    /// The rules, in the game's rules text (`chogo-44`, `5x5,pieces=R,komi=0`).
    pub rules: String,
    /// The position in the rule book's position text; the learner is the side to move.
    pub position: String,
    /// The goal as the engine checks it.
    pub check: Goal,
    /// The learner's moves for three stars.
    pub par: u32,
    /// The learner's moves before the stage is failed; `par + 4` when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    /// A shortest way to the goal: the learner's moves, in notation. Checked, never shown
    /// as the way: a hint is searched for.
    pub solution: Vec<String>,
    /// Who answers the learner's moves.
    pub opponent: Opponent,
    /// Legal moves that do not reach the goal at once (checked by the tests).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wrong: Vec<String>,
    /// Moves the rules refuse here, to show a rule (checked by the tests).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<String>,
}

/// The goal of a stage, as the engine checks it. What happened (captures, kinds of move)
/// counts from the stage's start; what stands (a cell held, a trap) is judged on the
/// position after each of the learner's moves and after each reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "goal", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Goal {
    /// The learner wins the game.
    Win,
    /// The learner's moves captured a piece on each of these cells.
    Capture { cells: Vec<String> },
    /// The learner's moves captured at least this many pieces.
    CaptureCount { at_least: u32 },
    /// A piece of the learner's stands on the cell.
    Occupy { cell: String },
    /// The learner made a move of this kind (a word of the game's list,
    /// [`Taught::MOVE_KINDS`]).
    MoveKind { kind: String },
    /// The enemy men on these cells are trapped (Chogo).
    Trapped { cells: Vec<String> },
    /// Every man of the learner's is secure (Chogo).
    Secure,
    /// After this many of the learner's moves and the replies to them, the learner's
    /// pieces still stand on these cells; the stage fails as soon as one is gone.
    Survive { cells: Vec<String>, moves: u32 },
    /// The game ends by passes with the learner ahead on the count (Go with chess pieces).
    AheadOnCount,
    /// Every one of these goals at once.
    All { goals: Vec<Goal> },
}

/// Who answers the learner: the scripted replies in turn (the reply to the learner's
/// first move first), and the limited bot where the script has no reply or its reply is
/// not legal any more (the learner went another way).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opponent {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replies: Vec<String>,
    /// Written with its kind: `{"kind": "shuffle", "between": ["e6", "e5"]}`.
    pub bot: Limited,
}

/// Why a lesson file or one of its stages cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{place}: {why}")]
pub struct LessonError {
    /// `lesson capture, stage capture-e5`, or `the lesson file`.
    pub place: String,
    pub why: String,
}

impl LessonError {
    fn file(why: impl Into<String>) -> LessonError {
        LessonError {
            place: "the lesson file".into(),
            why: why.into(),
        }
    }

    fn stage(lesson: &str, stage: &str, why: impl Into<String>) -> LessonError {
        LessonError {
            place: format!(
                "lesson {}, stage {}",
                crate::common::excerpt(lesson),
                crate::common::excerpt(stage)
            ),
            why: why.into(),
        }
    }
}

/// The stars for reaching a goal in `moves` of the learner's moves: three within par, two
/// within par + 2, one beyond (up to the stage's limit).
pub fn stars(moves: u32, par: u32) -> u8 {
    if moves <= par {
        3
    } else if moves <= par + 2 {
        2
    } else {
        1
    }
}

/// The lessons shipped with the game, as their file's text (`assets/lessons/<game>.json`):
/// `None` for a game with none.
pub fn shipped(game: &str) -> Option<&'static str> {
    match game {
        "chogo" => Some(include_str!("../../assets/lessons/chogo.json")),
        "go" => Some(include_str!("../../assets/lessons/go.json")),
        _ => None,
    }
}

/// Reads a lesson file: JSON, lesson ids and stage ids unique in the file, every stage
/// with a par, a limit not below it and a solution. The stages are set up and played
/// through by [`LessonFile::check`].
pub fn read_lessons(text: &str) -> Result<LessonFile, LessonError> {
    let file: LessonFile = serde_json::from_str(crate::common::without_bom(text))
        .map_err(|e| LessonError::file(format!("not a lesson file: {e}")))?;
    let mut lessons = HashSet::new();
    let mut stages = HashSet::new();
    if file.lessons.is_empty() {
        return Err(LessonError::file("it has no lessons"));
    }
    for lesson in &file.lessons {
        if !lessons.insert(lesson.id.as_str()) {
            return Err(LessonError::file(format!(
                "the lesson id {} is used twice",
                crate::common::excerpt(&lesson.id)
            )));
        }
        if lesson.stages.is_empty() {
            return Err(LessonError::stage(
                &lesson.id,
                "-",
                "the lesson has no stages",
            ));
        }
        for stage in &lesson.stages {
            let fail = |why: String| LessonError::stage(&lesson.id, &stage.id, why);
            if !stages.insert(stage.id.as_str()) {
                return Err(fail("the stage id is used twice".into()));
            }
            if stage.par == 0 {
                return Err(fail("par is 0: a stage takes at least one move".into()));
            }
            if stage.limit.is_some_and(|l| l < stage.par) {
                return Err(fail("the limit is below par".into()));
            }
            if stage.solution.is_empty() {
                return Err(fail("the solution is empty".into()));
            }
        }
    }
    Ok(file)
}

impl LessonFile {
    /// Every stage with its lesson, in order.
    pub fn stages(&self) -> impl Iterator<Item = (&Lesson, &StageData)> {
        self.lessons
            .iter()
            .flat_map(|l| l.stages.iter().map(move |s| (l, s)))
    }

    /// The stage with this id, with its lesson.
    pub fn stage(&self, id: &str) -> Option<(&Lesson, &StageData)> {
        self.stages().find(|(_, s)| s.id == id)
    }

    /// Checks every stage for game `G`: the file is `G`'s, each stage sets up
    /// ([`Stage::new`]) and its solution reaches the goal within par ([`Stage::verify`]).
    pub fn check<G: Taught>(&self) -> Result<(), LessonError> {
        if self.game != G::GAME {
            return Err(LessonError::file(format!(
                "lessons of {}, not {}",
                crate::common::excerpt(&self.game),
                G::GAME
            )));
        }
        for (lesson, stage) in self.stages() {
            Stage::<G>::new(lesson, stage)?.verify()?;
        }
        Ok(())
    }
}

/// How a move tried at a stage went.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer<M> {
    /// The rules refuse it; nothing changed.
    Refused { why: String },
    /// Played, and the opponent answered (`None` when it had no move to make).
    Played { reply: Option<M> },
    /// The goal is reached (after the move, or after the reply to it).
    Reached { stars: u8, reply: Option<M> },
    /// The stage is lost: out of moves, the game lost or over, or the pieces to save gone.
    /// [`Stage::retry`] starts it again.
    Failed { why: String, reply: Option<M> },
}

/// What a stage's runner knows besides the game: fixed for the stage.
#[derive(Clone, Debug)]
struct Setting {
    data: StageData,
    lesson: String,
    learner: Side,
    limit: u32,
    seed: u64,
}

/// The stage's state: the game, and what the learner did so far.
#[derive(Clone, Debug)]
struct Progress<G: Taught> {
    game: G,
    /// The learner's moves played.
    moves: u32,
    /// The learner's moves that the opponent has answered.
    rounds: u32,
    captured: BTreeSet<String>,
    captures: u32,
    kinds: BTreeSet<&'static str>,
}

/// Where a stage stands after a move.
enum State {
    Going,
    Reached,
    Failed(String),
}

impl<G: Taught> Progress<G> {
    /// Whether `goal` holds now; `Err` for a goal the game cannot judge.
    fn holds(&self, goal: &Goal, learner: Side) -> Result<bool, String> {
        Ok(match goal {
            Goal::Win => self
                .game
                .verdict()
                .is_some_and(|v| self.game.is_over() && v.winner == Some(learner)),
            Goal::Capture { cells } => cells.iter().all(|c| self.captured.contains(c)),
            Goal::CaptureCount { at_least } => self.captures >= *at_least,
            Goal::Occupy { cell } => self.game.standing(cell)? == Some(learner),
            Goal::MoveKind { kind } => self.kinds.contains(kind.as_str()),
            Goal::Trapped { cells } => self.game.judge(&Judged::Trapped(cells.clone()), learner)?,
            Goal::Secure => self.game.judge(&Judged::Secure, learner)?,
            Goal::AheadOnCount => self.game.judge(&Judged::AheadOnCount, learner)?,
            Goal::Survive { cells, moves } => {
                self.rounds >= *moves && self.still_standing(cells, learner)?
            }
            Goal::All { goals } => {
                for g in goals {
                    if !self.holds(g, learner)? {
                        return Ok(false);
                    }
                }
                true
            }
        })
    }

    fn still_standing(&self, cells: &[String], learner: Side) -> Result<bool, String> {
        for c in cells {
            if self.game.standing(c)? != Some(learner) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Why the goal can no longer be reached whatever comes, if so (pieces to save gone).
    fn lost(&self, goal: &Goal, learner: Side) -> Result<Option<String>, String> {
        match goal {
            Goal::Survive { cells, .. } if !self.still_standing(cells, learner)? => {
                Ok(Some("what you had to save was captured".into()))
            }
            Goal::All { goals } => {
                for g in goals {
                    if let Some(why) = self.lost(g, learner)? {
                        return Ok(Some(why));
                    }
                }
                Ok(None)
            }
            _ => Ok(None),
        }
    }

    /// Where the stage stands now, at a point where the goal is judged.
    fn state(&self, s: &Setting) -> Result<State, String> {
        if self.holds(&s.data.check, s.learner)? {
            return Ok(State::Reached);
        }
        if let Some(why) = self.lost(&s.data.check, s.learner)? {
            return Ok(State::Failed(why));
        }
        if self.game.is_over() {
            let how = self.game.verdict().map(|v| v.how).unwrap_or_default();
            return Ok(State::Failed(format!("the game is over ({how})")));
        }
        Ok(State::Going)
    }

    /// The opponent's answer now: the script's reply to the learner's latest move when it
    /// is legal, else the limited bot's.
    fn reply(&self, s: &Setting) -> Result<Option<G::Move>, String> {
        if self.game.is_over() {
            return Ok(None);
        }
        if let Some(text) = s.data.opponent.replies.get(self.moves as usize - 1)
            && let Ok(mv) = self.game.parse_move(text)
        {
            return Ok(Some(mv));
        }
        let seed = decision_seed(s.seed, 0, self.game.ply_count());
        self.game.limited_move(&s.data.opponent.bot, seed)
    }

    /// Plays a learner's move and the reply; `Err` when the rules refuse the move (nothing
    /// changed then) — the bot's and the goal's errors are data errors, reported as a
    /// failure with their reason.
    fn advance(&mut self, mv: G::Move, s: &Setting) -> Result<(State, Option<G::Move>), String> {
        let done = self.game.play_done(mv)?;
        self.moves += 1;
        self.captures += done.captured.len() as u32;
        self.captured.extend(done.captured);
        self.kinds.extend(done.kinds);
        let data_error = |e: String| (State::Failed(format!("the stage is broken: {e}")), None);
        match self.state(s) {
            Ok(State::Going) => {}
            Ok(state) => return Ok((state, None)),
            Err(e) => return Ok(data_error(e)),
        }
        let reply = match self.reply(s) {
            Ok(reply) => reply,
            Err(e) => return Ok(data_error(e)),
        };
        if let Some(r) = reply
            && let Err(e) = self.game.play_done(r)
        {
            return Ok(data_error(format!("the opponent's move is refused: {e}")));
        }
        self.rounds += 1;
        let state = match self.state(s) {
            Ok(State::Going) if self.moves >= s.limit => State::Failed(format!(
                "out of moves: the goal needs to be reached in {}",
                crate::common::counted(s.limit as usize, "move", "moves")
            )),
            Ok(state) => state,
            Err(e) => return Ok(data_error(e)),
        };
        Ok((state, reply))
    }
}

/// Plays searched by a hint at most, so that a hint answers at once.
const HINT_PLAYS: u32 = 200_000;
/// The learner's moves a hint looks ahead at most.
const HINT_DEPTH: u32 = 3;

/// A learner's move from `p` that reaches the goal within `depth` of its moves against the
/// stage's opponent, the first found.
fn search<G: Taught>(p: &Progress<G>, s: &Setting, depth: u32, plays: &mut u32) -> Option<G::Move> {
    for mv in p.game.legal_moves() {
        if *plays == 0 {
            return None;
        }
        *plays -= 1;
        let mut next = p.clone();
        match next.advance(mv, s) {
            Ok((State::Reached, _)) => return Some(mv),
            Ok((State::Going, _)) if depth > 1 && search(&next, s, depth - 1, plays).is_some() => {
                return Some(mv);
            }
            _ => {}
        }
    }
    None
}

/// A stage being played: the game as it stands, the learner's moves, hints asked, and how
/// it ended.
#[derive(Clone, Debug)]
pub struct Stage<G: Taught> {
    setting: Setting,
    start: Progress<G>,
    now: Progress<G>,
    /// Hints asked since the last retry.
    pub hints: u32,
    /// Tries of the stage so far, this one included.
    pub tries: u32,
    finished: Option<Answer<G::Move>>,
}

impl<G: Taught> Stage<G> {
    /// Sets a stage up: its position under its rules, not over, with a goal, an opponent
    /// and moves the game knows.
    pub fn new(lesson: &Lesson, data: &StageData) -> Result<Stage<G>, LessonError> {
        let fail = |why: String| LessonError::stage(&lesson.id, &data.id, why);
        let game = G::set_up(&data.rules, &data.position).map_err(fail)?;
        if game.is_over() {
            return Err(fail("the game is over in its position".into()));
        }
        let learner = game.turn();
        check_goal::<G>(&data.check).map_err(fail)?;
        check_cells(&game, &data.check, learner).map_err(fail)?;
        let start = Progress {
            game,
            moves: 0,
            rounds: 0,
            captured: BTreeSet::new(),
            captures: 0,
            kinds: BTreeSet::new(),
        };
        // Judged once here, so that a goal the game cannot judge (a trap in Go, a cell
        // off the board) is refused with the stage's name rather than at play.
        if start.holds(&data.check, learner).map_err(fail)? {
            return Err(fail("the goal is reached before any move".into()));
        }
        start
            .game
            .limited_move(&data.opponent.bot, 0)
            .map_err(|e| fail(format!("opponent: {e}")))?;
        let seed = data.id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        });
        Ok(Stage {
            setting: Setting {
                data: data.clone(),
                lesson: lesson.id.clone(),
                learner,
                limit: data.limit.unwrap_or(data.par + 4),
                seed,
            },
            now: start.clone(),
            start,
            hints: 0,
            tries: 1,
            finished: None,
        })
    }

    pub fn data(&self) -> &StageData {
        &self.setting.data
    }

    /// The id of the lesson the stage belongs to.
    pub fn lesson(&self) -> &str {
        &self.setting.lesson
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        &self.now.game
    }

    /// The side the learner plays.
    pub fn learner(&self) -> Side {
        self.setting.learner
    }

    /// The learner's moves so far in this try.
    pub fn moves(&self) -> u32 {
        self.now.moves
    }

    /// The learner's moves before the stage is failed.
    pub fn limit(&self) -> u32 {
        self.setting.limit
    }

    /// How the try ended, if it has.
    pub fn finished(&self) -> Option<&Answer<G::Move>> {
        self.finished.as_ref()
    }

    /// The stars earned, once the goal is reached.
    pub fn stars(&self) -> Option<u8> {
        match self.finished {
            Some(Answer::Reached { stars, .. }) => Some(stars),
            _ => None,
        }
    }

    /// Tries a learner's move: refused by the rules (nothing changes), or played with the
    /// opponent's reply, the goal reached or the stage failed. A finished try refuses
    /// every move until [`Stage::retry`].
    pub fn try_move(&mut self, mv: G::Move) -> Answer<G::Move> {
        if self.finished.is_some() {
            return Answer::Refused {
                why: "the stage is over: retry it".into(),
            };
        }
        if self.now.game.turn() != self.setting.learner {
            return Answer::Refused {
                why: "it is not your move".into(),
            };
        }
        let mut next = self.now.clone();
        let (state, reply) = match next.advance(mv, &self.setting) {
            Ok(played) => played,
            Err(why) => return Answer::Refused { why },
        };
        self.now = next;
        let answer = match state {
            State::Going => return Answer::Played { reply },
            State::Reached => Answer::Reached {
                stars: stars(self.now.moves, self.setting.data.par),
                reply,
            },
            State::Failed(why) => Answer::Failed { why, reply },
        };
        self.finished = Some(answer.clone());
        answer
    }

    /// Tries a move written in the game's notation (refused with the reason when it is
    /// not a move).
    pub fn try_text(&mut self, text: &str) -> Answer<G::Move> {
        match self.now.game.read_move(text) {
            Ok(mv) => self.try_move(mv),
            Err(why) => Answer::Refused { why },
        }
    }

    /// A legal move toward the goal, found by a small search over the learner's moves
    /// against the stage's opponent (the stage's solution is not read): `None` when the
    /// try is over or none is found within the search's reach.
    pub fn hint(&mut self) -> Option<G::Move> {
        if self.finished.is_some() {
            return None;
        }
        self.hints += 1;
        let left = self.setting.limit.saturating_sub(self.now.moves);
        let mut plays = HINT_PLAYS;
        (1..=left.min(HINT_DEPTH))
            .find_map(|depth| search(&self.now, &self.setting, depth, &mut plays))
    }

    /// Starts the stage again from its position.
    pub fn retry(&mut self) {
        self.now = self.start.clone();
        self.finished = None;
        self.hints = 0;
        self.tries += 1;
    }

    /// Checks the stage's data against the rules: every move of the solution and every
    /// scripted reply on its way is legal, the solution reaches the goal with its last
    /// move and within par; the wrong moves are legal and do not reach the goal at once;
    /// the refused moves are refused. The stars of the solution (3).
    pub fn verify(&self) -> Result<u8, LessonError> {
        let data = &self.setting.data;
        let fail = |why: String| LessonError::stage(&self.setting.lesson, &data.id, why);
        let mut stage = self.clone();
        stage.retry();
        let n = data.solution.len();
        for (i, text) in data.solution.iter().enumerate() {
            let mv = stage
                .game()
                .parse_move(text)
                .map_err(|e| fail(format!("solution move {} ({text}): {e}", i + 1)))?;
            if let Some(reply) = data.opponent.replies.get(i)
                && i + 1 < n
            {
                // The scripted reply must fit the solution's line.
                let mut after = stage.game().clone();
                after
                    .play_done(mv)
                    .map_err(|e| fail(format!("solution move {} ({text}): {e}", i + 1)))?;
                after
                    .parse_move(reply)
                    .map_err(|e| fail(format!("reply {} ({reply}): {e}", i + 1)))?;
            }
            match stage.try_move(mv) {
                Answer::Reached { stars, .. } if i + 1 == n => {
                    if stars < 3 {
                        return Err(fail(format!(
                            "the solution takes {n} moves, par is {}",
                            data.par
                        )));
                    }
                }
                Answer::Reached { .. } => {
                    return Err(fail(format!(
                        "the goal is reached at solution move {}, before its end",
                        i + 1
                    )));
                }
                Answer::Played { .. } if i + 1 < n => {}
                Answer::Played { .. } => {
                    return Err(fail("the solution does not reach the goal".into()));
                }
                Answer::Failed { why, .. } => {
                    return Err(fail(format!(
                        "solution move {} ({text}) fails the stage: {why}",
                        i + 1
                    )));
                }
                Answer::Refused { why } => {
                    return Err(fail(format!("solution move {} ({text}): {why}", i + 1)));
                }
            }
        }
        for text in &data.wrong {
            let mut stage = self.clone();
            stage.retry();
            let mv = stage
                .game()
                .parse_move(text)
                .map_err(|e| fail(format!("wrong move {text}: {e}")))?;
            if let Answer::Reached { .. } = stage.try_move(mv) {
                return Err(fail(format!("the wrong move {text} reaches the goal")));
            }
        }
        for text in &data.refused {
            let mut stage = self.clone();
            stage.retry();
            if !matches!(stage.try_text(text), Answer::Refused { .. }) {
                return Err(fail(format!("the move {text} is not refused")));
            }
        }
        Ok(3)
    }
}

/// Checks the words of a goal the game is asked about: its move kinds.
fn check_goal<G: Taught>(goal: &Goal) -> Result<(), String> {
    match goal {
        Goal::MoveKind { kind } if !G::MOVE_KINDS.contains(&kind.as_str()) => Err(format!(
            "{} is not a kind of move of {} ({})",
            crate::common::excerpt(kind),
            G::GAME,
            G::MOVE_KINDS.join(", ")
        )),
        Goal::Capture { cells } | Goal::Trapped { cells } | Goal::Survive { cells, .. }
            if cells.is_empty() =>
        {
            Err("the goal names no cells".into())
        }
        Goal::All { goals } if goals.is_empty() => Err("the goal 'all' lists no goals".into()),
        Goal::All { goals } => goals.iter().try_for_each(check_goal::<G>),
        _ => Ok(()),
    }
}

/// Checks the cells a goal names are the board's, and that the pieces to capture are the
/// opponent's and the pieces to save the learner's.
fn check_cells<G: Taught>(game: &G, goal: &Goal, learner: Side) -> Result<(), String> {
    let expect = |cells: &[String], side: Side, what: &str| {
        cells.iter().try_for_each(|c| match game.standing(c)? {
            Some(s) if s == side => Ok(()),
            _ => Err(format!(
                "{} holds no {what} at the start",
                crate::common::excerpt(c)
            )),
        })
    };
    match goal {
        Goal::Capture { cells } => expect(cells, !learner, "piece to capture"),
        Goal::Survive { cells, .. } => expect(cells, learner, "piece of yours to save"),
        Goal::Occupy { cell } => game.standing(cell).map(|_| ()),
        Goal::All { goals } => goals.iter().try_for_each(|g| check_cells(game, g, learner)),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::Playable;

    /// A white rook on c3 with one empty neighbour left (c2), the opponent passing.
    fn lesson(par: u32, limit: Option<u32>) -> Lesson {
        let data: StageData = serde_json::from_str(&format!(
            r#"{{"id": "capture-stone", "text": "t", "goal": "g",
                "rules": "5x5,pieces=R,komi=0", "position": "5/2r2/1rRr1/5/5 b 0 0 0 - 1",
                "check": {{"goal": "capture", "cells": ["c3"]}}, "par": {par},
                {limit} "solution": ["c2"], "opponent": {{"bot": {{"kind": "pass"}}}}}}"#,
            limit = limit
                .map(|l| format!(r#""limit": {l},"#))
                .unwrap_or_default()
        ))
        .expect("a stage");
        Lesson {
            id: "capture".into(),
            title: "Capture".into(),
            summary: "s".into(),
            stages: vec![data],
        }
    }

    fn stage(par: u32, limit: Option<u32>) -> Stage<crate::go::Game> {
        let lesson = lesson(par, limit);
        Stage::new(&lesson, &lesson.stages[0]).expect("the stage sets up")
    }

    #[test]
    fn stars_follow_the_moves_over_par() {
        assert_eq!(stars(1, 2), 3);
        assert_eq!(stars(2, 2), 3);
        assert_eq!(stars(3, 2), 2);
        assert_eq!(stars(4, 2), 2);
        assert_eq!(stars(5, 2), 1);
        assert_eq!(stars(40, 2), 1);
    }

    #[test]
    fn the_goal_reached_in_par_earns_three_stars() {
        let mut s = stage(1, None);
        assert_eq!(s.verify(), Ok(3));
        assert!(matches!(
            s.try_text("c2"),
            Answer::Reached {
                stars: 3,
                reply: None
            }
        ));
        assert_eq!(s.stars(), Some(3));
        // A finished try takes no more moves until a retry.
        assert!(matches!(s.try_text("a1"), Answer::Refused { .. }));
    }

    #[test]
    fn a_longer_way_earns_fewer_stars() {
        let mut s = stage(1, None);
        // The opponent passes after a move that misses the goal.
        assert!(matches!(
            s.try_text("a1"),
            Answer::Played {
                reply: Some(crate::go::Move::Pass)
            }
        ));
        assert_eq!(s.moves(), 1);
        assert!(matches!(s.try_text("c2"), Answer::Reached { stars: 2, .. }));
    }

    #[test]
    fn a_refused_move_changes_nothing() {
        let mut s = stage(1, None);
        let before = s.game().position().to_string();
        match s.try_text("b3") {
            Answer::Refused { why } => assert!(why.contains("occupied"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(s.try_text("z9"), Answer::Refused { .. }));
        assert_eq!(s.game().position().to_string(), before);
        assert_eq!(s.moves(), 0);
        assert!(s.finished().is_none());
    }

    #[test]
    fn out_of_moves_fails_and_retry_starts_again() {
        let mut s = stage(1, Some(2));
        assert!(matches!(s.try_text("a1"), Answer::Played { .. }));
        match s.try_text("a2") {
            Answer::Failed { why, .. } => assert!(why.contains("out of moves"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(s.stars(), None);
        assert!(s.hint().is_none());
        s.retry();
        assert_eq!((s.moves(), s.tries), (0, 2));
        assert!(s.finished().is_none());
        assert!(matches!(s.try_text("c2"), Answer::Reached { stars: 3, .. }));
    }

    #[test]
    fn the_hint_is_searched_not_read() {
        let mut lesson = lesson(1, None);
        // A solution that does not even reach the goal: the hint still finds c2.
        lesson.stages[0].solution = vec!["a1".into()];
        let mut s: Stage<crate::go::Game> =
            Stage::new(&lesson, &lesson.stages[0]).expect("sets up");
        assert!(s.verify().is_err());
        let hint = s.hint().expect("a hint");
        assert_eq!(s.game().move_text(hint), "c2xc3");
        assert_eq!(s.hints, 1);
    }

    #[test]
    fn bad_stages_are_refused_with_their_names() {
        let mut lesson = lesson(1, None);
        lesson.stages[0].check = Goal::Trapped {
            cells: vec!["c3".into()],
        };
        let err = Stage::<crate::go::Game>::new(&lesson, &lesson.stages[0]).unwrap_err();
        assert!(err.to_string().contains("stage capture-stone"), "{err}");
        lesson.stages[0].check = Goal::MoveKind {
            kind: "tandem".into(),
        };
        let err = Stage::<crate::go::Game>::new(&lesson, &lesson.stages[0]).unwrap_err();
        assert!(err.to_string().contains("not a kind of move"), "{err}");
        lesson.stages[0].check = Goal::Capture {
            cells: vec!["b3".into()],
        };
        let err = Stage::<crate::go::Game>::new(&lesson, &lesson.stages[0]).unwrap_err();
        assert!(err.to_string().contains("no piece to capture"), "{err}");
        // Chogo has no pass to play.
        let mut chogo = lesson.clone();
        chogo.stages[0].rules = "chogo-44".into();
        chogo.stages[0].position = "##PPPP##/#P4P#/P6P/8/p6p/#p4p#/##pppp##[Kk] b 0 1".into();
        chogo.stages[0].check = Goal::Win;
        let err = Stage::<crate::rules::Game>::new(&chogo, &chogo.stages[0]).unwrap_err();
        assert!(err.to_string().contains("no pass"), "{err}");
    }
}
