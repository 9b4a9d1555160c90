//! Studying a game on the shown board, written once for both boards: the analysis board
//! (the engine's win chance for the side to move, its best three moves and their lines,
//! deepening while the position stays) and the game review (every position analysed in
//! the background, each move judged, the accuracy, the evaluation graph).
//!
//! A board offers its game through [`StudySource`]: the moves in notation, the record of
//! the game after any number of moves, and which engine reads it. The searches run on the
//! [`Thinker`] (a background task on the desktop, the Web Worker in the browser) as
//! [`AnalysisJob`]s; this layer never asks which game it is given.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::common::Side;
use crate::common::analysis::{Analysis, Effort, Studied};
use crate::game::app::session::{Command, Session, SessionGame, Viewing};
use crate::game::app::sets::Phase;
use crate::game::app::thinker::{Job, Thinker};
use crate::game::app::ui::palette;
use crate::jobs::{AnalysisJob, Analyst};
use crate::study::{MoveReview, Review, review};

/// The game the shown board offers for study. The board writes it when its game or its
/// shown position changes.
#[derive(Resource, Default)]
pub struct StudySource(pub Option<Source>);

/// One game to study.
#[derive(Clone)]
pub struct Source {
    /// Changes whenever the game does (a move, an undo, another game).
    pub key: u64,
    /// Changes with every new or loaded game (the analysis switch is set again).
    pub game_id: u64,
    pub engine: Analyst,
    /// The moves played, in notation.
    pub played: Vec<String>,
    /// The side to move at the start.
    pub first: Side,
    /// How many moves the board shows (the live game: all of them); with a side line, the
    /// moves before it.
    pub shown: usize,
    /// The side line tried from the position shown, if any.
    pub line: Option<Line>,
    /// Whether the game is still being played (the analysis then starts switched off,
    /// unless the game was started to be analysed).
    pub live: bool,
    /// Whether the game was started to be analysed (from the position editor).
    pub analysed: bool,
    /// The game's record after its first `n` moves, for the engine.
    pub record_at: Arc<dyn Fn(usize) -> String + Send + Sync>,
    /// The analysis board's budgets, one a step as it deepens (nodes or playouts).
    pub steps: &'static [u64],
    /// The review's budget a position (nodes or playouts).
    pub review_work: u64,
}

/// A side line: moves tried from a position of the game, which leave the game unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Changes with every change of the line (the board's own count).
    pub stamp: u64,
    /// Its moves, in notation.
    pub moves: Vec<String>,
    /// The record of the game's first moves and the line's, for the engine.
    pub record: String,
}

/// Which position of a game is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot {
    /// The game's key ([`Source::key`]).
    pub key: u64,
    /// The moves of the game before it.
    pub shown: usize,
    /// The side line's stamp, when a side line is shown.
    pub line: Option<u64>,
}

impl Source {
    /// The position shown.
    pub fn spot(&self) -> Spot {
        Spot {
            key: self.key,
            shown: self.shown,
            line: self.line.as_ref().map(|l| l.stamp),
        }
    }

    /// The record of the position shown, for the engine.
    fn shown_record(&self) -> String {
        match &self.line {
            Some(line) => line.record.clone(),
            None => (self.record_at)(self.shown),
        }
    }
}

/// How a board offers its game: its engine and the analysis board's and review's budgets.
#[derive(Clone, Copy, Debug)]
pub struct Offer {
    pub engine: Analyst,
    pub steps: &'static [u64],
    pub review_work: u64,
    /// The game was started to be analysed: the analysis starts switched on.
    pub analysed: bool,
}

impl StudySource {
    /// Offers `game` (its ids: the game's, and its version, which changes with every
    /// change), showing the position after `viewing` moves (`None`: the live game), or
    /// the side line tried from there (the game's first moves and the line's, with the
    /// line's stamp). Builds the source anew only when the game changed.
    pub fn offer<G: Studied>(
        &mut self,
        game: &G,
        (game_id, version): (u64, u64),
        viewing: Option<usize>,
        line: Option<(&G, u64)>,
        offer: Offer,
    ) {
        let shown = viewing.unwrap_or(game.ply_count());
        let line_of = |(line, stamp): (&G, u64)| Line {
            stamp,
            moves: line.played().split_off(shown.min(line.ply_count())),
            record: line.record_text(&[]),
        };
        // The engine in the key too: every board counts its games and versions alike.
        let key = (game_id.wrapping_mul(1 << 32) ^ version) ^ name_hash(offer.engine.name);
        if let Some(s) = self.0.as_mut()
            && s.key == key
            && s.engine == offer.engine
        {
            if s.shown != shown {
                s.shown = shown;
            }
            if s.line.as_ref().map(|l| l.stamp) != line.map(|(_, stamp)| stamp) {
                s.line = line.map(line_of);
            }
            return;
        }
        let played = game.played();
        let game = Arc::new(game.clone());
        self.0 = Some(Source {
            key,
            game_id,
            engine: offer.engine,
            shown,
            line: line.map(line_of),
            played,
            first: game.after_plies(0).turn(),
            live: !game.is_over(),
            analysed: offer.analysed,
            record_at: Arc::new(move |n| game.after_plies(n).record_text(&[])),
            steps: offer.steps,
            review_work: offer.review_work,
        });
    }
}

/// A board's engine name folded into a number (FNV-1a), to keep the boards' positions
/// apart in the study's keys.
fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// Switch the analysis board on or off (the panel's button, the A key).
#[derive(Message, Debug, Clone, Copy)]
pub struct ToggleAnalysis;

/// Review the shown game.
#[derive(Message, Debug, Clone, Copy)]
pub struct StartReview;

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
            _ => !source.live || source.analysed,
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
    key: Option<u64>,
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
    of: Option<(u64, Side)>,
    /// The mistakes, in the game's order.
    mistakes: Vec<MoveReview>,
    /// Which of them is being looked at (all of them: the practice is over).
    pub at: usize,
    pub state: Attempting,
    /// The engine judging the move tried.
    judging: Option<AnalysisThinker>,
}

/// The study asks the board shown for the position after this many moves of the game (the
/// practice's mistakes): the board shows it, leaving any side line.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowPosition(pub usize);

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

/// What the player asks of the practice (the review's panel).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PracticeAsk {
    /// Go through this side's mistakes.
    Start(Side),
    /// The next mistake.
    Next,
    /// Look for a better move again.
    Retry,
    Stop,
}

impl Practice {
    /// The mistake looked at, while the practice of this game goes on.
    pub fn current(&self, source: &Source) -> Option<&MoveReview> {
        self.of
            .filter(|(key, _)| *key == source.key)
            .and_then(|_| self.mistakes.get(self.at))
    }

    /// Whether the engine's view is hidden from the board now: the player is looking for
    /// a better move in the position before the mistake (or has tried one there).
    pub fn hides(&self, source: &Source) -> bool {
        self.current(source).is_some_and(|m| {
            source.shown == m.ply
                && matches!(self.state, Attempting::Finding | Attempting::Judging(_))
        })
    }

    /// The engine's line to draw: after a miss, its move in the position before the
    /// mistake.
    fn answer(&self, source: &Source) -> Option<&[String]> {
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
fn drive_practice(
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
    let job = (source.engine.tag)(AnalysisJob {
        analyse: record,
        multipv,
        effort: Effort {
            work: Some(work),
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

fn toggle(
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
fn drive_analysis(
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
fn drive_review(
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

/// Black's share of the bar and the words under it, for the side to move's win chance.
fn bar_split(analysis: &Analysis, to_move: Side) -> f32 {
    let black = if to_move == Side::Black {
        analysis.win
    } else {
        1.0 - analysis.win
    };
    black.clamp(0.0, 1.0) as f32
}

/// The evaluation bar: Black's share dark from the left, White's light, the middle marked.
fn eval_bar(ui: &mut egui::Ui, black: f32) -> egui::Response {
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 12.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, egui::Color32::from_gray(235));
    let split = rect.left() + rect.width() * black;
    let dark = egui::Rect::from_min_max(rect.min, egui::pos2(split, rect.max.y));
    // Rounded only where it meets the bar's own ends (a narrow share is a plain strip).
    let radius = if dark.width() < 8.0 { 0.0 } else { 4.0 };
    painter.rect_filled(dark, radius, egui::Color32::from_gray(30));
    // The bar's outline: Black's dark share would melt into the dark panel without it.
    painter.rect_stroke(
        rect.shrink(0.5),
        4.0,
        egui::Stroke::new(1.0, egui::Color32::from_gray(150)),
        egui::StrokeKind::Inside,
    );
    painter.line_segment(
        [
            egui::pos2(rect.center().x, rect.top()),
            egui::pos2(rect.center().x, rect.bottom()),
        ],
        egui::Stroke::new(1.0, palette::GOLD),
    );
    response
}

/// The analysis board's part of the panel: the bar, the depth, the best moves.
pub fn analysis_section(
    ui: &mut egui::Ui,
    board: &AnalysisBoard,
    source: &Source,
    to_move: Side,
    hidden: bool,
) {
    if !board.is_on(source) {
        return;
    }
    if hidden {
        ui.label(
            egui::RichText::new("Analysis hidden while you look for a better move")
                .weak()
                .italics(),
        );
        return;
    }
    let found = board.current(source);
    let open = section(ui, "Analysis", |ui| {
        if let Some(a) = found.map(|f| &f.analysis) {
            let lead = a.lead.map_or(String::new(), |l| format!(" {l:+.1}"));
            let words = if a.over {
                "the game is over".to_string()
            } else {
                format!("{to_move} {:.0}%{lead}", a.win * 100.0)
            };
            ui.label(egui::RichText::new(words).color(palette::GOLD));
            let mut depth = if a.over {
                String::new()
            } else if a.lead.is_some() {
                format!("{} playouts", a.work)
            } else {
                format!("depth {}", a.depth)
            };
            let mut tip = format!("{} nodes or playouts searched", a.work);
            if board.is_thinking() {
                depth.push_str(" …");
                tip.push_str("; the engine is deepening its analysis");
            }
            // Cut short rather than wider than the panel (a row wider than the panel
            // shifted the whole panel for as long as it lasted).
            ui.add(egui::Label::new(egui::RichText::new(depth).small().weak()).truncate())
                .on_hover_text(tip);
        } else if board.is_thinking() {
            ui.label(egui::RichText::new("…").weak())
                .on_hover_text("The engine is deepening its analysis");
        }
    });
    if !open {
        return;
    }
    let Some(found) = found else {
        if let Some((_, e)) = board.error.as_ref().filter(|(at, _)| *at == source.spot()) {
            ui.label(egui::RichText::new(e).color(palette::WARN).small());
        } else {
            ui.label(
                egui::RichText::new("the engine is looking…")
                    .weak()
                    .italics(),
            );
        }
        return;
    };
    let a = &found.analysis;
    eval_bar(ui, bar_split(a, to_move)).on_hover_text(
        "Black's win chance by the engine (dark, from the left) and White's (light)",
    );
    // The columns line up (the moves' texts differ in length).
    let width = a
        .best
        .iter()
        .map(|c| c.mv.chars().count())
        .max()
        .unwrap_or(0);
    for (i, c) in a.best.iter().enumerate() {
        let line: String = c
            .line
            .iter()
            .skip(1)
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join(" ");
        // Unnumbered: the numbers on the board are the best line's moves in order. The
        // best move stands out; its line is the one drawn.
        let text = format!("{:<width$}  {:>3.0}%  {}", c.mv, c.win * 100.0, c.score);
        let mut text = egui::RichText::new(text).monospace();
        if i == 0 {
            text = text.color(palette::GOLD);
        }
        let hover = if i == 0 {
            format!(
                "The engine's best move and its line, drawn on the board with its moves \
                 numbered in order: {}",
                c.line.join(" ")
            )
        } else {
            format!("Another good move and its line: {}", c.line.join(" "))
        };
        ui.horizontal(|ui| {
            ui.label(text).on_hover_text(hover);
            ui.add(egui::Label::new(egui::RichText::new(line).small().weak()).truncate());
        });
    }
}

/// A study section's header, which folds the section: the toggle, the title (a click on
/// it folds too) and what `header` adds (the figures that stay in sight when folded).
/// Returns whether the section is open.
fn section(ui: &mut egui::Ui, title: &str, header: impl FnOnce(&mut egui::Ui)) -> bool {
    let id = ui.make_persistent_id(("study section", title));
    let mut state =
        egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, true);
    let open = state.is_open();
    ui.horizontal(|ui| {
        state.show_toggle_button(ui, egui::collapsing_header::paint_default_icon);
        let tip = if open { "Fold" } else { "Unfold" };
        let name =
            egui::Label::new(egui::RichText::new(title).strong()).sense(egui::Sense::click());
        if ui.add(name).on_hover_text(tip).clicked() {
            state.toggle(ui);
        }
        header(ui);
    });
    state.store(ui.ctx());
    state.is_open()
}

/// The review's part of the panel: its progress, or the graph (a click asks for that
/// move) with each side's accuracy and counts. Returns the move count asked for.
pub fn review_section(ui: &mut egui::Ui, state: &GameReview, source: &Source) -> Option<usize> {
    if let Some((done, total)) = state.progress(source) {
        ui.label(egui::RichText::new("Reviewing the game…").strong());
        let bar = ui.add(
            egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                .text(format!("{done} of {total} positions")),
        );
        // Brought into sight once, when the review starts: in a small window's drawer
        // it would be below the fold, and ▤ would seem to do nothing.
        let seen = egui::Id::new(("review progress seen", source.key));
        if ui.data(|d| d.get_temp::<bool>(seen)).is_none() {
            ui.data_mut(|d| d.insert_temp(seen, true));
            bar.scroll_to_me(None);
        }
        return None;
    }
    if let (Some(e), true) = (&state.error, state.key == Some(source.key)) {
        ui.label(egui::RichText::new(format!("The review failed: {e}")).color(palette::WARN));
        return None;
    }
    let review = state.of(source)?;
    let mut asked = None;
    let accuracy =
        |side: Side| review.accuracy[side].map_or("–".to_string(), |a| format!("{a:.0}%"));
    let open = section(ui, "Review", |ui| {
        let text = format!(
            "accuracy: Black {} · White {}",
            accuracy(Side::Black),
            accuracy(Side::White)
        );
        ui.add(egui::Label::new(egui::RichText::new(text).small().weak()).truncate());
    });
    if !open {
        return None;
    }
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 48.0), egui::Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, egui::Color32::from_gray(235));
    let n = review.black_wins.len().max(2) - 1;
    let x = |i: usize| rect.left() + rect.width() * i as f32 / n as f32;
    let y = |w: f64| rect.bottom() - rect.height() * w as f32;
    // Black's chance from below, dark, one slice a move (each a pixel wider than its
    // share, so that no seam shows between them).
    for (i, pair) in review.black_wins.windows(2).enumerate() {
        let right = x(i + 1) + 1.0;
        painter.add(egui::Shape::convex_polygon(
            vec![
                egui::pos2(x(i), y(pair[0])),
                egui::pos2(right, y(pair[1])),
                egui::pos2(right, rect.bottom()),
                egui::pos2(x(i), rect.bottom()),
            ],
            egui::Color32::from_gray(40),
            egui::Stroke::NONE,
        ));
    }
    painter.line_segment(
        [
            egui::pos2(rect.left(), rect.center().y),
            egui::pos2(rect.right(), rect.center().y),
        ],
        egui::Stroke::new(1.0, palette::GOLD.gamma_multiply(0.6)),
    );
    for m in &review.moves {
        if let Some(class) = m.class {
            let colour = match class {
                crate::study::Class::Inaccuracy => egui::Color32::from_rgb(230, 190, 60),
                crate::study::Class::Mistake => egui::Color32::from_rgb(230, 130, 40),
                crate::study::Class::Blunder => egui::Color32::from_rgb(210, 50, 40),
            };
            // Whole even at 0 % or 100 %.
            let top_bottom = (rect.top() + 3.0, rect.bottom() - 3.0);
            let dot_y = y(review.black_wins[m.ply + 1]).clamp(top_bottom.0, top_bottom.1);
            painter.circle_filled(egui::pos2(x(m.ply + 1), dot_y), 3.0, colour);
        }
    }
    let shown = egui::pos2(x(source.shown.min(n)), rect.top());
    painter.line_segment(
        [shown, egui::pos2(shown.x, rect.bottom())],
        egui::Stroke::new(1.5, palette::HINT),
    );
    if let Some(at) = response.interact_pointer_pos()
        && response.clicked()
    {
        let i = (((at.x - rect.left()) / rect.width()) * n as f32).round() as usize;
        // A click near a judged move's dot is for that move: with a hundred positions
        // they stand two pixels apart.
        let near = review
            .moves
            .iter()
            .filter(|m| m.class.is_some())
            .map(|m| m.ply + 1)
            .min_by(|&a, &b| (x(a) - at.x).abs().total_cmp(&(x(b) - at.x).abs()))
            .filter(|&p| (x(p) - at.x).abs() <= 6.0);
        asked = Some(near.unwrap_or(i).min(n));
    }
    response.on_hover_text("Black's win chance through the game; click to see a move");
    // Each side's inaccuracies, mistakes and blunders on one line.
    let counts = Side::BOTH.map(|side| {
        let [i, m, b] = review.counts[side];
        format!("{side} {i} ?! {m} ? {b} ??")
    });
    ui.label(egui::RichText::new(counts.join(" · ")).small())
        .on_hover_text("Inaccuracies (?!), mistakes (?) and blunders (??) of each side");
    // The shown move's judgement, with the engine's better move (not while the practice
    // speaks of a mistake of its own).
    if let Some(m) = source
        .shown
        .checked_sub(1)
        .and_then(|i| review.moves.get(i))
        && let Some(class) = m.class
        && state.practice.current(source).is_none()
    {
        let better = m.better.as_ref().map_or(String::new(), |b| {
            format!("; better {} ({:.0}%)", b.mv, b.win * 100.0)
        });
        // Go's margins too: a move judged by the points it gave away says so.
        let points = match (m.lead_before, m.lead_after) {
            (Some(b), Some(a)) => format!(" ({b:+.1} → {a:+.1} points)"),
            _ => String::new(),
        };
        ui.label(
            egui::RichText::new(format!(
                "{}{}: {}, {:.0}% → {:.0}%{points}{better}",
                m.played,
                class.mark(),
                class.with_article(),
                m.before * 100.0,
                m.after * 100.0
            ))
            .small()
            .color(palette::WARN),
        );
    }
    asked
}

/// The review's marks for the move list, one a move (empty for the moves not judged),
/// when the shown game has a finished review.
pub fn marks(state: &GameReview, source: Option<&Source>) -> Vec<&'static str> {
    source
        .and_then(|s| state.of(s))
        .map(|r| {
            r.moves
                .iter()
                .map(|m| m.class.map_or("", |c| c.mark()))
                .collect()
        })
        .unwrap_or_default()
}

/// What a board's game offers the study: which engine judges it, and the analysis
/// board's and the review's budgets (nodes or playouts).
pub trait StudiedBoard: SessionGame {
    const ANALYST: Analyst;
    /// The analysis board's budgets, one a step as it deepens (each step a search of its
    /// own, so that none holds the browser's one worker for long).
    const STEPS: &'static [u64];
    /// The review's budget a position.
    const REVIEW_WORK: u64;
}

/// Offers a board's game and the position shown.
fn offer_board<G: StudiedBoard>(
    session: Res<Session<G>>,
    viewing: Res<Viewing<G>>,
    mut source: ResMut<StudySource>,
) {
    // The position editor's set-up is no game to study.
    if session.edit.is_some() {
        if source.0.is_some() {
            source.0 = None;
        }
        return;
    }
    source.offer(
        &session.game,
        (session.game_id, session.version),
        viewing.0,
        session
            .line(viewing.0)
            .map(|l| (&l.game, session.line_stamp)),
        Offer {
            engine: G::ANALYST,
            steps: G::STEPS,
            review_work: G::REVIEW_WORK,
            analysed: session.analysed,
        },
    );
}

/// Shows the position the study asks for, leaving any side line.
fn show_asked<G: StudiedBoard>(
    mut asks: MessageReader<ShowPosition>,
    session: Res<Session<G>>,
    mut viewing: ResMut<Viewing<G>>,
    mut commands: MessageWriter<Command<G>>,
) {
    let Some(ShowPosition(n)) = asks.read().last().copied() else {
        return;
    };
    viewing.set_if_neq(Viewing::of((n < session.game.ply_count()).then_some(n)));
    if session.has_tried() {
        commands.write(Command::LeaveLine);
    }
}

/// A board's game is studied while its state `on` holds: it is offered, and the position
/// the study asks for is shown.
pub fn register_board<G: StudiedBoard, S: States>(app: &mut App, on: S) {
    app.add_systems(
        Update,
        (
            offer_board::<G>.in_set(Phase::React),
            show_asked::<G>.in_set(Phase::Input),
        )
            .run_if(in_state(on.clone())),
    );
    app.add_systems(OnExit(on), |mut source: ResMut<StudySource>| {
        source.0 = None;
    });
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<StudySource>();
    app.init_resource::<AnalysisBoard>();
    app.init_resource::<GameReview>();
    app.add_message::<ToggleAnalysis>();
    app.add_message::<StartReview>();
    app.add_message::<PracticeAsk>();
    app.add_message::<ShowPosition>();
    app.add_systems(
        Update,
        (toggle, drive_analysis, drive_review, drive_practice)
            .chain()
            .in_set(Phase::Bots),
    );
}

/// What the shared panel draws of the study of the shown game.
pub struct StudyView<'a> {
    pub board: &'a AnalysisBoard,
    pub review: &'a GameReview,
    pub source: &'a Source,
    /// The side to move in the shown position.
    pub to_move: Side,
}

/// What a click in the study's part of the panel asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudyClick {
    /// The position after this many moves of the game.
    View(usize),
    Practice(PracticeAsk),
}

impl StudyView<'_> {
    /// Whether the panel shows any of the study: the analysis, or a review under way,
    /// failed or done.
    pub fn shows_anything(&self) -> bool {
        self.board.is_on(self.source)
            || self.review.progress(self.source).is_some()
            || self.review.of(self.source).is_some()
            || (self.review.error.is_some() && self.review.key == Some(self.source.key))
    }

    /// Draws the analysis and the review; returns what a click asked for (or the position
    /// the practice wants shown).
    pub fn show(&self, ui: &mut egui::Ui) -> Option<StudyClick> {
        let hidden = self.review.practice.hides(self.source);
        analysis_section(ui, self.board, self.source, self.to_move, hidden);
        let clicked = review_section(ui, self.review, self.source);
        let asked = practice_section(ui, self.review, self.source);
        asked.or(clicked.map(StudyClick::View))
    }
}

/// The practice's part of the panel: the buttons that start it, then each mistake with
/// what the player found.
fn practice_section(ui: &mut egui::Ui, state: &GameReview, source: &Source) -> Option<StudyClick> {
    let review = state.of(source)?;
    let practice = &state.practice;
    let mut asked = None;
    let Some((_, side)) = practice.of.filter(|(key, _)| *key == source.key) else {
        let counts = Side::BOTH.map(|side| (side, review.mistakes_of(side).count()));
        if counts.iter().all(|(_, n)| *n == 0) {
            return None;
        }
        // One row for both sides: "Learn from mistakes: Black (2) White (1)".
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new("Learn from mistakes:").small());
            for (side, n) in counts {
                if n > 0
                    && ui
                        .small_button(format!("{side} ({n})"))
                        .on_hover_text(format!(
                            "Go back to each of {side}'s mistakes and blunders and look for \
                             a better move"
                        ))
                        .clicked()
                {
                    asked = Some(StudyClick::Practice(PracticeAsk::Start(side)));
                }
            }
        });
        return asked;
    };
    let total = practice.mistakes.len();
    let Some(m) = practice.mistakes.get(practice.at) else {
        ui.label(
            egui::RichText::new(format!("{side}'s mistakes: done ({total} of {total})")).strong(),
        );
        if ui.small_button("Done").clicked() {
            asked = Some(StudyClick::Practice(PracticeAsk::Stop));
        }
        return asked;
    };
    ui.label(
        egui::RichText::new(format!("{side}'s mistakes: {} of {total}", practice.at + 1)).strong(),
    );
    let mark = m.class.map_or("", |c| c.mark());
    let pct = |w: f64| format!("{:.0}%", w * 100.0);
    let points = match (m.lead_before, m.lead_after) {
        (Some(b), Some(a)) => format!(", {b:+.1} → {a:+.1} points"),
        _ => String::new(),
    };
    let played = format!(
        "{side} played {}{mark} here ({} → {}{points}).",
        m.played,
        pct(m.before),
        pct(m.after)
    );
    let there = source.shown == m.ply;
    let (words, colour) = match &practice.state {
        Attempting::Finding if there => (format!("{played} Find a better move."), palette::GOLD),
        Attempting::Finding => (
            format!("{played} The board shows another position."),
            palette::GOLD,
        ),
        Attempting::Judging(tried) => (format!("Checking {tried}…"), palette::GOLD),
        Attempting::Found(tried, win) => (
            format!("{tried}: well found, {side} keeps {}.", pct(*win)),
            palette::HINT,
        ),
        Attempting::Failed(tried, why) => (
            format!("The engine could not judge {tried}: {why}"),
            palette::WARN,
        ),
        Attempting::Missed(tried, win) => {
            let engine = m.better.as_ref().map_or(String::new(), |b| {
                format!(
                    " The engine plays {} ({}): {}.",
                    b.mv,
                    pct(b.win),
                    b.line.join(" ")
                )
            });
            (
                format!("{tried} leaves {side} {}: not enough.{engine}", pct(*win)),
                palette::WARN,
            )
        }
    };
    // The buttons above the words, which change length from one try to the next: the
    // buttons stay under the pointer.
    ui.horizontal_wrapped(|ui| {
        let mut button = |ui: &mut egui::Ui, text: &str, tip: &str, ask: PracticeAsk| {
            if ui.small_button(text).on_hover_text(tip).clicked() {
                asked = Some(StudyClick::Practice(ask));
            }
        };
        if !there && practice.state == Attempting::Finding {
            button(
                ui,
                "Go there",
                "Show the position before the mistake",
                PracticeAsk::Retry,
            );
        }
        if matches!(
            practice.state,
            Attempting::Missed(..) | Attempting::Found(..) | Attempting::Failed(..)
        ) {
            button(
                ui,
                "Try again",
                "Look for another move here",
                PracticeAsk::Retry,
            );
        }
        let last = practice.at + 1 == total;
        let (next, tip) = if last {
            ("Finish", "The last one: end the practice")
        } else {
            ("Next mistake", "Go on to the next mistake")
        };
        button(ui, next, tip, PracticeAsk::Next);
        button(
            ui,
            "Stop",
            "Stop learning from the mistakes",
            PracticeAsk::Stop,
        );
    });
    ui.add(egui::Label::new(egui::RichText::new(words).color(colour)).wrap());
    asked
}

/// One move of the engine's line as a board draws it, in world points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LineMark {
    /// A slide, a tandem (from the block's centre), a mole drop, a piece's move.
    Arrow { from: Vec2, to: Vec2 },
    /// A drop: a ghost of the mover's colour.
    Ghost { at: Vec2, side: Side },
}

/// How many moves of the best line a board draws.
pub const LINE_SHOWN: usize = 4;

/// Paints the engine's line over the board, behind the panels: the first move bold, the
/// next ones lighter and numbered (the camera looks at the world origin, so a world
/// point is an offset from the window's centre).
pub fn paint_line(ctx: &egui::Context, cell: f32, marks: &[LineMark]) {
    let centre = ctx.viewport_rect().center();
    let at = |p: Vec2| centre + egui::vec2(p.x, -p.y);
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional((cell * 0.32).clamp(10.0, 24.0));
    for (i, mark) in marks.iter().enumerate().rev() {
        let strength = if i == 0 { 0.85 } else { 0.55 };
        let colour = egui::Color32::from_rgb(40, 150, 70).gamma_multiply(strength);
        let number = (i + 1).to_string();
        match *mark {
            LineMark::Arrow { from, to } => {
                let (a, b) = (at(from), at(to));
                let width = cell * if i == 0 { 0.14 } else { 0.08 };
                let dir = (b - a).normalized();
                let head = cell * 0.3;
                let tip = b - dir * cell * 0.1;
                let base = tip - dir * head;
                painter.line_segment([a, base], egui::Stroke::new(width, colour));
                let side = egui::vec2(-dir.y, dir.x) * head * 0.6;
                painter.add(egui::Shape::convex_polygon(
                    vec![tip, base + side, base - side],
                    colour,
                    egui::Stroke::NONE,
                ));
                if i > 0 {
                    painter.text(
                        base - dir * cell * 0.15,
                        egui::Align2::CENTER_CENTER,
                        &number,
                        font.clone(),
                        egui::Color32::WHITE,
                    );
                }
            }
            LineMark::Ghost { at: p, side } => {
                let (fill, ink) = match side {
                    Side::Black => (egui::Color32::from_black_alpha(150), egui::Color32::WHITE),
                    Side::White => (egui::Color32::from_white_alpha(170), egui::Color32::BLACK),
                };
                painter.circle(
                    at(p),
                    cell * 0.36,
                    fill,
                    egui::Stroke::new(cell * 0.05, colour),
                );
                painter.text(
                    at(p),
                    egui::Align2::CENTER_CENTER,
                    &number,
                    font.clone(),
                    ink,
                );
            }
        }
    }
}

/// The best line of the analysis shown, when the board shows one.
pub fn shown_line<'a>(
    board: &'a AnalysisBoard,
    review: &'a GameReview,
    source: Option<&Source>,
) -> Option<&'a [String]> {
    let source = source?;
    if let Some(line) = review.practice.answer(source) {
        return Some(&line[..line.len().min(LINE_SHOWN)]);
    }
    if review.practice.hides(source) {
        return None;
    }
    let found = board.current(source)?;
    let best = found.analysis.best.first()?;
    Some(&best.line[..best.line.len().min(LINE_SHOWN)])
}
