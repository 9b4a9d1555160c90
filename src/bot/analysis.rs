//! The search's judgement of a Chogo position as a win chance, for the analysis board, the
//! game review and `chogo-cli analyze-line`.
//!
//! The alpha-beta score (hundredths of a man for the side to move) becomes a win chance
//! by the logistic curve `W = 1 / (1 + e^(−k·score))`; `k` was fitted on the project's
//! own self-play games (`chogo-cli fit-win-chance`, figures in docs/STUDY.md).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::search::{MATE, RootLine, Search};
use super::{Budget, Request};
use crate::common::analysis::{Analysis, Candidate, Effort, Note, Studied};
use crate::rules::{Game, Move, Position, Record};

/// The fitted slope of the win-chance curve, per hundredth of a man: `chogo-cli
/// fit-win-chance --games 100 --nodes 60000 --seed 11` found 0.00938 on 10,451 positions
/// (docs/STUDY.md). A lead of one man is then 72 %, of two men 87 %.
pub const WIN_CHANCE_K: f64 = 0.0094;

/// Scores beyond this are wins or losses found by the search, less the plies to them.
const DECIDED: i32 = MATE - 1_000;

/// The review's budget when none is given: search nodes a position (docs/STUDY.md says
/// how long a game's review takes with it).
pub const REVIEW_NODES: u64 = 60_000;

/// The side to move's win chance, 0–1, from the search's score.
pub fn win_chance(score: i32) -> f64 {
    win_chance_with(score, WIN_CHANCE_K)
}

/// [`win_chance`] with another slope (for fitting it).
pub fn win_chance_with(score: i32, k: f64) -> f64 {
    if score > DECIDED {
        1.0
    } else if score < -DECIDED {
        0.0
    } else {
        1.0 / (1.0 + (-k * f64::from(score)).exp())
    }
}

/// The score as a player reads it: `+1.25` men, or `win in 3` / `loss in 2` (the
/// winner's moves to the end).
pub fn score_text(score: i32) -> String {
    if score.abs() > DECIDED {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        let word = if score > 0 { "win" } else { "loss" };
        format!("{word} in {moves}")
    } else {
        format!("{:+.2}", f64::from(score) / 100.0)
    }
}

/// The side to move's result in a finished game: 1 won, 0 lost, ½ drawn.
fn result_for_mover(game: &Game) -> Option<f64> {
    let outcome = game.outcome()?;
    Some(Analysis::result_for(outcome.winner, game.position().turn()))
}

impl Studied for Game {
    fn analyse(&self, effort: Effort, multipv: usize, _seed: u64, stop: &AtomicBool) -> Analysis {
        if let Some(result) = result_for_mover(self) {
            return Analysis::over(result);
        }
        let budget = Budget {
            time: effort.time_ms.map(Duration::from_millis),
            nodes: effort.work,
            depth: effort.depth,
        };
        let budget = if budget == Budget::default() {
            Budget {
                nodes: Some(REVIEW_NODES),
                ..budget
            }
        } else {
            budget
        };
        let mut search = Search::new(0);
        let request = Request {
            game: self,
            budget,
            seed: 0,
            stop,
        };
        let Some((lines, depth)) = search.analyse(&request, multipv.max(1)) else {
            return Analysis::over(0.5);
        };
        let pos = *self.position();
        let best: Vec<Candidate> = lines.iter().map(|l| candidate(&pos, l)).collect();
        Analysis {
            win: best.first().map_or(0.5, |c| c.win),
            lead: None,
            best,
            depth,
            work: search.nodes(),
            over: false,
            forced: lines.first().is_some_and(|l| l.score.abs() > DECIDED),
        }
    }

    fn after_plies(&self, ply: usize) -> Game {
        let mut game = Game::from_position(*self.start());
        for mv in self.moves().take(ply) {
            if game.play(mv).is_err() {
                break;
            }
        }
        game
    }

    fn played(&self) -> Vec<String> {
        let mut texts = Vec::new();
        let mut pos = *self.start();
        for ply in self.plies() {
            texts.push(pos.move_text(ply.mv));
            pos = ply.position;
        }
        texts
    }

    fn annotated_record(&self, tags: &[(&str, &str)], notes: &[Note]) -> String {
        Record::from_game(self, tags).annotated(notes)
    }
}

/// One root line as the shared analysis carries it: moves in notation, each played along
/// the line so that captures are written.
fn candidate(root: &Position, line: &RootLine) -> Candidate {
    let mut texts = Vec::with_capacity(line.line.len());
    let mut pos = *root;
    for &mv in &line.line {
        texts.push(pos.move_text(mv));
        pos.play_unchecked(mv);
    }
    Candidate {
        mv: texts
            .first()
            .cloned()
            .unwrap_or_else(|| line.mv.to_string()),
        win: win_chance(line.score),
        lead: None,
        score: score_text(line.score),
        line: texts,
    }
}

/// The move of a candidate, read back in its position (`None` if it is not legal there).
pub fn candidate_move(pos: &Position, candidate: &Candidate) -> Option<Move> {
    let mv = candidate.mv.parse::<Move>().ok()?;
    pos.legal_moves().contains(&mv).then_some(mv)
}

/// The slope `k` that best predicts the results from the scores: the maximum likelihood
/// of the logistic curve over `(score, result)` pairs, each score for the side to move
/// and its result 1 (won), ½ (drawn) or 0 (lost); decided scores are left out.
pub fn fit_k(samples: &[(i32, f64)]) -> f64 {
    if samples.iter().all(|(s, _)| s.abs() > DECIDED) {
        return WIN_CHANCE_K;
    }
    // The mean log loss is convex in k: a golden-section search finds its minimum.
    let loss = |k: f64| log_loss(samples, k);
    let (mut lo, mut hi) = (0.0, 0.1);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..100 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The mean log loss of the curve with slope `k` on the samples (decided ones left out):
/// how well it predicts them (ln 2 = 0.693 is a coin's).
pub fn log_loss(samples: &[(i32, f64)], k: f64) -> f64 {
    let kept: Vec<_> = samples.iter().filter(|(s, _)| s.abs() <= DECIDED).collect();
    let total: f64 = kept
        .iter()
        .map(|&&(s, r)| {
            let w = win_chance_with(s, k).clamp(1e-12, 1.0 - 1e-12);
            -(r * w.ln() + (1.0 - r) * (1.0 - w).ln())
        })
        .sum();
    total / kept.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    #[test]
    fn the_curve_is_even_at_zero_and_saturates_at_wins() {
        assert_eq!(win_chance(0), 0.5);
        assert!(win_chance(100) > 0.5 && win_chance(100) < 1.0);
        assert!((win_chance(250) + win_chance(-250) - 1.0).abs() < 1e-12);
        assert_eq!(win_chance(MATE - 3), 1.0);
        assert_eq!(win_chance(-MATE + 4), 0.0);
        assert_eq!(score_text(MATE - 3), "win in 2");
        assert_eq!(score_text(-MATE + 4), "loss in 2");
        assert_eq!(score_text(125), "+1.25");
        assert_eq!(score_text(-40), "-0.40");
    }

    #[test]
    fn the_fit_finds_the_slope_that_made_the_results() {
        // Results drawn from a known curve: the fit finds its slope again.
        let k = 0.006;
        let mut samples = Vec::new();
        let mut state = 12345u64;
        for i in 0..20_000 {
            let score = (i % 801) - 400;
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let u = (state >> 11) as f64 / (1u64 << 53) as f64;
            let won = u < win_chance_with(score, k);
            samples.push((score, if won { 1.0 } else { 0.0 }));
        }
        let fitted = fit_k(&samples);
        assert!((fitted - k).abs() < 0.0008, "{fitted}");
        assert!(log_loss(&samples, fitted) <= log_loss(&samples, k) + 1e-9);
        assert!(log_loss(&samples, fitted) < log_loss(&samples, 0.0));
        // Decided scores say nothing about the curve.
        assert_eq!(fit_k(&[(MATE - 2, 1.0)]), WIN_CHANCE_K);
    }

    #[test]
    fn analysis_gives_distinct_best_moves_best_first() {
        let mut game = Game::new(RuleSet::default());
        for mv in ["b3", "f6", "c1-c4"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let effort = Effort {
            depth: Some(3),
            ..Effort::default()
        };
        let a = game.analyse(effort, 3, 0, &AtomicBool::new(false));
        assert_eq!(a.best.len(), 3, "{a:?}");
        assert!(a.best.windows(2).all(|w| w[0].win >= w[1].win), "{a:?}");
        assert!(a.best[0].mv != a.best[1].mv && a.best[1].mv != a.best[2].mv);
        assert_eq!(a.win, a.best[0].win);
        for c in &a.best {
            assert_eq!(c.line.first(), Some(&c.mv));
            assert!(candidate_move(game.position(), c).is_some(), "{c:?}");
        }
        // The one best move agrees with the plain search's at the same depth.
        let plain = super::super::job::Job::run_on(
            super::super::job::Engine::Search,
            &game,
            Budget {
                depth: Some(3),
                ..Budget::default()
            },
            0,
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(a.best[0].mv, game.position().move_text(plain.mv));
        assert_eq!(Some(a.best[0].win), plain.eval().map(win_chance));
    }
}
