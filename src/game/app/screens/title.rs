//! The title screen: the game in hand on a small board, Continue, a new game of each
//! board, Load, Rules, Settings, Quit; problems with the saved files, and where they are
//! kept. Each board draws its own small board and line ([`crate::game::app::boards`]).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::app::boards::{self, BoardEntry, Boards};
use crate::game::app::dialogs::NewGameChoice;
use crate::game::app::persist::Persistence;
use crate::game::app::screen::{
    self, Dialog, GameKind, MenuAction, Resumable, ResumableGames, Screen,
};
use crate::game::app::ui::{self, palette};

/// Open the new-game dialog on a board.
fn new_game(world: &mut World, kind: GameKind) {
    world.resource_mut::<NewGameChoice>().0 = kind;
    world.write_message(MenuAction::Open(Dialog::NewGame));
}

fn title_screen(world: &mut World) {
    let Some(ctx) = boards::egui_context(world) else {
        return;
    };
    let boards = world.resource::<Boards>().clone();
    let kind = *world.resource::<State<GameKind>>().get();
    let resumable = world.resource::<Resumable>().0;
    let dialog_open = *world.resource::<State<Dialog>>().get() != Dialog::None;
    let saved = world.resource::<ResumableGames>().clone();
    let (problems, location) = {
        let persistence = world.resource::<Persistence>();
        (
            persistence.problems.clone(),
            persistence.store.as_ref().map(|s| s.location()),
        )
    };
    let in_hand = boards.get(kind).cloned();
    if !dialog_open && !ctx.text_edit_focused() {
        title_keys(world, &ctx, &boards, resumable);
    }
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(palette::PANEL))
        .show(&mut ui::root_ui(&ctx), |ui| {
            let height = ui.available_height();
            // A short window gets a smaller title and buttons. The small board takes the
            // height the rest leaves (measured on the frame before), so that every button
            // is in the window; below 110 points it is left out, and what still does not
            // fit scrolls rather than being cut off.
            let compact = height < 560.0;
            let rest_key = egui::Id::new("title without the board");
            let rest: f32 = ui.data(|d| d.get_temp(rest_key)).unwrap_or(560.0);
            let board_height = (height - rest - 24.0).min(300.0);
            egui::ScrollArea::vertical().show(ui, |ui| {
                let top = ui.cursor().top();
                let mut drawn_board = 0.0;
                ui.add_space((height * 0.04).max(8.0));
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
                    if let Some(board) = &in_hand
                        && board_height >= 110.0
                    {
                        ui.add_space(14.0);
                        drawn_board = board_height + 14.0;
                        let size = egui::vec2(ui.available_width(), board_height);
                        ui.allocate_ui(size, |ui| {
                            ui.set_height(board_height);
                            boards::draw(world, board.small_board, ui)
                        });
                    }
                    ui.add_space(if compact { 8.0 } else { 14.0 });
                    if resumable && let Some(board) = &in_hand {
                        continue_buttons(world, ui, &boards, board, &saved, compact);
                    }
                    menu_buttons(world, ui, &boards, compact);
                    for problem in &problems {
                        ui.label(egui::RichText::new(problem).color(palette::WARN));
                    }
                    if let Some(location) = &location {
                        ui.add_space(8.0);
                        ui.label(
                            egui::RichText::new(format!(
                                "Games and settings are kept in {location}"
                            ))
                            .small()
                            .weak(),
                        );
                    }
                });
                let used = ui.cursor().top() - top - drawn_board;
                ui.data_mut(|d| d.insert_temp(rest_key, used));
            });
        });
}

/// The title's keys: C continue, each board's key a new game of it, E learn, P puzzles,
/// L load, R rules, S settings.
fn title_keys(world: &mut World, ctx: &egui::Context, boards: &Boards, resumable: bool) {
    let key = |k| ctx.input(|i| i.key_pressed(k));
    if key(egui::Key::C) && resumable {
        world.write_message(MenuAction::Play);
    } else if let Some(board) = boards.all().iter().find(|b| key(b.key)) {
        new_game(world, board.kind);
    } else if key(egui::Key::E) {
        world.write_message(MenuAction::Learn);
    } else if key(egui::Key::P) {
        world.write_message(MenuAction::Puzzles);
    } else if key(egui::Key::O) {
        world.write_message(MenuAction::Online);
    } else if key(egui::Key::L) {
        world.write_message(MenuAction::Open(Dialog::Load));
    } else if key(egui::Key::R) {
        world.write_message(MenuAction::Rules);
    } else if key(egui::Key::S) {
        world.write_message(MenuAction::Open(Dialog::Settings));
    }
}

/// Continue with the game in hand, its line, and the other games' saves beside it.
fn continue_buttons(
    world: &mut World,
    ui: &mut egui::Ui,
    boards: &Boards,
    board: &BoardEntry,
    saved: &ResumableGames,
    compact: bool,
) {
    let kind = board.kind;
    let line = boards::ask(world, board.summary);
    if ui::menu_button(ui, "Continue  (C)", true, compact) {
        world.write_message(MenuAction::Play);
    }
    ui.label(egui::RichText::new(line).weak());
    for other in boards.all() {
        if other.kind != kind
            && saved.contains(other.kind)
            && ui
                .small_button(format!("Continue {}", other.name))
                .clicked()
        {
            world.resource_mut::<NextState<GameKind>>().set(other.kind);
            world.write_message(MenuAction::Play);
        }
    }
}

/// A new game of each board, load, rules, settings and quit.
fn menu_buttons(world: &mut World, ui: &mut egui::Ui, boards: &Boards, compact: bool) {
    for board in boards.all() {
        let label = format!("New game of {}  ({})", board.name, board.key.name());
        if ui::menu_button(ui, &label, true, compact) {
            new_game(world, board.kind);
        }
    }
    if ui::menu_button(ui, "Learn: lessons step by step  (E)", true, compact) {
        world.write_message(MenuAction::Learn);
    }
    if ui::menu_button(ui, "Puzzles  (P)", true, compact) {
        world.write_message(MenuAction::Puzzles);
    }
    if ui::menu_button(ui, "Play online: a friend, by code  (O)", true, compact) {
        world.write_message(MenuAction::Online);
    }
    if ui::menu_button(ui, "Load a record or position  (L)", true, compact) {
        world.write_message(MenuAction::Open(Dialog::Load));
    }
    if ui::menu_button(ui, "Rules  (R)", true, compact) {
        world.write_message(MenuAction::Rules);
    }
    if ui::menu_button(ui, "Settings  (S)", true, compact) {
        world.write_message(MenuAction::Open(Dialog::Settings));
    }
    // A page is closed by the browser, not by the game.
    if !cfg!(target_arch = "wasm32") && ui::menu_button(ui, "Quit", true, compact) {
        world.write_message(MenuAction::Quit);
    }
}

pub(super) fn plugin(app: &mut App) {
    screen::add_view(app, Screen::Title, title_screen);
}
