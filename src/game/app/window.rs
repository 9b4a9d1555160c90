//! The window as every board sees it: its size and the world point under the pointer.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

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
