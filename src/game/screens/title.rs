//! The title screen: the game in hand on a small board, Continue, New game, Load, Rules,
//! Settings, Quit; problems with the saved files, and where they are kept.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::bridge::Bridge;
use crate::game::dialogs::matchup;
use crate::game::persist::Persistence;
use crate::game::screen::{Dialog, MenuAction, Resumable, Screen};
use crate::game::theme::Theme;
use crate::game::ui::{self, UiLayer, mini_board, palette};

fn title_screen(
    mut contexts: EguiContexts,
    bridge: Res<Bridge>,
    persistence: Res<Persistence>,
    theme: Res<Theme>,
    dialog: Res<State<Dialog>>,
    mut actions: MessageWriter<MenuAction>,
    resumable: Res<Resumable>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Keys for the menu when no dialog is open: C continue, N new game, L load, R rules,
    // S settings.
    if *dialog.get() == Dialog::None && !ctx.text_edit_focused() {
        let key = |k| ctx.input(|i| i.key_pressed(k));
        if key(egui::Key::C) && resumable.0 {
            actions.write(MenuAction::Play);
        } else if key(egui::Key::N) {
            actions.write(MenuAction::Open(Dialog::NewGame));
        } else if key(egui::Key::L) {
            actions.write(MenuAction::Open(Dialog::Load));
        } else if key(egui::Key::R) {
            actions.write(MenuAction::Rules);
        } else if key(egui::Key::S) {
            actions.write(MenuAction::Open(Dialog::Settings));
        }
    }
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(palette::PANEL))
        .show(&mut ui::root_ui(ctx), |ui| {
            let height = ui.available_height();
            // A short window gets a smaller title and buttons, and no board below 420
            // points; what still does not fit scrolls rather than being cut off.
            let compact = height < 560.0;
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space((height * 0.06).max(8.0));
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new("CHOGO")
                            .size(if compact { 40.0 } else { 64.0 })
                            .strong()
                            .color(palette::GOLD),
                    );
                    ui.label(
                    egui::RichText::new(
                        "Latrunculi, the Roman soldiers' game, as reconstructed by David Jagger",
                    )
                    .size(if compact { 14.0 } else { 17.0 })
                    .italics(),
                );
                    if height >= 420.0 {
                        ui.add_space(14.0);
                        mini_board::paint_position(
                            ui,
                            &theme,
                            bridge.game.position(),
                            (height * 0.28).clamp(110.0, 300.0),
                        );
                    }
                    ui.add_space(if compact { 8.0 } else { 14.0 });
                    if resumable.0 {
                        let pos = bridge.game.position();
                        let state = match bridge.game.outcome() {
                            Some(outcome) => outcome.to_string(),
                            None => format!("move {}, {} to move", pos.fullmoves(), pos.turn()),
                        };
                        if ui::menu_button(ui, "Continue  (C)", true, compact) {
                            actions.write(MenuAction::Play);
                        }
                        ui.label(
                            egui::RichText::new(format!(
                                "{} · {} · {state}",
                                matchup(bridge.setup.players),
                                bridge.game.rules().describe()
                            ))
                            .weak(),
                        );
                    }
                    if ui::menu_button(ui, "New game  (N)", true, compact) {
                        actions.write(MenuAction::Open(Dialog::NewGame));
                    }
                    if ui::menu_button(ui, "Load a record or position  (L)", true, compact) {
                        actions.write(MenuAction::Open(Dialog::Load));
                    }
                    if ui::menu_button(ui, "Rules  (R)", true, compact) {
                        actions.write(MenuAction::Rules);
                    }
                    if ui::menu_button(ui, "Settings  (S)", true, compact) {
                        actions.write(MenuAction::Open(Dialog::Settings));
                    }
                    // A page is closed by the browser, not by the game.
                    if !cfg!(target_arch = "wasm32") && ui::menu_button(ui, "Quit", true, compact) {
                        actions.write(MenuAction::Quit);
                    }
                    for problem in &persistence.problems {
                        ui.label(egui::RichText::new(problem).color(palette::WARN));
                    }
                    if let Some(store) = &persistence.store {
                        ui.add_space(8.0);
                        ui.label(
                            egui::RichText::new(format!(
                                "Games and settings are kept in {}",
                                store.location()
                            ))
                            .small()
                            .weak(),
                        );
                    }
                });
            });
        });
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        title_screen
            .run_if(in_state(Screen::Title))
            .in_set(UiLayer::Screens),
    );
}
