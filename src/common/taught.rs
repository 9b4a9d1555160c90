//! What a game offers the lessons (`crate::learn::lesson`) besides its puzzles: what one
//! move did in words both games share (the cells it captured on, the kinds of move it
//! was), the judgement of the predicates only the game knows (a trapped man, secure men,
//! a win on the count), and the limited opponents a stage plays against. Each engine
//! implements it for its own game type, as it implements [`Puzzled`]; the lessons' data,
//! checks and runner are written once against it.

use serde::{Deserialize, Serialize};

use super::Side;
use super::puzzled::Puzzled;

/// What a move did, in the lessons' words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Done {
    /// The cells the move captured on, in the game's notation (`e5`).
    pub captured: Vec<String>,
    /// The kinds of move it was, words of the game's own list ([`Taught::MOVE_KINDS`]): a
    /// move may be several (`tandem` and `slide capture`).
    pub kinds: Vec<&'static str>,
}

/// A predicate on the position that only the game can judge. A game without the notion
/// refuses it, and the lesson file is refused with the stage's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Judged {
    /// The enemy men on these cells are all trapped (Chogo, RULES §3).
    Trapped(Vec<String>),
    /// Every man of the learner's is secure (Chogo, RULES §7).
    Secure,
    /// The game has ended by passes and the learner is ahead on the count (Go with chess
    /// pieces, GO_RULES §4).
    AheadOnCount,
}

/// An opponent limited to a stage's idea, answering where the stage's script has no
/// reply (or its reply is not legal any more).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Limited {
    /// Always passes (a game that has passes). (A variant with fields, none of them, so
    /// that a misspelt field beside it is refused.)
    Pass {},
    /// Moves its man between two cells: from the first to the second when the first holds
    /// it and the move is legal, else back; when neither is legal, as `random` (a game
    /// whose men move; for a stage where the opponent must not interfere).
    Shuffle { between: [String; 2] },
    /// Makes the legal move that captures the most of the learner's pieces; when none
    /// captures, answers as `otherwise`.
    Greedy { otherwise: Box<Limited> },
    /// Any legal move, chosen by the stage's seed.
    Random {},
}

/// A shuffling opponent's move (`Limited::Shuffle`): the first of `tries` that is
/// legal, else `otherwise` (the random answer).
pub fn shuffle_move<M: Copy + PartialEq>(
    tries: [M; 2],
    legal: &[M],
    otherwise: impl FnOnce() -> Result<Option<M>, String>,
) -> Result<Option<M>, String> {
    match tries.into_iter().find(|mv| legal.contains(mv)) {
        Some(mv) => Ok(Some(mv)),
        None => otherwise(),
    }
}

/// A game whose positions can be lessons.
pub trait Taught: Puzzled {
    /// Every move kind [`Done::kinds`] can name, in the order a document lists them.
    const MOVE_KINDS: &'static [&'static str];

    /// Plays `mv` (legal or not: the rules decide) and says what it did, or why the rules
    /// refuse it, changing nothing then.
    fn play_done(&mut self, mv: Self::Move) -> Result<Done, String>;

    /// A move as written (`e5`, `c1-c6`, `pass`), legal or not here: what a learner may
    /// try. Only the notation is checked.
    fn read_move(&self, text: &str) -> Result<Self::Move, String>;

    /// The side whose piece stands on `cell` now (none when it is empty), or why `cell`
    /// is not a cell of the board.
    fn standing(&self, cell: &str) -> Result<Option<Side>, String>;

    /// Whether the predicate holds now, `learner` being the learner's side; an error when
    /// the game has no such notion or names a cell it does not have.
    fn judge(&self, what: &Judged, learner: Side) -> Result<bool, String>;

    /// The opponent's move now (the side to move is the opponent), `None` when the game
    /// is over; an error when the game cannot play as `bot` asks (a pass in a game
    /// without passes) or names a cell it does not have. Deterministic for one seed.
    fn limited_move(&self, bot: &Limited, seed: u64) -> Result<Option<Self::Move>, String>;
}
