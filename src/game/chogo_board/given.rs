//! A Chogo game asked for on the command line (`--rules`, `--position`, `--vs`,
//! `--demo`) and the review bench's game.

use crate::bot::Level;
use crate::game::app::screen::GameKind;
use crate::game::app::start::{Asked, Asking, Given};
use crate::game::chogo_board::bridge::{Bridge, PlayerKind, Setup};
use crate::rules::{BySide, Position, Record, RuleSet};
use crate::save::SavedGame;

/// The 60-move Chogo game of the review bench (the first 60 moves of each side of a
/// hard-vs-hard game).
const BENCH_GAME: &str = include_str!("../../../assets/bench/chogo-60.chogo");

pub(crate) const ASKING: Asking = Asking {
    kind: GameKind::Chogo,
    name: "Chogo",
    flags: &["rules", "position"],
    given,
    bench,
};

fn given(asked: &Asked) -> Result<Given, String> {
    let rules: RuleSet = asked.parsed("rules")?.unwrap_or_default();
    let setup = Setup {
        rules,
        players: asked
            .players
            .read(PlayerKind::Human, Level::Medium, PlayerKind::Bot)?,
        series: None,
    };
    let bridge = match asked.flag("position") {
        Some(text) => {
            let start =
                Position::from_text(text, rules).map_err(|e| format!("bad position: {e}"))?;
            Bridge::from_position(setup, start)
        }
        None => Bridge::new(setup),
    };
    Ok(Given::new(GameKind::Chogo, bridge))
}

fn bench() -> Result<Given, String> {
    let record = Record::parse(BENCH_GAME).map_err(|e| e.to_string())?;
    let bridge = Bridge::resume(SavedGame {
        game: record.to_game().map_err(|e| e.to_string())?,
        players: BySide::new(PlayerKind::Human, PlayerKind::Human),
        series: None,
    });
    Ok(Given::new(GameKind::Chogo, bridge))
}
