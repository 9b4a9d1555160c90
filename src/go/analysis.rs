//! The Monte Carlo search's judgement of a position of Go with chess pieces, for the
//! analysis board, the game review and `chogo-cli go analyze-line`: the win rate of the
//! search's move (the share of its playouts the side to move won) and the mean final
//! margin of those playouts in points.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::bot::{Bot, Budget, Mcts, MctsConfig, Request};
use super::{Game, Move, Position, Record};
use crate::common::Side;
use crate::common::analysis::{Analysis, Candidate, Effort, Note, Studied};

/// The review's budget when none is given: playouts a position (docs/STUDY.md says how
/// long a game's review takes with it).
pub const REVIEW_PLAYOUTS: u64 = 4_000;

/// The playouts a candidate other than the search's move needs to be shown (and one
/// twentieth of the search's move's).
const MIN_CANDIDATE_PLAYOUTS: u64 = 50;

/// The expected margin (`lead`, for `mover`, the side to move) as a player reads it,
/// naming the side ahead: `Black ahead by 3.5`, `even`.
pub fn score_text(lead: f64, mover: Side) -> String {
    if lead.abs() < 0.05 {
        return "even".into();
    }
    let ahead = if lead > 0.0 { mover } else { !mover };
    format!("{} ahead by {:.1}", ahead.title(), lead.abs())
}

/// The moves of a line in notation, each with its captures, played along the line (a
/// line that stops being legal is cut there).
fn line_texts(root: &Position, line: &[Move]) -> Vec<String> {
    let mut texts = Vec::with_capacity(line.len());
    let mut pos = *root;
    for &mv in line {
        let Ok(played) = pos.play(mv) else { break };
        texts.push(mv.text_with_captures(pos.rules().pieces, played.captured));
        pos = played.position;
    }
    texts
}

impl Studied for Game {
    fn analyse(&self, effort: Effort, multipv: usize, seed: u64, stop: &AtomicBool) -> Analysis {
        let me = self.position().turn();
        // The score as it stands, for the side to move: the lead of a game that ends now.
        let margin = || {
            let score = self.position().score();
            score[me.index()] - score[(!me).index()]
        };
        if let Some(outcome) = self.outcome() {
            let mut over = Analysis::over(Analysis::result_for(outcome.winner, me));
            if outcome.reason == super::EndReason::Passes {
                over.lead = Some(margin());
            }
            return over;
        }
        let mut budget = Budget {
            time: effort.time_ms.map(Duration::from_millis),
            playouts: effort.work,
        };
        if budget == Budget::default() {
            budget.playouts = Some(REVIEW_PLAYOUTS);
        }
        let mut mcts = Mcts::new(MctsConfig {
            threads: 1,
            ..MctsConfig::default()
        });
        let request = Request {
            game: self,
            budget,
            seed,
            stop,
        };
        let Some(choice) = mcts.choose(&request) else {
            return Analysis::over(0.5);
        };
        let root = *self.position();
        // The search's move first, then its others.
        let mut order: Vec<Move> = vec![choice.mv];
        order.extend(
            choice
                .candidates
                .iter()
                .map(|c| c.mv)
                .filter(|&m| m != choice.mv),
        );
        // Candidates the search hardly played say nothing yet (their visits may be the
        // priors' alone): they are left out, the search's own move never.
        let trusted = |c: &&crate::go::bot::Candidate| {
            c.mv == choice.mv || c.playouts >= MIN_CANDIDATE_PLAYOUTS.max(choice.visits / 20)
        };
        let stats = |mv: Move| {
            choice
                .candidates
                .iter()
                .filter(trusted)
                .find(|c| c.mv == mv)
        };
        // The search's move and its most played others (what the review judges a move
        // by), then shown below the first by win rate.
        let mut best: Vec<Candidate> = order
            .into_iter()
            .filter(|&mv| mv == choice.mv || stats(mv).is_some())
            .take(multipv.max(1))
            .filter_map(|mv| {
                let (win, lead) = match stats(mv) {
                    Some(c) if c.playouts > 0 => (c.winrate, c.points),
                    // The pass that ends a won game is played without a search.
                    _ if mv == choice.mv => (choice.winrate.unwrap_or(1.0), margin()),
                    _ => return None,
                };
                let line = if mv == choice.mv {
                    choice.line.clone()
                } else {
                    mcts.principal_line(mv)
                };
                let texts = line_texts(&root, &line);
                Some(Candidate {
                    mv: texts.first()?.clone(),
                    win,
                    lead: Some(lead),
                    score: score_text(lead, root.turn()),
                    line: texts,
                })
            })
            .collect();
        // The search's move stays first (the one it trusts most: the most played); the
        // others follow by their win rate, then their points, so that a line lower down
        // never promises more than one above it, but for the first.
        if best.len() > 2 {
            best[1..].sort_by(|a, b| {
                b.win
                    .total_cmp(&a.win)
                    .then(b.lead.unwrap_or(0.0).total_cmp(&a.lead.unwrap_or(0.0)))
            });
        }
        let first = best.first();
        Analysis {
            win: first.map_or(0.5, |c| c.win),
            lead: first.and_then(|c| c.lead),
            best,
            depth: choice.playouts.min(u64::from(u32::MAX)) as u32,
            work: choice.playouts,
            over: false,
            forced: false,
        }
    }

    fn after_plies(&self, ply: usize) -> Game {
        let mut game = Game::from_position(*self.start());
        for &(mv, _) in self.moves().iter().take(ply) {
            if game.play(mv).is_err() {
                break;
            }
        }
        game
    }

    fn played(&self) -> Vec<String> {
        let set = self.start().rules().pieces;
        self.moves()
            .iter()
            .map(|&(mv, captured)| mv.text_with_captures(set, captured))
            .collect()
    }

    fn annotated_record(&self, tags: &[(&str, &str)], notes: &[Note]) -> String {
        Record::from_game(self, tags).annotated(notes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Rules;

    #[test]
    fn the_score_names_the_side_ahead() {
        assert_eq!(score_text(3.5, Side::Black), "Black ahead by 3.5");
        assert_eq!(score_text(-0.1, Side::Black), "White ahead by 0.1");
        assert_eq!(score_text(-2.0, Side::White), "Black ahead by 2.0");
        assert_eq!(score_text(0.0, Side::White), "even");
    }

    #[test]
    fn analysis_gives_the_search_move_first_with_its_line_and_lead() {
        let mut game = Game::from_position(Position::new(Rules::default()));
        for mv in ["e5", "c3"] {
            game.play_text(&mv.parse().unwrap()).unwrap();
        }
        let effort = Effort {
            work: Some(1500),
            ..Effort::default()
        };
        let a = game.analyse(effort, 3, 5, &AtomicBool::new(false));
        assert_eq!(a.best.len(), 3, "{a:?}");
        assert!(a.lead.is_some() && (0.0..=1.0).contains(&a.win));
        for c in &a.best {
            assert_eq!(c.line.first(), Some(&c.mv));
            let parsed: crate::go::MoveText = c.mv.parse().unwrap();
            assert!(game.position().parse_move(&parsed).is_ok(), "{c:?}");
        }
        // Reproducible with a seed and a playout budget.
        assert_eq!(a, game.analyse(effort, 3, 5, &AtomicBool::new(false)));
        // Below the search's own move, no line promises more than the one above it.
        // (At 4,000 playouts the most played moves after the first are out of the win
        // rate's order in this position, whatever the seed.)
        let wider = Effort {
            work: Some(4000),
            ..Effort::default()
        };
        let many = game.analyse(wider, 8, 5, &AtomicBool::new(false));
        assert!(many.best.len() > 3, "{many:?}");
        for pair in many.best[1..].windows(2) {
            assert!(pair[0].win >= pair[1].win, "{many:?}");
        }
        // A finished game is its result.
        let mut over = game.clone();
        over.resign(crate::common::Side::White);
        assert_eq!(over.analyse(effort, 3, 5, &AtomicBool::new(false)).win, 1.0);
    }
}
