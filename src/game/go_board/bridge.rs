//! The rules bridge of Go with chess pieces: what its game offers the shared session
//! (`app::session`, the only place that changes a board's game), the names the board uses
//! for it, and what only this game has (Play on after two passes).

use bevy::prelude::*;

use crate::game::app::session::{self, Session, SessionGame};
use crate::go::bot::Level;
use crate::go::{Bits, Cell, Game, Move, Piece, Position, Rules};
use crate::rules::{BySide, Side};
use crate::save::{GoPlayer, GoSavedGame};

/// Everything a new game needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoSetup {
    pub rules: Rules,
    pub players: BySide<GoPlayer>,
}

impl Default for GoSetup {
    fn default() -> GoSetup {
        GoSetup {
            rules: Rules {
                komi: suggested_komi(9),
                ..Rules::default()
            },
            players: BySide::new(GoPlayer::Human, GoPlayer::Bot(Level::Medium)),
        }
    }
}

/// The komi a board of this many cells a side suggests: Go's 6.5 from 13 × 13 up, less on
/// smaller boards, where the first move is worth less (9 × 9: 5.5; 7 × 7 and smaller:
/// 2.5).
pub fn suggested_komi(size: u32) -> f64 {
    match size {
        0..=7 => 2.5,
        8..=11 => 5.5,
        _ => 6.5,
    }
}

/// The session of Go with chess pieces: the game (with the moves undo took back), who
/// plays it, its side line and the editor's set-up (`app::session`, written once for every
/// board).
pub type GoBridge = Session<Game>;

/// What the drivers of this game ask its session for.
pub type GoCommand = session::Command<Game>;

/// What the position editor asks of the session.
pub type GoEdit = session::Edit<Game>;

/// A move was played or tried in a side line: exactly what it did (`report`: the
/// opponent's pieces it captured, which stood in `before`).
pub type GoPlayed = session::Played<Game>;

/// What a side holds in hand in Go with chess pieces: nothing the editor sets (every
/// kind is dropped from an unlimited supply).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoHand {}

/// What only Go with chess pieces asks of its session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoOwn {
    /// After two passes, a player disagrees with the score: both passes are taken back
    /// and play goes on from the position before them (the dead pieces must be captured).
    PlayOn,
}

impl SessionGame for Game {
    type Level = Level;
    type Setup = GoSetup;
    type Saved = GoSavedGame;
    type Cell = Cell;
    type Piece = Piece;
    type Hand = NoHand;
    type Own = GoOwn;

    /// Every set the new-game form offers plays.
    fn check(_: &GoSetup) -> Result<(), String> {
        Ok(())
    }

    fn start(setup: &GoSetup) -> Game {
        Game::from_position(Position::new(setup.rules))
    }

    fn from_position(setup: &GoSetup, start: Position) -> (Game, GoSetup) {
        let setup = GoSetup {
            rules: *start.rules(),
            ..*setup
        };
        (Game::from_position(start), setup)
    }

    fn resume(saved: GoSavedGame) -> (Game, GoSetup) {
        let setup = GoSetup {
            rules: *saved.game.position().rules(),
            players: saved.players,
        };
        (saved.game, setup)
    }

    fn players(setup: &GoSetup) -> BySide<GoPlayer> {
        setup.players
    }

    fn with_players(setup: &GoSetup, players: BySide<GoPlayer>) -> GoSetup {
        GoSetup { players, ..*setup }
    }

    fn position_after(&self, n: usize) -> Option<&Position> {
        self.positions().get(n)
    }

    fn take_back(&mut self) -> bool {
        Game::take_back(self)
    }

    fn check_setup(position: &Position) -> Result<(), String> {
        position.check_setup().map_err(|e| e.to_string())
    }

    fn set_piece(position: &mut Position, cell: Cell, piece: Option<Piece>) {
        position.set_piece(cell, piece);
    }

    fn set_hand(_: &mut Position, _: Side, hand: NoHand) {
        match hand {}
    }

    fn set_turn(position: &mut Position, side: Side) {
        position.set_turn(side);
    }

    fn apply_own(&mut self, own: GoOwn) -> Result<(), String> {
        match own {
            GoOwn::PlayOn => {
                let scored = self
                    .outcome()
                    .is_some_and(|o| o.reason == crate::go::EndReason::Passes);
                if !scored {
                    return Err("the game did not end by two passes".into());
                }
                self.take_back();
                self.take_back();
                Ok(())
            }
        }
    }

    fn played_text(mv: Move, before: &Position, captured: &Bits) -> String {
        mv.text_with_captures(before.rules().pieces, *captured)
    }

    /// A pass puts nothing on the board.
    fn shows(mv: Move) -> bool {
        mv != Move::Pass
    }

    fn how_to_play(&self) -> &'static str {
        if self.position().rules().moving {
            "Click an empty cell to drop a piece, or click (or drag) one of yours to a marked cell. ? for all keys."
        } else {
            "Click an empty cell to drop a piece: a ghost shows it, red rings what it captures. ? for all keys."
        }
    }
}

impl GoBridge {
    /// What the save keeps.
    pub fn saved(&self) -> GoSavedGame {
        GoSavedGame {
            game: self.game.clone(),
            players: self.setup.players,
        }
    }

    /// The move that led to the shown position, with what it captured.
    pub fn shown_move(&self, viewing: Option<usize>) -> Option<(Move, Bits)> {
        let (game, n) = self.shown_game(viewing)?;
        n.checked_sub(1).and_then(|i| game.moves().get(i)).copied()
    }
}

pub(super) fn plugin(app: &mut App) {
    session::register::<Game, _>(app, super::GoOn);
}
