//! The board module of Go with chess pieces: its layout, board and marks, pieces and
//! their animations, input, side panel (with the result and the score at the end), bot
//! player, hints and sounds, and its parts of the shared screens (`menu`: the title line,
//! the new-game form, reading an SGF file or a record, its settings row; its rule book;
//! small boards drawn with egui).
//! It runs while a game of Go with chess pieces is on the screen ([`GoOn`]) over its own
//! rules bridge ([`bridge`]); the screens, dialogs, settings, saves, sounds and the side
//! panel's placement are the app's shared layer ([`crate::game::app`]).

mod board;
pub mod bridge;
pub mod describe;
mod editor;
mod figures;
pub(super) mod given;
mod input;
mod layout;
mod menu;
mod panel;
mod pieces;
mod play;
pub mod rule_book;
pub mod saving;
mod small_board;
mod study;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::app::screen::{self, GameKind, InGame, Screen};
use crate::game::app::sets::Phase;
use crate::game::app::ui::UiLayer;
use crate::go::{Cell, Kind, Position};
use crate::rules::Side;
use crate::save::GoPlayer;
use bridge::{GoBridge, GoCommand};

pub use board::GoMarks;
pub use figures::Figures;
pub use input::{GoPointer, judge, refusal};
pub use layout::GoLayout;
pub use panel::outcome_text;
pub use pieces::{GoPiece, PiecesShown};
pub use play::{GoHint, GoThinking};

/// A game of Go with chess pieces is on the screen: its board, pieces and panel exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GoOn;

impl ComputedStates for GoOn {
    type SourceStates = (Screen, GameKind);
    fn compute((screen, kind): (Screen, GameKind)) -> Option<GoOn> {
        (InGame::compute(screen).is_some() && kind == GameKind::Go).then_some(GoOn)
    }
}

/// Whether the board is seen from White's side: so when a person plays White against a
/// bot (its pieces at the bottom), until Flip turns it.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct GoFlipped(pub bool);

impl GoFlipped {
    /// The side a game's players see it from.
    pub fn for_players(players: crate::common::BySide<GoPlayer>) -> GoFlipped {
        GoFlipped(players.white == GoPlayer::Human && players.black != GoPlayer::Human)
    }
}

/// A new or loaded game turns the board to the side its person plays.
fn face_the_player(mut commands: MessageReader<GoCommand>, mut flipped: ResMut<GoFlipped>) {
    for command in commands.read() {
        let players = match command {
            GoCommand::NewGame(setup) => setup.players,
            GoCommand::Load(saved) => saved.players,
            _ => continue,
        };
        flipped.set_if_neq(GoFlipped::for_players(players));
    }
}

/// Which position the board shows: `None` the live game, `Some(n)` the position after `n`
/// moves (browsing the move list). Presentation only.
pub type GoViewing = crate::game::app::session::Viewing<crate::go::Game>;

/// The kind a click drops (the palette; keys 1–9 and 0).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DropKind(pub Kind);

impl Default for DropKind {
    fn default() -> DropKind {
        DropKind(Kind::Rook)
    }
}

/// The life view: every piece's escape and the defences that keep pieces alive.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LifeView(pub bool);

/// Why each piece lives (GO_RULES §2): a piece that can move is joined to one empty cell
/// it can move to; a piece that cannot is joined to a living friend it defends, nearest
/// an escape first (a breadth-first walk from the pieces that can move).
pub fn life_links(position: &Position) -> (Vec<(Cell, Cell)>, Vec<(Cell, Cell)>) {
    let geometry = position.geometry();
    let occupied = position.occupied();
    let mut escapes = Vec::new();
    let mut defences = Vec::new();
    for side in [Side::Black, Side::White] {
        let pieces = position.pieces(side);
        let mut living = crate::go::Bits::EMPTY;
        let mut frontier = Vec::new();
        for cell in pieces {
            let Some(piece) = position.piece_at(cell) else {
                continue;
            };
            let moves = geometry.moves(piece.kind, side, cell, &occupied);
            // The escape nearest the piece (the first in the board's order among those one
            // step away when there are any).
            let near = moves.iter().min_by_key(|to| {
                to.file()
                    .abs_diff(cell.file())
                    .max(to.rank().abs_diff(cell.rank()))
            });
            if let Some(to) = near {
                escapes.push((cell, to));
                living.insert(cell);
                frontier.push(cell);
            }
        }
        // Then, round by round, each piece that defends a living friend.
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for cell in pieces {
                if living.contains(cell) {
                    continue;
                }
                let Some(piece) = position.piece_at(cell) else {
                    continue;
                };
                let mut defended = None;
                geometry.for_each_target(piece.kind, side, cell, &occupied, |t| {
                    if defended.is_none() && frontier.contains(&t) {
                        defended = Some(t);
                    }
                });
                if let Some(friend) = defended {
                    defences.push((cell, friend));
                    next.push(cell);
                }
            }
            for &cell in &next {
                living.insert(cell);
            }
            frontier = next;
        }
    }
    (escapes, defences)
}

/// The move list's view follows the game: after a new or loaded game, an undo, a redo or
/// an ending the board shows the live position (a view of a past move could point past
/// the end, or into another game).
fn follow_game(
    mut resynced: MessageReader<crate::game::app::reports::Resynced>,
    mut viewing: ResMut<GoViewing>,
) {
    if resynced.read().count() > 0 {
        viewing.set_if_neq(GoViewing::of(None));
    }
}

/// The parts without a window (the windowless tests run them): the view, the palette,
/// the layout, the pieces and their animations, the marks, the bot player and hints.
pub(super) fn logic_plugin(app: &mut App) {
    bridge::plugin(app);
    study::plugin(app);
    app.add_computed_state::<GoOn>();
    app.init_resource::<GoFlipped>();
    screen::register_board::<GoBridge, _>(app, GoOn);
    crate::game::app::persist::register::<GoBridge, _>(app, GoOn);
    crate::game::app::learn::register::<crate::go::Game, _>(app, GoOn);
    crate::game::app::online::register::<crate::go::Game, _>(app, GoOn);
    crate::game::app::start::register(app, saving::start());
    app.add_systems(
        Update,
        face_the_player.in_set(Phase::Layout).before(layout::refit),
    );
    app.init_resource::<crate::game::app::ui::Notice>();
    app.init_resource::<DropKind>();
    app.init_resource::<LifeView>();
    app.init_resource::<GoLayout>();
    app.init_resource::<GoMarks>();
    app.init_resource::<GoPointer>();
    app.init_resource::<PiecesShown>();
    app.init_resource::<board::MarksDrawn>();
    // The browser fetches the figures: their loader first.
    #[cfg(target_arch = "wasm32")]
    figures::web::register(app);
    app.init_resource::<Figures>();
    app.add_systems(
        OnEnter(GoOn),
        |mut shown: ResMut<PiecesShown>,
         mut drawn: ResMut<board::MarksDrawn>,
         mut viewing: ResMut<GoViewing>| {
            *shown = PiecesShown::default();
            drawn.0 = None;
            viewing.0 = None;
        },
    );
    app.add_systems(
        Update,
        (
            input::keep_kind_in_set.in_set(Phase::Input),
            (follow_game, layout::refit).in_set(Phase::Layout),
            pieces::sync_pieces.in_set(Phase::Men),
            (pieces::animate_settle, pieces::animate_flights)
                .in_set(Phase::Animate)
                .before(crate::game::app::animation::track_animating),
            (input::notices, input::update_marks)
                .chain()
                .in_set(Phase::React),
        )
            .run_if(in_state(GoOn)),
    );
    play::logic(app);
    // A moved or turned board settles on the screen for a moment.
    crate::game::app::pace::watch_picture::<GoLayout>(app);
}

/// The parts a window needs: the board's drawing, the pointer and keys, the panel, sounds.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (input::pointer, input::keyboard)
                .chain()
                .after(input::keep_kind_in_set)
                .after(crate::game::app::screen::act)
                .in_set(Phase::Input),
            (board::build_board, board::draw_marks).in_set(Phase::Draw),
        )
            .run_if(in_state(GoOn)),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        board::draw_labels
            .run_if(in_state(GoOn))
            .in_set(UiLayer::Board),
    );
    play::sound_plugin(app);
    panel::plugin(app);
    editor::plugin(app);
    study::draw_plugin(app);
    menu::register(app);
}
