//! How men look: a shadow, a rimmed disc, a crown mark on kings, a trap mark.

use bevy::prelude::*;

use crate::game::app::animation::Captured;
use crate::game::app::animation::{Motion, Pop};
use crate::game::app::sets::Phase;
use crate::game::app::shapes::{Shape, ShapeMaterial, ShapeQuad};
use crate::game::app::theme::Theme;
use crate::game::chogo_board::bridge::{Bridge, Viewing};
use crate::game::chogo_board::men::ManPiece;
use crate::rules::{Bitboard, BySide, Role, Side};
use crate::save::ThemeName;

/// Shared shapes for men (unit size: the man's transform scales them), one material per
/// part so that a new theme recolours every man at once.
#[derive(Resource)]
struct PieceAssets {
    quad: Handle<Mesh>,
    shadow: Handle<ShapeMaterial>,
    body: BySide<Handle<ShapeMaterial>>,
    rim: BySide<Handle<ShapeMaterial>>,
    king_ring: Handle<ShapeMaterial>,
    king_diamond: Handle<ShapeMaterial>,
    trap: Handle<ShapeMaterial>,
    mark: Handle<ShapeMaterial>,
}

impl PieceAssets {
    /// Each part's material with the colour the theme gives it.
    fn parts<'a>(&'a self, theme: &Theme) -> [(&'a Handle<ShapeMaterial>, Color); 9] {
        [
            (&self.shadow, theme.shadow),
            (&self.body.black, theme.black_man),
            (&self.body.white, theme.white_man),
            (&self.rim.black, theme.black_rim),
            (&self.rim.white, theme.white_rim),
            (&self.king_ring, theme.king_mark),
            (&self.king_diamond, theme.king_mark),
            (&self.trap, theme.trap),
            (&self.mark, theme.side_mark.unwrap_or(Color::NONE)),
        ]
    }
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
    quad: Res<ShapeQuad>,
    mut materials: ResMut<Assets<ShapeMaterial>>,
) {
    let mut add = |shape: Shape, color: Color| materials.add(ShapeMaterial::new(shape, color));
    let disc = Shape::Disc { radius: 0.5 };
    commands.insert_resource(PieceAssets {
        quad: quad.0.clone(),
        shadow: add(disc, theme.shadow),
        body: BySide::new(add(disc, theme.black_man), add(disc, theme.white_man)),
        rim: BySide::new(add(disc, theme.black_rim), add(disc, theme.white_rim)),
        king_ring: add(
            Shape::Ring {
                inner: 0.2,
                outer: 0.27,
            },
            theme.king_mark,
        ),
        king_diamond: add(Shape::Diamond { radius: 0.13 }, theme.king_mark),
        trap: add(
            Shape::Bar {
                width: 0.5,
                height: 0.09,
            },
            theme.trap,
        ),
        mark: add(
            Shape::Ring {
                inner: 0.29,
                outer: 0.34,
            },
            theme.side_mark.unwrap_or(Color::NONE),
        ),
    });
}

/// A new theme recolours the men in place and shows or hides White's marking.
fn follow_theme(
    theme: Res<Theme>,
    assets: Option<Res<PieceAssets>>,
    mut materials: ResMut<Assets<ShapeMaterial>>,
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
    for (handle, color) in assets.parts(&theme) {
        if let Some(mut material) = materials.get_mut(handle) {
            material.set_color(color);
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
                Mesh2d(assets.quad.clone()),
                MeshMaterial2d(assets.shadow.clone()),
                Transform::from_xyz(0.04, -0.06, -0.3).with_scale(Vec3::splat(0.86)),
            ));
            parent.spawn((
                Mesh2d(assets.quad.clone()),
                MeshMaterial2d(assets.rim[side].clone()),
                Transform::from_xyz(0.0, 0.0, -0.2).with_scale(Vec3::splat(0.84)),
            ));
            parent.spawn((
                Mesh2d(assets.quad.clone()),
                MeshMaterial2d(assets.body[side].clone()),
                Transform::from_xyz(0.0, 0.02, -0.1).with_scale(Vec3::splat(0.74)),
            ));
            if piece.man.side == Side::White {
                parent.spawn((
                    SideMark,
                    Mesh2d(assets.quad.clone()),
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
                    Mesh2d(assets.quad.clone()),
                    MeshMaterial2d(assets.king_ring.clone()),
                    Transform::from_xyz(0.0, 0.02, 0.0),
                ));
                parent.spawn((
                    Mesh2d(assets.quad.clone()),
                    MeshMaterial2d(assets.king_diamond.clone()),
                    Transform::from_xyz(0.0, 0.02, 0.01),
                ));
            }
            // A trapped king's cross lies under its ring and diamond, which stay
            // readable over it (drawn over them, it hid which man was the king).
            let trap_z = if piece.man.role == Role::King {
                -0.03
            } else {
                0.2
            };
            parent
                .spawn((
                    TrapMark,
                    Transform::from_xyz(0.0, 0.0, trap_z),
                    Visibility::Hidden,
                ))
                .with_children(|mark| {
                    for angle in [std::f32::consts::FRAC_PI_4, -std::f32::consts::FRAC_PI_4] {
                        mark.spawn((
                            Mesh2d(assets.quad.clone()),
                            MeshMaterial2d(assets.trap.clone()),
                            Transform::from_rotation(Quat::from_rotation_z(angle)),
                        ));
                    }
                });
        });
    }
}

/// Shows the trap mark on every trapped man at rest, popping it in when it appears. A new
/// mark waits until no man is moving, so that the men a move traps are marked when the
/// mover arrives, not as it sets off; marks already shown stay.
fn show_trap_marks(
    mut commands: Commands,
    bridge: Res<Bridge>,
    viewing: Res<Viewing>,
    men: Query<(&ManPiece, &Children, Has<Motion>, Has<Captured>)>,
    mut marks: Query<(Entity, &mut Visibility, &mut Transform), With<TrapMark>>,
) {
    let pos = bridge.shown(viewing.0);
    let trapped: Bitboard = pos.trapped(Side::Black) | pos.trapped(Side::White);
    let settling = men.iter().any(|(_, _, moving, _)| moving);
    for (piece, children, moving, captured) in &men {
        let show = !moving && !captured && piece.cell.is_some_and(|c| trapped.contains(c));
        for child in children.iter() {
            if let Ok((entity, mut visibility, mut transform)) = marks.get_mut(child) {
                let now = if show {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                if *visibility == now || show && settling {
                    continue;
                }
                if show {
                    // Drawn from nothing this very frame: the pop grows it from the next.
                    transform.scale = Vec3::splat(0.01);
                    commands.entity(entity).insert(Pop::default());
                }
                *visibility = now;
            }
        }
    }
}

/// A splinter of a captured man flying off.
#[derive(Component)]
pub(crate) struct Shard {
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
                DespawnOnExit(crate::game::chogo_board::ChogoOn),
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
    speed: Res<crate::game::app::animation::AnimationSpeed>,
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

pub(crate) fn plugin(app: &mut App) {
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
