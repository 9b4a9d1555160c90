//! The rules of Go with chess pieces (`docs/GO_RULES.md`, the project's rule book):
//! boards, pieces and sets, alive and dead, drops, moves, ko and superko, scoring,
//! notation, records and SGF. Pure: no Bevy, no I/O. Sides come from [`crate::common`],
//! Chogo's board shapes (on which this game can be played too) from [`crate::rules`].

pub mod analysis;
mod bits;
pub mod bot;
pub mod fast;
mod game;
mod geometry;
pub mod gtp;
pub mod job;
mod lesson;
mod life;
mod moves;
mod piece;
pub mod playout;
mod position;
mod position_text;
mod puzzle;
mod record;
mod rules;
mod score;
mod setup;
pub mod sgf;

pub use bits::{Adjacency, Bits, Cell, ParseCellError};
pub use game::{EndReason, Game, GameError, Outcome, perft};
pub use geometry::{Board, Geometry, ParseBoardError};
pub use moves::{CellList, Move, MoveSpec, MoveText, ParseMoveError, Written};
pub use piece::{Kind, ParsePieceSetError, Piece, PieceSet};
pub use position::{IllegalMove, Played, Position};
pub use position_text::PositionError;
pub use record::{Record, RecordError, RecordProblem, ReplayError, TagProblem};
pub use rules::{Rules, RulesTextError, number_text};
pub use setup::SetupError;
