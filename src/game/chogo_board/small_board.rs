//! Chogo's small boards drawn with egui's painter, in the player's theme: the title
//! screen's game in hand and the rule book's diagrams.

use bevy::prelude::Color;
use bevy_egui::egui;

use crate::game::app::theme::Theme;
use crate::game::app::ui::mini_board::{label_margin, label_size, paint};
use crate::rules::{Bitboard, Board, Cell, Man, Position, Role, Side};

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
    let sheet = Sheet {
        painter: ui.painter_at(outer.expand(size * 0.15)),
        theme,
        rect,
        size,
    };
    for c in board.cells() {
        sheet.painter.rect_filled(
            sheet.cell_rect(c).expand(size * 0.1),
            0.0,
            paint(theme.frame),
        );
    }
    let trapped = pos.trapped(Side::Black) | pos.trapped(Side::White);
    for c in board.cells() {
        sheet.cell(c, &marks);
        let centre = sheet.cell_rect(c).center();
        if let Some(man) = pos.man_at(c) {
            sheet.man(centre, man, trapped.contains(c));
        }
        sheet.target(centre, c, &marks);
    }
    sheet.coordinates(board, outer.left() + margin * 0.45, margin);
    Drawn {
        response,
        cells: rect,
    }
}

/// Paints a small board's parts: its cells (`rect`, each `size` points wide), the men,
/// the marks and the coordinates.
struct Sheet<'a> {
    painter: egui::Painter,
    theme: &'a Theme,
    rect: egui::Rect,
    size: f32,
}

impl Sheet<'_> {
    fn cell_rect(&self, c: Cell) -> egui::Rect {
        let min = egui::pos2(
            self.rect.left() + c.file() as f32 * self.size,
            self.rect.bottom() - (c.rank() as f32 + 1.0) * self.size,
        );
        egui::Rect::from_min_size(min, egui::vec2(self.size, self.size))
    }

    /// A cell's square, tinted when it is a city, the last move's or selected.
    fn cell(&self, c: Cell, marks: &Marks) {
        let theme = self.theme;
        let r = self.cell_rect(c);
        let shade = if (c.file() + c.rank()).is_multiple_of(2) {
            theme.dark
        } else {
            theme.light
        };
        self.painter.rect_filled(r, 0.0, paint(shade));
        let tint = |color: Color| self.painter.rect_filled(r, 0.0, paint(color));
        if marks.cities.contains(c) {
            tint(theme.city);
        }
        if marks.last.contains(c) {
            tint(theme.last_move);
        }
        if marks.selected.contains(c) {
            tint(theme.selected);
        }
    }

    /// A man with its shadow and rim (White's side mark, the king's mark), crossed out
    /// when `trapped`.
    fn man(&self, centre: egui::Pos2, man: Man, trapped: bool) {
        let (theme, size, painter) = (self.theme, self.size, &self.painter);
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
        // The cross under a king's mark, which stays readable over it.
        if trapped {
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
        if man.role == Role::King {
            let king = paint(theme.king_mark);
            painter.circle_stroke(centre, size * 0.2, egui::Stroke::new(size * 0.06, king));
            painter.circle_filled(centre, size * 0.07, king);
        }
    }

    /// A move's mark on a cell: a ring where it captures, else a dot where it goes.
    fn target(&self, centre: egui::Pos2, c: Cell, marks: &Marks) {
        let (theme, size) = (self.theme, self.size);
        if marks.capture_targets.contains(c) {
            self.painter.circle_stroke(
                centre,
                size * 0.42,
                egui::Stroke::new(size * 0.07, paint(theme.capture_target)),
            );
        } else if marks.targets.contains(c) {
            self.painter
                .circle_filled(centre, size * 0.14, paint(theme.target));
        }
    }

    /// The files' letters below the cells and the ranks' numbers left of them (at `left`),
    /// in the `margin`.
    fn coordinates(&self, board: Board, left: f32, margin: f32) {
        let (rect, size) = (self.rect, self.size);
        let font = egui::FontId::proportional(label_size(size));
        let ink = paint(self.theme.coordinates);
        for file in 0..board.files() {
            self.painter.text(
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
            self.painter.text(
                egui::pos2(left, rect.bottom() - (rank as f32 + 0.5) * size),
                egui::Align2::CENTER_CENTER,
                (rank + 1).to_string(),
                font.clone(),
                ink,
            );
        }
    }
}

/// A position on a small board, for show (the title screen).
pub fn paint_position(ui: &mut egui::Ui, theme: &Theme, pos: &Position, height: f32) {
    let board = pos.rules().board;
    let width = height * board.files() as f32 / board.ranks() as f32;
    draw_board(ui, theme, pos, width, Marks::default());
}
