//! The window as every board sees it: its size, the world point under the pointer, and
//! the pointer as a board's input takes it ([`BoardPointer`]).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use crate::game::app::screen::Dialog;
use crate::game::app::ui::{DrawerOpen, PanelPlace, pointer_on_board};

/// The primary window's logical size, if there is a window.
pub fn window_size(windows: &Query<&Window, With<PrimaryWindow>>) -> Option<Vec2> {
    windows
        .single()
        .ok()
        .map(|w| Vec2::new(w.width(), w.height()))
}

/// The world point under the pointer, if it is over the window.
pub fn cursor_world(
    windows: &Query<&Window, With<PrimaryWindow>>,
    cameras: &Query<(&Camera, &GlobalTransform)>,
) -> Option<Vec2> {
    let cursor = windows.single().ok()?.cursor_position()?;
    let (camera, transform) = cameras.single().ok()?;
    camera.viewport_to_world_2d(transform, cursor).ok()
}

/// The pointer as a board's input takes it: its buttons and the keys held with them,
/// the world point under it, and whether it is over the board's part of the window.
#[derive(SystemParam)]
pub struct BoardPointer<'w, 's> {
    pub mouse: Res<'w, ButtonInput<MouseButton>>,
    pub keys: Res<'w, ButtonInput<KeyCode>>,
    windows: Query<'w, 's, &'static Window, With<PrimaryWindow>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform)>,
    egui: EguiContexts<'w, 's>,
    place: Res<'w, PanelPlace>,
    drawer: Res<'w, DrawerOpen>,
    dialog: Res<'w, State<Dialog>>,
}

impl BoardPointer<'_, '_> {
    /// The world point under the pointer, if it is over the window.
    pub fn world(&self) -> Option<Vec2> {
        cursor_world(&self.windows, &self.cameras)
    }

    /// Whether the pointer is over the board's part of the window: no panel, open
    /// drawer, dialog or egui card lies under it ([`pointer_on_board`]).
    pub fn on_board(&mut self) -> bool {
        let cursor = self.windows.single().ok().and_then(Window::cursor_position);
        let (place, drawer) = (*self.place, self.drawer.0);
        let dialog = *self.dialog.get() != Dialog::None;
        self.egui
            .ctx_mut()
            .is_ok_and(|ctx| pointer_on_board(ctx, cursor, place, drawer, dialog))
    }
}
