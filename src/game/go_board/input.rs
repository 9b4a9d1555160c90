//! Input on the board of Go with chess pieces: the pointer (a ghost of the drop under it,
//! with what it would capture or why it is refused; click to drop; with moving pieces,
//! click or drag a piece to one of its marked cells), the keys, and the marks the board
//! shows for the game and the pointer.

use bevy::prelude::*;
use bevy_egui::EguiContexts;

use super::board::GoMarks;
use super::layout::GoLayout;
use super::pieces::GoPiece;
use super::{DropKind, GoHint, GoViewing, LifeView, life_links};
use crate::game::app::animation::{Animating, Motion};
use crate::game::app::game_panel::{ShowHelp, help_key};
use crate::game::app::reports::{Refused, Resynced};
use crate::game::app::ui::{Notice, browse_keys, next_notice};
use crate::game::app::window::BoardPointer;
use crate::game::go_board::GoFlipped;
use crate::game::go_board::bridge::{GoBridge, GoCommand, GoEdit, GoPlayed};
use crate::go::{Bits, Cell, Game, IllegalMove, Kind, Move, Piece};

/// The pointer's state: the cell under it, and a picked (or dragged) piece.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct GoPointer {
    pub hover: Option<Cell>,
    pub picked: Option<Cell>,
    /// The picked piece follows the pointer (a drag).
    pub dragging: bool,
}

/// A move judged against the whole game (superko too): what it captures, or why not.
pub fn judge(game: &Game, mv: Move) -> Result<Bits, IllegalMove> {
    let played = game.position().play(mv)?;
    game.check(mv, &played)?;
    Ok(played.captured)
}

/// Why a drop is refused, in a player's words.
pub fn refusal(e: &IllegalMove) -> String {
    match e {
        IllegalMove::DropDead(c) => format!(
            "A piece dropped on {c} would have no life: no escape, no living friend to defend"
        ),
        IllegalMove::Ko(c) => format!("Ko: {c} cannot be retaken at once; play elsewhere first"),
        IllegalMove::Superko(_) => "That would bring back an earlier position (superko)".into(),
        IllegalMove::Occupied(c) => format!("{c} is taken"),
        IllegalMove::NotPlayable(c, set) if set.bishops_alone() => {
            format!("{c} is a dark cell: bishops alone play on the light cells")
        }
        IllegalMove::NotPlayable(c, _) => format!(
            "{c} is off the set's lattice: its pieces' moves never reach it from the first light cell"
        ),
        other => {
            let text = other.to_string();
            let mut chars = text.chars();
            chars
                .next()
                .map_or(text.clone(), |f| f.to_uppercase().chain(chars).collect())
        }
    }
}

/// Whether the board takes a move from the person now: a side line's (a past position, a
/// finished game) or, in the live game, the person's own.
fn takes_moves(bridge: &GoBridge, viewing: Option<usize>, animating: bool) -> bool {
    let (_, in_line) = bridge.board_game(viewing);
    !animating && bridge.edit.is_none() && (in_line || bridge.human_to_move() && viewing.is_none())
}

pub(super) fn pointer(
    bridge: Res<GoBridge>,
    viewing: Res<GoViewing>,
    animating: Res<Animating>,
    layout: Res<GoLayout>,
    mut pointer: BoardPointer,
    kind: Res<DropKind>,
    mut state: ResMut<GoPointer>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<GoCommand>,
    mut refused: MessageWriter<Refused>,
    mut pieces: Query<(&GoPiece, &mut Transform), Without<Motion>>,
    brush: Res<crate::game::app::editor::EditBrush>,
) {
    let over_ui = !pointer.on_board();
    let (mouse, keys) = (&*pointer.mouse, &*pointer.keys);
    let world = pointer.world().filter(|_| !over_ui);
    let cell = world.and_then(|p| layout.cell_at(p));
    if let Some(setup) = &bridge.edit {
        if let Some(c) = cell {
            edit_click(setup, c, mouse, *brush, &mut commands);
        }
        state.set_if_neq(GoPointer::default());
        return;
    }
    // A past position or a finished game takes moves into a side line; the live game
    // takes the person's moves.
    let (game, in_line) = bridge.board_game(viewing.0);
    let play = |mv: Move| {
        if in_line {
            GoCommand::TryMove(mv)
        } else {
            GoCommand::Play(mv)
        }
    };
    if !takes_moves(&bridge, viewing.0, animating.0) {
        if state.picked.is_some() {
            put_back(&layout, &mut pieces);
        }
        let hover = cell.filter(|_| viewing.0.is_none());
        state.set_if_neq(GoPointer { hover, ..default() });
        return;
    }
    if mouse.just_pressed(MouseButton::Right) || keys.just_pressed(KeyCode::Escape) {
        put_back(&layout, &mut pieces);
        state.set_if_neq(GoPointer::default());
        return;
    }
    let mut next = state.clone();
    next.hover = cell;
    // A drag: the picked piece follows the pointer.
    if next.dragging
        && let (Some(from), Some(point)) = (next.picked, world)
    {
        for (piece, mut transform) in pieces.iter_mut() {
            if piece.cell == from {
                transform.translation = point.extend(5.0);
            }
        }
    }
    if mouse.just_pressed(MouseButton::Left) && !over_ui {
        match click(&mut next, cell, game, kind.0) {
            Some(Clicked::Play(mv)) => {
                commands.write(play(mv));
            }
            // Refused like a command the bridge refuses: the notice and the sound.
            Some(Clicked::Refused(why)) => {
                refused.write(Refused(why));
            }
            Some(Clicked::Tell(words)) => notice.0 = Some(words.into()),
            None => {}
        }
    }
    if mouse.just_released(MouseButton::Left) && next.dragging {
        put_back(&layout, &mut pieces);
        if let Some(mv) = release(&mut next, cell) {
            commands.write(play(mv));
        }
    }
    state.set_if_neq(next);
}

/// The position editor: a click puts the chosen piece on `cell` (or takes the same one
/// off), a right click empties it.
fn edit_click(
    setup: &crate::go::Position,
    cell: Cell,
    mouse: &ButtonInput<MouseButton>,
    brush: crate::game::app::editor::EditBrush,
    commands: &mut MessageWriter<GoCommand>,
) {
    if mouse.just_pressed(MouseButton::Left) {
        let piece = super::editor::put_by_brush(setup.rules(), brush, setup.piece_at(cell));
        commands.write(GoCommand::Edit(GoEdit::Put(cell, piece)));
    } else if mouse.just_pressed(MouseButton::Right) {
        commands.write(GoCommand::Edit(GoEdit::Put(cell, None)));
    }
}

/// Puts the pieces (a dragged one too) back on their cells.
fn put_back(layout: &GoLayout, pieces: &mut Query<(&GoPiece, &mut Transform), Without<Motion>>) {
    for (piece, mut transform) in pieces.iter_mut() {
        transform.translation = layout.cell_center(piece.cell).extend(2.0);
    }
}

/// What a click on the board comes to.
#[derive(Debug, PartialEq)]
enum Clicked {
    Play(Move),
    /// A drop the rules refuse, and why.
    Refused(String),
    /// A word for the notice.
    Tell(&'static str),
}

/// A left click on `cell` of `game`: a picked piece goes there; one of the person's own
/// pieces is picked (or let go) when pieces move; an empty cell takes a drop of `kind`.
/// The pick is kept in `next`.
fn click(next: &mut GoPointer, cell: Option<Cell>, game: &Game, kind: Kind) -> Option<Clicked> {
    let pos = game.position();
    let own = |c: Cell| pos.piece_at(c).filter(|p| p.side == pos.turn());
    match (cell, next.picked) {
        // A picked piece goes to the cell clicked.
        (Some(to), Some(from)) if to != from && own(to).is_none() => {
            next.picked = None;
            next.dragging = false;
            return Some(Clicked::Play(Move::Step { from, to }));
        }
        (Some(c), _) if own(c).is_some() && pos.rules().moving => {
            if next.picked == Some(c) {
                next.picked = None;
            } else {
                next.picked = Some(c);
                next.dragging = true;
            }
        }
        (Some(c), _) if own(c).is_some() => {
            return Some(Clicked::Tell(
                "Pieces do not move in this game: drop a new one on an empty cell",
            ));
        }
        (Some(c), None) if pos.piece_at(c).is_none() => {
            let mv = Move::Drop { kind, cell: c };
            return Some(match judge(game, mv) {
                Ok(_) => Clicked::Play(mv),
                Err(e) => Clicked::Refused(refusal(&e)),
            });
        }
        (Some(_), None) => {
            return Some(Clicked::Tell("That cell is taken: drop on an empty cell"));
        }
        (None, _) => next.picked = None,
        _ => {}
    }
    None
}

/// The end of a drag: the piece's move when it was let go on another cell (it stays
/// picked when let go where it was, for a click on a target).
fn release(next: &mut GoPointer, cell: Option<Cell>) -> Option<Move> {
    next.dragging = false;
    match (next.picked, cell) {
        (Some(from), Some(to)) if to != from => {
            next.picked = None;
            Some(Move::Step { from, to })
        }
        _ => None,
    }
}

pub(super) fn keyboard(
    mut egui: EguiContexts,
    keys: Res<ButtonInput<KeyCode>>,
    logical: Res<ButtonInput<bevy::input::keyboard::Key>>,
    mut help: ResMut<ShowHelp>,
    mut settings: ResMut<crate::game::app::settings::PlayerSettings>,
    bridge: Res<GoBridge>,
    mut viewing: ResMut<GoViewing>,
    mut kind: ResMut<DropKind>,
    mut life: ResMut<LifeView>,
    mut flipped: ResMut<GoFlipped>,
    mut commands: MessageWriter<GoCommand>,
    (mut hints, mut analysis): (
        MessageWriter<crate::game::app::bot_turn::AskHint>,
        MessageWriter<crate::game::app::study::ToggleAnalysis>,
    ),
    mut notice: ResMut<Notice>,
    (dialog, mut pass_keys): (
        Res<State<crate::game::app::screen::Dialog>>,
        MessageWriter<super::panel::AskPass>,
    ),
) {
    // Keys belong to an open dialog, and keys typed into a text field are not moves; the
    // position editor takes none.
    if *dialog.get() != crate::game::app::screen::Dialog::None
        || egui.ctx_mut().is_ok_and(|ctx| ctx.text_edit_focused())
        || bridge.edit.is_some()
    {
        return;
    }
    if let Some(view) = browse_keys(&keys, bridge.game.moves().len(), viewing.0) {
        viewing.set_if_neq(GoViewing::of(view));
    }
    // 1–9 and 0: the kinds of the set, in the rule book's order (ten kinds at most).
    let digits = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
        KeyCode::Digit0,
    ];
    let set = bridge.game.position().rules().pieces;
    for (i, key) in digits.iter().enumerate() {
        if keys.just_pressed(*key)
            && let Some(k) = set.kinds().nth(i)
        {
            kind.set_if_neq(DropKind(k));
        }
    }
    if keys.just_pressed(KeyCode::KeyP) {
        let (line, in_line) = bridge.board_game(viewing.0);
        if in_line && line.outcome().is_none() {
            commands.write(GoCommand::TryMove(Move::Pass));
        } else if bridge.human_to_move() && viewing.0.is_none() {
            // A pass that may end the game asks first, in the panel.
            let person = bridge.game.position().turn();
            // (A lesson's or a puzzle's board has no such panel: its pass is its own.)
            if !bridge.is_driven() && super::panel::pass_question(&bridge, person).is_some() {
                pass_keys.write(super::panel::AskPass);
            } else {
                commands.write(GoCommand::Play(Move::Pass));
            }
        } else {
            notice.0 = Some(if line.outcome().is_some() {
                "The game is over: Undo, or Play on after two passes, to go on".into()
            } else {
                "It is not your move".into()
            });
        }
    }
    if keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace) {
        // In a side line, its last move is taken back; the game stays as it is.
        commands.write(if bridge.line(viewing.0).is_some() {
            GoCommand::LineUndo
        } else {
            GoCommand::Undo
        });
    }
    if keys.just_pressed(KeyCode::KeyR) {
        commands.write(GoCommand::Redo);
    }
    if keys.just_pressed(KeyCode::KeyF) {
        flipped.0 = !flipped.0;
    }
    if keys.just_pressed(KeyCode::KeyL) {
        life.0 = !life.0;
    }
    if keys.just_pressed(KeyCode::KeyH) {
        hints.write(crate::game::app::bot_turn::AskHint);
    }
    if keys.just_pressed(KeyCode::KeyA) {
        analysis.write(crate::game::app::study::ToggleAnalysis);
    }
    if keys.just_pressed(KeyCode::KeyC) {
        settings.0.show_coordinates = !settings.0.show_coordinates;
    }
    if help_key(&logical, &keys) {
        help.0 = !help.0;
    }
}

/// The marks follow the game, the view and the pointer (the drop under the pointer, and a
/// picked piece's moves, are judged every frame the board is drawn: a few whole-board
/// checks; the marks are drawn again only when they change).
pub(super) fn update_marks(
    bridge: Res<GoBridge>,
    viewing: Res<GoViewing>,
    state: Res<GoPointer>,
    kind: Res<DropKind>,
    life: Res<LifeView>,
    hint: Res<GoHint>,
    animating: Res<Animating>,
    mut marks: ResMut<GoMarks>,
) {
    let (game, in_line) = bridge.board_game(viewing.0);
    let shown = bridge.shown(viewing.0);
    let mut next = GoMarks::default();
    // The position editor's set-up carries no marks.
    if bridge.edit.is_some() {
        marks.set_if_neq(next);
        return;
    }
    if let Some((mv, _)) = bridge.shown_move(viewing.0) {
        match mv {
            Move::Drop { cell, .. } => next.last_move.insert(cell),
            Move::Step { from, to } => {
                next.last_move.insert(from);
                next.last_move.insert(to);
            }
            Move::Pass => {}
        }
    }
    next.ko = shown.ko().map(|(_, c)| c);
    // The controlled cells are the score of a game ended by two passes (a resignation or
    // a draw is not scored).
    let over = (viewing.0.is_none() || in_line)
        && game
            .outcome()
            .is_some_and(|o| o.reason == crate::go::EndReason::Passes);
    if over || life.0 {
        next.controlled = Some(shown.controlled());
    }
    if life.0 {
        let (escapes, defences) = life_links(shown);
        next.escapes = escapes;
        next.defences = defences;
    }
    if takes_moves(&bridge, viewing.0, animating.0) {
        if let Some(mv) = hint.current(bridge.version).filter(|_| !in_line) {
            match mv {
                Move::Drop { cell, .. } => next.hint.insert(cell),
                Move::Step { from, to } => {
                    next.hint.insert(from);
                    next.hint.insert(to);
                }
                Move::Pass => {}
            }
        }
        let pos = game.position();
        if let Some(from) = state.picked {
            next.selected = Some(from);
            if let Some(piece) = pos.piece_at(from) {
                let occupied = pos.occupied();
                let cells = pos
                    .geometry()
                    .moves(piece.kind, piece.side, from, &occupied);
                for to in cells {
                    if let Ok(captured) = judge(game, Move::Step { from, to }) {
                        next.targets.insert(to);
                        if state.hover == Some(to) {
                            next.captures = captured;
                        }
                    }
                }
            }
        } else if let Some(cell) = state.hover.filter(|c| pos.piece_at(*c).is_none()) {
            let mv = Move::Drop { kind: kind.0, cell };
            let piece = Piece::new(pos.turn(), kind.0);
            let playable = pos.geometry().playable.contains(cell);
            if playable {
                match judge(game, mv) {
                    Ok(captured) => {
                        next.ghost = Some((piece, cell, true));
                        next.captures = captured;
                    }
                    Err(e) => {
                        next.ghost = Some((piece, cell, false));
                        next.why = Some(refusal(&e));
                    }
                }
            }
        }
    }
    marks.set_if_neq(next);
}

/// Messages for the player: refusals; the notice clears when the game moves on.
pub(super) fn notices(
    mut refused: MessageReader<Refused>,
    mut played: MessageReader<GoPlayed>,
    mut resynced: MessageReader<Resynced>,
    mut notice: ResMut<Notice>,
    mut state: ResMut<GoPointer>,
) {
    let moved = played.read().count() > 0 || resynced.read().count() > 0;
    if moved {
        // The pick goes with the move (the live game's or a side line's).
        state.picked = None;
        state.dragging = false;
    }
    let next = next_notice(&notice, moved, refused.read().last());
    notice.set_if_neq(next);
}

/// The kind to drop stays one of the game's set.
pub(super) fn keep_kind_in_set(bridge: Res<GoBridge>, mut kind: ResMut<DropKind>) {
    let set = bridge.game.position().rules().pieces;
    if !set.contains(kind.0) {
        kind.set_if_neq(DropKind(set.kinds().next().unwrap_or(Kind::Rook)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Position, Rules};

    /// White's rook on a9, Black's on b9, Black to move; pieces do not move.
    fn game() -> Game {
        let start =
            Position::from_text("Rr7/9/9/9/9/9/9/9/9 b 0 0 0 - 1", Rules::default()).unwrap();
        Game::from_position(start)
    }

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn a_click_drops_on_an_empty_cell_and_says_why_not_elsewhere() {
        let game = game();
        let mut next = GoPointer::default();
        assert_eq!(
            click(&mut next, Some(cell("e5")), &game, Kind::Rook),
            Some(Clicked::Play(Move::Drop {
                kind: Kind::Rook,
                cell: cell("e5")
            }))
        );
        // One's own piece, in a game whose pieces do not move: nothing is picked.
        assert!(matches!(
            click(&mut next, Some(cell("b9")), &game, Kind::Rook),
            Some(Clicked::Tell(words)) if words.starts_with("Pieces do not move")
        ));
        assert_eq!(next.picked, None);
        assert!(matches!(
            click(&mut next, Some(cell("a9")), &game, Kind::Rook),
            Some(Clicked::Tell(words)) if words.starts_with("That cell is taken")
        ));
        assert_eq!(click(&mut next, None, &game, Kind::Rook), None);
    }

    #[test]
    fn a_drag_let_go_on_another_cell_is_the_piece_s_move() {
        let mut next = GoPointer {
            picked: Some(cell("b9")),
            dragging: true,
            ..GoPointer::default()
        };
        // Let go where it was picked: it stays picked, for a click on a target.
        assert_eq!(release(&mut next, Some(cell("b9"))), None);
        assert_eq!((next.picked, next.dragging), (Some(cell("b9")), false));
        next.dragging = true;
        assert_eq!(
            release(&mut next, Some(cell("b5"))),
            Some(Move::Step {
                from: cell("b9"),
                to: cell("b5")
            })
        );
        assert_eq!(next.picked, None);
    }
}
