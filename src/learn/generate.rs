//! Puzzles found in the project's own bot games, checked again, and rated by the game's
//! bots — the same for both games, written against [`Puzzled`].
//!
//! A position becomes a puzzle when, after the opponent's move, the side to move has one
//! clearly best move: the engine's win chance for it is at least [`MIN_WIN`] and beats
//! every other move's by [`GAP`] or more (lichess keeps puzzles the same way: one move
//! wins, the others do not), first at the scan's budget and then again at the deep
//! budget (several times the scan's) with two seeds. The solution goes on while the
//! solver's next move is again the only good one, up to [`MAX_SOLVER_MOVES`], each reply
//! the deep search's move. A forced win against moves that force none counts as a wide
//! margin too, and so, in a game counted in points, does [`POINTS_GAP`].
//!
//! Last, every solver's move of the line is checked again by [`verify`], as the shipped
//! puzzles are: where the search did not measure a second move well enough to say (a
//! Monte Carlo search that spent nearly everything on one move), each other legal move
//! is searched on its own and must fall short by the margin.

use std::sync::atomic::{AtomicBool, Ordering};

use super::Puzzle;
use super::puzzle::{Attempt, Tried};
use super::rating::fit_puzzle_rating;
use crate::common::analysis::{Analysis, Candidate, Effort};
use crate::common::decision_seed;
use crate::common::puzzled::Puzzled;

/// The least win chance of the solution's move.
pub const MIN_WIN: f64 = 0.6;
/// The least lead, in win chance, of the solution's move over every other move.
pub const GAP: f64 = 0.20;
/// The least lead in points of the solution's move over every other move, where the
/// engine counts points, with half of [`GAP`].
pub const POINTS_GAP: f64 = 10.0;
/// The least gain in the solver's win chance from the opponent's move that sets the
/// puzzle (it must have been a mistake).
pub const MIN_GAIN: f64 = 0.10;
/// The most moves the solver has to find in one puzzle.
pub const MAX_SOLVER_MOVES: usize = 4;
/// How often each solver bot tries a puzzle (each try its own seed).
pub const SOLVER_TRIES: u32 = 4;

/// The budgets of a generation or a check.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budgets {
    /// Every position of a game is scanned at this budget.
    pub scan: Effort,
    /// A candidate is confirmed at this one.
    pub deep: Effort,
}

/// Why a puzzle failed its check.
#[derive(Clone, Debug, PartialEq)]
pub struct Failed {
    pub id: String,
    pub why: String,
}

/// The solver's one clearly best move in `game`, if it has one at `effort`: its notation
/// and its win chance. With `thorough`, a search that measured no second move has each
/// other move searched on its own; without, its judgement stands (the generator's
/// quick checks; the final check is thorough).
fn only_move<G: Puzzled>(
    game: &G,
    effort: Effort,
    thorough: bool,
    seed: u64,
    stop: &AtomicBool,
) -> Option<(String, f64)> {
    if game.is_over() {
        return None;
    }
    let analysis = game.analyse(effort, 2, seed, stop);
    clear_best(
        game,
        &analysis,
        thorough.then(|| sixteenth(effort)),
        seed,
        stop,
    )
}

/// A sixteenth of a budget: what each other move gets when they are searched one by one
/// (a move as good as the best one shows that with little search).
fn sixteenth(effort: Effort) -> Effort {
    Effort {
        time_ms: effort.time_ms.map(|t| (t / 16).max(1)),
        work: effort.work.map(|w| (w / 16).max(1)),
        depth: effort.depth,
    }
}

/// Whether `best` beats `second` by a wide margin: [`GAP`] in win chance, a forced win
/// against a move that forces none, or, where the
/// engine counts points (Go with chess pieces, whose playouts' win rates between moves
/// are close together), [`POINTS_GAP`] points with half the gap in win chance.
fn wide_margin(best: &Candidate, second: &Candidate) -> bool {
    let by_win = best.win - second.win;
    let by_points = match (best.lead, second.lead) {
        (Some(a), Some(b)) => a - b,
        _ => 0.0,
    };
    // A win the engine found forced, where the other move does not force one, is the
    // only move too (as a mate is in chess), by half the gap.
    let forced = best.win >= 1.0 && second.win <= 1.0 - GAP / 2.0;
    by_win >= GAP || forced || (by_points >= POINTS_GAP && by_win >= GAP / 2.0)
}

/// The best move of an analysis when it is clearly the only good one; `others` is the
/// budget of each other move when the analysis measured no second one (`None`: the
/// analysis's judgement stands).
fn clear_best<G: Puzzled>(
    game: &G,
    analysis: &Analysis,
    others: Option<Effort>,
    seed: u64,
    stop: &AtomicBool,
) -> Option<(String, f64)> {
    let best = analysis.best.first()?;
    if best.win < MIN_WIN {
        return None;
    }
    match analysis.best.get(1) {
        Some(second) => wide_margin(best, second).then(|| (best.mv.clone(), best.win)),
        None => {
            let Some(others) = others else {
                return (game.legal_moves().len() > 1).then(|| (best.mv.clone(), best.win));
            };
            // Only one move measured: search each other move on its own, from the
            // opponent's side (their win chance is the solver's loss).
            let chosen = game.parse_move(&best.mv).ok()?;
            let moves = game.legal_moves();
            if moves.len() < 2 {
                // A forced move is no puzzle.
                return None;
            }
            for mv in moves.into_iter().filter(|&m| m != chosen) {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                let mut after = game.clone();
                after.play(mv).ok()?;
                let theirs = after.analyse(others, 1, seed, stop);
                if best.win - (1.0 - theirs.win) < GAP {
                    return None;
                }
            }
            Some((best.mv.clone(), best.win))
        }
    }
}

/// The solution from `game` (the solver to move, its first move `first`): the solver's
/// moves and the deep search's replies while the solver's next move is again the only
/// good one. Texts as written where they are played.
fn solution<G: Puzzled>(
    game: &G,
    first: &str,
    budgets: Budgets,
    seed: u64,
    stop: &AtomicBool,
) -> Option<Vec<String>> {
    let mut game = game.clone();
    let mv = game.parse_move(first).ok()?;
    let mut line = vec![game.move_text(mv)];
    game.play(mv).ok()?;
    while line.len().div_ceil(2) < MAX_SOLVER_MOVES && !game.is_over() {
        let reply = game.analyse(budgets.deep, 1, seed, stop);
        let Some(reply) = reply.best_move().and_then(|c| game.parse_move(&c.mv).ok()) else {
            break;
        };
        let mut next = game.clone();
        let reply_text = next.move_text(reply);
        next.play(reply).ok()?;
        let Some((mv_text, _)) = only_move(&next, budgets.deep, false, seed, stop) else {
            break;
        };
        let mv = next.parse_move(&mv_text).ok()?;
        line.push(reply_text);
        line.push(next.move_text(mv));
        next.play(mv).ok()?;
        game = next;
    }
    Some(line)
}

/// The puzzles of one finished game (its moves replayed from its start), each with the
/// line, its themes and an id left empty; no two with the same side's first answer. `seed` seeds the searches; `explain` writes each
/// position's scan to standard error (for tuning the thresholds).
pub fn puzzles_of_game<G: Puzzled>(
    game: &G,
    budgets: Budgets,
    min_ply: usize,
    seed: u64,
    source: &str,
    explain: bool,
    stop: &AtomicBool,
) -> Vec<Puzzle> {
    let mut found = Vec::new();
    // The side and the first answer of each puzzle found.
    let mut answers: Vec<(crate::common::Side, String)> = Vec::new();
    let plies = game.ply_count();
    // The side to move's win chance before each ply, from the scan of that position.
    let mut before: Option<f64> = None;
    let mut ply = min_ply.max(1);
    while ply <= plies {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let setting = game.after_plies(ply - 1);
        let at = game.after_plies(ply);
        if at.is_over() || setting.is_over() {
            break;
        }
        let scan = at.analyse(budgets.scan, 2, decision_seed(seed, 1, ply), stop);
        let opponent_before = before.take();
        before = Some(scan.win);
        // The move before must have given something away: the solver's chance now beats
        // what the opponent left it before by a margin.
        let was = opponent_before.map_or(0.5, |w| 1.0 - w);
        if explain {
            let best: Vec<String> = scan
                .best
                .iter()
                .map(|c| format!("{} {:.0}%", c.mv, c.win * 100.0))
                .collect();
            eprintln!(
                "  ply {ply}: {:.0}% after {:.0}% before; {}",
                scan.win * 100.0,
                was * 100.0,
                best.join(", ")
            );
        }
        // The cheap tests first: a clear gain over what the opponent had left.
        if scan.win < MIN_WIN || scan.win - was < MIN_GAIN {
            ply += 1;
            continue;
        }
        let Some((first, _)) = clear_best(&at, &scan, None, seed, stop) else {
            ply += 1;
            continue;
        };
        // One puzzle a game for each side's answer: where the opponent left the same move
        // on for several turns, the later positions teach nothing the first did not.
        // (Checked before the deep searches, to spare them: a repeat of a puzzle that the
        // caller's check refuses later is lost with it.)
        if answers
            .iter()
            .any(|(side, answer)| *side == at.turn() && same_move(&at, answer, &first))
        {
            ply += 1;
            continue;
        }
        // Confirmed at the deep budget, twice with different seeds: the same move.
        let confirmed = (0..2).all(|k| {
            only_move(
                &at,
                budgets.deep,
                false,
                decision_seed(seed, 2 + k, ply),
                stop,
            )
            .is_some_and(|(mv, _)| same_move(&at, &mv, &first))
        });
        if !confirmed {
            ply += 1;
            continue;
        }
        let Some(line) = solution(&at, &first, budgets, decision_seed(seed, 4, ply), stop) else {
            ply += 1;
            continue;
        };
        let setting_move = game.played()[ply - 1].clone();
        let moves: Vec<G::Move> = {
            let mut g = at.clone();
            let mut ms = Vec::new();
            for text in &line {
                let Ok(mv) = g.parse_move(text) else { break };
                if g.play(mv).is_err() {
                    break;
                }
                ms.push(mv);
            }
            ms
        };
        let themes = at.themes(&moves).into_iter().map(String::from).collect();
        let mut all = vec![setting_move];
        all.extend(line);
        answers.push((at.turn(), first.clone()));
        found.push(Puzzle {
            id: String::new(),
            game: G::GAME.to_string(),
            rules: setting.rules_text(),
            position: setting.position().to_string(),
            moves: all,
            rating: 1500,
            themes,
            solved: Vec::new(),
            source: format!("{source} ply {ply}"),
        });
        // The next puzzle of this game starts past this one's line.
        ply += 2;
    }
    found
}

fn same_move<G: Puzzled>(game: &G, a: &str, b: &str) -> bool {
    matches!((game.parse_move(a), game.parse_move(b)), (Ok(x), Ok(y)) if x == y)
}

/// How often each of the game's solver bots solves the puzzle, and the rating that
/// follows ([`fit_puzzle_rating`]).
pub fn rate<G: Puzzled>(puzzle: &Puzzle, seed: u64) -> Result<(Vec<f64>, i32), String> {
    let solvers = G::solvers();
    let mut shares = Vec::with_capacity(solvers.len());
    let mut results = Vec::with_capacity(solvers.len());
    for (level, solver) in solvers.iter().enumerate() {
        let mut solved = 0;
        for t in 0..SOLVER_TRIES {
            let mut attempt = Attempt::<G>::new(puzzle).map_err(|e| e.to_string())?;
            let mut step = 0;
            let won = loop {
                let mv = attempt
                    .game()
                    .solver_move(level, decision_seed(seed, u64::from(t), step));
                step += 1;
                let Some(mv) = mv else { break false };
                match attempt.try_move(mv) {
                    Tried::Solved => break true,
                    Tried::Wrong => break false,
                    Tried::Right { .. } => {}
                }
            };
            if won {
                solved += 1;
            }
        }
        shares.push(f64::from(solved) / f64::from(SOLVER_TRIES));
        results.push((solver.rating, SOLVER_TRIES, solved));
    }
    Ok((shares, fit_puzzle_rating(&results)))
}

/// Checks a shipped puzzle: it sets up (every move legal where it stands), and each of
/// the solver's moves is still the engine's one clearly best move at the deep budget
/// (a move that wins at once needs no search, unless it is a pass). The first failure is
/// reported.
pub fn verify<G: Puzzled>(puzzle: &Puzzle, deep: Effort, seed: u64) -> Result<(), Failed> {
    let fail = |why: String| Failed {
        id: puzzle.id.clone(),
        why,
    };
    let attempt = Attempt::<G>::new(puzzle).map_err(|e| fail(e.why))?;
    let stop = AtomicBool::new(false);
    let mut game = attempt.game().clone();
    for (i, text) in puzzle.moves.iter().enumerate().skip(1) {
        let mv = game
            .parse_move(text)
            .map_err(|e| fail(format!("move {}: {e}", i + 1)))?;
        if i % 2 == 1 {
            let mut after = game.clone();
            after
                .play(mv)
                .map_err(|e| fail(format!("move {}: {e}", i + 1)))?;
            // A move that wins at once needs no search (the puzzle takes any other that
            // does too) — but a pass that ends the game does: another move may win as
            // well, or by more, and the puzzle would call it wrong.
            let wins_now = after.is_over()
                && after.verdict().and_then(|v| v.winner) == Some(attempt.solver())
                && game.pass_move() != Some(mv);
            if !wins_now {
                match only_move(&game, deep, true, decision_seed(seed, 7, i), &stop) {
                    Some((best, _)) if same_move(&game, &best, text) => {}
                    Some((best, _)) => {
                        return Err(fail(format!(
                            "move {} ({text}): the engine now prefers {best}",
                            i + 1
                        )));
                    }
                    None => {
                        return Err(fail(format!(
                            "move {} ({text}): no longer the only good move",
                            i + 1
                        )));
                    }
                }
            }
        }
        game.play(mv)
            .map_err(|e| fail(format!("move {}: {e}", i + 1)))?;
    }
    Ok(())
}

/// Bot games for the generator: the two levels (indices into [`Puzzled::solvers`]) play
/// from `start` to the end or `max_plies`.
pub fn bot_game<G: Puzzled>(
    start: G,
    levels: [usize; 2],
    seed: u64,
    game_number: u64,
    max_plies: usize,
) -> G {
    let mut game = start;
    while !game.is_over() && game.ply_count() < max_plies {
        let level = levels[game.turn().index()];
        let Some(mv) = game.solver_move(level, decision_seed(seed, game_number, game.ply_count()))
        else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}
