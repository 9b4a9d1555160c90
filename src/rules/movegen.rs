//! Legal move generation and move checking (RULES §2, §4, §7).

use smallvec::SmallVec;
use thiserror::Error;

use super::{
    Bitboard, Cell, Fortress, KingPower, Move, Opening, PartTrappedTandem, Position, Rect, Side,
};

/// A list of moves; stays on the stack for all but extraordinary positions.
pub type MoveList = SmallVec<[Move; 256]>;

const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Why a move cannot be played, in words a player can read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalMove {
    #[error("the game is over")]
    GameOver,
    #[error("{0} is not on this board")]
    OffBoard(Cell),
    #[error("{0} must drop its king first")]
    MustDrop(Side),
    #[error("the drop phase: only drops until both hands are empty")]
    DropPhaseOnly,
    #[error("{0}'s king is not in hand")]
    NoKingInHand(Side),
    #[error("{0} has no man in hand")]
    NothingInHand(Side),
    #[error("no-hiding: every man of yours is secure before and after this move")]
    NoHiding,
    #[error("{from} to {to} is not a knight's leap")]
    NotKnightLeap { from: Cell, to: Cell },
    #[error("a reposition moves an enemy man; the man on {0} is yours")]
    RepositionOwn(Cell),
    #[error("{side} may drop its king only on ranks {from}–{to}")]
    OutsideDropZone { side: Side, from: u8, to: u8 },
    #[error("{0} is occupied")]
    Occupied(Cell),
    #[error("there is no man on {0}")]
    NoMan(Cell),
    #[error("the man on {cell} is {owner}'s; it is {turn}'s move")]
    NotYourMan { cell: Cell, owner: Side, turn: Side },
    #[error("{cell} is trapped between {a} and {b} and cannot move alone")]
    Trapped { cell: Cell, a: Cell, b: Cell },
    #[error("a move of zero cells does not exist")]
    ZeroMove,
    #[error("men move along a file or a rank, not {}", from_to(*.0))]
    NotStraight(Move),
    #[error("a king moving alone steps one cell")]
    KingStep,
    #[error("the way is blocked at {0}")]
    Blocked(Cell),
    #[error("{rect} is not a solid block of {side}'s men: {cell} is not one")]
    NotSolid { rect: Rect, side: Side, cell: Cell },
    #[error("the two rectangles of a tandem must have the same shape")]
    ShapeMismatch,
    #[error("every man of {0} is trapped, so the block cannot move")]
    AllTrapped(Rect),
    #[error("a tandem with a trapped man moves one cell only")]
    OneCellOnly,
    #[error("no {}: {why}", .rule.move_name())]
    NoMoleDrop {
        rule: Fortress,
        why: super::NoMoleDrop,
    },
    #[error("{cell} is not in a city of {side}")]
    NotInCity { cell: Cell, side: Side },
    #[error("the move captures {}, not {}", cell_list(*.actual), cell_list(*.written))]
    CaptureMismatch { actual: Bitboard, written: Bitboard },
}

/// `from b3 to c4`, for a move that is not straight.
fn from_to(mv: Move) -> String {
    match mv {
        Move::Drop { to } => format!("to {to}"),
        Move::Single { from, to } | Move::MoleDrop { from, to } => format!("from {from} to {to}"),
        Move::Tandem { from, to } => format!("from {from} to {to}"),
    }
}

/// `a4 c5`, or `nothing`.
fn cell_list(cells: Bitboard) -> String {
    if cells.is_empty() {
        "nothing".to_string()
    } else {
        cells.map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
    }
}

impl Rect {
    /// The rectangle moved by whole cells, for callers that know it stays in the layout.
    #[inline]
    fn shifted(self, df: i32, dr: i32) -> Rect {
        let delta = dr * 12 + df;
        Rect {
            min: Cell::from_index((self.min.index() as i32 + delta) as u8),
            max: Cell::from_index((self.max.index() as i32 + delta) as u8),
        }
    }

    /// The rank or file of cells a slide in this direction enters first.
    fn leading_edge(self, (df, dr): (i32, i32)) -> Bitboard {
        let (min, max) = (self.min, self.max);
        let edge = match (df, dr) {
            (1, _) => Rect {
                min: Cell::new(max.file(), min.rank()),
                max,
            },
            (-1, _) => Rect {
                min,
                max: Cell::new(min.file(), max.rank()),
            },
            (_, 1) => Rect {
                min: Cell::new(min.file(), max.rank()),
                max,
            },
            _ => Rect {
                min,
                max: Cell::new(max.file(), min.rank()),
            },
        };
        edge.cells()
    }
}

pub(crate) fn step(bb: Bitboard, (df, dr): (i32, i32)) -> Bitboard {
    match (df, dr) {
        (1, _) => bb.east(),
        (-1, _) => bb.west(),
        (_, 1) => bb.north(),
        _ => bb.south(),
    }
}

impl Position {
    /// Every legal move; none once the game is over (RULES §6).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal_move(|m| list.push(m));
        list
    }

    /// The number of legal moves (without building the list).
    pub fn count_legal_moves(&self) -> usize {
        if self.is_closed() {
            return 0;
        }
        let me = self.turn();
        if self.is_drop_phase() {
            return (self.rules().drop_zone(me) & self.empty()).count() as usize;
        }
        let mut n = 0;
        if self.hiding() {
            self.for_each_legal_move(|_| n += 1);
            return n;
        }
        n += self.count_singles(me);
        self.for_each_tandem(me, |_, _| n += 1);
        n + self.count_fortress_moves()
    }

    /// The number of [`Position::for_each_single`]'s moves, a board at a time: the cells
    /// the movers reach after k steps in one direction are disjoint for distinct men (a
    /// ray ends at the first man it meets), so their counts add up.
    fn count_singles(&self, side: Side) -> usize {
        let empty = self.empty();
        let movers = self.men(side) - self.trapped(side);
        let (stepping, sliding) = if self.rules().king_power == KingPower::OneStep {
            (movers & self.kings(), movers - self.kings())
        } else {
            (Bitboard::EMPTY, movers)
        };
        let mut n = 0;
        for dir in DIRECTIONS {
            n += (step(stepping, dir) & empty).count() as usize;
            let mut ray = step(sliding, dir) & empty;
            while ray.any() {
                n += ray.count() as usize;
                ray = step(ray, dir) & empty;
            }
        }
        n
    }

    /// The number of [`Position::for_each_fortress_move`]'s moves.
    fn count_fortress_moves(&self) -> usize {
        let Some(cities) = self.fortress_cells() else {
            return 0;
        };
        self.fortress_movers()
            .map(|from| self.fortress_targets(from, cities).count() as usize)
            .sum()
    }

    /// Calls `f` with every legal move, allocation-free.
    pub fn for_each_legal_move(&self, mut f: impl FnMut(Move)) {
        if self.is_closed() {
            return;
        }
        let me = self.turn();
        if self.is_drop_phase() {
            for to in self.rules().drop_zone(me) & self.empty() {
                f(Move::Drop { to });
            }
            return;
        }
        if self.hiding() {
            // RULES §10.2, no-hiding: only the moves after which some man is insecure.
            let mut exposing = |mv: Move| {
                if self.exposes(mv) {
                    f(mv)
                }
            };
            self.for_each_single(me, |from, to| exposing(Move::Single { from, to }));
            self.for_each_tandem(me, |from, to| exposing(Move::Tandem { from, to }));
            return;
        }
        self.for_each_single(me, |from, to| f(Move::Single { from, to }));
        self.for_each_tandem(me, |from, to| f(Move::Tandem { from, to }));
        self.for_each_fortress_move(|from, to| f(Move::MoleDrop { from, to }));
    }

    /// Whether the side to move may make a fortress move now (RULES §7, §10.2): the game
    /// goes on, the rules' condition holds and the move can be made — a mole drop, a
    /// knight's leap or a reposition. This is what the legal moves hold; Polis is
    /// announced on it.
    pub fn mole_available(&self) -> bool {
        !self.is_closed() && self.has_fortress_move()
    }

    /// Whether the side to move has a legal move, fortress moves included, ignoring
    /// whether the game has ended: RULES §6 asks "no legal move?" before it looks at the
    /// fifty-move count, so a position at that count still has the moves it would
    /// otherwise have.
    pub fn has_move(&self) -> bool {
        let me = self.turn();
        if self.is_drop_phase() {
            return (self.rules().drop_zone(me) & self.empty()).any();
        }
        if self.hiding() {
            let mut found = false;
            self.for_each_single(me, |from, to| {
                found = found || self.exposes(Move::Single { from, to })
            });
            self.for_each_tandem(me, |from, to| {
                found = found || self.exposes(Move::Tandem { from, to })
            });
            return found;
        }
        if ((self.men(me) - self.trapped(me)) & self.empty().neighbours()).any() {
            return true;
        }
        let mut tandem = false;
        self.for_each_tandem(me, |_, _| tandem = true);
        tandem || self.has_fortress_move()
    }

    /// RULES §10.2, no-hiding: the rule applies (once the drop phase is over) and every
    /// man of the side to move is secure, so its ordinary moves must leave one insecure.
    pub(crate) fn hiding(&self) -> bool {
        let me = self.turn();
        self.rules().fortress == Fortress::NoHiding
            && self.hand(me).is_empty()
            && self.hand(!me).is_empty()
            && self.secure(me) == self.men(me)
    }

    /// Whether, after `mv` and its captures, some man of the mover is not secure.
    fn exposes(&self, mv: Move) -> bool {
        let me = self.turn();
        let mut next = *self;
        next.play_unchecked(mv);
        next.secure(me) != next.men(me)
    }

    /// Whether the side to move has a fortress move, ignoring whether the game has ended.
    fn has_fortress_move(&self) -> bool {
        match self.rules().fortress {
            // A knight may have no leap into the cities: look for one.
            Fortress::Knight => {
                let mut found = false;
                self.for_each_fortress_move(|_, _| found = true);
                found
            }
            // Every city has empty cells, for any man that may be put down.
            _ => self.fortress_movers().any() && self.fortress_cells().is_some(),
        }
    }

    /// The men a fortress move may take (RULES §7, §10.2): the mover's untrapped men, or
    /// for a reposition the enemy's men; none without a fortress move.
    fn fortress_movers(&self) -> Bitboard {
        let me = self.turn();
        match self.rules().fortress {
            Fortress::Mole | Fortress::Knight => self.men(me) - self.trapped(me),
            Fortress::Reposition => self.men(!me),
            Fortress::NoHiding => Bitboard::EMPTY,
        }
    }

    /// Every fortress move of the side to move: `f(from, to)` (RULES §7, §10.2).
    fn for_each_fortress_move(&self, mut f: impl FnMut(Cell, Cell)) {
        // No-hiding has no fortress move: its cells are refused too.
        let Some(cities) = self.fortress_cells() else {
            return;
        };
        for from in self.fortress_movers() {
            for to in self.fortress_targets(from, cities) {
                f(from, to);
            }
        }
    }

    /// Where the fortress move of the man on `from` may go, given the rules' `cities`.
    fn fortress_targets(&self, from: Cell, cities: Bitboard) -> Bitboard {
        match self.rules().fortress {
            Fortress::Knight => knight_leaps(from) & cities,
            Fortress::Reposition => self.empty(),
            Fortress::Mole | Fortress::NoHiding => cities,
        }
    }

    /// Single moves of `side`'s men (as if `side` were to move): `f(from, to)`.
    pub(crate) fn for_each_single(&self, side: Side, mut f: impl FnMut(Cell, Cell)) {
        let empty = self.empty();
        let king_steps = self.rules().king_power == KingPower::OneStep;
        for from in self.men(side) - self.trapped(side) {
            let one_step = king_steps && self.kings().contains(from);
            for (df, dr) in DIRECTIONS {
                let mut cur = from;
                while let Some(next) = cur.offset(df, dr) {
                    if !empty.contains(next) {
                        break;
                    }
                    f(from, next);
                    if one_step {
                        break;
                    }
                    cur = next;
                }
            }
        }
    }

    /// Tandem moves of `side` (as if `side` were to move): `f(from, to)` for every solid
    /// rectangle of 2+ men, not all trapped, and every slide it can make (RULES §4.2).
    pub(crate) fn for_each_tandem(&self, side: Side, mut f: impl FnMut(Rect, Rect)) {
        let own = self.men(side);
        let trapped = self.trapped(side);
        let empty = self.empty();
        let one_cell = self.rules().part_trapped_tandem == PartTrappedTandem::OneCell;
        let run = |mut c: Cell| {
            let mut n = 0u8;
            while own.contains(c) {
                n += 1;
                match c.offset(1, 0) {
                    Some(next) => c = next,
                    None => break,
                }
            }
            n
        };
        for min in own {
            let mut max_w = u8::MAX;
            let mut h = 0u8;
            while let Some(row) = min.offset(0, h as i32) {
                max_w = max_w.min(run(row));
                if max_w == 0 {
                    break;
                }
                h += 1;
                for w in 1..=max_w {
                    if (w as u32) * (h as u32) < 2 {
                        continue;
                    }
                    let rect = Rect {
                        min,
                        max: Cell::new(min.file() + w - 1, min.rank() + h - 1),
                    };
                    let stuck = rect.cells() & trapped;
                    if stuck == rect.cells() {
                        continue;
                    }
                    let limit = if one_cell && stuck.any() { 1 } else { u8::MAX };
                    for dir in DIRECTIONS {
                        let mut edge = rect.leading_edge(dir);
                        // A step from the layout's side would drop cells of the edge.
                        let side = Bitboard::layout_side(dir);
                        let mut k = 0;
                        while k < limit {
                            if edge.intersects(side) {
                                break;
                            }
                            edge = step(edge, dir);
                            if !edge.is_subset(empty) {
                                break;
                            }
                            k += 1;
                            f(rect, rect.shifted(dir.0 * k as i32, dir.1 * k as i32));
                        }
                    }
                }
            }
        }
    }

    /// Checks a move against every rule, saying why it is illegal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_closed() {
            return Err(IllegalMove::GameOver);
        }
        let me = self.turn();
        let board = self.board();
        for cell in mv.origins() | mv.destinations() {
            if !board.contains(cell) {
                return Err(IllegalMove::OffBoard(cell));
            }
        }
        let own_man = |cell: Cell| match self.man_at(cell) {
            None => Err(IllegalMove::NoMan(cell)),
            Some(man) if man.side != me => Err(IllegalMove::NotYourMan {
                cell,
                owner: man.side,
                turn: me,
            }),
            Some(_) => Ok(()),
        };
        let not_trapped = |cell: Cell| match self.trappers(cell) {
            Some((a, b)) => Err(IllegalMove::Trapped { cell, a, b }),
            None => Ok(()),
        };
        match mv {
            Move::Drop { to } => {
                let hand = self.hand(me);
                if hand.is_empty() {
                    return Err(match self.rules().opening {
                        Opening::Kings => IllegalMove::NoKingInHand(me),
                        Opening::Drops => IllegalMove::NothingInHand(me),
                    });
                }
                let zone = self.rules().drop_zone(me);
                if !zone.contains(to) {
                    let ranks = zone.map(|c| c.rank() + 1);
                    return Err(IllegalMove::OutsideDropZone {
                        side: me,
                        from: ranks.clone().min().unwrap_or(1),
                        to: ranks.max().unwrap_or(1),
                    });
                }
                if self.occupied().contains(to) {
                    return Err(IllegalMove::Occupied(to));
                }
                Ok(())
            }
            _ if self.is_drop_phase() => Err(match self.rules().opening {
                Opening::Kings => IllegalMove::MustDrop(me),
                Opening::Drops => IllegalMove::DropPhaseOnly,
            }),
            Move::Single { from, to } => {
                own_man(from)?;
                let (df, dr) = direction(from, to).ok_or_else(|| straightness(from, to, mv))?;
                not_trapped(from)?;
                let king_steps = self.rules().king_power == KingPower::OneStep;
                if king_steps && self.kings().contains(from) && from.distance(to) > 1 {
                    return Err(IllegalMove::KingStep);
                }
                let empty = self.empty();
                let mut cur = from;
                while cur != to {
                    cur = cur.offset(df, dr).ok_or(IllegalMove::OffBoard(to))?;
                    if !empty.contains(cur) {
                        return Err(IllegalMove::Blocked(cur));
                    }
                }
                self.check_hiding(mv)
            }
            Move::Tandem { from, to } => {
                let group = from.cells();
                if let Some(cell) = (group - self.men(me)).first() {
                    return Err(IllegalMove::NotSolid {
                        rect: from,
                        side: me,
                        cell,
                    });
                }
                if from.width() != to.width() || from.height() != to.height() || from.len() < 2 {
                    return Err(IllegalMove::ShapeMismatch);
                }
                let dir = direction(from.min, to.min).ok_or_else(|| straightness(from, to, mv))?;
                let stuck = group & self.trapped(me);
                if stuck == group {
                    return Err(IllegalMove::AllTrapped(from));
                }
                let dist = from.min.distance(to.min);
                if stuck.any()
                    && dist > 1
                    && self.rules().part_trapped_tandem == PartTrappedTandem::OneCell
                {
                    return Err(IllegalMove::OneCellOnly);
                }
                let empty = self.empty();
                let mut edge = from.leading_edge(dir);
                for _ in 0..dist {
                    edge = step(edge, dir);
                    if let Some(cell) = (edge - empty).first() {
                        return Err(IllegalMove::Blocked(cell));
                    }
                }
                self.check_hiding(mv)
            }
            Move::MoleDrop { from, to } => {
                let rule = self.rules().fortress;
                let no_move = |why| IllegalMove::NoMoleDrop { rule, why };
                if rule == Fortress::Reposition {
                    match self.man_at(from) {
                        None => return Err(IllegalMove::NoMan(from)),
                        Some(man) if man.side == me => {
                            return Err(IllegalMove::RepositionOwn(from));
                        }
                        Some(_) => {}
                    }
                    self.mole_drop_cells().map_err(no_move)?;
                    if !self.empty().contains(to) {
                        return Err(IllegalMove::Occupied(to));
                    }
                    return Ok(());
                }
                own_man(from)?;
                let cities = self.mole_drop_cells().map_err(no_move)?;
                not_trapped(from)?;
                if rule == Fortress::Knight && !knight_leaps(from).contains(to) {
                    return Err(IllegalMove::NotKnightLeap { from, to });
                }
                if !cities.contains(to) {
                    return Err(IllegalMove::NotInCity {
                        cell: to,
                        side: !me,
                    });
                }
                Ok(())
            }
        }
    }

    /// RULES §10.2, no-hiding, for an ordinary move otherwise legal.
    fn check_hiding(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.hiding() && !self.exposes(mv) {
            return Err(IllegalMove::NoHiding);
        }
        Ok(())
    }

    /// Plays a move after checking it; returns the new position and the captured men.
    pub fn play(&self, mv: Move) -> Result<(Position, Bitboard), IllegalMove> {
        self.check(mv)?;
        let mut next = *self;
        let captured = next.play_unchecked(mv);
        Ok((next, captured))
    }

    /// Plays a move as written; a capture list, when given, must name exactly the men the
    /// move captures (RULES §8).
    pub fn play_text(&self, text: &super::MoveText) -> Result<(Position, Bitboard), IllegalMove> {
        let (next, captured) = self.play(text.mv)?;
        if let Some(written) = text.captures
            && written != captured
        {
            return Err(IllegalMove::CaptureMismatch {
                actual: captured,
                written,
            });
        }
        Ok((next, captured))
    }

    /// The move with its capture suffix, as the rule book writes it.
    pub fn move_text(&self, mv: Move) -> String {
        let mut next = *self;
        mv.with_captures(next.play_unchecked(mv))
    }
}

/// The cells a knight's leap from `from` lands on, over anything (RULES §10.2).
fn knight_leaps(from: Cell) -> Bitboard {
    const LEAPS: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    LEAPS
        .into_iter()
        .filter_map(|(df, dr)| from.offset(df, dr))
        .collect()
}

/// The unit step from `a` towards `b` when they share a file or a rank and differ.
fn direction(a: Cell, b: Cell) -> Option<(i32, i32)> {
    let df = b.file() as i32 - a.file() as i32;
    let dr = b.rank() as i32 - a.rank() as i32;
    match (df, dr) {
        (0, 0) => None,
        (0, _) => Some((0, dr.signum())),
        (_, 0) => Some((df.signum(), 0)),
        _ => None,
    }
}

/// Why `mv`, between two cells or rectangles, is not a straight move.
fn straightness<T: PartialEq>(from: T, to: T, mv: Move) -> IllegalMove {
    if from == to {
        IllegalMove::ZeroMove
    } else {
        IllegalMove::NotStraight(mv)
    }
}
