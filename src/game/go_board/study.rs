//! The game of Go with chess pieces offered to the shared analysis board and review
//! (`app::study`).

use bevy::prelude::*;

use super::{GoOn, GoViewing};
use crate::game::app::study::{
    AnalysisBoard, GameReview, LineMark, StudiedBoard, StudySource, paint_line, shown_line,
};
use crate::game::go_board::bridge::GoBridge;
use crate::go::Move;
use crate::go::analysis::REVIEW_PLAYOUTS;
use crate::jobs::{Analyst, WorkerJob};

/// The analysis board's playouts, one a step as it deepens (each step a search of its
/// own, so that none holds the browser's one worker for long).
const STEPS: &[u64] = &[1_000, 4_000, 12_000, 30_000];

impl StudiedBoard for crate::go::Game {
    const ANALYST: Analyst = Analyst {
        name: "go-with-pieces",
        tag: WorkerJob::GoAnalysis,
    };
    const STEPS: &'static [u64] = STEPS;
    const REVIEW_WORK: u64 = REVIEW_PLAYOUTS;
}

pub(crate) fn plugin(app: &mut App) {
    crate::game::app::study::register_board::<crate::go::Game, _>(app, GoOn);
}

/// The engine's line on the board (the best, or the one pointed at in the panel), while
/// the analysis shows one: numbered ghosts for drops, arrows for moves.
fn draw_line(
    mut contexts: bevy_egui::EguiContexts,
    source: Res<StudySource>,
    board: Res<AnalysisBoard>,
    review: Res<GameReview>,
    bridge: Res<GoBridge>,
    viewing: Res<GoViewing>,
    layout: Res<super::GoLayout>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(line) = shown_line(ctx, &board, &review, source.0.as_ref()) else {
        return Ok(());
    };
    let mut pos = *bridge.shown(viewing.0);
    let mut marks = Vec::new();
    for text in line {
        let Ok(written) = text.parse::<crate::go::MoveText>() else {
            break;
        };
        let Ok(mv) = pos.parse_move(&written) else {
            break;
        };
        let Ok(played) = pos.play(mv) else { break };
        match mv {
            Move::Drop { cell, .. } => marks.push(LineMark::Ghost {
                at: layout.cell_center(cell),
                side: pos.turn(),
            }),
            Move::Step { from, to } => marks.push(LineMark::Arrow {
                from: layout.cell_center(from),
                to: layout.cell_center(to),
            }),
            // A pass has nothing to show: the line stops being drawn there.
            Move::Pass => break,
        }
        pos = played.position;
    }
    paint_line(ctx, layout.cell, &marks);
    Ok(())
}

/// The line is drawn with the coordinates, behind the panel.
pub(crate) fn draw_plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        draw_line
            .run_if(in_state(GoOn))
            .in_set(crate::game::app::ui::UiLayer::Board),
    );
}
