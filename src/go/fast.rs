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
        let n = self.n_empty;
        if n > 0 {
            let start = rng.below(n);
            // From `start` round to `start - 1`, without a division per cell.
            let mut j = start;
            for _ in 0..n {
                let v = self.empty[j];
                if self.is_legal(v) && !self.is_own_eye(v) {
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

    /// The distinct liberties of group `g`, up to `N` of them; returns how many found
    /// (`N` means "at least `N`").
    fn liberties<const N: usize>(&self, g: u16, out: &mut [u16; N]) -> usize {
        let mut n = 0;
        let mut s = g;
        loop {
            for &l in self.neighbours(s) {
                if self.color[l as usize] == EMPTY && !out[..n].contains(&l) {
                    out[n] = l;
                    n += 1;
                    if n == N {
                        return n;
                    }
                }
            }
            s = self.next[s as usize];
            if s == g {
                return n;
            }
        }
    }

    /// The last liberty of the group on `v`, when it has exactly one.
    #[inline]
    fn atari_liberty(&self, v: u16) -> Option<u16> {
        let g = self.group[v as usize] as usize;
        one_cell(
            self.libs[g] as u64,
            self.lib_sum[g] as u64,
            self.lib_sq[g] as u64,
        )
    }

    /// The last liberty of an opponent group in atari next to the group on `v`, where
    /// the mover may drop now: every such group is tried, so one whose capture basic ko
    /// forbids does not hide another.
    fn capture_next_to(&self, v: u16) -> Option<u16> {
        let g = self.group[v as usize];
        let them = self.color[v as usize] ^ 3;
        let mut s = g;
        loop {
            for &n in self.neighbours(s) {
                if self.color[n as usize] == them
                    && let Some(l) = self.atari_liberty(n)
                    && self.is_legal(l)
                {
                    return Some(l);
                }
            }
            s = self.next[s as usize];
            if s == g {
                return None;
            }
        }
    }

    /// Whether the mover's drop on `v` (legal) would leave its group of `min_size` or more
    /// stones with a single liberty, capturing nothing.
    fn is_self_atari(&self, v: u16, min_size: u16) -> bool {
        let me = self.turn;
        let mut libs = [NONE; 2];
        let mut n = 0;
        let mut size = 1;
        let mut groups = [NONE; 4];
        // How many of `v`'s neighbours are stones of each of those groups.
        let mut touching = [0u64; 4];
        let mut ng = 0;
        for &w in self.neighbours(v) {
            let c = self.color[w as usize];
            if c == EMPTY {
                if !libs[..n].contains(&w) {
                    libs[n] = w;
                    n += 1;
                    if n == 2 {
                        return false;
                    }
                }
            } else if c == me {
                let g = self.group[w as usize];
                match groups[..ng].iter().position(|&h| h == g) {
                    Some(j) => touching[j] += 1,
                    None => {
                        groups[ng] = g;
                        touching[ng] = 1;
                        ng += 1;
                        size += self.size[g as usize];
                    }
                }
            } else if self.atari_liberty(w).is_some() {
                // It captures.
                return false;
            }
        }
        for (&g, &k) in groups[..ng].iter().zip(&touching) {
            // The group's pseudo-liberties other than `v` (each stone next to `v` counts
            // it once): two distinct cells or more among them, or one new one, and the
            // drop keeps two liberties.
            let gi = g as usize;
            let (vv, vsq) = (v as u64, v as u64 * v as u64);
            let others = self.libs[gi] as u64 - k;
            if others == 0 {
                continue;
            }
            let sum = self.lib_sum[gi] as u64 - k * vv;
            let sq = self.lib_sq[gi] as u64 - k * vsq;
            let Some(l) = one_cell(others, sum, sq) else {
                return false;
            };
            if !libs[..n].contains(&l) {
                libs[n] = l;
                n += 1;
                if n == 2 {
                    return false;
                }
            }
        }
        size >= min_size
    }

    /// Whether the mover's drop on the empty `v` (legal) leaves its own group with one
    /// liberty, capturing nothing: a self-atari of any size.
    pub fn is_self_atari_drop(&self, v: u16) -> bool {
        self.is_self_atari(v, 1)
    }

    /// Whether the mover's drop on the empty `v` leaves an opponent's group next to it
    /// with one liberty.
    pub fn puts_in_atari(&self, v: u16) -> bool {
        let them = self.turn ^ 3;
        self.neighbours(v).iter().any(|&w| {
            let mut libs = [NONE; 3];
            self.color[w as usize] == them
                && self.liberties(self.group[w as usize], &mut libs) == 2
                && libs.contains(&v)
        })
    }

    /// Whether `v` is one of the eight cells around `last` that the playouts' 3 × 3
    /// shapes look at.
    pub fn is_around(&self, last: u16, v: u16) -> bool {
        self.ring[last as usize].contains(&v)
    }

    /// Whether the mover's group on `v`, in atari, can be saved: by capturing a
    /// neighbouring group in atari, or by extending to its last liberty so that it has
    /// three liberties or more, or two from which no ladder catches it. Reads at most
    /// `depth` moves ahead and [`LADDER_READS`] positions; a ladder longer than that
    /// counts as escaped.
    pub fn can_escape(&self, v: u16, depth: u32) -> bool {
        let mut reads = LADDER_READS;
        self.escapes(v, depth, &mut reads)
    }

    /// The atari on the opponent's group on `v` (which has two liberties) after which
    /// the group cannot escape ([`FastGo::can_escape`]): a ladder, or a net, that works.
    pub fn ladder_attack(&self, v: u16, depth: u32) -> Option<u16> {
        let mut reads = LADDER_READS;
        self.attack(v, depth, &mut reads)
    }

    fn escapes(&self, v: u16, depth: u32, reads: &mut u32) -> bool {
        if self.color[v as usize] == EMPTY || self.color[v as usize] == OFF {
            return false;
        }
        let Some(l) = self.atari_liberty(v) else {
            return true;
        };
        if depth == 0 || *reads == 0 || self.capture_next_to(v).is_some() {
            return true;
        }
        if !self.is_legal(l) {
            return false;
        }
        *reads -= 1;
        let mut b = self.clone();
        b.play(l);
        let mut libs = [NONE; 3];
        match b.liberties(b.group[v as usize], &mut libs) {
            0 | 1 => false,
            2 => b.attack(v, depth - 1, reads).is_none(),
            _ => true,
        }
    }

    fn attack(&self, v: u16, depth: u32, reads: &mut u32) -> Option<u16> {
        if depth == 0 || self.color[v as usize] != 3 - self.turn {
            return None;
        }
        let mut libs = [NONE; 3];
        if self.liberties(self.group[v as usize], &mut libs) != 2 {
            return None;
        }
        for &a in &libs[..2] {
            if *reads == 0 || !self.is_legal(a) || self.is_self_atari(a, 1) {
                continue;
            }
            *reads -= 1;
            let mut b = self.clone();
            b.play(a);
            if b.color[v as usize] != EMPTY && !b.escapes(v, depth - 1, reads) {
                return Some(a);
            }
        }
        None
    }

    /// The 3 × 3 neighbourhood of `v` as a pattern code: two bits per neighbour (empty,
    /// Black, White, off the board), in the order of the ring ([`RING`], or turned).
    #[inline]
    fn pattern_code(&self, v: u16) -> usize {
        let ring = &self.ring[v as usize];
        let mut code = 0;
        for (k, &n) in ring.iter().enumerate() {
            code |= (self.color[n as usize] as usize) << (2 * k);
        }
        code
    }

    /// Whether a drop on the empty cell `v` matches one of the classic 3 × 3 shapes
    /// (hane, cut, edge moves) of MoGo's playouts, for either side.
    #[inline]
    pub fn is_shape_move(&self, v: u16) -> bool {
        patterns::matches_in(self.shapes, self.pattern_code(v))
    }

    /// The empty cells around the opponent's drop on `last` (its ring), other than
    /// `avoid`, that pass `keep` (tested first: it is the cheap one), are legal, fill no
    /// own eye and put no own group of 2 or more stones in atari.
    #[inline]
    fn local_answers(
        &self,
        last: u16,
        avoid: u16,
        keep: impl Fn(u16) -> bool,
    ) -> ([u16; 8], usize) {
        let mut found = [NONE; 8];
        let mut n = 0;
        for &v in &self.ring[last as usize] {
            // Beyond the layout is [`OUTSIDE`], never empty.
            if v != avoid && self.color[v as usize] == EMPTY && keep(v) && self.is_good_drop(v, 2) {
                found[n] = v;
                n += 1;
            }
        }
        (found, n)
    }

    /// A move that answers the opponent's drop on `last` with a good local shape: one
    /// of [`FastGo::local_answers`] that matches a 3 × 3 pattern, chosen at random.
    fn shape_reply(&self, rng: &mut Rng, last: u16, avoid: u16) -> Option<u16> {
        let (found, n) = self.local_answers(last, avoid, |v| self.is_shape_move(v));
        (n > 0).then(|| found[rng.below(n)])
    }

    /// A move that answers the opponent's drop on `last` by the learnt 3 × 3 pattern
    /// weights ([`learnt`]): [`FastGo::local_answers`] compete with the rest of the board,
    /// each by its pattern's weight and the rest by the mean weight the learning found
    /// there; `None` when the rest wins.
    fn learnt_reply(&self, rng: &mut Rng, last: u16, avoid: u16) -> Option<u16> {
        let (found, n) = self.local_answers(last, avoid, |_| true);
        let mut upto = [0f32; 8];
        let mut total = 0f32;
        for (k, &v) in found[..n].iter().enumerate() {
            total += learnt::gamma(self.turn, self.pattern_code(v));
            upto[k] = total;
        }
        let x = rng.unit() as f32 * (total + learnt::far());
        (0..n).find(|&k| x < upto[k]).map(|k| found[k])
    }

    /// The playout policy with cheap heuristics (Go programs' classic ones): after the
    /// opponent's drop on `last`, capture its group if it stands in atari, else save an
    /// own group next to it that it put in atari (capturing a neighbour of it that is
    /// in atari, or extending), else answer with a 3 × 3 shape next to it (by
    /// `shapes`); otherwise a random move as [`FastGo::random_move`] that does not put
    /// a group of 3 or more stones in atari.
    #[inline]
    pub fn policy_move(&mut self, rng: &mut Rng, last: Option<u16>, shapes: Shapes) -> Option<u16> {
        self.policy_move_with(rng, last, shapes, None, false)
    }

    /// [`FastGo::policy_move`] that first tries `reply` (the search's remembered answer to
    /// the last moves, the "last good reply" policy): played when it is legal, fills no
    /// own eye and puts no group of 3 or more stones in atari. With `ladders`, a group in
    /// atari is not extended into a ladder that catches it ([`FastGo::can_escape`]).
    #[inline]
    pub fn policy_move_with(
        &mut self,
        rng: &mut Rng,
        last: Option<u16>,
        shapes: Shapes,
        reply: Option<u16>,
        ladders: bool,
    ) -> Option<u16> {
        let tactics = Tactics {
            ladders,
            ..Tactics::default()
        };
        self.policy_move_tactics(rng, last, shapes, reply, tactics)
    }

    /// [`FastGo::policy_move_with`] with the rules that `tactics` turns on.
    #[inline]
    pub fn policy_move_tactics(
        &mut self,
        rng: &mut Rng,
        last: Option<u16>,
        shapes: Shapes,
        reply: Option<u16>,
        tactics: Tactics,
    ) -> Option<u16> {
        let Tactics {
            ladders,
            two_libs,
            nakade,
            ..
        } = tactics;
        if let Some(r) = reply
            && self.is_good_drop(r, 3)
        {
            self.play(r);
            return Some(r);
        }
        if let Some(v) = last
            && self.color[v as usize] != EMPTY
        {
            if let Some(l) = self.atari_liberty(v)
                && self.is_legal(l)
            {
                self.play(l);
                return Some(l);
            }
            let me = self.turn;
            // An extension read as caught in a ladder: played by no other rule either.
            let mut avoid = NONE;
            let nbrs = self.nbr[v as usize];
            for &w in &nbrs[..self.nbr_len[v as usize] as usize] {
                if self.color[w as usize] == me
                    && let Some(l) = self.atari_liberty(w)
                {
                    // Save it by capturing a neighbour in atari, else by extending
                    // (with `ladders`, not into a ladder that works).
                    if let Some(c) = self.capture_next_to(w) {
                        self.play(c);
                        return Some(c);
                    }
                    if self.is_legal(l) && !self.is_self_atari(l, 1) {
                        if !ladders || self.can_escape(w, LADDER_DEPTH) {
                            self.play(l);
                            return Some(l);
                        }
                        avoid = l;
                    }
                }
            }
            if nakade
                && avoid == NONE
                && let Some(l) = self.vital_point_near(v)
            {
                self.play(l);
                return Some(l);
            }
            if two_libs
                && avoid == NONE
                && let Some(l) = self.two_liberty_move(rng, v)
            {
                self.play(l);
                return Some(l);
            }
            let answer = match shapes {
                Shapes::Off => None,
                Shapes::Mogo => self.shape_reply(rng, v, avoid),
                Shapes::Learnt => self.learnt_reply(rng, v, avoid),
            };
            if let Some(l) = answer {
                self.play(l);
                return Some(l);
            }
            return self.random_policy_move(rng, avoid, tactics);
        }
        self.random_policy_move(rng, NONE, tactics)
    }

    /// The vital point of a small eye space next to the opponent's drop on `v`: a region
    /// of 3 to 6 empty cells, next to `v`, walled by stones of one colour only, with one
    /// cell next to more of the region's cells than any other (at least two): the middle
    /// of a straight or bent three, the centre of a pyramid four, a bulky or crossed five
    /// or a flower six. The owner lives by playing it, the other side kills by playing it
    /// first; the random playouts find it only by chance, and then let the group live
    /// (the shapes whose capture needs a self-atari of 3 stones or more are never killed).
    /// `None` when there is none, or it is not legal.
    fn vital_point_near(&self, v: u16) -> Option<u16> {
        const MAX: usize = 6;
        // The walls are `v`'s colour or the region is not one.
        let wall = self.color[v as usize];
        let mut done = [NONE; 4];
        let mut nd = 0;
        for &e in self.neighbours(v) {
            if self.color[e as usize] != EMPTY || done[..nd].contains(&e) {
                continue;
            }
            // Flood the empty region of `e`, giving up past MAX cells or at a stone of
            // the other colour.
            let mut region = [NONE; MAX + 1];
            let mut n = 1;
            region[0] = e;
            let mut mixed = false;
            let mut k = 0;
            'flood: while k < n {
                let c = region[k];
                for &w in self.neighbours(c) {
                    let colour = self.color[w as usize];
                    if colour == EMPTY {
                        if !region[..n].contains(&w) {
                            if n > MAX - 1 {
                                n = MAX + 1;
                                break 'flood;
                            }
                            region[n] = w;
                            n += 1;
                        }
                    } else if colour != wall {
                        mixed = true;
                        break 'flood;
                    }
                }
                k += 1;
            }
            for &c in &region[..n.min(MAX)] {
                if self.neighbours(v).contains(&c) && nd < done.len() {
                    done[nd] = c;
                    nd += 1;
                }
            }
            if !(3..=MAX).contains(&n) || mixed {
                continue;
            }
            let (mut best, mut most, mut tie) = (NONE, 0, false);
            for &c in &region[..n] {
                let inside = self
                    .neighbours(c)
                    .iter()
                    .filter(|w| region[..n].contains(w))
                    .count();
                if inside > most {
                    (best, most, tie) = (c, inside, false);
                } else if inside == most {
                    tie = true;
                }
            }
            if most >= 2 && !tie && self.is_legal(best) {
                return Some(best);
            }
        }
        None
    }

    /// Whether the mover's drop on `v`, a self-atari, fills an eye space of the
    /// opponent's to kill it: the group it makes has at most 5 stones and its last
    /// liberty touches only the opponent's stones and the group, so that the capture
    /// leaves an eye space of at most 6 cells walled by the opponent alone (a nakade: it
    /// may still be one eye).
    fn is_nakade_fill(&self, v: u16) -> bool {
        let me = self.turn;
        let them = me ^ 3;
        let mut size = 1;
        let mut groups = [NONE; 4];
        let mut ng = 0;
        let mut lib = NONE;
        for &w in self.neighbours(v) {
            match self.color[w as usize] {
                EMPTY => lib = w,
                c if c == me => {
                    let g = self.group[w as usize];
                    if !groups[..ng].contains(&g) {
                        groups[ng] = g;
                        ng += 1;
                        size += self.size[g as usize];
                    }
                }
                _ => {}
            }
        }
        if size > 5 {
            return false;
        }
        if lib == NONE {
            // The liberty is one of the groups': find it.
            let mut out = [NONE; 2];
            for &g in &groups[..ng] {
                if self.liberties(g, &mut out) > 0 {
                    lib = out
                        .iter()
                        .copied()
                        .find(|&l| l != v && l != NONE)
                        .unwrap_or(NONE);
                    if lib != NONE {
                        break;
                    }
                }
            }
            if lib == NONE {
                return false;
            }
        }
        self.neighbours(lib).iter().all(|&w| {
            let c = self.color[w as usize];
            c == them || w == v || (c == me && groups[..ng].contains(&self.group[w as usize]))
        })
    }

    /// The answer to the opponent's drop on `v` (a stone) when a group next to it has
    /// two liberties, the capturing races and life and death that the atari rules see
    /// one move too late: an atari on the opponent's group on `v` that it cannot escape
    /// by extending (its other liberty gives it at most two), from a drop that is not
    /// itself in atari; else a drop that gives an own group next to `v` with two
    /// liberties a third (or captures a neighbour of it in atari). Chosen at random
    /// among those; `None` when there is none.
    fn two_liberty_move(&self, rng: &mut Rng, v: u16) -> Option<u16> {
        let me = self.turn;
        let them = me ^ 3;
        let mut found = [NONE; 8];
        let mut n = 0;
        let mut libs = [NONE; 3];
        let g = self.group[v as usize];
        // A stone with three empty neighbours has three liberties: no walk.
        if self.empty_around(v) < 3 && self.liberties(g, &mut libs) == 2 {
            for (a, b) in [(libs[0], libs[1]), (libs[1], libs[0])] {
                if self.is_legal(a)
                    && self.liberties_after(me, a, NONE, 2, NONE, NONE) >= 2
                    && self.liberties_after(them, b, a, 3, g, NONE) <= 2
                {
                    found[n] = a;
                    n += 1;
                }
            }
        }
        if n == 0 {
            for &w in self.neighbours(v) {
                if self.color[w as usize] != me {
                    continue;
                }
                let mut own = [NONE; 3];
                let h = self.group[w as usize];
                if self.empty_around(w) >= 3 || self.liberties(h, &mut own) != 2 {
                    continue;
                }
                if let Some(c) = self.capture_next_to(w) {
                    if !found[..n].contains(&c) && n < found.len() {
                        found[n] = c;
                        n += 1;
                    }
                    continue;
                }
                for (l, other) in [(own[0], own[1]), (own[1], own[0])] {
                    if !found[..n].contains(&l)
                        && n < found.len()
                        && self.is_legal(l)
                        && self.liberties_after(me, l, NONE, 3, h, other) >= 3
                    {
                        found[n] = l;
                        n += 1;
                    }
                }
            }
        }
        (n > 0).then(|| found[rng.below(n)])
    }

    /// How many of `v`'s neighbours are empty.
    #[inline]
    fn empty_around(&self, v: u16) -> usize {
        self.neighbours(v)
            .iter()
            .filter(|&&n| self.color[n as usize] == EMPTY)
            .count()
    }

    /// How many distinct liberties, up to `max`, the group of a stone of colour `c`
    /// dropped on the empty `v` would have, `gone` taken as occupied; a drop that captures
    /// an opponent's group in atari (other than through `gone`) counts as `max`. The group
    /// `known`, if `v` joins it, is not walked: its liberties are `v`, `gone` and `keep`.
    fn liberties_after(
        &self,
        c: u8,
        v: u16,
        gone: u16,
        max: usize,
        known: u16,
        keep: u16,
    ) -> usize {
        let mut out = [NONE; 8];
        let mut n = 0;
        let mut add = |l: u16, n: &mut usize| {
            if l != v && l != gone && l != NONE && *n < max && !out[..*n].contains(&l) {
                out[*n] = l;
                *n += 1;
            }
        };
        // The empty neighbours first: often enough on their own.
        for &w in self.neighbours(v) {
            if self.color[w as usize] == EMPTY {
                add(w, &mut n);
            }
        }
        if n >= max {
            return max;
        }
        let mut seen = [NONE; 4];
        let mut ng = 0;
        for &w in self.neighbours(v) {
            let cw = self.color[w as usize];
            if cw == c {
                let g = self.group[w as usize];
                if seen[..ng].contains(&g) {
                    continue;
                }
                seen[ng] = g;
                ng += 1;
                if g == known {
                    add(keep, &mut n);
                } else {
                    let mut s = g;
                    loop {
                        for &l in self.neighbours(s) {
                            if self.color[l as usize] == EMPTY {
                                add(l, &mut n);
                            }
                        }
                        s = self.next[s as usize];
                        if s == g || n >= max {
                            break;
                        }
                    }
                }
            } else if cw == (c ^ 3) && w != gone && self.atari_liberty(w) == Some(v) {
                return max;
            }
            if n >= max {
                return max;
            }
        }
        n
    }

    /// The last liberty of an opponent's group in atari anywhere on the board, where the
    /// mover may drop: the empty cells are walked round from a random one, so every such
    /// group has its chance; `None` when there is none.
    fn capture_anywhere(&self, rng: &mut Rng) -> Option<u16> {
        let n = self.n_empty;
        if n == 0 {
            return None;
        }
        let them = self.turn ^ 3;
        let mut j = rng.below(n);
        for _ in 0..n {
            let v = self.empty[j];
            for &w in self.neighbours(v) {
                if self.color[w as usize] == them
                    && self.only_liberty_is(self.group[w as usize], v)
                    && self.is_legal(v)
                {
                    return Some(v);
                }
            }
            j += 1;
            if j == n {
                j = 0;
            }
        }
        None
    }

    /// The policy's last resort: with `capture_any`, a capture anywhere
    /// ([`FastGo::capture_anywhere`]); else a random legal move that fills no own eye,
    /// puts no group of 3 or more stones in atari (2 or more with `self_atari2`) and is
    /// not `avoid`; else a pass.
    #[inline]
    fn random_policy_move(&mut self, rng: &mut Rng, avoid: u16, tactics: Tactics) -> Option<u16> {
        if tactics.capture_any
            && let Some(c) = self.capture_anywhere(rng)
        {
            self.play(c);
            return Some(c);
        }
        let nakade = tactics.nakade;
        let min_size = if tactics.self_atari2 { 2 } else { 3 };
        let n = self.n_empty;
        if n > 0 {
            let start = rng.below(n);
            // From `start` round to `start - 1`, without a division per cell.
            let mut j = start;
            for _ in 0..n {
                let v = self.empty[j];
                if v != avoid
                    && (self.is_good_drop(v, min_size)
                        || (nakade
                            && self.is_legal(v)
                            && !self.is_own_eye(v)
                            && self.is_nakade_fill(v)))
                {
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

    const DATA: &str = include_str!("patterns3.txt");
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
