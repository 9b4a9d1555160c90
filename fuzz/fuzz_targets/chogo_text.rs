//! Chogo's readers of outside text: rule sets, position texts, move texts and records.
//! Whatever reads is written back to something that reads the same; a move that reads
//! is tried on the position; a record that reads is replayed.
#![no_main]

use chogo::rules::{Game, MoveText, Position, Record, RuleSet};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The first line chooses what the rest is read as.
    let (kind, body) = text.split_once('\n').unwrap_or(("", text));
    match kind.len() % 4 {
        0 => {
            if let Ok(rules) = body.parse::<RuleSet>() {
                let again: RuleSet = rules.to_string().parse().expect("rules written back read");
                assert_eq!(again, rules);
            }
        }
        1 => {
            // The drop opening's hands ([8PK8pk]) and the other options of RULES §10 too.
            for rules in [
                "chogo-44",
                "8x8",
                "12x10",
                "chogo-44,opening=drops",
                "12x10,opening=drops,men=3,kings=none",
                "chogo-44,trap=line,fortress=reposition,start=facing",
            ] {
                let rules: RuleSet = rules.parse().unwrap();
                if let Ok(pos) = Position::from_text(body, rules) {
                    let again = Position::from_text(&pos.to_string(), rules).expect("written back");
                    assert_eq!(again.to_string(), pos.to_string());
                    assert_eq!(again.hash(), pos.hash());
                    // Whatever reads can be played on without a panic.
                    let moves = pos.legal_moves();
                    if let Some(&mv) = moves.first() {
                        let (next, _) = pos.play(mv).expect("a legal move plays");
                        let _ = next.outcome();
                    }
                }
            }
        }
        2 => {
            let mut game = Game::new(RuleSet::default());
            for word in body.split_whitespace().take(64) {
                if let Ok(mv) = word.parse::<MoveText>() {
                    let _ = mv
                        .to_string()
                        .parse::<MoveText>()
                        .expect("move text written back");
                    let _ = game.play(mv.mv);
                }
            }
        }
        _ => {
            if let Ok(record) = Record::parse(body) {
                let again =
                    Record::parse(&record.to_string()).expect("a record written back reads");
                if let Ok(game) = record.to_game() {
                    let replayed = again.to_game().expect("the record written back replays");
                    assert_eq!(replayed.position().to_string(), game.position().to_string());
                }
            }
        }
    }
});
