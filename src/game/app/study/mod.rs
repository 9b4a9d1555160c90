//! Studying a game on the shown board, written once for both boards: the analysis board
//! (the engine's win chance for the side to move, its best three moves and their lines,
//! deepening while the position stays) and the game review (every position analysed in
//! the background, each move judged, the accuracy, the evaluation graph).
//!
//! A board offers its game through [`StudySource`]: the moves in notation, the record of
//! the game after any number of moves, and which engine reads it. The searches run on the
//! [`Thinker`] (a background task on the desktop, the Web Worker in the browser) as
//! [`AnalysisJob`]s; this layer never asks which game it is given.

mod driving;
mod source;
mod view;

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::common::Side;
use crate::common::analysis::{Analysis, Effort, Studied};
use crate::common::puzzled::Puzzled;
use crate::game::app::session::{Command, Session, SessionGame, Viewing};
use crate::game::app::sets::Phase;
use crate::game::app::thinker::{Job, Thinker};
use crate::game::app::ui::palette;
use crate::jobs::{AnalysisJob, Analyst};
use crate::study::{MoveReview, Review, review};

pub use driving::*;
pub use source::*;
pub use view::*;

/// Switch the analysis board on or off (the panel's button, the A key).
#[derive(Message, Debug, Clone, Copy)]
pub struct ToggleAnalysis;

/// Review the shown game.
#[derive(Message, Debug, Clone, Copy)]
pub struct StartReview;

/// The study asks the board shown for the position after this many moves of the game (the
/// practice's mistakes): the board shows it, leaving any side line.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowPosition(pub usize);

/// Moves of the analysis's line, in notation, to try on the position shown (a click on a
/// line in the panel): they go to the side line from there, one after another.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct TryLine(pub Vec<String>);

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

/// The side a person plays against a bot, if one does.
fn you<L>(players: crate::common::BySide<crate::common::Player<L>>) -> Option<Side> {
    use crate::common::Player;
    match (players.black, players.white) {
        (Player::Human, Player::Bot(_)) => Some(Side::Black),
        (Player::Bot(_), Player::Human) => Some(Side::White),
        _ => None,
    }
}

/// Offers a board's game and the position shown.
fn offer_board<G: StudiedBoard>(
    session: Res<Session<G>>,
    viewing: Res<Viewing<G>>,
    mut source: ResMut<StudySource>,
) {
    // The position editor's set-up is no game to study, nor a lesson's or a puzzle's
    // game (the engine would give its answer away).
    if session.edit.is_some() || session.is_driven() {
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
            you: you(session.players()),
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

/// Tries the line clicked in the panel on the position shown: each move, read from its
/// notation in the position it is played from ([`Puzzled::parse_move`]), as a
/// [`Command::TryMove`], up to the first that is not one (the session refuses them where
/// moves are not tried).
fn try_line<G: StudiedBoard + Puzzled>(
    mut asks: MessageReader<TryLine>,
    session: Res<Session<G>>,
    viewing: Res<Viewing<G>>,
    mut commands: MessageWriter<Command<G>>,
) {
    let Some(TryLine(moves)) = asks.read().last().cloned() else {
        return;
    };
    let mut game = match session.line(viewing.0) {
        Some(line) => line.game.clone(),
        None => session
            .game
            .after_plies(viewing.0.unwrap_or(session.game.ply_count())),
    };
    for text in &moves {
        let Ok(mv) = game.parse_move(text) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
        commands.write(Command::TryMove(mv));
    }
}

/// A board's game is studied while its state `on` holds: it is offered, and the position
/// the study asks for is shown.
pub fn register_board<G: StudiedBoard + Puzzled, S: States>(app: &mut App, on: S) {
    app.add_systems(
        Update,
        (
            offer_board::<G>.in_set(Phase::React),
            show_asked::<G>.in_set(Phase::Input),
            try_line::<G>.in_set(Phase::Input),
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
    app.add_message::<TryLine>();
    app.add_systems(
        Update,
        (toggle, drive_analysis, drive_review, drive_practice)
            .chain()
            .in_set(Phase::Bots),
    );
}
