//! Bots over the rules only: random, greedy and a search engine, and the player levels.
//!
//! A bot is `Send` and is asked for a move with a [`Request`]: the game (with its
//! history), a budget, a seed and a stop flag. The game runs it on a background task and
//! may raise the flag to abandon the search; the bot then returns promptly.

pub mod analysis;
pub mod arena;
mod eval;
mod greedy;
pub mod job;
mod lesson;
mod puzzle;
mod random;
mod search;
pub mod suite;
pub mod tactics;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::rules::{Game, Move};

pub use eval::evaluate;
pub use greedy::Greedy;
pub use random::RandomBot;
pub use search::{MATE, RootLine, Search, VARIETY_MARGIN, VARIETY_PLIES};

/// How much a bot may spend on one move. `None` everywhere means "the bot's own default".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

/// One question to a bot.
pub type Request<'a> = crate::common::Request<'a, Game, Budget>;

/// A bot's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub mv: Move,
    /// The search's score for the side to move, in hundredths of a pawn.
    pub score: Option<i32>,
    /// The deepest search completed.
    pub depth: u32,
    pub nodes: u64,
    /// The line the search expects, starting with `mv` (just `mv` for the bots that do
    /// not look ahead).
    pub line: Vec<Move>,
}

/// A computer player.
pub trait Bot: Send {
    /// Chooses a legal move, or `None` when the game is over.
    fn choose(&mut self, request: &Request) -> Option<Choice>;
}

/// The players a person can choose, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Uniformly random moves.
    Random,
    /// Random moves with a bias to captures.
    Beginner,
    /// Greedy: the best immediate result, one ply.
    Easy,
    /// Search, about 0.2 s, with a little noise.
    Medium,
    /// Search, 1 s.
    Hard,
    /// Search, 5 s.
    Master,
}

/// Who plays a side of a Chogo game: a person, or a bot of one of these levels.
pub type PlayerKind = crate::common::Player<Level>;

/// What a level plays with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Engine {
    /// Random moves; with `capture_bias`, the chance to pick among capturing moves.
    Random {
        capture_bias: f64,
    },
    Greedy,
    /// Alpha-beta search; `noise` is the largest random score offset at the root.
    Search {
        noise: i32,
    },
}

/// One row of the level table.
#[derive(Clone, Copy, Debug)]
pub struct LevelSpec {
    pub level: Level,
    /// The name on the command line and in records (`hard`).
    pub name: &'static str,
    /// The name shown to players (`Hard`).
    pub title: &'static str,
    pub engine: Engine,
    pub budget: Budget,
}

const fn ms(n: u64) -> Option<Duration> {
    Some(Duration::from_millis(n))
}

/// Every level with its engine and budget: the one place they are defined.
pub const LEVELS: [LevelSpec; 6] = [
    LevelSpec {
        level: Level::Random,
        name: "random",
        title: "Random",
        engine: Engine::Random { capture_bias: 0.0 },
        budget: Budget {
            time: None,
            nodes: None,
            depth: None,
        },
    },
    LevelSpec {
        level: Level::Beginner,
        name: "beginner",
        title: "Beginner",
        engine: Engine::Random { capture_bias: 0.75 },
        budget: Budget {
            time: None,
            nodes: None,
            depth: None,
        },
    },
    LevelSpec {
        level: Level::Easy,
        name: "easy",
        title: "Easy",
        engine: Engine::Greedy,
        budget: Budget {
            time: None,
            nodes: None,
            depth: None,
        },
    },
    LevelSpec {
        level: Level::Medium,
        name: "medium",
        title: "Medium",
        engine: Engine::Search { noise: 25 },
        budget: Budget {
            time: ms(200),
            nodes: None,
            depth: Some(4),
        },
    },
    LevelSpec {
        level: Level::Hard,
        name: "hard",
        title: "Hard",
        engine: Engine::Search { noise: 0 },
        budget: Budget {
            time: ms(1000),
            nodes: None,
            depth: None,
        },
    },
    LevelSpec {
        level: Level::Master,
        name: "master",
        title: "Master",
        engine: Engine::Search { noise: 0 },
        budget: Budget {
            time: ms(5000),
            nodes: None,
            depth: None,
        },
    },
];

impl Level {
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Master,
    ];

    pub fn spec(self) -> &'static LevelSpec {
        LEVELS
            .iter()
            .find(|s| s.level == self)
            .expect("every level is in the table")
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }

    pub fn title(self) -> &'static str {
        self.spec().title
    }

    /// A fresh bot of this level.
    pub fn bot(self) -> Box<dyn Bot> {
        match self.spec().engine {
            Engine::Random { capture_bias } => Box::new(RandomBot::new(capture_bias)),
            Engine::Greedy => Box::new(Greedy),
            Engine::Search { noise } => Box::new(Search::new(noise).varied()),
        }
    }

    /// The level's budget, with the time replaced when `time` is given.
    pub fn budget(self, time: Option<Duration>) -> Budget {
        let mut budget = self.spec().budget;
        if time.is_some() && matches!(self.spec().engine, Engine::Search { .. }) {
            budget.time = time;
        }
        budget
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}' (random, beginner, easy, medium, hard, master; greedy is easy)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let key = s.to_ascii_lowercase();
        if key == "greedy" {
            return Ok(Level::Easy);
        }
        Level::ALL
            .into_iter()
            .find(|l| l.name() == key)
            .ok_or_else(|| ParseLevelError(crate::common::excerpt(s)))
    }
}
