//! The UI layer shared by every screen and dialog: one palette, egui's style and fonts,
//! the small widgets the menus are made of, the notice line, and the small-board painter.

pub mod mini_board;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::Side;

/// The palette of the panels, menus and dialogs (the board has its own: [`super::theme`]).
pub mod palette {
    use bevy_egui::egui::Color32;

    /// Warm gold for titles and results.
    pub const GOLD: Color32 = Color32::from_rgb(240, 205, 120);
    /// Soft orange for problems, notices and questions.
    pub const WARN: Color32 = Color32::from_rgb(240, 170, 120);
    /// The background of panels and full-screen menus.
    pub const PANEL: Color32 = Color32::from_rgb(34, 29, 26);
    /// Dialog windows.
    pub const WINDOW: Color32 = Color32::from_rgb(44, 37, 32);
    /// The frame of the game-over panel.
    pub const CARD: Color32 = Color32::from_rgb(30, 24, 20);
    pub const CARD_EDGE: Color32 = Color32::from_rgb(200, 150, 80);
    /// The Polis badge.
    pub const POLIS: Color32 = Color32::from_rgb(52, 86, 170);
    /// A hint's text.
    pub const HINT: Color32 = Color32::from_rgb(120, 200, 235);
    /// Black's and White's swatches: fill and edge.
    pub const BLACK_SIDE: (Color32, Color32) =
        (Color32::from_rgb(30, 28, 28), Color32::from_gray(90));
    pub const WHITE_SIDE: (Color32, Color32) =
        (Color32::from_rgb(245, 240, 228), Color32::from_gray(150));
    /// The square of the board the swatches stand on.
    pub const SQUARE: Color32 = Color32::from_rgb(222, 186, 135);
}

/// Width kept free on the right for the side panel, in logical pixels.
pub const PANEL_WIDTH: f32 = 300.0;

/// One line for the player: why a man cannot move, why a command was refused, what an
/// export did.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Notice(pub Option<String>);

/// A `Ui` over the whole window, behind windows, for panels to be shown in (egui 0.36).
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// A dialog window in the middle of the board area (beside the panel during a game).
pub fn dialog<'a>(title: &'a str, open: &'a mut bool, in_game: bool) -> egui::Window<'a> {
    let offset = if in_game { -PANEL_WIDTH / 2.0 } else { 0.0 };
    egui::Window::new(title)
        .open(open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [offset, 0.0])
}

/// A big menu button.
pub fn menu_button(ui: &mut egui::Ui, text: &str, enabled: bool) -> bool {
    ui.add_enabled(
        enabled,
        egui::Button::new(egui::RichText::new(text).size(20.0)).min_size(egui::vec2(300.0, 44.0)),
    )
    .clicked()
}

/// A row of radio buttons for one choice.
pub fn choice<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut T,
    options: impl IntoIterator<Item = (T, &'static str)>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(label);
        for (option, name) in options {
            ui.radio_value(value, option, name);
        }
    });
}

/// A side's swatch: its man on a square of the board, so that Black's dark disc reads as
/// a man on the dark panel, not as an empty ring.
pub fn side_swatch(ui: &mut egui::Ui, side: Side) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
    let (fill, edge) = match side {
        Side::Black => palette::BLACK_SIDE,
        Side::White => palette::WHITE_SIDE,
    };
    ui.painter().rect_filled(rect, 3.0, palette::SQUARE);
    ui.painter()
        .circle(rect.center(), 6.5, fill, egui::Stroke::new(1.0, edge));
}

/// egui's look for the game, set once.
fn style(mut contexts: EguiContexts, mut done: Local<bool>) {
    if *done {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    #[cfg(target_arch = "wasm32")]
    ctx.set_fonts(web_fonts());
    let mut visuals = egui::Visuals::dark();
    visuals.panel_fill = palette::PANEL;
    visuals.window_fill = palette::WINDOW;
    visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(70, 52, 38);
    visuals.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(96, 70, 48);
    visuals.widgets.active.weak_bg_fill = egui::Color32::from_rgb(120, 86, 56);
    visuals.selection.bg_fill = egui::Color32::from_rgb(150, 104, 52);
    ctx.set_visuals(visuals);
    let mut style = (*ctx.global_style()).clone();
    style.spacing.item_spacing = egui::vec2(8.0, 7.0);
    style.spacing.button_padding = egui::vec2(10.0, 5.0);
    for (text_style, font) in style.text_styles.iter_mut() {
        font.size = match text_style {
            egui::TextStyle::Heading => 26.0,
            egui::TextStyle::Small => 12.0,
            _ => 15.0,
        };
    }
    ctx.set_global_style(style);
    *done = true;
}

/// The browser build's fonts: egui's Ubuntu Light and Hack cut down to the characters the
/// game writes (assets/fonts/make_fonts.sh), instead of egui's 1.4 MB of default fonts.
/// They take effect from the second frame; the first has no text.
#[cfg(target_arch = "wasm32")]
fn web_fonts() -> egui::FontDefinitions {
    use std::sync::Arc;
    let mut fonts = egui::FontDefinitions::empty();
    for (name, bytes) in [
        (
            "ubuntu",
            &include_bytes!("../../../assets/fonts/ubuntu-light-derivative-chogo.ttf")[..],
        ),
        (
            "hack",
            &include_bytes!("../../../assets/fonts/hack-chogo.ttf")[..],
        ),
    ] {
        let data = egui::FontData::from_static(bytes);
        fonts.font_data.insert(name.into(), Arc::new(data));
    }
    let family = |names: [&str; 2]| names.map(String::from).to_vec();
    fonts
        .families
        .insert(egui::FontFamily::Proportional, family(["ubuntu", "hack"]));
    fonts
        .families
        .insert(egui::FontFamily::Monospace, family(["hack", "ubuntu"]));
    fonts
}

/// The egui layers, in the order they are drawn each frame: the style, the board's
/// coordinates, the side panel, then screens, then dialogs on top.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiLayer {
    Style,
    Board,
    Panel,
    Screens,
    Dialogs,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>();
    app.configure_sets(
        EguiPrimaryContextPass,
        (
            UiLayer::Style,
            UiLayer::Board,
            UiLayer::Panel,
            UiLayer::Screens,
            UiLayer::Dialogs,
        )
            .chain(),
    );
    app.add_systems(EguiPrimaryContextPass, style.in_set(UiLayer::Style));
}
