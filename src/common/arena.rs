//! Bot-against-bot games for either game: one match runner and one match line, for the
//! command line's matches, the tests and the demo.

use std::sync::atomic::{AtomicBool, Ordering};

use super::play::Playable;
use super::seed::decision_seed;
use super::{BySide, Side};

/// A player of a match: chooses a legal move of the game as it stands.
pub trait Contender<G: Playable> {
    /// Its name in error messages.
    fn name(&self) -> String;
    /// A move (`None` when it finds none: a bug in a game that goes on).
    fn choose(&mut self, game: &G, seed: u64, stop: &AtomicBool) -> Option<G::Move>;
    /// Its turn: a move, or a resignation (`None` as for [`Contender::choose`]). A
    /// player that never resigns keeps this default, its move.
    fn decide(&mut self, game: &G, seed: u64, stop: &AtomicBool) -> Option<Turn<G::Move>> {
        self.choose(game, seed, stop).map(Turn::Play)
    }
}

/// What a player does with its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn<M> {
    Play(M),
    Resign,
}

/// Plays `game` to its end (or to `max_plies`, where the match judges it as it stands),
/// each move chosen by the side to move's player with its own decision seed. Returns the
/// game, or an error if a player found no move or chose an illegal one (a bug, reported
/// rather than hidden), or `stop` was raised.
pub fn play_game<G: Playable>(
    mut game: G,
    mut players: BySide<&mut dyn Contender<G>>,
    seed: u64,
    game_number: u64,
    max_plies: Option<usize>,
    stop: &AtomicBool,
) -> Result<G, String> {
    while !game.is_over() && max_plies.is_none_or(|max| game.ply_count() < max) {
        if stop.load(Ordering::Relaxed) {
            return Err("stopped".into());
        }
        let side = game.turn();
        let player = &mut players[side];
        let decision = decision_seed(seed, game_number, game.ply_count());
        let Some(turn) = player.decide(&game, decision, stop) else {
            if stop.load(Ordering::Relaxed) {
                return Err("stopped".into());
            }
            return Err(format!(
                "{} found no move in {}",
                player.name(),
                game.position()
            ));
        };
        let mv = match turn {
            Turn::Play(mv) => mv,
            Turn::Resign => {
                game.resign(side);
                break;
            }
        };
        let text = game.move_name(mv);
        if let Err(e) = game.play(mv) {
            return Err(format!(
                "{} chose {text} in {}: {e}",
                player.name(),
                game.position()
            ));
        }
    }
    Ok(game)
}

/// The match line of one game, the winner named first: `game 3: hard (black) beat greedy
/// (white) in 41 moves: White's king is captured`.
pub fn game_line<G: Playable>(number: u64, names: BySide<&str>, game: &G) -> String {
    let moves = super::counted(game.ply_count().div_ceil(2), "move", "moves");
    let Some(verdict) = game.verdict() else {
        return format!("game {number}: unfinished after {moves}");
    };
    let (first, second) = match verdict.winner {
        Some(Side::White) => (Side::White, Side::Black),
        _ => (Side::Black, Side::White),
    };
    let verb = if verdict.winner.is_some() {
        "beat"
    } else {
        "drew with"
    };
    format!(
        "game {number}: {} ({}) {verb} {} ({}) in {moves}: {}",
        names[first],
        first.name(),
        names[second],
        second.name(),
        verdict.how,
    )
}
