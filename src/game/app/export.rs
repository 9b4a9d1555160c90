//! Files the player asks for: a record or a position text written into the records folder
//! (both boards' panels), and F12's screenshot of the window.

use bevy::prelude::*;

use crate::game::app::persist::Persistence;
#[cfg(not(target_arch = "wasm32"))]
use crate::game::app::ui::Notice;
use crate::save;

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

pub(crate) fn plugin(app: &mut App) {
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(
        Update,
        screenshot_key.in_set(crate::game::app::sets::Phase::Input),
    );
    #[cfg(target_arch = "wasm32")]
    let _ = app;
}
