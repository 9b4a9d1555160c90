//! The game of Go with chess pieces offered to the shared analysis board and review
//! (`app::study`).

use bevy::prelude::*;

use super::{GoLayout, GoOn};
use crate::game::app::study::{DrawsLine, LineMark, StudiedBoard, register_line};
use crate::go::analysis::REVIEW_PLAYOUTS;
use crate::go::{Move, Position};
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

impl DrawsLine for crate::go::Game {
    type Layout = GoLayout;

    fn cell(layout: &GoLayout) -> f32 {
        layout.cell
    }

    /// Numbered ghosts for drops, arrows for moves; a pass has nothing to show, and the
    /// line stops being drawn there.
    fn line_marks(from: &Position, layout: &GoLayout, line: &[String]) -> Vec<LineMark> {
        let mut pos = *from;
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
                Move::Pass => break,
            }
            pos = played.position;
        }
        marks
    }
}

/// The line is drawn with the coordinates, behind the panel.
pub(crate) fn draw_plugin(app: &mut App) {
    register_line::<crate::go::Game, _>(app, GoOn);
}
