//! The rules of Chogo (`docs/RULES.md`, the project's rule book): board geometry,
//! positions, moves and their notation, captures, the security analysis, games and records.
//! Pure: no Bevy, no I/O.

mod bitboard;
mod board;
mod cell;
mod game;
mod movegen;
mod moves;
mod outcome;
mod position;
mod position_text;
mod record;
mod ruleset;
mod security;
mod series;
mod setup;
mod side;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::{Board, ParseBoardError};
pub use cell::{Cell, ParseCellError};
pub use game::{Game, GameError, MoveReport, Ply, Undone};
pub use movegen::{IllegalMove, MoveList};
pub use moves::{Move, MoveText, ParseMoveError, Rect};
pub use outcome::{EndReason, Outcome};
pub use position::{FIFTY_MOVE_PLIES, Hand, Position};
pub use position_text::PositionError;
pub use record::{Record, RecordError, RecordProblem, ReplayError};
pub use ruleset::{
    DropCaptures, DropKings, Fortress, Handicap, Hopeless, KingPower, KingStart, MoleCondition,
    Opening, OwnManCapture, PartTrappedTandem, Preset, RuleOption, RuleSet, RuleSetError, TrapRule,
    rule_text_syntax,
};
pub use security::{Analysis, NoMoleDrop};
pub use series::{MAX_HANDICAP, Series};
pub use setup::SetupError;
pub use side::{BySide, Man, ParseSideError, Role, Side};

/// Counts the leaf nodes of the legal move tree to `depth` plies (move-generator check).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut total = 0;
            pos.for_each_legal_move(|mv| {
                let mut next = *pos;
                next.play_unchecked(mv);
                total += perft(&next, depth - 1);
            });
            total
        }
    }
}
