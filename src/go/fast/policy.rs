//! The fast board's playout policy: the 3 × 3 shapes and learnt replies around the last
//! move, the tactical answers ([`Tactics`]), and the random move that is its last resort.

use super::*;

impl FastGo {
    /// The 3 × 3 neighbourhood of `v` as a pattern code: two bits per neighbour (empty,
    /// Black, White, off the board), in the order of the ring ([`RING`], or turned).
    #[inline]
    pub(super) fn pattern_code(&self, v: u16) -> usize {
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
    pub(super) fn local_answers(
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
    pub(super) fn shape_reply(&self, rng: &mut Rng, last: u16, avoid: u16) -> Option<u16> {
        let (found, n) = self.local_answers(last, avoid, |v| self.is_shape_move(v));
        (n > 0).then(|| found[rng.below(n)])
    }

    /// A move that answers the opponent's drop on `last` by the learnt 3 × 3 pattern
    /// weights ([`learnt`]): [`FastGo::local_answers`] compete with the rest of the board,
    /// each by its pattern's weight and the rest by the mean weight the learning found
    /// there; `None` when the rest wins.
    pub(super) fn learnt_reply(&self, rng: &mut Rng, last: u16, avoid: u16) -> Option<u16> {
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

    /// The policy's last resort: with `capture_any`, a capture anywhere
    /// ([`FastGo::capture_anywhere`]); else a random legal move that fills no own eye,
    /// puts no group of 3 or more stones in atari (2 or more with `self_atari2`) and is
    /// not `avoid`; else a pass.
    #[inline]
    pub(super) fn random_policy_move(
        &mut self,
        rng: &mut Rng,
        avoid: u16,
        tactics: Tactics,
    ) -> Option<u16> {
        if tactics.capture_any
            && let Some(c) = self.capture_anywhere(rng)
        {
            self.play(c);
            return Some(c);
        }
        let nakade = tactics.nakade;
        let min_size = if tactics.self_atari2 { 2 } else { 3 };
        self.play_first_from_random(rng, |b, v| {
            v != avoid
                && (b.is_good_drop(v, min_size)
                    || (nakade && b.is_legal(v) && !b.is_own_eye(v) && b.is_nakade_fill(v)))
        })
    }
}
