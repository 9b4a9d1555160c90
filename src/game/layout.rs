//! Where the board sits in the window: cell size, origin, flipping; cells ↔ world points.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::rules::{Board, Cell};

use super::sets::Phase;
use super::ui::PANEL_WIDTH;
/// Room for the coordinates around the board, in cells.
const MARGIN_CELLS: f32 = 0.9;
/// Room right of the board for the kings in hand, in cells.
pub const HAND_CELLS: f32 = 1.0;

/// The board's placement in world coordinates (the camera looks at the origin).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    pub board: Board,
    /// Side of one cell.
    pub cell: f32,
    /// World position of the centre of the board.
    pub centre: Vec2,
    /// Black at the top instead of the bottom.
    pub flipped: bool,
}

impl Default for BoardLayout {
    fn default() -> BoardLayout {
        BoardLayout::fit(Board::Chogo44, Vec2::new(1100.0, 720.0), false)
    }
}

impl BoardLayout {
    /// The largest board that fits the window beside the panel.
    pub fn fit(board: Board, window: Vec2, flipped: bool) -> BoardLayout {
        let free = Vec2::new((window.x - PANEL_WIDTH).max(200.0), window.y.max(200.0));
        let cells =
            Vec2::new(board.files() as f32 + HAND_CELLS, board.ranks() as f32) + 2.0 * MARGIN_CELLS;
        let cell = (free.x / cells.x).min(free.y / cells.y).floor();
        BoardLayout {
            board,
            cell,
            centre: Vec2::new(-PANEL_WIDTH / 2.0 - HAND_CELLS * cell / 2.0, 0.0),
            flipped,
        }
    }

    /// The world position of a cell's centre.
    pub fn cell_center(&self, cell: Cell) -> Vec2 {
        let (w, h) = (self.board.files() as f32, self.board.ranks() as f32);
        let (mut f, mut r) = (cell.file() as f32, cell.rank() as f32);
        if self.flipped {
            f = w - 1.0 - f;
            r = h - 1.0 - r;
        }
        self.centre
            + Vec2::new(
                (f - (w - 1.0) / 2.0) * self.cell,
                (r - (h - 1.0) / 2.0) * self.cell,
            )
    }

    /// The cell of the board under a world position, if any.
    pub fn cell_at(&self, point: Vec2) -> Option<Cell> {
        let (w, h) = (self.board.files() as f32, self.board.ranks() as f32);
        let local = (point - self.centre) / self.cell + Vec2::new(w / 2.0, h / 2.0);
        if local.x < 0.0 || local.y < 0.0 || local.x >= w || local.y >= h {
            return None;
        }
        let (mut f, mut r) = (local.x as i32, local.y as i32);
        if self.flipped {
            f = w as i32 - 1 - f;
            r = h as i32 - 1 - r;
        }
        Cell::try_new(f, r).filter(|c| self.board.contains(*c))
    }
}

/// The primary window's logical size, if there is a window.
pub fn window_size(windows: &Query<&Window, With<PrimaryWindow>>) -> Option<Vec2> {
    windows
        .single()
        .ok()
        .map(|w| Vec2::new(w.width(), w.height()))
}

/// The board follows the window's size and the game's board (a few multiplications a
/// frame; the layout is written only when it really changes).
fn refit(
    windows: Query<&Window, With<PrimaryWindow>>,
    bridge: Res<super::bridge::Bridge>,
    mut layout: ResMut<BoardLayout>,
) {
    let size = window_size(&windows).unwrap_or(Vec2::new(1100.0, 720.0));
    let next = BoardLayout::fit(bridge.game.rules().board, size, layout.flipped);
    if *layout != next {
        *layout = next;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardLayout>();
    app.add_systems(Update, refit.in_set(Phase::Layout));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_points_round_trip() {
        for flipped in [false, true] {
            let layout = BoardLayout::fit(Board::Chogo44, Vec2::new(1200.0, 800.0), flipped);
            for cell in Board::Chogo44.cells() {
                assert_eq!(layout.cell_at(layout.cell_center(cell)), Some(cell));
            }
            let a1 = layout.cell_center(Cell::new(0, 0));
            assert_eq!(layout.cell_at(a1), None, "a1 is cut from Chogo-44");
        }
    }
}
