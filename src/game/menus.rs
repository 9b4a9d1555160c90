//! The title screen and the dialogs over any screen: new game, load a record or position,
//! settings; the game-over panel; exporting records and positions.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::audio::UiClick;
use super::bridge::{Bridge, Command, PlayerKind, Setup, Viewing};
use super::layout::PANEL_WIDTH;
use super::persist::{Persistence, PlayerSettings};
use super::screen::{RulesReturn, Screen};
use crate::bot::Level;
use crate::rules::{
    Bitboard, Board, Handicap, KingPower, KingStart, MoleCondition, OwnManCapture, PRESETS,
    PartTrappedTandem, RuleSet, Side,
};
use crate::save::{self, Imported, SavedGame, ThemeName};

/// Warm gold for titles and results.
pub const GOLD: egui::Color32 = egui::Color32::from_rgb(240, 205, 120);
/// Soft orange for problems and notices.
pub const WARN: egui::Color32 = egui::Color32::from_rgb(240, 170, 120);

/// Which dialogs are open.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Dialogs {
    pub new_game: bool,
    pub load: bool,
    pub settings: bool,
}

/// Who plays whom in the next game (new or loaded).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Opponent {
    /// `None`: two people.
    pub level: Option<Level>,
    /// The person's side against a bot.
    pub side: Side,
}

impl Default for Opponent {
    fn default() -> Opponent {
        Opponent {
            level: Some(Level::Medium),
            side: Side::Black,
        }
    }
}

impl Opponent {
    pub fn players(self) -> [PlayerKind; 2] {
        match self.level {
            None => [PlayerKind::Human, PlayerKind::Human],
            Some(level) => {
                let mut p = [PlayerKind::Bot(level); 2];
                p[self.side.index()] = PlayerKind::Human;
                p
            }
        }
    }

    fn of(players: [PlayerKind; 2]) -> Opponent {
        match players {
            [PlayerKind::Human, PlayerKind::Bot(level)] => Opponent {
                level: Some(level),
                side: Side::Black,
            },
            [PlayerKind::Bot(level), PlayerKind::Human] => Opponent {
                level: Some(level),
                side: Side::White,
            },
            _ => Opponent {
                level: None,
                side: Side::Black,
            },
        }
    }

    fn form(&mut self, ui: &mut egui::Ui) {
        egui::ComboBox::from_label("Opponent")
            .selected_text(self.level.map_or("Another person".to_string(), |l| {
                format!("Computer: {}", l.title())
            }))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.level, None, "Another person");
                for level in Level::ALL {
                    ui.selectable_value(
                        &mut self.level,
                        Some(level),
                        format!("Computer: {}", level.title()),
                    );
                }
            });
        if self.level.is_some() {
            ui.horizontal(|ui| {
                ui.label("You play");
                ui.radio_value(&mut self.side, Side::Black, "Black (moves first)");
                ui.radio_value(&mut self.side, Side::White, "White");
            });
        }
    }
}

/// The new-game choices being edited.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct NewGameForm {
    pub opponent: Opponent,
    /// The rules of the next game: a preset, then any option (RULES §9).
    pub rules: RuleSet,
}

/// The load dialog's state.
#[derive(Resource, Debug, Default)]
pub struct LoadForm {
    /// The record or position text (pasted, typed or read from a file).
    pub text: String,
    /// The file to read (the desktop only: a page has no files).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub path: String,
    /// A problem reading the file.
    pub file_problem: Option<String>,
    pub opponent: Opponent,
}

impl LoadForm {
    /// Puts a file's text in the form, or says why it could not be read.
    fn take(&mut self, read: Result<String, String>) {
        match read {
            Ok(text) => {
                self.text = text;
                self.file_problem = None;
            }
            Err(e) => self.file_problem = Some(e),
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

/// A dialog window in the middle of the board area.
fn dialog<'a>(title: &'a str, open: &'a mut bool, in_game: bool) -> egui::Window<'a> {
    let offset = if in_game { -PANEL_WIDTH / 2.0 } else { 0.0 };
    egui::Window::new(title)
        .open(open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [offset, 0.0])
}

/// Who plays, in a few words: "You (Black) against Medium".
pub fn matchup(players: [PlayerKind; 2]) -> String {
    match players {
        [PlayerKind::Human, PlayerKind::Human] => "Two players".into(),
        [PlayerKind::Human, PlayerKind::Bot(l)] => format!("You (Black) against {}", l.title()),
        [PlayerKind::Bot(l), PlayerKind::Human] => format!("You (White) against {}", l.title()),
        [PlayerKind::Bot(b), PlayerKind::Bot(w)] => format!("{} against {}", b.title(), w.title()),
    }
}

/// What the dialogs and buttons ask for, applied by [`act`].
#[derive(Message, Debug, Clone)]
pub enum MenuAction {
    /// Start (or resume) the game in the bridge.
    Play,
    NewGame(Setup),
    /// Play on from an imported record or position.
    Load(Box<SavedGame>),
    Rules,
    Title,
    Quit,
}

fn act(
    mut actions: MessageReader<MenuAction>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<Command>,
    mut rules_return: ResMut<RulesReturn>,
    mut dialogs: ResMut<Dialogs>,
    mut viewing: ResMut<Viewing>,
    mut exit: MessageWriter<AppExit>,
    mut clicks: MessageWriter<UiClick>,
) {
    for action in actions.read() {
        clicks.write(UiClick);
        let play = |next: &mut NextState<Screen>| {
            if !matches!(screen.get(), Screen::Playing | Screen::GameOver) {
                next.set(Screen::Playing);
            }
        };
        match action {
            MenuAction::Play => play(&mut next),
            MenuAction::NewGame(setup) => {
                commands.write(Command::NewGame(*setup));
                dialogs.new_game = false;
                viewing.0 = None;
                play(&mut next);
            }
            MenuAction::Load(saved) => {
                commands.write(Command::Load(saved.clone()));
                dialogs.load = false;
                viewing.0 = None;
                play(&mut next);
            }
            MenuAction::Rules => {
                if *screen.get() != Screen::Rules {
                    rules_return.0 = *screen.get();
                }
                next.set(Screen::Rules);
            }
            MenuAction::Title => next.set(Screen::Title),
            MenuAction::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}

/// A big menu button.
fn menu_button(ui: &mut egui::Ui, text: &str, enabled: bool) -> bool {
    ui.add_enabled(
        enabled,
        egui::Button::new(egui::RichText::new(text).size(20.0)).min_size(egui::vec2(300.0, 44.0)),
    )
    .clicked()
}

fn title_screen(
    mut contexts: EguiContexts,
    bridge: Res<Bridge>,
    persistence: Res<Persistence>,
    mut dialogs: ResMut<Dialogs>,
    mut actions: MessageWriter<MenuAction>,
    resumable: Res<Resumable>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Keys for the menu when no dialog is open: C continue, N new game, L load, R rules,
    // S settings.
    let no_dialog = !dialogs.new_game && !dialogs.load && !dialogs.settings;
    if no_dialog && !ctx.text_edit_focused() {
        let key = |k| ctx.input(|i| i.key_pressed(k));
        if key(egui::Key::C) && resumable.0 {
            actions.write(MenuAction::Play);
        } else if key(egui::Key::N) {
            dialogs.new_game = true;
        } else if key(egui::Key::L) {
            dialogs.load = true;
        } else if key(egui::Key::R) {
            actions.write(MenuAction::Rules);
        } else if key(egui::Key::S) {
            dialogs.settings = true;
        }
    }
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(egui::Color32::from_rgb(34, 29, 26)))
        .show(&mut super::hud::root_ui(ctx), |ui| {
            let height = ui.available_height();
            // Small windows scroll rather than cut the menu off.
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space((height * 0.06).max(8.0));
                ui.vertical_centered(|ui| {
                    ui.label(egui::RichText::new("CHOGO").size(64.0).strong().color(GOLD));
                    ui.label(
                    egui::RichText::new(
                        "Latrunculi, the Roman soldiers' game, as reconstructed by David Jagger",
                    )
                    .size(17.0)
                    .italics(),
                );
                    ui.add_space(14.0);
                    super::rules_screen::paint_position(
                        ui,
                        bridge.game.position(),
                        (height * 0.28).clamp(110.0, 300.0),
                    );
                    ui.add_space(14.0);
                    if resumable.0 {
                        let pos = bridge.game.position();
                        let state = match bridge.game.outcome() {
                            Some(outcome) => outcome.to_string(),
                            None => format!("move {}, {} to move", pos.fullmoves(), pos.turn()),
                        };
                        if menu_button(ui, "Continue  (C)", true) {
                            actions.write(MenuAction::Play);
                        }
                        ui.label(
                            egui::RichText::new(format!(
                                "{} · {} · {state}",
                                matchup(bridge.setup.players),
                                bridge.game.rules().describe()
                            ))
                            .weak(),
                        );
                    }
                    if menu_button(ui, "New game  (N)", true) {
                        dialogs.new_game = true;
                    }
                    if menu_button(ui, "Load a record or position  (L)", true) {
                        dialogs.load = true;
                    }
                    if menu_button(ui, "Rules  (R)", true) {
                        actions.write(MenuAction::Rules);
                    }
                    if menu_button(ui, "Settings  (S)", true) {
                        dialogs.settings = true;
                    }
                    // A page is closed by the browser, not by the game.
                    if !cfg!(target_arch = "wasm32") && menu_button(ui, "Quit", true) {
                        actions.write(MenuAction::Quit);
                    }
                    for problem in &persistence.problems {
                        ui.label(egui::RichText::new(problem).color(WARN));
                    }
                    if let Some(store) = &persistence.store {
                        ui.add_space(8.0);
                        ui.label(
                            egui::RichText::new(format!(
                                "Games and settings are kept in {}",
                                store.location()
                            ))
                            .small()
                            .weak(),
                        );
                    }
                });
            });
        });
    Ok(())
}

/// Whether "Continue" has a game to go back to (a save was found, or a game was played).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct Resumable(pub bool);

fn new_game_dialog(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut form: ResMut<NewGameForm>,
    screen: Res<State<Screen>>,
    mut actions: MessageWriter<MenuAction>,
) -> Result {
    if !dialogs.new_game {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let in_game = matches!(screen.get(), Screen::Playing | Screen::GameOver);
    dialog("New game", &mut open, in_game)
        .default_width(420.0)
        .show(ctx, |ui| {
            form.opponent.form(ui);
            ui.separator();
            ui.label(egui::RichText::new(format!("Rules: {}", form.rules.describe())).strong());
            rules_form(ui, &mut form.rules);
            let problem = form.rules.validate().err();
            if let Some(problem) = &problem {
                ui.label(egui::RichText::new(problem.to_string()).color(WARN));
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
                    dialogs.new_game = false;
                }
            });
        });
    if !open {
        dialogs.new_game = false;
    }
    Ok(())
}

/// The largest file the load dialog reads (records are a few kilobytes).
#[cfg(not(target_arch = "wasm32"))]
const LARGEST_FILE: u64 = 1 << 20;

/// Reads a record or position file for the load dialog.
#[cfg(not(target_arch = "wasm32"))]
pub fn read_text_file(path: &std::path::Path) -> Result<String, String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    if meta.is_dir() {
        return Err(format!("{shown} is a folder, not a file"));
    }
    if meta.len() > LARGEST_FILE {
        return Err(format!(
            "{shown} is {} bytes: too large for a record or a position",
            meta.len()
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    String::from_utf8(bytes).map_err(|_| format!("{shown} is not a text file"))
}

/// The records and positions saved from the panel, newest first (names in the store).
fn exported_files(persistence: &Persistence) -> Vec<String> {
    let Some(store) = &persistence.store else {
        return Vec::new();
    };
    let mut files = store.list(save::EXPORT_DIR);
    files.reverse();
    files.truncate(12);
    files
}

fn load_dialog(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut form: ResMut<LoadForm>,
    new_game: Res<NewGameForm>,
    persistence: Res<Persistence>,
    screen: Res<State<Screen>>,
    mut actions: MessageWriter<MenuAction>,
    mut files: Local<Option<Vec<String>>>,
) -> Result {
    if !dialogs.load {
        *files = None;
        return Ok(());
    }
    let files = files.get_or_insert_with(|| exported_files(&persistence));
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let in_game = matches!(screen.get(), Screen::Playing | Screen::GameOver);
    let form = &mut *form;
    dialog("Load a record or position", &mut open, in_game)
        .default_width(560.0)
        .show(ctx, |ui| {
            ui.label(if cfg!(target_arch = "wasm32") {
                "Paste a game record or a position text:"
            } else {
                "Paste a game record or a position text (or drop a file on the window):"
            });
            ui.add(
                egui::TextEdit::multiline(&mut form.text)
                    .font(egui::TextStyle::Monospace)
                    .desired_rows(7)
                    .desired_width(f32::INFINITY),
            );
            #[cfg(not(target_arch = "wasm32"))]
            ui.horizontal(|ui| {
                ui.label("or a file:");
                ui.add(egui::TextEdit::singleline(&mut form.path).desired_width(330.0));
                if ui.button("Read").clicked() {
                    let path = form.path.trim();
                    let read = if path.is_empty() {
                        Err("Write the path of a record or position file first.".to_string())
                    } else {
                        read_text_file(std::path::Path::new(path))
                    };
                    form.take(read);
                }
            });
            if !files.is_empty() {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Exported:");
                    for file in files.iter() {
                        let name = file.rsplit('/').next().unwrap_or(file);
                        if ui.small_button(name).clicked() {
                            let read = match persistence.store.as_ref().map(|s| s.read(file)) {
                                Some(Ok(Some(text))) => Ok(text),
                                Some(Err(e)) => Err(format!("cannot read {name}: {e}")),
                                _ => Err(format!("{name} is gone")),
                            };
                            form.take(read);
                        }
                    }
                });
            }
            if let Some(problem) = &form.file_problem {
                ui.label(egui::RichText::new(problem).color(WARN));
            }
            ui.separator();
            let imported =
                (!form.text.trim().is_empty()).then(|| save::import(&form.text, new_game.rules));
            match &imported {
                None => {
                    ui.label(egui::RichText::new("Nothing to read yet.").weak());
                }
                Some(Ok(what)) => {
                    let summary = match what {
                        Imported::Record(game) => format!(
                            "A game record: {} moves, {}; {}",
                            game.plies().len(),
                            game.rules().describe(),
                            game.outcome().map_or_else(
                                || format!("{} to move", game.position().turn()),
                                |o| o.to_string()
                            )
                        ),
                        Imported::Position(p) => {
                            format!("A position: {}, {} to move", p.rules().describe(), p.turn())
                        }
                    };
                    ui.label(egui::RichText::new(summary).color(GOLD));
                }
                Some(Err(problem)) => {
                    ui.label(egui::RichText::new(problem).color(WARN));
                    ui.label(egui::RichText::new("Nothing was changed.").weak());
                }
            }
            form.opponent.form(ui);
            ui.horizontal(|ui| {
                let ok = matches!(imported, Some(Ok(_)));
                if ui
                    .add_enabled(ok, egui::Button::new("Play from here"))
                    .clicked()
                    && let Some(Ok(what)) = imported
                {
                    actions.write(MenuAction::Load(Box::new(SavedGame {
                        game: what.into_game(),
                        players: form.opponent.players(),
                    })));
                }
                if ui.button("Clear").clicked() {
                    form.text.clear();
                    form.file_problem = None;
                }
                if ui.button("Cancel").clicked() {
                    dialogs.load = false;
                }
            });
        });
    if !open {
        dialogs.load = false;
    }
    Ok(())
}

/// A file dropped on the window opens the load dialog with its text.
#[cfg(not(target_arch = "wasm32"))]
fn dropped_files(
    mut drops: MessageReader<FileDragAndDrop>,
    mut dialogs: ResMut<Dialogs>,
    mut form: ResMut<LoadForm>,
) {
    for drop in drops.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = drop {
            form.path = path_buf.display().to_string();
            form.take(read_text_file(path_buf));
            dialogs.load = true;
        }
    }
}

fn settings_dialog(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut settings: ResMut<PlayerSettings>,
    screen: Res<State<Screen>>,
    persistence: Res<Persistence>,
) -> Result {
    if !dialogs.settings {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let in_game = matches!(screen.get(), Screen::Playing | Screen::GameOver);
    let mut edited = settings.0;
    dialog("Settings", &mut open, in_game)
        .default_width(380.0)
        .show(ctx, |ui| {
            egui::Grid::new("settings")
                .num_columns(2)
                .spacing([16.0, 10.0])
                .show(ui, |ui| {
                    ui.label("Volume");
                    ui.horizontal(|ui| {
                        ui.add(egui::Slider::new(&mut edited.volume, 0.0..=1.0).show_value(false));
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
                        "mark where a picked man can go",
                    );
                    ui.end_row();
                    ui.label("Coordinates");
                    ui.checkbox(&mut edited.show_coordinates, "a–h and 1–7 around the board");
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
                dialogs.settings = false;
            }
        });
    if edited != settings.0 {
        settings.0 = edited;
    }
    if !open {
        dialogs.settings = false;
    }
    Ok(())
}

/// The end of the game, over the board, with what to do next.
fn game_over_panel(
    mut contexts: EguiContexts,
    bridge: Res<Bridge>,
    dialogs: Res<Dialogs>,
    mut hidden: Local<Option<u64>>,
    mut actions: MessageWriter<MenuAction>,
) -> Result {
    let Some(outcome) = bridge.game.outcome() else {
        *hidden = None;
        return Ok(());
    };
    if *hidden == Some(bridge.version) || dialogs.new_game || dialogs.load {
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
        Some(side) => format!("{side} wins"),
        None => "Draw".to_string(),
    };
    egui::Area::new("game over".into())
        .anchor(egui::Align2::CENTER_CENTER, [-PANEL_WIDTH / 2.0, 0.0])
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
                        ui.label(egui::RichText::new(title).size(34.0).strong().color(GOLD));
                        // The reason alone: "White has no legal move".
                        let text = outcome.to_string();
                        let reason = text.split_once(": ").map_or(text.as_str(), |(_, r)| r);
                        ui.label(
                            egui::RichText::new(reason)
                                .size(17.0)
                                .color(egui::Color32::from_gray(230)),
                        );
                        ui.add_space(8.0);
                        ui.horizontal(|ui| {
                            if ui.button("Rematch").clicked() {
                                // Against a bot the person changes sides.
                                let players = match bridge.setup.players {
                                    [a, b] if a != b => [b, a],
                                    same => same,
                                };
                                actions.write(MenuAction::NewGame(Setup {
                                    rules: bridge.setup.rules,
                                    players,
                                }));
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

/// What to export and how.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Export {
    CopyRecord,
    CopyPosition,
    SaveRecord,
    SavePosition,
}

/// The record of the game, or the text of the position on the board.
pub fn export_text(bridge: &Bridge, viewing: &Viewing, what: Export) -> String {
    match what {
        Export::CopyRecord | Export::SaveRecord => {
            save::export_record(&bridge.game, bridge.setup.players, save::now_unix())
        }
        Export::CopyPosition | Export::SavePosition => bridge.shown(viewing).to_string(),
    }
}

fn export(
    mut exports: MessageReader<Export>,
    mut contexts: EguiContexts,
    bridge: Res<Bridge>,
    viewing: Res<Viewing>,
    persistence: Res<Persistence>,
    mut notice: ResMut<super::input::Notice>,
) -> Result {
    for &what in exports.read() {
        let text = export_text(&bridge, &viewing, what);
        match what {
            Export::CopyRecord | Export::CopyPosition => {
                contexts.ctx_mut()?.copy_text(text);
                notice.0 = Some(match what {
                    Export::CopyRecord => "The game record is on the clipboard.".into(),
                    _ => "The position text is on the clipboard.".into(),
                });
            }
            Export::SaveRecord | Export::SavePosition => {
                let Some(store) = &persistence.store else {
                    notice.0 = Some("Files are not kept in this mode.".into());
                    continue;
                };
                let kind = if what == Export::SaveRecord {
                    "record"
                } else {
                    "position"
                };
                let name = format!(
                    "{}/chogo-{}-{kind}.txt",
                    save::EXPORT_DIR,
                    save::timestamp(save::now_unix())
                );
                notice.0 = Some(match store.write(&name, &text) {
                    Ok(path) if cfg!(target_arch = "wasm32") => format!(
                        "Saved the {kind} in this browser as {}: Load lists it",
                        path.file_name()
                            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
                    ),
                    Ok(path) => format!("Saved the {kind} as {}", path.display()),
                    Err(e) => format!("The {kind} could not be saved: {e}"),
                });
            }
        }
    }
    Ok(())
}

/// Dialogs start from the game on the board.
fn init_forms(bridge: Res<Bridge>, mut form: ResMut<NewGameForm>, mut load: ResMut<LoadForm>) {
    form.rules = *bridge.game.rules();
    form.opponent = Opponent::of(bridge.setup.players);
    load.opponent = form.opponent;
}

/// A game was started or resumed: "Continue" has somewhere to go.
fn remember_game(mut resumable: ResMut<Resumable>) {
    resumable.0 = true;
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dialogs>();
    app.init_resource::<NewGameForm>();
    app.init_resource::<LoadForm>();
    app.init_resource::<Resumable>();
    app.add_message::<MenuAction>();
    app.add_message::<Export>();
    #[cfg(not(target_arch = "wasm32"))]
    {
        app.add_message::<FileDragAndDrop>();
        app.add_systems(Update, dropped_files.in_set(super::GameSet::Input));
    }
    app.add_systems(Startup, init_forms);
    app.add_systems(OnEnter(super::screen::InGame), remember_game);
    app.add_systems(Update, act.in_set(super::GameSet::Input));
    app.add_systems(
        EguiPrimaryContextPass,
        (
            title_screen.run_if(in_state(Screen::Title)),
            game_over_panel.run_if(in_state(Screen::GameOver)),
            new_game_dialog,
            load_dialog,
            settings_dialog,
            export,
        )
            .chain()
            .after(super::hud::HudSet),
    );
}
