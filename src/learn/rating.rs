//! Ratings for puzzles, as lichess keeps them: a player's Glicko-2 rating moves with each
//! attempt (a win when the puzzle was solved without a wrong move, a hint or the
//! solution, a loss otherwise), each attempt a rating period of its own against the
//! puzzle's rating; a puzzle's rating comes from how often the game's bots of known
//! strength solve it; the next puzzle is chosen near the player's rating.
//!
//! The Glicko-2 arithmetic is the `skillratings` crate's (Glickman's system constant
//! τ = 0.5, as in his paper's worked example).

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

use super::Puzzle;

/// A player's puzzle rating in one game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player: 1500 ± 350, volatility 0.06 (Glickman's defaults).
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// The deviation a puzzle's rating is taken to have: its rating is measured, not a
/// guess, but only from a few bots' tries.
pub const PUZZLE_DEVIATION: f64 = 80.0;

/// The lowest and highest ratings a puzzle or a player is given.
pub const RATING_RANGE: (f64, f64) = (400.0, 2800.0);

impl Rating {
    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// The rating after one period with these results: each an opponent's rating and
    /// deviation and whether the player won. A ratings' reader never meets a value that
    /// is not finite: one that would be keeps the rating as it was.
    pub fn after(self, results: &[(f64, f64, bool)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = results
            .iter()
            .map(|&(rating, deviation, won)| {
                (
                    Glicko2Rating {
                        rating,
                        deviation,
                        volatility: 0.06,
                    },
                    if won { Outcomes::WIN } else { Outcomes::LOSS },
                )
            })
            .collect();
        let next = glicko2_rating_period(&self.glicko(), &results, &Glicko2Config::new());
        let next = Rating {
            rating: next.rating,
            deviation: next.deviation,
            volatility: next.volatility,
        };
        if next.rating.is_finite() && next.deviation.is_finite() && next.volatility.is_finite() {
            next
        } else {
            self
        }
    }

    /// The rating after an attempt at a puzzle of rating `puzzle`.
    pub fn after_puzzle(self, puzzle: i32, solved: bool) -> Rating {
        let mut next = self.after(&[(f64::from(puzzle), PUZZLE_DEVIATION, solved)]);
        next.rating = next.rating.clamp(RATING_RANGE.0, RATING_RANGE.1);
        next
    }

    /// Whether the rating is still provisional (as lichess marks it: deviation over 110).
    pub fn provisional(&self) -> bool {
        self.deviation > 110.0
    }

    /// The rating as shown: `1512`, or `1500?` while provisional.
    pub fn shown(&self) -> String {
        let r = self.rating.round() as i64;
        if self.provisional() {
            format!("{r}?")
        } else {
            format!("{r}")
        }
    }
}

/// A puzzle's rating from its solvers' results: each a solver's rating, the tries and the
/// tries solved. The rating that makes the results likeliest when a solver of rating `s`
/// solves a puzzle of rating `p` with chance `1 / (1 + 10^((p − s) / 400))`, with one
/// half-solved try by a 1500 solver added so that a puzzle every solver solves (or none
/// does) still gets a finite rating; in [`RATING_RANGE`], a multiple of 5.
pub fn fit_puzzle_rating(results: &[(f64, u32, u32)]) -> i32 {
    let log_likelihood = |p: f64| {
        let chance = |s: f64| 1.0 / (1.0 + 10f64.powf((p - s) / 400.0));
        let prior = 0.5 * chance(1500.0).ln() + 0.5 * (1.0 - chance(1500.0)).ln();
        results.iter().fold(prior, |sum, &(s, tries, solved)| {
            let c = chance(s).clamp(1e-12, 1.0 - 1e-12);
            sum + f64::from(solved) * c.ln() + f64::from(tries - solved.min(tries)) * (1.0 - c).ln()
        })
    };
    let (lo, hi) = (RATING_RANGE.0 as i32, RATING_RANGE.1 as i32);
    (lo..=hi)
        .step_by(5)
        .max_by(|&a, &b| {
            log_likelihood(f64::from(a))
                .partial_cmp(&log_likelihood(f64::from(b)))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .unwrap_or(1500)
}

/// The next puzzle for a player of rating `rating`: one not yet in `done`, with the theme
/// asked for (any theme when `None`), the nearest in rating among a random few — the
/// closest ones within 100 points, the window doubling until one is found. `pick` chooses
/// among those (a random number from the caller). `None` when no puzzle is left.
pub fn next_puzzle(
    puzzles: &[Puzzle],
    rating: f64,
    done: &std::collections::HashSet<String>,
    theme: Option<&str>,
    pick: u64,
) -> Option<usize> {
    let open: Vec<usize> = puzzles
        .iter()
        .enumerate()
        .filter(|(_, p)| !done.contains(&p.id))
        .filter(|(_, p)| theme.is_none_or(|t| p.themes.iter().any(|x| x == t)))
        .map(|(i, _)| i)
        .collect();
    if open.is_empty() {
        return None;
    }
    let mut window = 100.0;
    loop {
        let near: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&i| (f64::from(puzzles[i].rating) - rating).abs() <= window)
            .collect();
        if !near.is_empty() {
            return Some(near[(pick % near.len() as u64) as usize]);
        }
        window *= 2.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glickmans_worked_example() {
        // Glickman, "Example of the Glicko-2 system" (2013): a player of 1500 ± 200,
        // volatility 0.06, beats a 1400 ± 30 and loses to a 1550 ± 100 and a 1700 ± 300.
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let next = player.after(&[
            (1400.0, 30.0, true),
            (1550.0, 100.0, false),
            (1700.0, 300.0, false),
        ]);
        assert!((next.rating - 1464.06).abs() < 0.01, "{next:?}");
        assert!((next.deviation - 151.52).abs() < 0.01, "{next:?}");
        assert!((next.volatility - 0.05999).abs() < 0.00001, "{next:?}");
    }

    #[test]
    fn a_solved_puzzle_raises_the_rating_and_a_failed_one_lowers_it() {
        let new = Rating::default();
        assert!(new.provisional());
        assert_eq!(new.shown(), "1500?");
        let up = new.after_puzzle(1500, true);
        let down = new.after_puzzle(1500, false);
        assert!(
            up.rating > 1600.0 && down.rating < 1400.0,
            "{up:?} {down:?}"
        );
        assert!(up.deviation < new.deviation);
        // Beating a much weaker puzzle gains little.
        let settled = Rating {
            rating: 1800.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        let easy = settled.after_puzzle(1000, true).rating - 1800.0;
        let hard = settled.after_puzzle(2200, true).rating - 1800.0;
        assert!(easy > 0.0 && easy < 2.0 && hard > 10.0, "{easy} {hard}");
        assert_eq!(settled.shown(), "1800");
    }

    #[test]
    fn a_puzzle_is_rated_between_the_solvers_that_fail_it_and_those_that_solve_it() {
        // Solvers of 600, 1000, 1400, 1800: the weak two always fail, the strong two
        // always solve.
        let r = fit_puzzle_rating(&[
            (600.0, 4, 0),
            (1000.0, 4, 0),
            (1400.0, 4, 4),
            (1800.0, 4, 4),
        ]);
        assert!((1000..=1400).contains(&r), "{r}");
        // Only the strongest solves it, and not always.
        let hard = fit_puzzle_rating(&[
            (600.0, 4, 0),
            (1000.0, 4, 0),
            (1400.0, 4, 0),
            (1800.0, 4, 2),
        ]);
        assert!(hard > r && hard >= 1700, "{hard}");
        // Everyone solves it: low, but finite.
        let easy = fit_puzzle_rating(&[(600.0, 4, 4), (1000.0, 4, 4)]);
        assert!((400..900).contains(&easy), "{easy}");
        assert_eq!(fit_puzzle_rating(&[]), 1500);
    }

    fn puzzle(id: &str, rating: i32, theme: &str) -> Puzzle {
        Puzzle {
            id: id.into(),
            game: "chogo".into(),
            rules: String::new(),
            position: String::new(),
            moves: Vec::new(),
            rating,
            themes: vec![theme.into()],
            solved: Vec::new(),
            source: String::new(),
        }
    }

    #[test]
    fn the_next_puzzle_is_near_the_rating_unseen_and_of_the_theme() {
        let puzzles = [
            puzzle("a", 900, "trap"),
            puzzle("b", 1480, "trap"),
            puzzle("c", 1550, "tandem"),
            puzzle("d", 2400, "trap"),
        ];
        let mut done = std::collections::HashSet::new();
        for pick in 0..4 {
            let i = next_puzzle(&puzzles, 1500.0, &done, None, pick).unwrap();
            assert!(["b", "c"].contains(&puzzles[i].id.as_str()));
        }
        assert_eq!(
            next_puzzle(&puzzles, 1500.0, &done, Some("trap"), 1),
            Some(1)
        );
        done.insert("b".to_string());
        // The window widens to the nearest trap left.
        assert_eq!(
            next_puzzle(&puzzles, 1500.0, &done, Some("trap"), 0),
            Some(0)
        );
        done.extend(["a", "c", "d"].map(String::from));
        assert_eq!(next_puzzle(&puzzles, 1500.0, &done, None, 0), None);
    }
}
