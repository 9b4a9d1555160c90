//! The side panel: whose turn, the phase, captures, the last move, the result, Polis, the
//! bot thinking, notices, the move list, the game's buttons, export, and the way to the
//! dialogs and screens.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::app::persist::Persistence;
use crate::game::app::screen::{Dialog, MenuAction};
use crate::game::app::ui::{
    self, DrawerOpen, Ending, Notice, PanelPlace, UiClick, UiLayer, palette, side_swatch,
};
use crate::game::chogo_board::ChogoOn;
use crate::game::chogo_board::bot_player::{BotThinking, DrawOffer, OfferDraw};
use crate::game::chogo_board::bridge::{Bridge, Command, PlayerKind, Viewing};
use crate::game::chogo_board::export::Export;
use crate::game::chogo_board::hint::{AskHint, Hint};
use crate::game::chogo_board::input::{FlipBoard, ShowHelp};
use crate::rules::Side;

fn player_name(kind: PlayerKind, other: PlayerKind) -> String {
    match (kind, other) {
        (PlayerKind::Human, PlayerKind::Bot(_)) => "You".into(),
        (PlayerKind::Human, PlayerKind::Human) => "Player".into(),
        (PlayerKind::Bot(level), _) => format!("{} (computer)", level.title()),
    }
}

fn panel(
    mut contexts: EguiContexts,
    bridge: Res<Bridge>,
    thinking: Res<BotThinking>,
    notice: Res<Notice>,
    mut viewing: ResMut<Viewing>,
    (mut commands, mut offers, mut clicks, mut flip, mut hints, mut actions, mut exports): (
        MessageWriter<Command>,
        MessageWriter<OfferDraw>,
        MessageWriter<UiClick>,
        MessageWriter<FlipBoard>,
        MessageWriter<AskHint>,
        MessageWriter<MenuAction>,
        MessageWriter<Export>,
    ),
    offer: Res<DrawOffer>,
    hint: Res<Hint>,
    mut help: ResMut<ShowHelp>,
    persistence: Res<Persistence>,
    (place, mut drawer): (Res<PanelPlace>, ResMut<DrawerOpen>),
    mut confirm: Local<Option<(Ending, u64)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = &bridge.game;
    let pos = game.position();
    let outcome = game.outcome();
    let mut root = ui::root_ui(ctx);
    let body = |ui: &mut egui::Ui| {
        // The move list takes the height the rest of the panel leaves (about 630
        // points), so that the buttons below it stay in the window.
        let list_height = (ui.available_height() - 630.0).max(110.0);
        // Solid bars: a bar that floats over the panel on hover hid its right edge.
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.add_space(10.0);
            ui.heading("Chogo");
            ui.label(egui::RichText::new(game.rules().describe()).weak());
            ui.separator();
            for side in [Side::White, Side::Black] {
                let name = player_name(bridge.player(side), bridge.player(!side));
                let count = |p: &crate::rules::Position| {
                    p.men(!side).count() + p.king_in_hand(!side) as u32
                };
                let lost = count(game.start()).saturating_sub(count(pos));
                ui::player_line(ui, side, &name, lost);
            }
            ui.separator();
            match outcome {
                Some(o) => {
                    ui.label(egui::RichText::new(o.to_string()).size(18.0).strong().color(palette::GOLD));
                }
                None => {
                    let side = pos.turn();
                    ui.horizontal(|ui| {
                        side_swatch(ui, side);
                        let phase = if pos.is_drop_phase() {
                            "drops its king"
                        } else {
                            "to move"
                        };
                        ui.label(egui::RichText::new(format!("{side} {phase}")).size(18.0).strong());
                    });
                    if thinking.is_thinking() {
                        ui.label(egui::RichText::new("thinking…").italics());
                    }
                    if pos.mole_available() {
                        egui::Frame::new()
                            .fill(palette::POLIS)
                            .corner_radius(6.0)
                            .inner_margin(egui::Margin::symmetric(10, 4))
                            .show(ui, |ui| {
                                ui.label(egui::RichText::new("POLIS — a mole drop is available").strong().color(egui::Color32::WHITE));
                            });
                    }
                }
            }
            if let Some(last) = game.plies().last() {
                ui::last_move_line(ui, &last.mv.with_captures(last.captured).to_string());
            }
            let quiet = pos.halfmoves();
            let plies = if quiet == 1 { "ply" } else { "plies" };
            ui.label(format!("Move {} · {quiet} {plies} without a capture", pos.fullmoves()));
            ui::notice_line(ui, notice.0.as_deref());
            ui.separator();
            if let Some(view) = move_list(ui, &bridge, *viewing, list_height) {
                viewing.set_if_neq(view);
            }
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                let mut send = |command: Command| {
                    clicks.write(UiClick);
                    commands.write(command);
                };
                if ui.add_enabled(can_undo(&bridge), egui::Button::new("Undo")).clicked() {
                    send(Command::Undo);
                }
                if ui.add_enabled(game.can_redo(), egui::Button::new("Redo")).clicked() {
                    send(Command::Redo);
                }
                // The person who acts: the one to move between people, else the person.
                let person = if bridge.player(pos.turn()) == PlayerKind::Human {
                    pos.turn()
                } else {
                    !pos.turn()
                };
                let live = outcome.is_none() && bridge.player(person) == PlayerKind::Human;
                // Ending the game asks first: a slip of the mouse must not end it.
                if ui.add_enabled(live, egui::Button::new("Resign")).clicked() {
                    *confirm = Some((Ending::Resign(person), bridge.version));
                }
                if ui.add_enabled(live && !offer.is_pending(), egui::Button::new("Offer a draw")).clicked() {
                    *confirm = Some((Ending::OfferDraw(person), bridge.version));
                }
                if ui.button("Flip").clicked() {
                    flip.write(FlipBoard);
                }
                if ui.add_enabled(can_hint(&bridge, &hint), egui::Button::new(hint_label(&hint))).clicked() {
                    hints.write(AskHint);
                }
                if ui.button("Keys").clicked() {
                    help.0 = !help.0;
                }
            });
            match ui::ending_question(ui, &mut confirm, bridge.version) {
                Some(Ending::Resign(side)) => {
                    clicks.write(UiClick);
                    commands.write(Command::Resign(side));
                }
                Some(Ending::OfferDraw(side)) => {
                    clicks.write(UiClick);
                    offers.write(OfferDraw(side));
                }
                None => {}
            }
            if offer.is_pending() {
                ui.label(egui::RichText::new("The computer considers your offer…").italics());
            }
            if let Some(mv) = hint.current(bridge.version) {
                ui.label(egui::RichText::new(format!("Hint: {}", pos.move_text(mv))).color(palette::HINT));
            }
            ui.separator();
            ui.label(egui::RichText::new("Record").strong());
            ui.horizontal_wrapped(|ui| {
                if ui.button("Copy record").on_hover_text("The game record (RULES §8) to the clipboard").clicked() {
                    exports.write(Export::CopyRecord);
                }
                if ui.button("Copy position").on_hover_text("The position on the board as position text").clicked() {
                    exports.write(Export::CopyPosition);
                }
                let can_save = persistence.store.is_some();
                if ui.add_enabled(can_save, egui::Button::new("Save record")).clicked() {
                    exports.write(Export::SaveRecord);
                }
                if ui.add_enabled(can_save, egui::Button::new("Save position")).clicked() {
                    exports.write(Export::SavePosition);
                }
            });
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                if ui.button("New game…").clicked() {
                    actions.write(MenuAction::Open(Dialog::NewGame));
                }
                if ui.button("Load…").clicked() {
                    actions.write(MenuAction::Open(Dialog::Load));
                }
                if ui.button("Settings").clicked() {
                    actions.write(MenuAction::Open(Dialog::Settings));
                }
                if ui.button("Rules").clicked() {
                    actions.write(MenuAction::Rules);
                }
                if ui.button("Title").clicked() {
                    actions.write(MenuAction::Title);
                }
            });
            ui.add_space(6.0);
            ui.label(egui::RichText::new("Click a man, then a cell — or drag it. Shift-click adds men to a block. Esc clears. Press ? for all keys.").small().weak());
            });
    };
    let asked = ui::side_panel(
        &mut root,
        ctx,
        *place,
        drawer.0,
        notice.0.as_deref(),
        |ui| bar(ui, &bridge, &thinking, &hint, drawer.0),
        body,
    )
    .flatten();
    match asked {
        Some(BarAction::Drawer) => drawer.0 = !drawer.0,
        Some(BarAction::Undo) => {
            clicks.write(UiClick);
            commands.write(Command::Undo);
        }
        Some(BarAction::Hint) => {
            hints.write(AskHint);
        }
        None => {}
    }
    Ok(())
}

/// Undo has something to take back: a move, or the game's ending.
fn can_undo(bridge: &Bridge) -> bool {
    !bridge.game.plies().is_empty() || bridge.game.outcome().is_some()
}

/// A hint can be asked for: a person is to move and no hint is being searched for.
fn can_hint(bridge: &Bridge, hint: &Hint) -> bool {
    bridge.human_to_move() && !hint.is_searching()
}

fn hint_label(hint: &Hint) -> &'static str {
    if hint.is_searching() {
        "Hint…"
    } else {
        "Hint"
    }
}

/// What the bar of a small window asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BarAction {
    Drawer,
    Undo,
    Hint,
}

/// The bar across the top of a small window: the drawer's handle (the whole panel), whose
/// turn it is or how the game ended, and the two buttons a player reaches for most.
fn bar(
    ui: &mut egui::Ui,
    bridge: &Bridge,
    thinking: &BotThinking,
    hint: &Hint,
    open: bool,
) -> Option<BarAction> {
    let game = &bridge.game;
    let pos = game.position();
    let mut asked = None;
    ui.horizontal_centered(|ui| {
        let handle = if open { "Close" } else { "Menu" };
        if ui
            .button(egui::RichText::new(handle).strong())
            .on_hover_text("The whole panel: moves, record, new game, settings")
            .clicked()
        {
            asked = Some(BarAction::Drawer);
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .add_enabled(can_hint(bridge, hint), egui::Button::new(hint_label(hint)))
                .clicked()
            {
                asked = Some(BarAction::Hint);
            }
            if ui
                .add_enabled(can_undo(bridge), egui::Button::new("Undo"))
                .clicked()
            {
                asked = Some(BarAction::Undo);
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                let text = match game.outcome() {
                    Some(o) => egui::RichText::new(o.headline()).color(palette::GOLD),
                    None => {
                        side_swatch(ui, pos.turn());
                        let what = if pos.is_drop_phase() {
                            "drops its king"
                        } else {
                            "to move"
                        };
                        let dots = if thinking.is_thinking() { " …" } else { "" };
                        egui::RichText::new(format!("{} {what}{dots}", pos.turn()))
                    }
                };
                ui.add(egui::Label::new(text.strong()).truncate());
            });
        });
    });
    asked
}

/// The moves in the rule book's notation, two to a numbered row. Clicking one shows the
/// position after it; the live position comes back with "Back" or End. Returns the view
/// asked for, if a click asked for one.
fn move_list(ui: &mut egui::Ui, bridge: &Bridge, viewing: Viewing, height: f32) -> Option<Viewing> {
    let game = &bridge.game;
    let rows: Vec<ui::MoveRow> = game
        .plies()
        .iter()
        .enumerate()
        .map(|(i, ply)| {
            let before = game.position_at(i).unwrap_or(game.start());
            ui::MoveRow {
                number: before.fullmoves(),
                side: before.turn(),
                text: ply.mv.with_captures(ply.captured).to_string(),
            }
        })
        .collect();
    ui::move_list(ui, "moves", &rows, viewing.0, height).map(Viewing)
}

/// The keyboard and mouse help (`?`, F1 or the Keys button).
fn help_overlay(
    mut contexts: EguiContexts,
    mut help: ResMut<ShowHelp>,
    place: Res<PanelPlace>,
) -> Result {
    if !help.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    ui::dialog("Keys and mouse", &mut open, Some(*place), ctx).show(ctx, |ui| {
        ui::scrolling(ui, |ui| {
            // Room between the text and the window's edge.
            egui::Frame::new()
                .inner_margin(egui::Margin::symmetric(14, 10))
                .show(ui, |ui| {
                    egui::Grid::new("keys")
                        .num_columns(2)
                        .spacing([18.0, 6.0])
                        .show(ui, |ui| {
                            for (key, what) in [
                                ("Click, click", "pick a man, then one of the marked cells"),
                                ("Drag", "move a man (or the king in hand) to a marked cell"),
                                (
                                    "Shift-click",
                                    "add a man to a block: a solid rectangle moves as a tandem",
                                ),
                                ("Esc / right click", "drop the selection, cancel a drag"),
                                ("U, Backspace", "undo (against a bot: back to your move)"),
                                ("H", "hint: the computer's choice is marked on the board"),
                                ("F", "flip the board"),
                                ("C", "coordinates on or off"),
                                ("Left, Right", "step through the moves"),
                                ("Home, End", "the start, the game as it stands"),
                                ("?, F1", "this help (Esc closes it)"),
                                // The desktop's only: a browser keeps F12 for itself.
                                ("F12", "save a screenshot in the data folder"),
                            ]
                            .into_iter()
                            .filter(|(key, _)| !cfg!(target_arch = "wasm32") || *key != "F12")
                            {
                                ui.label(egui::RichText::new(key).strong());
                                ui.label(what);
                                ui.end_row();
                            }
                        });
                });
        })
    });
    if !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        help.0 = false;
    }
    Ok(())
}

/// The drawer starts shut in every game and shuts when a menu action is taken or the
/// window grows out of the drawer's size.
fn shut_drawer(
    place: Res<PanelPlace>,
    mut actions: MessageReader<MenuAction>,
    mut drawer: ResMut<DrawerOpen>,
) {
    if actions.read().count() > 0 || *place != PanelPlace::Drawer {
        drawer.set_if_neq(DrawerOpen(false));
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(ChogoOn), |mut drawer: ResMut<DrawerOpen>| {
        drawer.0 = false;
    });
    app.add_systems(
        Update,
        shut_drawer.in_set(crate::game::app::sets::Phase::Screens),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        (panel, help_overlay)
            .chain()
            .run_if(in_state(ChogoOn))
            .in_set(UiLayer::Panel),
    );
}
