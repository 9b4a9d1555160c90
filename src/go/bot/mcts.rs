//! Monte Carlo tree search: UCT with RAVE (all moves as first), light random playouts
//! with a few cheap heuristics, tree reuse between moves and root parallelism.
//!
//! The classic design of Go programs before neural networks (MoGo, Fuego, Pachi):
//! every iteration walks the tree from the root, choosing children by their win rate
//! blended with their AMAF (all-moves-as-first) rate, adds a node after its second
//! visit, plays the game out at random and counts the result for every node on the
//! way — and, through AMAF, for every sibling whose move the same side played later.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use super::eye::Eyes;
use super::{Bot, Candidate, Choice, Request};
use crate::go::bits::{Adjacency, Bits, CELLS, Cell};
use crate::go::fast::{FastGo, is_shape_at};
use crate::go::game::Game;
use crate::go::geometry::Geometry;
use crate::go::moves::Move;
use crate::go::piece::{Kind, PieceSet};
use crate::go::playout::Rng;
use crate::go::position::{Played, Position};
use crate::rules::Side;

const NO_KEY: u16 = u16::MAX;

/// The search's knobs; the defaults are what the levels play with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Root parallelism: independent trees on this many threads, merged at the end.
    pub threads: usize,
    /// Blend AMAF statistics into the choice of children (RAVE).
    pub rave: bool,
    /// RAVE's equivalence parameter: AMAF counts for half after about this many visits.
    pub rave_k: f64,
    /// UCT's exploration constant.
    pub explore: f64,
    /// Playout heuristics (rooks, wazirs, bishops alone): capture, save, no self-atari
    /// of 3+ stones.
    pub heuristics: bool,
    /// Keep the subtree of the moves played between two searches.
    pub reuse: bool,
    /// Visits before a node gets children.
    pub expand_at: u32,
    /// Virtual games for captures, saves and self-ataris when a node gets children.
    pub priors: bool,
    /// Playouts (rooks, wazirs, bishops alone) answer the last drop with a 3 × 3 shape
    /// next to it.
    pub shapes: bool,
    /// Priors (the same sets) for 3 × 3 shapes, moves near the last one and the
    /// lines of the board, on top of an even prior for every move (off by default).
    pub shape_priors: bool,
    /// How much the margin counts in a playout's value (the rest is the win); `None`:
    /// the set's own ([`score_weight_of`]).
    pub score_weight: Option<f64>,
}

impl MctsConfig {
    /// The switches that can be turned off by name, for measuring each one.
    pub const SWITCHES: [&'static str; 6] = [
        "rave",
        "heuristics",
        "shapes",
        "shape_priors",
        "priors",
        "reuse",
    ];

    /// This configuration with the named switches (comma-separated, from
    /// [`MctsConfig::SWITCHES`]) turned off.
    pub fn without(self, names: &str) -> Result<MctsConfig, String> {
        self.switched(names, false)
    }

    /// This configuration with the named switches turned on.
    pub fn with(self, names: &str) -> Result<MctsConfig, String> {
        self.switched(names, true)
    }

    fn switched(mut self, names: &str, on: bool) -> Result<MctsConfig, String> {
        for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let switch = match name {
                "rave" => &mut self.rave,
                "heuristics" => &mut self.heuristics,
                "shapes" => &mut self.shapes,
                "shape_priors" => &mut self.shape_priors,
                "priors" => &mut self.priors,
                "reuse" => &mut self.reuse,
                _ => {
                    return Err(format!(
                        "unknown switch '{name}' (one of {})",
                        MctsConfig::SWITCHES.join(", ")
                    ));
                }
            };
            *switch = on;
        }
        Ok(self)
    }
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            threads: 1,
            rave: true,
            rave_k: 600.0,
            explore: 0.15,
            heuristics: true,
            reuse: true,
            expand_at: 2,
            priors: true,
            shapes: true,
            // Measured weaker (docs/BOTS.md): 7 wins in 17 games against the search without it
            // and without shapes, where shapes alone won 12 of 20.
            shape_priors: false,
            score_weight: None,
        }
    }
}

/// The default time when a request gives no budget at all.
const DEFAULT_TIME: Duration = Duration::from_millis(1000);

/// Nodes one tree may hold (64 bytes each: 192 MB); past it the tree stops growing.
const MAX_NODES: usize = 3_000_000;

#[derive(Clone, Copy)]
struct Node {
    mv: Move,
    /// The cell the move plays to (the AMAF key); `NO_KEY` for a pass.
    key: u16,
    first: u32,
    count: u32,
    expanded: bool,
    /// Visits, the priors' virtual games included: what the tree's choice of children
    /// sees.
    visits: u32,
    /// Value won (see [`black_value_of`]) by the side that played `mv`, virtual games
    /// included.
    wins: f32,
    amaf_visits: u32,
    amaf_wins: f32,
    /// Playouts (and repetition draws) that went through the node: real games only.
    real: u32,
    /// Of them, won by the side that played `mv` (a draw counts ½).
    won: f32,
    /// The sum of their final margins in points for the side that played `mv` (its
    /// score less the opponent's, komi included; a repetition draw counts 0), and of
    /// their squares.
    points: f64,
    points_sq: f64,
}

// MAX_NODES's memory (above) counts 64 bytes a node.
const _: () = assert!(std::mem::size_of::<Node>() <= 64);

impl Node {
    fn new(mv: Move) -> Node {
        let key = match mv {
            Move::Drop { cell, .. } | Move::Step { to: cell, .. } => cell.index() as u16,
            Move::Pass => NO_KEY,
        };
        Node {
            mv,
            key,
            first: 0,
            count: 0,
            expanded: false,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0,
            amaf_wins: 0.0,
            real: 0,
            won: 0.0,
            points: 0.0,
            points_sq: 0.0,
        }
    }
}

/// One search tree, with the position at its root and who held each cell at the end of
/// its playouts.
struct Tree {
    root: Position,
    nodes: Vec<Node>,
    /// Per side, the playouts that ended with the cell that side's.
    owners: Box<[[u32; CELLS]; 2]>,
    playouts: u64,
}

impl Tree {
    fn new(root: Position) -> Tree {
        Tree {
            root,
            nodes: vec![Node::new(Move::Pass)],
            owners: Box::new([[0; CELLS]; 2]),
            playouts: 0,
        }
    }

    /// Re-roots the tree at `target` when it is one or two moves below the root.
    fn advance(mut self, target: &Position) -> Option<Tree> {
        if self.root == *target {
            return Some(self);
        }
        let root = self.nodes[0];
        if !root.expanded {
            return None;
        }
        for i in root.first..root.first + root.count {
            let child = self.nodes[i as usize];
            let Ok(p1) = self.root.play(child.mv) else {
                continue;
            };
            if p1.position == *target {
                return Some(self.subtree(i, p1.position));
            }
            if !child.expanded {
                continue;
            }
            for j in child.first..child.first + child.count {
                let grandchild = self.nodes[j as usize];
                if let Ok(p2) = p1.position.play(grandchild.mv)
                    && p2.position == *target
                {
                    return Some(self.subtree(j, p2.position));
                }
            }
        }
        self.nodes.clear();
        None
    }

    /// The subtree under node `at`, copied into a fresh arena.
    fn subtree(&self, at: u32, root: Position) -> Tree {
        let mut nodes = vec![self.nodes[at as usize]];
        // (old index, new index) of nodes whose children are still to copy.
        let mut stack = vec![(at, 0u32)];
        while let Some((old, new)) = stack.pop() {
            let node = self.nodes[old as usize];
            if !node.expanded {
                continue;
            }
            let first = nodes.len() as u32;
            for k in 0..node.count {
                nodes.push(self.nodes[(node.first + k) as usize]);
                stack.push((node.first + k, first + k));
            }
            nodes[new as usize].first = first;
        }
        Tree {
            root,
            nodes,
            owners: Box::new([[0; CELLS]; 2]),
            playouts: 0,
        }
    }
}

/// What a search thread works with.
struct Worker<'a> {
    config: MctsConfig,
    eyes: &'a Eyes,
    game: &'a Game,
    rng: Rng,
    /// Moves of the current iteration, tree part then playout: (side index, key).
    seq: Vec<(u8, u16)>,
    /// AMAF marks: `played[side][cell]` is the iteration number that marked it.
    played: Box<[[u32; CELLS]; 2]>,
    stamp: u32,
    fast_ok: bool,
    /// Black's drops less White's up to the root (pieces on the board plus pieces lost).
    drops_ahead: f64,
    /// How often each (placement hash, side to move) occurred in the game, for the
    /// repetition draw (GO_RULES §4) inside the tree; built once per search.
    history: &'a HashMap<(u64, Side), u32>,
    /// The placement hashes of the game's positions, for superko inside the tree.
    placements: &'a HashSet<u64>,
    /// Superko is on (the option, or moving pieces: GO_RULES §3).
    superko: bool,
    /// The positions after each move of the current iteration's tree path (placement
    /// hash, side to move), the game's history continued along the path.
    line: Vec<(u64, Side)>,
    komi: f64,
    /// The margin's share of a playout's value.
    score_weight: f64,
}

/// How much the margin counts in a playout's value for a piece set, as measured: 0.1,
/// but 0.3 for bishops alone, whose games end with 15 to 25 points in all and margins of
/// a few points, so that the win rates of the good moves stand at 0.9 long before the
/// game is decided and only the margin tells them apart (docs/BOTS.md, the matches' table:
/// against greedy 53 of 60 games with 0.1, 59 of 60 with 0.3).
pub fn score_weight_of(pieces: PieceSet) -> f64 {
    if pieces.light_cells_only() { 0.3 } else { 0.1 }
}

/// The value for Black of a final position where Black's score less White's is `diff`:
/// mostly 1 a win, 0 a loss, ½ a draw, and a little of the margin, so that between moves
/// that win (or lose) alike the search prefers the bigger score (a capture is never
/// indifferent). `scale` is the margin that counts about half (a tenth of the board).
/// This steers the tree; the root's pass rules read win rates and points instead
/// ([`RootMove`]).
fn black_value_of(diff: f64, scale: f64, score_weight: f64) -> f32 {
    let win = if diff > 0.0 {
        1.0
    } else if diff < 0.0 {
        0.0
    } else {
        0.5
    };
    let margin = 0.5 + 0.5 * (diff / scale).tanh();
    (win * (1.0 - score_weight) + margin * score_weight) as f32
}

impl Worker<'_> {
    fn expand(&mut self, tree: &mut Tree, at: usize, pos: &Position) {
        if tree.nodes.len() >= MAX_NODES {
            return;
        }
        let first = tree.nodes.len() as u32;
        let me = pos.turn();
        let eyes = self.eyes;
        let is_root = at == 0;
        let game = self.game;
        // The sets that play as Go does (rooks, wazirs, bishops alone) get Go's priors.
        let go_like = pos.rules().pieces.go_adjacency();
        // With them: the last liberties of the mover's groups in atari.
        let atari_libs = if let Some(adj) = go_like {
            let own = pos.pieces(me);
            let empty = pos.empty();
            let mut seen = Bits::EMPTY;
            let mut libs = Bits::EMPTY;
            for c in own {
                if !seen.contains(c) {
                    let group = Bits::from_cell(c).flood_by(own, adj);
                    seen |= group;
                    let l = group.adjacent(adj) & empty;
                    if l.count() == 1 {
                        libs |= l;
                    }
                }
            }
            libs
        } else {
            Bits::EMPTY
        };
        let prior = self.config.priors;
        // The move that led here, for the priors of the moves near it.
        let last = if is_root {
            game.moves().last().map(|&(m, _)| m)
        } else {
            Some(tree.nodes[at].mv)
        }
        .and_then(|m| match m {
            Move::Drop { cell, .. } | Move::Step { to: cell, .. } => Some(cell),
            Move::Pass => None,
        });
        let stones = pos.occupied();
        let geo = *pos.geometry();
        // Superko below the root (the root's moves come from the game, which judges it):
        // a move may not bring back a placement of the game or of the path to this node.
        // Placements are compared by their 64-bit hash alone here.
        let superko = self.superko && !is_root;
        let (placements, line) = (self.placements, &self.line);
        let repeats = |played: &Played| {
            let h = played.position.placement_hash();
            placements.contains(&h) || line.iter().any(|&(k, _)| k == h)
        };
        let mut add = |mv: Move, played: &Played| {
            if let Move::Drop { cell, .. } = mv
                && eyes.is_eye(pos, me, cell)
            {
                return;
            }
            if superko && mv != Move::Pass && repeats(played) {
                return;
            }
            let mut node = Node::new(mv);
            if prior {
                // Go programs' classic priors, as virtual games: captures and saving a
                // group in atari look good, a self-atari of 3+ stones looks bad.
                let taken = played.captured.count();
                let (mut n, mut w) = match mv {
                    _ if taken > 0 => (10 + 2 * taken.min(10), 10 + 2 * taken.min(10)),
                    Move::Drop { cell, .. } if let Some(adj) = go_like => {
                        let own = played.position.pieces(me);
                        let group = Bits::from_cell(cell).flood_by(own, adj);
                        let libs = (group.adjacent(adj) & played.position.empty()).count();
                        if atari_libs.contains(cell) && libs >= 2 {
                            (
                                10 + 2 * group.count().min(10),
                                10 + 2 * group.count().min(10),
                            )
                        } else if libs == 1 && group.count() >= 3 {
                            (20, 0)
                        } else {
                            (0, 0)
                        }
                    }
                    // The general engine's sets: a piece the opponent can capture at once
                    // where it lands looks bad (greedy takes every such piece; the random
                    // playouts seldom do).
                    Move::Drop { cell, .. } | Move::Step { to: cell, .. }
                        if go_like.is_none() && capturable_at_once(&played.position, cell) =>
                    {
                        (CAPTURABLE_PRIOR, 0)
                    }
                    _ => (0, 0),
                };
                if let Move::Drop { cell, .. } = mv
                    && let Some(adj) = go_like
                    && self.config.shape_priors
                {
                    // Michi's (P. Baudiš) priors for Go: every move even (10 games, 5
                    // won), a 3 × 3 shape good, moves near the last one good (the
                    // fights are local), a lone move on the first two lines bad and on
                    // the third good (the opening and invasions).
                    let (mut pn, mut pw) = (10, 5);
                    if is_shape_at(pos, cell) {
                        (pn, pw) = (pn + 10, pw + 10);
                    }
                    if let Some(l) = last {
                        let (df, dr) = (
                            cell.file().abs_diff(l.file()),
                            cell.rank().abs_diff(l.rank()),
                        );
                        // Steps between them (diagonal ones for bishops).
                        let d = match adj {
                            Adjacency::Orthogonal => df + dr,
                            Adjacency::Diagonal => df.max(dr),
                        } as u32;
                        let near = [0, 24, 22, 8].get(d as usize).copied().unwrap_or(0);
                        (pn, pw) = (pn + near, pw + near);
                    }
                    let line = edge_distance(&geo, cell);
                    if line <= 3 && (stones & around(cell, 3, adj)).is_empty() {
                        pn += 10;
                        if line == 3 {
                            pw += 10;
                        }
                    }
                    n += pn;
                    w += pw;
                }
                node.visits = n;
                node.wins = w as f32;
                if go_like.is_none() {
                    // The general engine's few playouts (maos about 600 a second) leave
                    // a node's choice almost wholly to its AMAF value (β = 0.98 at 10
                    // visits), which is blind to what a drop risks where it stands: the
                    // priors count there too (Gelly and Silver's heuristic MC-RAVE starts
                    // both values from its heuristic).
                    node.amaf_visits = n;
                    node.amaf_wins = w as f32;
                }
            }
            tree.nodes.push(node);
        };
        if is_root {
            game.for_each_legal_move(|mv, played| add(mv, played));
        } else {
            pos.for_each_legal_move(|mv, played| add(mv, played));
        }
        let count = tree.nodes.len() as u32 - first;
        let node = &mut tree.nodes[at];
        node.first = first;
        node.count = count;
        node.expanded = true;
    }

    fn select(&mut self, tree: &Tree, at: usize) -> usize {
        let node = tree.nodes[at];
        let log_n = (node.visits.max(1) as f64).ln();
        let mut best = node.first as usize;
        let mut best_value = f64::NEG_INFINITY;
        for i in node.first..node.first + node.count {
            let c = &tree.nodes[i as usize];
            let n = c.visits as f64;
            let value = if c.visits == 0 {
                let fpu = if self.config.rave && c.amaf_visits > 0 {
                    c.amaf_wins as f64 / c.amaf_visits as f64
                } else {
                    1.0
                };
                fpu + 0.1 + (self.rng.next_u64() >> 44) as f64 * 1e-9
            } else {
                let q = c.wins as f64 / n;
                let mixed = if self.config.rave && c.amaf_visits > 0 {
                    let qa = c.amaf_wins as f64 / c.amaf_visits as f64;
                    let beta = (self.config.rave_k / (3.0 * n + self.config.rave_k)).sqrt();
                    (1.0 - beta) * q + beta * qa
                } else {
                    q
                };
                mixed + self.config.explore * (log_n / n).sqrt()
            };
            if value > best_value {
                best_value = value;
                best = i as usize;
            }
        }
        best
    }

    /// One iteration: descend, expand, play out, back up.
    fn iterate(&mut self, tree: &mut Tree) {
        self.seq.clear();
        let mut path: [u32; 512] = [0; 512];
        let mut depth = 0;
        let mut pos = tree.root;
        let mut at = 0usize;
        self.line.clear();
        let mut drawn = false;
        loop {
            let node = tree.nodes[at];
            if !node.expanded {
                if at == 0 || node.visits + 1 >= self.config.expand_at {
                    self.expand(tree, at, &pos);
                }
                if !tree.nodes[at].expanded {
                    break;
                }
            }
            if tree.nodes[at].count == 0 || pos.is_over() || depth + 1 >= path.len() {
                break;
            }
            let child = self.select(tree, at);
            let mv = tree.nodes[child].mv;
            let Ok(next) = pos.play(mv) else {
                break;
            };
            self.seq
                .push((pos.turn().index() as u8, tree.nodes[child].key));
            pos = next.position;
            depth += 1;
            path[depth] = child as u32;
            at = child;
            if pos.is_over() {
                break;
            }
            // A third occurrence of a placement with the same side to move draws
            // (GO_RULES §4): a side that wins must not walk into it, one that loses may.
            let key = (pos.placement_hash(), pos.turn());
            let seen = self.history.get(&key).copied().unwrap_or(0) as usize
                + self.line.iter().filter(|&&k| k == key).count();
            self.line.push(key);
            if seen >= 2 {
                drawn = true;
                break;
            }
        }
        let tree_moves = self.seq.len();
        let (value, margin) = if drawn {
            (0.5, 0.0)
        } else {
            self.playout(tree, &pos)
        };
        let black_won = match margin.partial_cmp(&0.0) {
            Some(std::cmp::Ordering::Greater) => 1.0,
            Some(std::cmp::Ordering::Less) => 0.0,
            _ => 0.5,
        };
        tree.playouts += 1;
        // Back up: each node counts the result for the side that moved into it.
        let mut side = tree.root.turn();
        for (d, &at) in path[..=depth].iter().enumerate() {
            let node = &mut tree.nodes[at as usize];
            node.visits += 1;
            node.real += 1;
            if d > 0 {
                let (v, won, m) = if side == Side::Black {
                    (value, black_won, margin)
                } else {
                    (1.0 - value, 1.0 - black_won, -margin)
                };
                node.wins += v;
                node.won += won;
                node.points += m;
                node.points_sq += m * m;
                side = !side;
            }
        }
        if !self.config.rave {
            return;
        }
        // AMAF: walking back from the end, the cells each side played from then on.
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            *self.played = [[0; CELLS]; 2];
            self.stamp = 1;
        }
        let stamp = self.stamp;
        for &(s, key) in &self.seq[tree_moves..] {
            if key != NO_KEY {
                self.played[s as usize][key as usize] = stamp;
            }
        }
        for d in (0..depth.min(tree_moves)).rev() {
            let (s, key) = self.seq[d];
            if key != NO_KEY {
                self.played[s as usize][key as usize] = stamp;
            }
            let node = tree.nodes[path[d] as usize];
            let v = if s == 0 { value } else { 1.0 - value };
            for i in node.first..node.first + node.count {
                let c = &mut tree.nodes[i as usize];
                if c.key != NO_KEY && self.played[s as usize][c.key as usize] == stamp {
                    c.amaf_visits += 1;
                    c.amaf_wins += v;
                }
            }
        }
        // The leaf's own children, if it has any, for the moves of the playout.
        if depth == tree_moves && tree.nodes[path[depth] as usize].expanded {
            let s = pos.turn().index();
            let v = if s == 0 { value } else { 1.0 - value };
            let node = tree.nodes[path[depth] as usize];
            for i in node.first..node.first + node.count {
                let c = &mut tree.nodes[i as usize];
                if c.key != NO_KEY && self.played[s][c.key as usize] == stamp {
                    c.amaf_visits += 1;
                    c.amaf_wins += v;
                }
            }
        }
    }

    /// Plays `pos` out at random; records the moves and the final owners; returns the
    /// value for Black and Black's margin in points (komi included).
    fn playout(&mut self, tree: &mut Tree, pos: &Position) -> (f32, f64) {
        let max_moves = 3 * pos.geometry().playable.count() as usize + 20;
        let scale = (pos.geometry().playable.count() as f64 / 10.0).max(2.0);
        let weight = self.score_weight;
        let valued = |diff: f64| (black_value_of(diff, scale, weight), diff);
        if pos.is_over() {
            let score = pos.score();
            self.count_owners(tree, pos);
            return valued(score[0] - score[1]);
        }
        if self.fast_ok
            && let Some(mut fast) = FastGo::from_position(pos)
        {
            let mut last = self
                .seq
                .last()
                .map(|&(_, k)| k)
                .filter(|&k| k != NO_KEY && fast.color(k) != 0);
            let mut moves = 0;
            while !fast.is_over() && moves < max_moves {
                let side = fast.turn().index() as u8;
                let played = if self.config.heuristics {
                    fast.policy_move(&mut self.rng, last, self.config.shapes)
                } else {
                    fast.random_move(&mut self.rng)
                };
                if let Some(v) = played {
                    self.seq.push((side, v));
                }
                last = played;
                moves += 1;
            }
            let mut owners = [0u8; CELLS];
            fast.owners(&mut owners);
            let mut area = [0f64; 2];
            for c in pos.geometry().playable {
                let o = owners[c.index()];
                if o != 0 {
                    tree.owners[o as usize - 1][c.index()] += 1;
                    area[o as usize - 1] += 1.0;
                }
            }
            return valued(area[0] - area[1] - self.drops_ahead - self.komi);
        }
        let mut pos = *pos;
        let kinds: Vec<Kind> = pos.rules().pieces.kinds().collect();
        let mut cells = [Cell::from_index(0); CELLS];
        let mut moves = 0;
        while !pos.is_over() && moves < max_moves {
            let me = pos.turn();
            let mut n = 0;
            for c in pos.empty() {
                cells[n] = c;
                n += 1;
            }
            let mut next = None;
            while n > 0 {
                let i = self.rng.below(n);
                let cell = cells[i];
                n -= 1;
                cells[i] = cells[n];
                if self.eyes.is_eye(&pos, me, cell) {
                    continue;
                }
                let kind = kinds[self.rng.below(kinds.len())];
                if let Ok(p) = pos.play(Move::Drop { kind, cell }) {
                    self.seq.push((me.index() as u8, cell.index() as u16));
                    next = Some(p.position);
                    break;
                }
            }
            pos = match next {
                Some(p) => p,
                None => match pos.play(Move::Pass) {
                    Ok(p) => p.position,
                    Err(_) => break,
                },
            };
            moves += 1;
        }
        let area = self.count_owners(tree, &pos);
        valued(area[0] - area[1] - self.drops_ahead - self.komi)
    }

    /// Counts who holds each cell; returns each side's area (pieces and controlled cells).
    fn count_owners(&self, tree: &mut Tree, pos: &Position) -> [f64; 2] {
        let controlled = pos.controlled();
        let mut area = [0f64; 2];
        for side in [Side::Black, Side::White] {
            for c in pos.pieces(side) | controlled[side.index()] {
                tree.owners[side.index()][c.index()] += 1;
                area[side.index()] += 1.0;
            }
        }
        area
    }
}

/// Virtual lost games for a drop of the general engine's sets that the opponent can
/// capture at once ([`capturable_at_once`]), in the node's own and AMAF statistics.
const CAPTURABLE_PRIOR: u32 = 30;

/// Whether the side to move in `pos` can capture the piece on `cell` with one drop.
/// Only the drops that can leave the piece no move of its own are tried: on one of its
/// moves (a slider's nearest ones), on a mao's leg, or anywhere when it has no move (it
/// lives by defending).
fn capturable_at_once(pos: &Position, cell: Cell) -> bool {
    let Some(piece) = pos.piece_at(cell) else {
        return false;
    };
    let geo = pos.geometry();
    let occupied = pos.occupied();
    let empty = pos.empty();
    let moves = geo.moves(piece.kind, piece.side, cell, &occupied);
    let candidates = match piece.kind {
        _ if moves.is_empty() => empty,
        // A drop on a leg blocks two jumps.
        Kind::Mao => moves | (Bits::from_cell(cell).neighbours() & empty),
        // A drop on a line's first cell blocks the whole line.
        Kind::Rook | Kind::Bishop | Kind::Queen => {
            moves & geo.moves(Kind::King, piece.side, cell, &occupied)
        }
        // A step or jump: one drop takes one move away.
        _ if moves.count() >= 2 => return false,
        _ => moves,
    };
    for d in candidates {
        if moves.any()
            && geo
                .moves(
                    piece.kind,
                    piece.side,
                    cell,
                    &(occupied | Bits::from_cell(d)),
                )
                .any()
        {
            continue;
        }
        for kind in pos.rules().pieces.kinds() {
            if pos
                .play(Move::Drop { kind, cell: d })
                .is_ok_and(|p| p.captured.contains(cell))
            {
                return true;
            }
        }
    }
    false
}

/// The line of `cell` from the board's nearest edge (1 the edge itself).
fn edge_distance(geo: &Geometry, cell: Cell) -> u32 {
    let (f, r) = (cell.file() as u32, cell.rank() as u32);
    let (files, ranks) = (geo.board.files() as u32, geo.board.ranks() as u32);
    1 + f.min(r).min(files - 1 - f).min(ranks - 1 - r)
}

/// The cells within `d` steps of `cell` (orthogonal or diagonal ones), `cell` included.
fn around(cell: Cell, d: u32, adjacency: Adjacency) -> Bits {
    let mut out = Bits::from_cell(cell);
    for _ in 0..d {
        out |= out.adjacent(adjacency);
    }
    out
}

/// The Monte Carlo tree search bot; keeps its trees between moves.
pub struct Mcts {
    pub config: MctsConfig,
    trees: Vec<Tree>,
}

/// One root move's statistics, merged over the threads, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootMove {
    pub mv: Move,
    /// Visits, the priors' virtual games included.
    pub visits: u64,
    /// Value won in them ((1 − w) × win + w × a squashed margin, w the score weight),
    /// virtual games included.
    pub wins: f64,
    /// Playouts through the move (and repetition draws in the tree): real games only.
    pub playouts: u64,
    /// Of them, won (a draw counts ½).
    pub won: f64,
    /// The sum of their final margins in points (the side to move's score less the
    /// opponent's, komi included), and of their squares.
    pub points: f64,
    pub points_sq: f64,
}

impl RootMove {
    fn of(node: &Node) -> RootMove {
        RootMove {
            mv: node.mv,
            visits: node.visits as u64,
            wins: node.wins as f64,
            playouts: node.real as u64,
            won: node.won as f64,
            points: node.points,
            points_sq: node.points_sq,
        }
    }

    fn add(&mut self, o: &RootMove) {
        self.visits += o.visits;
        self.wins += o.wins;
        self.playouts += o.playouts;
        self.won += o.won;
        self.points += o.points;
        self.points_sq += o.points_sq;
    }

    /// The share of its playouts won, with its standard error (binomial, counted with
    /// one more win and one more loss, so that a few playouts all won or all lost are
    /// not taken for a sure rate).
    pub fn win_rate(&self) -> (f64, f64) {
        let n = self.playouts.max(1) as f64;
        let r = self.won / n;
        let q = (self.won + 1.0) / (n + 2.0);
        (r, (q * (1.0 - q) / n).sqrt())
    }

    /// The mean final margin in points, with its standard error (infinite with fewer
    /// than two playouts).
    pub fn mean_points(&self) -> (f64, f64) {
        let n = self.playouts as f64;
        if self.playouts < 2 {
            return (self.points / n.max(1.0), f64::INFINITY);
        }
        let mean = self.points / n;
        let var = (self.points_sq / n - mean * mean).max(0.0) * n / (n - 1.0);
        (mean, (var / n).sqrt())
    }

    /// This move's gain over `pass`: in mean points and in win rate, each with its
    /// standard error.
    fn gain_over(&self, pass: &RootMove) -> ((f64, f64), (f64, f64)) {
        let ((m, m_se), (p, p_se)) = (self.mean_points(), pass.mean_points());
        let ((r, r_se), (pr, pr_se)) = (self.win_rate(), pass.win_rate());
        (
            (m - p, (m_se * m_se + p_se * p_se).sqrt()),
            (r - pr, (r_se * r_se + pr_se * pr_se).sqrt()),
        )
    }

    /// Whether this move is clearly better than `pass`: it has had [`MIN_PLAYOUTS`]
    /// playouts, and it gains at least
    /// [`PASS_POINTS`] in mean points (and its win rate is not clearly lower), or
    /// `wins_margin` in win rate, even at [`NOISE`] standard errors below the measured
    /// gain.
    pub fn clearly_beats_pass(&self, pass: &RootMove, wins_margin: f64) -> bool {
        if self.playouts < MIN_PLAYOUTS {
            return false;
        }
        let ((points, points_se), (wins, wins_se)) = self.gain_over(pass);
        (points - NOISE * points_se >= PASS_POINTS && wins + NOISE * wins_se >= 0.0)
            || wins - NOISE * wins_se >= wins_margin
    }

    /// Whether this move clearly gains less than [`PASS_POINTS`] in mean points and
    /// less than `wins_margin` in win rate over `pass`, even at [`NOISE`] standard
    /// errors above the measured gains.
    pub fn clearly_no_better_than_pass(&self, pass: &RootMove, wins_margin: f64) -> bool {
        let ((points, points_se), (wins, wins_se)) = self.gain_over(pass);
        points + NOISE * points_se < PASS_POINTS && wins + NOISE * wins_se < wins_margin
    }
}

/// What a move must gain over a pass, in mean points of its playouts, to be worth more
/// than the pass ([`RootMove::clearly_beats_pass`]). A drop in one's own area costs a
/// point under GO_RULES §4 but none in area-scored playouts, and a drop on a neutral cell
/// gains a point of area there and nothing under §4: a gain of a point or less is what
/// such drops show, so it does not count.
const PASS_POINTS: f64 = 1.0;

/// What a move must gain over a pass in win rate to be worth more than the pass, whatever
/// its points, while the pass does not end the game. Not less: the pass hands the
/// opponent the first move of the playouts, and on a settled board of the games against
/// GNU Go that made the pass's win rate 1.5 % lower than a fill's (0.974 against 0.989),
/// where the fill costs a point (GO_RULES §4) and lost the game.
const PASS_WINS: f64 = 0.05;

/// The same when the pass ends the game (the opponent has passed): the pass's result is
/// then exact, and a losing side plays on when a move can still change the result.
const PASS_WINS_FINAL: f64 = 0.02;

/// How many standard errors of a gain over the pass make it clear.
const NOISE: f64 = 2.0;

/// Playouts a move needs before it can replace the search's pass.
const MIN_PLAYOUTS: u64 = 30;

/// Playouts the pass needs, and a tenth of the chosen move's, before its
/// statistics are trusted enough to prefer it to that move.
const PASS_TRUSTED: u64 = 100;

/// What one search found at the root, merged over the threads.
#[derive(Clone, Debug)]
pub struct RootStats {
    /// Each root move with its statistics (for the side to move).
    pub moves: Vec<RootMove>,
    pub playouts: u64,
    /// Per cell, the share of playouts that ended with it the side to move's.
    pub mine: Vec<f64>,
}

impl Mcts {
    pub fn new(config: MctsConfig) -> Mcts {
        Mcts {
            config,
            trees: Vec::new(),
        }
    }

    /// The moves from the root to every node of the first tree but the root, for tests
    /// that replay them through the game's rules.
    #[doc(hidden)]
    pub fn tree_lines(&self) -> Vec<Vec<Move>> {
        let mut out = Vec::new();
        let Some(tree) = self.trees.first() else {
            return out;
        };
        let mut stack = vec![(0u32, Vec::new())];
        while let Some((at, line)) = stack.pop() {
            let node = tree.nodes[at as usize];
            if !node.expanded {
                continue;
            }
            for i in node.first..node.first + node.count {
                let mut next = line.clone();
                next.push(tree.nodes[i as usize].mv);
                out.push(next.clone());
                stack.push((i, next));
            }
        }
        out
    }

    /// Searches `game`'s position within `budget` (time and/or playouts).
    pub fn search(&mut self, request: &Request) -> RootStats {
        let game = request.game;
        let root = *game.position();
        let threads = self.config.threads.max(1);
        let old = std::mem::take(&mut self.trees);
        let mut trees: Vec<Tree> = old
            .into_iter()
            .map(|t| {
                if self.config.reuse {
                    t.advance(&root).unwrap_or_else(|| Tree::new(root))
                } else {
                    Tree::new(root)
                }
            })
            .collect();
        trees.resize_with(threads, || Tree::new(root));
        trees.truncate(threads);
        for t in &mut trees {
            *t.owners = [[0; CELLS]; 2];
            t.playouts = 0;
        }
        let budget = request.budget;
        let time = match (budget.time, budget.playouts) {
            (None, None) => Some(DEFAULT_TIME),
            (t, _) => t,
        };
        let deadline = time.map(|t| Instant::now() + t);
        let eyes = Eyes::new(&root);
        let rules = root.rules();
        let fast_ok = rules.pieces.go_adjacency().is_some() && rules.pieces.len() == 1;
        let score_weight = self
            .config
            .score_weight
            .unwrap_or_else(|| score_weight_of(rules.pieces))
            .clamp(0.0, 1.0);
        // Playouts are scored by area: GO_RULES §4 counts captures and controlled cells,
        // and a random playout's filling of its own area would cancel every lead in it
        // (a drop in one's own area costs a point). Area less the drops made is the same
        // score for a game without such fillings: the drops to the root are counted
        // here, the playout's own are not.
        let drops_ahead = (root.pieces(Side::Black).count() + root.captures(Side::White)) as f64
            - (root.pieces(Side::White).count() + root.captures(Side::Black)) as f64;
        let config = self.config;
        let stop = request.stop;
        let mut history: HashMap<(u64, Side), u32> = HashMap::new();
        for p in game.positions() {
            *history.entry((p.placement_hash(), p.turn())).or_insert(0) += 1;
        }
        let placements: HashSet<u64> = game
            .positions()
            .iter()
            .map(Position::placement_hash)
            .collect();
        let (history, placements) = (&history, &placements);
        let superko = rules.superko_on();
        std::thread::scope(|scope| {
            for (i, tree) in trees.iter_mut().enumerate() {
                let share = budget
                    .playouts
                    .map(|p| p / threads as u64 + u64::from((i as u64) < p % threads as u64));
                let eyes = &eyes;
                let seed = request.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let mut work = move || {
                    let mut worker = Worker {
                        config,
                        eyes,
                        game,
                        rng: Rng::new(seed),
                        seq: Vec::with_capacity(1024),
                        played: Box::new([[0; CELLS]; 2]),
                        stamp: 0,
                        fast_ok,
                        drops_ahead,
                        history,
                        placements,
                        superko,
                        line: Vec::with_capacity(64),
                        komi: rules.komi,
                        score_weight,
                    };
                    run(&mut worker, tree, share, deadline, stop);
                };
                if threads == 1 {
                    work();
                } else {
                    scope.spawn(work);
                }
            }
        });
        let me = root.turn();
        let mut moves: Vec<RootMove> = Vec::new();
        let mut playouts = 0;
        let mut mine = vec![0.0; CELLS];
        for t in &trees {
            playouts += t.playouts;
            let r = t.nodes[0];
            for i in r.first..r.first + r.count {
                let c = RootMove::of(&t.nodes[i as usize]);
                match moves.iter_mut().find(|m| m.mv == c.mv) {
                    Some(e) => e.add(&c),
                    None => moves.push(c),
                }
            }
            for (i, m) in mine.iter_mut().enumerate() {
                *m += t.owners[me.index()][i] as f64;
            }
        }
        let total: u64 = trees.iter().map(|t| t.playouts).sum::<u64>().max(1);
        for m in &mut mine {
            *m /= total as f64;
        }
        self.trees = trees;
        RootStats {
            moves,
            playouts,
            mine,
        }
    }
}

fn run(
    worker: &mut Worker,
    tree: &mut Tree,
    playouts: Option<u64>,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) {
    let mut done = 0u64;
    loop {
        if playouts.is_some_and(|p| done >= p) || stop.load(Ordering::Relaxed) {
            return;
        }
        if done.is_multiple_of(16) && deadline.is_some_and(|d| Instant::now() >= d) {
            return;
        }
        worker.iterate(tree);
        done += 1;
    }
}

impl Bot for Mcts {
    fn choose(&mut self, request: &Request) -> Option<Choice> {
        let game = request.game;
        if game.outcome().is_some() {
            return None;
        }
        let pos = *game.position();
        // The opponent passed and the score as it stands wins: end the game.
        if let Some(pass) = Choice::pass_to_win(&pos, Some(1.0)) {
            return Some(pass);
        }
        let stats = self.search(request);
        let mut ranked = stats.moves.clone();
        // A kept tree's root found its children from the position alone: superko and
        // the game's history are judged here (GO_RULES §3).
        ranked.retain(|m| pos.play(m.mv).is_ok_and(|p| game.check(m.mv, &p).is_ok()));
        // The most visited move first: the search's choice, the priors' virtual games
        // counted in as before (with the general engine's few playouts a second, maos
        // 620, the priors for captures and saves weigh much in it). The pass rules
        // below read real playouts only.
        ranked.sort_by_key(|m| std::cmp::Reverse((m.visits, m.playouts)));
        let mut chosen = pass_or_play(&ranked, pos.passes() == 1)?;
        if chosen.mv == Move::Pass {
            chosen = cleanup(&pos, &stats, &ranked, chosen).unwrap_or(chosen);
        }
        let (win, _) = chosen.win_rate();
        let mv = chosen.mv;
        Some(Choice {
            mv,
            playouts: stats.playouts,
            winrate: (chosen.playouts > 0).then_some(win),
            visits: chosen.playouts,
            candidates: ranked
                .iter()
                .enumerate()
                .filter(|&(i, m)| i < 5 || m.mv == Move::Pass)
                .map(|(_, m)| Candidate {
                    mv: m.mv,
                    playouts: m.playouts,
                    winrate: m.win_rate().0,
                    points: m.mean_points().0,
                })
                .collect(),
        })
    }
}

/// The root's pass rules: the move to play among the root's moves `ranked` (the search's
/// choice first: the most visited), before the clean-up. `opponent_passed`: a pass now
/// ends the game.
///
/// Area-scored playouts cannot tell a drop in one's own area from a pass, and GO_RULES
/// §4 counts that drop a point against its side (three such fills lost a game to GNU Go
/// by 1.5 points; a side behind that filled its own area turned a 6.5-point loss into
/// 13.5). So the pass and the other moves are compared by their real playouts (the
/// priors' virtual games left out), in mean points (the final margin, komi included) and
/// in win rate, each gain with its standard error:
/// - the search chose a move: the pass is played instead when the move's gain over the
///   pass, even two standard errors above what was measured, is under one point and
///   under 5 % in win rate (2 % when the opponent has passed), and the pass has had 100
///   playouts and a tenth of the move's;
/// - the search chose the pass: the first other move in `ranked` whose gain, even two
///   standard errors below what was measured, is one point or more (its win rate not
///   clearly lower), or 5 % (2 %) in win rate or more, is played instead; if none, the
///   pass.
///
/// Whoever leads: a side behind plays on only with a move that beats the pass so (not
/// with any move), and a losing side whose pass would end the game lost plays on when a
/// move can still change the result (2 % more of its playouts won, two standard errors
/// below the measure).
pub fn pass_or_play(ranked: &[RootMove], opponent_passed: bool) -> Option<RootMove> {
    let chosen = *ranked.first()?;
    let Some(&pass) = ranked.iter().find(|m| m.mv == Move::Pass) else {
        return Some(chosen);
    };
    let wins_margin = if opponent_passed {
        PASS_WINS_FINAL
    } else {
        PASS_WINS
    };
    if chosen.mv == Move::Pass {
        return Some(
            ranked
                .iter()
                .find(|m| m.mv != Move::Pass && m.clearly_beats_pass(&pass, wins_margin))
                .copied()
                .unwrap_or(pass),
        );
    }
    if pass.playouts >= PASS_TRUSTED.max(chosen.playouts / 10)
        && chosen.clearly_no_better_than_pass(&pass, wins_margin)
    {
        return Some(pass);
    }
    Some(chosen)
}

/// Cleans up before passing (GO_RULES §4 removes nothing by agreement): enemy pieces
/// standing where the playouts say the area is ours (in 60 % of them or more) must be
/// captured on the board. Only with a move that goes at them (captures, or stands next
/// to them) and that the search does not find clearly worse than passing (win rate
/// within 0.1 of the pass's, mean points within two points and the noise): forcing any
/// other move fills one's own area and can kill one's own groups. Every such move is
/// tried, in the order of `ranked` (the most visited first).
fn cleanup(
    pos: &Position,
    stats: &RootStats,
    ranked: &[RootMove],
    pass: RootMove,
) -> Option<RootMove> {
    let me = pos.turn();
    let eyes = Eyes::new(pos);
    let dead: Vec<Cell> = pos
        .pieces(!me)
        .iter()
        .filter(|c| stats.mine[c.index()] >= 0.6)
        .collect();
    if dead.is_empty() {
        return None;
    }
    let near = dead
        .iter()
        .fold(Bits::EMPTY, |acc, &c| acc | eyes.around(c));
    let at_them = |m: Move| match m {
        Move::Drop { cell, .. } | Move::Step { to: cell, .. } => {
            near.contains(cell) || pos.play(m).is_ok_and(|p| p.captured.any())
        }
        Move::Pass => false,
    };
    let (pass_rate, _) = pass.win_rate();
    let (pass_points, pass_se) = pass.mean_points();
    ranked
        .iter()
        .find(|m| {
            let (rate, _) = m.win_rate();
            let (points, se) = m.mean_points();
            m.playouts >= 10
                && at_them(m.mv)
                && rate >= pass_rate - 0.1
                && points
                    >= pass_points
                        - 2.0 * PASS_POINTS
                        - NOISE * (se * se + pass_se * pass_se).sqrt()
        })
        .copied()
}
