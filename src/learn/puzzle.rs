//! A puzzle as data, and a person's (or a bot's) attempt at it.
//!
//! A puzzle is a position from one of the project's own bot games, the opponent to move,
//! and a line: the opponent's move that sets the puzzle (a mistake, shown to the solver),
//! then the solution — the solver's moves, each the engine's one clearly best move, with
//! the engine's replies between them. The line ends with a solver's move. An attempt
//! checks each move the solver tries against the line with the rules engine (moves are
//! compared as moves, not as texts) and accepts any move that wins the game at once.

use serde::{Deserialize, Serialize};

use crate::common::Side;
use crate::common::puzzled::Puzzled;

/// One puzzle, as the data files hold it (one JSON object a line).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Unique in its file: `c0042`, `g0042`.
    pub id: String,
    /// The game's id: `chogo` or `go`.
    pub game: String,
    /// The rules, in their canonical text.
    pub rules: String,
    /// The position before the opponent's move that sets the puzzle.
    pub position: String,
    /// The opponent's move, then the solution: the solver's moves and the replies in
    /// turn, ending with a solver's move.
    pub moves: Vec<String>,
    /// The puzzle's rating on the players' scale ([`super::rating`]).
    pub rating: i32,
    /// Its themes, words of the game's own list.
    pub themes: Vec<String>,
    /// The share of tries each of the game's solver bots solved it in, weakest first.
    #[serde(default)]
    pub solved: Vec<f64>,
    /// Where it comes from: the generator's seed, game and ply.
    #[serde(default)]
    pub source: String,
}

/// Why a puzzle cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("puzzle {id}: {why}")]
pub struct PuzzleError {
    pub id: String,
    pub why: String,
}

impl Puzzle {
    fn error(&self, why: impl Into<String>) -> PuzzleError {
        PuzzleError {
            id: crate::common::excerpt(&self.id),
            why: why.into(),
        }
    }

    /// The solver's moves in the solution.
    pub fn solver_moves(&self) -> usize {
        self.moves.len() / 2
    }
}

/// Reads a puzzle file: one puzzle a line (blank lines and lines starting with `#`
/// skipped). A malformed line is refused with its number; ids must be unique.
pub fn read_puzzles(text: &str) -> Result<Vec<Puzzle>, String> {
    let mut puzzles: Vec<Puzzle> = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for (n, line) in crate::common::without_bom(text).lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let puzzle: Puzzle =
            serde_json::from_str(line).map_err(|e| format!("line {}: not a puzzle: {e}", n + 1))?;
        if !ids.insert(puzzle.id.clone()) {
            return Err(format!(
                "line {}: the id {} is used twice",
                n + 1,
                crate::common::excerpt(&puzzle.id)
            ));
        }
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// A puzzle file's text: one puzzle a line.
pub fn write_puzzles(puzzles: &[Puzzle]) -> String {
    puzzles
        .iter()
        .map(|p| serde_json::to_string(p).expect("a puzzle is plain data") + "\n")
        .collect()
}

/// How a try went.
#[derive(Clone, Debug, PartialEq)]
pub enum Tried<M> {
    /// The right move; the opponent answers with `reply` and the solver goes on.
    Right { reply: M },
    /// The right move, and the last: the puzzle is solved.
    Solved,
    /// Not the move: the game is as it was, and the solver may try again (the puzzle
    /// counts as failed).
    Wrong,
}

/// A puzzle being solved: the game as it stands and how far along the line it is.
#[derive(Clone, Debug)]
pub struct Attempt<G: Puzzled> {
    puzzle: Puzzle,
    /// The game before the opponent's move that sets the puzzle.
    start: G,
    /// The line as moves, each legal where it stands.
    line: Vec<G::Move>,
    game: G,
    /// The index in `line` of the next move the solver must find.
    next: usize,
    /// Wrong moves tried.
    pub mistakes: usize,
    /// Whether a hint or the solution was asked for.
    pub helped: bool,
    solved: bool,
}

impl<G: Puzzled> Attempt<G> {
    /// Sets the puzzle up: every move of its line must be legal where it stands, and the
    /// line must end with a solver's move. The opponent's move that sets it is played.
    pub fn new(puzzle: &Puzzle) -> Result<Attempt<G>, PuzzleError> {
        if puzzle.game != G::GAME {
            return Err(puzzle.error(format!(
                "a puzzle of {}, not {}",
                crate::common::excerpt(&puzzle.game),
                G::GAME
            )));
        }
        if puzzle.moves.len() < 2 || !puzzle.moves.len().is_multiple_of(2) {
            return Err(puzzle.error(format!(
                "{} moves: a puzzle has the opponent's move and then the solver's, in pairs",
                puzzle.moves.len()
            )));
        }
        let start = G::set_up(&puzzle.rules, &puzzle.position).map_err(|e| puzzle.error(e))?;
        if start.is_over() {
            return Err(puzzle.error("the game is over in its position"));
        }
        let mut game = start.clone();
        let mut line = Vec::with_capacity(puzzle.moves.len());
        for (i, text) in puzzle.moves.iter().enumerate() {
            let mv = game.parse_move(text).map_err(|e| {
                puzzle.error(format!(
                    "move {} ({}): {e}",
                    i + 1,
                    crate::common::excerpt(text)
                ))
            })?;
            if game.is_over() {
                return Err(puzzle.error(format!("move {}: the game is already over", i + 1)));
            }
            game.play(mv).map_err(|e| {
                puzzle.error(format!(
                    "move {} ({}): {e}",
                    i + 1,
                    crate::common::excerpt(text)
                ))
            })?;
            line.push(mv);
            if game.is_over() && i + 1 < puzzle.moves.len() {
                return Err(puzzle.error(format!(
                    "the game ends at move {}, before the line does",
                    i + 1
                )));
            }
        }
        let mut game = start.clone();
        game.play(line[0])
            .map_err(|e| puzzle.error(format!("move 1: {e}")))?;
        Ok(Attempt {
            puzzle: puzzle.clone(),
            start,
            line,
            game,
            next: 1,
            mistakes: 0,
            helped: false,
            solved: false,
        })
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The game before the opponent's move that sets the puzzle (to show that move).
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The opponent's move that sets the puzzle.
    pub fn setting_move(&self) -> G::Move {
        self.line[0]
    }

    /// The game as it stands.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The side the solver plays.
    pub fn solver(&self) -> Side {
        !self.start.turn()
    }

    pub fn is_solved(&self) -> bool {
        self.solved
    }

    /// Whether the puzzle counts as solved for the rating: found without a wrong move,
    /// a hint or the solution.
    pub fn clean(&self) -> bool {
        self.solved && self.mistakes == 0 && !self.helped
    }

    /// The move the solver must find now (`None` once solved).
    pub fn expected(&self) -> Option<G::Move> {
        (!self.solved).then(|| self.line[self.next])
    }

    /// The move the solver must find now, as a hint: the attempt no longer counts as
    /// clean.
    pub fn hint(&mut self) -> Option<G::Move> {
        let mv = self.expected()?;
        self.helped = true;
        Some(mv)
    }

    /// The rest of the solution from here, in notation, each move written where it is
    /// played.
    pub fn rest(&self) -> Vec<String> {
        if self.solved {
            return Vec::new();
        }
        let mut game = self.game.clone();
        let mut texts = Vec::new();
        for &mv in &self.line[self.next..] {
            texts.push(game.move_text(mv));
            if game.play(mv).is_err() {
                break;
            }
        }
        texts
    }

    /// Tries a move of the solver. The right move is played with the reply after it; a
    /// move that wins the game at once is right too. A wrong move changes nothing.
    pub fn try_move(&mut self, mv: G::Move) -> Tried<G::Move> {
        let Some(expected) = self.expected() else {
            return Tried::Wrong;
        };
        if mv != expected {
            let mut trial = self.game.clone();
            let wins = trial.play(mv).is_ok()
                && trial.is_over()
                && trial.verdict().and_then(|v| v.winner) == Some(self.solver());
            if !wins {
                self.mistakes += 1;
                return Tried::Wrong;
            }
            self.game = trial;
            self.solved = true;
            return Tried::Solved;
        }
        if self.game.play(mv).is_err() {
            // Checked when the attempt was set up: the line is legal where it stands.
            self.mistakes += 1;
            return Tried::Wrong;
        }
        self.next += 1;
        if self.next >= self.line.len() {
            self.solved = true;
            return Tried::Solved;
        }
        let reply = self.line[self.next];
        if self.game.play(reply).is_err() {
            self.solved = true;
            return Tried::Solved;
        }
        self.next += 1;
        Tried::Right { reply }
    }

    /// Plays the rest of the solution (the solver gave up): the attempt is not clean.
    pub fn show_solution(&mut self) {
        self.helped = true;
        while let Some(mv) = self.expected() {
            if matches!(self.try_move(mv), Tried::Solved) {
                break;
            }
        }
    }
}

/// The game after a wrong move, with the engine's answer that refutes it (`None` when the
/// game is over, or the engine finds nothing).
pub fn refutation<G: Puzzled>(
    game: &G,
    wrong: G::Move,
    effort: crate::common::analysis::Effort,
    seed: u64,
) -> Option<(G, Option<G::Move>)> {
    let mut after = game.clone();
    after.play(wrong).ok()?;
    if after.is_over() {
        return Some((after, None));
    }
    let analysis = after.analyse(effort, 1, seed, &std::sync::atomic::AtomicBool::new(false));
    let reply = analysis
        .best_move()
        .and_then(|c| after.parse_move(&c.mv).ok());
    Some((after, reply))
}
