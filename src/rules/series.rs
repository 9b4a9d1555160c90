//! The inventor's handicap series: "the player winning a game starts with a pawn less for
//! the next game, or the player losing starts with one more (if room)".
//!
//! Every end cell of every file already holds a pawn at the start, so there is never room
//! for one more: the series is played with the first form, through the handicap option of
//! RULES §9 (1 to 3 pawns). The two players change colours from game to game, as a rematch
//! does. A win moves the handicap one pawn towards the loser: the winner gives one more
//! pawn, or receives one fewer from the loser; a draw leaves it.

use serde::{Deserialize, Serialize};

use super::{Bitboard, Handicap, Opening, RuleSet, Side};

/// The most pawns a handicap removes (RULES §9).
pub const MAX_HANDICAP: i8 = 3;

/// The standing of a series between two players: the one who had Black in its first game
/// ("first") and the other ("second").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Series {
    /// Games finished.
    pub games: u32,
    /// Wins of the first player.
    pub first_wins: u32,
    /// Wins of the second player.
    pub second_wins: u32,
    /// Pawns the first player gives in the next game; below zero, the second gives them.
    pub balance: i8,
}

impl Series {
    /// The colour of the first player in game `n` (0 for the series' first game).
    pub fn first_side(n: u32) -> Side {
        if n.is_multiple_of(2) {
            Side::Black
        } else {
            Side::White
        }
    }

    /// Whether a series can be played under these rules: the drop opening has no handicap.
    pub fn possible(rules: &RuleSet) -> bool {
        rules.opening != Opening::Drops
    }

    /// The series after a game that ended with `winner` (none for a draw).
    pub fn after(mut self, winner: Option<Side>) -> Series {
        let first = Series::first_side(self.games);
        match winner {
            Some(side) if side == first => {
                self.first_wins += 1;
                self.balance = (self.balance + 1).min(MAX_HANDICAP);
            }
            Some(_) => {
                self.second_wins += 1;
                self.balance = (self.balance - 1).max(-MAX_HANDICAP);
            }
            None => {}
        }
        self.games += 1;
        self
    }

    /// The draws so far.
    pub fn draws(&self) -> u32 {
        self.games
            .saturating_sub(self.first_wins)
            .saturating_sub(self.second_wins)
    }

    /// Whether the standing can be one (a save is read only when it is): no more wins
    /// than games, and a handicap the option allows.
    pub fn is_consistent(&self) -> bool {
        self.first_wins as u64 + self.second_wins as u64 <= self.games as u64
            && (-MAX_HANDICAP..=MAX_HANDICAP).contains(&self.balance)
    }

    /// The colour that gives pawns in the next game and how many (none when even).
    pub fn giver(&self) -> Option<(Side, u8)> {
        let first = Series::first_side(self.games);
        match self.balance {
            0 => None,
            b if b > 0 => Some((first, b as u8)),
            b => Some((!first, b.unsigned_abs())),
        }
    }

    /// The next game's rules: `base` (its own handicap dropped) with the series' handicap,
    /// the giver's pawns on the outermost files first.
    pub fn next_rules(&self, base: RuleSet) -> RuleSet {
        let mut rules = RuleSet {
            handicap: None,
            ..base
        };
        if let Some((side, count)) = self.giver()
            && Series::possible(&rules)
        {
            let board = rules.board;
            let mut pawns: Vec<_> = board.start_pawns(side).into_iter().collect();
            // Distance from the centre, twice over so that it stays whole.
            let centre = board.files() as i32 - 1;
            pawns.sort_by_key(|c| (-(2 * c.file() as i32 - centre).abs(), c.file()));
            let given: Bitboard = pawns.into_iter().take(count as usize).collect();
            rules.handicap = Some(Handicap { side, pawns: given });
        }
        rules
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(pawns: Bitboard) -> String {
        pawns.map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
    }

    /// "the player winning a game starts with a pawn less for the next game"
    #[test]
    fn the_winner_gives_a_pawn_in_the_next_game() {
        let base = RuleSet::default();
        let start = Series::default();
        assert_eq!(start.next_rules(base), base);
        // Game 1: the first player (Black) wins; in game 2 it plays White and gives a3's
        // mirror a5.
        let one = start.after(Some(Side::Black));
        assert_eq!((one.games, one.first_wins, one.balance), (1, 1, 1));
        assert_eq!(one.giver(), Some((Side::White, 1)));
        let rules = one.next_rules(base);
        assert_eq!(rules.to_string(), "chogo-44,handicap=white:a5");
        // Game 2: it wins again (as White): two pawns in game 3, as Black.
        let two = one.after(Some(Side::White));
        assert_eq!(two.giver(), Some((Side::Black, 2)));
        assert_eq!(cells(two.next_rules(base).handicap.unwrap().pawns), "a3 h3");
        // Game 3: the second player (White) wins: one pawn less given.
        let three = two.after(Some(Side::White));
        assert_eq!(
            (three.first_wins, three.second_wins, three.balance),
            (2, 1, 1)
        );
        assert_eq!(three.giver(), Some((Side::White, 1)));
        // A draw changes nothing but the count.
        let four = three.after(None);
        assert_eq!((four.balance, four.draws()), (1, 1));
        assert_eq!(four.giver(), Some((Side::Black, 1)));
    }

    /// The handicap option removes 1 to 3 pawns (RULES §9): a series stops there.
    #[test]
    fn the_handicap_stops_at_three_pawns() {
        let mut series = Series::default();
        for _ in 0..6 {
            let first = Series::first_side(series.games);
            series = series.after(Some(first));
        }
        assert_eq!(series.balance, MAX_HANDICAP);
        let rules = series.next_rules(RuleSet::default());
        assert_eq!(rules.handicap.unwrap().pawns.count(), 3);
        assert_eq!(rules.validate(), Ok(()));
        // The second player then wins it back, one pawn a game, and gives in turn.
        for _ in 0..4 {
            let second = !Series::first_side(series.games);
            series = series.after(Some(second));
        }
        assert_eq!(series.balance, -1);
        assert_eq!(series.giver().map(|(_, n)| n), Some(1));
    }

    /// The drop opening starts from equal hands: no series handicap applies.
    #[test]
    fn no_handicap_in_the_drop_opening() {
        let drops: RuleSet = "chogo-44,opening=drops".parse().unwrap();
        let series = Series::default().after(Some(Side::Black));
        assert!(!Series::possible(&drops));
        assert_eq!(series.next_rules(drops), drops);
    }
}
