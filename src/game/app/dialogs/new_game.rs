//! The new-game dialog: which game, then that board's own form (the opponent, the rules,
//! the rules in one line), and Start.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::app::boards::{self, Boards};
use crate::game::app::screen::{Dialog, GameKind, MenuAction};
use crate::game::app::ui::{self, palette};

/// The game the new-game dialog offers.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct NewGameChoice(pub GameKind);

pub(super) fn dialog(world: &mut World) {
    let Some(ctx) = boards::egui_context(world) else {
        return;
    };
    let boards = world.resource::<Boards>().clone();
    let mut choice = world.resource::<NewGameChoice>().0;
    let over_game = super::over_game(world);
    let mut open = true;
    ui::dialog("New game", &mut open, over_game, &ctx)
        .default_width(420.0)
        .show(&ctx, |ui| {
            // The form scrolls; Start and Cancel stay in sight under it.
            let form = ui::scrolling_above_row(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label("Game");
                    for board in boards.all() {
                        ui.selectable_value(&mut choice, board.kind, board.name);
                    }
                });
                ui.separator();
                let board = boards.get(choice)?;
                let problem = boards::draw(world, board.new_game_form, ui);
                if let Some(problem) = &problem {
                    ui.label(egui::RichText::new(problem).color(palette::WARN));
                }
                Some((board.start, problem))
            });
            let Some((start, problem)) = form else {
                return;
            };
            ui.separator();
            ui.horizontal(|ui| {
                // Enter starts too (when no text field has the keys).
                let enter =
                    !ui.ctx().text_edit_focused() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                // The reason is above, maybe scrolled away: the greyed button says it too.
                let start_button = ui
                    .add_enabled(problem.is_none(), egui::Button::new("Start (Enter)"))
                    .on_disabled_hover_text(problem.as_deref().unwrap_or_default());
                if start_button.clicked() || enter && problem.is_none() {
                    boards::ask(world, start);
                }
                if ui.button("Cancel").clicked() {
                    world.write_message(MenuAction::Open(Dialog::None));
                }
            });
        });
    world.resource_mut::<NewGameChoice>().0 = choice;
    if !open {
        world.write_message(MenuAction::Open(Dialog::None));
    }
}

/// A board's form: who the person plays. Every level is listed at once, with its
/// strength in a few words, so that no level hides below a scroll; against a bot, the
/// person's side. `levels` are the board's bot levels, weakest first, with their titles.
pub fn opponent_form<L: Copy + PartialEq>(
    ui: &mut egui::Ui,
    level: &mut Option<L>,
    side: &mut crate::common::Side,
    levels: &[(L, &str)],
) {
    use crate::common::Side;
    let title = |l: L| {
        levels
            .iter()
            .find(|(x, _)| *x == l)
            .map_or("?", |(_, t)| *t)
    };
    egui::ComboBox::from_label("Opponent")
        .selected_text(level.map_or("Another person".to_string(), |l| {
            format!("Computer: {}", title(l))
        }))
        // Tall enough for every entry: a list that scrolls kept its old scroll position,
        // and a click landed on another level than the one under the pointer.
        .height(f32::INFINITY)
        .show_ui(ui, |ui| {
            ui.selectable_value(level, None, "Another person");
            for &(l, t) in levels {
                ui.selectable_value(level, Some(l), format!("Computer: {t}"));
            }
        });
    if level.is_some() {
        ui.horizontal(|ui| {
            ui.label("You play");
            ui.radio_value(side, Side::Black, "Black (moves first)");
            ui.radio_value(side, Side::White, "White");
        });
    }
}
