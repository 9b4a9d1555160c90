//! Bot-against-bot games of Chogo, for matches, tests and the demo mode, on the shared
//! match runner ([`crate::common::arena`]).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::{Bot, Budget, Level, Request};
use crate::common::arena::{self, Contender};
use crate::rules::{BySide, Game, RuleSet};

pub use crate::common::arena::game_line;
pub use crate::common::decision_seed;

/// Search nodes a move for the searching levels of a match, in place of their time: a
/// match by nodes does not depend on the machine or its load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nodes {
    /// The same number for every searching level.
    Each(u64),
    /// Each level's own time at this many nodes a second: the levels keep their ratios
    /// (master searches five times what hard does), as on a machine of that speed.
    PerSecond(u64),
}

/// A level's bot in a match, with the time or nodes that replace its own budget.
struct Seat {
    level: Level,
    bot: Box<dyn Bot>,
    time: Option<Duration>,
    nodes: Option<Nodes>,
}

impl Contender<Game> for Seat {
    fn name(&self) -> String {
        self.level.to_string()
    }

    fn choose(&mut self, game: &Game, seed: u64, stop: &AtomicBool) -> Option<crate::rules::Move> {
        let request = Request {
            game,
            budget: self.budget(),
            seed,
            stop,
        };
        self.bot.choose(&request).map(|c| c.mv)
    }
}

impl Seat {
    /// The level's budget with the match's time or nodes in place of its own.
    fn budget(&self) -> Budget {
        let mut budget = self.level.budget(self.time);
        // A node budget alone makes a searching level's moves independent of the machine.
        if let Some(nodes) = self.nodes
            && matches!(self.level.spec().engine, super::Engine::Search { .. })
        {
            budget.nodes = Some(match nodes {
                Nodes::Each(n) => n,
                Nodes::PerSecond(n) => {
                    let own = self.level.spec().budget.time.unwrap_or_default();
                    (own.as_secs_f64() * n as f64).round().max(1.0) as u64
                }
            });
            budget.time = self.time;
        }
        budget
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
    (time, nodes): (Option<Duration>, Option<Nodes>),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(level: Level, nodes: Nodes) -> Seat {
        Seat {
            level,
            bot: level.bot(),
            time: None,
            nodes: Some(nodes),
        }
    }

    #[test]
    fn nodes_a_second_keep_the_levels_ratios() {
        let per_second = |level| seat(level, Nodes::PerSecond(1000)).budget();
        assert_eq!(per_second(Level::Master).nodes, Some(5000));
        assert_eq!(per_second(Level::Hard).nodes, Some(1000));
        assert_eq!(per_second(Level::Medium).nodes, Some(200));
        // By nodes alone: no clock, so the machine's load changes nothing.
        assert_eq!(per_second(Level::Master).time, None);
        // Medium keeps its depth limit; greedy does not search.
        assert_eq!(per_second(Level::Medium).depth, Some(4));
        assert_eq!(per_second(Level::Easy).nodes, None);
        let each = seat(Level::Master, Nodes::Each(700)).budget();
        assert_eq!((each.nodes, each.time), (Some(700), None));
    }
}
