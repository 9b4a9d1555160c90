//! A Chogo position: men on the board, kings in hand, side to move and counters.

use super::{
    Bitboard, Board, BySide, Cell, DropCaptures, Fortress, Hopeless, Man, Move, Opening,
    OwnManCapture, PositionError, Role, RuleSet, Side, TrapRule, zobrist,
};

/// Plies without a capture after which the game is drawn (RULES §6.3).
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// The men a side holds off the board, still to be dropped: its king (RULES §2), and the
/// pawns of the drop opening (§10.3), which are dropped before the king.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    pub pawns: u8,
    pub king: bool,
}

impl Hand {
    /// Whether the hand holds no man.
    pub fn is_empty(self) -> bool {
        self.pawns == 0 && !self.king
    }

    /// The number of men in hand.
    pub fn count(self) -> u32 {
        self.pawns as u32 + self.king as u32
    }

    /// The man the next drop puts down: pawns first, the king last.
    pub fn next(self) -> Option<Role> {
        if self.pawns > 0 {
            Some(Role::Pawn)
        } else if self.king {
            Some(Role::King)
        } else {
            None
        }
    }
}

/// A position under a rule set. Cheap to copy; every move makes a new one.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub(super) rules: RuleSet,
    pub(super) men: BySide<Bitboard>,
    pub(super) kings: Bitboard,
    pub(super) hand: BySide<Hand>,
    pub(super) turn: Side,
    pub(super) halfmoves: u32,
    pub(super) fullmoves: u32,
    pub(super) hash: u64,
}

/// Two positions are equal when the same men stand on the same cells, the same kings are in
/// hand and the same side is to move (RULES §8: what repetition compares), under the same
/// rules; the counters do not take part.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.rules == other.rules
            && self.men == other.men
            && self.kings == other.kings
            && self.hand == other.hand
            && self.turn == other.turn
    }
}

impl Eq for Position {}

impl Position {
    /// The start position of a rule set (after its handicap; empty in the drop opening).
    pub fn new(rules: RuleSet) -> Position {
        let mut men = BySide::from_fn(|side| rules.start_pawns(side));
        let mut kings = Bitboard::EMPTY;
        let dropped = rules.kings_dropped();
        if !dropped {
            for side in Side::BOTH {
                let cell = rules.king_start_cell(side);
                men[side].insert(cell);
                kings.insert(cell);
            }
        }
        let hand = Hand {
            pawns: if rules.opening == Opening::Drops {
                rules.men_in_hand()
            } else {
                0
            },
            king: dropped && rules.has_kings(),
        };
        let mut pos = Position {
            rules,
            men,
            kings,
            hand: BySide::new(hand, hand),
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

    /// How many men a side has, on the board and in hand, its king included.
    pub fn men_held(&self, side: Side) -> u32 {
        self.men[side].count() + self.hand[side].count()
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
        self.hand[side].king
    }

    /// The men `side` still holds off the board.
    pub fn hand(&self, side: Side) -> Hand {
        self.hand[side]
    }

    /// A king neither on the board nor in hand has been captured (RULES §8); without
    /// kings (`kings=none`) none ever is.
    pub fn king_captured(&self, side: Side) -> bool {
        self.rules.has_kings() && !self.hand[side].king && self.king(side).is_none()
    }

    /// Whether the side to move must drop a man: its king (RULES §2), or any man in the
    /// drop opening (§10.3), whose phase lasts until both hands are empty.
    pub fn is_drop_phase(&self) -> bool {
        !self.hand[self.turn].is_empty()
    }

    /// Men of `side` held by a trap (RULES §3; a whole run of them with `trap=line`,
    /// §10.1).
    #[inline]
    pub fn trapped(&self, side: Side) -> Bitboard {
        match self.rules.trap {
            TrapRule::Single => trapped_between(self.men(side), self.men(!side)),
            TrapRule::Line => trapped_in_line(self.men(side), self.men(!side)),
        }
    }

    /// The two enemy men that trap the man on `cell` (at the ends of its run with
    /// `trap=line`), if it is trapped.
    pub fn trappers(&self, cell: Cell) -> Option<(Cell, Cell)> {
        let side = self.man_at(cell)?.side;
        let own = self.men(side);
        let enemy = self.men(!side);
        let line = self.rules.trap == TrapRule::Line;
        // The first cell past the run of own men (just `cell` with single traps) that
        // starts at `cell` and goes in direction (df, dr).
        let end = |df: i32, dr: i32| {
            let mut cur = cell.offset(df, dr)?;
            while line && own.contains(cur) {
                cur = cur.offset(df, dr)?;
            }
            enemy.contains(cur).then_some(cur)
        };
        [(-1, 0, 1, 0), (0, -1, 0, 1)]
            .into_iter()
            .find_map(|(f1, r1, f2, r2)| Some((end(f1, r1)?, end(f2, r2)?)))
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

    pub(super) fn compute_hash(&self) -> u64 {
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
            if self.hand[side].king {
                h ^= zobrist::king_in_hand(side);
            }
            h ^= zobrist::pawns_in_hand(side, self.hand[side].pawns);
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
        let drop_phase = self.rules.opening == Opening::Drops && self.is_drop_phase();
        let reposition = self.rules.fortress == Fortress::Reposition;
        let mine = &mut self.men[me];
        match mv {
            Move::Drop { to } => {
                mine.insert(to);
                let hand = &mut self.hand[me];
                if hand.pawns > 0 {
                    hand.pawns -= 1;
                } else {
                    hand.king = false;
                    self.kings.insert(to);
                }
            }
            // RULES §10.2: the reposition moves an enemy man, and captures nothing.
            Move::MoleDrop { from, to } if reposition => {
                let theirs = &mut self.men[!me];
                theirs.remove(from);
                theirs.insert(to);
                if self.kings.contains(from) {
                    self.kings.remove(from);
                    self.kings.insert(to);
                }
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
        // RULES §9, own-man capture: a mole drop (or knight leap, §10.2) never removes the
        // man it puts down; a drop of the drop opening never removes the mover's men, and
        // with drop-captures=no nobody's (§10.3); a reposition captures nothing.
        let captured = match mv {
            Move::MoleDrop { .. } if reposition => Bitboard::EMPTY,
            Move::MoleDrop { to, .. } => {
                self.captures_after(mv.destinations()) - Bitboard::from_cell(to)
            }
            Move::Drop { .. } if drop_phase => match self.rules.drop_captures {
                DropCaptures::Yes => self.captures_after(mv.destinations()) & self.men(!me),
                DropCaptures::No => Bitboard::EMPTY,
            },
            _ => self.captures_after(mv.destinations()),
        };
        if captured.any() {
            self.men.black = self.men.black - captured;
            self.men.white = self.men.white - captured;
            self.kings = self.kings - captured;
            self.halfmoves = 0;
        } else if drop_phase && self.rules.drop_captures == DropCaptures::No {
            // RULES §10.3: nothing can be captured while dropping, so the 50-move count
            // does not run; it starts with the first ordinary move.
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
            OwnManCapture::Never => theirs,
            OwnManCapture::Suicide => {
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
        if let Some(loser) = self.hopeless_side() {
            return Some(Outcome::win(!loser, EndReason::Hopeless));
        }
        if self.halfmoves >= FIFTY_MOVE_PLIES {
            return Some(Outcome::draw(EndReason::FiftyMoves));
        }
        None
    }

    /// Whether the game has ended on this position (king captured, the hopeless side or
    /// the 50-move rule), so that no move may be played.
    pub(crate) fn is_closed(&self) -> bool {
        self.king_captured(Side::Black)
            || self.king_captured(Side::White)
            || self.halfmoves >= FIFTY_MOVE_PLIES
            || self.hopeless_side().is_some()
    }

    /// The side that loses by RULES §10.4 (`hopeless=resign`): it is in the hopeless
    /// shape ([`Position::in_hopeless_shape`]) and the enemy king is safe
    /// ([`Position::safe_king_ring`]). When both sides are so, the side to move.
    pub fn hopeless_side(&self) -> Option<Side> {
        [self.turn, !self.turn]
            .into_iter()
            .find(|&s| self.in_hopeless_shape(s) && self.safe_king_ring(!s).is_some())
    }

    /// Whether `side` is in the shape RULES §10.4 makes hopeless under `hopeless=resign`:
    /// its king and at most two pawns on the board, and nothing in hand.
    pub fn in_hopeless_shape(&self, side: Side) -> bool {
        self.rules.hopeless == Hopeless::Resign
            && self.king(side).is_some()
            && self.hand[side].is_empty()
            && self.men(side).count() <= 3
    }

    /// The four cells around `side`'s king when they make it safe by RULES §10.4: all
    /// of them exist and none holds a man of `side`.
    pub fn safe_king_ring(&self, side: Side) -> Option<Bitboard> {
        let around = Bitboard::from_cell(self.king(side)?).neighbours();
        ((around & self.board().cells()).count() == 4 && !around.intersects(self.men(side)))
            .then_some(around)
    }
}

/// Cells of `men` with enemy men on both sides along a rank or a file.
#[inline]
pub(crate) fn trapped_between(men: Bitboard, enemy: Bitboard) -> Bitboard {
    men & ((enemy.east() & enemy.west()) | (enemy.north() & enemy.south()))
}

/// Cells of `men` whose run of men along a rank or a file has an enemy man just beyond
/// each end (RULES §10.1).
#[inline]
pub(crate) fn trapped_in_line(men: Bitboard, enemy: Bitboard) -> Bitboard {
    // The men reached by walking from an enemy man over men in one direction: their run
    // has an enemy man at the end they were reached from.
    let reached = |dir: fn(Bitboard) -> Bitboard| {
        let mut found = dir(enemy) & men;
        loop {
            let more = found | (dir(found) & men);
            if more == found {
                return found;
            }
            found = more;
        }
    };
    (reached(Bitboard::east) & reached(Bitboard::west))
        | (reached(Bitboard::north) & reached(Bitboard::south))
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
    /// A position from its parts: every man with its cell, the men in hand, the side to
    /// move, plies since the last capture and the move number. Checked like position text.
    pub fn from_parts(
        rules: RuleSet,
        placement: &[(Cell, Man)],
        hand: BySide<Hand>,
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
        Position::assemble(rules, men, kings, hand, turn, [halfmoves, fullmoves])
    }

    /// The checks shared by every way of building a position.
    pub(crate) fn assemble(
        rules: RuleSet,
        men: BySide<Bitboard>,
        kings: Bitboard,
        hand: BySide<Hand>,
        turn: Side,
        [halfmoves, fullmoves]: [u32; 2],
    ) -> Result<Position, PositionError> {
        let drops = rules.opening == Opening::Drops;
        let holding = !hand.black.is_empty() || !hand.white.is_empty();
        if holding && !rules.kings_dropped() {
            return Err(PositionError::NoDrops);
        }
        if !rules.has_kings() && (kings.any() || hand.black.king || hand.white.king) {
            return Err(PositionError::NoKings);
        }
        for side in Side::BOTH {
            let own_kings = (kings & men[side]).count();
            if own_kings > 1 {
                return Err(PositionError::TwoKings(side));
            }
            if hand[side].king && own_kings > 0 {
                return Err(PositionError::KingTwice(side));
            }
            if hand[side].pawns > 0 {
                if !drops {
                    return Err(PositionError::PawnsInHand);
                }
                if hand[side].pawns > rules.men_in_hand() {
                    return Err(PositionError::HandTooBig {
                        side,
                        pawns: hand[side].pawns,
                        men: rules.men_in_hand(),
                    });
                }
                if rules.has_kings() && !hand[side].king {
                    return Err(PositionError::KingBeforePawns(side));
                }
            }
        }
        // The drop opening's turns alternate from equal hands (RULES §10.3).
        let (b, w) = (hand.black.count(), hand.white.count());
        let alternate = match turn {
            Side::Black => b == w,
            Side::White => w == b + 1 || (b == 0 && w == 0),
        };
        if drops && !alternate {
            return Err(PositionError::UnevenHands {
                turn,
                black: b,
                white: w,
            });
        }
        // Nor does the 50-move count run while dropping without captures.
        if drops && holding && rules.drop_captures == DropCaptures::No && halfmoves != 0 {
            return Err(PositionError::QuietDropCount(halfmoves));
        }
        let mut pos = Position {
            rules,
            men,
            kings,
            hand,
            turn,
            halfmoves,
            fullmoves,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }
}
