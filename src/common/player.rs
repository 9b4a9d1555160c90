//! Who plays a side, in either game.

use std::fmt;
use std::str::FromStr;

/// A person at this screen, or a bot of some level of the game's own bots. Written
/// `human` or the level's name (`medium`) in saves and records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player<L> {
    Human,
    Bot(L),
}

impl<L: fmt::Display> fmt::Display for Player<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Human => f.write_str("human"),
            Player::Bot(level) => write!(f, "{level}"),
        }
    }
}

impl<L: FromStr> FromStr for Player<L> {
    type Err = L::Err;
    fn from_str(s: &str) -> Result<Player<L>, L::Err> {
        match s.to_ascii_lowercase().as_str() {
            "human" => Ok(Player::Human),
            _ => s.parse().map(Player::Bot),
        }
    }
}
