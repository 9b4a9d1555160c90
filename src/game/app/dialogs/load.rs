//! The load dialog: a record or a position text, pasted, read from a file or dropped on
//! the window; each board in turn is asked whether the text is its own, and the first
//! that takes it says what it holds before anything changes.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::app::boards::{self, Boards, Loadable};
use crate::game::app::persist::Persistence;
use crate::game::app::screen::{Dialog, MenuAction};
use crate::game::app::ui::{self, palette};
use crate::save;

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
    /// The exported files listed, read once when the dialog opens.
    files: Option<Vec<String>>,
}

impl LoadForm {
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
    // SGF files of Go programs come in many character sets: read as their CA says.
    let plain = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
    if plain.trim_ascii_start().starts_with(b"(") {
        return crate::go::sgf::decode(&bytes).map_err(|e| format!("{shown}: {e}"));
    }
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

pub(super) fn dialog(world: &mut World) {
    let Some(ctx) = boards::egui_context(world) else {
        return;
    };
    let boards = world.resource::<Boards>().clone();
    let over_game = super::over_game(world);
    let files = match world.resource::<LoadForm>().files.clone() {
        Some(files) => files,
        None => {
            let files = exported_files(world.resource::<Persistence>());
            world.resource_mut::<LoadForm>().files = Some(files.clone());
            files
        }
    };
    let mut open = true;
    ui::dialog("Load a record or position", &mut open, over_game, &ctx)
        .default_width(560.0)
        .show(&ctx, |ui| {
            // The form scrolls; its buttons stay in sight under it.
            let answer = ui::scrolling_above_row(ui, |ui| {
                let read_file = |world: &mut World, name: &str, file: &str| {
                    let read = match world
                        .resource::<Persistence>()
                        .store
                        .as_ref()
                        .map(|s| s.read(file))
                    {
                        Some(Ok(Some(text))) => Ok(text),
                        Some(Err(e)) => Err(format!("cannot read {name}: {e}")),
                        _ => Err(format!("{name} is gone")),
                    };
                    world.resource_mut::<LoadForm>().take(read);
                };
                {
                    let mut form = world.resource_mut::<LoadForm>();
                    let form = &mut *form;
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
                                Err("Write the path of a record or position file first."
                                    .to_string())
                            } else {
                                read_text_file(std::path::Path::new(path))
                            };
                            form.take(read);
                        }
                    });
                }
                if !files.is_empty() {
                    ui.horizontal_wrapped(|ui| {
                        ui.label("Exported:");
                        for file in &files {
                            let name = file.rsplit('/').next().unwrap_or(file);
                            if ui.small_button(name).clicked() {
                                read_file(world, name, file);
                            }
                        }
                    });
                }
                if let Some(problem) = &world.resource::<LoadForm>().file_problem {
                    ui.label(egui::RichText::new(problem).color(palette::WARN));
                }
                ui.separator();
                // The first board that takes the text says what it holds.
                let mut answer = (Loadable::NotMine, None);
                if world.resource::<LoadForm>().text.trim().is_empty() {
                    ui.label(egui::RichText::new("Nothing to read yet.").weak());
                } else {
                    for board in boards.readers() {
                        let loadable = boards::draw(world, board.load_part, ui);
                        if loadable != Loadable::NotMine {
                            answer = (loadable, Some(board.play_loaded));
                            break;
                        }
                    }
                }
                answer
            });
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(
                        answer.0 == Loadable::Ready,
                        egui::Button::new("Play from here"),
                    )
                    .clicked()
                    && let (Loadable::Ready, Some(play)) = answer
                {
                    boards::ask(world, play);
                }
                if ui.button("Clear").clicked() {
                    let mut form = world.resource_mut::<LoadForm>();
                    form.text.clear();
                    form.file_problem = None;
                }
                if ui.button("Cancel").clicked() {
                    world.write_message(MenuAction::Open(Dialog::None));
                }
            });
        });
    if !open {
        world.write_message(MenuAction::Open(Dialog::None));
    }
}

/// A file dropped on the window opens the load dialog with its text.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn dropped_files(
    mut drops: MessageReader<FileDragAndDrop>,
    mut form: ResMut<LoadForm>,
    mut actions: MessageWriter<MenuAction>,
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
