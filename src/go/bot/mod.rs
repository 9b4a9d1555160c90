//! Bots for Go with chess pieces: random, greedy and Monte Carlo tree search (UCT with
//! RAVE), and the player levels. Over the rules only: no Bevy, no I/O.
//!
//! A bot is asked for a move with a [`Request`] — the game (with its history, for
//! superko), a [`Budget`], a seed and a stop flag — like Chogo's bots in `crate::bot`.

mod eye;
mod greedy;
pub mod mcts;
mod random;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::game::Game;
use super::moves::Move;
use crate::common::arena::{self, Contender, Turn};

pub use eye::Eyes;
pub use greedy::Greedy;
pub use mcts::{Mcts, MctsConfig};
pub use random::RandomBot;

pub use crate::common::decision_seed;

/// How much a bot may spend on one move; `None` everywhere means the level's default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    pub time: Option<Duration>,
    /// Random playouts in all (over every thread).
    pub playouts: Option<u64>,
}

/// One question to a bot.
pub type Request<'a> = crate::common::Request<'a, Game, Budget>;

/// A bot's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub mv: Move,
    /// Playouts run for this move (0 for the bots that do not search).
    pub playouts: u64,
    /// The share of the chosen move's playouts that the side to move won, 0–1.
    pub winrate: Option<f64>,
    /// Playouts through the chosen move (the search's; 0 for the others), for `--info`.
    pub visits: u64,
    /// The search's most played root moves, and the pass.
    pub candidates: Vec<Candidate>,
    /// The line the search expects, starting with `mv` (just `mv` for the bots that do
    /// not search).
    pub line: Vec<Move>,
    /// This search alone found the game lost: no root move it tried enough won
    /// [`RESIGN_BELOW`] of its playouts, in [`RESIGN_PLAYOUTS`] or more, nor expects to
    /// lose by less than [`RESIGN_POINTS`] (false for the bots that do not search).
    pub hopeless: bool,
    /// The bot resigns instead of playing `mv`: its searches found the game lost
    /// ([`Choice::hopeless`]) at this move and at its [`RESIGN_MOVES`] − 1 moves before,
    /// and its settings let it resign ([`MctsConfig::resign`]).
    pub resign: bool,
}

impl Choice {
    /// A move chosen without a search (the random and greedy bots).
    pub fn unsearched(mv: Move) -> Choice {
        Choice {
            mv,
            playouts: 0,
            winrate: None,
            visits: 0,
            candidates: Vec::new(),
            line: vec![mv],
            hopeless: false,
            resign: false,
        }
    }
}

/// The win rate under which a search finds the game lost ([`Choice::hopeless`]).
pub const RESIGN_BELOW: f64 = 0.05;

/// How many of its own moves in a row the search must find the game lost before it
/// resigns: one search can be wrong, three in a row that agree seldom are.
pub const RESIGN_MOVES: usize = 3;

/// The playouts a search needs before it may find the game lost.
pub const RESIGN_PLAYOUTS: u64 = 1000;

/// The points the search's best move must expect to lose by (its playouts' mean
/// margin) before the search may find the game lost. A close end is played out: there
/// the playouts, scored by area (GO_RULES §4 counts territory), lose every game by the
/// half point of a neutral cell's parity, and against GNU Go level 10 seven of 23
/// resignations in a match came at a mean margin of 0.5 to 2.5 points (docs/BOTS.md).
pub const RESIGN_POINTS: f64 = 5.0;

impl Choice {
    /// The pass that ends a game the mover wins: the opponent passed and the score as it
    /// stands wins for the side to move (`None` otherwise).
    pub fn pass_to_win(pos: &crate::go::Position, winrate: Option<f64>) -> Option<Choice> {
        (pos.passes() == 1 && pos.score_winner() == Some(pos.turn())).then(|| Choice {
            mv: Move::Pass,
            playouts: 0,
            winrate,
            visits: 0,
            candidates: Vec::new(),
            line: vec![Move::Pass],
            hopeless: false,
            resign: false,
        })
    }
}

/// One of the search's root moves, as `--info` shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    pub mv: Move,
    /// Playouts through the move (the priors' virtual games not counted).
    pub playouts: u64,
    /// The share of them the side to move won (a draw counts ½).
    pub winrate: f64,
    /// Their mean final margin in points for the side to move (its score less the
    /// opponent's, komi included).
    pub points: f64,
}

/// A computer player of Go with chess pieces.
pub trait Bot: Send {
    /// Chooses a legal move, or `None` when the game is over.
    fn choose(&mut self, request: &Request) -> Option<Choice>;
}

/// The players a person can choose, weakest first (Chogo's names where they fit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Uniformly random drops that do not fill its own area or eyes.
    Random,
    /// Greedy: the best immediate result, one ply.
    Easy,
    /// Monte Carlo tree search, 0.5 s a move.
    Medium,
    /// Monte Carlo tree search, 2 s a move.
    Hard,
    /// Monte Carlo tree search, 5 s a move.
    Master,
}

const fn ms(n: u64) -> Option<Duration> {
    Some(Duration::from_millis(n))
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Master,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    /// The level's own budget.
    pub fn default_budget(self) -> Budget {
        let time = match self {
            Level::Random | Level::Easy => None,
            Level::Medium => ms(500),
            Level::Hard => ms(2000),
            Level::Master => ms(5000),
        };
        Budget {
            time,
            playouts: None,
        }
    }

    /// Whether the level searches (and so takes a time or playout budget).
    pub fn searches(self) -> bool {
        matches!(self, Level::Medium | Level::Hard | Level::Master)
    }

    /// The level's budget with the time and playouts replaced where given. A playout
    /// budget alone drops the level's time limit (so that it is reproducible).
    pub fn budget(self, time: Option<Duration>, playouts: Option<u64>) -> Budget {
        let mut budget = self.default_budget();
        if !self.searches() {
            return budget;
        }
        if playouts.is_some() {
            budget.playouts = playouts;
            budget.time = time;
        } else if time.is_some() {
            budget.time = time;
        }
        budget
    }

    /// A fresh bot of this level, searching on `threads` threads.
    pub fn bot(self, threads: usize) -> Box<dyn Bot> {
        self.bot_with(MctsConfig {
            threads: threads.max(1),
            ..MctsConfig::default()
        })
    }

    /// A fresh bot of this level; a searching level searches with `config`.
    pub fn bot_with(self, config: MctsConfig) -> Box<dyn Bot> {
        match self {
            Level::Random => Box::new(RandomBot),
            Level::Easy => Box::new(Greedy),
            _ => Box::new(Mcts::new(MctsConfig {
                threads: config.threads.max(1),
                ..config
            })),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}' (random, easy, medium, hard, master; greedy is easy, mcts is hard)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        let key = s.to_ascii_lowercase();
        match key.as_str() {
            "greedy" => return Ok(Level::Easy),
            "mcts" => return Ok(Level::Hard),
            _ => {}
        }
        Level::ALL
            .into_iter()
            .find(|l| l.name() == key)
            .ok_or_else(|| ParseLevelError(crate::common::excerpt(s)))
    }
}

/// A bot with its budget, as the shared match runner seats it.
struct Seat<'a> {
    bot: &'a mut dyn Bot,
    budget: Budget,
}

impl Contender<Game> for Seat<'_> {
    fn name(&self) -> String {
        "the bot".into()
    }

    fn choose(&mut self, game: &Game, seed: u64, stop: &AtomicBool) -> Option<Move> {
        let request = Request {
            game,
            budget: self.budget,
            seed,
            stop,
        };
        self.bot.choose(&request).map(|c| c.mv)
    }

    fn decide(&mut self, game: &Game, seed: u64, stop: &AtomicBool) -> Option<Turn<Move>> {
        let request = Request {
            game,
            budget: self.budget,
            seed,
            stop,
        };
        self.bot.choose(&request).map(|c| {
            if c.resign {
                Turn::Resign
            } else {
                Turn::Play(c.mv)
            }
        })
    }
}

/// Plays one game between two bots (Black's first) to its end, or to a move limit
/// (six moves a playable cell, and 50), where the match scores it as it stands. Returns
/// the game, or an error if a bot chose an illegal move (a bug, reported rather than
/// hidden).
pub fn play_game(
    start: super::Position,
    bots: [&mut dyn Bot; 2],
    budgets: [Budget; 2],
    seed: u64,
    game_number: u64,
    stop: &AtomicBool,
) -> Result<Game, String> {
    let max_moves = 6 * start.geometry().playable.count() as usize + 50;
    let [black, white] = bots;
    let mut black = Seat {
        bot: black,
        budget: budgets[0],
    };
    let mut white = Seat {
        bot: white,
        budget: budgets[1],
    };
    arena::play_game(
        Game::from_position(start),
        crate::common::BySide::new(&mut black as &mut dyn Contender<Game>, &mut white),
        seed,
        game_number,
        Some(max_moves),
        stop,
    )
}
