//! Monte Carlo tree search: UCT with RAVE (all moves as first), light random playouts
//! with a few cheap heuristics and the last good replies, tree reuse between moves, and
//! threads on one tree (with virtual losses) or on trees of their own.
//!
//! The classic design of Go programs before neural networks (MoGo, Fuego, Pachi):
//! every iteration walks the tree from the root, choosing children by their win rate
//! blended with their AMAF (all-moves-as-first) rate, adds a node after its second
//! visit, plays the game out at random and counts the result for every node on the
//! way — and, through AMAF, for every sibling whose move the same side played later.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use web_time::Instant;

use super::eye::Eyes;
use super::{
    Bot, Candidate, Choice, RESIGN_BELOW, RESIGN_MOVES, RESIGN_PLAYOUTS, RESIGN_POINTS, Request,
};
use crate::common::Side;
use crate::go::bits::{Adjacency, Bits, CELLS, Cell};
use crate::go::fast::{
    FastGo, LADDER_DEPTH, READ_DEPTH, Shapes, Tactics, is_shape_at, learnt_gamma_at,
};
use crate::go::game::Game;
use crate::go::geometry::Geometry;
use crate::go::moves::Move;
use crate::go::piece::{Kind, PieceSet};
use crate::go::playout::Rng;
use crate::go::position::{Played, Position};
use crate::go::rules::Rules;

mod expand;
mod priors;
mod reply;
mod root;
mod tree;
mod worker;

use expand::Expansion;
use priors::*;
use reply::Replies;
pub use root::pass_or_play;
use root::*;
use tree::*;
use worker::*;

const NO_KEY: u16 = u16::MAX;

/// The search's knobs; the defaults are what the levels play with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Search threads: on one shared tree ([`MctsConfig::shared_tree`]), else on
    /// independent trees merged at the end (root parallelism).
    pub threads: usize,
    /// The threads share one tree, with virtual losses (tree parallelism); `None`: when
    /// the budget has a time, so that a search by playouts alone, whose threads keep
    /// trees of their own, repeats its move for a seed.
    pub shared_tree: Option<bool>,
    /// Blend AMAF statistics into the choice of children (RAVE).
    pub rave: bool,
    /// RAVE's equivalence parameter: AMAF counts for half after about this many visits.
    pub rave_k: f64,
    /// UCT's exploration constant below the root; `None`: the set's own
    /// ([`Tuning::of`]).
    pub explore: Option<f64>,
    /// The same at the root; `None`: the set's own.
    pub root_explore: Option<f64>,
    /// Progressive bias: the priors' verdict (captures, saves, self-ataris, ladders)
    /// added to a child's value, divided by its real playouts plus one, times this (0:
    /// none, the default; not measured better).
    pub bias: f64,
    /// First-play urgency: what a child not yet visited is worth above its AMAF value
    /// (above 1 without AMAF), so that untried moves are tried before a visited one's
    /// value falls below it; `None`: the set's own.
    pub fpu: Option<f64>,
    /// Playout heuristics (rooks, wazirs; bishops, dabbabas or alfils alone): capture,
    /// save, no self-atari of 3+ stones.
    pub heuristics: bool,
    /// Keep the subtree of the moves played between two searches.
    pub reuse: bool,
    /// Visits before a node gets children (real playouts only, with the policy's priors,
    /// whose virtual games every node has).
    pub expand_at: u32,
    /// The margin's share of a playout's value ([`MctsConfig::score_weight`]) is centred
    /// on the margin the search expects (the root's mean, from the kept tree or the
    /// search's first [`CENTRE_AFTER`] playouts) instead of on an even game, so that in a
    /// game far from even the moves that lose (or win) alike are still told apart by
    /// the points they keep (the margin's squashing otherwise flattens every difference
    /// 20 points from even); the win still counts from an even game. Where the side to
    /// move wins under [`LOSING_RATE`] of those playouts, the margin's share of the value
    /// is at least [`LOSING_WEIGHT`] (the win's share the rest): a strong opponent seldom
    /// gives back what random playouts do, so the points kept are the losing side's best
    /// chance.
    pub centre: bool,
    /// Priors from the cells' criticality (Coulom 2009) in this search's playouts (the
    /// fast board's sets): a drop on a cell whose holder at the end goes with the winner
    /// starts with virtual games won ([`crit_prior`]); the root's children get them
    /// once [`CRIT_PLAYOUTS`] playouts tell it, every node made after then at once.
    pub criticality: bool,
    /// Virtual games of the policy's priors for each move ([`MctsConfig::policy_priors`]),
    /// [`POLICY_PRIOR_GAMES`] by default.
    pub prior_games: f32,
    /// Virtual games for captures, saves and self-ataris when a node gets children.
    pub priors: bool,
    /// Playouts (rooks, wazirs; bishops, dabbabas or alfils alone) answer the last drop
    /// with a 3 × 3 shape next to it.
    pub shapes: bool,
    /// The playouts' shapes are chosen by the pattern weights learnt from GNU Go's games
    /// (`tools/learn-patterns.py`) instead of MoGo's shapes.
    pub patterns: bool,
    /// Priors from the same learnt weights: each drop starts with virtual games won in
    /// proportion to its pattern's strength against an average one.
    pub pattern_priors: bool,
    /// Priors (the same sets) for 3 × 3 shapes, moves near the last one and the
    /// lines of the board, on top of an even prior for every move (off by default).
    pub shape_priors: bool,
    /// Playouts (the same sets) first try the last good reply to the opponent's last
    /// moves ([`reply`]); `None`: the set's own.
    pub lgr: Option<bool>,
    /// Ladders are read (the same sets): the playouts do not extend a group in atari
    /// into a ladder that catches it, and the priors count such an extension as bad and
    /// an atari that starts a working ladder as good as a capture.
    pub ladders: bool,
    /// The playouts read groups of two liberties next to the opponent's last drop
    /// (rooks, wazirs; bishops, dabbabas or alfils alone): an atari the group cannot
    /// escape, else a third liberty for an own group ([`FastGo::policy_move_tactics`]).
    pub two_libs: bool,
    /// The playouts play the vital point of a small eye space next to the opponent's last
    /// drop, and may fill an opponent's eye space of up to 6 cells with a self-atari of up
    /// to 5 stones (a nakade) ([`FastGo::policy_move_tactics`]); `None`: the set's own
    /// ([`Tuning::of`]).
    pub nakade: Option<bool>,
    /// The playouts capture an opponent's group in atari anywhere on the board before
    /// they play at random ([`Tactics::capture_any`]).
    pub capture_any: bool,
    /// The playouts' random moves put no group of 2 stones or more in atari
    /// ([`Tactics::self_atari2`]).
    pub self_atari2: bool,
    /// All of a node's priors' virtual games (captures, saves, self-ataris, ladders and
    /// the optional shape and pattern priors) count in its AMAF statistics too, for the
    /// sets that play as Go does, as in Gelly and Silver's heuristic MC-RAVE (the other
    /// sets always count them there). A pass has none: no playout would dilute them.
    pub amaf_priors: bool,
    /// A drop on the first two lines with no stone within three steps starts with
    /// virtual lost games ([`LINE_PRIOR`]), in its AMAF statistics too (the same sets):
    /// such moves are seldom good, and at 3,000 playouts a move the search's opening
    /// move was otherwise close to chance (docs/BOTS.md). `None`: the set's own
    /// ([`Tuning::of`]).
    pub line_priors: Option<bool>,
    /// Fuego's grading of every move as prior games, in the AMAF statistics too (the
    /// same sets): a self-atari bad, an atari or a 3 × 3 shape good, a shape next to the
    /// last drop (the playouts' own answer) best ([`policy_prior_rate`]); `None`: the
    /// set's own ([`Tuning::of`]).
    pub policy_priors: Option<bool>,
    /// A playout's score counts the drops made down the tree to its leaf as well as
    /// those made up to the root: GO_RULES §4 counts a drop in one's own area a point
    /// against its side (a pass saves it), which the playouts, scored by area less the
    /// drops to the root, did not see in the moves the tree compares. The playout's own
    /// drops stay uncounted (a random playout fills its own area at will). The pass
    /// below the root then gets the policy's grade of any other drop, not a bad move's.
    /// Kept trees need it too: their playouts were scored from the old root's drops.
    pub tree_drops: bool,
    /// How much the margin counts in a playout's value (the rest is the win); `None`:
    /// the set's own ([`score_weight_of`]).
    pub score_weight: Option<f64>,
    /// The bot resigns when its searches find the game lost at [`RESIGN_MOVES`] of its
    /// moves in a row ([`Choice::resign`]); off (`--no-resign`), it plays to the end.
    pub resign: bool,
    /// The root's strings of a few liberties are read (the sets the fast board plays):
    /// the moves that save one of the mover's or take one of the opponent's get virtual
    /// won games, in the AMAF statistics too, and the extensions that do not save a
    /// threatened string lost ones ([`read_strings`]). Off: measured weaker (docs/BOTS.md).
    pub reading: bool,
    /// The root plays the move its reading finds saves or takes the largest string in
    /// place of the search's choice when the search finds it about as good
    /// ([`read_choice`]). Off: with `reading`, 12 wins in 35 games against GNU Go level 10
    /// where the same seeds won 21 without (docs/BOTS.md).
    pub read_choice: bool,
}

impl MctsConfig {
    /// The switches that can be turned off by name, for measuring each one.
    pub const SWITCHES: [&'static str; 23] = [
        "rave",
        "heuristics",
        "shapes",
        "patterns",
        "pattern_priors",
        "shape_priors",
        "priors",
        "reuse",
        "lgr",
        "shared_tree",
        "ladders",
        "two_libs",
        "nakade",
        "capture_any",
        "self_atari2",
        "amaf_priors",
        "line_priors",
        "policy_priors",
        "tree_drops",
        "reading",
        "read_choice",
        "centre",
        "criticality",
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
                "patterns" => &mut self.patterns,
                "pattern_priors" => &mut self.pattern_priors,
                "shape_priors" => &mut self.shape_priors,
                "priors" => &mut self.priors,
                "reuse" => &mut self.reuse,
                "lgr" => {
                    self.lgr = Some(on);
                    continue;
                }
                "shared_tree" => {
                    self.shared_tree = Some(on);
                    continue;
                }
                "ladders" => &mut self.ladders,
                "two_libs" => &mut self.two_libs,
                "nakade" => {
                    self.nakade = Some(on);
                    continue;
                }
                "capture_any" => &mut self.capture_any,
                "self_atari2" => &mut self.self_atari2,
                "amaf_priors" => &mut self.amaf_priors,
                "tree_drops" => &mut self.tree_drops,
                "reading" => &mut self.reading,
                "read_choice" => &mut self.read_choice,
                "centre" => &mut self.centre,
                "criticality" => &mut self.criticality,
                "line_priors" => {
                    self.line_priors = Some(on);
                    continue;
                }
                "policy_priors" => {
                    self.policy_priors = Some(on);
                    continue;
                }
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
            shared_tree: None,
            rave: true,
            rave_k: 600.0,
            explore: None,
            root_explore: None,
            bias: 0.0,
            fpu: None,
            heuristics: true,
            reuse: true,
            expand_at: 2,
            prior_games: POLICY_PRIOR_GAMES,
            priors: true,
            shapes: true,
            patterns: false,
            pattern_priors: false,
            // Measured weaker (docs/BOTS.md): 7 wins in 17 games against the search without it
            // and without shapes, where shapes alone won 12 of 20.
            shape_priors: false,
            lgr: None,
            ladders: false,
            two_libs: false,
            nakade: None,
            capture_any: false,
            self_atari2: false,
            amaf_priors: false,
            line_priors: None,
            policy_priors: None,
            tree_drops: false,
            score_weight: None,
            resign: true,
            reading: false,
            read_choice: false,
            centre: false,
            criticality: false,
        }
    }
}

/// The search's settings that depend on the piece set, where the configuration leaves
/// them open.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    pub explore: f64,
    pub root_explore: f64,
    pub fpu: f64,
    pub lgr: bool,
    pub line_priors: bool,
    pub policy_priors: bool,
    pub nakade: bool,
}

impl Tuning {
    /// As measured: for rooks or wazirs alone without moving pieces (Go itself), against
    /// GNU Go level 10 at 3,000 playouts a move, no exploration term beside RAVE below
    /// the root, no bonus for untried moves, the last good replies, the policy's and the
    /// lines' priors, and the playouts' nakade rules (docs/BOTS.md); the root keeps UCT's
    /// exploration, which the
    /// pass rules and a capture the playouts undervalue need
    /// (`mcts_ahead_does_not_fill_its_own_area`, `bots_capture_a_large_group`). Every
    /// other set, and moving pieces, keep what their matches against greedy were played
    /// with (0.15 everywhere, 0.1, no replies, none of those priors, no nakade rules).
    pub fn of(rules: &Rules) -> Tuning {
        if rules.pieces.go_adjacency() == Some(Adjacency::Orthogonal)
            && rules.pieces.single().is_some()
            && !rules.moving
        {
            Tuning {
                explore: 0.0,
                root_explore: 0.15,
                fpu: 0.0,
                lgr: true,
                // Won 81 of 156 against GNU Go level 10 by playouts, where the search
                // without them won 30 %. Their loss of 5 of 5 to level 1 at hard's own
                // time came from the root's pass, starved by a kept tree's prior (the
                // root now tries it: `pass_due`); at hard's playouts they then won 8 of
                // 10 (docs/BOTS.md).
                line_priors: true,
                policy_priors: true,
                // Against GNU Go level 10 at 3,000 playouts, 39 of 80 where the search
                // without them won 32 of 99 in the same hours (docs/BOTS.md); they cost
                // the playouts about a third of their speed.
                nakade: true,
            }
        } else {
            Tuning {
                explore: 0.15,
                root_explore: 0.15,
                fpu: 0.1,
                lgr: false,
                line_priors: false,
                policy_priors: false,
                nakade: false,
            }
        }
    }

    /// This tuning with what `config` sets itself.
    pub fn set_by(self, config: &MctsConfig) -> Tuning {
        Tuning {
            explore: config.explore.unwrap_or(self.explore),
            root_explore: config.root_explore.unwrap_or(self.root_explore),
            fpu: config.fpu.unwrap_or(self.fpu),
            lgr: config.lgr.unwrap_or(self.lgr),
            line_priors: config.line_priors.unwrap_or(self.line_priors),
            policy_priors: config.policy_priors.unwrap_or(self.policy_priors),
            nakade: config.nakade.unwrap_or(self.nakade),
        }
    }
}

/// The longest expected line a choice reports, and the real playouts a node needs to
/// be part of it (fewer say too little about the reply).
const LINE_MOVES: usize = 12;
const LINE_PLAYOUTS: u32 = 10;

/// The default time when a request gives no budget at all.
const DEFAULT_TIME: Duration = Duration::from_millis(1000);

/// Nodes one tree may hold (64 bytes each: 192 MB); past it the tree stops growing.
const MAX_NODES: usize = 3_000_000;

/// The Monte Carlo tree search bot; keeps its trees between moves.
pub struct Mcts {
    pub config: MctsConfig,
    trees: Vec<Tree>,
    /// Each thread's last good replies, kept with the trees from one move to the next.
    replies: Vec<Option<Replies>>,
    /// For each side, its last search that found the game lost ([`Choice::hopeless`]):
    /// the placement's hash and the ply it searched at, and how many of the side's
    /// moves in a row, that one included, found it so.
    hopeless: [Option<(u64, usize, usize)>; 2],
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
            replies: Vec::new(),
            hopeless: [None; 2],
        }
    }

    /// How many of the side to move's searches in a row, this one (`hopeless` or not)
    /// included, found the game lost: the streak goes on only from the search of the
    /// same side's last move in this game (two plies back, the same placement).
    fn hopeless_streak(&mut self, game: &Game, hopeless: bool) -> usize {
        let ply = game.moves().len();
        let side = game.position().turn().index();
        let before = ply
            .checked_sub(2)
            .and_then(|p| game.positions().get(p))
            .map(Position::placement_hash);
        let streak = match self.hopeless[side] {
            _ if !hopeless => 0,
            Some((hash, at, n)) if at + 2 == ply && Some(hash) == before => n + 1,
            _ => 1,
        };
        self.hopeless[side] = (streak > 0).then(|| (game.position().placement_hash(), ply, streak));
        streak
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

    /// The line the first tree expects after the root move `first`: at each node the
    /// child most played in real playouts, while it had at least [`LINE_PLAYOUTS`].
    pub fn principal_line(&self, first: Move) -> Vec<Move> {
        let mut line = vec![first];
        let Some(tree) = self.trees.first() else {
            return line;
        };
        let children = |at: usize| {
            let node = tree.nodes[at];
            if node.expanded {
                node.first as usize..(node.first + node.count) as usize
            } else {
                0..0
            }
        };
        let Some(mut at) = children(0).find(|&i| tree.nodes[i].mv == first) else {
            return line;
        };
        while line.len() < LINE_MOVES {
            let Some(next) = children(at)
                .filter(|&i| tree.nodes[i].real >= LINE_PLAYOUTS)
                .max_by_key(|&i| tree.nodes[i].real)
            else {
                break;
            };
            line.push(tree.nodes[next].mv);
            at = next;
        }
        line
    }

    /// Searches `game`'s position within `budget` (time and/or playouts).
    pub fn search(&mut self, request: &Request) -> RootStats {
        let game = request.game;
        let root = *game.position();
        let threads = self.config.threads.max(1);
        let old = std::mem::take(&mut self.trees);
        // Whether this search goes on from the last one (a kept tree was reached).
        let mut continues = false;
        let mut trees: Vec<Tree> = old
            .into_iter()
            .map(|t| {
                if self.config.reuse
                    && let Some(kept) = t.advance(&root)
                {
                    continues = true;
                    kept
                } else {
                    Tree::new(root)
                }
            })
            .collect();
        // Tree parallelism: the threads share one tree.
        let by_time = request.budget.time.is_some() || request.budget.playouts.is_none();
        let shared = self.config.shared_tree.unwrap_or(by_time) && threads > 1;
        let tree_count = if shared { 1 } else { threads };
        trees.resize_with(tree_count, || Tree::new(root));
        trees.truncate(tree_count);
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
        let drops_ahead = drops_ahead(&root);
        let config = self.config;
        let tuning = Tuning::of(rules).set_by(&config);
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
        // The replies learnt in the last search, for a search that goes on from it.
        let mut kept = std::mem::take(&mut self.replies);
        if !continues {
            kept.clear();
        }
        kept.resize_with(threads, || None);
        let pool = Mutex::new(kept);
        // With the centre, each worker sets it from the root's playouts
        // (`Worker::set_centre`).
        let centre = (!config.centre).then_some(0.0);
        let new_worker = |i: usize| Worker {
            config,
            eyes: &eyes,
            game,
            rng: Rng::new(request.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
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
            centre,
            replies: (tuning.lgr && fast_ok && config.heuristics).then(|| {
                lock(&pool)
                    .get_mut(i)
                    .and_then(Option::take)
                    .unwrap_or_else(Replies::new)
            }),
            tuning,
            expand_by_real: tuning.policy_priors
                && config.priors
                && rules.pieces.go_adjacency().is_some(),
            path: Vec::with_capacity(64),
            tree_moves: 0,
            owners: Box::new([[0; CELLS]; 2]),
            fast_boards: None,
            kids: Vec::new(),
            crit: (config.criticality && fast_ok && config.priors)
                .then(|| Box::new(Criticality::new())),
        };
        // A worker done: its owner counts to the tree, its replies kept for the next search.
        let end_worker = |i: usize, worker: Worker, tree: &mut Tree| {
            worker.add_owners(tree);
            if let Some(slot) = lock(&pool).get_mut(i) {
                *slot = worker.replies;
            }
        };
        if shared {
            run_shared(
                &mut trees[0],
                threads,
                &new_worker,
                &end_worker,
                budget.playouts,
                deadline,
                stop,
            );
        } else {
            std::thread::scope(|scope| {
                for (i, tree) in trees.iter_mut().enumerate() {
                    let share = budget
                        .playouts
                        .map(|p| p / threads as u64 + u64::from((i as u64) < p % threads as u64));
                    let (new_worker, end_worker) = (&new_worker, &end_worker);
                    let mut work = move || {
                        let mut worker = new_worker(i);
                        run(&mut worker, tree, share, deadline, stop);
                        end_worker(i, worker, tree);
                    };
                    if threads == 1 {
                        work();
                    } else {
                        scope.spawn(work);
                    }
                }
            });
        }
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
        self.replies = pool.into_inner().unwrap_or_else(|e| e.into_inner());
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
    while playouts.is_none_or(|p| done < p) && !halted(done, deadline, stop) {
        worker.iterate(tree);
        done += 1;
    }
}

/// Iterations each thread makes before a deadline can stop it. A search whose time was
/// gone before its first playout (a loaded machine, a slow build, the general engine's
/// few playouts a second) had only its priors, and the pass rules then passed at the
/// first move of a game (the smoke test's demo once ended at once, both bots passing).
const MIN_TIMED_ITERATIONS: u64 = 32;

/// Whether a thread that has made `done` iterations must stop: the stop flag is raised,
/// or (looked at every 16 iterations, after [`MIN_TIMED_ITERATIONS`]) the deadline has
/// passed.
fn halted(done: u64, deadline: Option<Instant>, stop: &AtomicBool) -> bool {
    stop.load(Ordering::Relaxed)
        || (done >= MIN_TIMED_ITERATIONS
            && done.is_multiple_of(16)
            && deadline.is_some_and(|d| Instant::now() >= d))
}

/// Locks `m`; a thread that panicked leaves what it guards as consistent as a stopped
/// search does.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Tree parallelism: `threads` workers on one tree behind a lock, each descending and
/// backing up under it and playing out outside it; the virtual losses of
/// [`Worker::descend`] keep them apart. The lock is held for the walk and the backup
/// only: the playouts, most of an iteration's time, and the work on a new node's
/// children (its legal moves and their priors) run side by side.
fn run_shared<'a, F, G>(
    tree: &mut Tree,
    threads: usize,
    new_worker: &F,
    end_worker: &G,
    playouts: Option<u64>,
    deadline: Option<Instant>,
    stop: &AtomicBool,
) where
    F: Fn(usize) -> Worker<'a> + Sync,
    G: Fn(usize, Worker<'a>, &mut Tree) + Sync,
{
    let started = AtomicU64::new(0);
    let shared = Mutex::new(tree);
    let lock = || lock(&shared);
    std::thread::scope(|scope| {
        for i in 0..threads {
            let (started, lock, shared) = (&started, &lock, &shared);
            scope.spawn(move || {
                let mut worker = new_worker(i);
                let mut done = 0u64;
                while playouts.is_none_or(|p| started.fetch_add(1, Ordering::Relaxed) < p)
                    && !halted(done, deadline, stop)
                {
                    let (pos, drawn) = worker.descend(&mut TreeAccess::Shared(shared, None));
                    let (value, margin) = worker.evaluate(&pos, drawn);
                    worker.backup(&mut lock(), &pos, value, margin, drawn);
                    done += 1;
                }
                end_worker(i, worker, &mut lock());
            });
        }
    });
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
        if self.config.read_choice && self.config.priors && chosen.mv != Move::Pass {
            chosen = read_choice(&pos, &ranked, chosen).unwrap_or(chosen);
        }
        let best = best_win_rate(&ranked);
        if chosen.mv == Move::Pass && best < 0.5 {
            chosen = play_on_while_eaten(&pos, &stats, &ranked).unwrap_or(chosen);
        }
        let hopeless = stats.playouts >= RESIGN_PLAYOUTS
            && best < RESIGN_BELOW
            && best_mean_points(&ranked) < -RESIGN_POINTS;
        let streak = self.hopeless_streak(game, hopeless);
        let (win, _) = chosen.win_rate();
        let mv = chosen.mv;
        Some(Choice {
            hopeless,
            resign: self.config.resign && streak >= RESIGN_MOVES,
            mv,
            line: self.principal_line(mv),
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
