//! The load dialog: a record or a position text, pasted, read from a file or dropped on
//! the window; a summary of what it holds before anything changes.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{NewGameForm, Opponent};
use crate::game::app::persist::Persistence;
use crate::game::app::screen::{Dialog, InGame, MenuAction};
use crate::game::app::ui::{self, PanelPlace, palette};
use crate::rules::RuleSet;
use crate::save::{self, GoPlayer, GoSavedGame, Imported, SavedGame};

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
    /// The exported files listed, read once when the dialog opens.
    files: Option<Vec<String>>,
    /// What the text says, read when the text or the rules it is read under change (a
    /// long record is replayed once, not every frame).
    read: Option<Reading>,
}

/// The text as read, with what it was read from.
#[derive(Debug)]
struct Reading {
    text: String,
    rules: RuleSet,
    go_rules: crate::go::Rules,
    imported: Result<Imported, String>,
    /// The text as a game of Go with chess pieces (an SGF file, or this game's record).
    go: Option<Result<crate::go::Game, String>>,
}

impl LoadForm {
    /// What the text says under these rules (for a position text): `None` while it is
    /// empty. Read again only when the text or the rules differ from the last reading.
    pub fn read(
        &mut self,
        rules: RuleSet,
        go_rules: crate::go::Rules,
    ) -> Option<&Result<Imported, String>> {
        if self.text.trim().is_empty() {
            self.read = None;
            return None;
        }
        let stale = self
            .read
            .as_ref()
            .is_none_or(|r| r.text != self.text || r.rules != rules || r.go_rules != go_rules);
        if stale {
            let go = save::import_go(&self.text, go_rules);
            self.read = Some(Reading {
                text: self.text.clone(),
                rules,
                go_rules,
                // A game of Go with chess pieces is not read as Chogo's.
                imported: match &go {
                    Some(_) => Err(String::new()),
                    None => save::import(&self.text, rules),
                },
                go,
            });
        }
        self.read.as_ref().map(|r| &r.imported)
    }

    /// The text as a game of Go with chess pieces, when it is one (read with
    /// [`LoadForm::read`]).
    pub fn go_game(&self) -> Option<&Result<crate::go::Game, String>> {
        self.read.as_ref().and_then(|r| r.go.as_ref())
    }

    /// The dialog was closed: the file list is read again next time.
    fn forget_files(&mut self) {
        self.files = None;
    }

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
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        // SGF files of Go programs come in many encodings (CA[...]); their moves and
        // properties are ASCII, so a lossy reading keeps everything the game reads.
        Err(e) if e.as_bytes().trim_ascii_start().starts_with(b"(;") => {
            Ok(String::from_utf8_lossy(e.as_bytes()).into_owned())
        }
        Err(_) => Err(format!("{shown} is not a text file")),
    }
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

pub(super) fn dialog(
    mut contexts: EguiContexts,
    mut form: ResMut<LoadForm>,
    new_game: Res<NewGameForm>,
    persistence: Res<Persistence>,
    in_game: Option<Res<State<InGame>>>,
    place: Res<PanelPlace>,
    mut actions: super::Menu,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let form = &mut *form;
    let files = form
        .files
        .get_or_insert_with(|| exported_files(&persistence))
        .clone();
    ui::dialog(
        "Load a record or position",
        &mut open,
        super::over_game(&in_game, &place),
        ctx,
    )
    .default_width(560.0)
    .show(ctx, |ui| {
        ui::scrolling(ui, |ui| {
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
                    for file in &files {
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
                ui.label(egui::RichText::new(problem).color(palette::WARN));
            }
            ui.separator();
            form.read(new_game.rules, new_game.go.rules);
            if let Some(go) = form.go_game().cloned() {
                go_summary(ui, form, go, &mut actions);
                return;
            }
            let imported = form.read(new_game.rules, new_game.go.rules);
            match imported {
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
                    ui.label(egui::RichText::new(summary).color(palette::GOLD));
                }
                Some(Err(problem)) => {
                    ui.label(egui::RichText::new(problem).color(palette::WARN));
                    ui.label(egui::RichText::new("Nothing was changed.").weak());
                }
            }
            form.opponent.form(ui);
            ui.horizontal(|ui| {
                let ready = matches!(form.read(new_game.rules, new_game.go.rules), Some(Ok(_)));
                if ui
                    .add_enabled(ready, egui::Button::new("Play from here"))
                    .clicked()
                    && let Some(Ok(what)) = form.read(new_game.rules, new_game.go.rules).cloned()
                {
                    actions.load_chogo(SavedGame {
                        game: what.into_game(),
                        players: form.opponent.players(),
                    });
                }
                if ui.button("Clear").clicked() {
                    form.text.clear();
                    form.file_problem = None;
                }
                if ui.button("Cancel").clicked() {
                    actions.write(MenuAction::Open(Dialog::None));
                }
            });
        })
    });
    if !open {
        actions.write(MenuAction::Open(Dialog::None));
    }
    Ok(())
}

/// The load dialog's lower part for a game of Go with chess pieces: what it holds, the
/// opponent, Play from here.
fn go_summary(
    ui: &mut egui::Ui,
    form: &mut LoadForm,
    go: Result<crate::go::Game, String>,
    actions: &mut super::Menu,
) {
    match &go {
        Ok(game) => {
            let pos = game.position();
            let state = match game.outcome() {
                Some(o) => format!("ended: {}", o.result_name()),
                None => format!("{} to move", pos.turn()),
            };
            ui.label(
                egui::RichText::new(format!(
                    "Go with chess pieces: {} moves; {}; {state}",
                    game.moves().len(),
                    super::go_rules_line(pos.rules()),
                ))
                .color(palette::GOLD),
            );
        }
        Err(problem) => {
            ui.label(egui::RichText::new(problem).color(palette::WARN));
            ui.label(egui::RichText::new("Nothing was changed.").weak());
        }
    }
    form.opponent.form(ui);
    ui.horizontal(|ui| {
        if ui
            .add_enabled(go.is_ok(), egui::Button::new("Play from here"))
            .clicked()
            && let Ok(game) = go
        {
            // The opponent's level by name (Chogo's beginner is the second game's easy).
            let player = |p: crate::bot::PlayerKind| match p {
                crate::bot::PlayerKind::Human => GoPlayer::Human,
                crate::bot::PlayerKind::Bot(level) => GoPlayer::Bot(
                    level
                        .to_string()
                        .parse()
                        .unwrap_or(crate::go::bot::Level::Easy),
                ),
            };
            let players = form.opponent.players();
            actions.load_go(GoSavedGame {
                game,
                players: crate::rules::BySide::new(player(players.black), player(players.white)),
                redo: Vec::new(),
            });
        }
        if ui.button("Clear").clicked() {
            form.text.clear();
            form.file_problem = None;
        }
        if ui.button("Cancel").clicked() {
            actions.write(MenuAction::Open(Dialog::None));
        }
    });
}

/// A file dropped on the window opens the load dialog with its text.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn dropped_files(
    mut drops: MessageReader<FileDragAndDrop>,
    mut form: ResMut<LoadForm>,
    mut actions: super::Menu,
) {
    for drop in drops.read() {
        if let FileDragAndDrop::DroppedFile { path_buf, .. } = drop {
            form.path = path_buf.display().to_string();
            form.take(read_text_file(path_buf));
            actions.write(MenuAction::Open(Dialog::Load));
        }
    }
}

/// The exported files are listed afresh each time the dialog opens.
pub(super) fn forget_files(mut form: ResMut<LoadForm>) {
    form.forget_files();
}
