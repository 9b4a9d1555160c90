//! Small boards drawn with egui's painter, in the player's theme: the title screen's
//! game in hand and the rules screen's diagrams.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::app::theme::Theme;
use crate::rules::{Bitboard, Board, Cell, Position, Role, Side};

/// A theme colour for egui.
pub fn paint(color: Color) -> egui::Color32 {
    let c = color.to_srgba();
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    egui::Color32::from_rgba_unmultiplied(byte(c.red), byte(c.green), byte(c.blue), byte(c.alpha))
}

/// What a small board marks on top of the men.
#[derive(Default, Clone, Copy)]
pub struct Marks {
    pub last: Bitboard,
    pub selected: Bitboard,
    pub targets: Bitboard,
    pub capture_targets: Bitboard,
    pub cities: Bitboard,
}

/// The cell under a point of a small board drawn in `rect`.
pub fn cell_at(board: Board, rect: egui::Rect, point: egui::Pos2) -> Option<Cell> {
    let size = rect.width() / board.files() as f32;
    let file = ((point.x - rect.left()) / size).floor();
    let rank = ((rect.bottom() - point.y) / size).floor();
    if file < 0.0 || rank < 0.0 || file >= board.files() as f32 || rank >= board.ranks() as f32 {
        return None;
    }
    let cell = Cell::new(file as u8, rank as u8);
    board.contains(cell).then_some(cell)
}

/// The coordinates' font size on a board of `size`-point cells.
fn label_size(size: f32) -> f32 {
    (size * 0.28).clamp(8.0, 13.0)
}

/// Room for the rank numbers on the left and the file letters below: a whole line of text
/// (descenders of g, j, p included) fits in it, inside the space the board takes.
fn label_margin(size: f32) -> f32 {
    (label_size(size) * 1.6).max(size * 0.3)
}

/// A small board drawn on the screen: the click response and where the cells are.
pub struct Drawn {
    pub response: egui::Response,
    /// The cells' area (the labels lie outside it).
    pub cells: egui::Rect,
}

/// Draws a position on a small board (`width` points wide for the cells, plus room for the
/// coordinates left and below) in the player's theme.
pub fn draw_board(
    ui: &mut egui::Ui,
    theme: &Theme,
    pos: &Position,
    width: f32,
    marks: Marks,
) -> Drawn {
    let board = pos.rules().board;
    let size = width / board.files() as f32;
    let margin = label_margin(size);
    let (outer, response) = ui.allocate_exact_size(
        egui::vec2(width + margin, size * board.ranks() as f32 + margin),
        egui::Sense::click(),
    );
    let rect = egui::Rect::from_min_size(
        outer.min + egui::vec2(margin, 0.0),
        egui::vec2(width, size * board.ranks() as f32),
    );
    let painter = ui.painter_at(outer.expand(size * 0.15));
    let cell_rect = |c: Cell| {
        let min = egui::pos2(
            rect.left() + c.file() as f32 * size,
            rect.bottom() - (c.rank() as f32 + 1.0) * size,
        );
        egui::Rect::from_min_size(min, egui::vec2(size, size))
    };
    for c in board.cells() {
        painter.rect_filled(cell_rect(c).expand(size * 0.1), 0.0, paint(theme.frame));
    }
    let trapped = pos.trapped(Side::Black) | pos.trapped(Side::White);
    for c in board.cells() {
        let r = cell_rect(c);
        let shade = if (c.file() + c.rank()) % 2 == 0 {
            theme.dark
        } else {
            theme.light
        };
        painter.rect_filled(r, 0.0, paint(shade));
        let tint = |color: Color| painter.rect_filled(r, 0.0, paint(color));
        if marks.cities.contains(c) {
            tint(theme.city);
        }
        if marks.last.contains(c) {
            tint(theme.last_move);
        }
        if marks.selected.contains(c) {
            tint(theme.selected);
        }
        let centre = r.center();
        if let Some(man) = pos.man_at(c) {
            let (body, rim) = match man.side {
                Side::Black => (theme.black_man, theme.black_rim),
                Side::White => (theme.white_man, theme.white_rim),
            };
            painter.circle_filled(
                centre + egui::vec2(size * 0.03, size * 0.05),
                size * 0.42,
                paint(theme.shadow),
            );
            painter.circle(
                centre,
                size * 0.4,
                paint(body),
                egui::Stroke::new(size * 0.05, paint(rim)),
            );
            if man.side == Side::White
                && let Some(mark) = theme.side_mark
            {
                painter.circle_stroke(
                    centre,
                    size * 0.31,
                    egui::Stroke::new(size * 0.05, paint(mark)),
                );
            }
            if man.role == Role::King {
                let king = paint(theme.king_mark);
                painter.circle_stroke(centre, size * 0.2, egui::Stroke::new(size * 0.06, king));
                painter.circle_filled(centre, size * 0.07, king);
            }
            if trapped.contains(c) {
                let d = size * 0.22;
                let stroke = egui::Stroke::new(size * 0.08, paint(theme.trap));
                painter.line_segment(
                    [centre - egui::vec2(d, d), centre + egui::vec2(d, d)],
                    stroke,
                );
                painter.line_segment(
                    [centre + egui::vec2(-d, d), centre + egui::vec2(d, -d)],
                    stroke,
                );
            }
        }
        if marks.capture_targets.contains(c) {
            painter.circle_stroke(
                centre,
                size * 0.42,
                egui::Stroke::new(size * 0.07, paint(theme.capture_target)),
            );
        } else if marks.targets.contains(c) {
            painter.circle_filled(centre, size * 0.14, paint(theme.target));
        }
    }
    let font = egui::FontId::proportional(label_size(size));
    let ink = paint(theme.coordinates);
    for file in 0..board.files() {
        painter.text(
            egui::pos2(
                rect.left() + (file as f32 + 0.5) * size,
                rect.bottom() + margin * 0.5,
            ),
            egui::Align2::CENTER_CENTER,
            ((b'a' + file) as char).to_string(),
            font.clone(),
            ink,
        );
    }
    for rank in 0..board.ranks() {
        painter.text(
            egui::pos2(
                outer.left() + margin * 0.45,
                rect.bottom() - (rank as f32 + 0.5) * size,
            ),
            egui::Align2::CENTER_CENTER,
            (rank + 1).to_string(),
            font.clone(),
            ink,
        );
    }
    Drawn {
        response,
        cells: rect,
    }
}

/// A position on a small board, for show (the title screen).
pub fn paint_position(ui: &mut egui::Ui, theme: &Theme, pos: &Position, height: f32) {
    let board = pos.rules().board;
    let width = height * board.files() as f32 / board.ranks() as f32;
    draw_board(ui, theme, pos, width, Marks::default());
}

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
