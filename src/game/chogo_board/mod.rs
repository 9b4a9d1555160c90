//! The board module of Chogo: its rules bridge, layout, board and men, their animations,
//! input and selection, side panel, hints, bot player and exports, and its parts of the
//! shared screens (`menu`: the title line, the new-game form, reading a record; its rule
//! book; small boards drawn with egui). It runs while a Chogo
//! game is on the screen (`ChogoOn`), on the shared layer ([`crate::game::app`]).

pub mod board;
pub mod bot_player;
pub mod bridge;
pub mod editor;
pub mod export;
pub(super) mod given;
pub mod hint;
pub mod input;
pub mod layout;
pub mod men;
pub mod menu;
pub mod panel;
pub mod picking;
pub mod pieces;
pub mod rule_book;
pub mod saving;
pub mod small_board;
pub mod sounds;
mod study;
pub mod words;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::app::screen::{self, GameKind, InGame, Screen};
use crate::game::app::sets::Phase;
use crate::game::app::ui::UiLayer;
use bridge::{Bridge, Command, Viewing};
use layout::BoardLayout;

/// A Chogo game is on the screen: Chogo's board, men and panel exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChogoOn;

impl ComputedStates for ChogoOn {
    type SourceStates = (Screen, GameKind);
    fn compute((screen, kind): (Screen, GameKind)) -> Option<ChogoOn> {
        (InGame::compute(screen).is_some() && kind == GameKind::Chogo).then_some(ChogoOn)
    }
}

/// A person playing White against a bot sees their men at the bottom: a new or loaded
/// game turns the board to their side.
fn face_the_player(mut commands: MessageReader<Command>, mut layout: ResMut<BoardLayout>) {
    for command in commands.read() {
        let players = match command {
            Command::NewGame(setup) => setup.players,
            Command::Load(saved) => saved.players,
            _ => continue,
        };
        let white = players.white == bridge::PlayerKind::Human
            && players.black != bridge::PlayerKind::Human;
        if layout.flipped != white {
            layout.flipped = white;
        }
    }
}

/// The parts without a window: the layout, the rules bridge, the men, the bot player and
/// hints.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_computed_state::<ChogoOn>();
    screen::register_board::<Bridge, _>(app, ChogoOn);
    crate::game::app::persist::register::<Bridge, _>(app, ChogoOn);
    crate::game::app::learn::register::<crate::rules::Game, _>(app, ChogoOn);
    crate::game::app::online::register::<crate::rules::Game, _>(app, ChogoOn);
    crate::game::app::start::register(app, saving::start());
    // A moved or turned board settles on the screen for a moment.
    crate::game::app::pace::watch_picture::<BoardLayout>(app);
    // Continue shows the live game.
    app.add_systems(OnEnter(ChogoOn), |mut viewing: ResMut<Viewing>| {
        viewing.set_if_neq(Viewing::of(None));
    });
    app.add_systems(
        Update,
        face_the_player.in_set(Phase::Layout).before(layout::refit),
    );
    input::logic(app);
    app.init_resource::<men::MenShow>();
    // Entering a game: the men were despawned with the last one, so they are built anew.
    app.add_systems(OnEnter(ChogoOn), |mut show: ResMut<men::MenShow>| {
        show.0 = None;
    });
    app.add_systems(
        Update,
        (men::follow_bridge, men::follow_layout)
            .chain()
            .run_if(in_state(ChogoOn))
            .in_set(Phase::Men),
    );
    app.add_plugins((
        layout::plugin,
        bridge::plugin,
        bot_player::plugin,
        study::plugin,
    ));
}

/// The parts a window needs: the board's drawing, the pieces, input, the panel, exports.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<board::Highlights>();
    app.init_resource::<board::HighlightsDrawn>();
    app.add_systems(
        OnEnter(ChogoOn),
        |mut drawn: ResMut<board::HighlightsDrawn>| {
            drawn.0 = None;
        },
    );
    app.add_systems(
        Update,
        (board::build_board, board::draw_highlights)
            .run_if(in_state(ChogoOn))
            .in_set(Phase::Draw),
    );
    // The board's letters and the counts of men in hand, over the board.
    app.add_systems(
        EguiPrimaryContextPass,
        (board::draw_coordinates, board::draw_hand_counts)
            .run_if(in_state(ChogoOn))
            .in_set(UiLayer::Board),
    );
    app.add_plugins((
        pieces::plugin,
        input::plugin,
        panel::plugin,
        export::plugin,
        sounds::plugin,
        study::draw_plugin,
        editor::plugin,
    ));
    menu::register(app);
    // Frames come while a captured man's splinters fly.
    crate::game::app::pace::watch_motion::<pieces::Shard>(app);
}
