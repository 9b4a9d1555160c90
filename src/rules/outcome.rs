//! How a game ends (RULES §6), and the one wording of it that every front end shows.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Side;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// RULES §6.1.
    KingCaptured,
    /// RULES §6.2.
    NoLegalMove,
    /// RULES §6.3.
    FiftyMoves,
    /// RULES §6.4.
    Repetition,
    /// RULES §10.4: the loser had its king and two pawns at most against a safe king.
    Hopeless,
    Resignation,
    Agreement,
}

/// The end of a game: the winner (none for a draw) and the reason.
///
/// Its wording is defined here once: [`Outcome::headline`] ("Black wins", "Draw"),
/// [`Outcome::explanation`] ("White's king is captured") and `Display`, which joins the
/// two ("Black wins: White's king is captured").
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Outcome {
    pub fn win(side: Side, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(side),
            reason,
        }
    }

    pub fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    /// `Black wins`, `White wins` or `Draw`.
    pub fn headline(&self) -> String {
        match self.winner {
            Some(side) => format!("{side} wins"),
            None => "Draw".into(),
        }
    }

    /// Why the game ended, as a sentence without its full stop: `White's king is
    /// captured`, `White has no legal move`, `White resigns`, `50 moves by each side
    /// without a capture`, `the same position for the third time`, `agreed by the players`.
    pub fn explanation(&self) -> String {
        // The loser; a draw's reason does not name a side.
        let loser = self.winner.map_or(Side::Black, |w| !w);
        match self.reason {
            EndReason::KingCaptured => format!("{loser}'s king is captured"),
            EndReason::NoLegalMove => format!("{loser} has no legal move"),
            EndReason::Resignation => format!("{loser} resigns"),
            EndReason::Hopeless => {
                format!("{loser} has its king and at most two men against a safe king")
            }
            EndReason::FiftyMoves => "50 moves by each side without a capture".into(),
            EndReason::Repetition => "the same position for the third time".into(),
            EndReason::Agreement => "agreed by the players".into(),
        }
    }

    /// `black`, `white` or `draw`, as the command line prints results.
    pub fn result_name(&self) -> &'static str {
        match self.winner {
            Some(side) => side.name(),
            None => "draw",
        }
    }

    /// The record's result: `1-0` (Black wins), `0-1` (White wins) or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(Side::Black) => "1-0",
            Some(Side::White) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// `Black wins: White's king is captured`, `Draw: agreed by the players`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.headline(), self.explanation())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_wording_for_every_ending() {
        let cases = [
            (
                Outcome::win(Side::Black, EndReason::KingCaptured),
                "Black wins: White's king is captured",
            ),
            (
                Outcome::win(Side::White, EndReason::NoLegalMove),
                "White wins: Black has no legal move",
            ),
            (
                Outcome::win(Side::Black, EndReason::Resignation),
                "Black wins: White resigns",
            ),
            (
                Outcome::draw(EndReason::FiftyMoves),
                "Draw: 50 moves by each side without a capture",
            ),
            (
                Outcome::draw(EndReason::Repetition),
                "Draw: the same position for the third time",
            ),
            (
                Outcome::draw(EndReason::Agreement),
                "Draw: agreed by the players",
            ),
        ];
        for (outcome, text) in cases {
            assert_eq!(outcome.to_string(), text);
            assert_eq!(
                format!("{}: {}", outcome.headline(), outcome.explanation()),
                text
            );
        }
    }
}
