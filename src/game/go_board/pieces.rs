//! The pieces of Go with chess pieces as entities, kept in step with the bridge by its
//! reports: a drop lands with a small settle, a moving piece slides, captured pieces fly
//! to their captor's tray (a big capture as one sweep); anything else (a new game, undo,
//! the move list, a new layout) rebuilds them from the position shown.

use bevy::prelude::*;

use super::GoViewing;
use super::figures::Figures;
use super::layout::GoLayout;
use crate::game::app::animation::{AnimationSpeed, Busy, Motion, MotionKind};
use crate::game::app::reports::Resynced;
use crate::game::app::settings::PlayerSettings;
use crate::game::go_board::GoOn;
use crate::game::go_board::bridge::{GoBridge, GoPlayed};
use crate::go::{Cell, Move, Piece, Position};
use crate::rules::Side;

/// A piece on the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoPiece {
    pub piece: Piece,
    pub cell: Cell,
}

/// The figure's size on its cell.
pub const FIGURE: f32 = 0.92;

/// A dropped piece settling onto its cell.
#[derive(Component, Debug, Default)]
pub struct Settle {
    elapsed: f32,
}

const SETTLE_SECONDS: f32 = 0.16;

/// A captured piece on its way to the captor's tray (after `delay`, so that a big
/// capture leaves as one sweep).
#[derive(Component, Debug)]
pub struct Flight {
    from: Vec2,
    to: Vec2,
    delay: f32,
    elapsed: f32,
}

const FLIGHT_SECONDS: f32 = 0.45;

/// What the pieces on the screen show: the game's version, the move list's view, the
/// side line's stamp, the layout and whether rooks are stones. `None` when they must be
/// built anew.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct PiecesShown(Option<(u64, Option<usize>, u64, GoLayout, bool)>);

fn spawn_piece(
    commands: &mut Commands,
    figures: &Figures,
    layout: &GoLayout,
    stones: bool,
    piece: Piece,
    cell: Cell,
) -> Entity {
    let size = Vec2::splat(layout.cell * FIGURE);
    commands
        .spawn((
            DespawnOnExit(GoOn),
            Name::new(format!("{} {}", piece.char(), cell)),
            GoPiece { piece, cell },
            Sprite {
                image: figures.of(piece.side, piece.kind, stones),
                custom_size: Some(size),
                ..default()
            },
            Transform::from_translation(layout.cell_center(cell).extend(2.0)),
        ))
        .id()
}

fn spawn_all(
    commands: &mut Commands,
    figures: &Figures,
    layout: &GoLayout,
    stones: bool,
    position: &Position,
) {
    for side in [Side::Black, Side::White] {
        for cell in position.pieces(side) {
            if let Some(piece) = position.piece_at(cell) {
                spawn_piece(commands, figures, layout, stones, piece, cell);
            }
        }
    }
}

pub(super) fn sync_pieces(
    mut commands: Commands,
    bridge: Res<GoBridge>,
    viewing: Res<GoViewing>,
    layout: Res<GoLayout>,
    figures: Res<Figures>,
    settings: Res<PlayerSettings>,
    mut played: MessageReader<GoPlayed>,
    mut resynced: MessageReader<Resynced>,
    pieces: Query<(Entity, &GoPiece)>,
    flying: Query<Entity, With<Flight>>,
    mut shown: ResMut<PiecesShown>,
) {
    let stones = settings.0.rooks_as_stones;
    let plays: Vec<GoPlayed> = played.read().copied().collect();
    let resync = resynced.read().count() > 0;
    let key = (
        bridge.version,
        viewing.0,
        bridge.line_stamp,
        *layout,
        stones,
    );
    if shown.0 == Some(key) && !resync {
        return;
    }
    // One move on from what is shown, in the live game or in the side line shown:
    // animate it.
    let one_on = |report: &GoPlayed| {
        shown
            .0
            .is_some_and(|(version, view, _, shown_layout, shown_stones)| {
                let same_look =
                    shown_layout == *layout && shown_stones == stones && bridge.edit.is_none();
                let next = if report.in_line {
                    version == bridge.version && view == viewing.0
                } else {
                    version + 1 == bridge.version && view.is_none() && viewing.0.is_none()
                };
                same_look && next
            })
    };
    let animated = matches!(plays.as_slice(), [report] if one_on(report)) && !resync;
    shown.0 = Some(key);
    if animated && let [report] = plays.as_slice() {
        animate(&mut commands, &figures, &layout, stones, report, &pieces);
        return;
    }
    for entity in pieces.iter().map(|(e, _)| e).chain(flying.iter()) {
        commands.entity(entity).despawn();
    }
    spawn_all(
        &mut commands,
        &figures,
        &layout,
        stones,
        bridge.shown(viewing.0),
    );
}

fn animate(
    commands: &mut Commands,
    figures: &Figures,
    layout: &GoLayout,
    stones: bool,
    report: &GoPlayed,
    pieces: &Query<(Entity, &GoPiece)>,
) {
    let at = |cell: Cell| pieces.iter().find(|(_, p)| p.cell == cell).map(|(e, _)| e);
    match report.mv {
        Move::Drop { kind, cell } => {
            let piece = Piece::new(report.side, kind);
            let entity = spawn_piece(commands, figures, layout, stones, piece, cell);
            commands.entity(entity).insert((Settle::default(), Busy));
        }
        Move::Step { from, to } => {
            if let Some(entity) = at(from) {
                let cells = from
                    .file()
                    .abs_diff(to.file())
                    .max(from.rank().abs_diff(to.rank()));
                commands.entity(entity).insert((
                    GoPiece {
                        piece: report
                            .before
                            .piece_at(from)
                            .unwrap_or(Piece::new(report.side, crate::go::Kind::Rook)),
                        cell: to,
                    },
                    Motion::new(
                        layout.cell_center(from),
                        layout.cell_center(to),
                        MotionKind::Slide,
                        cells,
                    ),
                ));
            }
        }
        Move::Pass => {}
    }
    // The captured pieces leave together: the more there are, the closer they follow
    // one another (a sweep of at most a third of a second).
    let count = report.report.count().max(1) as f32;
    let gap = (0.3 / count).min(0.04);
    let captor = report.side;
    for (i, cell) in report.report.iter().enumerate() {
        if let Some(entity) = at(cell) {
            commands.entity(entity).remove::<GoPiece>().insert((
                Flight {
                    from: layout.cell_center(cell),
                    to: layout.tray_point(captor),
                    delay: i as f32 * gap,
                    elapsed: 0.0,
                },
                Busy,
            ));
        }
    }
}

pub(super) fn animate_settle(
    mut commands: Commands,
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut settling: Query<(Entity, &mut Settle, &mut Transform, &mut Sprite)>,
) {
    let dt = speed.step(&time);
    for (entity, mut settle, mut transform, mut sprite) in &mut settling {
        settle.elapsed += dt;
        let t = (settle.elapsed / SETTLE_SECONDS).min(1.0);
        // Down from a little above the board: larger and lighter, then in place.
        let s = 1.0 + 0.22 * (1.0 - t) * (1.0 - t);
        transform.scale = Vec3::new(s, s, 1.0);
        sprite.color = Color::srgba(1.0, 1.0, 1.0, 0.55 + 0.45 * t);
        if t >= 1.0 {
            transform.scale = Vec3::ONE;
            sprite.color = Color::WHITE;
            commands.entity(entity).remove::<(Settle, Busy)>();
        }
    }
}

pub(super) fn animate_flights(
    mut commands: Commands,
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut flights: Query<(Entity, &mut Flight, &mut Transform, &mut Sprite)>,
    moving: Query<(), Or<(With<Motion>, With<Settle>)>>,
) {
    // Captures wait for the capturing piece to land.
    if !moving.is_empty() {
        return;
    }
    let dt = speed.step(&time);
    for (entity, mut flight, mut transform, mut sprite) in &mut flights {
        flight.elapsed += dt;
        let t = ((flight.elapsed - flight.delay) / FLIGHT_SECONDS).clamp(0.0, 1.0);
        if t <= 0.0 {
            continue;
        }
        let eased = 1.0 - (1.0 - t).powi(3);
        let lift =
            (std::f32::consts::PI * t).sin() * 0.35 * (flight.to - flight.from).length().min(200.0);
        let point = flight.from.lerp(flight.to, eased) + Vec2::Y * lift * 0.25;
        transform.translation = point.extend(4.0);
        let s = 1.0 - 0.5 * eased;
        transform.scale = Vec3::new(s, s, 1.0);
        sprite.color = Color::srgba(1.0, 1.0, 1.0, 1.0 - 0.8 * t * t);
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}
