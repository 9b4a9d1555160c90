//! A game of Go with chess pieces asked for on the command line (`--board`, `--pieces`,
//! `--moving`, `--komi`, `--vs`, `--demo`) and the review bench's game.

use crate::game::app::screen::GameKind;
use crate::game::app::start::{Asked, Asking, Given};
use crate::game::go_board::bridge::{GoBridge, GoSetup, suggested_komi};
use crate::go::bot::Level;
use crate::go::{Board, PieceSet, Record, Rules};
use crate::rules::BySide;
use crate::save::{GoPlayer, GoSavedGame};

/// The 60-move game of Go with rooks on 9 × 9 of the review bench.
const BENCH_GAME: &str = include_str!("../../../assets/bench/go-60.gochogo");

pub(crate) const ASKING: Asking = Asking {
    kind: GameKind::Go,
    name: "Go with chess pieces",
    flags: &["board", "pieces", "moving", "komi"],
    given,
    bench,
};

fn given(asked: &Asked) -> Result<Given, String> {
    let board: Board = asked.parsed("board")?.unwrap_or_default();
    let moving = asked.flag("moving").is_some();
    let komi = match asked.parsed::<f64>("komi")? {
        Some(komi) if !komi.is_finite() => {
            return Err(format!("--komi {komi} is not a number of points"));
        }
        Some(komi) => komi,
        None => suggested_komi(u32::from(board.files().max(board.ranks()))),
    };
    let rules = Rules {
        board,
        pieces: asked.parsed::<PieceSet>("pieces")?.unwrap_or_default(),
        moving,
        superko: moving,
        komi,
    };
    let players = asked
        .players
        .read(GoPlayer::Human, Level::Medium, GoPlayer::Bot)?;
    Ok(Given::new(
        GameKind::Go,
        GoBridge::new(GoSetup { rules, players }),
    ))
}

fn bench() -> Result<Given, String> {
    let record = Record::parse(BENCH_GAME).map_err(|e| e.to_string())?;
    let bridge = GoBridge::resume(GoSavedGame {
        game: record.to_game().map_err(|e| e.to_string())?,
        players: BySide::new(GoPlayer::Human, GoPlayer::Human),
    });
    Ok(Given::new(GameKind::Go, bridge))
}
