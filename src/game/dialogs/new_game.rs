//! The new-game dialog: the opponent and side, the rules (a preset, then every option of
//! RULES §9 and the handicap), and the rules in one line.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Opponent;
use crate::game::bridge::Setup;
use crate::game::screen::{Dialog, InGame, MenuAction};
use crate::game::ui::{self, PanelPlace, palette};
use crate::rules::{Bitboard, Board, Handicap, Preset, RuleOption, RuleSet, Side};

/// The new-game choices being edited.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct NewGameForm {
    pub opponent: Opponent,
    /// The rules of the next game: a preset, then any option (RULES §9).
    pub rules: RuleSet,
}

/// One rule option's row: its title, then a radio button for each value (the rules
/// engine's own names and labels).
fn option_choice<T: RuleOption>(ui: &mut egui::Ui, value: &mut T) {
    ui::choice(ui, T::TITLE, value, T::ALL.iter().map(|&v| (v, v.label())));
}

/// Every rule option of RULES §9, with the presets and the handicap.
fn rules_form(ui: &mut egui::Ui, rules: &mut RuleSet) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Preset");
        for preset in Preset::ALL {
            if ui.small_button(preset.label()).clicked() {
                *rules = preset.rules();
            }
        }
    });
    let board = rules.board;
    egui::ComboBox::from_label("Board")
        .selected_text(board.label())
        .show_ui(ui, |ui| {
            for b in Board::ALL {
                if ui.selectable_label(board == b, b.label()).clicked() && board != b {
                    // A new board brings its own defaults (RULES §9).
                    *rules = RuleSet::for_board(b);
                }
            }
        });
    option_choice(ui, &mut rules.king_power);
    option_choice(ui, &mut rules.part_trapped_tandem);
    option_choice(ui, &mut rules.king_start);
    option_choice(ui, &mut rules.own_man_capture);
    option_choice(ui, &mut rules.mole_condition);
    // Handicap: tick 1–3 start pawns of one side.
    let mut side = rules.handicap.map_or(Side::White, |h| h.side);
    let mut pawns = rules.handicap.map_or(Bitboard::EMPTY, |h| h.pawns);
    ui.label("Handicap (1–3 pawns removed)");
    ui.horizontal_wrapped(|ui| {
        ui.label("from");
        if ui.radio_value(&mut side, Side::Black, "Black").changed()
            | ui.radio_value(&mut side, Side::White, "White").changed()
        {
            pawns = Bitboard::EMPTY;
        }
    });
    ui.horizontal_wrapped(|ui| {
        for cell in rules.board.start_pawns(side) {
            let mut on = pawns.contains(cell);
            if ui.checkbox(&mut on, cell.to_string()).changed() {
                pawns.set(cell, on);
            }
        }
    });
    rules.handicap = pawns.any().then_some(Handicap { side, pawns });
}

pub(super) fn dialog(
    mut contexts: EguiContexts,
    mut form: ResMut<NewGameForm>,
    in_game: Option<Res<State<InGame>>>,
    place: Res<PanelPlace>,
    mut actions: MessageWriter<MenuAction>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    ui::dialog(
        "New game",
        &mut open,
        super::over_game(&in_game, &place),
        ctx,
    )
    .default_width(420.0)
    .show(ctx, |ui| {
        form.opponent.form(ui);
        ui.separator();
        ui.label(egui::RichText::new(format!("Rules: {}", form.rules.describe())).strong());
        rules_form(ui, &mut form.rules);
        let problem = form.rules.validate().err();
        if let Some(problem) = &problem {
            ui.label(egui::RichText::new(problem.to_string()).color(palette::WARN));
        }
        ui.separator();
        ui.horizontal(|ui| {
            // Enter starts too (when no text field has the keys).
            let enter =
                !ui.ctx().text_edit_focused() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui
                .add_enabled(problem.is_none(), egui::Button::new("Start (Enter)"))
                .clicked()
                || enter && problem.is_none()
            {
                actions.write(MenuAction::NewGame(Setup {
                    rules: form.rules,
                    players: form.opponent.players(),
                }));
            }
            if ui.button("Cancel").clicked() {
                actions.write(MenuAction::Open(Dialog::None));
            }
        });
    });
    if !open {
        actions.write(MenuAction::Open(Dialog::None));
    }
    Ok(())
}
