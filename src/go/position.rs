//! A position of Go with chess pieces: placement, side to move, captures, passes, the ko
//! field and the move number (GO_RULES §5), and its moves (§3). Which pieces live (§2)
//! is in `life.rs`, the score (§4) in `score.rs`, the text form in `position_text.rs`.

use std::ops::ControlFlow;

use thiserror::Error;

use super::bits::{Bits, CELLS, Cell};
use super::geometry::Geometry;
use super::moves::{CellList, Move, MoveSpec, MoveText, Written};
use super::piece::{Kind, Piece, PieceSet};
use super::rules::Rules;
use crate::common::Side;

/// Distinct pieces: side × kind.
const PIECE_CODES: usize = 2 * Kind::COUNT;

/// Zobrist keys of the placement: one per cell and piece (side × kind).
static ZOBRIST: [[u64; PIECE_CODES]; CELLS] = {
    let mut keys = [[0u64; PIECE_CODES]; CELLS];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut c = 0;
    while c < CELLS {
        let mut p = 0;
        while p < PIECE_CODES {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            keys[c][p] = z ^ (z >> 31);
            p += 1;
        }
        c += 1;
    }
    keys
};

/// Why a move cannot be played here.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("{} are not in this game's set", .0.plural())]
    NotInSet(Kind),
    #[error("{0} is not on the board")]
    OffBoard(Cell),
    #[error("{0} is not a playable cell ({note})", note = .1.playable_note())]
    NotPlayable(Cell, PieceSet),
    #[error("{0} is occupied")]
    Occupied(Cell),
    #[error("{0} retakes the ko at once")]
    Ko(Cell),
    #[error("{0} repeats an earlier position (superko)")]
    Superko(Written),
    #[error("the drop at {0} would be dead")]
    DropDead(Cell),
    #[error("the piece moved to {0} would be dead")]
    MoveDead(Cell),
    #[error("{mv} would leave the piece on {dead} dead")]
    LeavesDead { mv: Written, dead: Cell },
    #[error("pieces do not move in this game (the option moving pieces is off)")]
    MovingOff,
    #[error("there is no piece of the side to move on {0}")]
    NoPiece(Cell),
    #[error("the {kind} on {from} cannot move to {to}")]
    CannotMove { kind: Kind, from: Cell, to: Cell },
    #[error("{0}: name the kind to drop (the set has several: {1})")]
    KindNeeded(Cell, PieceSet),
    #[error("the move captures {actual}, not {given}")]
    WrongCaptures { actual: CellList, given: CellList },
}

/// A position. Small and `Copy`: the placement is a 361-byte mailbox plus one mask per side.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub(super) rules: Rules,
    pub(super) geo: Geometry,
    /// 0 for an empty cell, else 1 + side × 10 + kind ([`Piece::code`]).
    pub(super) board: [u8; CELLS],
    pub(super) occ: [Bits; 2],
    pub(super) turn: Side,
    pub(super) captures: [u32; 2],
    pub(super) passes: u8,
    pub(super) ko: Option<(Kind, Cell)>,
    pub(super) fullmoves: u32,
    pub(super) hash: u64,
    /// False once a move has been played: then no piece on the board is dead, which lets
    /// Go with rooks look only around the cell played.
    pub(super) dead_possible: bool,
}

impl PartialEq for Position {
    fn eq(&self, o: &Position) -> bool {
        self.rules == o.rules
            && self.board == o.board
            && self.turn == o.turn
            && self.captures == o.captures
            && self.passes == o.passes
            && self.ko == o.ko
            && self.fullmoves == o.fullmoves
    }
}

/// A move played: the position after it and the pieces it captured.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    pub position: Position,
    pub captured: Bits,
}

impl Position {
    /// The empty board, Black to move.
    pub fn new(rules: Rules) -> Position {
        Position {
            rules,
            geo: Geometry::new(rules.board, rules.pieces),
            board: [0; CELLS],
            occ: [Bits::EMPTY; 2],
            turn: Side::Black,
            captures: [0; 2],
            passes: 0,
            ko: None,
            fullmoves: 1,
            hash: 0,
            dead_possible: false,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    pub fn turn(&self) -> Side {
        self.turn
    }

    pub fn captures(&self, side: Side) -> u32 {
        self.captures[side.index()]
    }

    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The drop basic ko forbids now.
    pub fn ko(&self) -> Option<(Kind, Cell)> {
        self.ko
    }

    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash of the placement alone (what superko and repetition compare).
    pub fn placement_hash(&self) -> u64 {
        self.hash
    }

    /// Whether two positions have the same placement.
    pub fn same_placement(&self, o: &Position) -> bool {
        self.board == o.board
    }

    pub fn pieces(&self, side: Side) -> Bits {
        self.occ[side.index()]
    }

    pub fn occupied(&self) -> Bits {
        self.occ[0] | self.occ[1]
    }

    /// Empty playable cells.
    pub fn empty(&self) -> Bits {
        self.geo.playable & !self.occupied()
    }

    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        match self.board.get(cell.index()).copied().unwrap_or(0) {
            0 => None,
            v => Some(Piece::from_code((v - 1) as usize)),
        }
    }

    /// The game has ended by two passes in a row.
    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    #[inline]
    pub(super) fn put(&mut self, cell: Cell, piece: Piece) {
        self.board[cell.index()] = piece.code() as u8 + 1;
        self.occ[piece.side.index()].insert(cell);
        self.hash ^= ZOBRIST[cell.index()][piece.code()];
    }

    #[inline]
    fn take(&mut self, cell: Cell) {
        if let Some(piece) = self.piece_at(cell) {
            self.board[cell.index()] = 0;
            self.occ[piece.side.index()].remove(cell);
            self.hash ^= ZOBRIST[cell.index()][piece.code()];
        }
    }

    /// Places a piece on a cell, for setting up positions by hand (no rule is checked;
    /// the placement may then hold dead pieces).
    pub fn set_piece(&mut self, cell: Cell, piece: Option<Piece>) {
        if !self.geo.cells.contains(cell) {
            return;
        }
        self.take(cell);
        if let Some(p) = piece {
            self.put(cell, p);
        }
        self.ko = None;
        self.dead_possible = true;
    }

    /// Sets the side to move, for setting up positions (SGF's `PL`, GTP's handicap); the
    /// ko field is cleared.
    pub fn set_turn(&mut self, side: Side) {
        self.turn = side;
        self.ko = None;
    }

    /// Whether `mv` is well-formed here (kind in set, cells on the board, the piece
    /// there), before the capture and life rules.
    fn check_shape(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let all = self.occupied();
        match mv {
            Move::Pass => Ok(()),
            Move::Drop { kind, cell } => {
                if !self.rules.pieces.contains(kind) {
                    Err(IllegalMove::NotInSet(kind))
                } else if !self.geo.cells.contains(cell) {
                    Err(IllegalMove::OffBoard(cell))
                } else if !self.geo.playable.contains(cell) {
                    Err(IllegalMove::NotPlayable(cell, self.rules.pieces))
                } else if all.contains(cell) {
                    Err(IllegalMove::Occupied(cell))
                } else if self.ko == Some((kind, cell)) {
                    Err(IllegalMove::Ko(cell))
                } else {
                    Ok(())
                }
            }
            Move::Step { from, to } => {
                for c in [from, to] {
                    if !self.geo.cells.contains(c) {
                        return Err(IllegalMove::OffBoard(c));
                    }
                }
                if !self.rules.moving {
                    return Err(IllegalMove::MovingOff);
                }
                let piece = self
                    .piece_at(from)
                    .filter(|p| p.side == self.turn)
                    .ok_or(IllegalMove::NoPiece(from))?;
                if all.contains(to) {
                    return Err(IllegalMove::Occupied(to));
                }
                if !self
                    .geo
                    .moves(piece.kind, self.turn, from, &all)
                    .contains(to)
                {
                    return Err(IllegalMove::CannotMove {
                        kind: piece.kind,
                        from,
                        to,
                    });
                }
                Ok(())
            }
        }
    }

    /// Plays a move, checking every rule of the position (superko and the repetition
    /// draw need the game's history: [`super::Game`]).
    pub fn play(&self, mv: Move) -> Result<Played, IllegalMove> {
        self.check_shape(mv)?;
        self.play_checked_shape(mv)
    }

    /// [`Position::play`] judging every drop on the whole board, without the local
    /// shortcut of the general engine: what the tests compare the shortcut with.
    #[doc(hidden)]
    pub fn play_whole_board(&self, mv: Move) -> Result<Played, IllegalMove> {
        self.check_shape(mv)?;
        self.play_with(mv, false)
    }

    fn play_checked_shape(&self, mv: Move) -> Result<Played, IllegalMove> {
        self.play_with(mv, true)
    }

    fn play_with(&self, mv: Move, shortcuts: bool) -> Result<Played, IllegalMove> {
        let mut next = *self;
        let captured = match mv {
            Move::Pass => {
                next.passes = (next.passes + 1).min(2);
                next.ko = None;
                Bits::EMPTY
            }
            Move::Drop { kind, cell } => {
                next.put(cell, Piece::new(self.turn, kind));
                let captured = next.resolve_with(cell, mv, shortcuts)?;
                next.passes = 0;
                next.ko = None;
                if captured.count() == 1
                    && let Some(c) = captured.first()
                    && let Some(p) = self.piece_at(c)
                {
                    next.ko = next.retake_forbidden(p.kind, c, self);
                }
                captured
            }
            Move::Step { from, to } => {
                let piece = self.piece_at(from).ok_or(IllegalMove::NoPiece(from))?;
                next.take(from);
                next.put(to, piece);
                let captured = next.resolve(to, mv)?;
                next.passes = 0;
                next.ko = None;
                captured
            }
        };
        next.end_turn();
        Ok(Played {
            position: next,
            captured,
        })
    }

    fn end_turn(&mut self) {
        if self.turn == Side::White {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
    }

    /// After the mover's piece has landed on `cell`: removes the opponent's dead pieces
    /// and refuses the move if any of the mover's is dead (GO_RULES §3).
    fn resolve(&mut self, cell: Cell, mv: Move) -> Result<Bits, IllegalMove> {
        self.resolve_with(cell, mv, true)
    }

    fn resolve_with(&mut self, cell: Cell, mv: Move, shortcuts: bool) -> Result<Bits, IllegalMove> {
        let me = self.turn;
        let them = !me;
        // Sets that play as Go does (rooks, wazirs; bishops, dabbabas or alfils alone):
        // groups joined by their adjacency, alive exactly when they have an empty
        // neighbour (`PieceSet::go_adjacency`).
        let go = self
            .rules
            .pieces
            .go_adjacency()
            .filter(|_| !self.dead_possible);
        if shortcuts
            && !self.dead_possible
            && go.is_none()
            && let Move::Drop { .. } = mv
        {
            match self.quiet_drop(cell) {
                Some(true) => return Ok(Bits::EMPTY),
                Some(false) => return Err(IllegalMove::DropDead(cell)),
                None => {}
            }
        }
        let captured = if let Some(adj) = go {
            // Only groups next to the cell played can have lost their last liberty.
            let theirs = self.occ[them.index()];
            let empty = self.empty();
            let mut dead = Bits::EMPTY;
            for n in Bits::from_cell(cell).adjacent(adj) & theirs {
                if dead.contains(n) {
                    continue;
                }
                let group = Bits::from_cell(n).flood_by(theirs, adj);
                if (group.adjacent(adj) & empty).is_empty() {
                    dead |= group;
                }
            }
            dead
        } else {
            self.dead(them)
        };
        for c in captured {
            self.take(c);
        }
        let own_dead = if let Some(adj) = go {
            let own = self.occ[me.index()];
            let group = Bits::from_cell(cell).flood_by(own, adj);
            if (group.adjacent(adj) & self.empty()).is_empty() {
                group
            } else {
                Bits::EMPTY
            }
        } else {
            self.dead(me)
        };
        if own_dead.contains(cell) {
            return Err(match mv {
                Move::Step { .. } => IllegalMove::MoveDead(cell),
                _ => IllegalMove::DropDead(cell),
            });
        }
        if let Some(dead) = own_dead.first() {
            return Err(IllegalMove::LeavesDead {
                mv: Written(mv, self.rules.pieces),
                dead,
            });
        }
        self.captures[me.index()] = self.captures[me.index()].saturating_add(captured.count());
        self.dead_possible = false;
        Ok(captured)
    }

    /// Judges the drop just put on `x` (on a board where nothing was dead) from the
    /// pieces it touches alone, when it captures nothing: `Some(true)` every piece stays
    /// alive, `Some(false)` the dropped piece is dead (the drop is illegal), `None` "judge
    /// the whole board". A drop only takes an empty cell away: the pieces that lose a
    /// destination or a defence link are those that had `x` among their targets (its
    /// sources; with sliders, every line through `x`) and the maos whose leg is `x` (on
    /// its orthogonal neighbours). Every other piece keeps its destinations and links,
    /// so it stays alive when the touched pieces do: the chain that kept it alive holds
    /// up to the first touched piece (GO_RULES §2). When every touched opponent piece is
    /// still alive, nothing is captured; an own source of `x` then defends the dropped
    /// piece, so it lives when that piece does.
    fn quiet_drop(&self, x: Cell) -> Option<bool> {
        let me = self.turn;
        let all = self.occupied();
        let mut touched = true;
        for kind in self.rules.pieces.kinds() {
            self.geo.for_each_source(kind, !me, x, &all, |s| {
                if touched && self.piece_at(s) == Some(Piece::new(!me, kind)) {
                    touched = self.lives(!me, s, &all) == Some(true);
                }
            });
        }
        let maos = if self.rules.pieces.contains(Kind::Mao) {
            Bits::from_cell(x).neighbours() & all & self.geo.cells
        } else {
            Bits::EMPTY
        };
        for n in maos & self.occ[(!me).index()] {
            if touched && self.piece_at(n).is_some_and(|p| p.kind == Kind::Mao) {
                touched = self.lives(!me, n, &all) == Some(true);
            }
        }
        if !touched {
            return None;
        }
        // Nothing is captured: the dropped piece lives or dies by the board as it is.
        if !self.lives(me, x, &all)? {
            return Some(false);
        }
        for n in maos & self.occ[me.index()] {
            if self.piece_at(n).is_some_and(|p| p.kind == Kind::Mao)
                && self.lives(me, n, &all) != Some(true)
            {
                return None;
            }
        }
        Some(true)
    }

    /// Whether the piece of `side` on `from` is alive: whether a chain of its friends,
    /// each defending the next, ends at one that can move (GO_RULES §2), searched from
    /// it; `None` when the search is too wide to finish here.
    fn lives(&self, side: Side, from: Cell, all: &Bits) -> Option<bool> {
        let own = self.occ[side.index()];
        let mut seen = Bits::from_cell(from);
        let mut stack = [from; 64];
        let mut n = 1;
        while n > 0 {
            n -= 1;
            let c = stack[n];
            let Some(p) = self.piece_at(c) else {
                continue;
            };
            let mut found = false;
            let mut full = false;
            let _ = self.geo.try_targets(p.kind, side, c, all, |t| {
                if !all.contains(t) {
                    if self.geo.playable.contains(t) {
                        found = true;
                        return ControlFlow::Break(());
                    }
                } else if own.contains(t) && !seen.contains(t) {
                    if n == stack.len() {
                        full = true;
                        return ControlFlow::Break(());
                    }
                    seen.insert(t);
                    stack[n] = t;
                    n += 1;
                }
                ControlFlow::Continue(())
            });
            if found {
                return Some(true);
            }
            if full {
                return None;
            }
        }
        Some(false)
    }

    /// The retake (`kind` on `cell`, by the side to move after this drop) if it would
    /// bring back the placement `before` (GO_RULES §3, ko).
    fn retake_forbidden(&self, kind: Kind, cell: Cell, before: &Position) -> Option<(Kind, Cell)> {
        let mut trial = *self;
        trial.turn = !self.turn;
        trial.put(cell, Piece::new(trial.turn, kind));
        trial.resolve(cell, Move::Drop { kind, cell }).ok()?;
        trial.same_placement(before).then_some((kind, cell))
    }

    /// Calls `f` with every legal move, the position after it and its captures (the
    /// pass last), allocation-free. Nothing when the game is over.
    pub fn for_each_legal_move(&self, mut f: impl FnMut(Move, &Played)) {
        if self.is_over() {
            return;
        }
        let empty = self.empty();
        for cell in empty {
            for kind in self.rules.pieces.kinds() {
                if self.ko == Some((kind, cell)) {
                    continue;
                }
                let mv = Move::Drop { kind, cell };
                if let Ok(played) = self.play_checked_shape(mv) {
                    f(mv, &played);
                }
            }
        }
        if self.rules.moving {
            let all = self.occupied();
            for from in self.occ[self.turn.index()] {
                let Some(p) = self.piece_at(from) else {
                    continue;
                };
                for to in self.geo.moves(p.kind, self.turn, from, &all) {
                    let mv = Move::Step { from, to };
                    if let Ok(played) = self.play_checked_shape(mv) {
                        f(mv, &played);
                    }
                }
            }
        }
        let pass = Move::Pass;
        if let Ok(played) = self.play_checked_shape(pass) {
            f(pass, &played);
        }
    }

    /// Every legal move (a convenience over [`Position::for_each_legal_move`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.for_each_legal_move(|m, _| out.push(m));
        out
    }

    /// Whether a drop of a set that plays as Go does (rooks, wazirs; bishops, dabbabas
    /// or alfils alone) is legal, without building the next position: the fast test of
    /// random playouts. Other sets and moves go through [`Position::play`].
    #[inline]
    pub fn is_legal_drop(&self, kind: Kind, cell: Cell) -> bool {
        let Some(adj) = self
            .rules
            .pieces
            .go_adjacency()
            .filter(|_| !self.dead_possible)
        else {
            return self.play(Move::Drop { kind, cell }).is_ok();
        };
        if self.is_over()
            || !self.rules.pieces.contains(kind)
            || !self.empty().contains(cell)
            || self.ko == Some((kind, cell))
        {
            return false;
        }
        let me = Bits::from_cell(cell);
        let around = me.adjacent(adj);
        let empty = self.empty() & !me;
        if (around & empty).any() {
            return true;
        }
        let theirs = self.occ[(!self.turn).index()];
        for n in around & theirs {
            if (Bits::from_cell(n).flood_by(theirs, adj).adjacent(adj) & empty).is_empty() {
                return true;
            }
        }
        let own = self.occ[self.turn.index()] | me;
        (me.flood_by(own, adj).adjacent(adj) & empty).any()
    }

    /// Resolves a written move against this position: the kind of a bare drop, and the
    /// captures compared as a set.
    pub fn parse_move(&self, text: &MoveText) -> Result<Move, IllegalMove> {
        let mv = match text.spec {
            MoveSpec::Pass => Move::Pass,
            MoveSpec::Step { from, to } => Move::Step { from, to },
            MoveSpec::Drop {
                kind: Some(kind),
                cell,
            } => Move::Drop { kind, cell },
            MoveSpec::Drop { kind: None, cell } => match self.rules.pieces.single() {
                Some(kind) => Move::Drop { kind, cell },
                None => return Err(IllegalMove::KindNeeded(cell, self.rules.pieces)),
            },
        };
        Ok(mv)
    }

    /// Plays a written move: [`Position::play`] plus the check of its capture list.
    pub fn play_text(&self, text: &MoveText) -> Result<(Move, Played), IllegalMove> {
        let mv = self.parse_move(text)?;
        let played = self.play(mv)?;
        if let Some(given) = text.captures
            && given != played.captured
        {
            return Err(IllegalMove::WrongCaptures {
                actual: CellList(played.captured),
                given: CellList(given),
            });
        }
        Ok((mv, played))
    }

    /// The canonical text of a legal move, captures included.
    pub fn move_text(&self, mv: Move) -> String {
        let captured = self.play(mv).map(|p| p.captured).unwrap_or_default();
        mv.text_with_captures(self.rules.pieces, captured)
    }
}
