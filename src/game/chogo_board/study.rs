//! Chogo's game offered to the shared analysis board and review (`app::study`).

use bevy::prelude::*;

use crate::bot::analysis::REVIEW_NODES;
use crate::game::app::study::{
    AnalysisBoard, GameReview, LineMark, Offer, ShowPosition, StudySource, paint_line, shown_line,
};
use crate::game::chogo_board::ChogoOn;
use crate::game::chogo_board::bridge::{Bridge, Command, Viewing};
use crate::game::chogo_board::layout::BoardLayout;
use crate::jobs::{Analyst, WorkerJob};
use crate::rules::Move;

/// The analysis board's search nodes, one a step as it deepens (about 0.1, 0.5, 1.5 and 5
/// seconds on the desktop; each step a search of its own, so that none holds the browser's
/// one worker for long).
const STEPS: &[u64] = &[30_000, 120_000, 400_000, 1_200_000];

/// Offers the game and the position shown.
fn offer(bridge: Res<Bridge>, viewing: Res<Viewing>, mut source: ResMut<StudySource>) {
    // The position editor's set-up is no game to study.
    if bridge.edit.is_some() {
        if source.0.is_some() {
            source.0 = None;
        }
        return;
    }
    source.offer(
        &bridge.game,
        (bridge.game_id, bridge.version),
        viewing.0,
        bridge.line(viewing.0).map(|l| (&l.game, bridge.line_stamp)),
        Offer {
            engine: Analyst {
                name: "chogo",
                tag: WorkerJob::ChogoAnalysis,
            },
            steps: STEPS,
            review_work: REVIEW_NODES,
            analysed: bridge.analysed,
        },
    );
}

/// Shows the position the study asks for, leaving any side line.
fn show_asked(
    mut asks: MessageReader<ShowPosition>,
    bridge: Res<Bridge>,
    mut viewing: ResMut<Viewing>,
    mut commands: MessageWriter<Command>,
) {
    let Some(ShowPosition(n)) = asks.read().last().copied() else {
        return;
    };
    viewing.set_if_neq(Viewing::of((n < bridge.game.plies().len()).then_some(n)));
    if bridge.has_tried() {
        commands.write(Command::LeaveLine);
    }
}

pub(crate) fn plugin(app: &mut App) {
    crate::game::app::study::register_board(app, ChogoOn, offer);
    app.add_systems(
        Update,
        show_asked
            .run_if(in_state(ChogoOn))
            .in_set(crate::game::app::sets::Phase::Input),
    );
}

/// The engine's best line on the board, while the analysis shows one.
fn draw_line(
    mut contexts: bevy_egui::EguiContexts,
    source: Res<StudySource>,
    board: Res<AnalysisBoard>,
    review: Res<GameReview>,
    bridge: Res<Bridge>,
    viewing: Res<Viewing>,
    layout: Res<BoardLayout>,
) -> Result {
    let Some(line) = shown_line(&board, &review, source.0.as_ref()) else {
        return Ok(());
    };
    let mut pos = *bridge.shown(viewing.0);
    let centre = |cells: crate::rules::Bitboard| {
        let n = cells.count().max(1) as f32;
        cells
            .into_iter()
            .map(|c| layout.cell_center(c))
            .sum::<Vec2>()
            / n
    };
    let mut marks = Vec::new();
    for text in line {
        let Ok(mv) = text.parse::<Move>() else { break };
        if !pos.legal_moves().contains(&mv) {
            break;
        }
        marks.push(match mv {
            Move::Drop { to } => LineMark::Ghost {
                at: layout.cell_center(to),
                side: pos.turn(),
            },
            _ => LineMark::Arrow {
                from: centre(mv.origins()),
                to: centre(mv.destinations()),
            },
        });
        pos.play_unchecked(mv);
    }
    paint_line(contexts.ctx_mut()?, layout.cell, &marks);
    Ok(())
}

/// The line is drawn with the coordinates, behind the panel.
pub(crate) fn draw_plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        draw_line
            .run_if(in_state(ChogoOn))
            .in_set(crate::game::app::ui::UiLayer::Board),
    );
}
