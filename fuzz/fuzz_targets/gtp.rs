//! GTP command streams into the engine (random bot, 5 × 5 to start): every line gets a
//! well-formed answer, and analysis rounds end.
#![no_main]

use std::sync::atomic::AtomicBool;

use chogo::go::gtp::Engine;
use chogo::go::{Board, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let rules = Rules {
        board: Board::Square(5),
        ..Rules::default()
    };
    let mut engine = Engine::new(rules, 1);
    let stop = AtomicBool::new(true);
    for line in text.lines().take(40) {
        // No file is read from a fuzzer's input.
        if line.contains("loadsgf") {
            continue;
        }
        if let Some((answer, quit)) = engine.handle(line) {
            assert!(
                answer.starts_with('=') || answer.starts_with('?'),
                "{answer:?}"
            );
            assert!(answer.ends_with("\n\n") || answer.ends_with('\n'));
            if engine.analysis().is_some() {
                // A stopped analysis answers at once.
                let _ = engine.analyze(&stop);
            }
            if quit {
                break;
            }
        }
    }
});
