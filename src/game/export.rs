//! Exporting the game: the record or the position text, to the clipboard or to a file in
//! the data folder (the browser's storage on the web).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::bridge::{Bridge, Viewing};
use super::persist::Persistence;
use super::ui::{Notice, UiLayer};
use crate::save;

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
    mut notice: ResMut<Notice>,
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
                let kind = if what == Export::SaveRecord {
                    "record"
                } else {
                    "position"
                };
                notice.0 = Some(save_export(&persistence, "chogo", kind, &text));
            }
        }
    }
    Ok(())
}

/// Writes a record or position into the records folder as `<game>-<time>-<kind>.txt` (both
/// games' panels): says where, or why not.
pub fn save_export(persistence: &Persistence, game: &str, kind: &str, text: &str) -> String {
    let Some(store) = &persistence.store else {
        return "Files are not kept in this mode.".into();
    };
    let name = format!(
        "{}/{game}-{}-{kind}.txt",
        save::EXPORT_DIR,
        save::timestamp(save::now_unix())
    );
    match store.write(&name, text) {
        Ok(path) if cfg!(target_arch = "wasm32") => format!(
            "Saved the {kind} in this browser as {}: Load lists it",
            path.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        ),
        Ok(path) => format!("Saved the {kind} as {}", path.display()),
        Err(e) => format!("The {kind} could not be saved: {e}"),
    }
}

/// F12 saves a picture of the window in the data folder's `screenshots` folder (the
/// desktop only: a page's pictures are the browser's business).
#[cfg(not(target_arch = "wasm32"))]
fn screenshot_key(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    persistence: Res<Persistence>,
    mut notice: ResMut<Notice>,
) {
    use bevy::render::view::screenshot::{Screenshot, save_to_disk};
    if !keys.just_pressed(KeyCode::F12) {
        return;
    }
    let Some(store) = &persistence.store else {
        notice.0 = Some("Files are not kept in this mode.".into());
        return;
    };
    let dir = store.path("screenshots");
    if let Err(e) = std::fs::create_dir_all(&dir) {
        notice.0 = Some(format!("The screenshot could not be saved: {e}"));
        return;
    }
    let path = dir.join(format!("chogo-{}.png", save::timestamp(save::now_unix())));
    notice.0 = Some(format!("Saved a screenshot as {}", path.display()));
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path));
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Export>();
    app.add_systems(EguiPrimaryContextPass, export.in_set(UiLayer::Dialogs));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(Update, screenshot_key.in_set(super::sets::Phase::Input));
}
