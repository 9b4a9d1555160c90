//! The readers of Go with chess pieces: boards, piece sets, position texts, move texts
//! and records, each written back and read again, moves tried, records replayed.
#![no_main]

use chogo::go::{Board, Game, MoveText, PieceSet, Position, Record, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (kind, body) = text.split_once('\n').unwrap_or(("", text));
    match kind.len() % 4 {
        0 => {
            if let Ok(board) = body.parse::<Board>() {
                assert_eq!(board.to_string().parse::<Board>().ok(), Some(board));
            }
            if let Ok(set) = body.parse::<PieceSet>() {
                assert_eq!(set.to_string().parse::<PieceSet>().ok(), Some(set));
            }
        }
        1 => {
            for set in PieceSet::PRESETS {
                let rules = Rules {
                    pieces: set.parse().unwrap(),
                    ..Rules::default()
                };
                if let Ok(pos) = Position::from_text(body, rules) {
                    let again = Position::from_text(&pos.to_string(), rules).expect("written back");
                    assert_eq!(again.to_string(), pos.to_string());
                }
            }
        }
        2 => {
            let rules = Rules {
                pieces: "RB".parse().unwrap(),
                moving: true,
                superko: true,
                ..Rules::default()
            };
            let mut game = Game::from_position(Position::new(rules));
            for word in body.split_whitespace().take(64) {
                if let Ok(mv) = word.parse::<MoveText>() {
                    let _ = game.play_text(&mv);
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
