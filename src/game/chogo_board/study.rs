//! Chogo's game offered to the shared analysis board and review (`app::study`).

use bevy::prelude::*;

use crate::bot::analysis::REVIEW_NODES;
use crate::game::app::study::{
    AnalysisBoard, GameReview, LineMark, StudiedBoard, StudySource, paint_line, shown_line,
};
use crate::game::chogo_board::ChogoOn;
use crate::game::chogo_board::bridge::{Bridge, Viewing};
use crate::game::chogo_board::layout::BoardLayout;
use crate::jobs::{Analyst, WorkerJob};
use crate::rules::Move;

/// The analysis board's search nodes, one a step as it deepens (about 0.1, 0.5, 1.5 and 5
/// seconds on the desktop; each step a search of its own, so that none holds the browser's
/// one worker for long).
const STEPS: &[u64] = &[30_000, 120_000, 400_000, 1_200_000];

impl StudiedBoard for crate::rules::Game {
    const ANALYST: Analyst = Analyst {
        name: "chogo",
        tag: WorkerJob::ChogoAnalysis,
    };
    const STEPS: &'static [u64] = STEPS;
    const REVIEW_WORK: u64 = REVIEW_NODES;
}

pub(crate) fn plugin(app: &mut App) {
    crate::game::app::study::register_board::<crate::rules::Game, _>(app, ChogoOn);
}

/// The engine's line on the board (the best, or the one pointed at in the panel), while
/// the analysis shows one.
fn draw_line(
    mut contexts: bevy_egui::EguiContexts,
    source: Res<StudySource>,
    board: Res<AnalysisBoard>,
    review: Res<GameReview>,
    bridge: Res<Bridge>,
    viewing: Res<Viewing>,
    layout: Res<BoardLayout>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(line) = shown_line(ctx, &board, &review, source.0.as_ref()) else {
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
    paint_line(ctx, layout.cell, &marks);
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
