//! Setting up a position by hand (the game's position editor): the checks that say
//! whether what was set up is a position a game can start from.

use super::{Cell, Geometry, Kind, Piece, Position};
use crate::rules::Side;

/// Why a set-up position cannot start a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{} are not in this game's set", .0.plural())]
    NotInSet(Kind),
    #[error("{0} is not a playable cell for this set")]
    NotPlayable(Cell),
    #[error("{0}'s pawn on {1} stands on its last rank: it could never move or defend")]
    PawnOnLastRank(Side, Cell),
}

/// Whether a pawn of `side` on `cell` has no cell diagonally ahead of it on the board: it
/// can then never move or defend (GO_RULES §1).
fn pawn_stuck(geometry: &Geometry, side: Side, cell: Cell) -> bool {
    let ahead = Geometry::forward(side);
    [-1, 1].iter().all(|&df| {
        cell.offset(df, ahead)
            .is_none_or(|c| !geometry.cells.contains(c))
    })
}

impl Position {
    /// Whether this set-up can start a game: every piece of the game's set, on a
    /// playable cell, and no pawn on its last rank (GO_RULES §1: no drop or move may put
    /// one there). Other dead pieces may stand, as in a hand-made position text: the
    /// opponent's next move captures them.
    pub fn check_setup(&self) -> Result<(), SetupError> {
        let geometry = self.geometry();
        let set = self.rules().pieces;
        for side in Side::BOTH {
            for cell in self.pieces(side) {
                let Some(Piece { kind, .. }) = self.piece_at(cell) else {
                    continue;
                };
                if !set.contains(kind) {
                    return Err(SetupError::NotInSet(kind));
                }
                if !geometry.playable.contains(cell) {
                    return Err(SetupError::NotPlayable(cell));
                }
                if kind == Kind::Pawn && pawn_stuck(geometry, side, cell) {
                    return Err(SetupError::PawnOnLastRank(side, cell));
                }
            }
        }
        Ok(())
    }

    /// Every piece taken off (the editor's "clear").
    pub fn cleared(&self) -> Position {
        let mut pos = Position::new(*self.rules());
        pos.set_turn(self.turn());
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Board, PieceSet, Rules};

    fn position(board: u8, pieces: &str) -> Position {
        Position::new(Rules {
            board: Board::Square(board),
            pieces: pieces.parse::<PieceSet>().unwrap(),
            ..Rules::default()
        })
    }

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn a_pawn_on_its_last_rank_is_refused_with_the_reason() {
        let mut pos = position(9, "RP");
        pos.set_piece(cell("e8"), Some(Piece::new(Side::Black, Kind::Pawn)));
        assert_eq!(pos.check_setup(), Ok(()));
        pos.set_piece(cell("e9"), Some(Piece::new(Side::Black, Kind::Pawn)));
        let err = pos.check_setup().unwrap_err();
        assert_eq!(err, SetupError::PawnOnLastRank(Side::Black, cell("e9")));
        assert_eq!(
            err.to_string(),
            "Black's pawn on e9 stands on its last rank: it could never move or defend"
        );
        // White's last rank is the first.
        pos.set_piece(cell("e9"), Some(Piece::new(Side::White, Kind::Pawn)));
        assert_eq!(pos.check_setup(), Ok(()));
        pos.set_piece(cell("c1"), Some(Piece::new(Side::White, Kind::Pawn)));
        assert_eq!(
            pos.check_setup(),
            Err(SetupError::PawnOnLastRank(Side::White, cell("c1")))
        );
    }

    #[test]
    fn a_piece_on_an_unplayable_cell_or_outside_the_set_is_refused() {
        // Bishops alone play on the light cells: a1 is dark.
        let mut pos = position(9, "B");
        pos.set_piece(cell("b1"), Some(Piece::new(Side::Black, Kind::Bishop)));
        assert_eq!(pos.check_setup(), Ok(()));
        pos.set_piece(cell("a1"), Some(Piece::new(Side::White, Kind::Bishop)));
        assert_eq!(pos.check_setup(), Err(SetupError::NotPlayable(cell("a1"))));
        let mut pos = position(9, "R");
        pos.set_piece(cell("e5"), Some(Piece::new(Side::Black, Kind::Knight)));
        assert_eq!(pos.check_setup(), Err(SetupError::NotInSet(Kind::Knight)));
        assert_eq!(pos.cleared().check_setup(), Ok(()));
    }

    #[test]
    fn the_set_up_reads_back_from_its_text() {
        let mut pos = position(9, "R");
        pos.set_piece(cell("e5"), Some(Piece::new(Side::Black, Kind::Rook)));
        pos.set_piece(cell("d4"), Some(Piece::new(Side::White, Kind::Rook)));
        pos.set_turn(Side::White);
        let back = Position::from_text(&pos.to_string(), *pos.rules()).unwrap();
        assert_eq!(back.to_string(), pos.to_string());
        assert!(back.same_placement(&pos));
    }
}
