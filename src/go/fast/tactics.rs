//! The fast board's tactical reading for the playout policy: liberties, ataris, ladders,
//! capturing races of two liberties, the vital points of small eye spaces, captures
//! anywhere.

use super::*;

impl FastGo {
    /// The distinct liberties of group `g`, up to `N` of them; returns how many found
    /// (`N` means "at least `N`").
    pub(super) fn liberties<const N: usize>(&self, g: u16, out: &mut [u16; N]) -> usize {
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
    pub(super) fn atari_liberty(&self, v: u16) -> Option<u16> {
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
    pub(super) fn capture_next_to(&self, v: u16) -> Option<u16> {
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
    pub(super) fn is_self_atari(&self, v: u16, min_size: u16) -> bool {
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

    pub(super) fn escapes(&self, v: u16, depth: u32, reads: &mut u32) -> bool {
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

    pub(super) fn attack(&self, v: u16, depth: u32, reads: &mut u32) -> Option<u16> {
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

    /// The vital point of a small eye space next to the opponent's drop on `v`: a region
    /// of 3 to 6 empty cells, next to `v`, walled by stones of one colour only, with one
    /// cell next to more of the region's cells than any other (at least two): the middle
    /// of a straight or bent three, the centre of a pyramid four, a bulky or crossed five
    /// or a flower six. The owner lives by playing it, the other side kills by playing it
    /// first; the random playouts find it only by chance, and then let the group live
    /// (the shapes whose capture needs a self-atari of 3 stones or more are never killed).
    /// `None` when there is none, or it is not legal.
    pub(super) fn vital_point_near(&self, v: u16) -> Option<u16> {
        const MAX: usize = 6;
        let cell = |i: u16| Cell::from_index(i as usize);
        // The walls are `v`'s colour or the region is not one.
        let wall = self.color[v as usize];
        // The cells of the regions flooded so far (a region given up on, in part).
        let mut covered = Bits::EMPTY;
        for &e in self.neighbours(v) {
            if self.color[e as usize] != EMPTY || covered.contains(cell(e)) {
                continue;
            }
            let mut seen = Bits::EMPTY;
            // Flood the empty region of `e`, giving up past MAX cells or at a stone of
            // the other colour.
            let mut region = [NONE; MAX];
            let mut n = 1;
            region[0] = e;
            seen.insert(cell(e));
            let mut small = true;
            let mut k = 0;
            'flood: while k < n {
                for &w in self.neighbours(region[k]) {
                    let colour = self.color[w as usize];
                    if colour == EMPTY {
                        if !seen.contains(cell(w)) {
                            if n == MAX {
                                small = false;
                                break 'flood;
                            }
                            seen.insert(cell(w));
                            region[n] = w;
                            n += 1;
                        }
                    } else if colour != wall {
                        small = false;
                        break 'flood;
                    }
                }
                k += 1;
            }
            covered |= seen;
            if !small || n < 3 {
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
    pub(super) fn is_nakade_fill(&self, v: u16) -> bool {
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
    pub(super) fn two_liberty_move(&self, rng: &mut Rng, v: u16) -> Option<u16> {
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
    pub(super) fn empty_around(&self, v: u16) -> usize {
        self.neighbours(v)
            .iter()
            .filter(|&&n| self.color[n as usize] == EMPTY)
            .count()
    }

    /// How many distinct liberties, up to `max`, the group of a stone of colour `c`
    /// dropped on the empty `v` would have, `gone` taken as occupied; a drop that captures
    /// an opponent's group in atari (other than through `gone`) counts as `max`. The group
    /// `known`, if `v` joins it, is not walked: its liberties are `v`, `gone` and `keep`.
    pub(super) fn liberties_after(
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
    pub(super) fn capture_anywhere(&self, rng: &mut Rng) -> Option<u16> {
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
}

/// How many plies the tree's tactical reading looks ahead ([`FastGo::captures_group`]).
pub const READ_DEPTH: u32 = 12;
/// How many positions one question of that reading may visit; past it the string
/// counts as safe.
const READ_NODES: u32 = 2000;
/// Strings with more liberties than this count as safe to the reading.
pub const READ_LIBS: usize = 3;

impl FastGo {
    /// Whether the side to move captures the opponent's string on `v` however the
    /// opponent defends: ataris and ladders, and short fights of up to [`READ_LIBS`]
    /// liberties (the attacker fills a liberty; the defender extends, captures a string
    /// next to it, or fills a liberty of a string next to it that has no more liberties
    /// than its own). Reads `depth` plies and [`READ_NODES`] positions; a string that
    /// outlives them is safe. False when `v` holds no opponent stone.
    pub fn captures_group(&self, v: u16, depth: u32) -> bool {
        let mut nodes = READ_NODES;
        self.color[v as usize] == 3 - self.turn && self.attack_wins(v, depth, &mut nodes)
    }

    /// Whether the side to move keeps its string on `v` however the opponent attacks
    /// (the same reading). False when `v` holds no stone of the mover's.
    pub fn keeps_group(&self, v: u16, depth: u32) -> bool {
        let mut nodes = READ_NODES;
        self.color[v as usize] == self.turn && self.defend_wins(v, depth, &mut nodes)
    }

    /// The attacker (to move) captures the string on `v`.
    fn attack_wins(&self, v: u16, depth: u32, nodes: &mut u32) -> bool {
        if self.color[v as usize] != 3 - self.turn {
            return true;
        }
        let mut libs = [NONE; READ_LIBS + 1];
        let n = self.liberties(self.group[v as usize], &mut libs);
        if n == 1 {
            return self.is_legal(libs[0]);
        }
        if n > READ_LIBS || depth == 0 {
            return false;
        }
        // The string's liberties, then the liberties of the attacker's strings next to
        // it with as few (a race: the attacker saves its own first).
        let mut tries = [NONE; 16];
        let mut k = 0;
        for &l in &libs[..n] {
            tries[k] = l;
            k += 1;
        }
        self.race_liberties(v, n, &mut tries, &mut k);
        for &a in &tries[..k] {
            if *nodes == 0 {
                return false;
            }
            if !self.is_legal(a) {
                continue;
            }
            *nodes -= 1;
            let mut b = self.clone();
            b.play(a);
            if !b.defend_wins(v, depth - 1, nodes) {
                return true;
            }
        }
        false
    }

    /// The defender (to move) keeps the string on `v`.
    fn defend_wins(&self, v: u16, depth: u32, nodes: &mut u32) -> bool {
        if self.color[v as usize] != self.turn {
            return false;
        }
        let g = self.group[v as usize];
        let mut libs = [NONE; READ_LIBS + 1];
        let n = self.liberties(g, &mut libs);
        if n > READ_LIBS {
            return true;
        }
        if depth == 0 || *nodes == 0 {
            return n >= 2;
        }
        // Captures and short fights next to the string first, then its liberties.
        let mut tries = [NONE; 16];
        let mut k = 0;
        self.race_liberties(v, n, &mut tries, &mut k);
        for &l in &libs[..n] {
            if k < tries.len() && !tries[..k].contains(&l) {
                tries[k] = l;
                k += 1;
            }
        }
        for &m in &tries[..k] {
            if *nodes == 0 {
                return n >= 2;
            }
            if !self.is_legal(m) {
                continue;
            }
            *nodes -= 1;
            let mut b = self.clone();
            b.play(m);
            if !b.attack_wins(v, depth - 1, nodes) {
                return true;
            }
        }
        false
    }

    /// Adds to `tries` (`k` of them so far) the liberties of the strings next to the
    /// string on `v` (of the other colour) that have at most `n` liberties: the moves
    /// of a capturing race around it.
    fn race_liberties(&self, v: u16, n: usize, tries: &mut [u16; 16], k: &mut usize) {
        let g = self.group[v as usize];
        let other = self.color[v as usize] ^ 3;
        let mut s = g;
        loop {
            for &w in self.neighbours(s) {
                if self.color[w as usize] == other {
                    let mut theirs = [NONE; READ_LIBS + 1];
                    let m = self.liberties(self.group[w as usize], &mut theirs);
                    if m <= n.min(READ_LIBS) {
                        for &l in &theirs[..m] {
                            if *k < tries.len() && !tries[..*k].contains(&l) {
                                tries[*k] = l;
                                *k += 1;
                            }
                        }
                    }
                }
            }
            s = self.next[s as usize];
            if s == g {
                return;
            }
        }
    }

    /// The liberties of the string on `v`, up to [`READ_LIBS`] + 1 of them.
    pub fn string_liberties(&self, v: u16) -> Vec<u16> {
        let mut libs = [NONE; READ_LIBS + 1];
        let n = self.liberties(self.group[v as usize], &mut libs);
        libs[..n].to_vec()
    }

    /// The stones of the string on `v`.
    pub fn string_size(&self, v: u16) -> u16 {
        self.size[self.group[v as usize] as usize]
    }
}
