//! Setting up a position by hand (the game's position editor): placing and removing men
//! and kings in hand without any rule checked, then the checks that say whether what was
//! set up is a position a game can start from.

use super::{Bitboard, BySide, Cell, Hand, Man, Position, PositionError, Role, Side};

/// Why a set-up position cannot start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// What position text would refuse (two kings of a side, a king both on the board and
    /// in hand, hands the rules do not allow…).
    #[error(transparent)]
    Position(#[from] PositionError),
    #[error("{0} has no king: put it on the board or in hand")]
    NoKing(Side),
    #[error("{0} has no men")]
    NoMen(Side),
    #[error("the game would be over at once: {0}")]
    Over(String),
}

impl Position {
    /// Puts `man` on `cell`, or empties the cell: no rule is checked (the editor's
    /// set-up; [`Position::check_setup`] judges the result). A cell off the board is left
    /// alone.
    pub fn set_man(&mut self, cell: Cell, man: Option<Man>) {
        if !self.rules.board.contains(cell) {
            return;
        }
        for side in Side::BOTH {
            self.men[side].remove(cell);
        }
        self.kings.remove(cell);
        if let Some(man) = man {
            self.men[man.side].insert(cell);
            if man.role == Role::King {
                self.kings.insert(cell);
            }
        }
        self.hash = self.compute_hash();
    }

    /// Sets what `side` holds in hand: no rule is checked (the editor's set-up).
    pub fn set_hand(&mut self, side: Side, hand: Hand) {
        self.hand[side] = hand;
        self.hash = self.compute_hash();
    }

    /// Sets the side to move, for a set-up.
    pub fn set_turn(&mut self, side: Side) {
        self.turn = side;
        self.hash = self.compute_hash();
    }

    /// Whether this set-up can start a game: everything position text checks, then each
    /// side's king somewhere (on the board or in hand, when the rules have kings) and men
    /// on the board or in hand, and a game that is not over before its first move.
    pub fn check_setup(&self) -> Result<(), SetupError> {
        Position::assemble(
            self.rules,
            self.men,
            self.kings,
            self.hand,
            self.turn,
            [self.halfmoves, self.fullmoves.max(1)],
        )?;
        for side in Side::BOTH {
            let king = (self.kings & self.men[side]).any() || self.hand[side].king;
            if self.rules.has_kings() && !king {
                return Err(SetupError::NoKing(side));
            }
            if self.men[side].is_empty() && self.hand[side].is_empty() {
                return Err(SetupError::NoMen(side));
            }
        }
        if let Some(outcome) = self.outcome() {
            return Err(SetupError::Over(outcome.explanation()));
        }
        Ok(())
    }

    /// The men on the board, cell by cell (the order of the cells).
    pub fn placement(&self) -> Vec<(Cell, Man)> {
        let all: Bitboard = self.men.black | self.men.white;
        all.into_iter()
            .filter_map(|c| self.man_at(c).map(|m| (c, m)))
            .collect()
    }

    /// Every man of the board and every hand taken away (the editor's "clear").
    pub fn cleared(&self) -> Position {
        let mut pos = *self;
        pos.men = BySide::default();
        pos.kings = Bitboard::EMPTY;
        pos.hand = BySide::default();
        pos.hash = pos.compute_hash();
        pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    fn start() -> Position {
        Position::new(RuleSet::default())
    }

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn the_start_position_is_a_set_up_a_game_can_start_from() {
        assert_eq!(start().check_setup(), Ok(()));
    }

    #[test]
    fn two_kings_of_a_side_are_refused_with_the_reason() {
        let mut pos = start();
        let king = Man::new(Side::Black, Role::King);
        pos.set_man(cell("e4"), Some(king));
        pos.set_man(cell("d4"), Some(king));
        let err = pos.check_setup().unwrap_err();
        assert_eq!(
            err,
            SetupError::Position(PositionError::TwoKings(Side::Black))
        );
        assert_eq!(err.to_string(), "Black has more than one king");
    }

    #[test]
    fn a_side_without_its_king_or_men_is_refused() {
        let mut pos = start().cleared();
        pos.set_man(cell("e4"), Some(Man::new(Side::Black, Role::King)));
        pos.set_man(cell("d4"), Some(Man::new(Side::Black, Role::Pawn)));
        pos.set_man(cell("d6"), Some(Man::new(Side::White, Role::Pawn)));
        assert_eq!(pos.check_setup(), Err(SetupError::NoKing(Side::White)));
        pos.set_hand(
            Side::White,
            Hand {
                pawns: 0,
                king: true,
            },
        );
        // The king in hand is only for rules that drop kings.
        let refused = pos.check_setup();
        if RuleSet::default().kings_dropped() {
            assert_eq!(refused, Ok(()));
        } else {
            assert_eq!(refused, Err(SetupError::Position(PositionError::NoDrops)));
        }
        pos.set_hand(Side::White, Hand::default());
        pos.set_man(cell("e6"), Some(Man::new(Side::White, Role::King)));
        assert_eq!(pos.check_setup(), Ok(()));
        pos.set_man(cell("d4"), None);
        pos.set_man(cell("e4"), None);
        assert!(pos.check_setup().is_err());
    }

    #[test]
    fn the_set_up_reads_back_from_its_text() {
        let mut pos = start();
        pos.set_man(cell("e4"), Some(Man::new(Side::White, Role::Pawn)));
        pos.set_turn(Side::White);
        assert_eq!(pos.check_setup(), Ok(()));
        let text = pos.to_string();
        let back = Position::from_text(&text, *pos.rules()).unwrap();
        assert_eq!(back, pos);
        assert_eq!(back.hash(), pos.hash());
        // A cell off the board is left alone.
        let mut again = pos;
        again.set_man(cell("a1"), Some(Man::new(Side::White, Role::Pawn)));
        assert_eq!(again, pos);
    }
}
