//! Chogo's game offered to the shared analysis board and review (`app::study`).

use bevy::prelude::*;

use crate::bot::analysis::REVIEW_NODES;
use crate::game::app::study::{DrawsLine, LineMark, StudiedBoard, register_line};
use crate::game::chogo_board::ChogoOn;
use crate::game::chogo_board::layout::BoardLayout;
use crate::jobs::{Analyst, WorkerJob};
use crate::rules::{Move, Position};

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

impl DrawsLine for crate::rules::Game {
    type Layout = BoardLayout;

    fn cell(layout: &BoardLayout) -> f32 {
        layout.cell
    }

    /// Ghosts for drops, arrows for the rest (a tandem's from its block's centre).
    fn line_marks(from: &Position, layout: &BoardLayout, line: &[String]) -> Vec<LineMark> {
        let mut pos = *from;
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
        marks
    }
}

/// The line is drawn with the coordinates, behind the panel.
pub(crate) fn draw_plugin(app: &mut App) {
    register_line::<crate::rules::Game, _>(app, ChogoOn);
}
