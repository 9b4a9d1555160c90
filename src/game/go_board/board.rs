//! The board of Go with chess pieces: wood, the lines through the cells' centres (the
//! pieces stand on them, as Go's stones do), star points, light cells for the bishops'
//! game, coordinates and the trays' counts; and the marks layer (last move, ko, the ghost
//! of a drop, what it would capture, a picked piece's moves, the hint, the life view, the
//! controlled cells).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::figures::Figures;
use super::layout::GoLayout;
use super::pieces::FIGURE;
use crate::game::app::settings::PlayerSettings;
use crate::game::app::shapes::{Shape, ShapeMaterial, ShapeQuad, board_squares};
use crate::game::app::theme::Theme;
use crate::game::app::ui::{BAR_HEIGHT, PanelPlace};
use crate::game::go_board::GoOn;
use crate::game::go_board::bridge::GoBridge;
use crate::go::{Adjacency, Bits, Board, Cell, Piece, PieceSet};
use crate::rules::Side;
use crate::save::ThemeName;

/// Everything drawn for the board itself; rebuilt when the layout or the look changes.
#[derive(Component, Clone)]
pub(super) struct BoardPart;

/// One mark; the marks are rebuilt when they change.
#[derive(Component)]
pub(super) struct MarkPart;

/// What the board shows over its cells. The input and reaction systems fill it.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct GoMarks {
    pub last_move: Bits,
    pub ko: Option<Cell>,
    /// A drop under the pointer: the piece, where, and whether it is legal.
    pub ghost: Option<(Piece, Cell, bool)>,
    /// Why the drop under the pointer is refused (shown beside it).
    pub why: Option<String>,
    /// What the drop (or the picked piece's move) under the pointer would capture.
    pub captures: Bits,
    pub selected: Option<Cell>,
    pub targets: Bits,
    pub hint: Bits,
    /// Controlled cells per side (shown at the end, and in the life view).
    pub controlled: Option<[Bits; 2]>,
    /// The life view: each piece's escape (piece, empty cell) and each defence that keeps
    /// a piece alive (defender, defended).
    pub escapes: Vec<(Cell, Cell)>,
    pub defences: Vec<(Cell, Cell)>,
}

/// The star points of a square board (Go's 3-3 or 4-4 points, the sides' middles on
/// large boards, the centre of an odd one).
pub fn star_points(board: Board) -> Vec<Cell> {
    let Board::Square(n) = board else {
        return Vec::new();
    };
    let n = i32::from(n);
    if n < 7 {
        return Vec::new();
    }
    let edge = if n < 13 { 2 } else { 3 };
    let mut lines = vec![edge, n - 1 - edge];
    if n % 2 == 1 && (n >= 13 || n == 9 || n == 11) {
        lines.push(n / 2);
    }
    let mut out = Vec::new();
    for &f in &lines {
        for &r in &lines {
            let middle = f == n / 2 || r == n / 2;
            // Small boards have the centre and the four corners' points only.
            if middle && n < 13 && !(f == n / 2 && r == n / 2) {
                continue;
            }
            out.extend(Cell::new(f, r));
        }
    }
    out
}

fn bar(
    commands: &mut Commands,
    from: Vec2,
    to: Vec2,
    width: f32,
    color: Color,
    z: f32,
    part: impl Component,
) {
    let d = to - from;
    commands.spawn((
        part,
        DespawnOnExit(GoOn),
        Sprite::from_color(color, Vec2::new(d.length() + width, width)),
        Transform::from_translation(((from + to) / 2.0).extend(z))
            .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
    ));
}

pub(super) fn build_board(
    mut pen: Pen,
    theme: Res<Theme>,
    bridge: Res<GoBridge>,
    parts: Query<Entity, With<BoardPart>>,
    mut built: Local<Option<(GoLayout, ThemeName, Bits, PieceSet)>>,
) {
    let layout = *pen.layout;
    let playable = bridge.game.position().geometry().playable;
    let pieces = bridge.game.position().rules().pieces;
    let key = (layout, theme.name, playable, pieces);
    if *built == Some(key) && !parts.is_empty() {
        return;
    }
    *built = Some(key);
    for entity in &parts {
        pen.commands.entity(entity).despawn();
    }
    let cell = layout.cell;
    let cells = layout.cells();
    // The frame under every cell, so the outline follows a Chogo board's cut corners;
    // then the wood, darker on the cells no piece may take (the bishops' dark cells).
    let squares: Vec<(Vec2, Color)> = cells
        .into_iter()
        .map(|c| {
            let wood = if playable.contains(c) {
                theme.light
            } else {
                theme.dark
            };
            (layout.cell_center(c), wood)
        })
        .collect();
    let part = (BoardPart, DespawnOnExit(GoOn));
    board_squares(
        &mut pen.commands,
        part,
        (theme.frame, cell),
        cell + 0.5,
        &squares,
    );
    // The lines join the centres of neighbouring cells. A board where only some cells
    // are played (the bishops' light cells, the dabbabas' or alfils' lattice) is a
    // chequered board without these lines: the pieces stand in the squares, as on a
    // chess board.
    let width = (cell * 0.035).max(1.0);
    let line = theme.frame.with_alpha(0.85);
    let chequered = playable != cells;
    for c in cells.iter().filter(|_| !chequered) {
        for (df, dr) in [(1, 0), (0, 1)] {
            if let Some(n) = c.offset(df, dr).filter(|n| cells.contains(*n)) {
                let (a, b) = (layout.cell_center(c), layout.cell_center(n));
                bar(&mut pen.commands, a, b, width, line, 0.2, BoardPart);
            }
        }
    }
    // Dabbabas alone and alfils alone play Go on a lattice of cells two apart: its lines
    // join each playable cell to its lattice neighbours, across the darker cells.
    if let Some(adjacency @ (Adjacency::Dabbaba | Adjacency::Alfil)) = pieces.go_adjacency() {
        for c in playable {
            // Each pair once: the steps up the board, and the one to the right.
            for (df, dr) in adjacency
                .steps()
                .into_iter()
                .filter(|&(df, dr)| dr > 0 || (dr == 0 && df > 0))
            {
                if let Some(n) = c.offset(df, dr).filter(|n| playable.contains(*n)) {
                    let (a, b) = (layout.cell_center(c), layout.cell_center(n));
                    bar(&mut pen.commands, a, b, width, line, 0.2, BoardPart);
                }
            }
        }
    }
    let dot = pen
        .materials
        .add(ShapeMaterial::new(Shape::Disc { radius: 0.5 }, line));
    // Star points on a lined board only (the bishops' chequered board has none).
    for c in star_points(layout.board).into_iter().filter(|_| !chequered) {
        pen.commands.spawn((
            BoardPart,
            DespawnOnExit(GoOn),
            Mesh2d(pen.quad.0.clone()),
            MeshMaterial2d(dot.clone()),
            Transform::from_translation(layout.cell_center(c).extend(0.25)).with_scale(Vec3::new(
                cell * 0.17,
                cell * 0.17,
                1.0,
            )),
        ));
    }
}

/// The marks on the screen, to rebuild only on a change.
#[derive(Resource, Default)]
pub struct MarksDrawn(pub Option<(GoMarks, GoLayout, ThemeName, bool)>);

pub(super) fn draw_marks(
    mut pen: Pen,
    theme: Res<Theme>,
    marks: Res<GoMarks>,
    figures: Res<Figures>,
    settings: Res<PlayerSettings>,
    parts: Query<Entity, With<MarkPart>>,
    mut drawn: ResMut<MarksDrawn>,
) {
    let stones = settings.0.rooks_as_stones;
    let key = (marks.clone(), *pen.layout, theme.name, stones);
    if drawn.0.as_ref() == Some(&key) {
        return;
    }
    drawn.0 = Some(key);
    for entity in &parts {
        pen.commands.entity(entity).despawn();
    }
    game_marks(&mut pen, &marks, &theme);
    move_marks(&mut pen, &marks, &theme);
    if let Some((piece, at, legal)) = marks.ghost {
        pen.ghost(figures.of(piece.side, piece.kind, stones), at, legal);
    }
    life_marks(&mut pen, &marks);
}

/// What the board's drawing systems spawn with: the board's parts, and the marks over
/// its cells (shapes, squares, bars and the ghost of a drop).
#[derive(SystemParam)]
pub(super) struct Pen<'w, 's> {
    commands: Commands<'w, 's>,
    layout: Res<'w, GoLayout>,
    quad: Res<'w, ShapeQuad>,
    materials: ResMut<'w, Assets<ShapeMaterial>>,
}

impl Pen<'_, '_> {
    /// A shape `size` cells wide on a cell, at depth `z`.
    fn shape(&mut self, shape: Shape, color: Color, at: Cell, size: f32, z: f32) {
        let cell = self.layout.cell;
        self.commands.spawn((
            MarkPart,
            DespawnOnExit(GoOn),
            Mesh2d(self.quad.0.clone()),
            MeshMaterial2d(self.materials.add(ShapeMaterial::new(shape, color))),
            Transform::from_translation(self.layout.cell_center(at).extend(z))
                .with_scale(Vec3::new(cell * size, cell * size, 1.0)),
        ));
    }

    /// A square `size` cells wide on a cell, at depth `z`.
    fn square(&mut self, color: Color, at: Cell, size: f32, z: f32) {
        self.commands.spawn((
            MarkPart,
            DespawnOnExit(GoOn),
            Sprite::from_color(color, Vec2::splat(self.layout.cell * size)),
            Transform::from_translation(self.layout.cell_center(at).extend(z)),
        ));
    }

    /// A line between two cells' centres, `width` cells thick (at least 1.5 points).
    fn link(&mut self, (from, to): (Cell, Cell), width: f32, color: Color) {
        let (a, b) = (self.layout.cell_center(from), self.layout.cell_center(to));
        let width = (self.layout.cell * width).max(1.5);
        bar(&mut self.commands, a, b, width, color, 2.45, MarkPart);
    }

    /// The drop under the pointer: its figure, pale if legal, red if refused.
    fn ghost(&mut self, image: Handle<Image>, at: Cell, legal: bool) {
        let tint = if legal {
            Color::srgba(1.0, 1.0, 1.0, 0.55)
        } else {
            Color::srgba(1.0, 0.25, 0.2, 0.7)
        };
        self.commands.spawn((
            MarkPart,
            DespawnOnExit(GoOn),
            Sprite {
                image,
                custom_size: Some(Vec2::splat(self.layout.cell * FIGURE)),
                color: tint,
                ..default()
            },
            Transform::from_translation(self.layout.cell_center(at).extend(2.9)),
        ));
    }
}

/// The game's marks under the pieces: the last move, the ko (a barred ring), the
/// controlled cells.
fn game_marks(pen: &mut Pen, marks: &GoMarks, theme: &Theme) {
    for c in marks.last_move {
        pen.square(theme.last_move, c, 0.96, 0.3);
    }
    if let Some(c) = marks.ko {
        let ring = Shape::Ring {
            inner: 0.3,
            outer: 0.42,
        };
        pen.shape(ring, theme.capture_target, c, 0.55, 0.35);
        let bar = Shape::Bar {
            width: 0.75,
            height: 0.12,
        };
        pen.shape(bar, theme.capture_target, c, 0.55, 0.36);
    }
    if let Some(controlled) = marks.controlled {
        for (side, cells) in [Side::Black, Side::White].into_iter().zip(controlled) {
            let color = match side {
                Side::Black => Color::srgba(0.05, 0.05, 0.06, 0.75),
                Side::White => Color::srgba(0.98, 0.97, 0.93, 0.85),
            };
            for c in cells {
                pen.square(color, c, 0.34, 0.35);
            }
        }
    }
}

/// The marks of a move being chosen: the picked piece, its targets, the hint, what the
/// move under the pointer would capture.
fn move_marks(pen: &mut Pen, marks: &GoMarks, theme: &Theme) {
    if let Some(c) = marks.selected {
        pen.square(theme.selected, c, 0.96, 0.32);
    }
    for c in marks.targets {
        pen.shape(Shape::Disc { radius: 0.5 }, theme.target, c, 0.28, 2.6);
    }
    let ring = |inner: f32| Shape::Ring { inner, outer: 0.5 };
    for c in marks.hint {
        pen.shape(ring(0.4), theme.hint, c, 1.0, 2.7);
    }
    for c in marks.captures {
        pen.shape(ring(0.38), theme.capture_target, c, 1.0, 2.8);
    }
}

/// The life view: a green dot on each escape, joined to its piece; a line from each
/// defender to the friend whose life it shares.
fn life_marks(pen: &mut Pen, marks: &GoMarks) {
    let life = Color::srgba(0.2, 0.75, 0.3, 0.9);
    for &(from, to) in &marks.escapes {
        pen.link((from, to), 0.05, life.with_alpha(0.6));
        pen.shape(Shape::Disc { radius: 0.5 }, life, to, 0.22, 2.5);
    }
    let chain = Color::srgba(0.25, 0.55, 0.95, 0.85);
    for &link in &marks.defences {
        pen.link(link, 0.06, chain);
    }
}

/// The coordinates (files a…, ranks 1…) and the trays' counts, painted by egui behind
/// every panel (the camera looks at the world origin: a world point is an offset from the
/// window's centre).
pub(super) fn draw_labels(
    mut contexts: EguiContexts,
    layout: Res<GoLayout>,
    theme: Res<Theme>,
    settings: Res<PlayerSettings>,
    bridge: Res<GoBridge>,
    viewing: Res<super::GoViewing>,
    figures: Res<Figures>,
    marks: Res<GoMarks>,
    place: Res<PanelPlace>,
) -> Result {
    let position = bridge.shown(viewing.0);
    let trays = tray_figures(
        &mut contexts,
        &figures,
        position,
        settings.0.rooks_as_stones,
    );
    let ctx = contexts.ctx_mut()?;
    let [r, g, b, a] = theme.coordinates.to_srgba().to_u8_array();
    let labels = Labels {
        painter: ctx.layer_painter(egui::LayerId::background()),
        centre: ctx.viewport_rect().center(),
        color: egui::Color32::from_rgba_unmultiplied(r, g, b, a),
        layout: &layout,
    };
    if settings.0.show_coordinates {
        labels.coordinates(settings.0.go_letters);
    }
    // Why the drop under the pointer is refused, in a small label over its file, above
    // the board (below it when the room above is short), out of a small window's bar.
    if let (Some(why), Some((_, cell, false))) = (&marks.why, marks.ghost) {
        let mut screen = ctx.content_rect();
        if *place == PanelPlace::Drawer {
            screen.min.y += BAR_HEIGHT;
        }
        labels.refusal(why, cell, screen);
    }
    let wood = crate::game::app::ui::mini_board::paint(theme.light);
    labels.trays(position, trays, wood);
    Ok(())
}

/// Each tray's figure: a captured piece (the opponent's first kind), as an egui texture.
fn tray_figures(
    contexts: &mut EguiContexts,
    figures: &Figures,
    position: &crate::go::Position,
    stones: bool,
) -> [(Side, egui::TextureId); 2] {
    let first = position
        .rules()
        .pieces
        .kinds()
        .next()
        .unwrap_or(crate::go::Kind::Rook);
    [Side::Black, Side::White].map(|captor| {
        let handle = figures.of(!captor, first, stones);
        (
            captor,
            contexts.add_image(bevy_egui::EguiTextureHandle::Weak(handle.id())),
        )
    })
}

/// Paints the board's words and counts behind the panels, at world points.
struct Labels<'a> {
    painter: egui::Painter,
    /// The window's centre, where the camera looks.
    centre: egui::Pos2,
    /// The theme's colour of the coordinates.
    color: egui::Color32,
    layout: &'a GoLayout,
}

impl Labels<'_> {
    /// The screen point of a world point.
    fn at(&self, p: Vec2) -> egui::Pos2 {
        self.centre + egui::vec2(p.x, -p.y)
    }

    /// The files' letters below the board and the ranks' numbers left of it (as seen):
    /// the rule book's letters, or (`gtp`) Go programs' `A`–`T` without `I`.
    fn coordinates(&self, gtp: bool) {
        let layout = self.layout;
        let font = egui::FontId::proportional((layout.cell * 0.3).clamp(9.0, 20.0));
        let board = layout.board;
        let (bottom, left) = if layout.flipped {
            (board.ranks() - 1, board.files() - 1)
        } else {
            (0, 0)
        };
        let text = |p: Vec2, words: String| {
            let at = self.at(p);
            self.painter.text(
                at,
                egui::Align2::CENTER_CENTER,
                words,
                font.clone(),
                self.color,
            );
        };
        for file in 0..board.files() {
            if let Some(c) = Cell::new(i32::from(file), i32::from(bottom)) {
                let p = layout.cell_center(c) - Vec2::Y * layout.cell * 0.85;
                let letter = if gtp {
                    crate::go::gtp::file_letter(usize::from(file))
                } else {
                    (b'a' + file) as char
                };
                text(p, letter.to_string());
            }
        }
        for rank in 0..board.ranks() {
            if let Some(c) = Cell::new(i32::from(left), i32::from(rank)) {
                let p = layout.cell_center(c) - Vec2::X * layout.cell * 0.85;
                text(p, (rank + 1).to_string());
            }
        }
    }

    /// `why` in a small dark red label over `cell`'s file (the cell itself carries the
    /// refused ghost): above the board, or below it where `screen` (the window less a
    /// small window's bar) leaves too little room above; kept inside `screen`. Above the
    /// cell it covered the pieces a player was looking at.
    fn refusal(&self, why: &str, cell: Cell, screen: egui::Rect) {
        let layout = self.layout;
        let words = |wrap: f32| {
            self.painter.layout(
                why.to_string(),
                egui::FontId::proportional(14.0),
                egui::Color32::WHITE,
                wrap,
            )
        };
        let x = layout.cell_center(cell).x;
        let mut galley = words((layout.cell * 5.0).max(220.0));
        let mut size = galley.size() + egui::vec2(14.0, 8.0);
        let above = self.at(Vec2::new(x, layout.top() + layout.cell * 0.08));
        let rect = if above.y - size.y >= screen.top() + 4.0 {
            egui::Rect::from_center_size(above - egui::vec2(0.0, size.y / 2.0), size)
        } else {
            // Below the board, as wide as the window allows: the margin there is short.
            galley = words(screen.width() - 24.0);
            size = galley.size() + egui::vec2(14.0, 8.0);
            let below = self.at(Vec2::new(x, layout.bottom() - layout.cell * 0.08));
            egui::Rect::from_center_size(below + egui::vec2(0.0, size.y / 2.0), size)
        };
        let shift = egui::vec2(
            (screen.left() + 4.0 - rect.left()).max(0.0)
                + (screen.right() - 4.0 - rect.right()).min(0.0),
            (screen.top() + 4.0 - rect.top()).max(0.0)
                + (screen.bottom() - 4.0 - rect.bottom()).min(0.0),
        );
        let rect = rect.translate(shift);
        self.painter.rect_filled(
            rect,
            5.0,
            egui::Color32::from_rgba_unmultiplied(60, 20, 16, 230),
        );
        self.painter.galley(
            rect.min + egui::vec2(7.0, 4.0),
            galley,
            egui::Color32::WHITE,
        );
    }

    /// Each side's tray: the captured figure on the board's `wood`, faded while empty,
    /// with the count of its captures beside it.
    fn trays(
        &self,
        position: &crate::go::Position,
        trays: [(Side, egui::TextureId); 2],
        wood: egui::Color32,
    ) {
        let layout = self.layout;
        let font = egui::FontId::proportional((layout.cell * 0.34).clamp(11.0, 22.0));
        for (side, texture) in trays {
            let count = position.captures(side);
            let p = self.at(layout.tray_point(side));
            let r =
                egui::Rect::from_center_size(p, egui::vec2(layout.cell * 0.8, layout.cell * 0.8));
            let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
            // On a square of the board's wood, where a black figure reads as well as a
            // white one (on the dark background it did not).
            self.painter
                .rect_filled(r.expand(layout.cell * 0.08), layout.cell * 0.12, wood);
            let tint = egui::Color32::from_white_alpha(if count > 0 { 255 } else { 70 });
            self.painter.image(texture, r, uv, tint);
            // The count beside the figure, towards the board's middle (the trays stand
            // near the board's top and bottom), white on dark: over the figure's foot it
            // was hidden by a rook's base and read poorly. A word under it says what it
            // counts (a figure and a number alone puzzled a new player).
            let number =
                self.painter
                    .layout_no_wrap(count.to_string(), font.clone(), egui::Color32::WHITE);
            let word = self.painter.layout_no_wrap(
                "captured".into(),
                egui::FontId::proportional((layout.cell * 0.2).clamp(9.0, 14.0)),
                egui::Color32::from_gray(220),
            );
            let size = egui::vec2(
                (number.size().x.max(word.size().x) + 8.0).max(layout.cell * 0.62),
                number.size().y + word.size().y + 2.0,
            );
            let board_middle = self.at(layout.centre);
            let inward = if p.y > board_middle.y { -1.0 } else { 1.0 };
            let label = egui::Rect::from_center_size(
                p + egui::vec2(0.0, inward * (layout.cell * 0.48 + size.y / 2.0 + 3.0)),
                size,
            );
            self.painter
                .rect_filled(label, 4.0, egui::Color32::from_black_alpha(215));
            let top = label.min.y + 1.0;
            self.painter.galley(
                egui::pos2(label.center().x - number.size().x / 2.0, top),
                number.clone(),
                egui::Color32::WHITE,
            );
            self.painter.galley(
                egui::pos2(
                    label.center().x - word.size().x / 2.0,
                    top + number.size().y,
                ),
                word,
                egui::Color32::WHITE,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_are_go_s() {
        let names = |n: u8| {
            let mut v: Vec<String> = star_points(Board::Square(n))
                .iter()
                .map(|c| c.to_string())
                .collect();
            v.sort();
            v
        };
        assert_eq!(names(9), ["c3", "c7", "e5", "g3", "g7"]);
        assert_eq!(names(13).len(), 9);
        assert!(names(13).contains(&"d4".to_string()) && names(13).contains(&"g7".to_string()));
        assert_eq!(
            names(19),
            ["d10", "d16", "d4", "j10", "j16", "j4", "p10", "p16", "p4"]
        );
        assert!(names(5).is_empty());
    }
}
