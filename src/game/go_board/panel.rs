//! The side panel of Go with chess pieces (who plays, captures, the score as it stands,
//! the kind palette, Pass, Undo and the rest, the move list, the record), the bar of a small
//! window, and the game-over card with the score broken down.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, EguiTextureHandle, egui};

use super::figures::Figures;
use super::play::{AskGoHint, GoHint, GoThinking, OfferGoDraw};
use super::{DropKind, GoViewing, LifeView};
use crate::game::app::persist::Persistence;
use crate::game::app::screen::{Dialog, MenuAction, Screen};
use crate::game::app::settings::PlayerSettings;
use crate::game::app::ui::{
    self, DrawerOpen, Ending, Notice, PanelPlace, UiClick, UiLayer, palette, side_swatch,
};
use crate::game::go_board::bridge::{GoBridge, GoCommand};
use crate::game::go_board::describe::go_rules_line as new_game_rules_line;
use crate::game::go_board::{GoFlipped, GoOn};
use crate::go::{EndReason, Kind, Move, Position, Record, number_text, sgf};
use crate::rules::Side;
use crate::save::GoPlayer;

fn player_name(kind: GoPlayer, other: GoPlayer) -> String {
    match (kind, other) {
        (GoPlayer::Human, GoPlayer::Bot(_)) => "You".into(),
        (GoPlayer::Human, GoPlayer::Human) => "Player".into(),
        (GoPlayer::Bot(level), _) => format!("Computer ({level})"),
    }
}

/// The score as it stands, per side: captures, controlled cells, komi, total.
pub fn score_parts(position: &Position) -> [(u32, u32, f64, f64); 2] {
    let controlled = position.controlled();
    let komi = position.rules().komi;
    let score = position.score();
    [Side::Black, Side::White].map(|side| {
        let i = side.index();
        let k = if side == Side::White { komi } else { 0.0 };
        (position.captures(side), controlled[i].count(), k, score[i])
    })
}

/// What the bar of a small window asks for.
enum BarAction {
    Drawer,
    Undo,
    Pass,
}

/// How the game ended, in a line (`None` while it goes on).
pub fn outcome_text(bridge: &GoBridge) -> Option<String> {
    let outcome = bridge.game.outcome()?;
    let winner = outcome.winner.map(|s| s.to_string());
    Some(match (outcome.reason, winner) {
        (EndReason::Passes, Some(w)) => format!("{w} wins on the score"),
        (EndReason::Passes, None) => "A draw on the score".into(),
        (EndReason::Resignation, Some(w)) => format!("{w} wins by resignation"),
        (EndReason::Agreement, _) => "Drawn by agreement".into(),
        (EndReason::Repetition, _) => "Drawn: the same position a third time".into(),
        (_, None) => "A draw".into(),
    })
}

fn panel(
    mut contexts: EguiContexts,
    bridge: Res<GoBridge>,
    thinking: Res<GoThinking>,
    hint: Res<GoHint>,
    notice: Res<Notice>,
    (figures, settings, theme): (
        Res<Figures>,
        Res<PlayerSettings>,
        Res<crate::game::app::theme::Theme>,
    ),
    mut viewing: ResMut<GoViewing>,
    mut kind: ResMut<DropKind>,
    mut life: ResMut<LifeView>,
    mut flipped: ResMut<GoFlipped>,
    (mut commands, mut offers, mut clicks, mut hints, mut actions): (
        MessageWriter<GoCommand>,
        MessageWriter<OfferGoDraw>,
        MessageWriter<UiClick>,
        MessageWriter<AskGoHint>,
        MessageWriter<MenuAction>,
    ),
    persistence: Res<Persistence>,
    (place, mut drawer): (Res<PanelPlace>, ResMut<DrawerOpen>),
    mut confirm: Local<Option<(Ending, u64)>>,
    mut exported: Local<Option<(String, u64)>>,
) -> Result {
    let stones = settings.0.rooks_as_stones;
    let icons: Vec<(crate::go::Kind, egui::TextureId)> = {
        let set = bridge.game.position().rules().pieces;
        let side = bridge.game.position().turn();
        set.kinds()
            .map(|k| {
                (
                    k,
                    contexts.add_image(EguiTextureHandle::Weak(figures.of(side, k, stones).id())),
                )
            })
            .collect()
    };
    let wood = crate::game::app::ui::mini_board::paint(theme.light);
    let ctx = contexts.ctx_mut()?;
    let game = &bridge.game;
    let pos = game.position();
    let live = game.outcome().is_none();
    let person_moves = bridge.human_to_move() && viewing.0.is_none();
    let mut root = ui::root_ui(ctx);
    let body = |ui: &mut egui::Ui| {
        // Solid bars: a bar that floats over the panel on hover hid its right edge.
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.add_space(10.0);
            ui.heading("Go with chess pieces");
            ui.label(egui::RichText::new(new_game_rules_line(pos.rules())).weak());
            ui.separator();
            // The counts of the position on the board: a past one while browsing the moves.
            let parts = score_parts(bridge.shown(viewing.0));
            let when = if viewing.0.is_some() { "then" } else { "now" };
            for side in [Side::White, Side::Black] {
                let name = player_name(bridge.player(side), bridge.player(!side));
                ui::player_line(ui, side, &name, parts[side.index()].0);
            }
            ui.label(
                egui::RichText::new(format!(
                    "Score {when}: Black {} · White {}",
                    number_text(parts[0].3),
                    number_text(parts[1].3)
                ))
                .weak(),
            )
            .on_hover_text("Captures + controlled cells (+ komi for White), as the board stands");
            ui.separator();
            // Whose turn, and what is under way, in a block of fixed height: lines coming
            // and going never move the buttons below under the pointer.
            let width = ui.available_width();
            // Room for the turn, a status line and a last move of two lines (a big capture).
            ui.allocate_ui_with_layout(egui::vec2(width, 92.0), egui::Layout::top_down(egui::Align::Min), |ui| {
                ui.set_min_size(egui::vec2(width, 92.0));
                let shown = bridge.shown(viewing.0);
                match (outcome_text(&bridge), viewing.0) {
                    (Some(text), None) => {
                        ui.label(egui::RichText::new(text).size(18.0).strong().color(palette::GOLD));
                    }
                    (_, past) => {
                        ui.horizontal(|ui| {
                            side_swatch(ui, shown.turn());
                            ui.label(egui::RichText::new(format!("{} to move", shown.turn())).size(18.0).strong());
                        });
                        if past.is_some() {
                            ui.label(egui::RichText::new("in a past position").italics().color(palette::GOLD));
                        } else if thinking.is_thinking() {
                            ui.label(egui::RichText::new("thinking…").italics());
                        } else if pos.passes() == 1 {
                            ui.label(egui::RichText::new("The last move was a pass: another pass ends the game").color(palette::GOLD));
                        }
                    }
                }
                if let Some((mv, captured)) = bridge.shown_move(viewing.0) {
                    let set = pos.rules().pieces;
                    ui::last_move_line(ui, &mv.text_with_captures(set, captured));
                }
            });
            // The kind palette (keys 1–8) when the set has several kinds.
            if icons.len() > 1 {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Drop");
                    for (i, (k, texture)) in icons.iter().enumerate() {
                        // On the board's wood, where both sides' figures are seen; the
                        // chosen kind is ringed.
                        let image = egui::Image::new((*texture, egui::vec2(30.0, 30.0)));
                        let ring = if kind.0 == *k {
                            egui::Stroke::new(2.5, palette::GOLD)
                        } else {
                            egui::Stroke::new(1.0, egui::Color32::from_gray(90))
                        };
                        let button = egui::Button::image(image).fill(wood).stroke(ring);
                        if ui.add(button).on_hover_text(format!("{} (key {})", k.name(), i + 1)).clicked() {
                            kind.0 = *k;
                        }
                    }
                });
            }
            ui::notice_line(ui, notice.0.as_deref());
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                let mut send = |command: GoCommand| {
                    clicks.write(UiClick);
                    commands.write(command);
                };
                if ui.add_enabled(person_moves, egui::Button::new("Pass")).on_hover_text("P").clicked() {
                    send(GoCommand::Play(Move::Pass));
                }
                let can_undo = !game.moves().is_empty() || game.outcome().is_some();
                if ui.add_enabled(can_undo, egui::Button::new("Undo")).clicked() {
                    send(GoCommand::Undo);
                }
                if ui.add_enabled(!bridge.redo.is_empty(), egui::Button::new("Redo")).clicked() {
                    send(GoCommand::Redo);
                }
                let person = if bridge.player(pos.turn()) == GoPlayer::Human { pos.turn() } else { !pos.turn() };
                let can_end = live && bridge.player(person) == GoPlayer::Human;
                if ui.add_enabled(can_end, egui::Button::new("Resign")).clicked() {
                    *confirm = Some((Ending::Resign(person), bridge.version));
                }
                if ui.add_enabled(can_end, egui::Button::new("Offer a draw")).clicked() {
                    *confirm = Some((Ending::OfferDraw(person), bridge.version));
                }
                if ui.button("Flip").on_hover_text("F").clicked() {
                    flipped.0 = !flipped.0;
                }
                let label = if hint.is_searching() { "Hint…" } else { "Hint" };
                if ui.add_enabled(person_moves && !hint.is_searching(), egui::Button::new(label)).on_hover_text("H").clicked() {
                    hints.write(AskGoHint);
                }
                // A framed button like its neighbours (a bare toggle read as a label), lit
                // while the view is on.
                let life_button = egui::Button::new("Life view").selected(life.0);
                if ui
                    .add(life_button)
                    .on_hover_text("L: each piece's escape (green) and the defences that keep pieces alive (blue); controlled cells")
                    .clicked()
                {
                    life.0 = !life.0;
                }
            });
            match ui::ending_question(ui, &mut confirm, bridge.version) {
                Some(Ending::Resign(side)) => {
                    clicks.write(UiClick);
                    commands.write(GoCommand::Resign(side));
                }
                Some(Ending::OfferDraw(side)) => {
                    clicks.write(UiClick);
                    offers.write(OfferGoDraw(side));
                }
                None => {}
            }
            ui.separator();
            if let Some(view) = move_list(ui, &bridge, *viewing) {
                viewing.set_if_neq(view);
            }
            let below = ui.cursor().top();
            ui.separator();
            ui.label(egui::RichText::new("Record").strong());
            ui.horizontal_wrapped(|ui| {
                let players = [("Black", bridge.player(Side::Black).to_string()), ("White", bridge.player(Side::White).to_string())];
                let tags: Vec<(&str, &str)> = players.iter().map(|(k, v)| (*k, v.as_str())).collect();
                if ui.button("Copy record").on_hover_text("The game record (GO_RULES §5) to the clipboard").clicked() {
                    ctx_copy(ui, Record::from_game(game, &tags).to_string());
                    *exported = Some(("The record is on the clipboard".into(), bridge.version));
                }
                if ui.button("Copy position").clicked() {
                    ctx_copy(ui, bridge.shown(viewing.0).to_string());
                    *exported = Some(("The position is on the clipboard".into(), bridge.version));
                }
                // SGF holds Go: one kind moving like a rook (or a wazir), on a square board,
                // pieces that do not move.
                let rules = pos.rules();
                let sgf_game = rules.board.square_size().is_some()
                    && rules.pieces.single().is_some_and(|k| matches!(k, Kind::Rook | Kind::Wazir))
                    && !rules.moving;
                if sgf_game && ui.button("Copy SGF").on_hover_text("For any Go program").clicked() {
                    match sgf::write(game, &players[0].1, &players[1].1) {
                        Ok(text) => {
                            ctx_copy(ui, text);
                            *exported = Some(("The SGF is on the clipboard".into(), bridge.version));
                        }
                        Err(e) => *exported = Some((format!("No SGF: {e}"), bridge.version)),
                    }
                }
                let can_save = persistence.store.is_some();
                if can_save && ui.button("Save record").clicked() {
                    *exported = Some((save_record(&persistence, &bridge, &tags), bridge.version));
                }
            });
            // What the buttons did, until the game moves on.
            if let Some((text, _)) = exported.as_ref().filter(|(_, v)| *v == bridge.version) {
                ui.label(egui::RichText::new(text).small().weak());
            }
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
            let how = if pos.rules().moving {
                "Click an empty cell to drop a piece, or click (or drag) one of yours to a marked cell."
            } else {
                "Click an empty cell to drop a piece: a ghost shows it, red rings what it captures."
            };
            ui.label(egui::RichText::new(format!("{how} Keys: 1–8 kind, P pass, U undo, R redo, H hint, L life view, F flip, Left/Right arrows through the moves.")).small().weak());
            ui::measure_below(ui, BELOW_MOVES, below);
        });
    };
    let asked = ui::side_panel(
        &mut root,
        ctx,
        *place,
        drawer.0,
        notice.0.as_deref(),
        |ui| {
            let mut asked = None;
            ui.horizontal_centered(|ui| {
                let handle = if drawer.0 { "Close" } else { "Menu" };
                if ui.button(egui::RichText::new(handle).strong()).clicked() {
                    asked = Some(BarAction::Drawer);
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .add_enabled(person_moves, egui::Button::new("Pass"))
                        .clicked()
                    {
                        asked = Some(BarAction::Pass);
                    }
                    let can_undo = !game.moves().is_empty() || game.outcome().is_some();
                    if ui
                        .add_enabled(can_undo, egui::Button::new("Undo"))
                        .clicked()
                    {
                        asked = Some(BarAction::Undo);
                    }
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                        let text = match outcome_text(&bridge) {
                            Some(t) => egui::RichText::new(t).color(palette::GOLD),
                            None => {
                                side_swatch(ui, pos.turn());
                                let dots = if thinking.is_thinking() { " …" } else { "" };
                                egui::RichText::new(format!("{} to move{dots}", pos.turn()))
                            }
                        };
                        ui.add(egui::Label::new(text.strong()).truncate());
                    });
                });
            });
            asked
        },
        body,
    )
    .flatten();
    match asked {
        Some(BarAction::Drawer) => drawer.0 = !drawer.0,
        Some(BarAction::Undo) => {
            clicks.write(UiClick);
            commands.write(GoCommand::Undo);
        }
        Some(BarAction::Pass) => {
            clicks.write(UiClick);
            commands.write(GoCommand::Play(Move::Pass));
        }
        None => {}
    }
    Ok(())
}

fn ctx_copy(ui: &egui::Ui, text: String) {
    ui.ctx().copy_text(text);
}

/// The record with the players and the date, saved into the records folder.
fn save_record(persistence: &Persistence, bridge: &GoBridge, tags: &[(&str, &str)]) -> String {
    let date = crate::save::record_date(crate::save::now_unix());
    let mut all = tags.to_vec();
    all.push(("Date", &date));
    let text = Record::from_game(&bridge.game, &all).to_string();
    crate::game::app::export::save_export(persistence, "go", "record", &text)
}

/// The key of the height measured under the move list.
const BELOW_MOVES: &str = "go panel below the moves";

/// The moves in the rule book's notation (the shared move list). Returns the view a click
/// asks for.
fn move_list(ui: &mut egui::Ui, bridge: &GoBridge, viewing: GoViewing) -> Option<GoViewing> {
    let game = &bridge.game;
    let set = game.position().rules().pieces;
    let rows: Vec<ui::MoveRow> = game
        .moves()
        .iter()
        .zip(game.positions())
        .map(|((mv, captured), before)| ui::MoveRow {
            number: before.fullmoves(),
            side: before.turn(),
            text: mv.text_with_captures(set, *captured),
        })
        .collect();
    // The list takes what the record's and menu's buttons and the help lines below it
    // leave (measured on the frame before).
    let height =
        (ui.available_height() - ui::room_below(ui, BELOW_MOVES, 250.0) - 8.0).clamp(72.0, 420.0);
    ui::move_list(ui, "go moves", &rows, viewing.0, height).map(GoViewing)
}

/// The game-over card over the board: the result, the score broken down, and what next
/// (play on by taking the passes back, a new game, the title).
fn game_over(
    mut contexts: EguiContexts,
    bridge: Res<GoBridge>,
    place: Res<PanelPlace>,
    mut commands: MessageWriter<GoCommand>,
    mut actions: MessageWriter<MenuAction>,
    mut clicks: MessageWriter<UiClick>,
    mut folded: Local<bool>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(headline) = outcome_text(&bridge) else {
        return Ok(());
    };
    // Over the top of the board, foldable to a line so the whole board can be seen.
    let [x, _] = place.board_offset();
    let y = if *place == PanelPlace::Drawer {
        ui::BAR_HEIGHT + 6.0
    } else {
        6.0
    };
    let outcome = bridge.game.outcome();
    let scored = outcome.is_some_and(|o| o.reason == EndReason::Passes);
    egui::Area::new("go-over".into())
        .anchor(egui::Align2::CENTER_TOP, [x, y])
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(palette::CARD)
                .stroke(egui::Stroke::new(2.0, palette::CARD_EDGE))
                .corner_radius(10.0)
                .inner_margin(egui::Margin::symmetric(20, 12))
                .show(ui, |ui| {
                    // One width folded or not, so that the buttons stay where they were.
                    ui.set_width(400.0_f32.min(ctx.content_rect().width() - 60.0));
                    card(
                        ui,
                        &bridge,
                        &headline,
                        scored,
                        &mut folded,
                        &mut commands,
                        &mut actions,
                        &mut clicks,
                    )
                });
        });
    Ok(())
}

fn card(
    ui: &mut egui::Ui,
    bridge: &GoBridge,
    headline: &str,
    scored: bool,
    folded: &mut bool,
    commands: &mut MessageWriter<GoCommand>,
    actions: &mut MessageWriter<MenuAction>,
    clicks: &mut MessageWriter<UiClick>,
) {
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(headline)
                .size(22.0)
                .strong()
                .color(palette::GOLD),
        );
        if scored {
            let [b, w] = bridge.game.position().score();
            let margin = (b - w).abs();
            if margin > 0.0 {
                ui.label(
                    egui::RichText::new(format!("by {}", number_text(margin)))
                        .size(18.0)
                        .color(palette::GOLD),
                );
            }
        }
        let fold = if *folded { "more" } else { "less" };
        if ui.small_button(fold).clicked() {
            *folded = !*folded;
        }
    });
    if *folded {
        return;
    }
    if scored {
        let parts = score_parts(bridge.game.position());
        egui::Grid::new("go-score")
            .num_columns(5)
            .spacing([14.0, 4.0])
            .show(ui, |ui| {
                for h in ["", "captures", "cells", "komi", "total"] {
                    ui.label(egui::RichText::new(h).weak());
                }
                ui.end_row();
                for side in [Side::Black, Side::White] {
                    let (c, cells, komi, total) = parts[side.index()];
                    ui.label(egui::RichText::new(side.to_string()).strong());
                    ui.label(c.to_string());
                    ui.label(cells.to_string());
                    ui.label(number_text(komi));
                    ui.label(egui::RichText::new(number_text(total)).strong());
                    ui.end_row();
                }
            });
        ui.label(egui::RichText::new("Controlled cells are marked on the board. Dead pieces are not removed by agreement: capture them on the board.").small().weak());
    }
    ui.horizontal(|ui| {
        if scored
            && ui
                .button("Play on")
                .on_hover_text("Take the passes back and go on: capture what is dead")
                .clicked()
        {
            clicks.write(UiClick);
            commands.write(GoCommand::PlayOn);
        }
        if ui.button("New game…").clicked() {
            actions.write(MenuAction::Open(Dialog::NewGame));
        }
        if ui.button("Title").clicked() {
            actions.write(MenuAction::Title);
        }
    });
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            panel.run_if(in_state(GoOn)).in_set(UiLayer::Panel),
            game_over
                .run_if(
                    in_state(Screen::GameOver)
                        .and_then(in_state(GoOn))
                        .and_then(in_state(Dialog::None)),
                )
                .in_set(UiLayer::Screens),
        ),
    );
}
