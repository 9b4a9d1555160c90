//! The board: frame, cells, coordinates, and the highlight layer (last move, selection,
//! legal destinations, cities).

use bevy::prelude::*;

use super::layout::BoardLayout;
use super::persist::PlayerSettings;
use super::screen::InGame;
use super::theme::Theme;
use crate::rules::{Bitboard, Cell};
use crate::save::ThemeName;

/// Everything drawn for the board itself; rebuilt when the layout changes.
#[derive(Component)]
struct BoardPart;

/// One highlight square or dot; rebuilt when the highlights change.
#[derive(Component)]
struct HighlightPart;

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
}

fn build_board(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
    settings: Res<PlayerSettings>,
    parts: Query<Entity, With<BoardPart>>,
    mut built: Local<Option<(BoardLayout, bool, ThemeName)>>,
) {
    let key = (*layout, settings.0.show_coordinates, settings.0.theme);
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
    // The frame: a border square under every cell, so the outline follows the cut corners.
    for c in cells {
        commands.spawn((
            BoardPart,
            DespawnOnExit(InGame),
            Sprite::from_color(theme.frame, Vec2::splat(cell * 1.22)),
            Transform::from_translation(layout.cell_center(c).extend(0.0)),
        ));
    }
    for c in cells {
        let color = if (c.file() + c.rank()) % 2 == 0 {
            theme.dark
        } else {
            theme.light
        };
        commands.spawn((
            BoardPart,
            DespawnOnExit(InGame),
            Sprite::from_color(color, Vec2::splat(cell)),
            Transform::from_translation(layout.cell_center(c).extend(0.1)),
        ));
    }
    if !settings.0.show_coordinates {
        return;
    }
    let font = TextFont::from_font_size((cell * 0.3).clamp(10.0, 22.0));
    let board = layout.board;
    let (bottom_rank, left_file) = if layout.flipped {
        (board.ranks() - 1, board.files() - 1)
    } else {
        (0, 0)
    };
    for file in 0..board.files() {
        let at = layout.cell_center(Cell::new(file, bottom_rank)) - Vec2::Y * cell * 0.85;
        commands.spawn((
            BoardPart,
            DespawnOnExit(InGame),
            Text2d::new(((b'a' + file) as char).to_string()),
            font.clone(),
            TextColor(theme.coordinates),
            Transform::from_translation(at.extend(0.5)),
        ));
    }
    for rank in 0..board.ranks() {
        let at = layout.cell_center(Cell::new(left_file, rank)) - Vec2::X * cell * 0.85;
        commands.spawn((
            BoardPart,
            DespawnOnExit(InGame),
            Text2d::new((rank + 1).to_string()),
            font.clone(),
            TextColor(theme.coordinates),
            Transform::from_translation(at.extend(0.5)),
        ));
    }
}

fn draw_highlights(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    theme: Res<Theme>,
    highlights: Res<Highlights>,
    parts: Query<Entity, With<HighlightPart>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut shapes: Local<
        Option<(
            ThemeName,
            Handle<Mesh>,
            Handle<Mesh>,
            Handle<ColorMaterial>,
            Handle<ColorMaterial>,
        )>,
    >,
) {
    if !highlights.is_changed() && !layout.is_changed() && !theme.is_changed() {
        return;
    }
    for entity in &parts {
        commands.entity(entity).despawn();
    }
    if shapes.as_ref().is_none_or(|(name, ..)| *name != theme.name) {
        *shapes = Some((
            theme.name,
            meshes.add(Circle::new(0.16)),
            meshes.add(Annulus::new(0.40, 0.47)),
            materials.add(ColorMaterial::from(theme.target)),
            materials.add(ColorMaterial::from(theme.capture_target)),
        ));
    }
    let Some((_, dot, ring, dot_material, ring_material)) = shapes.clone() else {
        return;
    };
    let cell = layout.cell;
    let mut square = |cells: Bitboard, color: Color, z: f32| {
        for c in cells {
            commands.spawn((
                HighlightPart,
                DespawnOnExit(InGame),
                Sprite::from_color(color, Vec2::splat(cell)),
                Transform::from_translation(layout.cell_center(c).extend(z)),
            ));
        }
    };
    square(highlights.cities, theme.city, 0.2);
    square(highlights.last_move, theme.last_move, 0.25);
    square(highlights.selected, theme.selected, 0.3);
    square(highlights.hint, theme.hint, 0.35);
    for c in highlights.targets - highlights.capture_targets {
        commands.spawn((
            HighlightPart,
            DespawnOnExit(InGame),
            Mesh2d(dot.clone()),
            MeshMaterial2d(dot_material.clone()),
            Transform::from_translation(layout.cell_center(c).extend(1.5))
                .with_scale(Vec3::splat(cell)),
        ));
    }
    for c in highlights.capture_targets {
        commands.spawn((
            HighlightPart,
            DespawnOnExit(InGame),
            Mesh2d(ring.clone()),
            MeshMaterial2d(ring_material.clone()),
            Transform::from_translation(layout.cell_center(c).extend(1.5))
                .with_scale(Vec3::splat(cell)),
        ));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Highlights>();
    app.add_systems(Startup, |mut commands: Commands| {
        commands.spawn(Camera2d);
    });
    app.add_systems(OnEnter(InGame), |mut highlights: ResMut<Highlights>| {
        highlights.set_changed();
    });
    app.add_systems(
        Update,
        (build_board, draw_highlights)
            .run_if(in_state(InGame))
            .after(super::GameSet::React),
    );
}
