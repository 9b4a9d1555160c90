//! Man entities: one per man on the board or king in hand, kept in step with the rules
//! by reacting to the bridge's reports.

use bevy::prelude::*;

use super::animation::{Motion, MotionKind, Vanish};
use super::bridge::{Bridge, Played, Resynced, Viewing};
use super::layout::BoardLayout;
use super::screen::InGame;
use crate::rules::{Cell, Man, Move, Position, Role, Side};

/// A man of the game. `cell` is `None` for a king still in hand (shown beside the board).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ManPiece {
    pub man: Man,
    pub cell: Option<Cell>,
}

/// A captured man on its way out (it no longer counts as on the board).
#[derive(Component, Debug)]
pub struct Captured;

/// Where a king in hand waits: right of the board, level with its side's home ranks.
pub fn hand_point(layout: &BoardLayout, side: Side) -> Vec2 {
    let files = layout.board.files() as f32;
    let ranks = layout.board.ranks() as f32;
    let bottom = (side == Side::Black) != layout.flipped;
    let y = if bottom {
        -(ranks / 2.0 - 0.5)
    } else {
        ranks / 2.0 - 0.5
    };
    layout.centre + Vec2::new(files / 2.0 + 0.5 + super::layout::HAND_CELLS / 2.0, y) * layout.cell
}

/// The world point of a man: its cell, or its hand.
pub fn piece_point(layout: &BoardLayout, piece: &ManPiece) -> Vec2 {
    match piece.cell {
        Some(cell) => layout.cell_center(cell),
        None => hand_point(layout, piece.man.side),
    }
}

fn spawn_men(commands: &mut Commands, position: &Position, layout: &BoardLayout) {
    let mut spawn = |piece: ManPiece| {
        let at = piece_point(layout, &piece);
        commands.spawn((
            DespawnOnExit(InGame),
            Name::new(format!("{}", piece.man)),
            piece,
            Transform::from_translation(at.extend(2.0)).with_scale(Vec3::new(
                layout.cell,
                layout.cell,
                1.0,
            )),
            Visibility::default(),
        ));
    };
    for side in Side::BOTH {
        for cell in position.men(side) {
            let man = position.man_at(cell).unwrap_or(Man::new(side, Role::Pawn));
            spawn(ManPiece {
                man,
                cell: Some(cell),
            });
        }
        if position.king_in_hand(side) {
            spawn(ManPiece {
                man: Man::new(side, Role::King),
                cell: None,
            });
        }
    }
}

/// Rebuilds every man from the rules (start, new game, undo) or from the position being
/// viewed in the move list.
fn resync(
    mut commands: Commands,
    mut resynced: MessageReader<Resynced>,
    bridge: Res<Bridge>,
    mut viewing: ResMut<Viewing>,
    layout: Res<BoardLayout>,
    men: Query<Entity, With<ManPiece>>,
) {
    let wholesale = resynced.read().count() > 0;
    if wholesale && viewing.0.is_some() {
        // New game or undo: back to the live position.
        viewing.0 = None;
    }
    if !wholesale && !viewing.is_changed() {
        return;
    }
    for entity in &men {
        commands.entity(entity).despawn();
    }
    spawn_men(&mut commands, bridge.shown(&viewing), &layout);
}

/// Moves, drops and captures the entities exactly as the report says.
fn apply_played(
    mut commands: Commands,
    mut played: MessageReader<Played>,
    mut viewing: ResMut<Viewing>,
    layout: Res<BoardLayout>,
    mut men: Query<(Entity, &mut ManPiece, &Transform), Without<Captured>>,
) {
    if viewing.0.is_some() {
        // The game moved on while the past was shown: show the live game again (the
        // change makes `resync` rebuild the men next frame).
        if played.read().count() > 0 {
            viewing.0 = None;
        }
        return;
    }
    for Played(report) in played.read() {
        // Find every mover before changing any cell (a tandem's men shift into each
        // other's cells).
        let movers: Vec<(Entity, Option<Cell>)> = report
            .paths
            .iter()
            .filter_map(|&(from, to)| {
                let entity = men.iter().find_map(|(e, piece, _)| {
                    let hit = match from {
                        Some(cell) => piece.cell == Some(cell),
                        None => piece.cell.is_none() && piece.man.side == report.mover,
                    };
                    hit.then_some(e)
                })?;
                Some((entity, Some(to)))
            })
            .collect();
        let kind = match report.mv {
            Move::KingDrop { .. } => MotionKind::Fall,
            Move::MoleDrop { .. } => MotionKind::Arc,
            Move::Single { .. } | Move::Tandem { .. } => MotionKind::Slide,
        };
        let distance = report
            .paths
            .first()
            .and_then(|(from, to)| from.map(|f| (f, *to)))
            .map_or(1, |(f, t)| {
                f.file().abs_diff(t.file()) + f.rank().abs_diff(t.rank())
            });
        for (entity, to) in movers {
            if let Ok((_, mut piece, transform)) = men.get_mut(entity) {
                piece.cell = to;
                let target = piece_point(&layout, &piece);
                commands.entity(entity).insert(Motion::new(
                    transform.translation.truncate(),
                    target,
                    kind,
                    distance,
                ));
            }
        }
        for &(cell, _) in &report.captured {
            if let Some((entity, _, _)) = men.iter().find(|(_, p, _)| p.cell == Some(cell)) {
                commands
                    .entity(entity)
                    .insert((Captured, Vanish::new(layout.cell)));
            }
        }
    }
}

/// Puts resting men back on their cells when the layout changes (window resized).
fn follow_layout(
    layout: Res<BoardLayout>,
    mut men: Query<(&ManPiece, &mut Transform), (Without<Motion>, Without<Captured>)>,
) {
    if !layout.is_changed() {
        return;
    }
    for (piece, mut transform) in &mut men {
        transform.translation = piece_point(&layout, piece).extend(2.0);
        transform.scale = Vec3::new(layout.cell, layout.cell, 1.0);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (resync, apply_played, follow_layout)
            .chain()
            .run_if(in_state(InGame))
            .in_set(super::GameSet::React),
    );
}
