//! What both games share below their engines: the sides, cell names, the game interface
//! ([`Playable`]) that the match runner, the command line and the app are written
//! against, the bots' decision seeds, the answer of a search job ([`Thought`]), an
//! engine's analysis of a position ([`analysis`]) and the text of a game record
//! ([`record`]).
//! Imports nothing else of the crate.

pub mod analysis;
pub mod arena;
pub mod cell_name;
mod play;
mod player;
pub mod puzzled;
pub mod record;
mod seed;
mod side;
pub mod tag;
pub mod taught;
mod thought;

pub use play::{Playable, Request, Verdict};
pub use player::Player;
pub use seed::decision_seed;
pub use side::{BySide, ParseSideError, Side};
pub use thought::{Score, Thought};

/// A count with its noun: "1 move", "3 moves".
pub fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A text without the byte-order mark some editors put at the start of a UTF-8 file.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// A whole message cut to 200 characters with "…", for messages that carry a part of
/// their input among their own words.
pub fn excerpt_long(message: &str) -> String {
    match message.char_indices().nth(200) {
        None => message.to_string(),
        Some((end, _)) => format!("{}…", &message[..end]),
    }
}

/// The part of an input an error message repeats: the whole of a short text, the first 40
/// characters of a long one with "…" (a 10 MB bad token gives a short message); line breaks
/// and other control characters are written as escapes (`\n`), so the message stays one
/// line.
pub fn excerpt(text: &str) -> String {
    const SHOWN: usize = 40;
    let mut shown = String::new();
    for c in text.chars().take(SHOWN) {
        if c.is_control() {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    if text.chars().nth(SHOWN).is_some() {
        shown.push('…');
    }
    shown
}
