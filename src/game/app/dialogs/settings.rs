//! The settings dialog: sound, animation speed, theme, markers and coordinates.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::app::persist::Persistence;
use crate::game::app::screen::{Dialog, InGame, MenuAction};
use crate::game::app::settings::PlayerSettings;
use crate::game::app::ui::{self, PanelPlace};
use crate::save::ThemeName;

pub(super) fn dialog(
    mut contexts: EguiContexts,
    mut settings: ResMut<PlayerSettings>,
    in_game: Option<Res<State<InGame>>>,
    place: Res<PanelPlace>,
    persistence: Res<Persistence>,
    mut actions: MessageWriter<MenuAction>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut edited = settings.0;
    ui::dialog("Settings", &mut open, in_game.as_ref().map(|_| *place), ctx)
        .default_width(380.0)
        .show(ctx, |ui| {
            ui::scrolling(ui, |ui| {
                egui::Grid::new("settings")
                    .num_columns(2)
                    .spacing([16.0, 10.0])
                    .show(ui, |ui| {
                        ui.label("Volume");
                        ui.horizontal(|ui| {
                            ui.add(
                                egui::Slider::new(&mut edited.volume, 0.0..=1.0).show_value(false),
                            );
                            ui.checkbox(&mut edited.muted, "Mute");
                        });
                        ui.end_row();
                        ui.label("Animation speed");
                        ui.add(egui::Slider::new(&mut edited.animation_speed, 0.5..=3.0).text("×"));
                        ui.end_row();
                        ui.label("Board");
                        ui.horizontal(|ui| {
                            for theme in ThemeName::ALL {
                                ui.radio_value(&mut edited.theme, theme, theme.title());
                            }
                        });
                        ui.end_row();
                        ui.label("Show legal moves");
                        ui.checkbox(
                            &mut edited.show_legal_moves,
                            "mark where a picked man or piece can go",
                        );
                        ui.end_row();
                        ui.label("Coordinates");
                        ui.checkbox(
                            &mut edited.show_coordinates,
                            "letters and numbers around the board",
                        );
                        ui.end_row();
                        ui.label("Go with chess pieces");
                        ui.checkbox(&mut edited.rooks_as_stones, "rooks as Go stones");
                        ui.end_row();
                    });
                ui.label(
                    egui::RichText::new(
                        "High contrast: grey board, white men carry a black ring; markers in \
                     colours told apart with any colour vision.",
                    )
                    .small()
                    .weak(),
                );
                if persistence.store.is_some() {
                    ui.label(
                        egui::RichText::new("Settings are kept for the next time.")
                            .small()
                            .weak(),
                    );
                }
                if ui.button("Done").clicked() {
                    actions.write(MenuAction::Open(Dialog::None));
                }
            })
        });
    settings.set_if_neq(PlayerSettings(edited));
    if !open {
        actions.write(MenuAction::Open(Dialog::None));
    }
    Ok(())
}
