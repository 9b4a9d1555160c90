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
            if engine.analysis().is_some() {
                // An analysis begins with `=` on a line of its own; stopped, a round
                // answers at once, on one line.
                assert!(
                    answer.ends_with('\n') && !answer.contains("\n\n"),
                    "{answer:?}"
                );
                if let Some(round) = engine.analyze(&stop) {
                    assert!(!round.contains('\n'), "{round:?}");
                }
            } else {
                // Every other answer ends with one empty line, and only there.
                let body = answer
                    .strip_suffix("\n\n")
                    .expect("an answer ends with an empty line");
                assert!(!body.contains("\n\n"), "{answer:?}");
            }
            if quit {
                break;
            }
        }
    }
});
