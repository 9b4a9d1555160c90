//! Bot-against-bot games of Chogo, for matches, tests and the demo mode, on the shared
//! match runner ([`crate::common::arena`]).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::{Bot, Level, Request};
use crate::common::arena::{self, Contender};
use crate::rules::{BySide, Game, RuleSet};

pub use crate::common::arena::game_line;
pub use crate::common::decision_seed;

/// A level's bot in a match, with the time or nodes that replace its own budget.
struct Seat {
    level: Level,
    bot: Box<dyn Bot>,
    time: Option<Duration>,
    nodes: Option<u64>,
}

impl Contender<Game> for Seat {
    fn name(&self) -> String {
        self.level.to_string()
    }

    fn choose(&mut self, game: &Game, seed: u64, stop: &AtomicBool) -> Option<crate::rules::Move> {
        let mut budget = self.level.budget(self.time);
        // A node budget alone makes a searching level's moves independent of the machine.
        if self.nodes.is_some() && matches!(self.level.spec().engine, super::Engine::Search { .. })
        {
            budget.nodes = self.nodes;
            budget.time = self.time;
        }
        let request = Request {
            game,
            budget,
            seed,
            stop,
        };
        self.bot.choose(&request).map(|c| c.mv)
    }
}

/// Plays one game between two levels (`players[side]`) to its end.
///
/// `time` replaces the search levels' time budget. Returns the game, or an error if a
/// bot answered with an illegal move (a bug, reported rather than hidden).
pub fn play_game(
    rules: RuleSet,
    players: BySide<Level>,
    time: Option<Duration>,
    seed: u64,
    game_number: u64,
    stop: &AtomicBool,
) -> Result<Game, String> {
    play_game_with(rules, players, (time, None), seed, game_number, stop)
}

/// [`play_game`] with a node budget for the searching levels as well (`(time, nodes)`):
/// nodes alone replace their time limits.
pub fn play_game_with(
    rules: RuleSet,
    players: BySide<Level>,
    (time, nodes): (Option<Duration>, Option<u64>),
    seed: u64,
    game_number: u64,
    stop: &AtomicBool,
) -> Result<Game, String> {
    let mut seats = players.map(|level| Seat {
        level,
        bot: level.bot(),
        time,
        nodes,
    });
    let (black, white) = (&mut seats.black, &mut seats.white);
    arena::play_game(
        Game::new(rules),
        BySide::new(black as &mut dyn Contender<Game>, white),
        seed,
        game_number,
        None,
        stop,
    )
}
