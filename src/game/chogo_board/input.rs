//! Pointer and keyboard input. Input only issues commands; the bridge decides.
//!
//! Click a man, then a destination; or drag it there. Shift-click adds men to a block
//! (a solid rectangle moves as a tandem, following the man clicked last). In the drop
//! phase the legal drop cells are shown and a click drops the man on top of the hand (the
//! king, or in the drop opening a pawn while any is left). When the rules' fortress move
//! is available, a selected untrapped man also offers the enemy's city cells (or, for a
//! reposition, an enemy man picked up offers every empty cell). Esc clears the selection;
//! right click or Esc cancels a drag.

use bevy::prelude::*;
use bevy_egui::EguiContexts;

use crate::game::app::animation::{Animating, Captured, Motion};
use crate::game::app::editor::EditBrush;
use crate::game::app::game_panel::{ShowHelp, help_key};
use crate::game::app::reports::{Refused, Resynced};
use crate::game::app::screen::Dialog;
use crate::game::app::sets::Phase;
use crate::game::app::settings::PlayerSettings;
use crate::game::app::ui::{Notice, browse_keys, next_notice};
use crate::game::app::window::BoardPointer;
use crate::game::chogo_board::ChogoOn;
use crate::game::chogo_board::board::Highlights;
use crate::game::chogo_board::bridge::{Bridge, Command, Edit, Played, Viewing};
use crate::game::chogo_board::editor::put_by_brush;
use crate::game::chogo_board::hint::{AskHint, Hint};
use crate::game::chogo_board::layout::BoardLayout;
use crate::game::chogo_board::men::{ManPiece, hand_point, next_in_hand, piece_point};
use crate::game::chogo_board::picking::{
    Selection, city_tint, destinations, pickable, picked_reason, selection_moves, why_stuck,
};
use crate::rules::{Bitboard, Cell, EndReason, Move, Outcome, Position, Role};

/// The person's selection on the board, and the drag under way.
#[derive(Resource, Default, Debug, Clone, Deref, DerefMut)]
pub struct Grab {
    #[deref]
    pub selection: Selection,
    drag: Option<Drag>,
}

#[derive(Debug, Clone, Copy)]
struct Drag {
    start: Vec2,
    active: bool,
}

impl Grab {
    fn clear(&mut self) {
        *self = Grab::default();
    }
}

/// Whether the board takes a move from the person now: a side line's (a past position, a
/// finished game) or, in the live game, the person's own.
fn takes_moves(bridge: &Bridge, viewing: Option<usize>, animating: bool) -> bool {
    !animating
        && bridge.edit.is_none()
        && (bridge.studying(viewing) || bridge.human_to_move() && viewing.is_none())
}

/// Turn the board round (the F key, or the panel's button).
#[derive(Message, Debug, Clone, Copy)]
pub struct FlipBoard;

/// The men on the board and in the hands that the pointer moves.
type Men<'w, 's> = Query<
    'w,
    's,
    (&'static ManPiece, &'static mut Transform),
    (Without<Motion>, Without<Captured>),
>;

/// Puts dragged men back on their cells.
fn settle(layout: &BoardLayout, men: &mut Men) {
    for (piece, mut transform) in men.iter_mut() {
        transform.translation = piece_point(layout, piece).extend(2.0);
    }
}

fn pointer(
    bridge: Res<Bridge>,
    viewing: Res<Viewing>,
    animating: Res<Animating>,
    layout: Res<BoardLayout>,
    mut pointer: BoardPointer,
    mut grab: ResMut<Grab>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<Command>,
    mut men: Men,
    // The cell under the pointer; the notices the pointer gave; the position the
    // selection was made in (another one, a past position or a side line's move taken
    // back, drops it).
    (mut hovered, mut notes, mut made_in): (
        Local<Option<Cell>>,
        Local<PointerNotes>,
        Local<Option<((u64, u64), Viewing)>>,
    ),
    brush: Res<EditBrush>,
) {
    let over_ui = !pointer.on_board();
    let (mouse, keys) = (&*pointer.mouse, &*pointer.keys);
    if let Some(setup) = &bridge.edit {
        notes.withdraw_all(&mut notice);
        let cell = pointer.world().and_then(|p| layout.cell_at(p));
        if let Some(c) = cell.filter(|_| !over_ui) {
            edit_click(setup, c, mouse, *brush, &mut commands);
        }
        return;
    }
    // A past position or a finished game takes moves into a side line; the live game
    // takes the person's moves.
    let pos = bridge.shown(viewing.0);
    let here = Some(((bridge.version, bridge.line_stamp), *viewing));
    let taking = takes_moves(&bridge, viewing.0, animating.0);
    if !taking || *made_in != here {
        *made_in = here;
        if grab.cells.any() || grab.hand {
            settle(&layout, &mut men);
            grab.clear();
        }
        notes.withdraw_grab(&mut notice);
        if !taking {
            notes.withdraw_hover(&mut notice);
            return;
        }
    }
    // The picked-up man's reason goes when it is no longer picked up alone (put down by a
    // move, Esc or a click elsewhere, or joined by others in a block).
    if notes
        .grab
        .as_ref()
        .is_some_and(|(c, _)| grab.cells != Bitboard::from_cell(*c))
    {
        notes.withdraw_grab(&mut notice);
    }
    if mouse.just_pressed(MouseButton::Right) || keys.just_pressed(KeyCode::Escape) {
        settle(&layout, &mut men);
        grab.clear();
        notes.withdraw_all(&mut notice);
        return;
    }
    let Some(point) = pointer.world() else {
        return;
    };
    let cell = layout.cell_at(point);
    // Hover: say why a man cannot move (worked out when the pointer enters a cell).
    if *hovered != cell {
        *hovered = cell;
        let stuck = cell.and_then(|c| why_stuck(pos, c));
        notes.entered(&mut notice, stuck.filter(|_| grab.drag.is_none()));
    }
    let mut pointing = Pointing {
        pos,
        studying: bridge.studying(viewing.0),
        layout: &layout,
        grab: &mut grab,
        men: &mut men,
    };
    let command = if mouse.just_pressed(MouseButton::Left) && !over_ui {
        let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
        pointing.press(&mut notes, &mut notice, point, cell, shift)
    } else if let Some(drag) = pointing.grab.drag {
        if mouse.pressed(MouseButton::Left) {
            pointing.drag_along(drag, point);
            None
        } else {
            pointing.let_go(drag, cell, &mut notice)
        }
    } else {
        None
    };
    if let Some(command) = command {
        commands.write(command);
    }
}

/// The position editor: a click puts the chosen man on `cell` (or takes the same one
/// off), a right click empties it.
fn edit_click(
    setup: &Position,
    cell: Cell,
    mouse: &ButtonInput<MouseButton>,
    brush: EditBrush,
    commands: &mut MessageWriter<Command>,
) {
    if mouse.just_pressed(MouseButton::Left) {
        let man = put_by_brush(setup.rules(), brush, setup.man_at(cell));
        commands.write(Command::Edit(Edit::Put(cell, man)));
    } else if mouse.just_pressed(MouseButton::Right) {
        commands.write(Command::Edit(Edit::Put(cell, None)));
    }
}

/// The notices the pointer gave, while their causes stand: the hovered cell's reason
/// (until the pointer leaves it), and the reason of the man picked up alone (why it has
/// no move, while it is so).
#[derive(Default)]
struct PointerNotes {
    hover: Option<String>,
    grab: Option<(Cell, String)>,
}

impl PointerNotes {
    fn withdraw_hover(&mut self, notice: &mut ResMut<Notice>) {
        withdraw(notice, self.hover.take());
    }

    fn withdraw_grab(&mut self, notice: &mut ResMut<Notice>) {
        withdraw(notice, self.grab.take().map(|(_, why)| why));
    }

    fn withdraw_all(&mut self, notice: &mut ResMut<Notice>) {
        self.withdraw_hover(notice);
        self.withdraw_grab(notice);
    }

    /// The pointer entered a cell: the last cell's reason goes (back to the picked-up
    /// man's, if the hover's stood in for it), and the new cell's (`stuck`) is said.
    fn entered(&mut self, notice: &mut ResMut<Notice>, stuck: Option<String>) {
        self.withdraw_hover(notice);
        if let Some((_, why)) = self.grab.as_ref()
            && notice.0.is_none()
        {
            notice.0 = Some(why.clone());
        }
        if let Some(why) = stuck {
            notice.0 = Some(why.clone());
            self.hover = Some(why);
        }
    }

    /// A man was picked up alone: its reason, if it has no move of its own, stays on the
    /// panel while it is picked up (the hover's goes when the pointer leaves it).
    fn picked(&mut self, notice: &mut ResMut<Notice>, reason: Option<(Cell, String)>) {
        self.withdraw_grab(notice);
        if let Some((c, why)) = reason {
            notice.0 = Some(why.clone());
            self.grab = Some((c, why));
            self.hover = None;
        }
    }
}

/// A notice goes with its cause: `about`, if the notice still says it. (The notice is
/// only written to when it changes.)
fn withdraw(notice: &mut ResMut<Notice>, about: Option<String>) {
    if about.is_some() && notice.0 == about {
        notice.0 = None;
    }
}

/// The pointer at work on the position the board shows: the selection, the men it
/// drags, the moves it asks for.
struct Pointing<'a, 'w, 's> {
    pos: &'a Position,
    /// Moves go into a side line.
    studying: bool,
    layout: &'a BoardLayout,
    grab: &'a mut Grab,
    men: &'a mut Men<'w, 's>,
}

impl Pointing<'_, '_, '_> {
    /// The selection's move to `target`, if it has one.
    fn move_to(&self, target: Cell) -> Option<Command> {
        selection_moves(self.pos, &self.grab.selection)
            .into_iter()
            .find(|(c, _)| *c == target)
            .map(|(_, m)| {
                if self.studying {
                    Command::TryMove(m)
                } else {
                    Command::Play(m)
                }
            })
    }

    /// A left press at `point`: the selection's move to the cell; else the man on top of
    /// the hand, or a man on the board (`shift`: added to or taken from a block), is picked
    /// up; in the drop phase a man on the board earns a word; elsewhere the selection goes.
    fn press(
        &mut self,
        notes: &mut PointerNotes,
        notice: &mut ResMut<Notice>,
        point: Vec2,
        cell: Option<Cell>,
        shift: bool,
    ) -> Option<Command> {
        if let Some(command) = cell.and_then(|c| self.move_to(c)) {
            self.grab.clear();
            return Some(command);
        }
        let (pos, me) = (self.pos, self.pos.turn());
        let near_hand = next_in_hand(pos, me).is_some_and(|(role, slot)| {
            point.distance(hand_point(self.layout, me, role, slot)) < self.layout.cell * 0.5
        });
        let drag = Some(Drag {
            start: point,
            active: false,
        });
        if near_hand {
            self.grab.clear();
            self.grab.hand = true;
            self.grab.drag = drag;
            return None;
        }
        match cell {
            Some(c) if pickable(pos, c) && !pos.is_drop_phase() => {
                let grab = &mut *self.grab;
                if shift && grab.cells.any() {
                    if grab.cells.contains(c) {
                        grab.cells.remove(c);
                        grab.anchor = grab.cells.first();
                    } else {
                        grab.cells.insert(c);
                        grab.anchor = Some(c);
                    }
                } else if !grab.cells.contains(c) {
                    grab.cells = Bitboard::from_cell(c);
                    grab.anchor = Some(c);
                    notes.picked(notice, picked_reason(pos, &grab.selection));
                } else {
                    grab.anchor = Some(c);
                }
                grab.drag = drag;
            }
            Some(c) if pos.men(me).contains(c) => {
                // The drop phase: the men in hand come first (RULES §2, §10.3).
                notice.0 = Some(match next_in_hand(pos, me) {
                    Some((Role::Pawn, _)) => {
                        "The drop phase: drop a man from your hand on a marked cell".into()
                    }
                    _ => "Drop your king first: click a marked cell".into(),
                });
            }
            _ => {
                settle(self.layout, self.men);
                self.grab.clear();
            }
        }
        None
    }

    /// The button held: the drag starts once the pointer has gone a little way, and the
    /// picked men (or the man on top of the hand) follow it.
    fn drag_along(&mut self, mut drag: Drag, point: Vec2) {
        if point.distance(drag.start) > self.layout.cell * 0.15 {
            drag.active = true;
        }
        self.grab.drag = Some(drag);
        if !drag.active {
            return;
        }
        let (pos, me) = (self.pos, self.pos.turn());
        let offset = point - drag.start;
        for (piece, mut transform) in self.men.iter_mut() {
            let picked = match piece.cell {
                Some(c) => self.grab.cells.contains(c),
                // The man on top of the hand, the one the drop takes.
                None => {
                    self.grab.hand
                        && piece.man.side == me
                        && next_in_hand(pos, me) == Some((piece.man.role, piece.slot))
                }
            };
            if picked {
                transform.translation = (piece_point(self.layout, piece) + offset).extend(5.0);
            }
        }
    }

    /// The button let go: a drag under way plays its move on `cell`, or says why not.
    fn let_go(
        &mut self,
        drag: Drag,
        cell: Option<Cell>,
        notice: &mut ResMut<Notice>,
    ) -> Option<Command> {
        self.grab.drag = None;
        if !drag.active {
            return None;
        }
        let landed = cell.and_then(|c| self.move_to(c));
        settle(self.layout, self.men);
        if landed.is_some() {
            self.grab.clear();
        } else if let Some(c) = cell
            && !self.grab.cells.contains(c)
        {
            notice.0 = Some(format!("{c} is not a legal destination"));
        }
        landed
    }
}

fn keyboard(
    mut egui: EguiContexts,
    keys: Res<ButtonInput<KeyCode>>,
    logical: Res<ButtonInput<bevy::input::keyboard::Key>>,
    mut flips: MessageReader<FlipBoard>,
    (mut hints, mut analysis): (
        MessageWriter<AskHint>,
        MessageWriter<crate::game::app::study::ToggleAnalysis>,
    ),
    mut help: ResMut<ShowHelp>,
    bridge: Res<Bridge>,
    mut viewing: ResMut<Viewing>,
    mut commands: MessageWriter<Command>,
    mut layout: ResMut<BoardLayout>,
    mut settings: ResMut<PlayerSettings>,
    dialog: Res<State<Dialog>>,
) {
    let flip_clicked = flips.read().count() > 0;
    // Keys belong to an open dialog (Esc and Enter are its own), and keys typed into a
    // text field are not moves; a focused button does not take the keys (egui focuses
    // any widget it clicks).
    // The position editor takes no keys (its text fields would).
    if *dialog.get() != Dialog::None
        || egui.ctx_mut().is_ok_and(|ctx| ctx.text_edit_focused())
        || bridge.edit.is_some()
    {
        if flip_clicked {
            layout.flipped = !layout.flipped;
        }
        return;
    }
    // Browse the game: Left/Right one ply, Home the start, End the live position.
    if let Some(view) = browse_keys(&keys, bridge.game.plies().len(), viewing.0) {
        viewing.set_if_neq(Viewing::of(view));
    }
    if keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace) {
        // In a side line, its last move is taken back; the game stays as it is.
        commands.write(if bridge.line(viewing.0).is_some() {
            Command::LineUndo
        } else {
            Command::Undo
        });
    }
    if keys.just_pressed(KeyCode::KeyR) {
        commands.write(Command::Redo);
    }
    if keys.just_pressed(KeyCode::KeyF) || flip_clicked {
        layout.flipped = !layout.flipped;
    }
    if keys.just_pressed(KeyCode::KeyH) {
        hints.write(AskHint);
    }
    if keys.just_pressed(KeyCode::KeyA) {
        analysis.write(crate::game::app::study::ToggleAnalysis);
    }
    if help_key(&logical, &keys) {
        help.0 = !help.0;
    }
    if keys.just_pressed(KeyCode::KeyC) {
        settings.0.show_coordinates = !settings.0.show_coordinates;
    }
}

/// The board's highlights follow the game and the selection. Legal destinations cost a
/// move generation: they are worked out again only when what they depend on differs.
fn update_highlights(
    bridge: Res<Bridge>,
    hint: Res<Hint>,
    viewing: Res<Viewing>,
    grab: Res<Grab>,
    animating: Res<Animating>,
    settings: Res<PlayerSettings>,
    mut highlights: ResMut<Highlights>,
    mut seen: Local<Option<((u64, u64), Viewing, Selection, bool, bool, Option<Move>)>>,
) {
    let inputs = (
        (bridge.version, bridge.line_stamp),
        *viewing,
        grab.selection.clone(),
        animating.0,
        settings.0.show_legal_moves,
        hint.current(bridge.version),
    );
    if seen.as_ref() == Some(&inputs) {
        return;
    }
    *seen = Some(inputs);
    let pos = bridge.shown(viewing.0);
    let last_move = bridge
        .shown_move(viewing.0)
        .map_or(Bitboard::EMPTY, |p| p.mv.origins() | p.mv.destinations());
    let mut next = Highlights {
        last_move,
        safe: safe_king(pos),
        ..Highlights::default()
    };
    if takes_moves(&bridge, viewing.0, animating.0) {
        next.selected = grab.cells;
        if grab.hand {
            next.hand = next_in_hand(pos, pos.turn()).map(|(role, slot)| (pos.turn(), role, slot));
        }
        if settings.0.show_legal_moves {
            (next.targets, next.capture_targets) = destinations(pos, &grab.selection);
        }
        next.cities = city_tint(pos);
        if let Some(mv) = hint.current(bridge.version)
            && !bridge.studying(viewing.0)
        {
            next.hint = mv.origins() | mv.destinations();
        }
    }
    highlights.set_if_neq(next);
}

/// The safe king's cell and its ring when the hopeless rule ended the game on `pos`
/// (RULES §10.4): what the loser's resignation was about.
fn safe_king(pos: &Position) -> Bitboard {
    // The cheap test first: the outcome looks for a legal move.
    if pos.hopeless_side().is_none() {
        return Bitboard::EMPTY;
    }
    match pos.outcome() {
        Some(Outcome {
            winner: Some(winner),
            reason: EndReason::Hopeless,
        }) => match (pos.safe_king_ring(winner), pos.king(winner)) {
            (Some(ring), Some(king)) => ring | Bitboard::from_cell(king),
            _ => Bitboard::EMPTY,
        },
        _ => Bitboard::EMPTY,
    }
}

/// Messages for the player: refusals, and clearing the notice when the game moves on.
fn notices(
    mut refused: MessageReader<Refused>,
    mut played: MessageReader<Played>,
    mut resynced: MessageReader<Resynced>,
    mut notice: ResMut<Notice>,
    mut grab: ResMut<Grab>,
) {
    let moved = played.read().count() > 0 || resynced.read().count() > 0;
    if moved {
        grab.clear();
    }
    let next = next_notice(&notice, moved, refused.read().last());
    notice.set_if_neq(next);
}

/// The parts without a window: the selection and the notices (the windowless tests run
/// them).
pub(crate) fn logic(app: &mut App) {
    app.init_resource::<Grab>();
    app.add_systems(
        Update,
        notices.run_if(in_state(ChogoOn)).in_set(Phase::React),
    );
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<FlipBoard>();
    app.add_systems(
        Update,
        (pointer, keyboard)
            .chain()
            .after(crate::game::app::screen::act)
            .run_if(in_state(ChogoOn))
            .in_set(Phase::Input),
    );
    app.add_systems(
        Update,
        update_highlights
            .after(notices)
            .run_if(in_state(ChogoOn))
            .in_set(Phase::React),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::game::chogo_board::picking::position_under as at;

    /// The hopeless rule's end marks the safe king and its four neighbours; nothing else
    /// (the same men under the default rules, a game still going on) is marked.
    #[test]
    fn the_safe_king_is_marked_when_the_hopeless_rule_ends_the_game() {
        let text = "##P2P##/#6#/P7/3K4/7k/#6#/##pp2## w 0 40";
        let cells: Vec<String> = safe_king(&at("chogo-44,hopeless=resign", text))
            .into_iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(cells, ["d3", "c4", "d4", "e4", "d5"]);
        assert_eq!(safe_king(&at("chogo-44", text)), Bitboard::EMPTY);
        let on_edge = "##P2P##/#6#/P7/K7/7k/#6#/##pp2## w 0 40";
        assert_eq!(
            safe_king(&at("chogo-44,hopeless=resign", on_edge)),
            Bitboard::EMPTY
        );
    }
}
