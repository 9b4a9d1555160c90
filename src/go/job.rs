//! A bot's move in Go with chess pieces as one self-contained question (the game as its
//! record, the level, the budget, the seed), so that the desktop game can run it on a
//! background thread and the browser can send it, as JSON, to its Web Worker.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::bot::{Choice, Level, RESIGN_MOVES, Request};
use super::{Game, Move, Record};
use crate::common::Score;

/// One question to a bot of Go with chess pieces.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GoJob {
    /// The game so far (GO_RULES §5 record): superko needs the history.
    pub go_record: String,
    /// The level's name (`random` … `master`).
    pub level: String,
    pub time_ms: Option<u64>,
    pub playouts: Option<u64>,
    pub seed: u64,
    /// The bot may resign ([`GoJob::decide`]); without it, it always moves (and the
    /// field is not written: the page's jobs are as before).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub may_resign: bool,
}

/// The answer: a move in the rule book's notation with the search's win rate for the side
/// to move, none when the game is over, or why the job could not be done.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct GoAnswer {
    #[serde(rename = "move")]
    pub mv: Option<String>,
    #[serde(default)]
    pub winrate: Option<f64>,
    /// The chosen move's mean margin in points for the side to move, when searched.
    #[serde(default)]
    pub lead: Option<f64>,
    /// The expected line from the position asked about, in notation.
    #[serde(default)]
    pub line: Vec<String>,
    /// The bot resigns instead of playing `move` (a job that let it: `may_resign`);
    /// written only when it does.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resign: bool,
    pub error: Option<String>,
}

/// A bot's turn in the game: the move it thought of, and whether it resigns instead of
/// playing it.
#[derive(Clone, Debug, PartialEq)]
pub struct GoDecision {
    pub thought: GoThought,
    pub resigns: bool,
}

/// Who answers and with what budget: a level's bot, its time (`None`: the level's
/// own) or a count of playouts, and the seed of its random choices.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoAsk {
    pub level: Level,
    pub time: Option<Duration>,
    pub playouts: Option<u64>,
    pub seed: u64,
}

/// What the bot made of a job: its move, the search's win rate and expected lead for
/// the side to move when it searched, and the line it expects.
pub type GoThought = crate::common::Thought<Move>;

impl GoJob {
    pub fn new(game: &Game, ask: GoAsk) -> GoJob {
        GoJob {
            go_record: Record::from_game(game, &[]).to_string(),
            level: ask.level.name().to_string(),
            time_ms: ask.time.map(|t| t.as_millis() as u64),
            playouts: ask.playouts,
            seed: ask.seed,
            may_resign: false,
        }
    }

    /// The same job, letting the bot resign ([`GoJob::decide`]).
    pub fn resigning(self) -> GoJob {
        GoJob {
            may_resign: true,
            ..self
        }
    }

    /// Runs a level's bot on a game (one search thread: the app keeps the other core).
    pub fn run_on(game: &Game, ask: GoAsk, stop: &AtomicBool) -> Option<GoThought> {
        GoJob::choose(game, ask, stop).map(thought)
    }

    /// The bot's turn, resignation included: as [`GoJob::run_on`], and when this search
    /// finds the game lost, the same search at the bot's [`RESIGN_MOVES`] − 1 turns
    /// before (two plies apart) too; it resigns when every one of them found the game
    /// lost ([`Choice::hopeless`]). A job keeps nothing from one move to the next, so it
    /// asks the earlier positions again (only while the game looks lost, which costs
    /// those moves up to three searches): undo, a loaded game or another level need no
    /// memory of the bot's. Seeds and playouts repeat the answer.
    pub fn decide(game: &Game, ask: GoAsk, stop: &AtomicBool) -> Option<GoDecision> {
        let choice = GoJob::choose(game, ask, stop)?;
        let ply = game.moves().len();
        let resigns = choice.hopeless
            && (1..RESIGN_MOVES).all(|k| {
                let Some(before) = ply.checked_sub(2 * k) else {
                    return false;
                };
                let mut earlier = Game::from_position(*game.start());
                for &(mv, _) in &game.moves()[..before] {
                    if earlier.play(mv).is_err() {
                        return false;
                    }
                }
                let seed = ask.seed.wrapping_add(k as u64);
                GoJob::choose(&earlier, GoAsk { seed, ..ask }, stop).is_some_and(|c| c.hopeless)
            });
        Some(GoDecision {
            thought: thought(choice),
            resigns,
        })
    }

    fn choose(game: &Game, ask: GoAsk, stop: &AtomicBool) -> Option<Choice> {
        let request = Request {
            game,
            budget: ask.level.budget(ask.time, ask.playouts),
            seed: ask.seed,
            stop,
        };
        ask.level.bot(1).choose(&request)
    }

    /// Replays the record and runs the job (a resignation only when it may).
    pub fn run(&self, stop: &AtomicBool) -> Result<Option<GoDecision>, String> {
        let level: Level = self.level.parse().map_err(|e| format!("{e}"))?;
        let record = Record::parse(&self.go_record).map_err(|e| e.to_string())?;
        let game = record.to_game().map_err(|e| e.to_string())?;
        let ask = GoAsk {
            level,
            time: self.time_ms.map(Duration::from_millis),
            playouts: self.playouts,
            seed: self.seed,
        };
        Ok(if self.may_resign {
            GoJob::decide(&game, ask, stop)
        } else {
            GoJob::run_on(&game, ask, stop).map(|thought| GoDecision {
                thought,
                resigns: false,
            })
        })
    }

    /// Runs the job and writes the answer as JSON (never panics on bad input).
    pub fn answer_json(&self, stop: &AtomicBool) -> String {
        let answer = match self.run(stop) {
            Ok(decision) => {
                let set = Record::parse(&self.go_record)
                    .map(|r| r.rules.pieces)
                    .unwrap_or_default();
                let resign = decision.as_ref().is_some_and(|d| d.resigns);
                let thought = decision.map(|d| d.thought);
                let (winrate, lead) = match thought.as_ref().and_then(|t| t.score) {
                    Some(Score::WinRate { win, lead }) => (Some(win), lead),
                    _ => (None, None),
                };
                GoAnswer {
                    mv: thought.as_ref().map(|t| t.mv.text(set)),
                    winrate,
                    lead,
                    line: thought
                        .map(|t| t.line.iter().map(|m| m.text(set)).collect())
                        .unwrap_or_default(),
                    resign,
                    error: None,
                }
            }
            Err(e) => GoAnswer::failed(e),
        };
        serde_json::to_string(&answer).unwrap_or_default()
    }

    /// Reads a worker's answer for this game, its resignation included.
    pub fn read_decision(game: &Game, json: &str) -> Result<Option<GoDecision>, String> {
        let resigns = serde_json::from_str::<GoAnswer>(json).is_ok_and(|a| a.resign);
        Ok(GoJob::read_answer(game, json)?.map(|thought| GoDecision { thought, resigns }))
    }

    /// Reads a worker's answer for this game.
    pub fn read_answer(game: &Game, json: &str) -> Result<Option<GoThought>, String> {
        let answer: GoAnswer =
            serde_json::from_str(json).map_err(|e| format!("bad answer: {e}"))?;
        if let Some(error) = answer.error {
            return Err(error);
        }
        let Some(text) = answer.mv else {
            return Ok(None);
        };
        let parse = |pos: &super::Position, text: &str| {
            let parsed: super::MoveText = text.parse().map_err(|e| format!("{e}"))?;
            pos.parse_move(&parsed).map_err(|e| e.to_string())
        };
        let mv = parse(game.position(), &text)?;
        // The line is read move by move along its own positions; a line that stops
        // making sense is cut there (the move itself was checked above).
        let mut line = vec![mv];
        if let Ok(played) = game.position().play(mv) {
            let mut pos = played.position;
            for text in answer.line.iter().skip(1) {
                let Ok(next) = parse(&pos, text) else { break };
                let Ok(after) = pos.play(next) else { break };
                line.push(next);
                pos = after.position;
            }
        }
        Ok(Some(GoThought {
            mv,
            score: answer.winrate.map(|win| Score::WinRate {
                win,
                lead: answer.lead,
            }),
            line,
        }))
    }
}

/// What the job answers for the bot's choice.
fn thought(c: Choice) -> GoThought {
    let lead = c.candidates.iter().find(|k| k.mv == c.mv).map(|k| k.points);
    GoThought {
        mv: c.mv,
        score: c.winrate.map(|win| Score::WinRate { win, lead }),
        line: c.line,
    }
}

impl GoAnswer {
    fn failed(error: String) -> GoAnswer {
        GoAnswer {
            mv: None,
            winrate: None,
            lead: None,
            line: Vec::new(),
            resign: false,
            error: Some(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Position, Rules};

    #[test]
    fn a_job_travels_as_json_and_answers_a_legal_move() {
        let mut game = Game::from_position(Position::new(Rules::default()));
        game.play_text(&"e5".parse().unwrap()).unwrap();
        let ask = GoAsk {
            level: Level::Medium,
            time: None,
            playouts: Some(300),
            seed: 7,
        };
        let job = GoJob::new(&game, ask);
        let json = serde_json::to_string(&job).unwrap();
        let job: GoJob = serde_json::from_str(&json).unwrap();
        let answer = job.answer_json(&AtomicBool::new(false));
        let thought = GoJob::read_answer(&game, &answer).unwrap().expect("a move");
        assert!(game.legal_moves().contains(&thought.mv), "{answer}");
        // The same job gives the same move (a playout budget and a seed).
        assert_eq!(job.answer_json(&AtomicBool::new(false)), answer);
        // A record that does not read is answered with an error, not a panic.
        let bad = GoJob {
            go_record: "1. z99 *".into(),
            ..job
        };
        let bad = bad.answer_json(&AtomicBool::new(false));
        assert!(GoJob::read_answer(&game, &bad).is_err(), "{bad}");
    }
}
