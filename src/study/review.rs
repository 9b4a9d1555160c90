//! A game's review: every position analysed, every move judged.

use std::sync::atomic::AtomicBool;

use super::{Analysis, Candidate, Class, Effort, Note, OPEN_GAME, Studied};
use crate::common::{BySide, Side, decision_seed};

/// One move judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Plies before the move (0 for the game's first).
    pub ply: usize,
    pub mover: Side,
    /// The move played, in notation.
    pub played: String,
    /// The mover's win chance before and after the move (0–1).
    pub before: f64,
    pub after: f64,
    /// Go with chess pieces: the mover's expected margin before (with the engine's move)
    /// and after the move, in points.
    pub lead_before: Option<f64>,
    pub lead_after: Option<f64>,
    pub class: Option<Class>,
    /// 0–100.
    pub accuracy: f64,
    /// The engine's move in the position before, when it differs from the move played.
    pub better: Option<Candidate>,
}

impl MoveReview {
    /// The win chance the move gave away (0 when it lost none).
    pub fn win_drop(&self) -> f64 {
        (self.before - self.after).max(0.0)
    }

    /// The points the move gave away, when both margins are known.
    pub fn points_lost(&self) -> Option<f64> {
        Some((self.lead_before? - self.lead_after?).max(0.0))
    }

    /// The review's note for the record: the mark, and a comment with the win chance and,
    /// for a judged move, the engine's move and line.
    pub fn note(&self) -> Note {
        let pct = |w: f64| format!("{:.0}%", w * 100.0);
        let mut comment = format!(
            "{} {} → {}",
            self.mover.title(),
            pct(self.before),
            pct(self.after)
        );
        if let (Some(b), Some(a)) = (self.lead_before, self.lead_after) {
            comment.push_str(&format!(" ({b:+.1} → {a:+.1} points)"));
        }
        if let Some(class) = self.class {
            comment.push_str(&format!("; {}", class.name()));
            if let Some(better) = &self.better {
                comment.push_str(&format!(
                    "; better {} ({}), line {}",
                    better.mv,
                    pct(better.win),
                    better.line.join(" ")
                ));
            }
        }
        Note {
            mark: self.class.map(|c| c.mark().to_string()),
            comment: Some(comment),
        }
    }
}

/// How a move tried in place of one of the game's mistakes fares ("learn from your
/// mistakes"): the mover's win chance after it, and whether it is accepted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attempt {
    /// The mover's win chance after the move tried (0–1).
    pub win: f64,
    /// Within an inaccuracy of the engine's best: the review would not have marked it.
    pub accepted: bool,
}

impl MoveReview {
    /// Judges a move tried in this move's place by the engine's analysis of the position
    /// after it (the opponent to move), with the review's own thresholds: it is accepted
    /// when it gives away less than an inaccuracy's worth against the engine's best (in
    /// win chance, and for Go with chess pieces in points while the game is open).
    pub fn attempt(&self, after: &Analysis) -> Attempt {
        let win = 1.0 - after.win;
        let drop = (self.before - win).max(0.0);
        let points_lost = match (self.lead_before, after.lead) {
            (Some(b), Some(a)) if self.before > OPEN_GAME.0 && self.before < OPEN_GAME.1 => {
                Some((b + a).max(0.0))
            }
            _ => None,
        };
        Attempt {
            win,
            accepted: super::classify(drop, points_lost).is_none(),
        }
    }
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub moves: Vec<MoveReview>,
    /// Black's win chance in every position, the start first: the evaluation graph.
    pub black_wins: Vec<f64>,
    /// Each side's game accuracy, 0–100 (none for a side that made no move).
    pub accuracy: BySide<Option<f64>>,
    /// Each side's inaccuracies, mistakes and blunders.
    pub counts: BySide<[usize; 3]>,
}

impl Review {
    /// The notes of the annotated record, one a move.
    pub fn notes(&self) -> Vec<Note> {
        self.moves.iter().map(MoveReview::note).collect()
    }

    /// The moves of `side` judged mistakes or blunders, for "learn from your mistakes".
    pub fn mistakes_of(&self, side: Side) -> impl Iterator<Item = &MoveReview> {
        self.moves
            .iter()
            .filter(move |m| m.mover == side && m.class >= Some(Class::Mistake))
    }

    /// The summary: each side's accuracy and its count of each class.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        for side in Side::BOTH {
            let acc = self.accuracy[side].map_or("-".to_string(), |a| format!("{a:.1}%"));
            let [i, m, b] = self.counts[side];
            out.push_str(&format!(
                "{}: accuracy {acc}, {i} {}, {m} {}, {b} {}\n",
                side.title(),
                if i == 1 { "inaccuracy" } else { "inaccuracies" },
                if m == 1 { "mistake" } else { "mistakes" },
                if b == 1 { "blunder" } else { "blunders" },
            ));
        }
        out
    }
}

/// The review of a game from its moves (in notation) and the analysis of every position
/// (the start first): `analyses` has one more entry than `played`.
pub fn review(played: &[String], first: Side, analyses: &[Analysis]) -> Review {
    if analyses.is_empty() {
        return Review {
            moves: Vec::new(),
            black_wins: Vec::new(),
            accuracy: BySide::new(None, None),
            counts: BySide::default(),
        };
    }
    let n = played.len().min(analyses.len() - 1);
    let mut moves = Vec::with_capacity(n);
    let mut mover = first;
    for (ply, text) in played.iter().take(n).enumerate() {
        let (a, b) = (&analyses[ply], &analyses[ply + 1]);
        let best = a.best_move();
        let was_best = best.is_some_and(|c| &c.mv == text);
        let before = a.win;
        // The move's own value from the same search as the best move's, when that search
        // kept it among its best: two moves of one search compare better than two
        // searches of different positions (Chogo's depths differ by a ply, Go's playouts
        // have their own noise). Otherwise the next position's, for the other side.
        let searched = a.best.iter().find(|c| &c.mv == text);
        let mut after = searched.map_or(1.0 - b.win, |c| c.win);
        let lead_before = a.lead;
        let mut lead_after = match searched {
            Some(c) => c.lead,
            None => b.lead.map(|l| -l),
        };
        if was_best {
            // The engine's own move loses nothing by its judgement: what a deeper look
            // at the next position says differently is the horizon, not the move.
            after = after.max(before);
            lead_after = match (lead_after, lead_before) {
                (Some(l), Some(b)) => Some(l.max(b)),
                (l, _) => l,
            };
        }
        let drop = (before - after).max(0.0);
        let points_lost = match (lead_before, lead_after) {
            (Some(b), Some(a)) if before > OPEN_GAME.0 && before < OPEN_GAME.1 => {
                Some((b - a).max(0.0))
            }
            _ => None,
        };
        // A move into a loss the engine finds forced (Chogo: the king captured next move)
        // is a blunder whatever the chances before it, unless the mover was already lost.
        // Only a search's found result counts: a game that ends (a losing side's last
        // pass in Go) is judged by its win chances.
        let into_loss = !was_best && b.forced && !b.over && b.win >= 1.0 && !a.lost();
        let class = if into_loss {
            Some(Class::Blunder)
        } else {
            super::classify(drop, points_lost)
        };
        moves.push(MoveReview {
            ply,
            mover,
            played: text.clone(),
            before,
            after,
            lead_before,
            lead_after,
            class,
            accuracy: super::move_accuracy(before, after),
            better: best.filter(|_| !was_best).cloned(),
        });
        mover = !mover;
    }
    let black_wins: Vec<f64> = analyses
        .iter()
        .take(n + 1)
        .enumerate()
        .map(|(ply, a)| {
            let to_move = if ply % 2 == 0 { first } else { !first };
            if to_move == Side::Black {
                a.win
            } else {
                1.0 - a.win
            }
        })
        .collect();
    let accuracies: Vec<(Side, f64)> = moves.iter().map(|m| (m.mover, m.accuracy)).collect();
    let accuracy = super::game_accuracy(&black_wins, &accuracies);
    let counts = BySide::from_fn(|side| {
        let mut c = [0; 3];
        for m in moves.iter().filter(|m| m.mover == side) {
            if let Some(class) = m.class {
                c[class as usize] += 1;
            }
        }
        c
    });
    Review {
        moves,
        black_wins,
        accuracy,
        counts,
    }
}

/// The best moves a review keeps of each position: a move played among them is judged
/// by its own value in that search.
pub const REVIEW_MULTIPV: usize = 4;

/// Reviews a whole game: analyses each of its positions with `effort` (each with its own
/// seed from `seed`), telling `progress` how many of them are done. `None` when `stop`
/// was raised.
pub fn review_game<G: Studied>(
    game: &G,
    effort: Effort,
    seed: u64,
    stop: &AtomicBool,
    mut progress: impl FnMut(usize, usize),
) -> Option<Review> {
    let played = game.played();
    let total = played.len() + 1;
    let first = game.after_plies(0).turn();
    let mut analyses = Vec::with_capacity(total);
    for ply in 0..total {
        let at = game.after_plies(ply);
        analyses.push(at.analyse(effort, REVIEW_MULTIPV, decision_seed(seed, 0, ply), stop));
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        progress(ply + 1, total);
    }
    Some(review(&played, first, &analyses))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(win: f64, best: &str) -> Analysis {
        Analysis {
            win,
            lead: None,
            best: vec![Candidate {
                mv: best.into(),
                win,
                lead: None,
                score: String::new(),
                line: vec![best.into()],
            }],
            depth: 1,
            work: 1,
            over: false,
            forced: false,
        }
    }

    #[test]
    fn a_move_is_judged_by_the_win_chance_its_mover_gave_away() {
        // Black 50 %; Black plays x (not the engine's a): White 75 % → Black lost 25.
        // White plays the engine's move; Black then blunders from 30 % to 0 (White 100).
        let played: Vec<String> = ["x", "b", "y"].map(String::from).to_vec();
        let analyses = [
            at(0.5, "a"),
            at(0.75, "b"),
            at(0.3, "c"),
            Analysis::over(1.0),
        ];
        let r = review(&played, Side::Black, &analyses);
        assert_eq!(r.moves[0].class, Some(Class::Mistake));
        assert_eq!(r.moves[0].better.as_ref().unwrap().mv, "a");
        assert_eq!(r.moves[1].class, None);
        assert!(r.moves[1].better.is_none());
        assert_eq!(r.moves[2].class, Some(Class::Blunder));
        assert_eq!(r.counts.black, [0, 1, 1]);
        assert_eq!(r.counts.white, [0, 0, 0]);
        assert_eq!(r.black_wins, vec![0.5, 0.25, 0.3, 0.0]);
        assert!(r.accuracy.white.unwrap() > r.accuracy.black.unwrap());
        let notes = r.notes();
        assert_eq!(notes[0].mark.as_deref(), Some("?"));
        assert_eq!(notes[2].mark.as_deref(), Some("??"));
        assert!(notes[0].comment.as_ref().unwrap().contains("better a"));
        assert_eq!(r.mistakes_of(Side::Black).count(), 2);
        assert!(r.summary().contains("Black: accuracy"));
    }

    #[test]
    fn a_move_into_a_forced_loss_is_a_blunder_whatever_the_chances_before() {
        let played = vec!["x".to_string()];
        let mut won = at(1.0, "k");
        won.forced = true;
        let r = review(&played, Side::Black, &[at(0.12, "a"), won.clone()]);
        assert_eq!(r.moves[0].class, Some(Class::Blunder));
        // Already lost by force before: no worse.
        let mut lost = at(0.0, "a");
        lost.forced = true;
        let r = review(&played, Side::Black, &[lost, won]);
        assert_eq!(r.moves[0].class, None);
    }

    #[test]
    fn a_move_the_search_kept_is_judged_by_its_own_value_there() {
        let mut before = at(0.6, "a");
        let mut second = before.best[0].clone();
        second.mv = "b".into();
        second.win = 0.55;
        before.best.push(second);
        // The next position's own search would call "b" a mistake (0.6 → 0.35).
        let r = review(&["b".to_string()], Side::White, &[before, at(0.65, "z")]);
        assert_eq!(r.moves[0].after, 0.55);
        assert_eq!(r.moves[0].class, None);
        assert_eq!(r.black_wins, vec![0.4, 0.65]);
    }

    #[test]
    fn a_review_of_nothing_is_empty_and_never_panics() {
        let r = review(&["x".to_string()], Side::Black, &[]);
        assert!(r.moves.is_empty() && r.accuracy.black.is_none());
        let r = review(&[], Side::Black, &[at(0.5, "a")]);
        assert!(r.moves.is_empty() && r.black_wins == vec![0.5]);
    }

    #[test]
    fn the_engines_own_move_is_never_judged() {
        // The deeper look after the engine's move sees less: still no mark.
        let played = vec!["a".to_string()];
        let r = review(&played, Side::Black, &[at(0.6, "a"), at(0.8, "z")]);
        assert_eq!(r.moves[0].class, None);
        assert_eq!(r.moves[0].accuracy, 100.0);
    }
}
