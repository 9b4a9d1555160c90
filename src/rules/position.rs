//! A Chogo position: men on the board, kings in hand, side to move and counters.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use super::{Bitboard, Board, Cell, Man, Move, Role, RuleSet, Side, zobrist};

/// Plies without a capture after which the game is drawn (RULES §6.3).
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// A position under a rule set. Cheap to copy; every move makes a new one.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    rules: RuleSet,
    men: [Bitboard; 2],
    kings: Bitboard,
    in_hand: [bool; 2],
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
        let mut men = [
            rules.start_pawns(Side::Black),
            rules.start_pawns(Side::White),
        ];
        let mut kings = Bitboard::EMPTY;
        let dropped = rules.kings_dropped();
        if !dropped {
            for side in Side::BOTH {
                let cell = rules.board.fixed_king_cell(side);
                men[side.index()].insert(cell);
                kings.insert(cell);
            }
        }
        let mut pos = Position {
            rules,
            men,
            kings,
            in_hand: [dropped, dropped],
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
        self.men[side.index()]
    }

    /// Both kings on the board.
    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.kings
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.men[0] | self.men[1]
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
        self.in_hand[side.index()]
    }

    /// A king neither on the board nor in hand has been captured (RULES §8).
    pub fn king_captured(&self, side: Side) -> bool {
        !self.in_hand[side.index()] && self.king(side).is_none()
    }

    /// Whether the side to move must drop its king (RULES §2).
    pub fn is_drop_phase(&self) -> bool {
        self.in_hand[self.turn.index()]
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
        pos.men[0] = pos.men[0] - men;
        pos.men[1] = pos.men[1] - men;
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
            if self.in_hand[side.index()] {
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
        let mine = &mut self.men[me.index()];
        match mv {
            Move::KingDrop { to } => {
                mine.insert(to);
                self.kings.insert(to);
                self.in_hand[me.index()] = false;
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
            self.men[0] = self.men[0] - captured;
            self.men[1] = self.men[1] - captured;
            self.kings = self.kings - captured;
            self.halfmoves = 0;
        } else {
            self.halfmoves += 1;
        }
        if me == Side::White {
            self.fullmoves += 1;
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

    /// The position text of RULES §8.
    pub fn to_text(&self) -> String {
        self.to_string()
    }

    /// Parses position text under a rule set.
    pub fn from_text(text: &str, rules: RuleSet) -> Result<Position, PositionError> {
        parse_position(text, rules)
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

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        for rank in (0..board.ranks()).rev() {
            let mut empties = 0;
            for file in 0..board.files() {
                let cell = Cell::new(file, rank);
                let c = if !board.contains(cell) {
                    Some('#')
                } else {
                    self.man_at(cell).map(Man::char)
                };
                match c {
                    None => empties += 1,
                    Some(c) => {
                        if empties > 0 {
                            write!(f, "{empties}")?;
                            empties = 0;
                        }
                        write!(f, "{c}")?;
                    }
                }
            }
            if empties > 0 {
                write!(f, "{empties}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        if self.in_hand.iter().any(|&h| h) {
            f.write_str("[")?;
            if self.in_hand[Side::White.index()] {
                f.write_str("K")?;
            }
            if self.in_hand[Side::Black.index()] {
                f.write_str("k")?;
            }
            f.write_str("]")?;
        }
        write!(
            f,
            " {} {} {}",
            self.turn.char(),
            self.halfmoves,
            self.fullmoves
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error(
        "position text needs 4 fields (placement, side to move, plies since capture, move number); found {0}"
    )]
    Fields(usize),
    #[error("the board has {expected} ranks but the placement has {found}")]
    RankCount { expected: u8, found: usize },
    #[error("rank {rank} has {found} cells; the board has {expected} files")]
    RankLength {
        rank: u8,
        expected: u8,
        found: usize,
    },
    #[error("'{ch}' in rank {rank} is not a man (p k P K), a missing cell (#) or a count")]
    BadChar { ch: char, rank: u8 },
    #[error("{0} does not exist on this board, so the placement must show # there")]
    MissingCellExpected(Cell),
    #[error("{0} is a cell of this board, but the placement shows # there")]
    NotMissing(Cell),
    #[error("{0} is not on this board")]
    OffBoard(Cell),
    #[error("two men on {0}")]
    TwoMen(Cell),
    #[error("bad kings-in-hand field '{0}' (expected [Kk], [K] or [k])")]
    Hand(String),
    #[error("{0} has more than one king")]
    TwoKings(Side),
    #[error("{0}'s king is both on the board and in hand")]
    KingTwice(Side),
    #[error("these rules have no king drop, so no king can be in hand")]
    NoDrops,
    #[error("side to move must be b or w, not '{0}'")]
    Turn(String),
    #[error("'{0}' is not a number of plies since the last capture")]
    Halfmoves(String),
    #[error("'{0}' is not a move number (1 or more)")]
    Fullmoves(String),
}

fn parse_position(text: &str, rules: RuleSet) -> Result<Position, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 4 {
        return Err(PositionError::Fields(fields.len()));
    }
    let board = rules.board;
    let (placement, hand) = match fields[0].find('[') {
        Some(i) => (&fields[0][..i], Some(&fields[0][i..])),
        None => (fields[0], None),
    };
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != board.ranks() as usize {
        return Err(PositionError::RankCount {
            expected: board.ranks(),
            found: rows.len(),
        });
    }
    let mut men = [Bitboard::EMPTY; 2];
    let mut kings = Bitboard::EMPTY;
    for (i, row) in rows.iter().enumerate() {
        let rank = board.ranks() - 1 - i as u8;
        let mut file: usize = 0;
        let mut chars = row.chars().peekable();
        let mut place = |file: usize, c: Option<char>| -> Result<(), PositionError> {
            if file >= board.files() as usize {
                return Ok(()); // counted; reported as a length error below
            }
            let cell = Cell::new(file as u8, rank);
            let exists = board.contains(cell);
            match c {
                Some('#') if exists => Err(PositionError::NotMissing(cell)),
                Some('#') => Ok(()),
                _ if !exists => Err(PositionError::MissingCellExpected(cell)),
                None => Ok(()),
                Some(ch) => {
                    let man =
                        Man::from_char(ch).ok_or(PositionError::BadChar { ch, rank: rank + 1 })?;
                    if man.role == Role::King {
                        if (kings & men[man.side.index()]).any() {
                            return Err(PositionError::TwoKings(man.side));
                        }
                        kings.insert(cell);
                    }
                    men[man.side.index()].insert(cell);
                    Ok(())
                }
            }
        };
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d as usize;
                while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n * 10 + d2 as usize;
                    chars.next();
                    if n > 99 {
                        break;
                    }
                }
                if n == 0 {
                    return Err(PositionError::BadChar {
                        ch: c,
                        rank: rank + 1,
                    });
                }
                for _ in 0..n {
                    place(file, None)?;
                    file += 1;
                }
            } else {
                if c != '#' && Man::from_char(c).is_none() {
                    return Err(PositionError::BadChar {
                        ch: c,
                        rank: rank + 1,
                    });
                }
                place(file, Some(c))?;
                file += 1;
            }
        }
        if file != board.files() as usize {
            return Err(PositionError::RankLength {
                rank: rank + 1,
                expected: board.files(),
                found: file,
            });
        }
    }
    let mut in_hand = [false; 2];
    if let Some(hand) = hand {
        let inner = hand
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .filter(|h| matches!(*h, "Kk" | "K" | "k"))
            .ok_or_else(|| PositionError::Hand(hand.to_string()))?;
        in_hand[Side::White.index()] = inner.contains('K');
        in_hand[Side::Black.index()] = inner.contains('k');
    }
    let turn = match fields[1] {
        "b" => Side::Black,
        "w" => Side::White,
        other => return Err(PositionError::Turn(other.to_string())),
    };
    let halfmoves: u32 = fields[2]
        .parse()
        .ok()
        .filter(|&n| n <= 100_000)
        .ok_or_else(|| PositionError::Halfmoves(fields[2].to_string()))?;
    let fullmoves: u32 = fields[3]
        .parse()
        .ok()
        .filter(|&n| (1..=1_000_000).contains(&n))
        .ok_or_else(|| PositionError::Fullmoves(fields[3].to_string()))?;
    Position::assemble(rules, men, kings, in_hand, turn, [halfmoves, fullmoves])
}

impl Position {
    /// A position from its parts: every man with its cell, the kings in hand, the side to
    /// move, plies since the last capture and the move number. Checked like position text.
    pub fn from_parts(
        rules: RuleSet,
        placement: &[(Cell, Man)],
        in_hand: [bool; 2],
        turn: Side,
        halfmoves: u32,
        fullmoves: u32,
    ) -> Result<Position, PositionError> {
        let mut men = [Bitboard::EMPTY; 2];
        let mut kings = Bitboard::EMPTY;
        for &(cell, man) in placement {
            if !rules.board.contains(cell) {
                return Err(PositionError::OffBoard(cell));
            }
            if (men[0] | men[1]).contains(cell) {
                return Err(PositionError::TwoMen(cell));
            }
            men[man.side.index()].insert(cell);
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
    fn assemble(
        rules: RuleSet,
        men: [Bitboard; 2],
        kings: Bitboard,
        in_hand: [bool; 2],
        turn: Side,
        [halfmoves, fullmoves]: [u32; 2],
    ) -> Result<Position, PositionError> {
        if in_hand.iter().any(|&h| h) && !rules.kings_dropped() {
            return Err(PositionError::NoDrops);
        }
        for side in Side::BOTH {
            let own_kings = (kings & men[side.index()]).count();
            if own_kings > 1 {
                return Err(PositionError::TwoKings(side));
            }
            if in_hand[side.index()] && own_kings > 0 {
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

/// Position text under Chogo-44 rules; use [`Position::from_text`] for other rules.
impl FromStr for Position {
    type Err = PositionError;
    fn from_str(s: &str) -> Result<Position, PositionError> {
        Position::from_text(s, RuleSet::default())
    }
}

/// Serialised as `{"rules": "<rule text>", "position": "<position text>"}`.
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Position", 2)?;
        st.serialize_field("rules", &self.rules)?;
        st.serialize_field("position", &self.to_string())?;
        st.end()
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        #[derive(Deserialize)]
        struct Text {
            rules: RuleSet,
            position: String,
        }
        let t = Text::deserialize(d)?;
        Position::from_text(&t.position, t.rules).map_err(serde::de::Error::custom)
    }
}
