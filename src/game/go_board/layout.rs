//! Where the board of Go with chess pieces sits in the window: cell size, centre,
//! flipping; cells ↔ world points; the trays the captured pieces fly to.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::game::app::ui::PanelPlace;
use crate::game::app::window::window_size;
use crate::game::go_board::GoFlipped;
use crate::game::go_board::bridge::GoBridge;
use crate::go::{Bits, Board, Cell};
use crate::rules::Side;

/// Room for the coordinates around the board, in cells.
const MARGIN_CELLS: f32 = 0.9;
/// Room right of the board for the trays of captured pieces, in cells.
pub const TRAY_CELLS: f32 = 1.0;

/// The board's placement in world coordinates (the camera looks at the origin).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct GoLayout {
    pub board: Board,
    /// Side of one cell.
    pub cell: f32,
    /// World position of the centre of the board.
    pub centre: Vec2,
    /// White at the bottom.
    pub flipped: bool,
}

impl Default for GoLayout {
    fn default() -> GoLayout {
        let window = Vec2::new(1100.0, 720.0);
        GoLayout::fit(
            Board::Square(9),
            PanelPlace::for_window(window),
            window,
            false,
        )
    }
}

impl GoLayout {
    /// The largest board that fits the part of the window the panel leaves it.
    pub fn fit(board: Board, place: PanelPlace, window: Vec2, flipped: bool) -> GoLayout {
        let (free, centre) = place.board_area(window);
        let cells = Vec2::new(
            f32::from(board.files()) + TRAY_CELLS,
            f32::from(board.ranks()),
        ) + 2.0 * MARGIN_CELLS;
        let cell = (free.x / cells.x).min(free.y / cells.y).floor().max(4.0);
        GoLayout {
            board,
            cell,
            centre: centre - Vec2::new(TRAY_CELLS * cell / 2.0, 0.0),
            flipped,
        }
    }

    fn size(&self) -> Vec2 {
        Vec2::new(f32::from(self.board.files()), f32::from(self.board.ranks()))
    }

    /// The world heights of the board's top and bottom edges.
    pub fn top(&self) -> f32 {
        self.centre.y + self.size().y / 2.0 * self.cell
    }

    pub fn bottom(&self) -> f32 {
        self.centre.y - self.size().y / 2.0 * self.cell
    }

    /// The world position of a cell's centre.
    pub fn cell_center(&self, cell: Cell) -> Vec2 {
        let size = self.size();
        let (mut f, mut r) = (f32::from(cell.file()), f32::from(cell.rank()));
        if self.flipped {
            f = size.x - 1.0 - f;
            r = size.y - 1.0 - r;
        }
        self.centre + (Vec2::new(f, r) - (size - 1.0) / 2.0) * self.cell
    }

    /// The existing cell of the board under a world position, if any.
    pub fn cell_at(&self, point: Vec2) -> Option<Cell> {
        let size = self.size();
        let local = (point - self.centre) / self.cell + size / 2.0;
        if local.x < 0.0 || local.y < 0.0 || local.x >= size.x || local.y >= size.y {
            return None;
        }
        let (mut f, mut r) = (local.x as i32, local.y as i32);
        if self.flipped {
            f = size.x as i32 - 1 - f;
            r = size.y as i32 - 1 - r;
        }
        Cell::new(f, r).filter(|c| self.cells().contains(*c))
    }

    /// The board's existing cells.
    pub fn cells(&self) -> Bits {
        self.board.cells()
    }

    /// Where a side's captures pile up: right of the board, at the end where the
    /// captor's opponent sits (its pieces fly away from it).
    pub fn tray_point(&self, captor: Side) -> Vec2 {
        let size = self.size();
        let bottom = (captor == Side::Black) != self.flipped;
        let y = (size.y / 2.0 - 1.0) * if bottom { -1.0 } else { 1.0 };
        self.centre + Vec2::new(size.x / 2.0 + 0.4 + TRAY_CELLS / 2.0, y) * self.cell
    }
}

/// The panel's place and the board follow the window, the game's board and the flip.
pub(super) fn refit(
    windows: Query<&Window, With<PrimaryWindow>>,
    bridge: Res<GoBridge>,
    flipped: Res<GoFlipped>,
    mut place: ResMut<PanelPlace>,
    mut layout: ResMut<GoLayout>,
) {
    let size = window_size(&windows).unwrap_or(Vec2::new(1100.0, 720.0));
    place.set_if_neq(PanelPlace::for_window(size));
    let board = bridge.game.position().rules().board;
    layout.set_if_neq(GoLayout::fit(board, *place, size, flipped.0));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_points_round_trip_on_every_board_both_ways_up() {
        let boards = [
            Board::Square(5),
            Board::Square(9),
            Board::Square(19),
            Board::Chogo(crate::rules::Board::Chogo44),
        ];
        for board in boards {
            for flipped in [false, true] {
                let layout = GoLayout::fit(
                    board,
                    PanelPlace::Right(300.0),
                    Vec2::new(1280.0, 800.0),
                    flipped,
                );
                for cell in board.cells() {
                    let at = layout.cell_center(cell);
                    assert_eq!(layout.cell_at(at), Some(cell), "{board} {cell:?}");
                    assert_eq!(
                        layout.cell_at(at + Vec2::splat(layout.cell * 0.45)),
                        Some(cell)
                    );
                }
            }
        }
    }

    #[test]
    fn the_board_and_its_trays_fit_every_window() {
        for (w, h) in [
            (1920.0, 1080.0),
            (1280.0, 800.0),
            (640.0, 400.0),
            (400.0, 300.0),
            (390.0, 844.0),
        ] {
            let window = Vec2::new(w, h);
            let place = PanelPlace::for_window(window);
            let (free, centre) = place.board_area(window);
            for n in [9, 13, 19] {
                let layout = GoLayout::fit(Board::Square(n), place, window, false);
                let half = free / 2.0;
                let corner = layout.cell_center(Cell::new(0, 0).unwrap()) - layout.cell / 2.0;
                let tray = layout.tray_point(Side::White) + layout.cell / 2.0;
                assert!(
                    corner.x >= centre.x - half.x - 0.5 && corner.y >= centre.y - half.y - 0.5,
                    "{w}x{h} {n}"
                );
                assert!(
                    tray.x <= centre.x + half.x + 0.5,
                    "{w}x{h} {n}: tray outside"
                );
            }
        }
    }
}
