//! Save files and settings as the game reads them from disk or localStorage, and the
//! load dialog's reading of pasted text.
#![no_main]

use chogo::save::{GoSavedGame, SavedGame, Settings, import, import_go};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(saved) = SavedGame::from_text(text) {
        SavedGame::from_text(&saved.to_text()).expect("a save written back reads");
    }
    if let Ok(saved) = GoSavedGame::from_text(text) {
        GoSavedGame::from_text(&saved.to_text()).expect("a save written back reads");
    }
    if let Ok(settings) = Settings::from_text(text) {
        Settings::from_text(&settings.to_text()).expect("settings written back read");
    }
    let _ = import(text, Default::default());
    let _ = import_go(text, Default::default());
});
