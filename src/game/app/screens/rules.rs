//! The rules screen: a board's rule book in sections, listed beside the text (in a menu
//! above it in a narrow window), with Previous and Next, and a button for each other
//! board's book. Each board draws its own sections, with the small boards on which the
//! player makes the move a section describes ([`crate::game::app::boards`]).

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::app::boards::{self, Boards, RulePage};
use crate::game::app::screen::{self, GameKind, MenuAction, Screen};
use crate::game::app::ui::{self, palette};

/// The book shown (the game played last, until the player switches) and the section open
/// in each book.
#[derive(Resource, Debug, Default)]
pub struct RuleBook {
    which: GameKind,
    current: BTreeMap<GameKind, usize>,
}

/// The rules screen opens on the book of the game played last.
fn open_book(kind: Res<State<GameKind>>, mut book: ResMut<RuleBook>) {
    book.which = *kind.get();
}

/// Previous and Next, between the sections.
fn step_buttons(ui: &mut egui::Ui, current: &mut usize, count: usize) {
    let last = count.saturating_sub(1);
    if ui
        .add_enabled(*current > 0, egui::Button::new("Previous"))
        .clicked()
    {
        *current -= 1;
    }
    if ui
        .add_enabled(*current < last, egui::Button::new("Next"))
        .clicked()
    {
        *current += 1;
    }
}

fn rules_screen(world: &mut World) {
    let Some(ctx) = boards::egui_context(world) else {
        return;
    };
    let boards = world.resource::<Boards>().clone();
    let which = world.resource::<RuleBook>().which;
    let Some(board) = boards.get(which).or(boards.all().first()).cloned() else {
        return;
    };
    let mut current = world
        .resource::<RuleBook>()
        .current
        .get(&board.kind)
        .copied()
        .unwrap_or(0)
        .min(board.rule_titles.len().saturating_sub(1));
    let titles: Vec<String> = board
        .rule_titles
        .iter()
        .enumerate()
        .map(|(i, t)| format!("{}. {t}", i + 1))
        .collect();
    let mut switch_to = None;
    egui::CentralPanel::default()
        .frame(
            egui::Frame::new()
                .fill(palette::PANEL)
                .inner_margin(egui::Margin::same(18)),
        )
        .show(&mut ui::root_ui(&ctx), |ui| {
            // A narrow window (a phone, a small window) lists the sections in a menu
            // above the text, and puts each diagram's words below its board.
            let narrow = ui.available_width() < 680.0;
            ui.horizontal(|ui| {
                if ui.button("Back").clicked() {
                    world.write_message(MenuAction::Back);
                }
                ui.label(
                    egui::RichText::new(format!("The rules of {}", board.name))
                        .size(if narrow { 22.0 } else { 28.0 })
                        .strong()
                        .color(palette::GOLD),
                );
                for other in boards.all().iter().filter(|b| b.kind != board.kind) {
                    if ui
                        .button(format!("Rules of {}", other.name))
                        .on_hover_text("The other game's rule book")
                        .clicked()
                    {
                        switch_to = Some(other.kind);
                    }
                }
            });
            ui.separator();
            if narrow {
                ui.horizontal_wrapped(|ui| {
                    egui::ComboBox::from_id_salt("section")
                        .selected_text(titles.get(current).map_or("", |t| t.as_str()))
                        .width((ui.available_width() - 180.0).clamp(140.0, 260.0))
                        .show_ui(ui, |ui| {
                            for (i, title) in titles.iter().enumerate() {
                                ui.selectable_value(&mut current, i, title.as_str());
                            }
                        });
                    step_buttons(ui, &mut current, titles.len());
                });
                ui.separator();
            }
            ui.horizontal_top(|ui| {
                if !narrow {
                    ui.vertical(|ui| {
                        ui.set_width(230.0);
                        for (i, label) in titles.iter().enumerate() {
                            if ui.selectable_label(current == i, label).clicked() {
                                current = i;
                            }
                        }
                        ui.add_space(10.0);
                        ui.horizontal(|ui| step_buttons(ui, &mut current, titles.len()));
                    });
                    ui.separator();
                }
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        ui.vertical(|ui| {
                            ui.set_max_width(ui.available_width().min(900.0));
                            *world.resource_mut::<RulePage>() = RulePage {
                                section: current,
                                narrow,
                            };
                            boards::draw(world, board.rule_section, ui);
                        });
                    });
            });
        });
    let mut book = world.resource_mut::<RuleBook>();
    book.current.insert(board.kind, current);
    if let Some(kind) = switch_to {
        book.which = kind;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RuleBook>();
    app.init_resource::<RulePage>();
    app.add_systems(OnEnter(Screen::Rules), open_book);
    screen::add_view(app, Screen::Rules, rules_screen);
}
