//! Alpha-beta search: negamax with iterative deepening, principal-variation search, a
//! transposition table, killer and history move ordering and a quiescence search over
//! captures (and king escapes).

use std::sync::atomic::{AtomicBool, Ordering};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use web_time::Instant;

use super::eval::evaluate;
use super::tactics::{king_capturable, touches, weak};
use super::{Bot, Choice, Request};
use crate::rules::{Bitboard, DropCaptures, FIFTY_MOVE_PLIES, Move, MoveList, Opening, Position};

/// The score of a won game, less the plies it takes.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MATE_BOUND: i32 = MATE - 1_000;
const MAX_PLY: usize = 96;
const MAX_DEPTH: u32 = 64;
const QS_DEPTH: u32 = 6;
/// The search never stops for time before this depth is complete.
const MIN_DEPTH: u32 = 2;
const TT_BITS: u32 = 18;

/// The plies from the start in which a level's search varies its game: it picks, by its
/// seed, among the root moves within [`VARIETY_MARGIN`] of the best (the search alone
/// plays one game whatever the seed).
pub const VARIETY_PLIES: usize = 8;
/// Hundredths of a man.
pub const VARIETY_MARGIN: i32 = 15;
/// The best root moves searched exactly for the choice.
const VARIETY_MOVES: usize = 3;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    mv: Option<Move>,
    score: i32,
    depth: i32,
    bound: Bound,
}

const EMPTY_ENTRY: Entry = Entry {
    key: 0,
    mv: None,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
};

/// The search engine. `noise` adds a random offset of up to that many hundredths of a
/// pawn to each root move, for livelier weak levels.
pub struct Search {
    noise: i32,
    table: Vec<Entry>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    /// Hashes of the positions from the last irreversible move to the current node.
    path: Vec<u64>,
    nodes: u64,
    /// The line of each root move whose exact score the last complete iteration found,
    /// read from the table right after its search (later searches may overwrite its
    /// entries).
    root_lines: Vec<(Move, Vec<Move>)>,
    /// Whether the opening varies with the seed ([`VARIETY_PLIES`]).
    variety: bool,
}

struct Limits<'a> {
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    nodes: Option<u64>,
    /// Whether time and node limits may stop the current iteration.
    may_stop: bool,
    stopped: bool,
}

fn mate_to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn mate_from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Whether the fifty-move rule (RULES §6) may end the game within the `depth` plies left
/// to search from `pos`, quiescence's quiet replies included. The table's key is the
/// position without its count of plies since the last capture, so the same position
/// reached by another order of moves (the capture earlier or later) has another count: an
/// entry made far from the limit has not seen the draw, and one made near it sees a draw
/// that is not there further away. Such nodes take no cut-off from the table and leave it
/// only their best move.
fn near_fifty(pos: &Position, depth: i32) -> bool {
    pos.halfmoves() as i32 + depth.max(0) + QS_DEPTH as i32 >= FIFTY_MOVE_PLIES as i32
}

fn history_index(mv: Move) -> usize {
    let (from, to) = match mv {
        Move::Drop { to } => (to, to),
        Move::Single { from, to } | Move::MoleDrop { from, to } => (from, to),
        Move::Tandem { from, to } => (from.min, to.min),
    };
    from.index() as usize * 120 + to.index() as usize
}

impl Search {
    pub fn new(noise: i32) -> Search {
        Search {
            noise,
            table: Vec::new(),
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 120 * 120],
            path: Vec::new(),
            nodes: 0,
            root_lines: Vec::new(),
            variety: false,
        }
    }

    /// The same search, varying its opening with the seed: the player levels'.
    pub fn varied(mut self) -> Search {
        self.variety = true;
        self
    }

    fn reset(&mut self) {
        if self.table.is_empty() {
            self.table = vec![EMPTY_ENTRY; 1 << TT_BITS];
        } else {
            self.table.fill(EMPTY_ENTRY);
        }
        self.killers = [[None; 2]; MAX_PLY];
        self.history.fill(0);
        self.nodes = 0;
        self.root_lines.clear();
    }

    /// The line the table expects after `first` from `root`: each position's stored best
    /// move while it is legal there and the line does not come back to a position on it.
    fn line_from_table(&self, root: &Position, first: Move, depth: u32) -> Vec<Move> {
        let mut line = vec![first];
        let mut pos = *root;
        let mut seen = vec![pos.hash()];
        pos.play_unchecked(first);
        while line.len() < depth.max(1) as usize {
            let key = pos.hash();
            if seen.contains(&key) || pos.outcome().is_some() {
                break;
            }
            seen.push(key);
            let Some(mv) = self.probe(key).and_then(|e| e.mv) else {
                break;
            };
            if !pos.legal_moves().contains(&mv) {
                break;
            }
            line.push(mv);
            pos.play_unchecked(mv);
        }
        line
    }

    fn probe(&self, key: u64) -> Option<&Entry> {
        let entry = &self.table[(key as usize) & ((1 << TT_BITS) - 1)];
        (entry.key == key && entry.depth >= 0).then_some(entry)
    }

    fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = &mut self.table[(key as usize) & ((1 << TT_BITS) - 1)];
        if slot.key != key || depth >= slot.depth || bound == Bound::Exact {
            *slot = Entry {
                key,
                mv: mv.or(if slot.key == key { slot.mv } else { None }),
                score,
                depth,
                bound,
            };
        }
    }

    fn check_limits(&self, limits: &mut Limits) {
        if limits.stop.load(Ordering::Relaxed) {
            limits.stopped = true;
        } else if limits.may_stop {
            let out_of_nodes = limits.nodes.is_some_and(|n| self.nodes >= n);
            let out_of_time = self.nodes.is_multiple_of(512)
                && limits.deadline.is_some_and(|d| Instant::now() >= d);
            if out_of_nodes || out_of_time {
                limits.stopped = true;
            }
        }
    }

    /// Game-ending facts about a node, from its side to move's view (RULES §6).
    fn terminal(pos: &Position, ply: usize) -> Option<i32> {
        let me = pos.turn();
        if pos.king_captured(me) {
            return Some(-MATE + ply as i32);
        }
        if pos.king_captured(!me) {
            return Some(MATE - ply as i32);
        }
        // RULES §10.4, checked after §6.2 (no legal move loses first): the hopeless side
        // may be either one.
        if let Some(loser) = pos.hopeless_side() {
            return Some(if loser == me || !pos.has_move() {
                -MATE + ply as i32
            } else {
                MATE - ply as i32
            });
        }
        if pos.halfmoves() >= FIFTY_MOVE_PLIES {
            return Some(if pos.has_move() {
                0
            } else {
                -MATE + ply as i32
            });
        }
        None
    }

    /// Whether the node repeats a position since the last irreversible move.
    fn repeated(&self, pos: &Position) -> bool {
        let window = (pos.halfmoves() as usize).min(self.path.len().saturating_sub(1));
        let end = self.path.len().saturating_sub(1);
        self.path[end - window..end]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&h| h == pos.hash())
    }

    fn order(
        &self,
        pos: &Position,
        moves: &MoveList,
        tt_move: Option<Move>,
        ply: usize,
    ) -> Vec<i32> {
        let me = pos.turn();
        let targets = weak(pos, !me);
        let king = pos.king(!me).map_or(Bitboard::EMPTY, Bitboard::from_cell);
        let weak_king = targets & king;
        moves
            .iter()
            .map(|&m| {
                if Some(m) == tt_move {
                    1_000_000
                } else if touches(m, weak_king) {
                    900_000
                } else if touches(m, targets) {
                    500_000 + (m.destinations().neighbours() & targets).count() as i32
                } else if self.killers[ply][0] == Some(m) {
                    400_000
                } else if self.killers[ply][1] == Some(m) {
                    399_000
                } else if touches(m, king) {
                    300_000
                } else {
                    self.history[history_index(m)].min(299_000)
                }
            })
            .collect()
    }

    fn negamax(
        &mut self,
        limits: &mut Limits,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if let Some(score) = Self::terminal(pos, ply) {
            return score;
        }
        if ply > 0 && self.repeated(pos) {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(limits, pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        self.check_limits(limits);
        if limits.stopped {
            return 0;
        }
        let key = pos.hash();
        let near_fifty = near_fifty(pos, depth);
        let mut tt_move = None;
        if let Some(entry) = self.probe(key) {
            tt_move = entry.mv;
            if entry.depth >= depth && ply > 0 && !near_fifty {
                let score = mate_from_table(entry.score, ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return -MATE + ply as i32;
        }
        let mut scores = self.order(pos, &moves, tt_move, ply);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for i in 0..moves.len() {
            let pick = (i..moves.len()).max_by_key(|&j| scores[j]).unwrap_or(i);
            scores.swap(i, pick);
            moves.swap(i, pick);
            let mv = moves[i];
            let mut child = *pos;
            child.play_unchecked(mv);
            self.path.push(child.hash());
            let score = if i == 0 {
                -self.negamax(limits, &child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves are first searched one ply shallower (late move
                // reduction); a move that still beats alpha is searched in full.
                let reduction = i32::from(depth >= 3 && i >= 4 && scores[i] < 300_000);
                let mut s = -self.negamax(
                    limits,
                    &child,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                );
                if reduction > 0 && s > alpha && !limits.stopped {
                    s = -self.negamax(limits, &child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !limits.stopped {
                    -self.negamax(limits, &child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            self.path.pop();
            if limits.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        let quiet = !touches(mv, weak(pos, !pos.turn()));
                        if quiet {
                            if self.killers[ply][0] != Some(mv) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(mv);
                            }
                            let h = &mut self.history[history_index(mv)];
                            *h = (*h + depth * depth).min(250_000);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if near_fifty {
            // Only the move, for ordering: the value holds at this count alone.
            self.store(key, best_move, 0, 0, Bound::Upper);
        } else {
            self.store(key, best_move, mate_to_table(best, ply), depth, bound);
        }
        best
    }

    /// Captures only, unless our own king could be captured next: then every move.
    fn quiesce(
        &mut self,
        limits: &mut Limits,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: u32,
    ) -> i32 {
        if let Some(score) = Self::terminal(pos, ply) {
            return score;
        }
        self.nodes += 1;
        self.check_limits(limits);
        if limits.stopped {
            return 0;
        }
        // King drops never capture anything worth a quiescence search; the drop opening's
        // drops capture as moves do, unless its rules say they do not (RULES §10.3).
        if pos.is_drop_phase()
            && (pos.rules().opening == Opening::Kings
                || pos.rules().drop_captures == DropCaptures::No)
        {
            return evaluate(pos);
        }
        let me = pos.turn();
        let in_danger = king_capturable(pos, me);
        let mut best;
        if in_danger {
            if qdepth >= QS_DEPTH || ply >= MAX_PLY - 1 {
                return evaluate(pos) - 300;
            }
            best = -MATE + ply as i32;
        } else {
            let stand = evaluate(pos);
            if stand >= beta || qdepth >= QS_DEPTH || ply >= MAX_PLY - 1 {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let targets = weak(pos, !me);
        if targets.is_empty() && !in_danger {
            // No enemy man can be captured this move.
            return best;
        }
        let king = pos.king(!me).map_or(Bitboard::EMPTY, Bitboard::from_cell) & targets;
        let mut candidates: Vec<(Move, i32)> = Vec::new();
        pos.for_each_legal_move(|mv| {
            if touches(mv, king) {
                candidates.push((mv, 2));
            } else if touches(mv, targets) {
                candidates.push((mv, 1));
            } else if in_danger {
                candidates.push((mv, 0));
            }
        });
        candidates.sort_by_key(|&(_, k)| std::cmp::Reverse(k));
        for (mv, _) in candidates {
            let mut child = *pos;
            let captured = child.play_unchecked(mv);
            if !in_danger && captured.is_empty() {
                continue;
            }
            let score = -self.quiesce(limits, &child, -beta, -alpha, ply + 1, qdepth + 1);
            if limits.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

impl Search {
    /// Searches every root move to `depth`: the first `k` exactly, the others only as far
    /// as needed to tell whether they beat the `k`-th best score so far (exactly when they
    /// do). Returns the best move and score, or `None` when stopped before the iteration
    /// finished. Leaves the moves sorted, best first; those outside the best `k` keep
    /// their order behind.
    fn search_root(
        &mut self,
        limits: &mut Limits,
        root: &Position,
        root_moves: &mut [(Move, i32)],
        depth: u32,
        k: usize,
    ) -> Option<(Move, i32)> {
        let k = k.max(1);
        let mut top: Vec<i32> = Vec::with_capacity(k + 1);
        // The lines found in this iteration, kept only if it finishes (they go with its
        // scores).
        let mut lines: Vec<(Move, Vec<Move>)> = Vec::new();
        let mut best: Option<(Move, i32)> = None;
        let d = depth as i32 - 1;
        for (i, entry) in root_moves.iter_mut().enumerate() {
            let mv = entry.0;
            let floor = (top.len() >= k).then(|| top[k - 1]);
            let mut child = *root;
            child.play_unchecked(mv);
            self.path.push(child.hash());
            let value = match floor {
                None => -self.negamax(limits, &child, d, -INF, INF, 1),
                Some(a) => {
                    let v = -self.negamax(limits, &child, d, -a - 1, -a, 1);
                    if v > a && !limits.stopped {
                        -self.negamax(limits, &child, d, -INF, -a, 1)
                    } else {
                        v
                    }
                }
            };
            self.path.pop();
            if limits.stopped {
                return None;
            }
            let kept = floor.is_none_or(|a| value > a);
            entry.1 = if kept { value } else { -INF - i as i32 };
            if kept && k > 1 {
                let line = self.line_from_table(root, mv, depth);
                lines.push((mv, line));
            }
            if kept {
                let at = top.partition_point(|&s| s >= value);
                top.insert(at, value);
                top.truncate(k);
                if best.is_none_or(|(_, b)| value > b) {
                    best = Some((mv, value));
                }
            }
        }
        root_moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        if k > 1 {
            self.root_lines = lines;
        }
        best
    }

    /// The root moves worth within `noise` of the best score at `depth` (null-window
    /// tests against the threshold), for the noisy levels. Never includes a move that
    /// loses, as long as the best score is not itself a mate score.
    fn near_best(
        &mut self,
        limits: &mut Limits,
        root: &Position,
        root_moves: &[(Move, i32)],
        depth: u32,
        best: (Move, i32),
    ) -> Vec<Move> {
        let threshold = best.1 - self.noise;
        let mut near = vec![best.0];
        for &(mv, _) in root_moves.iter().filter(|(m, _)| *m != best.0) {
            let mut child = *root;
            child.play_unchecked(mv);
            self.path.push(child.hash());
            let v = -self.negamax(
                limits,
                &child,
                depth as i32 - 1,
                -threshold,
                -threshold + 1,
                1,
            );
            self.path.pop();
            if limits.stopped {
                break;
            }
            if v >= threshold {
                near.push(mv);
            }
        }
        near
    }
}

/// What iterative deepening left: the last complete iteration's best moves.
struct Deepened<'a> {
    root: Position,
    /// Every root move (in the last iteration's order, as far as it went).
    root_moves: Vec<(Move, i32)>,
    /// The best `k` of them with their exact scores, best first.
    top: Vec<(Move, i32)>,
    best: Choice,
    limits: Limits<'a>,
}

/// One of the best root moves of [`Search::analyse`], with its score for the side to move
/// and the line the search expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootLine {
    pub mv: Move,
    pub score: i32,
    pub line: Vec<Move>,
}

impl Search {
    /// Iterative deepening from the request's position, keeping the best `k` root moves
    /// exact; `None` when the game is over.
    fn deepen<'a>(&mut self, request: &Request<'a>, k: usize) -> Option<Deepened<'a>> {
        let game = request.game;
        let root = *game.position();
        let moves = game.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let started = Instant::now();
        self.reset();
        // The positions since the last irreversible move, the root last.
        let window = root.halfmoves() as usize;
        let total = game.plies().len();
        self.path = (total.saturating_sub(window)..=total)
            .filter_map(|n| game.position_at(n).map(Position::hash))
            .collect();
        let budget = request.budget;
        let mut limits = Limits {
            stop: request.stop,
            deadline: budget.time.map(|t| started + t),
            nodes: budget.nodes,
            may_stop: false,
            stopped: false,
        };
        let initial = self.order(&root, &moves, None, 0);
        let mut root_moves: Vec<(Move, i32)> = moves.iter().copied().zip(initial).collect();
        root_moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let mut best = Choice {
            mv: root_moves[0].0,
            score: None,
            depth: 0,
            nodes: 0,
            line: vec![root_moves[0].0],
        };
        let mut top = Vec::new();
        let max_depth = budget.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            limits.may_stop = depth > MIN_DEPTH;
            let Some((mv, score)) = self.search_root(&mut limits, &root, &mut root_moves, depth, k)
            else {
                break;
            };
            best = Choice {
                mv,
                score: Some(score),
                depth,
                nodes: self.nodes,
                line: Vec::new(),
            };
            top = root_moves
                .iter()
                .take(k.max(1))
                .copied()
                .filter(|&(_, s)| s > -INF)
                .collect();
            let out_of_time = budget
                .time
                .is_some_and(|t| started.elapsed() > t.mul_f64(0.45));
            if score.abs() > MATE_BOUND
                || (moves.len() == 1 && depth >= MIN_DEPTH)
                || (out_of_time && depth >= MIN_DEPTH)
            {
                break;
            }
        }
        Some(Deepened {
            root,
            root_moves,
            top,
            best,
            limits,
        })
    }

    /// The best `k` moves of the request's position with their scores and lines, best
    /// first, and the depth reached (no noise: for analysis). `None` when the game is
    /// over; an empty list when stopped before the first iteration ended.
    pub fn analyse(&mut self, request: &Request, k: usize) -> Option<(Vec<RootLine>, u32)> {
        let deepened = self.deepen(request, k)?;
        let depth = deepened.best.depth;
        let lines = deepened
            .top
            .iter()
            .map(|&(mv, score)| RootLine {
                mv,
                score,
                line: self
                    .root_lines
                    .iter()
                    .find(|(m, _)| *m == mv)
                    .map(|(_, l)| l.clone())
                    .unwrap_or_else(|| self.line_from_table(&deepened.root, mv, depth)),
            })
            .collect();
        Some((lines, depth))
    }

    /// Nodes searched by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl Bot for Search {
    fn choose(&mut self, request: &Request) -> Option<Choice> {
        let vary = self.variety && request.game.plies().len() < VARIETY_PLIES;
        let Deepened {
            root,
            root_moves,
            top,
            mut best,
            mut limits,
        } = self.deepen(request, if vary { VARIETY_MOVES } else { 1 })?;
        if vary && let Some(score) = best.score.filter(|s| s.abs() < MATE_BOUND) {
            let near: Vec<Move> = top
                .iter()
                .filter(|&&(_, s)| s >= score - VARIETY_MARGIN)
                .map(|&(m, _)| m)
                .collect();
            if near.len() > 1 {
                let mut rng = SmallRng::seed_from_u64(request.seed);
                best.mv = near[rng.random_range(0..near.len())];
                best.line = self
                    .root_lines
                    .iter()
                    .find(|(m, _)| *m == best.mv)
                    .map(|(_, l)| l.clone())
                    .unwrap_or_else(|| self.line_from_table(&root, best.mv, best.depth));
                best.nodes = self.nodes;
                return Some(best);
            }
        } else if self.noise > 0
            && best.depth > 0
            && let Some(score) = best.score.filter(|s| s.abs() < MATE_BOUND)
        {
            let near = self.near_best(
                &mut limits,
                &root,
                &root_moves,
                best.depth,
                (best.mv, score),
            );
            let mut rng = SmallRng::seed_from_u64(request.seed);
            best.mv = near[rng.random_range(0..near.len())];
        }
        // The line is read once, for the move chosen.
        best.line = self.line_from_table(&root, best.mv, best.depth);
        best.nodes = self.nodes;
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    /// Searches `root` to `depth` with a table holding, for the position after the first
    /// legal move, an exact value made as if far from the fifty-move limit that makes that
    /// move look winning.
    fn with_misleading_entry(root: &Position, depth: i32) -> i32 {
        let mut search = Search::new(0);
        search.reset();
        let first = root.legal_moves()[0];
        let mut child = *root;
        child.play_unchecked(first);
        search.store(child.hash(), None, -5_000, 20, Bound::Exact);
        search.path = vec![root.hash()];
        let stop = AtomicBool::new(false);
        let mut limits = Limits {
            stop: &stop,
            deadline: None,
            nodes: None,
            may_stop: false,
            stopped: false,
        };
        search.negamax(&mut limits, root, depth, -INF, INF, 0)
    }

    /// Near the limit the table's entry is not believed: the draw two plies away is.
    #[test]
    fn a_table_entry_made_far_from_the_fifty_move_limit_does_not_cut_near_it() {
        let text = |halfmoves: u32| format!("##4##/#P5#/8/3K4/8/#pp1k1p#/##4## b {halfmoves} 60");
        let rules = RuleSet::default();
        let near = Position::from_text(&text(98), rules).unwrap();
        assert!(with_misleading_entry(&near, 2) < 1_000);
        // Far from it the entry cuts, as a table should (the same search, 40 plies
        // earlier): the test's entry is really read.
        let far = Position::from_text(&text(58), rules).unwrap();
        assert_eq!(with_misleading_entry(&far, 2), 5_000);
    }
}
