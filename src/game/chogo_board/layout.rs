//! Where the board sits in the window: cell size, origin, flipping; cells ↔ world points.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::rules::{Board, Cell};

use crate::game::app::sets::Phase;
use crate::game::app::ui::PanelPlace;
use crate::game::app::window::window_size;

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
        let window = Vec2::new(1100.0, 720.0);
        BoardLayout::fit(
            Board::Chogo44,
            PanelPlace::for_window(window),
            window,
            false,
        )
    }
}

impl BoardLayout {
    /// The largest board that fits the part of the window the panel leaves it.
    pub fn fit(board: Board, place: PanelPlace, window: Vec2, flipped: bool) -> BoardLayout {
        let (free, centre) = place.board_area(window);
        let cells =
            Vec2::new(board.files() as f32 + HAND_CELLS, board.ranks() as f32) + 2.0 * MARGIN_CELLS;
        let cell = (free.x / cells.x).min(free.y / cells.y).floor().max(4.0);
        BoardLayout {
            board,
            cell,
            centre: centre - Vec2::new(HAND_CELLS * cell / 2.0, 0.0),
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

/// The panel's place and the board follow the window's size and the game's board (a few
/// multiplications a frame; each is written only when it really changes).
pub(crate) fn refit(
    windows: Query<&Window, With<PrimaryWindow>>,
    bridge: Res<crate::game::chogo_board::bridge::Bridge>,
    mut place: ResMut<PanelPlace>,
    mut layout: ResMut<BoardLayout>,
) {
    let size = window_size(&windows).unwrap_or(Vec2::new(1100.0, 720.0));
    place.set_if_neq(PanelPlace::for_window(size));
    let next = BoardLayout::fit(bridge.game.rules().board, *place, size, layout.flipped);
    if *layout != next {
        *layout = next;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<BoardLayout>();
    app.add_systems(Update, refit.in_set(Phase::Layout));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_points_round_trip() {
        for flipped in [false, true] {
            let window = Vec2::new(1200.0, 800.0);
            let place = PanelPlace::for_window(window);
            let layout = BoardLayout::fit(Board::Chogo44, place, window, flipped);
            for cell in Board::Chogo44.cells() {
                assert_eq!(layout.cell_at(layout.cell_center(cell)), Some(cell));
            }
            let a1 = layout.cell_center(Cell::new(0, 0));
            assert_eq!(layout.cell_at(a1), None, "a1 is cut from Chogo-44");
        }
    }

    /// From a monitor down to 400 × 300 and a phone held upright, the whole board and the
    /// hand beside it stay in the part of the window the panel leaves, with cells large
    /// enough to hit.
    #[test]
    fn the_board_fits_every_window() {
        // The common sizes, and each side of the places' thresholds.
        for (w, h) in [
            (760.0, 560.0),
            (759.0, 560.0),
            (999.0, 559.0),
            (1000.0, 560.0),
            (1920.0, 500.0),
            (500.0, 575.0),
            (500.0, 576.0),
            (1920.0, 1080.0),
            (1280.0, 800.0),
            (800.0, 600.0),
            (640.0, 400.0),
            (400.0, 300.0),
            (390.0, 844.0),
            (800.0, 1280.0),
        ] {
            let window = Vec2::new(w, h);
            let place = PanelPlace::for_window(window);
            let (area, centre) = place.board_area(window);
            for board in [
                Board::Chogo44,
                Board::Square8,
                Board::Wide12x8,
                Board::Large12x10,
            ] {
                let layout = BoardLayout::fit(board, place, window, false);
                assert!(
                    layout.cell >= 20.0,
                    "{board:?} in {w}x{h}: cells of {}",
                    layout.cell
                );
                let hand = Vec2::new((board.files() as f32 / 2.0 + HAND_CELLS) * layout.cell, 0.0);
                for corner in [
                    Cell::new(0, 0),
                    Cell::new(board.files() - 1, board.ranks() - 1),
                ] {
                    let at = layout.cell_center(corner);
                    for p in [
                        at - layout.cell / 2.0,
                        at + layout.cell / 2.0,
                        layout.centre + hand,
                    ] {
                        let off = (p - centre).abs() - area / 2.0;
                        assert!(
                            off.x <= 0.5 && off.y <= 0.5,
                            "{board:?} in {w}x{h}: {p} out of {area}"
                        );
                    }
                }
            }
            // The panel never takes the whole window.
            assert!(
                area.x >= w * 0.5 && area.y >= h * 0.35,
                "{w}x{h}: {place:?}"
            );
        }
        assert_eq!(
            PanelPlace::for_window(Vec2::new(1280.0, 800.0)),
            PanelPlace::Right(300.0)
        );
        assert_eq!(
            PanelPlace::for_window(Vec2::new(640.0, 400.0)),
            PanelPlace::Drawer
        );
        assert!(matches!(
            PanelPlace::for_window(Vec2::new(390.0, 844.0)),
            PanelPlace::Below(_)
        ));
    }
}
