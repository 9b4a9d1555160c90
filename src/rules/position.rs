//! A Chogo position: men on the board, kings in hand, side to move and counters.

use super::{
    Bitboard, Board, BySide, Cell, Man, Move, PositionError, Role, RuleSet, Side, zobrist,
};

/// Plies without a capture after which the game is drawn (RULES §6.3).
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// A position under a rule set. Cheap to copy; every move makes a new one.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    rules: RuleSet,
    men: BySide<Bitboard>,
    kings: Bitboard,
    in_hand: BySide<bool>,
    turn: Side,
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
}

/// Two positions are equal when the same men stand on the same cells, the same kings are in
/// hand and the same side is to move (RULES §8: what repetition compares), under the same
/// rules; the counters do not take part.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.rules == other.rules
            && self.men == other.men
            && self.kings == other.kings
            && self.in_hand == other.in_hand
            && self.turn == other.turn
    }
}

impl Eq for Position {}

impl Position {
    /// The start position of a rule set (after its handicap).
    pub fn new(rules: RuleSet) -> Position {
        let mut men = BySide::from_fn(|side| rules.start_pawns(side));
        let mut kings = Bitboard::EMPTY;
        let dropped = rules.kings_dropped();
        if !dropped {
            for side in Side::BOTH {
                let cell = rules.board.fixed_king_cell(side);
                men[side].insert(cell);
                kings.insert(cell);
            }
        }
        let mut pos = Position {
            rules,
            men,
            kings,
            in_hand: BySide::new(dropped, dropped),
            turn: Side::Black,
            halfmoves: 0,
            fullmoves: 1,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    pub fn board(&self) -> Board {
        self.rules.board
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Plies since the last capture.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The full-move number: 1 at the start, increasing after White's move.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// A Zobrist hash of what repetition compares.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The men of a side (its king included).
    #[inline]
    pub fn men(&self, side: Side) -> Bitboard {
        self.men[side]
    }

    /// Both kings on the board.
    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.kings
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.men.black | self.men.white
    }

    /// Empty playable cells.
    #[inline]
    pub fn empty(&self) -> Bitboard {
        self.board().cells() - self.occupied()
    }

    pub fn man_at(&self, cell: Cell) -> Option<Man> {
        let side = Side::BOTH
            .into_iter()
            .find(|s| self.men(*s).contains(cell))?;
        let role = if self.kings.contains(cell) {
            Role::King
        } else {
            Role::Pawn
        };
        Some(Man::new(side, role))
    }

    /// The cell of a side's king, if it is on the board.
    pub fn king(&self, side: Side) -> Option<Cell> {
        (self.kings & self.men(side)).first()
    }

    pub fn king_in_hand(&self, side: Side) -> bool {
        self.in_hand[side]
    }

    /// A king neither on the board nor in hand has been captured (RULES §8).
    pub fn king_captured(&self, side: Side) -> bool {
        !self.in_hand[side] && self.king(side).is_none()
    }

    /// Whether the side to move must drop its king (RULES §2).
    pub fn is_drop_phase(&self) -> bool {
        self.in_hand[self.turn]
    }

    /// Men of `side` flanked on opposite sides by two enemy men (RULES §3).
    #[inline]
    pub fn trapped(&self, side: Side) -> Bitboard {
        trapped_between(self.men(side), self.men(!side))
    }

    /// The two enemy men that trap the man on `cell`, if it is trapped.
    pub fn trappers(&self, cell: Cell) -> Option<(Cell, Cell)> {
        let side = self.man_at(cell)?.side;
        let enemy = self.men(!side);
        [(-1, 0, 1, 0), (0, -1, 0, 1)]
            .into_iter()
            .find_map(|(f1, r1, f2, r2)| {
                let a = cell.offset(f1, r1)?;
                let b = cell.offset(f2, r2)?;
                (enemy.contains(a) && enemy.contains(b)).then_some((a, b))
            })
    }

    /// Men (of either side) whose every existing neighbour cell is occupied (RULES §5).
    #[inline]
    pub fn enclosed(&self) -> Bitboard {
        self.occupied() - self.empty().neighbours()
    }

    /// The position with these men taken off the board (used by the security analysis).
    pub(crate) fn without(&self, men: Bitboard) -> Position {
        let mut pos = *self;
        pos.men.black = pos.men.black - men;
        pos.men.white = pos.men.white - men;
        pos.kings = pos.kings - men;
        pos.hash = pos.compute_hash();
        pos
    }

    /// The same position with `side` to move: what "as if it were to move" looks at.
    pub fn with_turn(&self, side: Side) -> Position {
        let mut pos = *self;
        pos.turn = side;
        pos.hash = pos.compute_hash();
        pos
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for side in Side::BOTH {
            for cell in self.men(side) {
                let role = if self.kings.contains(cell) {
                    Role::King
                } else {
                    Role::Pawn
                };
                h ^= zobrist::man(side, role, cell);
            }
            if self.in_hand[side] {
                h ^= zobrist::king_in_hand(side);
            }
        }
        if self.turn == Side::White {
            h ^= zobrist::white_to_move();
        }
        h
    }

    /// Plays a move known to be legal and returns the captured men (RULES §5). The result
    /// is unspecified for an illegal move; use [`Position::play`] for untrusted moves.
    pub fn play_unchecked(&mut self, mv: Move) -> Bitboard {
        let me = self.turn;
        let mine = &mut self.men[me];
        match mv {
            Move::KingDrop { to } => {
                mine.insert(to);
                self.kings.insert(to);
                self.in_hand[me] = false;
            }
            Move::Single { from, to } | Move::MoleDrop { from, to } => {
                mine.remove(from);
                mine.insert(to);
                if self.kings.contains(from) {
                    self.kings.remove(from);
                    self.kings.insert(to);
                }
            }
            Move::Tandem { from, to } => {
                let group = from.cells();
                let delta = to.min.index() as i32 - from.min.index() as i32;
                let king = self.kings & group;
                *mine = (*mine - group) | to.cells();
                self.kings = (self.kings - king) | shift(king, delta);
            }
        }
        // RULES §9, own-man capture: a mole drop never removes the man it puts down.
        let spared = match mv {
            Move::MoleDrop { to, .. } => Bitboard::from_cell(to),
            _ => Bitboard::EMPTY,
        };
        let captured = self.captures_after(mv.destinations()) - spared;
        if captured.any() {
            self.men.black = self.men.black - captured;
            self.men.white = self.men.white - captured;
            self.kings = self.kings - captured;
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        if me == Side::White {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !me;
        self.hash = self.compute_hash();
        captured
    }

    /// The men captured by the move just made by the side to move, whose destination cells
    /// are `dest` (RULES §5; suicide captures of §9).
    fn captures_after(&self, dest: Bitboard) -> Bitboard {
        let me = self.turn;
        let enclosed = self.enclosed();
        let theirs = self.men(!me) & enclosed & dest.neighbours() & self.men(me).two_neighbours();
        match self.rules.own_man_capture {
            super::OwnManCapture::Never => theirs,
            super::OwnManCapture::Suicide => {
                theirs | (self.men(me) & enclosed & self.men(!me).two_neighbours())
            }
        }
    }

    /// How the game stands on this position alone (repetition needs the history: see
    /// [`super::Game`]). RULES §6, in its order.
    pub fn outcome(&self) -> Option<super::Outcome> {
        use super::{EndReason, Outcome};
        let mover = !self.turn;
        match (self.king_captured(self.turn), self.king_captured(mover)) {
            // Both kings fell in one (suicide) move: the mover wins.
            (true, _) => {
                return Some(Outcome::win(mover, EndReason::KingCaptured));
            }
            (false, true) => {
                return Some(Outcome::win(self.turn, EndReason::KingCaptured));
            }
            _ => {}
        }
        if !self.has_move() {
            return Some(Outcome::win(mover, EndReason::NoLegalMove));
        }
        if self.halfmoves >= FIFTY_MOVE_PLIES {
            return Some(Outcome::draw(EndReason::FiftyMoves));
        }
        None
    }

    /// Whether the game has ended on this position (king captured or 50-move rule), so that
    /// no move may be played.
    pub(crate) fn is_closed(&self) -> bool {
        self.king_captured(Side::Black)
            || self.king_captured(Side::White)
            || self.halfmoves >= FIFTY_MOVE_PLIES
    }
}

/// Cells of `men` with enemy men on both sides along a rank or a file.
#[inline]
pub(crate) fn trapped_between(men: Bitboard, enemy: Bitboard) -> Bitboard {
    men & ((enemy.east() & enemy.west()) | (enemy.north() & enemy.south()))
}

/// Moves every cell of the set by `delta` bits in the fixed layout.
#[inline]
pub(crate) fn shift(bb: Bitboard, delta: i32) -> Bitboard {
    if delta >= 0 {
        Bitboard(bb.0 << delta)
    } else {
        Bitboard(bb.0 >> (-delta))
    }
}

impl Position {
    /// A position from its parts: every man with its cell, the kings in hand, the side to
    /// move, plies since the last capture and the move number. Checked like position text.
    pub fn from_parts(
        rules: RuleSet,
        placement: &[(Cell, Man)],
        in_hand: BySide<bool>,
        turn: Side,
        halfmoves: u32,
        fullmoves: u32,
    ) -> Result<Position, PositionError> {
        let mut men = BySide::<Bitboard>::default();
        let mut kings = Bitboard::EMPTY;
        for &(cell, man) in placement {
            if !rules.board.contains(cell) {
                return Err(PositionError::OffBoard(cell));
            }
            if (men.black | men.white).contains(cell) {
                return Err(PositionError::TwoMen(cell));
            }
            men[man.side].insert(cell);
            if man.role == Role::King {
                kings.insert(cell);
            }
        }
        if fullmoves == 0 {
            return Err(PositionError::Fullmoves(fullmoves.to_string()));
        }
        Position::assemble(rules, men, kings, in_hand, turn, [halfmoves, fullmoves])
    }

    /// The checks shared by every way of building a position.
    pub(crate) fn assemble(
        rules: RuleSet,
        men: BySide<Bitboard>,
        kings: Bitboard,
        in_hand: BySide<bool>,
        turn: Side,
        [halfmoves, fullmoves]: [u32; 2],
    ) -> Result<Position, PositionError> {
        if (in_hand.black || in_hand.white) && !rules.kings_dropped() {
            return Err(PositionError::NoDrops);
        }
        for side in Side::BOTH {
            let own_kings = (kings & men[side]).count();
            if own_kings > 1 {
                return Err(PositionError::TwoKings(side));
            }
            if in_hand[side] && own_kings > 0 {
                return Err(PositionError::KingTwice(side));
            }
        }
        let mut pos = Position {
            rules,
            men,
            kings,
            in_hand,
            turn,
            halfmoves,
            fullmoves,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }
}
