//! Bot-against-bot games, for matches, tests and the demo mode.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::{Level, Request};
use crate::rules::{BySide, Game, RuleSet, Side};

/// A seed for one decision of one game, spread from the match seed.
pub fn decision_seed(seed: u64, game: u64, ply: usize) -> u64 {
    let mut z = seed
        ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (ply as u64).wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
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
    let mut bots = players.map(|level| level.bot());
    let mut game = Game::new(rules);
    while game.outcome().is_none() {
        let side = game.position().turn();
        let level = players[side];
        let request = Request {
            game: &game,
            budget: level.budget(time),
            seed: decision_seed(seed, game_number, game.plies().len()),
            stop,
        };
        let Some(choice) = bots[side].choose(&request) else {
            return Err(format!("{level} found no move in {}", game.position()));
        };
        if let Err(e) = game.play(choice.mv) {
            return Err(format!(
                "{level} chose {} in {}: {e}",
                choice.mv,
                game.position()
            ));
        }
    }
    Ok(game)
}

/// The match line of one game: `game 3: hard (black) beat greedy (white) in 41 moves:
/// White's king is captured`, naming the winner first.
pub fn game_line(number: u64, names: BySide<&str>, game: &Game) -> String {
    let moves = game.plies().len().div_ceil(2);
    let Some(outcome) = game.outcome() else {
        return format!("game {number}: unfinished after {moves} moves");
    };
    let (first, second) = match outcome.winner {
        Some(Side::White) => (Side::White, Side::Black),
        _ => (Side::Black, Side::White),
    };
    let verb = if outcome.winner.is_some() {
        "beat"
    } else {
        "drew with"
    };
    format!(
        "game {number}: {} ({}) {verb} {} ({}) in {moves} moves: {}",
        names[first],
        first.name(),
        names[second],
        second.name(),
        outcome.explanation(),
    )
}
