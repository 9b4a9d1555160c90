//! The small boards of Go with chess pieces drawn with egui's painter, in the player's
//! theme: the title screen's game in hand and the rule book's diagrams.

use bevy_egui::egui;

use crate::game::app::theme::Theme;
use crate::game::app::ui::mini_board::{label_margin, label_size, paint};
use crate::rules::Side;

/// The centre of a cell of a small board of Go with chess pieces drawn in `rect`.
pub fn go_cell_centre(
    rect: egui::Rect,
    board: crate::go::Board,
    cell: crate::go::Cell,
) -> egui::Pos2 {
    let size = rect.height() / f32::from(board.ranks());
    egui::pos2(
        rect.left() + (f32::from(cell.file()) + 0.5) * size,
        rect.bottom() - (f32::from(cell.rank()) + 0.5) * size,
    )
}

/// The existing cell under a point of a small board of Go with chess pieces.
pub fn go_cell_at(
    rect: egui::Rect,
    board: crate::go::Board,
    point: egui::Pos2,
) -> Option<crate::go::Cell> {
    let size = rect.height() / f32::from(board.ranks());
    let file = ((point.x - rect.left()) / size).floor();
    let rank = ((rect.bottom() - point.y) / size).floor();
    crate::go::Cell::new(file as i32, rank as i32)
        .filter(|c| file >= 0.0 && rank >= 0.0 && board.cells().contains(*c))
}

/// Draws a position of Go with chess pieces on a small board, `height` points tall: wood,
/// the lines through the cells, the `marks` (the last move), and each piece as its figure
/// (`figure` gives the texture of a piece). Returns the board's response (clicks).
pub fn paint_go_position(
    ui: &mut egui::Ui,
    theme: &Theme,
    pos: &crate::go::Position,
    height: f32,
    figure: &dyn Fn(crate::go::Piece) -> egui::TextureId,
    marks: crate::go::Bits,
    labels: bool,
) -> egui::Response {
    let board = pos.rules().board;
    let (files, ranks) = (f32::from(board.files()), f32::from(board.ranks()));
    let size = height / ranks;
    // Room for the coordinates left of and below the cells, when asked for.
    let margin = if labels { label_margin(size) } else { 0.0 };
    let (outer, response) = ui.allocate_exact_size(
        egui::vec2(size * files + margin, height + margin),
        egui::Sense::click(),
    );
    let rect = egui::Rect::from_min_size(
        outer.min + egui::vec2(margin, 0.0),
        egui::vec2(size * files, height),
    );
    let painter = ui.painter_at(outer.expand(2.0));
    if labels {
        let font = egui::FontId::proportional(label_size(size));
        let colour = paint(theme.coordinates);
        for f in 0..board.files() {
            let at = egui::pos2(
                rect.left() + (f32::from(f) + 0.5) * size,
                rect.bottom() + margin / 2.0,
            );
            let text = ((b'a' + f) as char).to_string();
            painter.text(at, egui::Align2::CENTER_CENTER, text, font.clone(), colour);
        }
        for r in 0..board.ranks() {
            let at = egui::pos2(
                rect.left() - margin / 2.0,
                rect.bottom() - (f32::from(r) + 0.5) * size,
            );
            painter.text(
                at,
                egui::Align2::CENTER_CENTER,
                (r + 1).to_string(),
                font.clone(),
                colour,
            );
        }
    }
    let cells = board.cells();
    let centre = |c: crate::go::Cell| go_cell_centre(rect, board, c);
    let playable = pos.geometry().playable;
    for c in cells {
        let wood = if playable.contains(c) {
            theme.light
        } else {
            theme.dark
        };
        painter.rect_filled(
            egui::Rect::from_center_size(centre(c), egui::vec2(size + 0.5, size + 0.5)),
            0.0,
            paint(wood),
        );
    }
    let line = egui::Stroke::new((size * 0.04).max(1.0), paint(theme.frame));
    // Bishops alone: a chequered board without lines (as the game's board).
    let chequered = playable != cells;
    for c in cells.iter().filter(|_| !chequered) {
        for (df, dr) in [(1, 0), (0, 1)] {
            if let Some(n) = c.offset(df, dr).filter(|n| cells.contains(*n)) {
                painter.line_segment([centre(c), centre(n)], line);
            }
        }
    }
    for c in marks {
        painter.rect_filled(
            egui::Rect::from_center_size(centre(c), egui::vec2(size, size)),
            0.0,
            paint(theme.last_move),
        );
    }
    let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
    for side in [Side::Black, Side::White] {
        for c in pos.pieces(side) {
            if let Some(piece) = pos.piece_at(c) {
                let r =
                    egui::Rect::from_center_size(centre(c), egui::vec2(size * 0.92, size * 0.92));
                painter.image(figure(piece), r, uv, egui::Color32::WHITE);
            }
        }
    }
    // The response's rect is the cells' area (clicks are read against it).
    egui::Response { rect, ..response }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_coordinates_fit_in_the_space_the_board_takes() {
        let ctx = egui::Context::default();
        // egui's text needs fonts: one frame loads them.
        let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
        output.textures_delta.clear();
        for size in [8.0_f32, 14.0, 20.0, 30.0, 45.0, 60.0] {
            let galley = ctx.fonts_mut(|fonts| {
                fonts.layout_no_wrap(
                    "gj7".into(),
                    egui::FontId::proportional(label_size(size)),
                    egui::Color32::WHITE,
                )
            });
            let text = galley.size();
            let margin = label_margin(size);
            // File letters are centred in the margin below the cells, rank numbers in the
            // margin left of them.
            assert!(
                text.y <= margin,
                "size {size}: text {text:?}, margin {margin}"
            );
            assert!(text.x / 3.0 * 2.0 <= margin, "size {size}");
        }
    }
}
