//! A game of Go with chess pieces in words, for the panel, the dialogs and the title.

use crate::go::{Board as GoBoard, Rules as GoRules, number_text};

/// A board's name in the dialog.
pub fn board_label(board: GoBoard) -> String {
    match board {
        GoBoard::Square(n) => format!("{n} × {n}"),
        GoBoard::Chogo(b) => format!("Chogo's {}", b.label()),
    }
}

/// The rules of a game of Go with chess pieces in one line.
pub fn go_rules_line(rules: &GoRules) -> String {
    let set = rules.pieces.to_string();
    let kinds: Vec<&str> = rules.pieces.kinds().map(|k| k.plural()).collect();
    format!(
        "{}, {}{}, {}, komi {}",
        board_label(rules.board),
        kinds.join(" and "),
        if rules.moving { ", moving" } else { "" },
        if rules.superko || rules.moving {
            "superko"
        } else {
            "basic ko"
        },
        number_text(rules.komi),
    )
    .replace(&format!("{set}:"), "")
}
