//! A Chogo bot's move as one self-contained question: the game (as its record), which
//! engine, the budget and the seed. The desktop game runs a job on a background thread;
//! the browser sends it, as JSON, to a Web Worker (`crate::jobs`, the worker's jobs of
//! every engine) so that the page never waits for a search.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{Bot, Budget, Level, Request, Search};
use crate::common::Score;
use crate::rules::{Game, Move, Record};

/// A Chogo bot's answer: its move, its score for the side to move (hundredths of a man)
/// when its engine has one (a draw offer is judged by it), and the line it expects.
pub type Thought = crate::common::Thought<Move>;

/// Who answers.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// A player level, with its own engine.
    Level(Level),
    /// The plain search without noise (hints, draw offers).
    Search,
}

/// One question to a bot.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Job {
    /// The game so far (RULES §8 record): the search needs the history for repetitions.
    pub record: String,
    pub engine: Engine,
    pub time_ms: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    pub seed: u64,
}

/// The answer: a move in the rule book's notation, none when the game is over, or why the
/// job could not be done; with the search's score and expected line when it has them.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Answer {
    #[serde(rename = "move")]
    pub mv: Option<String>,
    #[serde(default)]
    pub score: Option<i32>,
    /// The expected line from the position asked about, in notation.
    #[serde(default)]
    pub line: Vec<String>,
    pub error: Option<String>,
}

impl Job {
    pub fn new(game: &Game, engine: Engine, budget: Budget, seed: u64) -> Job {
        Job {
            record: Record::from_game(game, &[]).to_string(),
            engine,
            time_ms: budget.time.map(|t| t.as_millis() as u64),
            nodes: budget.nodes,
            depth: budget.depth,
            seed,
        }
    }

    pub fn budget(&self) -> Budget {
        Budget {
            time: self.time_ms.map(Duration::from_millis),
            nodes: self.nodes,
            depth: self.depth,
        }
    }

    /// Runs the job on its game as given.
    pub fn run_on(
        engine: Engine,
        game: &Game,
        budget: Budget,
        seed: u64,
        stop: &AtomicBool,
    ) -> Option<Thought> {
        let request = Request {
            game,
            budget,
            seed,
            stop,
        };
        let mut bot: Box<dyn Bot> = match engine {
            Engine::Level(level) => level.bot(),
            Engine::Search => Box::new(Search::new(0)),
        };
        bot.choose(&request).map(|c| Thought {
            mv: c.mv,
            score: c.score.map(Score::Eval),
            line: c.line,
        })
    }

    /// Runs the job and writes the answer as JSON (never panics on bad input).
    pub fn answer_json(&self, stop: &AtomicBool) -> String {
        let answer = match self.run(stop) {
            Ok(thought) => Answer {
                mv: thought.as_ref().map(|t| t.mv.to_string()),
                score: thought.as_ref().and_then(Thought::eval),
                line: thought
                    .map(|t| t.line.iter().map(Move::to_string).collect())
                    .unwrap_or_default(),
                error: None,
            },
            Err(e) => Answer {
                mv: None,
                score: None,
                line: Vec::new(),
                error: Some(e),
            },
        };
        serde_json::to_string(&answer).unwrap_or_default()
    }

    /// Replays the record and runs the job.
    pub fn run(&self, stop: &AtomicBool) -> Result<Option<Thought>, String> {
        let record = Record::parse(&self.record).map_err(|e| e.to_string())?;
        let game = record.to_game().map_err(|e| e.to_string())?;
        Ok(Job::run_on(
            self.engine,
            &game,
            self.budget(),
            self.seed,
            stop,
        ))
    }
}

/// Reads a worker's answer.
pub fn read_answer(json: &str) -> Result<Option<Thought>, String> {
    let answer: Answer = serde_json::from_str(json).map_err(|e| format!("bad answer: {e}"))?;
    if let Some(error) = answer.error {
        return Err(error);
    }
    let parse = |text: &str| text.parse::<Move>().map_err(|e| e.to_string());
    let mv = answer.mv.as_deref().map(parse).transpose()?;
    Ok(mv.map(|mv| {
        // The line starts with the move; one that stops making sense (or an answer from
        // a worker that sends none) is cut there.
        let mut line = vec![mv];
        let rest = answer
            .line
            .iter()
            .skip(1)
            .map_while(|text| parse(text).ok());
        if answer.line.first().and_then(|t| parse(t).ok()) == Some(mv) {
            line.extend(rest);
        }
        Thought {
            mv,
            score: answer.score.map(Score::Eval),
            line,
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    #[test]
    fn a_job_travels_as_json_and_answers_like_the_bot_itself() {
        let mut game = Game::new(RuleSet::default());
        for mv in ["e3", "e5", "c1-c4"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        let budget = Budget {
            depth: Some(3),
            ..Budget::default()
        };
        let job = Job::new(&game, Engine::Level(Level::Hard), budget, 7);
        let json = serde_json::to_string(&job).unwrap();
        let job: Job = serde_json::from_str(&json).unwrap();
        let answer = read_answer(&job.answer_json(&AtomicBool::new(false))).unwrap();
        let direct = Job::run_on(job.engine, &game, budget, 7, &AtomicBool::new(false));
        assert_eq!(answer, direct);
        assert!(
            answer.as_ref().is_some_and(|t| t.score.is_some()),
            "{answer:?}"
        );
        let bad = Job {
            record: "1. e9 *".into(),
            ..job
        };
        assert!(read_answer(&bad.answer_json(&AtomicBool::new(false))).is_err());
    }
}
