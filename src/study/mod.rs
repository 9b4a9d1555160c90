//! Studying a finished game, the same for both games: each move judged by how much of
//! the mover's win chance it gave away, each side's accuracy, and the review's notes for
//! an annotated record.
//!
//! The engines judge single positions ([`Studied::analyse`]); this module turns those
//! judgements into a review. It never asks which game it is given.
//!
//! - A move is an **inaccuracy** when it lowers the mover's win chance by 10 points of
//!   100 or more, a **mistake** by 20, a **blunder** by 30 (lichess's thresholds, on win
//!   chance). In Go with chess pieces a move is also judged by the points it gives away
//!   (KaTrain's way): 3, 6 and 12 points, while the game is still open (the mover's win
//!   chance before it between 10 % and 90 %), since the margins of a decided game's
//!   playouts swing by more than that without changing anything.
//! - A move's **accuracy** follows lichess's published curve on the drop `d` in win
//!   percent, `103.1668 · e^(−0.04354 d) − 3.1669`, plus lichess's one-point allowance
//!   for an imperfect analysis, between 0 and 100; a move that loses nothing is 100.
//! - A side's **game accuracy** is, as lichess averages it, the mean of two means of its
//!   moves' accuracies: one weighted by how much the win chance moved around the move
//!   (the standard deviation of the win percent over a window of a tenth of the game,
//!   2 to 8 positions, between 0.5 and 12), and the harmonic mean (each accuracy counted
//!   as at least 1), which a few bad moves pull down.

mod review;

pub use review::{Attempt, MoveReview, Optimism, REVIEW_MULTIPV, Review, review, review_game};

use crate::common::Side;
pub use crate::common::analysis::{Analysis, Candidate, Effort, Note, Studied};

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Class {
    pub const ALL: [Class; 3] = [Class::Inaccuracy, Class::Mistake, Class::Blunder];

    /// The mark written after the move: `?!`, `?`, `??`.
    pub fn mark(self) -> &'static str {
        match self {
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }

    /// `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }

    /// The name with its article: `an inaccuracy`, `a mistake`, `a blunder`.
    pub fn with_article(self) -> &'static str {
        match self {
            Class::Inaccuracy => "an inaccuracy",
            Class::Mistake => "a mistake",
            Class::Blunder => "a blunder",
        }
    }

    /// The class of a mark (`?!`, `?`, `??`), as a record's reader finds it.
    pub fn from_mark(mark: &str) -> Option<Class> {
        Class::ALL.into_iter().find(|c| c.mark() == mark)
    }
}

/// The smallest drop in the mover's win chance (0–1) of each class, weakest first.
pub const WIN_DROPS: [f64; 3] = [0.10, 0.20, 0.30];

/// The smallest loss in points of each class (Go with chess pieces), weakest first.
pub const POINTS_LOST: [f64; 3] = [3.0, 6.0, 12.0];

/// The win chances between which a game counts as open, for judging by points.
pub const OPEN_GAME: (f64, f64) = (0.10, 0.90);

fn class_of(value: f64, thresholds: &[f64; 3]) -> Option<Class> {
    // A little slack so that a drop of exactly 0.1 computed as 0.0999999 still counts.
    const SLACK: f64 = 1e-9;
    Class::ALL
        .into_iter()
        .zip(thresholds)
        .rev()
        .find(|&(_, &t)| value + SLACK >= t)
        .map(|(c, _)| c)
}

/// A move's class from the drop in its mover's win chance (0–1) and, in Go with chess
/// pieces, the points it lost while the game was open (`None` otherwise): the worse of
/// the two judgements.
pub fn classify(win_drop: f64, points_lost: Option<f64>) -> Option<Class> {
    let by_win = class_of(win_drop, &WIN_DROPS);
    let by_points = points_lost.and_then(|p| class_of(p, &POINTS_LOST));
    by_win.max(by_points)
}

/// A move's accuracy, 0–100, from its mover's win chance before and after it (0–1).
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    let drop = (before - after) * 100.0;
    if drop <= 0.0 {
        return 100.0;
    }
    let raw = 103.1668 * (-0.04354 * drop).exp() - 3.1669;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// Each side's accuracy over a game, from Black's win chance (0–1) at every position
/// (the start first, so one more than the moves) and each move's accuracy; `None` for a
/// side that made no move.
pub fn game_accuracy(
    black_wins: &[f64],
    moves: &[(Side, f64)],
) -> crate::common::BySide<Option<f64>> {
    let percents: Vec<f64> = black_wins.iter().map(|w| w * 100.0).collect();
    // One more position than moves; fewer positions judge only the moves they cover.
    let n = moves.len().min(percents.len().saturating_sub(1));
    let moves = &moves[..n];
    let window = (n / 10).clamp(2, 8).min(percents.len().max(1));
    // One weight a move: the first moves share the first window.
    let mut weights = Vec::with_capacity(n);
    for i in 0..n {
        let start = (i + 1)
            .saturating_sub(window - 1)
            .min(percents.len() - window);
        let span = &percents[start..start + window];
        weights.push(std_dev(span).clamp(0.5, 12.0));
    }
    crate::common::BySide::from_fn(|side| {
        let mine: Vec<(f64, f64)> = moves
            .iter()
            .zip(&weights)
            .filter(|((s, _), _)| *s == side)
            .map(|(&(_, a), &w)| (a, w))
            .collect();
        if mine.is_empty() {
            return None;
        }
        let total: f64 = mine.iter().map(|(_, w)| w).sum();
        let weighted = mine.iter().map(|(a, w)| a * w).sum::<f64>() / total;
        let harmonic = mine.len() as f64 / mine.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    })
}

fn std_dev(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_are_ten_twenty_and_thirty_points_of_win_chance() {
        assert_eq!(classify(0.0999, None), None);
        assert_eq!(classify(0.10, None), Some(Class::Inaccuracy));
        assert_eq!(classify(0.6 - 0.5, None), Some(Class::Inaccuracy));
        assert_eq!(classify(0.1999, None), Some(Class::Inaccuracy));
        assert_eq!(classify(0.20, None), Some(Class::Mistake));
        assert_eq!(classify(0.30, None), Some(Class::Blunder));
        assert_eq!(classify(0.95, None), Some(Class::Blunder));
        assert_eq!(classify(-0.4, None), None);
        // Go: the worse of the two judgements.
        assert_eq!(classify(0.02, Some(2.9)), None);
        assert_eq!(classify(0.02, Some(3.0)), Some(Class::Inaccuracy));
        assert_eq!(classify(0.02, Some(6.5)), Some(Class::Mistake));
        assert_eq!(classify(0.25, Some(12.0)), Some(Class::Blunder));
        assert_eq!(classify(0.35, Some(1.0)), Some(Class::Blunder));
        assert_eq!(Class::from_mark("?!"), Some(Class::Inaccuracy));
        assert_eq!(Class::from_mark("??"), Some(Class::Blunder));
        assert_eq!(Class::from_mark("!"), None);
    }

    #[test]
    fn a_move_tried_for_a_mistake_is_accepted_within_an_inaccuracy_of_the_best() {
        let mistake = MoveReview {
            ply: 4,
            mover: Side::White,
            played: "b2-b4".into(),
            before: 0.60,
            after: 0.35,
            lead_before: None,
            lead_after: None,
            class: Some(Class::Mistake),
            accuracy: 30.0,
            better: None,
            optimism: Default::default(),
        };
        // The analysis after the move tried is the opponent's: 45% for them is 55% for
        // the mover, five points short of the best (accepted); 52% is twelve short.
        let after = |win: f64, lead: Option<f64>| Analysis {
            lead,
            ..Analysis::over(win)
        };
        let fine = mistake.attempt(&after(0.45, None));
        assert!((fine.win - 0.55).abs() < 1e-9);
        assert!(fine.accepted);
        assert!(!mistake.attempt(&after(0.52, None)).accepted);
        // Better than the engine's own: accepted.
        assert!(mistake.attempt(&after(0.2, None)).accepted);
        // Go: points count too while the game is open (+4 before; the move tried leaves
        // the opponent +0.5, 4.5 points lost, against +2, 2 points lost).
        let go = MoveReview {
            lead_before: Some(4.0),
            lead_after: Some(-6.0),
            ..mistake
        };
        assert!(!go.attempt(&after(0.42, Some(0.5))).accepted);
        assert!(go.attempt(&after(0.42, Some(-2.0))).accepted);
    }

    #[test]
    fn accuracy_is_lichess_curve_on_win_percent() {
        assert_eq!(move_accuracy(0.5, 0.5), 100.0);
        assert_eq!(move_accuracy(0.5, 0.7), 100.0);
        // 103.1668·e^(−0.04354·10) − 3.1669 + 1 = 64.62…
        assert!((move_accuracy(0.6, 0.5) - 64.62).abs() < 0.05);
        // A lost game: nothing left but the allowance.
        assert!(move_accuracy(0.9, 0.1) < 1.1);
        assert_eq!(move_accuracy(1.0, 0.0), 0.0);
        assert!(move_accuracy(0.55, 0.5) > move_accuracy(0.6, 0.5));
    }

    #[test]
    fn game_accuracy_rewards_the_side_that_kept_its_chances() {
        // Black plays perfectly; White gives away 20 points twice.
        let wins = [0.5, 0.5, 0.7, 0.7, 0.9, 0.9];
        let moves = [
            (Side::Black, 100.0),
            (Side::White, move_accuracy(0.5, 0.3)),
            (Side::Black, 100.0),
            (Side::White, move_accuracy(0.3, 0.1)),
            (Side::Black, 100.0),
        ];
        let acc = game_accuracy(&wins, &moves);
        assert_eq!(acc.black, Some(100.0));
        let white = acc.white.unwrap();
        assert!(white < 50.0 && white > 10.0, "{white}");
        assert_eq!(game_accuracy(&wins[..1], &[]).black, None);
        // Fewer positions than the moves need: the moves they cover.
        assert_eq!(game_accuracy(&wins[..2], &moves).white, None);
        assert_eq!(game_accuracy(&[], &moves).black, None);
    }
}
