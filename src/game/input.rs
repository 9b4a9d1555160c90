//! Pointer and keyboard input. Input only issues commands; the bridge decides.
//!
//! Click a man, then a destination; or drag it there. Shift-click adds men to a block
//! (a solid rectangle moves as a tandem, following the man clicked last). In the drop
//! phase the legal drop cells are shown and a click drops the king. When a mole drop is
//! available, a selected untrapped man also offers the enemy's city cells. Esc clears
//! the selection; right click or Esc cancels a drag.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use super::animation::{Animating, Motion};
use super::board::Highlights;
use super::bridge::{Bridge, Command, Played, Refused, Resynced, Viewing};
use super::layout::BoardLayout;
use super::men::{Captured, ManPiece, hand_point, piece_point};
use crate::rules::{Bitboard, Cell, Move, Position, Rect};

/// The men a person has picked up, and the one whose destination names the move.
#[derive(Resource, Default, Debug, Clone)]
pub struct Selection {
    pub cells: Bitboard,
    pub anchor: Option<Cell>,
    /// The king in hand is picked up (drop phase).
    pub hand: bool,
    drag: Option<Drag>,
}

#[derive(Debug, Clone, Copy)]
struct Drag {
    start: Vec2,
    active: bool,
}

impl Selection {
    /// Men picked up by clicks, the last one being `anchor`.
    pub fn of(cells: Bitboard, anchor: Option<Cell>) -> Selection {
        Selection {
            cells,
            anchor,
            ..Selection::default()
        }
    }

    fn clear(&mut self) {
        *self = Selection::default();
    }
}

/// Whether the keyboard help is shown (`?`).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct ShowHelp(pub bool);

/// Turn the board round (the F key, or the panel's button).
#[derive(Message, Debug, Clone, Copy)]
pub struct FlipBoard;

/// One line for the player: why a man cannot move, or why a command was refused.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Notice(pub Option<String>);

/// The cells the selection can move to, and those of them where the move captures (for
/// the board's markers and the rules screen's diagrams).
pub fn destinations(pos: &Position, selection: &Selection) -> (Bitboard, Bitboard) {
    let mut targets = Bitboard::EMPTY;
    let mut captures = Bitboard::EMPTY;
    for (cell, mv) in selection_moves(pos, selection) {
        targets.insert(cell);
        let mut after = *pos;
        if after.play_unchecked(mv).any() {
            captures.insert(cell);
        }
    }
    (targets, captures)
}

/// What the selection can do: each target cell of the anchor and the move it means.
pub fn selection_moves(pos: &Position, selection: &Selection) -> Vec<(Cell, Move)> {
    let legal = pos.legal_moves();
    if pos.is_drop_phase() {
        return legal
            .iter()
            .filter_map(|&m| match m {
                Move::KingDrop { to } => Some((to, m)),
                _ => None,
            })
            .collect();
    }
    let Some(anchor) = selection.anchor else {
        return Vec::new();
    };
    if selection.cells.count() == 1 {
        let mut out: Vec<(Cell, Move)> = legal
            .iter()
            .filter_map(|&m| match m {
                Move::Single { from, to } if from == anchor => Some((to, m)),
                _ => None,
            })
            .collect();
        // A mole drop to a cell a single move also reaches is the same result: the
        // single move is offered.
        for &m in &legal {
            if let Move::MoleDrop { from, to } = m
                && from == anchor
                && !out.iter().any(|(c, _)| *c == to)
            {
                out.push((to, m));
            }
        }
        return out;
    }
    let Some(rect) = bounding_rect(selection.cells) else {
        return Vec::new();
    };
    if rect.cells() != selection.cells {
        return Vec::new();
    }
    legal
        .iter()
        .filter_map(|&m| match m {
            Move::Tandem { from, to } if from == rect => {
                let df = to.min.file() as i32 - from.min.file() as i32;
                let dr = to.min.rank() as i32 - from.min.rank() as i32;
                Some((anchor.offset(df, dr)?, m))
            }
            _ => None,
        })
        .collect()
}

fn bounding_rect(cells: Bitboard) -> Option<Rect> {
    let first = cells.first()?;
    Some(cells.fold(Rect::spanning(first, first), |r, c| {
        Rect::spanning(
            Cell::new(r.min.file().min(c.file()), r.min.rank().min(c.rank())),
            Cell::new(r.max.file().max(c.file()), r.max.rank().max(c.rank())),
        )
    }))
}

/// Why the man on `cell` cannot move, if it cannot.
pub fn why_stuck(pos: &Position, cell: Cell) -> Option<String> {
    let man = pos.man_at(cell)?;
    if let Some((a, b)) = pos.trappers(cell) {
        let alone = if man.side == pos.turn() {
            " and cannot move alone"
        } else {
            ""
        };
        return Some(format!("{cell} is trapped between {a} and {b}{alone}"));
    }
    if man.side != pos.turn() || pos.is_drop_phase() {
        return None;
    }
    let moves = pos.legal_moves().iter().any(|m| m.origins().contains(cell));
    (!moves).then(|| format!("{cell} is hemmed in: no move, alone or in a block"))
}

fn cursor_world(
    windows: &Query<&Window, With<PrimaryWindow>>,
    cameras: &Query<(&Camera, &GlobalTransform)>,
) -> Option<Vec2> {
    let cursor = windows.single().ok()?.cursor_position()?;
    let (camera, transform) = cameras.single().ok()?;
    camera.viewport_to_world_2d(transform, cursor).ok()
}

/// Puts dragged men back on their cells.
fn settle(
    layout: &BoardLayout,
    men: &mut Query<(&ManPiece, &mut Transform), (Without<Motion>, Without<Captured>)>,
) {
    for (piece, mut transform) in men.iter_mut() {
        transform.translation = piece_point(layout, piece).extend(2.0);
    }
}

fn pointer(
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    mut egui: EguiContexts,
    bridge: Res<Bridge>,
    viewing: Res<Viewing>,
    animating: Res<Animating>,
    layout: Res<BoardLayout>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<Command>,
    mut men: Query<(&ManPiece, &mut Transform), (Without<Motion>, Without<Captured>)>,
    mut hovered: Local<Option<Cell>>,
) {
    let over_ui = egui
        .ctx_mut()
        .map(|ctx| ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui())
        .unwrap_or(false);
    let pos = bridge.game.position();
    let can_move = bridge.human_to_move() && !animating.0 && viewing.0.is_none();
    if !can_move {
        if selection.cells.any() || selection.hand {
            settle(&layout, &mut men);
            selection.clear();
        }
        return;
    }
    let cancel = mouse.just_pressed(MouseButton::Right) || keys.just_pressed(KeyCode::Escape);
    if cancel {
        settle(&layout, &mut men);
        selection.clear();
        return;
    }
    let Some(point) = cursor_world(&windows, &cameras) else {
        return;
    };
    let cell = layout.cell_at(point);
    let me = pos.turn();
    // Hover: say why a man cannot move (worked out when the pointer enters a cell).
    if *hovered != cell {
        *hovered = cell;
        if let Some(why) = cell.and_then(|c| why_stuck(pos, c))
            && selection.drag.is_none()
        {
            notice.0 = Some(why);
        }
    }
    // Plays the selection's move to `target`, if it has one.
    let play = |commands: &mut MessageWriter<Command>, selection: &Selection, target: Cell| {
        selection_moves(pos, selection)
            .into_iter()
            .find(|(c, _)| *c == target)
            .map(|(_, m)| {
                commands.write(Command::Play(m));
            })
    };
    if mouse.just_pressed(MouseButton::Left) && !over_ui {
        if let Some(c) = cell
            && play(&mut commands, &selection, c).is_some()
        {
            selection.clear();
            return;
        }
        let near_hand =
            pos.is_drop_phase() && point.distance(hand_point(&layout, me)) < layout.cell * 0.5;
        if near_hand {
            selection.clear();
            selection.hand = true;
            selection.drag = Some(Drag {
                start: point,
                active: false,
            });
            return;
        }
        match cell {
            Some(c) if pos.men(me).contains(c) && !pos.is_drop_phase() => {
                let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
                if shift && selection.cells.any() {
                    if selection.cells.contains(c) {
                        selection.cells.remove(c);
                        selection.anchor = selection.cells.first();
                    } else {
                        selection.cells.insert(c);
                        selection.anchor = Some(c);
                    }
                } else if !selection.cells.contains(c) {
                    selection.cells = Bitboard::from_cell(c);
                    selection.anchor = Some(c);
                } else {
                    selection.anchor = Some(c);
                }
                selection.drag = Some(Drag {
                    start: point,
                    active: false,
                });
            }
            _ => {
                settle(&layout, &mut men);
                selection.clear();
            }
        }
        return;
    }
    if let Some(mut drag) = selection.drag {
        if mouse.pressed(MouseButton::Left) {
            if point.distance(drag.start) > layout.cell * 0.15 {
                drag.active = true;
            }
            selection.drag = Some(drag);
            if drag.active {
                let offset = point - drag.start;
                for (piece, mut transform) in men.iter_mut() {
                    let picked = match piece.cell {
                        Some(c) => selection.cells.contains(c),
                        None => selection.hand && piece.man.side == me,
                    };
                    if picked {
                        transform.translation = (piece_point(&layout, piece) + offset).extend(5.0);
                    }
                }
            }
        } else {
            selection.drag = None;
            if drag.active {
                let landed = cell.and_then(|c| play(&mut commands, &selection, c));
                settle(&layout, &mut men);
                if landed.is_some() {
                    selection.clear();
                } else if let Some(c) = cell
                    && !selection.cells.contains(c)
                {
                    notice.0 = Some(format!("{c} is not a legal destination"));
                }
            }
        }
    }
}

fn keyboard(
    mut egui: EguiContexts,
    keys: Res<ButtonInput<KeyCode>>,
    mut flips: MessageReader<FlipBoard>,
    mut hints: MessageWriter<super::hint::AskHint>,
    mut help: ResMut<ShowHelp>,
    bridge: Res<Bridge>,
    mut viewing: ResMut<Viewing>,
    mut commands: MessageWriter<Command>,
    mut layout: ResMut<BoardLayout>,
    mut settings: ResMut<super::persist::PlayerSettings>,
) {
    // Keys typed into a text field (a dialog) are not moves; a focused button does not
    // take the keys (egui focuses any widget it clicks).
    if egui.ctx_mut().is_ok_and(|ctx| ctx.text_edit_focused()) {
        return;
    }
    // Browse the game: ←/→ one ply, Home the start, End the live position.
    let plies = bridge.game.plies().len();
    let now = viewing.0.unwrap_or(plies);
    let target = if keys.just_pressed(KeyCode::ArrowLeft) {
        Some(now.saturating_sub(1))
    } else if keys.just_pressed(KeyCode::ArrowRight) {
        Some((now + 1).min(plies))
    } else if keys.just_pressed(KeyCode::Home) {
        Some(0)
    } else if keys.just_pressed(KeyCode::End) {
        Some(plies)
    } else {
        None
    };
    if let Some(n) = target {
        let next = (n < plies).then_some(n);
        if viewing.0 != next {
            viewing.0 = next;
        }
    }
    if keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace) {
        commands.write(Command::Undo);
    }
    if keys.just_pressed(KeyCode::KeyF) || flips.read().count() > 0 {
        layout.flipped = !layout.flipped;
    }
    if keys.just_pressed(KeyCode::KeyH) {
        hints.write(super::hint::AskHint);
    }
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    if keys.just_pressed(KeyCode::Slash) && shift || keys.just_pressed(KeyCode::F1) {
        help.0 = !help.0;
    }
    if keys.just_pressed(KeyCode::KeyC) {
        settings.0.show_coordinates = !settings.0.show_coordinates;
    }
}

/// The board's highlights follow the game and the selection.
fn update_highlights(
    bridge: Res<Bridge>,
    hint: Res<super::hint::Hint>,
    viewing: Res<Viewing>,
    selection: Res<Selection>,
    animating: Res<Animating>,
    settings: Res<super::persist::PlayerSettings>,
    mut highlights: ResMut<Highlights>,
) {
    // Legal destinations cost a move generation: only when something they depend on moved.
    let inputs_changed = bridge.is_changed()
        || hint.is_changed()
        || viewing.is_changed()
        || selection.is_changed()
        || animating.is_changed()
        || settings.is_changed();
    if !inputs_changed {
        return;
    }
    let pos = bridge.game.position();
    let last_move = bridge
        .shown_move(&viewing)
        .map_or(Bitboard::EMPTY, |p| p.mv.origins() | p.mv.destinations());
    let mut next = Highlights {
        last_move,
        ..Highlights::default()
    };
    if bridge.human_to_move() && !animating.0 && viewing.0.is_none() {
        next.selected = selection.cells;
        if settings.0.show_legal_moves {
            (next.targets, next.capture_targets) = destinations(pos, &selection);
        }
        if let Ok(cities) = pos.mole_drop_cells() {
            next.cities = cities;
        }
        if let Some(mv) = hint.current(bridge.version) {
            next.hint = mv.origins() | mv.destinations();
        }
    }
    if *highlights != next {
        *highlights = next;
    }
}

/// Messages for the player: refusals, and clearing the notice when the game moves on.
fn notices(
    mut refused: MessageReader<Refused>,
    mut played: MessageReader<Played>,
    mut resynced: MessageReader<Resynced>,
    mut notice: ResMut<Notice>,
    mut selection: ResMut<Selection>,
) {
    if played.read().count() > 0 || resynced.read().count() > 0 {
        notice.0 = None;
        selection.clear();
    }
    if let Some(Refused(why)) = refused.read().last() {
        notice.0 = Some(why.clone());
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>();
    app.add_message::<FlipBoard>();
    app.init_resource::<ShowHelp>();
    app.init_resource::<Notice>();
    app.add_systems(
        Update,
        (pointer, keyboard)
            .run_if(in_state(super::screen::InGame))
            .in_set(super::GameSet::Input),
    );
    app.add_systems(
        Update,
        (notices, update_highlights)
            .chain()
            .run_if(in_state(super::screen::InGame))
            .in_set(super::GameSet::React),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    fn select(cells: &[&str], anchor: &str) -> Selection {
        Selection {
            cells: cells.iter().map(|c| c.parse::<Cell>().unwrap()).collect(),
            anchor: Some(anchor.parse().unwrap()),
            ..Selection::default()
        }
    }

    fn targets(pos: &Position, selection: &Selection) -> Vec<String> {
        let mut v: Vec<String> = selection_moves(pos, selection)
            .iter()
            .map(|(c, m)| format!("{c}:{m}"))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_selected_man_offers_its_moves_and_the_enemy_cities() {
        // White walls off c6–f7; Black may mole-drop (RULES §7).
        let pos = Position::from_text(
            "##1K2##/#P4P#/1pPPPP2/2p5/8/#3k2#/##4## b 10 20",
            RuleSet::default(),
        )
        .unwrap();
        let t = targets(&pos, &select(&["e2"], "e2"));
        assert!(t.contains(&"e3:e2-e3".to_string()));
        assert!(t.contains(&"c6:e2>c6".to_string()));
        assert_eq!(t.iter().filter(|m| m.contains('>')).count(), 7);
    }

    #[test]
    fn a_block_follows_its_anchor_and_the_drop_phase_offers_drop_cells() {
        let start = Position::new(RuleSet::default());
        assert_eq!(selection_moves(&start, &Selection::default()).len(), 18);
        let pos = Position::from_text(
            "##PPPP##/#P4P#/P3K2P/8/p2k3p/#p4p#/##pppp## b 2 2",
            RuleSet::default(),
        )
        .unwrap();
        // The block e1–f1 anchored on f1: f1 lands on f2 … f4 (White's king on e5 stops
        // the block's e-file man).
        let t = targets(&pos, &select(&["e1", "f1"], "f1"));
        assert_eq!(t.len(), 3);
        assert!(t.contains(&"f4:ef1-ef4".to_string()));
        // Anchored on e1 the same moves are offered on the e-file.
        assert!(targets(&pos, &select(&["e1", "f1"], "e1")).contains(&"e4:ef1-ef4".to_string()));
        // Men that do not form a solid rectangle offer nothing.
        assert!(targets(&pos, &select(&["c1", "e1"], "e1")).is_empty());
    }

    #[test]
    fn stuck_men_say_why() {
        let pos = Position::from_text(
            "##4##/#5K#/8/1PpP4/8/#3k2#/##4## b 10 20",
            RuleSet::default(),
        )
        .unwrap();
        assert_eq!(
            why_stuck(&pos, "c4".parse().unwrap()).as_deref(),
            Some("c4 is trapped between b4 and d4 and cannot move alone")
        );
        assert_eq!(why_stuck(&pos, "e2".parse().unwrap()), None);
    }
}
