//! What a game offers the puzzles (`crate::learn`) besides its analysis: a position set up
//! from its texts, a move read from its notation, the themes of a line, and its bots as
//! solvers of known strength. Each engine implements it for its own game type, as it
//! implements [`Studied`]; the puzzles' generation, verification and attempts are written
//! once against it.

use super::analysis::Studied;

/// One of a game's bots as a solver, with the strength the puzzles' difficulty is measured
/// against.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solver {
    /// The level's name (`easy`).
    pub name: &'static str,
    /// Its nominal puzzle rating: a solver of this rating solves a puzzle of the same
    /// rating half the time.
    pub rating: f64,
}

/// A game whose positions can be puzzles.
pub trait Puzzled: Studied {
    /// The game's id in data files: `chogo`, `go`.
    const GAME: &'static str;

    /// The canonical text of the game's rules (what [`Puzzled::set_up`] reads back).
    fn rules_text(&self) -> String;

    /// A game starting from `position` (the rule book's position text) under `rules`, or
    /// why the texts do not make one.
    fn set_up(rules: &str, position: &str) -> Result<Self, String>;

    /// A legal move of the position now, from its notation (captures optional, checked
    /// when given), or why it is not one.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// The themes of a solution: `self` is the game where the solver is to move, `line`
    /// the solution (the solver's moves and the replies, in turn). Words of the game's own
    /// list ([`Puzzled::THEMES`]).
    fn themes(&self, line: &[Self::Move]) -> Vec<&'static str>;

    /// Every theme [`Puzzled::themes`] can give, in the order a filter lists them.
    const THEMES: &'static [&'static str];

    /// The bots that rate a puzzle's difficulty, weakest first.
    fn solvers() -> &'static [Solver];

    /// The move solver `level` (an index into [`Puzzled::solvers`]) plays here, with a
    /// budget counted in nodes or playouts, never in time, so that a puzzle's rating does
    /// not depend on the machine.
    fn solver_move(&self, level: usize, seed: u64) -> Option<Self::Move>;
}
