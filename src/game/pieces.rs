//! How men look: a shadow, a rimmed disc, a crown mark on kings, a trap mark.

use bevy::prelude::*;

use super::animation::Captured;
use super::animation::{Motion, Pop};
use super::bridge::{Bridge, Viewing};
use super::men::ManPiece;
use super::sets::Phase;
use super::theme::Theme;
use crate::rules::{Bitboard, BySide, Role, Side};
use crate::save::ThemeName;

/// Shared meshes and materials for men (unit size: the man's transform scales them).
#[derive(Resource)]
struct PieceAssets {
    disc: Handle<Mesh>,
    ring: Handle<Mesh>,
    side_ring: Handle<Mesh>,
    bar: Handle<Mesh>,
    diamond: Handle<Mesh>,
    shadow: Handle<ColorMaterial>,
    body: BySide<Handle<ColorMaterial>>,
    rim: BySide<Handle<ColorMaterial>>,
    king: Handle<ColorMaterial>,
    trap: Handle<ColorMaterial>,
    mark: Handle<ColorMaterial>,
}

/// The ring that marks White's men in the high-contrast theme.
#[derive(Component)]
struct SideMark;

/// The trap mark of a man: two red bars across it, shown while it is trapped.
#[derive(Component)]
pub struct TrapMark;

fn setup(
    mut commands: Commands,
    theme: Res<Theme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let mut color = |c: Color| materials.add(ColorMaterial::from(c));
    commands.insert_resource(PieceAssets {
        disc: meshes.add(Circle::new(0.5)),
        ring: meshes.add(Annulus::new(0.2, 0.27)),
        side_ring: meshes.add(Annulus::new(0.29, 0.34)),
        bar: meshes.add(Rectangle::new(0.5, 0.09)),
        diamond: meshes.add(RegularPolygon::new(0.13, 4)),
        shadow: color(theme.shadow),
        body: BySide::new(color(theme.black_man), color(theme.white_man)),
        rim: BySide::new(color(theme.black_rim), color(theme.white_rim)),
        king: color(theme.king_mark),
        trap: color(theme.trap),
        mark: color(theme.side_mark.unwrap_or(Color::NONE)),
    });
}

/// A new theme recolours the men in place and shows or hides White's marking.
fn follow_theme(
    theme: Res<Theme>,
    assets: Option<Res<PieceAssets>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut marks: Query<&mut Visibility, With<SideMark>>,
    mut applied: Local<Option<ThemeName>>,
) {
    let Some(assets) = assets else {
        return;
    };
    if *applied == Some(theme.name) {
        return;
    }
    *applied = Some(theme.name);
    for (handle, color) in [
        (&assets.shadow, theme.shadow),
        (&assets.body.black, theme.black_man),
        (&assets.body.white, theme.white_man),
        (&assets.rim.black, theme.black_rim),
        (&assets.rim.white, theme.white_rim),
        (&assets.king, theme.king_mark),
        (&assets.trap, theme.trap),
        (&assets.mark, theme.side_mark.unwrap_or(Color::NONE)),
    ] {
        if let Some(mut material) = materials.get_mut(handle) {
            material.color = color;
        }
    }
    let shown = if theme.side_mark.is_some() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut visibility in &mut marks {
        *visibility = shown;
    }
}

fn dress_new_men(
    mut commands: Commands,
    theme: Res<Theme>,
    assets: Option<Res<PieceAssets>>,
    new_men: Query<(Entity, &ManPiece), Added<ManPiece>>,
) {
    let Some(assets) = assets else {
        return;
    };
    for (entity, piece) in &new_men {
        let side = piece.man.side;
        commands.entity(entity).with_children(|parent| {
            parent.spawn((
                Mesh2d(assets.disc.clone()),
                MeshMaterial2d(assets.shadow.clone()),
                Transform::from_xyz(0.04, -0.06, -0.3).with_scale(Vec3::splat(0.86)),
            ));
            parent.spawn((
                Mesh2d(assets.disc.clone()),
                MeshMaterial2d(assets.rim[side].clone()),
                Transform::from_xyz(0.0, 0.0, -0.2).with_scale(Vec3::splat(0.84)),
            ));
            parent.spawn((
                Mesh2d(assets.disc.clone()),
                MeshMaterial2d(assets.body[side].clone()),
                Transform::from_xyz(0.0, 0.02, -0.1).with_scale(Vec3::splat(0.74)),
            ));
            if piece.man.side == Side::White {
                parent.spawn((
                    SideMark,
                    Mesh2d(assets.side_ring.clone()),
                    MeshMaterial2d(assets.mark.clone()),
                    Transform::from_xyz(0.0, 0.02, -0.05),
                    if theme.side_mark.is_some() {
                        Visibility::Inherited
                    } else {
                        Visibility::Hidden
                    },
                ));
            }
            if piece.man.role == Role::King {
                // A gold ring and a diamond: a king is told by its shape, not its colour.
                parent.spawn((
                    Mesh2d(assets.ring.clone()),
                    MeshMaterial2d(assets.king.clone()),
                    Transform::from_xyz(0.0, 0.02, 0.0),
                ));
                parent.spawn((
                    Mesh2d(assets.diamond.clone()),
                    MeshMaterial2d(assets.king.clone()),
                    Transform::from_xyz(0.0, 0.02, 0.01),
                ));
            }
            parent
                .spawn((
                    TrapMark,
                    Transform::from_xyz(0.0, 0.0, 0.2),
                    Visibility::Hidden,
                ))
                .with_children(|mark| {
                    for angle in [std::f32::consts::FRAC_PI_4, -std::f32::consts::FRAC_PI_4] {
                        mark.spawn((
                            Mesh2d(assets.bar.clone()),
                            MeshMaterial2d(assets.trap.clone()),
                            Transform::from_rotation(Quat::from_rotation_z(angle)),
                        ));
                    }
                });
        });
    }
}

/// Shows the trap mark on every trapped man at rest, popping it in when it appears.
fn show_trap_marks(
    mut commands: Commands,
    bridge: Res<Bridge>,
    viewing: Res<Viewing>,
    men: Query<(&ManPiece, &Children, Has<Motion>, Has<Captured>)>,
    mut marks: Query<(Entity, &mut Visibility), With<TrapMark>>,
) {
    let pos = bridge.shown(&viewing);
    let trapped: Bitboard = pos.trapped(Side::Black) | pos.trapped(Side::White);
    for (piece, children, moving, captured) in &men {
        let show = !moving && !captured && piece.cell.is_some_and(|c| trapped.contains(c));
        for child in children.iter() {
            if let Ok((entity, mut visibility)) = marks.get_mut(child) {
                let now = if show {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                if *visibility != now {
                    if show {
                        commands.entity(entity).insert(Pop::default());
                    }
                    *visibility = now;
                }
            }
        }
    }
}

/// A splinter of a captured man flying off.
#[derive(Component)]
pub(super) struct Shard {
    velocity: Vec2,
    life: f32,
}

const SHARD_SECONDS: f32 = 0.5;

/// A small burst of splinters where a man is captured.
fn burst(
    mut commands: Commands,
    theme: Res<Theme>,
    captured: Query<(&ManPiece, &Transform), Added<Captured>>,
) {
    for (piece, transform) in &captured {
        let size = transform.scale.x;
        let color = match piece.man.side {
            Side::Black => theme.black_man,
            Side::White => theme.white_man,
        };
        for i in 0..10 {
            let angle = i as f32 / 10.0 * std::f32::consts::TAU + 0.3;
            let speed = size * (1.4 + 0.5 * ((i * 7 % 5) as f32 / 5.0));
            commands.spawn((
                DespawnOnExit(super::screen::InGame),
                Shard {
                    velocity: Vec2::from_angle(angle) * speed,
                    life: SHARD_SECONDS,
                },
                Sprite::from_color(color, Vec2::splat(size * 0.12)),
                Transform::from_translation(transform.translation.truncate().extend(6.0))
                    .with_rotation(Quat::from_rotation_z(angle)),
            ));
        }
    }
}

fn fly_shards(
    mut commands: Commands,
    time: Res<Time>,
    speed: Res<super::AnimationSpeed>,
    moving: Query<(), With<Motion>>,
    mut shards: Query<(Entity, &mut Shard, &mut Transform)>,
) {
    // Splinters fly when the capturing move has landed, like the captured man's fall.
    if !moving.is_empty() {
        return;
    }
    let dt = speed.step(&time);
    for (entity, mut shard, mut transform) in &mut shards {
        shard.life -= dt;
        if shard.life <= 0.0 {
            commands.entity(entity).despawn();
            continue;
        }
        transform.translation += (shard.velocity * dt).extend(0.0);
        transform.rotate_z(dt * 8.0);
        transform.scale = Vec3::splat(shard.life / SHARD_SECONDS);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, setup);
    app.add_systems(
        Update,
        (
            follow_theme,
            dress_new_men,
            show_trap_marks,
            burst,
            fly_shards,
        )
            .chain()
            .in_set(Phase::Draw),
    );
}
