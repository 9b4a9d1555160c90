//! The settings dialog: sound, animation speed, theme, markers and coordinates, then each
//! board's own settings ([`BoardEntry::settings`]).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::app::boards::{self, BoardEntry, Boards};
use crate::game::app::persist::Persistence;
use crate::game::app::screen::{Dialog, MenuAction};
use crate::game::app::settings::PlayerSettings;
use crate::game::app::ui;
use crate::save::{Settings, ThemeName};

pub(super) fn dialog(world: &mut World) {
    let Some(ctx) = boards::egui_context(world) else {
        return;
    };
    let boards = world.resource::<Boards>().clone();
    let kept = world.resource::<Persistence>().store.is_some();
    let over_game = super::over_game(world);
    let mut open = true;
    let mut edited = world.resource::<PlayerSettings>().0.clone();
    ui::dialog("Settings", &mut open, over_game, &ctx)
        .default_width(380.0)
        .show(&ctx, |ui| {
            // The settings scroll; Done stays in sight under them.
            ui::scrolling_above_row(ui, |ui| {
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
                        ui.label("Computer's pause");
                        let mut seconds = edited.bot_pause_ms as f32 / 1000.0;
                        let max = Settings::MAX_BOT_PAUSE_MS as f32 / 1000.0;
                        if ui
                            .add(egui::Slider::new(&mut seconds, 0.0..=max).step_by(0.1).text("s"))
                            .on_hover_text("How long the computer waits, after the move before has landed, to play its own")
                            .changed()
                        {
                            edited.bot_pause_ms = (seconds * 1000.0).round() as u32;
                        }
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
                        // The rows above take effect before a board's own rows edit the
                        // settings.
                        world
                            .resource_mut::<PlayerSettings>()
                            .set_if_neq(PlayerSettings(edited));
                        for part in boards.all().iter().filter_map(|b: &BoardEntry| b.settings) {
                            boards::draw(world, part, ui);
                        }
                    });
                ui.label(
                    egui::RichText::new(
                        "High contrast: grey board, white men carry a black ring; markers in \
                     colours told apart with any colour vision.",
                    )
                    .small()
                    .weak(),
                );
                if kept {
                    ui.label(
                        egui::RichText::new("Settings are kept for the next time.")
                            .small()
                            .weak(),
                    );
                }
            });
            ui.separator();
            if ui.button("Done").clicked() {
                world.write_message(MenuAction::Open(Dialog::None));
            }
        });
    if !open {
        world.write_message(MenuAction::Open(Dialog::None));
    }
}
