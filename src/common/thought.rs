//! What a search job answers, in both games: the move, how good the position is for the
//! side to move, and the line the search expects. The game plays the move and judges a
//! draw offer by the score; the score and the line are there for an analysis board and
//! a game review, which the browser's worker already carries them for.

use serde::{Deserialize, Serialize};

/// How good a position is for the side to move, in each engine's own measure.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// An alpha-beta evaluation in hundredths of a man (Chogo); wins are near
    /// `±30_000`, less the plies to them.
    Eval(i32),
    /// The share of playouts the side to move won, 0–1, and their mean margin in points
    /// (Go with chess pieces).
    WinRate { win: f64, lead: Option<f64> },
}

/// A bot's answer to a job.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought<M> {
    /// The move to play.
    pub mv: M,
    /// The search's judgement of the position for the side to move, when it has one.
    pub score: Option<Score>,
    /// The expected line, starting with `mv` (just `mv` for the bots that do not look
    /// ahead).
    pub line: Vec<M>,
}

impl<M: Copy> Thought<M> {
    /// A move with no judgement behind it (the random and greedy bots).
    pub fn bare(mv: M) -> Thought<M> {
        Thought {
            mv,
            score: None,
            line: vec![mv],
        }
    }

    /// The evaluation, for engines that score in hundredths of a man.
    pub fn eval(&self) -> Option<i32> {
        match self.score {
            Some(Score::Eval(e)) => Some(e),
            _ => None,
        }
    }

    /// The win rate, for engines that score by playouts.
    pub fn win_rate(&self) -> Option<f64> {
        match self.score {
            Some(Score::WinRate { win, .. }) => Some(win),
            _ => None,
        }
    }
}
