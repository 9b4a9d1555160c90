//! SGF files as bytes: decoded by their CA, parsed, replayed, and written back.
#![no_main]

use chogo::go::sgf::{self, SgfGame};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = sgf::games_in(&String::from_utf8_lossy(data));
    let Ok(text) = sgf::decode(data) else {
        return;
    };
    if let Ok(game) = SgfGame::parse(&text)
        && let Ok(replayed) = game.to_game()
    {
        let written = sgf::write(&replayed, "b", "w").expect("a game read from SGF is SGF");
        let again = SgfGame::parse(&written).expect("SGF written back reads");
        let back = again.to_game().expect("SGF written back replays");
        assert_eq!(back.position().to_string(), replayed.position().to_string());
        assert_eq!(back.moves().len(), replayed.moves().len());
    }
});
