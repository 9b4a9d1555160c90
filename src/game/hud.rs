//! The side panel: whose turn, the phase, captures, the last move, the result, Polis, the
//! bot thinking, notices, and a new game (people or a bot, level and side).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::animation::AnimationSpeed;
use super::audio::{SoundSettings, UiClick};
use super::board::Highlights;
use super::bot_player::BotThinking;
use super::bridge::{Bridge, Command, PlayerKind, Setup, Viewing};
use super::hint::{AskHint, Hint};
use super::input::{FlipBoard, Notice, ShowHelp};
use super::layout::PANEL_WIDTH;
use crate::bot::Level;
use crate::rules::{
    Bitboard, Board, Handicap, KingPower, KingStart, MoleCondition, OwnManCapture, PRESETS,
    PartTrappedTandem, RuleSet, Side,
};

/// The new-game choices being edited in the panel.
#[derive(Resource, Debug, Clone, Copy)]
struct NewGameForm {
    /// `None`: two people.
    opponent: Option<Level>,
    /// The person's side against a bot.
    side: Side,
    /// The rules of the next game: a preset, then any option (RULES §9).
    rules: RuleSet,
}

impl Default for NewGameForm {
    fn default() -> NewGameForm {
        NewGameForm {
            opponent: Some(Level::Medium),
            side: Side::Black,
            rules: RuleSet::default(),
        }
    }
}

/// A row of choices for one rule option.
fn choice<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut T,
    options: &[(T, &str)],
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(label);
        for &(option, name) in options {
            ui.radio_value(value, option, name);
        }
    });
}

/// Every rule option of RULES §9, with the presets and the handicap.
fn rules_form(ui: &mut egui::Ui, rules: &mut RuleSet) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Preset");
        for name in PRESETS {
            if ui.small_button(name).clicked()
                && let Some(preset) = RuleSet::preset(name)
            {
                *rules = preset;
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
    choice(
        ui,
        "King alone",
        &mut rules.king_power,
        &[(KingPower::OneStep, "one step"), (KingPower::Rook, "rook")],
    );
    choice(
        ui,
        "Part-trapped tandem",
        &mut rules.part_trapped_tandem,
        &[
            (PartTrappedTandem::FullRook, "full"),
            (PartTrappedTandem::OneCell, "one cell"),
        ],
    );
    choice(
        ui,
        "King start",
        &mut rules.king_start,
        &[
            (KingStart::DropOwnHalf, "own half"),
            (KingStart::DropAnywhere, "anywhere"),
            (KingStart::Fixed, "fixed"),
        ],
    );
    choice(
        ui,
        "Own men",
        &mut rules.own_man_capture,
        &[
            (OwnManCapture::Never, "never captured"),
            (OwnManCapture::Suicide, "suicide"),
        ],
    );
    choice(
        ui,
        "Mole",
        &mut rules.mole_condition,
        &[
            (MoleCondition::SecureAndCity, "all secure + city"),
            (MoleCondition::City, "any city"),
        ],
    );
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

fn style(mut contexts: EguiContexts, mut done: Local<bool>) {
    if *done {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let mut visuals = egui::Visuals::dark();
    visuals.panel_fill = egui::Color32::from_rgb(34, 29, 26);
    visuals.window_fill = egui::Color32::from_rgb(44, 37, 32);
    visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(70, 52, 38);
    visuals.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(96, 70, 48);
    visuals.widgets.active.weak_bg_fill = egui::Color32::from_rgb(120, 86, 56);
    visuals.selection.bg_fill = egui::Color32::from_rgb(150, 104, 52);
    ctx.set_visuals(visuals);
    let mut style = (*ctx.global_style()).clone();
    style.spacing.item_spacing = egui::vec2(8.0, 7.0);
    style.spacing.button_padding = egui::vec2(10.0, 5.0);
    for (text_style, font) in style.text_styles.iter_mut() {
        font.size = match text_style {
            egui::TextStyle::Heading => 26.0,
            egui::TextStyle::Small => 12.0,
            _ => 15.0,
        };
    }
    ctx.set_global_style(style);
    *done = true;
}

fn player_name(kind: PlayerKind, other: PlayerKind) -> String {
    match (kind, other) {
        (PlayerKind::Human, PlayerKind::Bot(_)) => "You".into(),
        (PlayerKind::Human, PlayerKind::Human) => "Player".into(),
        (PlayerKind::Bot(level), _) => format!("{} (computer)", level.title()),
    }
}

fn side_swatch(ui: &mut egui::Ui, side: Side) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
    let (fill, stroke) = match side {
        Side::Black => (
            egui::Color32::from_rgb(30, 28, 28),
            egui::Color32::from_gray(120),
        ),
        Side::White => (
            egui::Color32::from_rgb(245, 240, 228),
            egui::Color32::from_gray(150),
        ),
    };
    ui.painter()
        .circle(rect.center(), 7.0, fill, egui::Stroke::new(1.5, stroke));
}

fn panel(
    mut contexts: EguiContexts,
    bridge: Res<Bridge>,
    thinking: Res<BotThinking>,
    notice: Res<Notice>,
    mut form: ResMut<NewGameForm>,
    mut sound: ResMut<SoundSettings>,
    mut speed: ResMut<AnimationSpeed>,
    mut viewing: ResMut<Viewing>,
    mut commands: MessageWriter<Command>,
    mut clicks: MessageWriter<UiClick>,
    mut flip: MessageWriter<FlipBoard>,
    mut hints: MessageWriter<AskHint>,
    hint: Res<Hint>,
    mut highlights: ResMut<Highlights>,
    mut help: ResMut<ShowHelp>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = &bridge.game;
    let pos = game.position();
    let outcome = game.outcome();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::right("hud")
        .resizable(false)
        .exact_size(PANEL_WIDTH)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.add_space(10.0);
            ui.heading("Chogo");
            ui.label(egui::RichText::new(game.rules().describe()).weak());
            ui.separator();
            for side in [Side::White, Side::Black] {
                ui.horizontal(|ui| {
                    side_swatch(ui, side);
                    let name = player_name(bridge.player(side), bridge.player(!side));
                    let count = |p: &crate::rules::Position| {
                        p.men(!side).count() + p.king_in_hand(!side) as u32
                    };
                    let lost = count(game.start()).saturating_sub(count(pos));
                    ui.label(egui::RichText::new(format!("{side}: {name}")).strong());
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        ui.label(format!("captured {lost}"));
                    });
                });
            }
            ui.separator();
            match outcome {
                Some(o) => {
                    ui.label(egui::RichText::new(o.to_string()).size(18.0).strong().color(egui::Color32::from_rgb(240, 200, 110)));
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
                            .fill(egui::Color32::from_rgb(52, 86, 170))
                            .corner_radius(6.0)
                            .inner_margin(egui::Margin::symmetric(10, 4))
                            .show(ui, |ui| {
                                ui.label(egui::RichText::new("POLIS — a mole drop is available").strong().color(egui::Color32::WHITE));
                            });
                    }
                }
            }
            if let Some(last) = game.plies().last() {
                ui.label(format!("Last move: {}", last.mv.with_captures(last.captured)));
            }
            ui.label(format!("Move {} · {} plies without a capture", pos.fullmoves(), pos.halfmoves()));
            if let Some(text) = &notice.0 {
                ui.label(egui::RichText::new(text).color(egui::Color32::from_rgb(240, 170, 120)));
            }
            ui.separator();
            move_list(ui, &bridge, &mut viewing);
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                let mut send = |command: Command| {
                    clicks.write(UiClick);
                    commands.write(command);
                };
                if ui.button("Undo").clicked() {
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
                if ui.add_enabled(live, egui::Button::new("Resign")).clicked() {
                    send(Command::Resign(person));
                }
                if ui.add_enabled(live, egui::Button::new("Offer a draw")).clicked() {
                    send(Command::OfferDraw(person));
                }
                if ui.button("Flip").clicked() {
                    flip.write(FlipBoard);
                }
                let can_hint = bridge.human_to_move() && !hint.is_searching();
                let label = if hint.is_searching() { "Hint…" } else { "Hint" };
                if ui.add_enabled(can_hint, egui::Button::new(label)).clicked() {
                    hints.write(AskHint);
                }
                if ui.button("Keys").clicked() {
                    help.0 = !help.0;
                }
            });
            if let Some(mv) = hint.current(bridge.version) {
                ui.label(egui::RichText::new(format!("Hint: {}", pos.move_text(mv))).color(egui::Color32::from_rgb(120, 200, 235)));
            }
            ui.separator();
            ui.label(egui::RichText::new("New game").strong());
            egui::ComboBox::from_label("Opponent")
                .selected_text(form.opponent.map_or("Another person".to_string(), |l| l.title().to_string()))
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut form.opponent, None, "Another person");
                    for level in Level::ALL {
                        ui.selectable_value(&mut form.opponent, Some(level), level.title());
                    }
                });
            if form.opponent.is_some() {
                ui.horizontal(|ui| {
                    ui.label("You play");
                    ui.radio_value(&mut form.side, Side::Black, "Black (first)");
                    ui.radio_value(&mut form.side, Side::White, "White");
                });
            }
            egui::CollapsingHeader::new(format!("Rules: {}", form.rules.describe()))
                .id_salt("rules")
                .show(ui, |ui| rules_form(ui, &mut form.rules));
            let problem = form.rules.validate().err();
            if let Some(problem) = &problem {
                ui.label(egui::RichText::new(problem.to_string()).color(egui::Color32::from_rgb(240, 170, 120)));
            }
            if ui.add_enabled(problem.is_none(), egui::Button::new("Start a new game")).clicked() {
                clicks.write(UiClick);
                let players = match form.opponent {
                    None => [PlayerKind::Human, PlayerKind::Human],
                    Some(level) => {
                        let mut p = [PlayerKind::Bot(level); 2];
                        p[form.side.index()] = PlayerKind::Human;
                        p
                    }
                };
                commands.write(Command::NewGame(Setup {
                    rules: form.rules,
                    players,
                }));
            }
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Volume");
                ui.add(egui::Slider::new(&mut sound.volume, 0.0..=1.0).show_value(false));
                ui.checkbox(&mut sound.muted, "Mute");
            });
            ui.checkbox(&mut highlights.show_coordinates, "Coordinates");
            ui.horizontal(|ui| {
                ui.label("Animation");
                ui.add(egui::Slider::new(&mut speed.0, 0.5..=3.0).text("×"));
            });
            ui.add_space(6.0);
            ui.label(egui::RichText::new("Click a man, then a cell — or drag it. Shift-click adds men to a block. Esc clears. Press ? for all keys.").small().weak());
            });
        });
    Ok(())
}

/// The moves in the rule book's notation, two to a numbered row. Clicking one shows the
/// position after it; the live position comes back with "Back to the game" or End.
fn move_list(ui: &mut egui::Ui, bridge: &Bridge, viewing: &mut Viewing) {
    let game = &bridge.game;
    let plies = game.plies();
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Moves").strong());
        if viewing.0.is_some() {
            ui.label(
                egui::RichText::new("a past position")
                    .italics()
                    .color(egui::Color32::from_rgb(240, 200, 110)),
            );
            if ui.small_button("Back").clicked() {
                viewing.0 = None;
            }
        }
    });
    let shown = viewing.0.unwrap_or(plies.len());
    egui::ScrollArea::vertical()
        .max_height(170.0)
        .auto_shrink([true, true])
        .stick_to_bottom(viewing.0.is_none())
        .show(ui, |ui| {
            egui::Grid::new("moves")
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    let mut column = 0;
                    for (i, ply) in plies.iter().enumerate() {
                        let before = game.position_at(i).unwrap_or(game.start());
                        if before.turn() == Side::Black || i == 0 {
                            if column != 0 {
                                ui.end_row();
                            }
                            ui.label(
                                egui::RichText::new(format!("{}.", before.fullmoves())).weak(),
                            );
                            if before.turn() == Side::White {
                                ui.label("…");
                            }
                        }
                        let text = ply.mv.with_captures(ply.captured);
                        if ui.selectable_label(shown == i + 1, text).clicked() {
                            viewing.0 = (i + 1 < plies.len()).then_some(i + 1);
                        }
                        column = if before.turn() == Side::White { 0 } else { 1 };
                        if column == 0 {
                            ui.end_row();
                        }
                    }
                    if column != 0 {
                        ui.end_row();
                    }
                });
        });
}

/// The keyboard and mouse help (`?`, F1 or the Keys button).
fn help_overlay(mut contexts: EguiContexts, mut help: ResMut<ShowHelp>) -> Result {
    if !help.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new("Keys and mouse")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [-PANEL_WIDTH / 2.0, 0.0])
        .show(ctx, |ui| {
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
                        ("H", "hint: the computer's choice is marked in blue"),
                        ("F", "flip the board"),
                        ("C", "coordinates on or off"),
                        ("Left, Right", "step through the moves"),
                        ("Home, End", "the start, the game as it stands"),
                        ("?, F1", "this help"),
                    ] {
                        ui.label(egui::RichText::new(key).strong());
                        ui.label(what);
                        ui.end_row();
                    }
                });
        });
    if !open {
        help.0 = false;
    }
    Ok(())
}

/// The end of the game, over the board.
fn banner(mut contexts: EguiContexts, bridge: Res<Bridge>) -> Result {
    let Some(outcome) = bridge.game.outcome() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let title = match outcome.winner {
        Some(side) => format!("{side} wins"),
        None => "Draw".to_string(),
    };
    egui::Area::new("banner".into())
        .anchor(egui::Align2::CENTER_CENTER, [-PANEL_WIDTH / 2.0, 0.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_rgb(30, 24, 20))
                .stroke(egui::Stroke::new(
                    2.0,
                    egui::Color32::from_rgb(200, 150, 80),
                ))
                .corner_radius(10.0)
                .inner_margin(egui::Margin::symmetric(28, 16))
                .show(ui, |ui| {
                    ui.vertical_centered(|ui| {
                        ui.label(
                            egui::RichText::new(title)
                                .size(34.0)
                                .strong()
                                .color(egui::Color32::from_rgb(240, 205, 120)),
                        );
                        // The reason alone: "White has no legal move".
                        let text = outcome.to_string();
                        let reason = text.split_once(": ").map_or(text.as_str(), |(_, r)| r);
                        ui.label(
                            egui::RichText::new(reason)
                                .size(17.0)
                                .color(egui::Color32::from_gray(230)),
                        );
                    });
                });
        });
    Ok(())
}

/// The new-game form starts from the rules of the game on the board.
fn init_form(bridge: Res<Bridge>, mut form: ResMut<NewGameForm>) {
    form.rules = *bridge.game.rules();
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewGameForm>();
    app.add_systems(Startup, init_form);
    app.add_systems(
        EguiPrimaryContextPass,
        (style, panel, banner, help_overlay).chain(),
    );
}
