//! The "last good reply with forgetting" playout policy (Baier and Drake, IEEE TCIAIG 2,
//! 2010): each side remembers the answer that won a playout to the opponent's last move,
//! and to its last two moves; a reply that then loses is forgotten. The playouts try the
//! remembered answer first, so that what the search learns in one playout about a local
//! fight is played in the next ones.

use super::*;

const NONE: u16 = u16::MAX;

/// The remembered replies of one search thread, by side: to the last move (`one`), and
/// to the last two moves (`two`, indexed by the move before the last, then the last).
pub(super) struct Replies {
    one: Box<[[u16; CELLS]; 2]>,
    two: Vec<u16>,
}

impl Replies {
    pub(super) fn new() -> Replies {
        Replies {
            one: Box::new([[NONE; CELLS]; 2]),
            two: vec![NONE; 2 * CELLS * CELLS],
        }
    }

    fn two_index(side: u8, before: u16, last: u16) -> usize {
        (side as usize * CELLS + before as usize) * CELLS + last as usize
    }

    /// The remembered answer of `side` to `last` (after `before`): the two-move reply if
    /// there is one, else the one-move reply.
    #[inline]
    pub(super) fn suggest(&self, side: u8, before: u16, last: u16) -> Option<u16> {
        if last == NO_KEY {
            return None;
        }
        if before != NO_KEY {
            let r = self.two[Self::two_index(side, before, last)];
            if r != NONE {
                return Some(r);
            }
        }
        let r = self.one[side as usize][last as usize];
        (r != NONE).then_some(r)
    }

    /// Learns from one iteration's moves (tree then playout, `(side, cell)`, `NO_KEY` a
    /// pass): the winner's answers are remembered, the loser's forgotten. `winner` is
    /// `None` after a draw, which teaches nothing.
    pub(super) fn learn(&mut self, seq: &[(u8, u16)], winner: Option<u8>) {
        let Some(winner) = winner else {
            return;
        };
        for i in 1..seq.len() {
            let (side, mv) = seq[i];
            let last = seq[i - 1].1;
            if mv == NO_KEY || last == NO_KEY {
                continue;
            }
            let before = if i >= 2 { seq[i - 2].1 } else { NO_KEY };
            let one = &mut self.one[side as usize][last as usize];
            if side == winner {
                *one = mv;
                if before != NO_KEY {
                    self.two[Self::two_index(side, before, last)] = mv;
                }
            } else {
                if *one == mv {
                    *one = NONE;
                }
                if before != NO_KEY {
                    let two = &mut self.two[Self::two_index(side, before, last)];
                    if *two == mv {
                        *two = NONE;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_remembers_and_the_loser_forgets() {
        let mut r = Replies::new();
        // Black 10, White 11, Black 12: Black won.
        let seq = [(0u8, 10u16), (1, 11), (0, 12)];
        r.learn(&seq, Some(0));
        assert_eq!(r.suggest(0, 10, 11), Some(12), "the two-move reply");
        assert_eq!(
            r.suggest(0, 50, 11),
            Some(12),
            "the one-move reply after another move"
        );
        assert_eq!(
            r.suggest(1, NO_KEY, 10),
            None,
            "White lost: nothing learned"
        );
        // White's answer 11 to 10 wins once, then loses: forgotten.
        r.learn(&seq, Some(1));
        assert_eq!(r.suggest(1, NO_KEY, 10), Some(11));
        assert_eq!(r.suggest(0, 10, 11), None, "Black's reply lost: forgotten");
        r.learn(&seq, Some(0));
        assert_eq!(r.suggest(1, NO_KEY, 10), None);
        // A draw teaches nothing; a pass breaks the chain (Black's 21 answered White's
        // pass, not Black's own 20).
        r.learn(&[(0, 20), (1, NO_KEY), (0, 21)], Some(0));
        assert_eq!(r.suggest(0, NO_KEY, 20), None);
        assert_eq!(r.suggest(0, NO_KEY, NO_KEY), None);
        r.learn(&[(0, 30), (1, 31)], None);
        assert_eq!(r.suggest(1, NO_KEY, 30), None);
    }
}
