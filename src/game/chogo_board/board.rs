//! The board: frame, cells, coordinates, and the highlight layer (last move, selection,
//! legal destinations, cities).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::app::settings::PlayerSettings;
use crate::game::app::shapes::{Shape, ShapeMaterial, ShapeQuad, board_squares};
use crate::game::app::theme::Theme;
use crate::game::chogo_board::ChogoOn;
use crate::game::chogo_board::bridge::{Bridge, Viewing};
use crate::game::chogo_board::layout::BoardLayout;
use crate::game::chogo_board::men::{hand_count_point, hand_point};
use crate::rules::{Bitboard, Cell, Role, Side};
use crate::save::ThemeName;

/// Everything drawn for the board itself; rebuilt when the layout changes.
#[derive(Component, Clone)]
pub(super) struct BoardPart;

/// One highlight square or dot; rebuilt when the highlights change.
#[derive(Component)]
pub(super) struct HighlightPart;

/// What the board shows on top of its cells. Input and HUD systems fill it.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Highlights {
    pub last_move: Bitboard,
    pub selected: Bitboard,
    pub targets: Bitboard,
    pub capture_targets: Bitboard,
    pub cities: Bitboard,
    /// The hinted move's cells.
    pub hint: Bitboard,
    /// The safe king's cell and its four neighbours, when the hopeless rule ended the
    /// game (RULES §10.4).
    pub safe: Bitboard,
    /// The man on top of a hand, picked up to be dropped: its side, kind and place in
    /// the hand.
    pub hand: Option<(Side, Role, u8)>,
}

pub(super) fn build_board(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
    parts: Query<Entity, With<BoardPart>>,
    mut built: Local<Option<(BoardLayout, ThemeName)>>,
) {
    let key = (*layout, theme.name);
    // Built again when the look changes, or after the board left the screen.
    if *built == Some(key) && !parts.is_empty() {
        return;
    }
    *built = Some(key);
    for entity in &parts {
        commands.entity(entity).despawn();
    }
    let cell = layout.cell;
    let cells = layout.board.cells();
    // The frame under every cell, then the chequered squares.
    let squares: Vec<(Vec2, Color)> = cells
        .into_iter()
        .map(|c| {
            let color = if (c.file() + c.rank()) % 2 == 0 {
                theme.dark
            } else {
                theme.light
            };
            (layout.cell_center(c), color)
        })
        .collect();
    let part = (BoardPart, DespawnOnExit(ChogoOn));
    board_squares(&mut commands, part, (theme.frame, cell), cell, &squares);
}

/// The coordinate labels around the board: text and world position. Files under the
/// bottom rank, ranks left of the left file, both following a flipped board.
fn coordinate_labels(layout: &BoardLayout) -> Vec<(String, Vec2)> {
    let board = layout.board;
    let (bottom_rank, left_file) = if layout.flipped {
        (board.ranks() - 1, board.files() - 1)
    } else {
        (0, 0)
    };
    let files = (0..board.files()).map(|file| {
        let at = layout.cell_center(Cell::new(file, bottom_rank)) - Vec2::Y * layout.cell * 0.85;
        (((b'a' + file) as char).to_string(), at)
    });
    let ranks = (0..board.ranks()).map(|rank| {
        let at = layout.cell_center(Cell::new(left_file, rank)) - Vec2::X * layout.cell * 0.85;
        ((rank + 1).to_string(), at)
    });
    files.chain(ranks).collect()
}

/// Draws the coordinates with egui's painter.
pub(super) fn draw_coordinates(
    mut contexts: EguiContexts,
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
    settings: Res<PlayerSettings>,
) -> Result {
    if !settings.0.show_coordinates {
        return Ok(());
    }
    paint_labels(
        contexts.ctx_mut()?,
        &layout,
        &theme,
        coordinate_labels(&layout),
    );
    Ok(())
}

/// Writes `labels` (text, world point) behind every panel and window in the coordinates'
/// font and colour (the camera looks at the world origin, so a world point is an offset
/// from the window's centre).
pub fn paint_labels(
    ctx: &egui::Context,
    layout: &BoardLayout,
    theme: &Theme,
    labels: impl IntoIterator<Item = (String, Vec2)>,
) {
    let centre = ctx.viewport_rect().center();
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional((layout.cell * 0.3).clamp(10.0, 22.0));
    let [r, g, b, a] = theme.coordinates.to_srgba().to_u8_array();
    let color = egui::Color32::from_rgba_unmultiplied(r, g, b, a);
    for (text, at) in labels {
        painter.text(
            centre + egui::vec2(at.x, -at.y),
            egui::Align2::CENTER_CENTER,
            text,
            font.clone(),
            color,
        );
    }
}

/// Writes how many pawns each hand holds beside its pile (the drop opening, RULES §10.3):
/// the pile itself shows at most nine.
pub(super) fn draw_hand_counts(
    mut contexts: EguiContexts,
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
    bridge: Res<Bridge>,
    viewing: Res<Viewing>,
) -> Result {
    let pos = bridge.shown(viewing.0);
    let counts = Side::BOTH.into_iter().filter_map(|side| {
        let pawns = pos.hand(side).pawns;
        (pawns > 0).then(|| (format!("×{pawns}"), hand_count_point(&layout, side, pawns)))
    });
    paint_labels(contexts.ctx_mut()?, &layout, &theme, counts);
    Ok(())
}

/// What the highlight layer on the screen shows (`None` when it must be drawn anew, as
/// on entering a game).
#[derive(Resource, Default)]
pub(super) struct HighlightsDrawn(pub(super) Option<(Highlights, BoardLayout, ThemeName)>);

pub(super) fn draw_highlights(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
    highlights: Res<Highlights>,
    parts: Query<Entity, With<HighlightPart>>,
    quad: Res<ShapeQuad>,
    mut materials: ResMut<Assets<ShapeMaterial>>,
    mut drawn: ResMut<HighlightsDrawn>,
    mut shapes: Local<
        Option<(
            ThemeName,
            Handle<ShapeMaterial>,
            Handle<ShapeMaterial>,
            Handle<ShapeMaterial>,
        )>,
    >,
) {
    let key = (highlights.clone(), *layout, theme.name);
    if drawn.0.as_ref() == Some(&key) {
        return;
    }
    drawn.0 = Some(key);
    for entity in &parts {
        commands.entity(entity).despawn();
    }
    if shapes.as_ref().is_none_or(|(name, ..)| *name != theme.name) {
        let dot = Shape::Disc { radius: 0.16 };
        *shapes = Some((
            theme.name,
            materials.add(ShapeMaterial::new(dot, theme.target)),
            materials.add(ShapeMaterial::new(
                Shape::Ring {
                    inner: 0.40,
                    outer: 0.47,
                },
                theme.capture_target,
            )),
            // Opaque selection green: it shows on black and on white men alike.
            materials.add(ShapeMaterial::new(dot, theme.selected.with_alpha(1.0))),
        ));
    }
    let Some((_, dot_material, ring_material, on_man_material)) = shapes.clone() else {
        return;
    };
    let cell = layout.cell;
    let mut square = |cells: Bitboard, color: Color, z: f32| {
        for c in cells {
            commands.spawn((
                HighlightPart,
                DespawnOnExit(ChogoOn),
                Sprite::from_color(color, Vec2::splat(cell)),
                Transform::from_translation(layout.cell_center(c).extend(z)),
            ));
        }
    };
    square(highlights.cities, theme.city, 0.2);
    square(highlights.last_move, theme.last_move, 0.25);
    // In the selection's colour (green on wood), over the last move's: the cells that
    // made the king safe, the king's own among them, read as one mark.
    square(highlights.safe, theme.selected, 0.27);
    square(highlights.selected, theme.selected, 0.3);
    square(highlights.hint, theme.hint, 0.35);
    // The hand's man picked up: marked under it as a man on the board would be.
    if let Some((side, role, slot)) = highlights.hand {
        let at = hand_point(&layout, side, role, slot);
        commands.spawn((
            HighlightPart,
            DespawnOnExit(ChogoOn),
            Sprite::from_color(theme.selected, Vec2::splat(cell)),
            Transform::from_translation(at.extend(0.3)),
        ));
    }
    for c in highlights.targets - highlights.capture_targets {
        // A block's destination under one of its own men (a slide by one cell) is marked
        // on top of that man, or it could not be seen.
        let (z, material) = if highlights.selected.contains(c) {
            (4.0, on_man_material.clone())
        } else {
            (1.5, dot_material.clone())
        };
        commands.spawn((
            HighlightPart,
            DespawnOnExit(ChogoOn),
            Mesh2d(quad.0.clone()),
            MeshMaterial2d(material),
            Transform::from_translation(layout.cell_center(c).extend(z))
                .with_scale(Vec3::splat(cell)),
        ));
    }
    for c in highlights.capture_targets {
        commands.spawn((
            HighlightPart,
            DespawnOnExit(ChogoOn),
            Mesh2d(quad.0.clone()),
            MeshMaterial2d(ring_material.clone()),
            Transform::from_translation(layout.cell_center(c).extend(1.5))
                .with_scale(Vec3::splat(cell)),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::app::ui::PanelPlace;
    use crate::rules::Board;

    fn label(labels: &[(String, Vec2)], text: &str) -> Vec2 {
        labels.iter().find(|(t, _)| t == text).unwrap().1
    }

    #[test]
    fn coordinates_sit_outside_the_board_beside_their_file_and_rank() {
        let sizes = [
            (1280.0, 800.0),
            (640.0, 400.0),
            (400.0, 300.0),
            (400.0, 260.0),
            (390.0, 844.0),
        ];
        for ((w, h), flipped) in sizes.into_iter().flat_map(|s| [(s, false), (s, true)]) {
            let window = Vec2::new(w, h);
            let place = PanelPlace::for_window(window);
            let layout = BoardLayout::fit(Board::Chogo44, place, window, flipped);
            let labels = coordinate_labels(&layout);
            // Every label is inside the part of the window the board has.
            let (area, centre) = place.board_area(window);
            for (text, at) in &labels {
                let off = (*at - centre).abs() - area / 2.0;
                assert!(
                    off.x < -4.0 && off.y < -4.0,
                    "{text} at {at} out of {area} in {w}x{h}"
                );
            }
            assert_eq!(labels.len(), 8 + 7);
            let centres: Vec<Vec2> = Board::Chogo44
                .cells()
                .into_iter()
                .map(|c| layout.cell_center(c))
                .collect();
            let lowest = centres.iter().map(|p| p.y).fold(f32::MAX, f32::min);
            let leftmost = centres.iter().map(|p| p.x).fold(f32::MAX, f32::min);
            for file in 0..8u8 {
                let text = ((b'a' + file) as char).to_string();
                let at = label(&labels, &text);
                assert_eq!(at.x, layout.cell_center(Cell::new(file, 3)).x, "{text}");
                assert!(at.y < lowest - layout.cell / 2.0, "{text} below the board");
            }
            for rank in 0..7u8 {
                let text = (rank + 1).to_string();
                let at = label(&labels, &text);
                assert_eq!(at.y, layout.cell_center(Cell::new(3, rank)).y, "{text}");
                assert!(
                    at.x < leftmost - layout.cell / 2.0,
                    "{text} left of the board"
                );
            }
            // Flipping the board puts file a on the right and rank 1 at the top.
            let (a, h) = (label(&labels, "a"), label(&labels, "h"));
            let (one, seven) = (label(&labels, "1"), label(&labels, "7"));
            assert_eq!(a.x > h.x, flipped);
            assert_eq!(one.y > seven.y, flipped);
        }
    }
}
