//! The game interface: what every game of this project offers to code written once for
//! all of them — today the match runner and the command line's match lines
//! ([`super::arena`]), and the tests that play both games through it (tests/playable.rs).
//! Each engine implements it for its own game type (`crate::rules::Game`,
//! `crate::go::Game`); what only one game has (a tandem, a pass, a dead-stone view)
//! stays in that engine's own types, reached through the associated types.

use std::fmt;
use std::sync::atomic::AtomicBool;

use super::Side;

/// A game in progress or over: its moves, its history and its ending.
pub trait Playable: Clone + fmt::Debug + Send + Sync + 'static {
    /// A move as the rules take it.
    type Move: Copy + PartialEq + fmt::Debug + Send + Sync + 'static;
    /// A position, written in the rule book's position text by `Display`.
    type Position: Copy + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// What one move did (captures, traps, …), as the views need it.
    type Report: Clone + fmt::Debug + Send + Sync + 'static;
    /// Why a move was refused.
    type Refusal: fmt::Display;

    /// The position now.
    fn position(&self) -> &Self::Position;
    /// The side to move now.
    fn turn(&self) -> Side;
    /// Moves played since the start.
    fn ply_count(&self) -> usize;
    /// Every legal move now (none once the game is over).
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays a move, or says why not and changes nothing.
    fn play(&mut self, mv: Self::Move) -> Result<Self::Report, Self::Refusal>;
    /// A legal move of the position now in the rule book's notation (with its captures).
    fn move_text(&self, mv: Self::Move) -> String;
    /// Any move in notation, legal or not (without captures): for messages about a move
    /// the rules refused.
    fn move_name(&self, mv: Self::Move) -> String;
    /// Whether the game has ended (by the rules, a resignation or an agreement).
    fn is_over(&self) -> bool;
    /// How a match judges the game as it stands: the winner (none for a draw) and what
    /// decided it. A game that has not ended is judged as each game's rules allow: Go
    /// with chess pieces by its score as it stands (a match's move limit), Chogo not at
    /// all (`None`).
    fn verdict(&self) -> Option<Verdict>;
    /// `side` gives up.
    fn resign(&mut self, side: Side);
    /// Both sides agree to a draw.
    fn agree_draw(&mut self);
    /// The game's record in its rule book's text form, with extra tags such as `Black`.
    fn record_text(&self, tags: &[(&str, &str)]) -> String;
    /// The move that passes, in a game that has one, when it may be played now.
    fn pass_move(&self) -> Option<Self::Move> {
        None
    }
    /// Plays again the last move taken back (the game keeps them until another move is
    /// played), with what it did; `None` when there is none.
    fn redo(&mut self) -> Option<Self::Report>;
    /// Whether a move taken back can be played again.
    fn can_redo(&self) -> bool;
}

/// How a game was decided, for match lines and result cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// `None`: a draw.
    pub winner: Option<Side>,
    /// What decided it, in words: `White's king is captured`, `B 45 W 30.5`.
    pub how: String,
}

/// One question to a game's bot: the game, what the bot may spend on its move (the
/// game's own budget, `B`), the seed of its random choices and the caller's stop flag.
pub struct Request<'a, G, B> {
    pub game: &'a G,
    pub budget: B,
    /// Seeds every random choice: the same seed and a budget of work (nodes, playouts)
    /// give the same move.
    pub seed: u64,
    /// Raised by the caller to abandon the search; the bot then answers promptly.
    pub stop: &'a AtomicBool,
}

impl<'a, G, B> Request<'a, G, B> {
    pub fn new(game: &'a G, budget: B, seed: u64, stop: &'a AtomicBool) -> Self {
        Request {
            game,
            budget,
            seed,
            stop,
        }
    }
}
