//! A fast board for Go with rooks (or wazirs), and for bishops alone (Go on the light
//! cells joined diagonally), dabbabas alone or alfils alone (Go on their lattice of cells
//! two apart): incremental groups with pseudo-liberties, the classic design
//! of Go programs' random playouts. Tests prove it equals [`Position`] move for move
//! (`tests/go.rs`); Monte Carlo search stands on its speed.

use super::bits::{Adjacency, Bits, CELLS, Cell, STRIDE};
use super::piece::Kind;
use super::playout::Rng;
use super::position::Position;
use crate::common::Side;

mod policy;
mod tactics;

pub use tactics::{READ_DEPTH, READ_LIBS};

const NONE: u16 = u16::MAX;
const EMPTY: u8 = 0;
/// How many moves a ladder is read ahead ([`FastGo::can_escape`]): a ladder across a
/// 19 × 19 board takes about 36.
pub const LADDER_DEPTH: u32 = 40;
/// How many positions one ladder reading may visit.
const LADDER_READS: u32 = 200;

/// The cell that `n` pseudo-liberties (n > 0) whose cells sum to `sum`, and their squares
/// to `sq`, all are, when they are one cell: exactly then n·Σx² = (Σx)² (Cauchy–Schwarz).
#[inline]
fn one_cell(n: u64, sum: u64, sq: u64) -> Option<u16> {
    (n > 0 && n * sq == sum * sum).then(|| (sum / n) as u16)
}
/// The colour of a cell of the layout that is not on the board.
const OFF: u8 = 3;

/// Go with rooks or wazirs (or bishops, dabbabas or alfils alone) on any board of the rule book, Black = 1,
/// White = 2.
#[derive(Clone)]
pub struct FastGo {
    nbr: [[u16; 4]; CELLS],
    nbr_len: [u8; CELLS],
    /// Each cell's colour, and one more entry, [`OUTSIDE`], off the board: where the
    /// ring of a cell at the layout's edge points beyond it.
    color: [u8; CELLS + 1],
    /// The representative cell of each stone's group.
    group: [u16; CELLS],
    /// The next stone of the same group (a circular list).
    next: [u16; CELLS],
    /// Per representative: (stone, empty neighbour) pairs; 0 exactly when the group has
    /// no liberty.
    libs: [u16; CELLS],
    /// Per representative: the sum of the pseudo-liberties' cells and of their squares,
    /// so that a group in atari (all its pseudo-liberties one cell) is known at once.
    lib_sum: [u32; CELLS],
    lib_sq: [u32; CELLS],
    size: [u16; CELLS],
    empty: [u16; CELLS],
    empty_pos: [u16; CELLS],
    n_empty: usize,
    ko: u16,
    turn: u8,
    passes: u8,
    captures: [u32; 2],
    /// The playable cells.
    cells: Bits,
    kind: Kind,
    adjacency: Adjacency,
    /// The eight cells around each cell for the 3 × 3 shapes, in pattern-code order
    /// ([`OUTSIDE`] beyond the layout): the board's ring, or for bishops the ring of the
    /// board turned by 45°; for dabbabas and alfils those rings with steps of two.
    ring: &'static [[u16; 8]; CELLS],
    /// MoGo's shapes by pattern code ([`patterns`]), held here so that a look-up does not
    /// ask whether the table is built yet.
    shapes: &'static patterns::Table,
    komi: f64,
}

impl FastGo {
    /// The fast board of a position of a one-kind set that plays as Go does
    /// ([`super::piece::PieceSet::go_adjacency`]: rooks, wazirs; bishops, dabbabas or
    /// alfils alone) without
    /// dead pieces.
    pub fn from_position(pos: &Position) -> Option<FastGo> {
        let mut b = FastGo::empty_board(pos)?;
        if pos.dead(Side::Black).any() || pos.dead(Side::White).any() {
            return None;
        }
        b.put_stones(pos);
        Some(b)
    }

    /// The fast board of the rules of `pos` (as [`FastGo::from_position`] takes them)
    /// with no stone on it, Black to move: what [`FastGo::load`] copies.
    pub fn empty_board(pos: &Position) -> Option<FastGo> {
        let rules = pos.rules();
        let adjacency = rules.pieces.go_adjacency()?;
        let kind = rules.pieces.single()?;
        let cells = pos.geometry().playable;
        let mut b = FastGo {
            nbr: [[NONE; 4]; CELLS],
            nbr_len: [0; CELLS],
            color: [OFF; CELLS + 1],
            group: [NONE; CELLS],
            next: [NONE; CELLS],
            libs: [0; CELLS],
            lib_sum: [0; CELLS],
            lib_sq: [0; CELLS],
            size: [0; CELLS],
            empty: [0; CELLS],
            empty_pos: [NONE; CELLS],
            n_empty: 0,
            ko: NONE,
            turn: 1,
            passes: 0,
            captures: [0; 2],
            cells,
            kind,
            adjacency,
            ring: ring_cells(adjacency),
            shapes: patterns::table(),
            komi: rules.komi,
        };
        for c in cells {
            let i = c.index();
            b.color[i] = EMPTY;
            for n in Bits::from_cell(c).adjacent(adjacency) & cells {
                b.nbr[i][b.nbr_len[i] as usize] = n.index() as u16;
                b.nbr_len[i] += 1;
            }
            b.empty_pos[i] = b.n_empty as u16;
            b.empty[b.n_empty] = i as u16;
            b.n_empty += 1;
        }
        Some(b)
    }

    /// Makes this board the fast board of `pos`, exactly as [`FastGo::from_position`]
    /// builds it, from `empty`, the [`FastGo::empty_board`] of the same rules: the
    /// search's playouts copy it instead of building the neighbour lists each time.
    /// `false` (this board unchanged) where `from_position` gives none, or `empty` was
    /// made for other rules.
    pub fn load(&mut self, empty: &FastGo, pos: &Position) -> bool {
        if !empty.fits(pos)
            || empty.n_empty != empty.cells.count() as usize
            || pos.dead(Side::Black).any()
            || pos.dead(Side::White).any()
        {
            return false;
        }
        self.clone_from(empty);
        self.put_stones(pos);
        true
    }

    /// Whether this board was made for the rules of `pos`: its set, layout and komi.
    pub fn fits(&self, pos: &Position) -> bool {
        let rules = pos.rules();
        rules.pieces.go_adjacency() == Some(self.adjacency)
            && rules.pieces.single() == Some(self.kind)
            && pos.geometry().playable == self.cells
            && rules.komi.to_bits() == self.komi.to_bits()
    }

    /// Drops the stones of `pos` on this empty board, in the cells' order, and takes its
    /// captures, side to move, passes and ko.
    fn put_stones(&mut self, pos: &Position) {
        self.captures = [pos.captures(Side::Black), pos.captures(Side::White)];
        for c in pos.occupied() {
            let side = pos.piece_at(c).map_or(Side::Black, |p| p.side);
            self.turn = 1 + side.index() as u8;
            self.place(c.index() as u16);
        }
        self.turn = 1 + pos.turn().index() as u8;
        self.passes = pos.passes();
        self.ko = pos.ko().map_or(NONE, |(_, c)| c.index() as u16);
    }

    #[inline]
    fn neighbours(&self, v: u16) -> &[u16] {
        let i = v as usize;
        &self.nbr[i][..self.nbr_len[i] as usize]
    }

    pub fn turn(&self) -> Side {
        if self.turn == 1 {
            Side::Black
        } else {
            Side::White
        }
    }

    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// Whether every pseudo-liberty of group `g` (a group on the board, so it has one)
    /// is `v`: its pseudo-liberties count `n`, sum to n·v and their squares to n·v². A
    /// drop on `v` takes the last liberty of such a group.
    #[inline]
    fn only_liberty_is(&self, g: u16, v: u16) -> bool {
        let gi = g as usize;
        let (n, v) = (self.libs[gi] as u64, v as u64);
        self.lib_sum[gi] as u64 == n * v && self.lib_sq[gi] as u64 == n * v * v
    }

    /// Whether the side to move may drop on `v` (GO_RULES §3 for these sets: Go's rules).
    #[inline]
    pub fn is_legal(&self, v: u16) -> bool {
        let i = v as usize;
        if self.color[i] != EMPTY || v == self.ko || self.passes >= 2 {
            return false;
        }
        let me = self.turn;
        for &n in self.neighbours(v) {
            let c = self.color[n as usize];
            if c == EMPTY {
                return true;
            }
            // An own group keeps a liberty elsewhere, or an opponent's is captured.
            if self.only_liberty_is(self.group[n as usize], v) != (c == me) {
                return true;
            }
        }
        false
    }

    /// [`FastGo::is_legal`], fills no own eye ([`FastGo::is_own_eye`]) and puts no own
    /// group of `min_size` stones or more in atari ([`FastGo::is_self_atari`]): at once
    /// when `v` has two empty neighbours, which settles all three; one settles the first
    /// two.
    #[inline]
    fn is_good_drop(&self, v: u16, min_size: u16) -> bool {
        let i = v as usize;
        if self.color[i] != EMPTY || v == self.ko || self.passes >= 2 {
            return false;
        }
        let empties = self
            .neighbours(v)
            .iter()
            .filter(|&&n| self.color[n as usize] == EMPTY)
            .count();
        match empties {
            0 => !self.is_own_eye(v) && self.is_legal(v) && !self.is_self_atari(v, min_size),
            // An empty neighbour: legal and not an eye.
            1 => !self.is_self_atari(v, min_size),
            _ => true,
        }
    }

    /// `v` is empty and every neighbour is the mover's stone: its own single-cell eye.
    #[inline]
    pub fn is_own_eye(&self, v: u16) -> bool {
        let me = self.turn;
        self.neighbours(v)
            .iter()
            .all(|&n| self.color[n as usize] == me)
    }

    fn remove_empty(&mut self, v: u16) {
        let pos = self.empty_pos[v as usize] as usize;
        self.n_empty -= 1;
        let last = self.empty[self.n_empty];
        self.empty[pos] = last;
        self.empty_pos[last as usize] = pos as u16;
        self.empty_pos[v as usize] = NONE;
    }

    fn add_empty(&mut self, v: u16) {
        self.empty[self.n_empty] = v;
        self.empty_pos[v as usize] = self.n_empty as u16;
        self.n_empty += 1;
    }

    /// Puts the mover's stone on `v`, merging and capturing; returns the captures.
    fn place(&mut self, v: u16) -> u32 {
        let i = v as usize;
        let me = self.turn;
        self.remove_empty(v);
        self.color[i] = me;
        self.group[i] = v;
        self.next[i] = v;
        self.size[i] = 1;
        self.libs[i] = 0;
        self.lib_sum[i] = 0;
        self.lib_sq[i] = 0;
        let nbrs = self.nbr[i];
        let len = self.nbr_len[i] as usize;
        let (vv, vsq) = (v as u32, v as u32 * v as u32);
        // One pass: the new stone's liberties go to its group as it stands (merged with
        // the own groups met so far), and the own groups merge in the neighbours' order;
        // the sums come out the same as adding everything first.
        for &n in &nbrs[..len] {
            let c = self.color[n as usize];
            if c == EMPTY {
                let g = self.group[i] as usize;
                self.libs[g] += 1;
                self.lib_sum[g] += n as u32;
                self.lib_sq[g] += n as u32 * n as u32;
            } else {
                let g = self.group[n as usize];
                let gi = g as usize;
                self.libs[gi] -= 1;
                self.lib_sum[gi] -= vv;
                self.lib_sq[gi] -= vsq;
                if c == me && self.group[i] != g {
                    self.merge(self.group[i], g);
                }
            }
        }
        let mut captured = 0;
        let mut last = NONE;
        for &n in &nbrs[..len] {
            let c = self.color[n as usize];
            if c != EMPTY && c != me && self.libs[self.group[n as usize] as usize] == 0 {
                captured += self.remove_group(self.group[n as usize]);
                last = n;
            }
        }
        let g = self.group[i] as usize;
        self.ko = if captured == 1 && self.size[g] == 1 && self.libs[g] == 1 {
            last
        } else {
            NONE
        };
        self.captures[(me - 1) as usize] += captured;
        captured
    }

    fn merge(&mut self, a: u16, b: u16) {
        let (big, small) = if self.size[a as usize] >= self.size[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.group[s as usize] = big;
            s = self.next[s as usize];
            if s == small {
                break;
            }
        }
        self.next.swap(big as usize, small as usize);
        self.libs[big as usize] += self.libs[small as usize];
        self.lib_sum[big as usize] += self.lib_sum[small as usize];
        self.lib_sq[big as usize] += self.lib_sq[small as usize];
        self.size[big as usize] += self.size[small as usize];
    }

    fn remove_group(&mut self, g: u16) -> u32 {
        let mut count = 0;
        let mut s = g;
        loop {
            self.color[s as usize] = EMPTY;
            self.add_empty(s);
            count += 1;
            s = self.next[s as usize];
            if s == g {
                break;
            }
        }
        loop {
            let nbrs = self.nbr[s as usize];
            for &n in &nbrs[..self.nbr_len[s as usize] as usize] {
                if self.color[n as usize] != EMPTY {
                    let h = self.group[n as usize] as usize;
                    self.libs[h] += 1;
                    self.lib_sum[h] += s as u32;
                    self.lib_sq[h] += s as u32 * s as u32;
                }
            }
            s = self.next[s as usize];
            if s == g {
                break;
            }
        }
        count
    }

    /// Drops a stone on `v` (legal: see [`FastGo::is_legal`]); returns the captures.
    pub fn play(&mut self, v: u16) -> u32 {
        let captured = self.place(v);
        self.passes = 0;
        self.turn = 3 - self.turn;
        captured
    }

    pub fn pass(&mut self) {
        self.passes = (self.passes + 1).min(2);
        self.ko = NONE;
        self.turn = 3 - self.turn;
    }

    /// A random move of the simplest bot (for rooks as [`super::playout::random_move`]):
    /// a legal drop that does not fill its own single-cell eye (every neighbour the
    /// mover's, diagonal ones for bishops), else a pass; returns the cell.
    #[inline]
    pub fn random_move(&mut self, rng: &mut Rng) -> Option<u16> {
        self.play_first_from_random(rng, |b, v| b.is_legal(v) && !b.is_own_eye(v))
    }

    /// Plays the first empty cell that `good` accepts, looking from a random one round
    /// the list of empty cells, else passes; returns the cell played.
    #[inline(always)]
    pub(super) fn play_first_from_random(
        &mut self,
        rng: &mut Rng,
        good: impl Fn(&Self, u16) -> bool,
    ) -> Option<u16> {
        let n = self.n_empty;
        if n > 0 {
            let start = rng.below(n);
            // From `start` round to `start - 1`, without a division per cell.
            let mut j = start;
            for _ in 0..n {
                let v = self.empty[j];
                if good(self, v) {
                    self.play(v);
                    return Some(v);
                }
                j += 1;
                if j == n {
                    j = 0;
                }
            }
        }
        self.pass();
        None
    }

    /// The colour on `v`: 0 empty, 1 Black, 2 White.
    #[inline]
    pub fn color(&self, v: u16) -> u8 {
        self.color[v as usize]
    }

    /// Who holds each cell at the end: the colour of its stone, else the side that alone
    /// reaches it (0: nobody).
    pub fn owners(&self, out: &mut [u8; CELLS]) {
        let (b, w) = self.reach();
        for c in self.cells {
            let i = c.index();
            out[i] = match self.color[i] {
                EMPTY if b.contains(c) && !w.contains(c) => 1,
                EMPTY if w.contains(c) && !b.contains(c) => 2,
                EMPTY => 0,
                x => x,
            };
        }
    }

    /// The empty cells.
    pub fn empties(&self) -> &[u16] {
        &self.empty[..self.n_empty]
    }

    /// Plays random moves until two passes or `max_moves`; returns the moves played.
    pub fn playout(&mut self, rng: &mut Rng, max_moves: usize) -> usize {
        let mut moves = 0;
        while self.passes < 2 && moves < max_moves {
            self.random_move(rng);
            moves += 1;
        }
        moves
    }

    /// The empty cells Black's and White's stones reach through the empty cells
    /// (GO_RULES §4).
    fn reach(&self) -> (Bits, Bits) {
        let [empty, black, white] = self.by_colour();
        let adjacency = self.adjacency;
        let reach = |stones: Bits| (stones.adjacent(adjacency) & empty).flood_by(empty, adjacency);
        (reach(black), reach(white))
    }

    /// The empty cells, Black's stones and White's, in one pass over the board.
    fn by_colour(&self) -> [Bits; 3] {
        let mut sets = [Bits::EMPTY; 3];
        for c in self.cells {
            // A playable cell is empty, Black or White.
            sets[self.color[c.index()] as usize].insert(c);
        }
        sets
    }

    /// Captures + controlled cells (+ komi for White), as [`Position::score`].
    pub fn score(&self) -> [f64; 2] {
        let (b, w) = self.reach();
        [
            (self.captures[0] + (b & !w).count()) as f64,
            (self.captures[1] + (w & !b).count()) as f64 + self.komi,
        ]
    }

    /// The placement field of the position text (for comparing with [`Position`]).
    pub fn placement_matches(&self, pos: &Position) -> bool {
        pos.geometry().playable == self.cells
            && self.cells.iter().all(|c| {
                let want = match pos.piece_at(c) {
                    None => EMPTY,
                    Some(p) => 1 + p.side.index() as u8,
                };
                self.color[c.index()] == want
            })
    }

    /// The cell index of a cell, for [`FastGo::play`].
    pub fn index(cell: Cell) -> u16 {
        cell.index() as u16
    }

    /// The ko cell, if any.
    pub fn ko(&self) -> Option<Cell> {
        (self.ko != NONE).then(|| Cell::from_index(self.ko as usize))
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    pub fn captures(&self, side: Side) -> u32 {
        self.captures[side.index()]
    }
}

/// The playout policy's reading rules beyond captures and saves of groups in atari
/// ([`FastGo::policy_move_tactics`]); all off by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tactics {
    /// A group in atari is not extended into a ladder that catches it
    /// ([`FastGo::can_escape`]).
    pub ladders: bool,
    /// Groups of two liberties next to the opponent's drop: an atari the group cannot
    /// escape, else a third liberty for an own group ([`FastGo::two_liberty_move`]).
    pub two_libs: bool,
    /// The vital point of a small eye space next to the opponent's drop
    /// ([`FastGo::vital_point_near`]), and a self-atari that fills an opponent's small
    /// eye space ([`FastGo::is_nakade_fill`]).
    pub nakade: bool,
    /// Before the random move, the capture of an opponent's group in atari anywhere on
    /// the board ([`FastGo::capture_anywhere`]; MoGo's last rule before chance).
    pub capture_any: bool,
    /// The random move puts no own group of 2 stones or more in atari (3 or more
    /// without it); with `nakade`, a self-atari that fills the opponent's small eye
    /// space is still allowed.
    pub self_atari2: bool,
}

/// How the playouts answer the opponent's last drop with a 3 × 3 shape next to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shapes {
    /// They do not.
    Off,
    /// With one of MoGo's hand-written shapes ([`FastGo::is_shape_move`]), at random
    /// among those that match.
    Mogo,
    /// By the pattern weights learnt from GNU Go's games ([`learnt`]), against the rest
    /// of the board.
    Learnt,
}

/// Whether a drop on the empty `cell` of a position of a set that plays as Go does
/// matches one of the 3 × 3 shapes of [`FastGo::is_shape_move`], for either side.
pub fn is_shape_at(pos: &Position, cell: Cell) -> bool {
    pattern_code_at(pos, cell).is_some_and(patterns::matches)
}

/// The learnt weight ([`learnt`]) of a drop by the side to move on the empty `cell` of a
/// position of a set that plays as Go does (`None` for other sets).
pub fn learnt_gamma_at(pos: &Position, cell: Cell) -> Option<f32> {
    let turn = 1 + pos.turn().index() as u8;
    pattern_code_at(pos, cell).map(|code| learnt::gamma(turn, code))
}

/// The 3 × 3 pattern code of `cell` as [`FastGo`] makes it, for the sets that play as Go
/// does.
fn pattern_code_at(pos: &Position, cell: Cell) -> Option<usize> {
    let adjacency = pos.rules().pieces.go_adjacency()?;
    let cells = pos.geometry().playable;
    let mut code = 0;
    for (k, &(df, dr)) in ring_of(adjacency).iter().enumerate() {
        let colour = match cell.offset(df, dr).filter(|c| cells.contains(*c)) {
            None => OFF,
            Some(c) => pos.piece_at(c).map_or(EMPTY, |p| 1 + p.side.index() as u8),
        };
        code |= (colour as usize) << (2 * k);
    }
    Some(code)
}

/// The eight neighbours of a cell, as (file, rank) steps, in pattern-code order.
const RING: [(i32, i32); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// [`RING`] on the light cells joined diagonally: the board's step (a, b) becomes
/// (a − b, a + b), so its up is up-left, its right up-right, and its diagonal neighbours
/// are two cells away along a file or rank.
const TURNED_RING: [(i32, i32); 8] = [
    (-2, 0),
    (-1, 1),
    (0, 2),
    (-1, -1),
    (1, 1),
    (0, -2),
    (1, -1),
    (2, 0),
];

/// [`RING`] on the dabbabas' lattice: every step doubled.
const DABBABA_RING: [(i32, i32); 8] = doubled(RING);

/// [`TURNED_RING`] on the alfils' lattice: every step doubled.
const ALFIL_RING: [(i32, i32); 8] = doubled(TURNED_RING);

/// The step `(df, dr)` under the square's symmetry `sym` (bit 4: swap the axes, 1: mirror
/// the files, 2: mirror the ranks).
fn symmetric((df, dr): (i32, i32), sym: usize) -> (i32, i32) {
    let (a, b) = if sym & 4 != 0 { (dr, df) } else { (df, dr) };
    let a = if sym & 1 != 0 { -a } else { a };
    let b = if sym & 2 != 0 { -b } else { b };
    (a, b)
}

const fn doubled(ring: [(i32, i32); 8]) -> [(i32, i32); 8] {
    let mut out = ring;
    let mut k = 0;
    while k < 8 {
        out[k] = (2 * ring[k].0, 2 * ring[k].1);
        k += 1;
    }
    out
}

/// The index of the colour entry beyond the layout ([`FastGo::ring`]).
const OUTSIDE: u16 = CELLS as u16;

/// The cells of each cell's ring of steps (in the ring's order), [`OUTSIDE`] where a step
/// leaves the layout.
const fn ring_table(ring: [(i32, i32); 8]) -> [[u16; 8]; CELLS] {
    let mut out = [[OUTSIDE; 8]; CELLS];
    let s = STRIDE as i32;
    let mut v = 0;
    while v < CELLS {
        let (f, r) = (v as i32 % s, v as i32 / s);
        let mut k = 0;
        while k < 8 {
            let (nf, nr) = (f + ring[k].0, r + ring[k].1);
            if nf >= 0 && nf < s && nr >= 0 && nr < s {
                out[v][k] = (nr * s + nf) as u16;
            }
            k += 1;
        }
        v += 1;
    }
    out
}

static RING_CELLS: [[u16; 8]; CELLS] = ring_table(RING);
static TURNED_RING_CELLS: [[u16; 8]; CELLS] = ring_table(TURNED_RING);
static DABBABA_RING_CELLS: [[u16; 8]; CELLS] = ring_table(DABBABA_RING);
static ALFIL_RING_CELLS: [[u16; 8]; CELLS] = ring_table(ALFIL_RING);

fn ring_cells(adjacency: Adjacency) -> &'static [[u16; 8]; CELLS] {
    match adjacency {
        Adjacency::Orthogonal => &RING_CELLS,
        Adjacency::Diagonal => &TURNED_RING_CELLS,
        Adjacency::Dabbaba => &DABBABA_RING_CELLS,
        Adjacency::Alfil => &ALFIL_RING_CELLS,
    }
}

fn ring_of(adjacency: Adjacency) -> &'static [(i32, i32); 8] {
    match adjacency {
        Adjacency::Orthogonal => &RING,
        Adjacency::Diagonal => &TURNED_RING,
        Adjacency::Dabbaba => &DABBABA_RING,
        Adjacency::Alfil => &ALFIL_RING,
    }
}

/// MoGo's 3 × 3 playout patterns (Gelly, Wang, Munos, Teytaud 2006), in the form
/// Michi (P. Baudiš) writes them: the centre is the move, `X` and `O` are the two sides
/// (either way round), `x` is "not X" and `o` "not O" (empty, the other side or off the
/// board), `?` anything, a space off the board; every rotation and reflection counts.
mod patterns {
    use std::sync::LazyLock;

    use super::{EMPTY, OFF, RING, symmetric};

    const SOURCES: [[&str; 3]; 13] = [
        ["XOX", "...", "???"], // hane: enclosing hane
        ["XO.", "...", "?.?"], // hane: non-cutting hane
        ["XO?", "X..", "x.?"], // hane: magari
        [".O.", "X..", "..."], // diagonal attachment
        ["XO?", "O.o", "?o?"], // cut: unprotected
        ["XO?", "O.X", "???"], // cut: peeped
        ["?X?", "O.O", "ooo"], // cut: de
        ["OX?", "o.O", "???"], // cut: keima
        ["X.?", "O.?", "   "], // edge: chase
        ["OX?", "X.O", "   "], // edge: block a cut
        ["?X?", "x.O", "   "], // edge: block a connection
        ["?XO", "x.x", "   "], // edge: sagari
        ["?OX", "X.O", "   "], // edge: cut
    ];

    /// One bit per pattern code (8 KiB, where a byte each would crowd the cache).
    pub(super) type Table = [u64; 1 << 10];

    static TABLE: LazyLock<Box<Table>> = LazyLock::new(build);

    pub(super) fn table() -> &'static Table {
        &TABLE
    }

    #[inline]
    pub(super) fn matches(code: usize) -> bool {
        matches_in(&TABLE, code)
    }

    #[inline]
    pub(super) fn matches_in(table: &Table, code: usize) -> bool {
        table[code >> 6] >> (code & 63) & 1 != 0
    }

    /// The colours each pattern letter allows, with `X` as Black (1) and `O` as White (2).
    fn allowed(c: u8, swap: bool) -> &'static [u8] {
        let c = match (c, swap) {
            (b'X', true) => b'O',
            (b'O', true) => b'X',
            (b'x', true) => b'o',
            (b'o', true) => b'x',
            (c, _) => c,
        };
        match c {
            b'X' => &[1],
            b'O' => &[2],
            b'x' => &[EMPTY, 2, OFF],
            b'o' => &[EMPTY, 1, OFF],
            b'.' => &[EMPTY],
            b' ' => &[OFF],
            _ => &[EMPTY, 1, 2, OFF],
        }
    }

    fn build() -> Box<Table> {
        let mut table = Box::new([0u64; 1 << 10]);
        for rows in SOURCES {
            // The letter at each (file, rank) step from the centre, rank 1 the top row.
            let at = |df: i32, dr: i32| rows[(1 - dr) as usize].as_bytes()[(df + 1) as usize];
            for sym in 0..8 {
                for swap in [false, true] {
                    // Each ring cell's letter under this rotation or reflection.
                    let letters: Vec<u8> = RING
                        .iter()
                        .map(|&step| {
                            let (a, b) = symmetric(step, sym);
                            at(a, b)
                        })
                        .collect();
                    let mut codes = vec![0usize];
                    for (k, &l) in letters.iter().enumerate() {
                        codes = codes
                            .iter()
                            .flat_map(|&c| {
                                allowed(l, swap)
                                    .iter()
                                    .map(move |&v| c | (v as usize) << (2 * k))
                            })
                            .collect();
                    }
                    for c in codes {
                        table[c >> 6] |= 1 << (c & 63);
                    }
                }
            }
        }
        table
    }
}

/// The 3 × 3 pattern weights `tools/learn-patterns.py` learnt from GNU Go's games
/// (`patterns3.txt`: each pattern as its eight neighbours from the mover's side, in
/// [`RING`] order, up to the square's symmetries), as a table by pattern code for each
/// side to move.
mod learnt {
    use std::sync::LazyLock;

    use super::{EMPTY, OFF, RING, symmetric};

    const DATA: &str = include_str!("../patterns3.txt");
    /// The weight of a pattern the games never offered.
    const UNSEEN: f32 = 1.0;

    struct Table {
        /// By (side to move − 1) × 2¹⁶ + pattern code.
        gamma: Vec<f32>,
        /// The mean sum of the weights of the cells farther from the opponent's last
        /// move than its eight neighbours.
        far: f32,
    }

    static TABLE: LazyLock<Table> = LazyLock::new(|| build(DATA));

    /// The weight of a drop with the neighbourhood `code` for the side `turn` (1 Black,
    /// 2 White).
    #[inline]
    pub(super) fn gamma(turn: u8, code: usize) -> f32 {
        TABLE.gamma[((turn as usize - 1) << 16) | code]
    }

    #[inline]
    pub(super) fn far() -> f32 {
        TABLE.far
    }

    /// Where ring cell `k` goes under symmetry `sym` of the square (bit 4: swap the axes,
    /// 1: mirror files, 2: mirror ranks).
    fn moved(sym: usize, k: usize) -> usize {
        let to = symmetric(RING[k], sym);
        RING.iter()
            .position(|&s| s == to)
            .expect("a symmetry of the square maps the ring onto itself")
    }

    fn build(data: &str) -> Table {
        let mut gamma = vec![UNSEEN; 2 << 16];
        let mut far = None;
        for line in data.lines() {
            if let Some(rest) = line.strip_prefix("# far ") {
                far = rest.trim().parse().ok();
                continue;
            }
            // Comments start with "# "; a pattern may start with '#' (off the board).
            if line.starts_with("# ") || line.trim().is_empty() {
                continue;
            }
            let mut fields = line.split_whitespace();
            let (Some(ring), Some(g)) = (fields.next(), fields.next()) else {
                panic!("patterns3.txt: a line without a pattern and a weight: {line}");
            };
            let g: f32 = g.parse().expect("patterns3.txt: a weight is a number");
            let letters = ring.as_bytes();
            assert_eq!(
                letters.len(),
                8,
                "patterns3.txt: a pattern has 8 cells: {line}"
            );
            for turn in [1u8, 2] {
                for sym in 0..8 {
                    let mut code = 0;
                    for (k, &l) in letters.iter().enumerate() {
                        let colour = match l {
                            b'X' => turn,
                            b'O' => 3 - turn,
                            b'.' => EMPTY,
                            b'#' => OFF,
                            _ => panic!("patterns3.txt: unknown cell '{}'", l as char),
                        };
                        code |= (colour as usize) << (2 * moved(sym, k));
                    }
                    gamma[((turn as usize - 1) << 16) | code] = g;
                }
            }
        }
        let far = far.expect("patterns3.txt names the far cells' mean weight");
        Table { gamma, far }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn the_learnt_table_reads_and_is_symmetric() {
            let t = &*TABLE;
            assert!(t.far > 0.0);
            // The data's first edge pattern as written, for Black; mirrored and with
            // the colours swapped, for White.
            let code = |cells: [u8; 8]| {
                cells
                    .iter()
                    .enumerate()
                    .map(|(k, &c)| (c as usize) << (2 * k))
                    .sum::<usize>()
            };
            // An edge pattern: its off-board cells are written '#', like a comment's
            // first letter.
            let first = DATA.lines().find(|l| l.starts_with("##")).unwrap();
            let mut fields = first.split_whitespace();
            let ring = fields.next().unwrap().as_bytes();
            let g: f32 = fields.next().unwrap().parse().unwrap();
            let as_black: Vec<u8> = ring
                .iter()
                .map(|&l| match l {
                    b'X' => 1,
                    b'O' => 2,
                    b'.' => EMPTY,
                    _ => OFF,
                })
                .collect();
            let mut mirrored = [0u8; 8];
            for k in 0..8 {
                mirrored[moved(1, k)] = as_black[k];
            }
            let swapped = mirrored.map(|c| match c {
                1 => 2,
                2 => 1,
                c => c,
            });
            assert_eq!(t.gamma[code(as_black.try_into().unwrap())], g);
            assert_eq!(t.gamma[(1 << 16) | code(swapped)], g);
            assert_ne!(g, UNSEEN);
        }
    }
}
