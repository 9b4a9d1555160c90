//! The game-over panel: the result and its reason over the board, with a rematch, a
//! review of the game, or the title screen. It stays out of the way of any dialog.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::app::screen::{Dialog, GameKind, MenuAction, Screen};
use crate::game::app::ui::{PanelPlace, UiLayer, palette};
use crate::game::chogo_board::bridge::{Bridge, PlayerKind, Setup};
use crate::rules::{BySide, Side};

/// The end of the game, over the board, with what to do next.
fn panel(
    mut contexts: EguiContexts,
    bridge: Res<Bridge>,
    place: Res<PanelPlace>,
    mut hidden: Local<Option<u64>>,
    mut actions: crate::game::dialogs::Menu,
) -> Result {
    let Some(outcome) = bridge.game.outcome() else {
        *hidden = None;
        return Ok(());
    };
    if *hidden == Some(bridge.version) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // "You win" / "You lose" when a person plays a bot.
    let person_against_bot = |side: Side| {
        bridge.player(side) == PlayerKind::Human && bridge.player(!side) != PlayerKind::Human
    };
    let title = match outcome.winner {
        Some(side) if person_against_bot(side) => "You win".to_string(),
        Some(side) if person_against_bot(!side) => "You lose".to_string(),
        _ => outcome.headline(),
    };
    egui::Area::new("game over".into())
        .anchor(egui::Align2::CENTER_CENTER, place.board_offset())
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(palette::CARD)
                .stroke(egui::Stroke::new(2.0, palette::CARD_EDGE))
                .corner_radius(10.0)
                .inner_margin(egui::Margin::symmetric(28, 16))
                .show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        ui.label(
                            egui::RichText::new(title)
                                .size(34.0)
                                .strong()
                                .color(palette::GOLD),
                        );
                        // The reason alone: "White has no legal move".
                        ui.label(
                            egui::RichText::new(outcome.explanation())
                                .size(17.0)
                                .color(egui::Color32::from_gray(230)),
                        );
                        ui.add_space(8.0);
                        ui.horizontal(|ui| {
                            if ui.button("Rematch").clicked() {
                                // Against a bot the person changes sides.
                                let players = bridge.setup.players;
                                let players = BySide::new(players.white, players.black);
                                actions.new_chogo(Setup {
                                    rules: bridge.setup.rules,
                                    players,
                                });
                            }
                            if ui.button("Review the game").clicked() {
                                *hidden = Some(bridge.version);
                            }
                            if ui.button("Title").clicked() {
                                actions.write(MenuAction::Title);
                            }
                        });
                    });
                });
        });
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        panel
            .run_if(
                in_state(Screen::GameOver)
                    .and_then(in_state(GameKind::Chogo))
                    .and_then(in_state(Dialog::None)),
            )
            .in_set(UiLayer::Screens),
    );
}
