//! What every board's small boards drawn with egui's painter share (the title screen's game
//! in hand, the rule books' diagrams): theme colours for egui, and the room and size of
//! their coordinates. Each board draws its own in its `small_board.rs`.

use bevy::prelude::*;
use bevy_egui::egui;

/// A theme colour for egui.
pub fn paint(color: Color) -> egui::Color32 {
    let c = color.to_srgba();
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    egui::Color32::from_rgba_unmultiplied(byte(c.red), byte(c.green), byte(c.blue), byte(c.alpha))
}

/// The coordinates' font size on a board of `size`-point cells.
pub fn label_size(size: f32) -> f32 {
    (size * 0.28).clamp(8.0, 13.0)
}

/// Room for the rank numbers on the left and the file letters below: a whole line of text
/// (descenders of g, j, p included) fits in it, inside the space the board takes.
pub fn label_margin(size: f32) -> f32 {
    (label_size(size) * 1.6).max(size * 0.3)
}
