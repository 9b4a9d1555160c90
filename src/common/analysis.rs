//! An engine's view of one position, the same for both games: the side to move's win
//! chance, the best moves with theirs, and the lines the engine expects. Moves are in
//! each game's own notation, so that the analysis board, the game review and the
//! browser's worker carry them without asking which game they belong to.

use serde::{Deserialize, Serialize};

/// One of the engine's best moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The side to move's win chance after it, 0–1.
    pub win: f64,
    /// Go with chess pieces: the expected final margin in points for the side to move.
    #[serde(default)]
    pub lead: Option<f64>,
    /// The engine's own measure, as a player reads it: `+1.25` (men), `win in 5`,
    /// `Black ahead by 3.5`.
    pub score: String,
    /// The line the engine expects, starting with the move.
    pub line: Vec<String>,
}

/// An engine's judgement of a position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The side to move's win chance, 0–1 (the best candidate's, or the result's when the
    /// game is over).
    pub win: f64,
    /// Go with chess pieces: the expected margin in points for the side to move.
    #[serde(default)]
    pub lead: Option<f64>,
    /// The best moves, best first; empty when the game is over.
    pub best: Vec<Candidate>,
    /// How far the engine went: Chogo's search depth in plies, or Go's playouts.
    pub depth: u32,
    /// Nodes searched (Chogo) or playouts run (Go).
    pub work: u64,
    /// Whether the game was over in this position (the win chance is then the result).
    #[serde(default)]
    pub over: bool,
    /// Whether the win chance is a result the engine found forced (a win or a loss in a
    /// few moves), not an estimate.
    #[serde(default)]
    pub forced: bool,
}

impl Analysis {
    /// The analysis of a finished game: the side to move won (1), lost (0) or drew (½).
    pub fn over(win: f64) -> Analysis {
        Analysis {
            win,
            lead: None,
            best: Vec::new(),
            depth: 0,
            work: 0,
            over: true,
            forced: true,
        }
    }

    /// A result for `me`: 1 won, ½ drawn (no winner), 0 lost.
    pub fn result_for(winner: Option<super::Side>, me: super::Side) -> f64 {
        match winner {
            Some(w) if w == me => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// Whether the side to move has lost, by the rules or by force.
    pub fn lost(&self) -> bool {
        (self.over || self.forced) && self.win <= 0.0
    }

    /// The engine's preferred move, if the game goes on.
    pub fn best_move(&self) -> Option<&Candidate> {
        self.best.first()
    }
}

/// How much an analysis may spend, in either game's measure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effort {
    /// Milliseconds.
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// Chogo's search nodes, or Go's playouts.
    #[serde(default)]
    pub work: Option<u64>,
    /// Chogo's search depth (ignored by Go).
    #[serde(default)]
    pub depth: Option<u32>,
}

/// A game an engine can study: each engine implements it for its own game type, and the
/// review, the analysis board and the command line are written once against it.
pub trait Studied: super::Playable {
    /// The engine's analysis of the position now: its win chance for the side to move and
    /// its best `multipv` moves. Never panics; a finished game gives [`Analysis::over`].
    fn analyse(
        &self,
        effort: Effort,
        multipv: usize,
        seed: u64,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Analysis;

    /// The game as it stood after its first `ply` moves (its history with it), without a
    /// resignation or an agreed ending.
    fn after_plies(&self, ply: usize) -> Self;

    /// Each move played, in the rule book's notation with its captures.
    fn played(&self) -> Vec<String>;

    /// The game's record with a mark and a comment after each move (RULES §8 and
    /// GO_RULES §5: readers skip both).
    fn annotated_record(&self, tags: &[(&str, &str)], notes: &[Note]) -> String;
}

/// What a review writes after a move: a mark (`?!`, `?`, `??`) and a comment.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Note {
    pub mark: Option<String>,
    pub comment: Option<String>,
}

/// A record's text, the same in both games (RULES §8, GO_RULES §5): the tag lines, a
/// blank line, then the numbered moves wrapped at about 80 columns (`1. b3 f5 2. c1-c6`),
/// each move followed by its note's mark and `{ comment }`, then the result.
pub fn record_text(
    tags: &[(String, String)],
    mut number: u32,
    mut turn: super::Side,
    moves: &[String],
    notes: &[Note],
    result: &str,
) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for (name, value) in tags {
        let _ = writeln!(out, "[{name} \"{}\"]", super::tag::escape(value));
    }
    out.push('\n');
    let mut words: Vec<String> = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let note = notes.get(i);
        let mark = note.and_then(|n| n.mark.as_deref()).unwrap_or("");
        match turn {
            super::Side::Black => words.push(format!("{number}. {text}{mark}")),
            super::Side::White if i == 0 => words.push(format!("{number}... {text}{mark}")),
            super::Side::White => words.push(format!("{text}{mark}")),
        }
        if let Some(comment) = note.and_then(|n| n.comment.as_deref()) {
            // A comment ends at the first `}`: one inside it would end it early.
            words.push(format!("{{ {} }}", comment.replace('}', ")")));
        }
        if turn == super::Side::White {
            number += 1;
        }
        turn = !turn;
    }
    words.push(result.to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 80 {
            let _ = writeln!(out, "{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    let _ = writeln!(out, "{line}");
    out
}
