//! The rules of Go with chess pieces (`../shared/GO_RULES.md`, in the project's words
//! `docs/GO_RULES.md`): boards, pieces and sets, alive and dead, drops, moves, ko and
//! superko, scoring, notation, records and SGF. Pure: no Bevy, no I/O. Sides and Chogo's
//! board shapes come from [`crate::rules`].

mod bits;
pub mod bot;
pub mod fast;
mod game;
mod geometry;
pub mod gtp;
pub mod job;
mod moves;
mod piece;
pub mod playout;
mod position;
mod record;
mod rules;
pub mod sgf;

pub use bits::{Bits, Cell, ParseCellError};
pub use game::{EndReason, Game, GameError, Outcome, perft};
pub use geometry::{Board, Geometry, ParseBoardError};
pub use moves::{CellList, Move, MoveSpec, MoveText, ParseMoveError, Written};
pub use piece::{Kind, ParsePieceSetError, Piece, PieceSet};
pub use position::{IllegalMove, Played, Position, PositionError};
pub use record::{Record, RecordError, ReplayError};
pub use rules::{Rules, number_text};
