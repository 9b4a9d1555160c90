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
    /// The engine's optimism for the side to move ([`Optimism`]) measured at the position
    /// before the move and at the one after it: half of each is taken off the values
    /// above (the mover's before, the opponent's after), and off the position after a
    /// move tried in this one's place.
    pub optimism: [Optimism; 2],
}

/// How much more the engine gives the side to move than the same position is worth one
/// move later, measured on a game's own moves where the engine's move was played: one
/// search's win chance for the mover before the move, against the next search's for the
/// opponent after it. Both should add up to one; a Monte Carlo search of a few thousand
/// playouts gives the side to move some ten points too many on a 9 × 9 board in the
/// opening (it picks its own move well and the replies nearly at random), which would
/// mark good moves as mistakes when a move played is judged by the next position's
/// search. Half of it is taken off each position's value for the side to move. Win
/// chances are measured and lowered in log-odds, so that a near-certain win stays near
/// certain.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Optimism {
    /// In log-odds of the win chance.
    pub win: f64,
    /// In points (Go with chess pieces).
    pub points: f64,
}

/// The log-odds of a win chance, kept finite (a chance within 0.1 % of certain counts
/// as that).
fn log_odds(win: f64) -> f64 {
    let w = win.clamp(0.001, 0.999);
    (w / (1.0 - w)).ln()
}

/// The fewest of the engine's moves measured that a review trusts (fewer: every move is
/// measured).
const OPTIMISM_LEAST: usize = 3;

/// The fewest moves measured when every move is (fewer: no correction).
const OPTIMISM_EVERY_LEAST: usize = 6;

/// The engine's moves played nearest a move whose optimism is taken together.
const OPTIMISM_NEAREST: usize = 9;

impl Optimism {
    /// The optimism measured at each position of a game (the start first) from its
    /// analyses and whether each move played was the engine's: the median of the
    /// nearest measures, none when no engine's move was played between two open
    /// positions. Never negative, never more than one log-odds unit (the mover's 50 %
    /// against the other side's 73 % a move later: 27 % left to the mover) or 15 points.
    fn of_game(analyses: &[Analysis], engine_played: &[bool]) -> Vec<Optimism> {
        let mut measured = Self::measures(analyses, engine_played, true);
        if measured.len() < OPTIMISM_LEAST {
            // Too few of the engine's moves (a player's own moves): every move is
            // measured instead, when there are enough of them. Most moves of a game give
            // away little, and the median stands against the few that gave away much.
            let every = Self::measures(analyses, engine_played, false);
            if every.len() >= OPTIMISM_EVERY_LEAST {
                measured = every;
            }
        }
        let median = |mut v: Vec<f64>| -> f64 {
            if v.is_empty() {
                return 0.0;
            }
            v.sort_by(f64::total_cmp);
            let n = v.len();
            if n % 2 == 1 {
                v[n / 2]
            } else {
                (v[n / 2 - 1] + v[n / 2]) / 2.0
            }
        };
        (0..analyses.len())
            .map(|at| {
                let mut near: Vec<&(usize, f64, Option<f64>)> = measured.iter().collect();
                near.sort_by_key(|(ply, ..)| ply.abs_diff(at));
                near.truncate(OPTIMISM_NEAREST);
                let win = median(near.iter().map(|m| m.1).collect());
                let points = median(near.iter().filter_map(|m| m.2).collect());
                Optimism {
                    win: win.clamp(0.0, 1.0),
                    points: points.clamp(0.0, 15.0),
                }
            })
            .collect()
    }

    /// Each open pair of consecutive positions' disagreement: (the ply, in log-odds, in
    /// points), at the engine's moves only or at every move.
    fn measures(
        analyses: &[Analysis],
        engine_played: &[bool],
        engine_only: bool,
    ) -> Vec<(usize, f64, Option<f64>)> {
        engine_played
            .iter()
            .enumerate()
            .filter(|&(ply, &engine)| (engine || !engine_only) && ply + 1 < analyses.len())
            .filter_map(|(ply, _)| {
                let (a, b) = (&analyses[ply], &analyses[ply + 1]);
                // Only searched values between open positions: a finished game or a
                // found result says nothing of the search's leaning.
                let open = |x: &Analysis| !x.over && !x.forced && x.win > 0.02 && x.win < 0.98;
                (open(a) && open(b)).then(|| {
                    let points = a.lead.zip(b.lead).map(|(x, y)| x + y);
                    (ply, log_odds(a.win) + log_odds(b.win), points)
                })
            })
            .collect()
    }

    /// A position's win chance for its side to move, its optimism taken off (a finished
    /// game or a found result as it is).
    fn win(self, a: &Analysis) -> f64 {
        self.win_of(a, a.win)
    }

    /// The same for a win chance the search of `a` gave (a move's among its best).
    fn win_of(self, a: &Analysis, win: f64) -> f64 {
        if a.over || a.forced || self.win == 0.0 {
            win
        } else {
            let odds = log_odds(win) - self.win / 2.0;
            1.0 / (1.0 + (-odds).exp())
        }
    }

    /// The same for the lead in points.
    fn lead(self, a: &Analysis, lead: Option<f64>) -> Option<f64> {
        if a.over || a.forced {
            lead
        } else {
            lead.map(|l| l - self.points / 2.0)
        }
    }
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
        // The opponent's values with the engine's optimism for them taken off, as the
        // review took it off the position after the move played.
        let optimism = self.optimism[1];
        let win = 1.0 - optimism.win(after);
        let drop = (self.before - win).max(0.0);
        let points_lost = match (self.lead_before, optimism.lead(after, after.lead)) {
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
    let engine_played: Vec<bool> = played
        .iter()
        .take(n)
        .enumerate()
        .map(|(ply, text)| analyses[ply].best_move().is_some_and(|c| &c.mv == text))
        .collect();
    let optimism = Optimism::of_game(analyses, &engine_played);
    let mut moves = Vec::with_capacity(n);
    let mut mover = first;
    for (ply, text) in played.iter().take(n).enumerate() {
        let (a, b) = (&analyses[ply], &analyses[ply + 1]);
        let (here, next) = (optimism[ply], optimism[ply + 1]);
        let best = a.best_move().map(|c| Candidate {
            win: here.win_of(a, c.win),
            lead: here.lead(a, c.lead),
            ..c.clone()
        });
        let was_best = engine_played[ply];
        let before = here.win(a);
        // The move's own value from the same search as the best move's, when that search
        // kept it among its best: two moves of one search compare better than two
        // searches of different positions (Chogo's depths differ by a ply, Go's playouts
        // have their own noise). Otherwise the next position's, for the other side. Each
        // with the engine's optimism for the side to move taken off.
        let searched = a.best.iter().find(|c| &c.mv == text);
        let mut after = searched.map_or(1.0 - next.win(b), |c| here.win_of(a, c.win));
        let lead_before = here.lead(a, a.lead);
        let mut lead_after = match searched {
            Some(c) => here.lead(a, c.lead),
            None => next.lead(b, b.lead).map(|l| -l),
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
            better: best.filter(|_| !was_best),
            optimism: [here, next],
        });
        mover = !mover;
    }
    let black_wins: Vec<f64> = analyses
        .iter()
        .take(n + 1)
        .enumerate()
        .map(|(ply, a)| {
            let to_move = if ply % 2 == 0 { first } else { !first };
            let win = optimism[ply].win(a);
            if to_move == Side::Black {
                win
            } else {
                1.0 - win
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
        // White plays the engine's move (70 % for White, 30 % for Black after it: the
        // engine agrees with itself, no optimism); Black then blunders from 30 % to 0.
        let played: Vec<String> = ["x", "b", "y"].map(String::from).to_vec();
        let analyses = [
            at(0.5, "a"),
            at(0.7, "b"),
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
        for (w, expected) in r.black_wins.iter().zip([0.5, 0.3, 0.3, 0.0]) {
            assert!((w - expected).abs() < 1e-9, "{:?}", r.black_wins);
        }
        assert!(r.moves[1].optimism.iter().all(|o| o.win < 1e-9));
        assert!(r.accuracy.white.unwrap() > r.accuracy.black.unwrap());
        let notes = r.notes();
        assert_eq!(notes[0].mark.as_deref(), Some("?"));
        assert_eq!(notes[2].mark.as_deref(), Some("??"));
        assert!(notes[0].comment.as_ref().unwrap().contains("better a"));
        assert_eq!(r.mistakes_of(Side::Black).count(), 2);
        assert!(r.summary().contains("Black: accuracy"));
    }

    #[test]
    fn the_side_to_moves_optimism_is_measured_on_the_engines_moves_and_taken_off() {
        // Every search gives its side to move 60 %: where the engine's moves were played
        // (a, b, d, e) each gives the other side 40 % a move later. Black's c is judged by
        // the next search (the opponent's 60 %): 20 points lost as the searches stand, a
        // mistake, but nothing once each side's optimism is taken off (50 % each).
        let played: Vec<String> = ["a", "b", "c", "d", "e"].map(String::from).to_vec();
        let analyses = [
            at(0.6, "a"),
            at(0.6, "b"),
            at(0.6, "z"),
            at(0.6, "d"),
            at(0.6, "e"),
            at(0.6, "f"),
        ];
        let r = review(&played, Side::Black, &analyses);
        assert!((r.moves[2].before - 0.5).abs() < 1e-9, "{:?}", r.moves[2]);
        assert!((r.moves[2].after - 0.5).abs() < 1e-9, "{:?}", r.moves[2]);
        assert_eq!(r.moves[2].class, None);
        assert!(r.black_wins.iter().all(|w| (w - 0.5).abs() < 1e-9));
        // A move tried in c's place is judged the same way: 60 % for the opponent after
        // it is 50 % for them, 50 % for the mover.
        let tried = r.moves[2].attempt(&at(0.6, "y"));
        assert!(
            (tried.win - 0.5).abs() < 1e-9 && tried.accepted,
            "{tried:?}"
        );
        // Without the engine's moves to measure on, nothing is taken off: the same
        // searches judge c a mistake.
        let none = review(
            &played,
            Side::Black,
            &[
                at(0.6, "p"),
                at(0.6, "q"),
                at(0.6, "z"),
                at(0.6, "r"),
                at(0.6, "s"),
                at(0.6, "t"),
            ],
        );
        assert_eq!(none.moves[2].class, Some(Class::Mistake));
        // With six moves or more measured, every move is: a player's own game of seven
        // moves (none the engine's) is corrected by their median.
        let seven: Vec<String> = ["a", "b", "c", "d", "e", "f", "g"]
            .map(String::from)
            .to_vec();
        let own: Vec<Analysis> = (0..8).map(|_| at(0.6, "z")).collect();
        let r = review(&seven, Side::Black, &own);
        assert!(r.moves.iter().all(|m| m.class.is_none()), "{r:?}");
        assert!(r.black_wins.iter().all(|w| (w - 0.5).abs() < 1e-9));
        // Go: the margins too. Every search gives its side to move +4 points (and 60 %):
        // the move off the engine's list loses nothing once each side's +4 is halved
        // away, and a move tried in its place that leaves the opponent +4 is accepted,
        // one that leaves them +9 is not (5 points lost).
        let go = |win: f64, lead: f64, best: &str| Analysis {
            lead: Some(lead),
            best: vec![Candidate {
                lead: Some(lead),
                ..at(win, best).best[0].clone()
            }],
            ..at(win, best)
        };
        let analyses: Vec<Analysis> = ["a", "b", "z", "d", "e", "f"]
            .iter()
            .map(|m| go(0.6, 4.0, m))
            .collect();
        let r = review(&played, Side::Black, &analyses);
        let c = &r.moves[2];
        assert!((c.optimism[0].points - 8.0).abs() < 1e-9, "{c:?}");
        assert!(c.lead_before.unwrap().abs() < 1e-9, "{c:?}");
        assert!(c.lead_after.unwrap().abs() < 1e-9, "{c:?}");
        assert_eq!(c.class, None);
        assert!(c.attempt(&go(0.6, 4.0, "y")).accepted);
        assert!(!c.attempt(&go(0.6, 9.0, "y")).accepted);
        // When the search after c gives the opponent +10 instead, c gave away 6 points
        // (+10 less the +4 of its optimism, against the mover's nil): a mistake.
        let mut worse = analyses.clone();
        worse[3] = go(0.6, 10.0, "d");
        let c = &review(&played, Side::Black, &worse).moves[2];
        assert!((c.lead_after.unwrap() + 6.0).abs() < 1e-9, "{c:?}");
        assert_eq!(c.class, Some(Class::Mistake));
        // A finished game's last position keeps its value, whatever the optimism.
        let mut ended = analyses.clone();
        // (e, off the list of its search, is judged by the last position's.)
        ended[4] = go(0.6, 4.0, "q");
        ended[5] = Analysis {
            lead: Some(-7.0),
            ..Analysis::over(0.0)
        };
        let r = review(&played, Side::Black, &ended);
        assert_eq!(r.black_wins[5], 1.0, "{:?}", r.black_wins);
        assert_eq!(r.moves[4].lead_after, Some(7.0));
        assert_eq!(r.moves[4].after, 1.0);
        // A found result keeps its value (Chogo's king captured next move).
        let won = Analysis {
            forced: true,
            ..at(1.0, "k")
        };
        assert_eq!(
            Optimism {
                win: 1.0,
                points: 5.0
            }
            .win(&won),
            1.0
        );
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
