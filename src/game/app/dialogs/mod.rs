//! The dialogs over any screen, one at a time ([`Dialog`]): new game, load a record or
//! position, settings. Each board draws its own part of the new-game and load dialogs
//! ([`crate::game::app::boards`]) and keeps its own forms between openings.

mod load;
mod new_game;
mod settings;

use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};

use crate::game::app::screen::{Dialog, GameKind, InGame, MenuAction};
use crate::game::app::ui::{PanelPlace, UiLayer};

pub use load::LoadForm;
pub use new_game::{NewGameChoice, opponent_form};

/// The panel's place when a game is on the screen (a dialog then sits over the board,
/// beside a panel on the right).
fn over_game(world: &World) -> Option<PanelPlace> {
    world
        .get_resource::<State<InGame>>()
        .map(|_| *world.resource::<PanelPlace>())
}

/// Esc closes the dialog (when no text field has the keys).
fn close_on_escape(
    mut contexts: bevy_egui::EguiContexts,
    mut actions: MessageWriter<MenuAction>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !ctx.text_edit_focused() && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        actions.write(MenuAction::Open(Dialog::None));
    }
    Ok(())
}

/// The new-game dialog opened over a game offers that game (the title screen's buttons
/// choose it themselves); at the start, the game played last.
fn offer_the_game_on_screen(
    kind: Res<State<GameKind>>,
    in_game: Option<Res<State<InGame>>>,
    mut choice: ResMut<NewGameChoice>,
) {
    if in_game.is_some() {
        choice.0 = *kind.get();
    }
}

fn first_offer(kind: Res<State<GameKind>>, mut choice: ResMut<NewGameChoice>) {
    choice.0 = *kind.get();
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Dialog::NewGame), offer_the_game_on_screen);
    app.init_resource::<NewGameChoice>();
    app.init_resource::<crate::game::app::boards::Boards>();
    app.init_resource::<LoadForm>();
    app.add_systems(Startup, first_offer);
    app.add_systems(OnExit(Dialog::Load), load::forget_files);
    #[cfg(not(target_arch = "wasm32"))]
    {
        app.add_message::<FileDragAndDrop>();
        app.add_systems(
            Update,
            load::dropped_files.in_set(crate::game::app::sets::Phase::Input),
        );
    }
    app.add_systems(
        EguiPrimaryContextPass,
        (
            new_game::dialog.run_if(in_state(Dialog::NewGame)),
            load::dialog.run_if(in_state(Dialog::Load)),
            settings::dialog.run_if(in_state(Dialog::Settings)),
            close_on_escape.run_if(not(in_state(Dialog::None))),
        )
            .in_set(UiLayer::Dialogs),
    );
}
