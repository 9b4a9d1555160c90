//! Man entities: one per man on the board or king in hand, kept in step with the rules
//! by reacting to the bridge's reports.

use bevy::prelude::*;

use crate::game::app::animation::{Captured, Motion, MotionKind, Vanish};
use crate::game::app::reports::Resynced;
use crate::game::chogo_board::ChogoOn;
use crate::game::chogo_board::bridge::{Bridge, Played, Viewing};
use crate::game::chogo_board::layout::BoardLayout;
use crate::rules::{Cell, Man, Move, MoveReport, Position, Role, Side};

/// A man of the game. `cell` is `None` for a man still in hand (shown beside the board);
/// `slot` is a pawn's place in its hand's pile, counted from the bottom.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ManPiece {
    pub man: Man,
    pub cell: Option<Cell>,
    pub slot: u8,
}

/// Where a man in hand waits: right of the board, the king level with its side's home
/// rank, the pawns of the drop opening (RULES §10.3) in a pile one rank nearer the centre,
/// each a little above the one below it.
pub fn hand_point(layout: &BoardLayout, side: Side, role: Role, slot: u8) -> Vec2 {
    let files = layout.board.files() as f32;
    let ranks = layout.board.ranks() as f32;
    // Towards the centre from the side's home rank.
    let inward = if (side == Side::Black) != layout.flipped {
        1.0
    } else {
        -1.0
    };
    let home = -inward * (ranks / 2.0 - 0.5);
    let y = match role {
        Role::King => home,
        Role::Pawn => home + inward * (1.0 + 0.09 * slot.min(8) as f32),
    };
    layout.centre
        + Vec2::new(
            files / 2.0 + 0.5 + crate::game::chogo_board::layout::HAND_CELLS / 2.0,
            y,
        ) * layout.cell
}

/// The man that the next drop of `side` takes from its hand, and its slot.
pub fn next_in_hand(position: &Position, side: Side) -> Option<(Role, u8)> {
    let hand = position.hand(side);
    hand.next().map(|role| {
        (
            role,
            hand.pawns.saturating_sub(1) * (role == Role::Pawn) as u8,
        )
    })
}

/// The world point of a man: its cell, or its hand.
pub fn piece_point(layout: &BoardLayout, piece: &ManPiece) -> Vec2 {
    match piece.cell {
        Some(cell) => layout.cell_center(cell),
        None => hand_point(layout, piece.man.side, piece.man.role, piece.slot),
    }
}

fn spawn_men(commands: &mut Commands, position: &Position, layout: &BoardLayout) {
    let mut spawn = |piece: ManPiece| {
        let at = piece_point(layout, &piece);
        // Higher pawns of a pile in front of lower ones.
        let at = at.extend(2.0 + 0.01 * piece.slot as f32);
        commands.spawn((
            DespawnOnExit(ChogoOn),
            Name::new(format!("{}", piece.man)),
            piece,
            Transform::from_translation(at).with_scale(Vec3::new(layout.cell, layout.cell, 1.0)),
            Visibility::default(),
        ));
    };
    for side in Side::BOTH {
        for cell in position.men(side) {
            let man = position.man_at(cell).unwrap_or(Man::new(side, Role::Pawn));
            spawn(ManPiece {
                man,
                cell: Some(cell),
                slot: 0,
            });
        }
        for slot in 0..position.hand(side).pawns {
            spawn(ManPiece {
                man: Man::new(side, Role::Pawn),
                cell: None,
                slot,
            });
        }
        if position.king_in_hand(side) {
            spawn(ManPiece {
                man: Man::new(side, Role::King),
                cell: None,
                slot: 0,
            });
        }
    }
}

/// Which position the men entities show: how many plies of the game, and the side line's
/// stamp (`Bridge::line_stamp`); `None` when there are no men to trust (no game on the
/// screen yet, or the game changed wholesale).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenShow(pub Option<(usize, u64)>);

/// Keeps the men in step with the bridge: a move played in the live game, or tried in the
/// side line shown, moves, drops and captures the entities as its report says (animated);
/// anything else that changes the position shown (new game, undo, load, browsing the move
/// list, leaving a side line) rebuilds them. What decides is the position the men show
/// against the one to show, never a change flag.
pub(super) fn follow_bridge(
    mut commands: Commands,
    mut resynced: MessageReader<Resynced>,
    mut played: MessageReader<Played>,
    bridge: Res<Bridge>,
    mut viewing: ResMut<Viewing>,
    mut show: ResMut<MenShow>,
    layout: Res<BoardLayout>,
    mut men: Query<(Entity, &mut ManPiece, &Transform, Has<Captured>)>,
) {
    if resynced.read().count() > 0 {
        // New game, undo, load: back to the live game, rebuilt.
        viewing.set_if_neq(Viewing::of(None));
        show.0 = None;
    }
    let moves: Vec<&Played> = played.read().collect();
    let reports: Vec<&MoveReport> = moves
        .iter()
        .filter(|p| !p.in_line)
        .map(|p| &p.report)
        .collect();
    if !reports.is_empty() {
        // The game moved on while the past was shown: the live game comes back.
        viewing.set_if_neq(Viewing::of(None));
    }
    let tried: Vec<&MoveReport> = moves
        .iter()
        .filter(|p| p.in_line)
        .map(|p| &p.report)
        .collect();
    let live = bridge.game.plies().len();
    let stamp = bridge.line_stamp;
    let wanted = (viewing.0.unwrap_or(live), stamp);
    let game_on = viewing.0.is_none()
        && bridge.edit.is_none()
        && !reports.is_empty()
        && show.0 == live.checked_sub(reports.len()).map(|n| (n, stamp));
    let line_on = !tried.is_empty()
        && bridge.edit.is_none()
        && bridge.line(viewing.0).is_some()
        && show.0 == stamp.checked_sub(tried.len() as u64).map(|s| (wanted.0, s));
    if game_on || line_on {
        let mut taken = Vec::new();
        for report in if game_on { reports } else { tried } {
            animate_report(&mut commands, report, &layout, &mut men, &mut taken);
        }
        show.0 = Some(wanted);
    }
    if show.0 != Some(wanted) {
        for (entity, ..) in &men {
            commands.entity(entity).despawn();
        }
        spawn_men(&mut commands, bridge.shown(viewing.0), &layout);
        show.0 = Some(wanted);
    }
}

/// Moves, drops and captures the entities exactly as the report says.
fn animate_report(
    commands: &mut Commands,
    report: &MoveReport,
    layout: &BoardLayout,
    men: &mut Query<(Entity, &mut ManPiece, &Transform, Has<Captured>)>,
    taken: &mut Vec<Entity>,
) {
    // Find every mover before changing any cell (a tandem's men shift into each other's
    // cells).
    let movers: Vec<(Entity, Cell)> = report
        .paths
        .iter()
        .filter_map(|&(from, to)| {
            // A drop takes the man the report names from the top of the mover's hand.
            let (entity, _) = men
                .iter()
                .filter(|(e, piece, _, captured)| {
                    let hit = match from {
                        Some(cell) => piece.cell == Some(cell),
                        None => {
                            piece.cell.is_none()
                                && piece.man.side == report.mover
                                && Some(piece.man.role) == report.dropped
                        }
                    };
                    hit && !captured && !taken.contains(e)
                })
                .map(|(e, piece, ..)| (e, piece.slot))
                .max_by_key(|&(_, slot)| slot)?;
            Some((entity, to))
        })
        .collect();
    let kind = match report.mv {
        Move::Drop { .. } => MotionKind::Fall,
        // A reposition lifts an enemy man and sets it down (RULES §10.2).
        Move::MoleDrop { .. } if report.reposition => MotionKind::Lift,
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
        if let Ok((_, mut piece, transform, _)) = men.get_mut(entity) {
            piece.cell = Some(to);
            piece.slot = 0;
            let target = piece_point(layout, &piece);
            commands.entity(entity).insert(Motion::new(
                transform.translation.truncate(),
                target,
                kind,
                distance,
            ));
        }
    }
    for &(cell, _) in &report.captured {
        let found = men
            .iter()
            .find(|(e, p, _, captured)| p.cell == Some(cell) && !captured && !taken.contains(e))
            .map(|(entity, ..)| entity);
        if let Some(entity) = found {
            // `Captured` arrives with the commands: a later report of the same frame must
            // not take this man for one standing on its cell.
            taken.push(entity);
            commands
                .entity(entity)
                .insert((Captured, Vanish::new(layout.cell)));
        }
    }
}

/// Puts resting men back on their cells when the layout changes (window resized, board
/// flipped); a man on its way is sent on to where its cell now is.
pub(super) fn follow_layout(
    layout: Res<BoardLayout>,
    mut seen: Local<Option<BoardLayout>>,
    mut men: Query<(&ManPiece, &mut Transform, Option<&mut Motion>), Without<Captured>>,
) {
    if *seen == Some(*layout) {
        return;
    }
    *seen = Some(*layout);
    for (piece, mut transform, motion) in &mut men {
        let at = piece_point(&layout, piece);
        match motion {
            Some(mut motion) => motion.to = at,
            None => transform.translation = at.extend(2.0),
        }
        transform.scale = Vec3::new(layout.cell, layout.cell, 1.0);
    }
}

/// Where the count of a pile of pawns in hand is written: just beyond the pile's top man,
/// towards the board's centre.
pub(super) fn hand_count_point(layout: &BoardLayout, side: Side, pawns: u8) -> Vec2 {
    let top = hand_point(layout, side, Role::Pawn, pawns.saturating_sub(1));
    // The pile rises from beside the king, towards the centre.
    let inward = (top.y - hand_point(layout, side, Role::King, 0).y).signum();
    top + Vec2::Y * inward * layout.cell * 0.75
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::app::ui::PanelPlace;
    use crate::rules::Board;

    /// A hand's count stands just past its pile's top man, towards the board's centre and
    /// clear of the other side's count, for piles of one man to more than the pile shows.
    #[test]
    fn a_hands_count_stands_beyond_its_pile() {
        for flipped in [false, true] {
            let window = Vec2::new(900.0, 700.0);
            let layout = BoardLayout::fit(
                Board::Chogo44,
                PanelPlace::for_window(window),
                window,
                flipped,
            );
            for pawns in [1, 2, 8, 20] {
                let mut counts = Vec::new();
                for side in Side::BOTH {
                    let king = hand_point(&layout, side, Role::King, 0);
                    let top = hand_point(&layout, side, Role::Pawn, pawns - 1);
                    let count = hand_count_point(&layout, side, pawns);
                    // Same column, beyond the top man seen from the king.
                    assert_eq!(count.x, top.x);
                    assert!((count.y - top.y).signum() == (top.y - king.y).signum());
                    assert!((count.y - top.y).abs() >= layout.cell * 0.7);
                    counts.push(count);
                }
                assert!((counts[0].y - counts[1].y).abs() >= layout.cell * 0.5);
            }
        }
    }
}
