//! A search thread: expanding nodes with their priors, choosing children by UCT and
//! RAVE, playing the game out and counting the result along the way.

use super::*;

/// What a search thread works with.
pub(super) struct Worker<'a> {
    pub(super) config: MctsConfig,
    pub(super) eyes: &'a Eyes,
    pub(super) game: &'a Game,
    pub(super) rng: Rng,
    /// Moves of the current iteration, tree part then playout: (side index, key).
    pub(super) seq: Vec<(u8, u16)>,
    /// AMAF marks: `played[side][cell]` is the iteration number that marked it.
    pub(super) played: Box<[[u32; CELLS]; 2]>,
    pub(super) stamp: u32,
    pub(super) fast_ok: bool,
    /// Black's drops less White's up to the root (pieces on the board plus pieces lost).
    pub(super) drops_ahead: f64,
    /// How often each (placement hash, side to move) occurred in the game, for the
    /// repetition draw (GO_RULES §4) inside the tree; built once per search.
    pub(super) history: &'a HashMap<(u64, Side), u32>,
    /// The placement hashes of the game's positions, for superko inside the tree.
    pub(super) placements: &'a HashSet<u64>,
    /// Superko is on (the option, or moving pieces: GO_RULES §3).
    pub(super) superko: bool,
    /// The positions after each move of the current iteration's tree path (placement
    /// hash, side to move), the game's history continued along the path.
    pub(super) line: Vec<(u64, Side)>,
    pub(super) komi: f64,
    /// The margin's share of a playout's value.
    pub(super) score_weight: f64,
    /// Black's margin the margin's share is centred on ([`MctsConfig::centre`]; 0
    /// without it); `None` until the root has [`CENTRE_AFTER`] playouts
    /// ([`Worker::set_centre`]).
    pub(super) centre: Option<f64>,
    /// The last good replies, when the playouts use them.
    pub(super) replies: Option<Replies>,
    /// The set's exploration, first-play urgency and replies, as the configuration
    /// leaves or sets them.
    pub(super) tuning: Tuning,
    /// The nodes of the current iteration's path, the root first.
    pub(super) path: Vec<u32>,
    /// How many of `seq`'s moves were the tree's.
    pub(super) tree_moves: usize,
    /// Per side, this thread's playouts that ended with the cell that side's.
    pub(super) owners: Box<[[u32; CELLS]; 2]>,
    /// The policy's priors are given (a set that plays as Go does, with the priors):
    /// then only real playouts earn a node children.
    pub(super) expand_by_real: bool,
    /// The fast board's empty board for the search's rules and the board each playout
    /// is played on, made at the first playout ([`FastGo::load`]).
    pub(super) fast_boards: Option<Box<(FastGo, FastGo)>>,
    /// The children [`Worker::children`] works out, kept for the next node.
    pub(super) kids: Vec<Node>,
    /// What this search's playouts tell of each cell's criticality
    /// ([`MctsConfig::criticality`]).
    pub(super) crit: Option<Box<Criticality>>,
}

/// Coulom's criticality of a cell (R. Coulom, "Criticality: a Monte-Carlo heuristic for
/// Go programs", 2009): how much holding the cell at the end goes with winning, beyond
/// what each side's share of the cell and of the wins would give by chance. Counted from
/// one search's fast-board playouts that were not drawn.
pub(super) struct Criticality {
    /// Playouts counted, and of them Black's wins.
    pub(super) playouts: u32,
    pub(super) black_wins: f32,
    /// Per cell, the playouts that ended with it the winner's.
    pub(super) winner_held: [u32; CELLS],
    /// This worker gave the root its children, in this search (so before any playout,
    /// without criticality priors), and has not yet given them those priors. A kept
    /// root's children, and those another thread made, are left as they are.
    pub(super) root_mine: bool,
    /// Per side, the playouts counted that ended with the cell that side's.
    pub(super) held: [[u32; CELLS]; 2],
}

impl Criticality {
    pub(super) fn new() -> Criticality {
        Criticality {
            playouts: 0,
            black_wins: 0.0,
            winner_held: [0; CELLS],
            root_mine: false,
            held: [[0; CELLS]; 2],
        }
    }

    /// Counts a playout that ended with `owners` (0 nobody, 1 Black, 2 White) and
    /// Black's margin `diff`; a drawn one is left out (a half komi allows none).
    fn count(&mut self, owners: &[u8; CELLS], diff: f64) {
        let winner = if diff > 0.0 {
            1
        } else if diff < 0.0 {
            2
        } else {
            return;
        };
        self.playouts += 1;
        if winner == 1 {
            self.black_wins += 1.0;
        }
        for (c, &o) in owners.iter().enumerate() {
            if o != 0 {
                self.held[o as usize - 1][c] += 1;
                self.winner_held[c] += u32::from(o == winner);
            }
        }
    }

    /// Whether the playouts counted tell the cells' criticality: [`CRIT_PLAYOUTS`].
    pub(super) fn ready(&self) -> bool {
        self.playouts >= CRIT_PLAYOUTS
    }

    /// The criticality of the cell with index `c`; `None` before the playouts tell it.
    pub(super) fn of(&self, c: usize) -> Option<f32> {
        if !self.ready() {
            return None;
        }
        let n = self.playouts as f32;
        let black = self.black_wins / n;
        let held = self.winner_held[c] as f32 / n;
        let (b, w) = (self.held[0][c] as f32 / n, self.held[1][c] as f32 / n);
        Some(held - (b * black + w * (1.0 - black)))
    }
}

/// The tree as a search thread reaches it: its own, or one shared behind a lock, held
/// from the first [`TreeAccess::tree`] until [`TreeAccess::release`] or the end.
pub(super) enum TreeAccess<'t, 'a> {
    Own(&'t mut Tree),
    Shared(
        &'t Mutex<&'a mut Tree>,
        Option<std::sync::MutexGuard<'t, &'a mut Tree>>,
    ),
}

impl TreeAccess<'_, '_> {
    /// The tree, taking the lock if it is not held.
    pub(super) fn tree(&mut self) -> &mut Tree {
        match self {
            TreeAccess::Own(tree) => tree,
            TreeAccess::Shared(shared, guard) => guard.get_or_insert_with(|| lock(shared)),
        }
    }

    /// Lets the lock go (a tree of its own has none): what the thread computes next
    /// needs no node of the tree.
    pub(super) fn release(&mut self) {
        if let TreeAccess::Shared(_, guard) = self {
            *guard = None;
        }
    }
}

/// The longest path the tree walks (nodes, the root included).
const MAX_DEPTH: usize = 512;

/// How much the margin counts in a playout's value for a piece set, as measured: 0.1,
/// but 0.3 for bishops alone, whose games end with 15 to 25 points in all and margins of
/// a few points, so that the win rates of the good moves stand at 0.9 long before the
/// game is decided and only the margin tells them apart (docs/BOTS.md, the matches' table:
/// against greedy 53 of 60 games with 0.1, 59 of 60 with 0.3).
pub fn score_weight_of(pieces: PieceSet) -> f64 {
    if pieces.bishops_alone() { 0.3 } else { 0.1 }
}

/// The value for Black of a final position where Black's score less White's is `diff`:
/// mostly 1 a win, 0 a loss, ½ a draw, and a little of the margin, so that between moves
/// that win (or lose) alike the search prefers the bigger score (a capture is never
/// indifferent). The margin counts from `centre` (Black's margin the search expects, with
/// [`MctsConfig::centre`]; else 0); `scale` is the margin that counts about half (a tenth
/// of the board).
/// This steers the tree; the root's pass rules read win rates and points instead
/// ([`RootMove`]).
pub(super) fn black_value_of(diff: f64, centre: f64, scale: f64, score_weight: f64) -> f32 {
    let win = if diff > 0.0 {
        1.0
    } else if diff < 0.0 {
        0.0
    } else {
        0.5
    };
    let margin = 0.5 + 0.5 * ((diff - centre) / scale).tanh();
    (win * (1.0 - score_weight) + margin * score_weight) as f32
}

/// Black's drops less White's up to `pos`: the pieces on the board and those lost.
pub(super) fn drops_ahead(pos: &Position) -> f64 {
    (pos.pieces(Side::Black).count() + pos.captures(Side::White)) as f64
        - (pos.pieces(Side::White).count() + pos.captures(Side::Black)) as f64
}

/// The side (0 Black, 1 White) that won a playout by Black's `margin`; `None` a draw.
fn winner_of(margin: f64) -> Option<u8> {
    match margin.partial_cmp(&0.0) {
        Some(std::cmp::Ordering::Greater) => Some(0),
        Some(std::cmp::Ordering::Less) => Some(1),
        _ => None,
    }
}

impl Worker<'_> {
    /// Works out into [`Worker::kids`] the children, with their priors, of the node whose
    /// move `here` led to `pos` (the root when `is_root`): from the position alone, so
    /// that on a shared tree the thread does it without the tree's lock.
    fn children(&mut self, is_root: bool, here: Move, pos: &Position) {
        let mut kids = std::mem::take(&mut self.kids);
        kids.clear();
        let expansion = Expansion::new(self, is_root, here, pos);
        // Superko below the root (the root's moves come from the game, which judges it):
        // a move may not bring back a placement of the game or of the path to this node.
        // Placements are compared by their 64-bit hash alone here.
        let superko = self.superko && !is_root;
        let (placements, line) = (self.placements, &self.line);
        let repeats = |played: &Played| {
            let h = played.position.placement_hash();
            placements.contains(&h) || line.iter().any(|&(k, _)| k == h)
        };
        let (eyes, prior) = (self.eyes, self.config.priors);
        let mut add = |mv: Move, played: &Played| {
            if expansion.fills_own_eye(eyes, mv) || superko && mv != Move::Pass && repeats(played) {
                return;
            }
            let mut node = Node::new(mv);
            if prior {
                expansion.set_priors(&mut node, mv, played);
            }
            kids.push(node);
        };
        if is_root {
            self.game.for_each_legal_move(|mv, played| add(mv, played));
        } else {
            pos.for_each_legal_move(|mv, played| add(mv, played));
        }
        self.kids = kids;
    }

    fn select(&mut self, tree: &Tree, at: usize) -> usize {
        if at == 0
            && let Some(pass) = pass_due(tree)
        {
            return pass;
        }
        let node = tree.nodes[at];
        // The parent's visits before this iteration's own (counted on the way down).
        let log_n = (node.visits.saturating_sub(1).max(1) as f64).ln();
        let explore = if at == 0 {
            self.tuning.root_explore
        } else {
            self.tuning.explore
        };
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
                fpu + self.tuning.fpu + (self.rng.next_u64() >> 44) as f64 * 1e-9
            } else {
                let q = c.wins as f64 / n;
                let mixed = if self.config.rave && c.amaf_visits > 0 {
                    let qa = c.amaf_wins as f64 / c.amaf_visits as f64;
                    let beta = (self.config.rave_k / (3.0 * n + self.config.rave_k)).sqrt();
                    (1.0 - beta) * q + beta * qa
                } else {
                    q
                };
                mixed
                    + explore * (log_n / n).sqrt()
                    + self.config.bias * c.bias as f64 / (c.real as f64 + 1.0)
            };
            if value > best_value {
                best_value = value;
                best = i as usize;
            }
        }
        best
    }

    /// One iteration: descend, expand, play out, back up.
    pub(super) fn iterate(&mut self, tree: &mut Tree) {
        let (pos, drawn) = self.descend(&mut TreeAccess::Own(tree));
        let (value, margin) = self.evaluate(&pos, drawn);
        self.backup(tree, &pos, value, margin, drawn);
    }

    /// The value for Black and Black's margin of the leaf [`Worker::descend`] reached: a
    /// repetition draw's, else its playout's.
    pub(super) fn evaluate(&mut self, pos: &Position, drawn: bool) -> (f32, f64) {
        if drawn { (0.5, 0.0) } else { self.playout(pos) }
    }

    /// Walks from the root to a leaf, expanding the nodes that have earned children;
    /// records the path and its moves, and counts a visit without a win on every node of
    /// it as it goes (a virtual loss, which [`Worker::backup`] turns into the real
    /// result), so that other threads on the same tree look elsewhere meanwhile. A node's
    /// children are worked out with the tree let go of ([`TreeAccess::release`]). Returns
    /// the leaf's position, and whether the path ended in a repetition draw.
    pub(super) fn descend(&mut self, access: &mut TreeAccess) -> (Position, bool) {
        self.seq.clear();
        self.path.clear();
        self.line.clear();
        let tree = access.tree();
        if self.centre.is_none() {
            self.set_centre(tree);
        }
        let mut pos = tree.root;
        tree.nodes[0].visits += 1;
        self.path.push(0);
        let mut at = 0usize;
        let mut drawn = false;
        // The node this walk has tried to expand (a full tree leaves it a leaf).
        let mut tried = usize::MAX;
        loop {
            let tree = access.tree();
            let node = tree.nodes[at];
            if !node.expanded {
                // The policy's priors give every node virtual games: with them, only
                // real playouts (this one too) earn children (else each first visit
                // would expand).
                let visits = if self.expand_by_real {
                    node.real + 1
                } else {
                    node.visits
                };
                if tried != at
                    && (at == 0 || visits >= self.config.expand_at)
                    && tree.nodes.len() < MAX_NODES
                {
                    tried = at;
                    access.release();
                    self.children(at == 0, node.mv, &pos);
                    let attached = access.tree().attach(at, &self.kids);
                    if at == 0
                        && attached
                        && let Some(crit) = &mut self.crit
                    {
                        crit.root_mine = true;
                    }
                    continue;
                }
                break;
            }
            if node.count == 0 || pos.is_over() || self.path.len() >= MAX_DEPTH {
                break;
            }
            let child = self.select(tree, at);
            let mv = tree.nodes[child].mv;
            let Ok(next) = pos.play(mv) else {
                break;
            };
            self.seq
                .push((pos.turn().index() as u8, tree.nodes[child].key));
            tree.nodes[child].visits += 1;
            pos = next.position;
            self.path.push(child as u32);
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
        self.tree_moves = self.seq.len();
        (pos, drawn)
    }

    /// Counts the result of the iteration [`Worker::descend`] began and the playout
    /// from its leaf `pos` ended (`value` for Black, Black's `margin`) for every node of
    /// the path, and through AMAF for their children.
    pub(super) fn backup(
        &mut self,
        tree: &mut Tree,
        pos: &Position,
        value: f32,
        margin: f64,
        drawn: bool,
    ) {
        let black_won = match winner_of(margin) {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        tree.playouts += 1;
        self.root_criticality(tree);
        if let Some(replies) = &mut self.replies
            && !drawn
        {
            replies.learn(&self.seq, winner_of(margin));
        }
        // Back up: each node counts the result for the side that moved into it (its
        // visit was counted on the way down).
        let mut side = tree.root.turn();
        let path = &self.path;
        let depth = path.len() - 1;
        for (d, &at) in path.iter().enumerate() {
            let node = &mut tree.nodes[at as usize];
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
            } else {
                // The root's real games, for the side that moved into it as below (a
                // search of the same root again reads them: `Tree::black_margin`); its
                // value steers nothing.
                let (won, m) = if side == Side::White {
                    (black_won, margin)
                } else {
                    (1.0 - black_won, -margin)
                };
                node.won += won;
                node.points += m;
                node.points_sq += m * m;
            }
        }
        if !self.config.rave {
            return;
        }
        let tree_moves = self.tree_moves;
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

    /// With the centre, once the root has [`CENTRE_AFTER`] playouts (a kept root's
    /// from the search before, else this search's first): the margin the search
    /// expects, and the losing side's weight where it wins under [`LOSING_RATE`].
    fn set_centre(&mut self, tree: &Tree) {
        if let Some((margin, won)) = tree.black_margin(CENTRE_AFTER) {
            self.centre = Some(margin);
            self.score_weight = losing_weight(self.score_weight, won);
        }
    }

    /// Once the search's playouts tell the cells' criticality, the root's children that
    /// this worker made at the search's start, before any playout, get its priors, as
    /// every node made after then does.
    fn root_criticality(&mut self, tree: &mut Tree) {
        let Some(crit) = &mut self.crit else {
            return;
        };
        if !crit.root_mine || !crit.ready() {
            return;
        }
        crit.root_mine = false;
        let root = tree.nodes[0];
        for i in root.first..root.first + root.count {
            let node = &mut tree.nodes[i as usize];
            if node.key != NO_KEY
                && let Some(c) = crit.of(node.key as usize)
            {
                let games = crit_prior(c);
                node.visits += games as u32;
                node.wins += games.floor();
            }
        }
    }

    /// The playouts' 3 × 3 shapes, by the switches.
    fn shapes(&self) -> Shapes {
        match (self.config.patterns, self.config.shapes) {
            (true, _) => Shapes::Learnt,
            (false, true) => Shapes::Mogo,
            (false, false) => Shapes::Off,
        }
    }

    /// Plays `pos` out at random; records the moves and the final owners; returns the
    /// value for Black and Black's margin in points (komi included).
    pub(super) fn playout(&mut self, pos: &Position) -> (f32, f64) {
        let max_moves = 3 * pos.geometry().playable.count() as usize + 20;
        let drops = if self.config.tree_drops {
            drops_ahead(pos)
        } else {
            self.drops_ahead
        };
        let scale = (pos.geometry().playable.count() as f64 / 10.0).max(2.0);
        let weight = self.score_weight;
        let centre = self.centre.unwrap_or(0.0);
        let valued = |diff: f64| (black_value_of(diff, centre, scale, weight), diff);
        if pos.is_over() {
            let score = pos.score();
            self.count_owners(pos);
            return valued(score[0] - score[1]);
        }
        // The fast board of `pos` (the board `FastGo::from_position` builds), copied
        // from the empty board kept from the first playout.
        let mut boards = self.fast_boards.take();
        if self.fast_ok && boards.as_ref().is_none_or(|b| !b.0.fits(pos)) {
            boards = FastGo::empty_board(pos).map(|empty| Box::new((empty.clone(), empty)));
        }
        if self.fast_ok
            && let Some(b) = boards.as_mut()
            && let (empty, fast) = &mut **b
            && fast.load(empty, pos)
        {
            let mut last = self
                .seq
                .last()
                .map(|&(_, k)| k)
                .filter(|&k| k != NO_KEY && fast.color(k) != 0);
            let shapes = self.shapes();
            let mut moves = 0;
            while !fast.is_over() && moves < max_moves {
                let side = fast.turn().index() as u8;
                let played = if self.config.heuristics {
                    let reply = match (&self.replies, last) {
                        (Some(r), Some(l)) => {
                            let n = self.seq.len();
                            let before = if n >= 2 { self.seq[n - 2].1 } else { NO_KEY };
                            r.suggest(side, before, l)
                        }
                        _ => None,
                    };
                    fast.policy_move_tactics(
                        &mut self.rng,
                        last,
                        shapes,
                        reply,
                        Tactics {
                            ladders: self.config.ladders,
                            two_libs: self.config.two_libs,
                            nakade: self.tuning.nakade,
                            capture_any: self.config.capture_any,
                            self_atari2: self.config.self_atari2,
                        },
                    )
                } else {
                    fast.random_move(&mut self.rng)
                };
                // A pass goes into the sequence too (as no cell), so that the replies
                // learnt answer the move that was really the last.
                self.seq.push((side, played.unwrap_or(NO_KEY)));
                last = played;
                moves += 1;
            }
            let mut owners = [0u8; CELLS];
            fast.owners(&mut owners);
            let mut area = [0f64; 2];
            for c in pos.geometry().playable {
                let o = owners[c.index()];
                if o != 0 {
                    self.owners[o as usize - 1][c.index()] += 1;
                    area[o as usize - 1] += 1.0;
                }
            }
            self.fast_boards = boards;
            let diff = area[0] - area[1] - drops - self.komi;
            if let Some(crit) = &mut self.crit {
                crit.count(&owners, diff);
            }
            return valued(diff);
        }
        self.fast_boards = boards;
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
                    Ok(p) => {
                        self.seq.push((me.index() as u8, NO_KEY));
                        p.position
                    }
                    Err(_) => break,
                },
            };
            moves += 1;
        }
        let area = self.count_owners(&pos);
        valued(area[0] - area[1] - drops - self.komi)
    }

    /// Adds this thread's counts of who held each cell at the end to the tree's.
    pub(super) fn add_owners(&self, tree: &mut Tree) {
        for (t, w) in tree.owners.iter_mut().zip(self.owners.iter()) {
            for (t, w) in t.iter_mut().zip(w) {
                *t += w;
            }
        }
    }

    /// Counts who holds each cell; returns each side's area (pieces and controlled cells).
    fn count_owners(&mut self, pos: &Position) -> [f64; 2] {
        let controlled = pos.controlled();
        let mut area = [0f64; 2];
        for side in [Side::Black, Side::White] {
            for c in pos.pieces(side) | controlled[side.index()] {
                self.owners[side.index()][c.index()] += 1;
                area[side.index()] += 1.0;
            }
        }
        area
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::bot::{Budget, Request};
    use crate::go::rules::Rules;
    use std::sync::atomic::AtomicBool;

    /// The root's children after a search of `n` playouts of `text` (rooks, 9 × 9), with
    /// the switches `with` on and `without` off.
    fn root_children(text: &str, with: &str, without: &str, n: u64) -> Vec<Node> {
        let game = Game::from_position(Position::from_text(text, Rules::default()).unwrap());
        let config = MctsConfig::default().with(with).unwrap();
        let mut mcts = Mcts::new(config.without(without).unwrap());
        let stop = AtomicBool::new(false);
        mcts.search(&Request {
            game: &game,
            budget: Budget {
                time: None,
                playouts: Some(n),
            },
            seed: 1,
            stop: &stop,
        });
        let tree = &mcts.trees[0];
        let root = tree.nodes[0];
        tree.nodes[root.first as usize..(root.first + root.count) as usize].to_vec()
    }

    #[test]
    fn criticality_is_what_holding_a_cell_adds_to_winning() {
        // 400 playouts, Black wins half. Cell 0 goes with the winner every time (each
        // side holds it in the games it wins); cell 1 is Black's in every playout; cell 2
        // nobody's. Only the first is critical (½, the most there is).
        let mut crit = Criticality::new();
        for k in 0..400 {
            let black_wins = k % 2 == 0;
            let mut held = [0u8; CELLS];
            held[0] = if black_wins { 1 } else { 2 };
            held[1] = 1;
            crit.count(&held, if black_wins { 3.5 } else { -2.5 });
            // A drawn playout is not counted.
            crit.count(&held, 0.0);
            if k + 1 < CRIT_PLAYOUTS as usize {
                assert_eq!(crit.of(0), None, "too few playouts");
            }
        }
        assert_eq!(crit.playouts, 400);
        let of = |c: usize| crit.of(c).unwrap();
        assert!((of(0) - 0.5).abs() < 1e-6, "{}", of(0));
        assert!(of(1).abs() < 1e-6 && of(2).abs() < 1e-6);
        assert_eq!(crit_prior(of(0)), CRIT_GAMES / 2.0);
        assert_eq!(crit_prior(of(1)), 0.0);
    }

    #[test]
    fn criticality_gives_the_roots_children_their_priors_after_enough_playouts() {
        // A fight (Black's three stones on e6, f6, f5 with two liberties): some cells
        // decide it. Before CRIT_PLAYOUTS the root's children have only their other
        // priors; after, the critical ones have more virtual games won.
        let text = "9/9/3R5/3RrrRr1/4RrR2/3r1R1R1/4rR3/5rr2/9 b 0 0 0 - 9";
        let prior_wins = |with: &str, n: u64| -> f32 {
            root_children(text, with, "", n)
                .iter()
                .map(|c| c.wins - c.won)
                .sum()
        };
        let early = CRIT_PLAYOUTS as u64 - 10;
        assert_eq!(prior_wins("criticality", early), prior_wins("", early));
        let late = CRIT_PLAYOUTS as u64 + 10;
        let (with, without) = (prior_wins("criticality", late), prior_wins("", late));
        assert!(with >= without + CRIT_GAMES * 0.2, "{with} {without}");
    }

    #[test]
    fn the_margin_counts_from_its_centre() {
        // 8.1 points count about half (a tenth of 9 x 9). Twenty points behind, ten
        // points more or less move the margin's share by a tenth as much from an even
        // centre as from a centre there (most of its range); the win's share is the
        // same either way, and outweighs the margin's whatever the centre.
        let value = |diff: f64, centre: f64| black_value_of(diff, centre, 8.1, 0.3);
        let (even, centred) = (
            value(-10.0, 0.0) - value(-30.0, 0.0),
            value(-10.0, -20.0) - value(-30.0, -20.0),
        );
        assert!(centred > 0.25 && centred > 10.0 * even, "{centred} {even}");
        assert!((value(-20.0, -20.0) - 0.15).abs() < 1e-6);
        assert!((value(0.5, 0.5) - 0.85).abs() < 1e-6);
        assert!(value(0.5, 30.0) > value(-0.5, -30.0));
    }

    #[test]
    fn a_search_out_of_time_before_it_starts_still_plays_a_move() {
        // A deadline already gone (a loaded machine, the general engine's slow playouts)
        // still leaves each thread its floor of playouts: the bot opens the game with a
        // drop instead of passing on its priors alone.
        let rules: Rules = "9,pieces=M,moving,komi=5.5".parse().unwrap();
        let game = Game::from_position(Position::new(rules));
        for threads in [1, 2] {
            let mut mcts = Mcts::new(MctsConfig {
                threads,
                ..MctsConfig::default()
            });
            let stop = AtomicBool::new(false);
            let choice = mcts
                .choose(&Request {
                    game: &game,
                    budget: Budget {
                        time: Some(std::time::Duration::ZERO),
                        playouts: None,
                    },
                    seed: 3,
                    stop: &stop,
                })
                .unwrap();
            assert!(choice.playouts >= MIN_TIMED_ITERATIONS, "{threads} threads");
            assert_ne!(choice.mv, Move::Pass, "{threads} threads");
        }
    }

    #[test]
    fn two_threads_on_one_tree_leave_no_virtual_loss_behind() {
        // Each thread counts its visits on the way down and works out new nodes'
        // children without the lock: when the search ends every visit has become a
        // playout. The root and its pass have no prior games, so their visits are their
        // playouts; every other node has its prior games besides.
        let game = Game::from_position(Position::new(Rules {
            komi: 6.5,
            ..Rules::default()
        }));
        let config = MctsConfig {
            threads: 2,
            shared_tree: Some(true),
            ..MctsConfig::default()
        };
        let mut mcts = Mcts::new(config);
        let stop = AtomicBool::new(false);
        let stats = mcts.search(&Request {
            game: &game,
            budget: Budget {
                time: None,
                playouts: Some(4000),
            },
            seed: 5,
            stop: &stop,
        });
        assert_eq!(stats.playouts, 4000);
        assert_eq!(mcts.trees.len(), 1);
        let tree = &mcts.trees[0];
        let root = tree.nodes[0];
        assert_eq!((root.visits, root.real), (4000, 4000));
        let children = &tree.nodes[root.first as usize..(root.first + root.count) as usize];
        let pass = children.iter().find(|c| c.key == NO_KEY).unwrap();
        assert_eq!(pass.visits, pass.real);
        assert_eq!(children.iter().map(|c| c.real).sum::<u32>(), 4000);
        assert!(tree.nodes.iter().all(|n| n.visits >= n.real));
        assert!(
            tree.nodes.len() > 1 + children.len(),
            "nodes below the root"
        );
    }

    #[test]
    fn amaf_priors_start_the_amaf_value_of_a_capture() {
        // Black to move; White's a9 stands in atari (Black's b9): a8 captures it.
        let text = "Rr7/9/9/9/9/9/9/9/9 b 0 0 0 - 1";
        let at = |name: &str| name.parse::<Cell>().unwrap().index() as u16;
        // After one playout the AMAF statistics hold the priors and that playout's moves
        // (the policy's and the lines' priors, which always go there, left out).
        for with in ["", "amaf_priors"] {
            let children = root_children(text, with, "policy_priors,line_priors", 1);
            let capture = children.iter().find(|c| c.key == at("a8")).unwrap();
            let quiet = children.iter().find(|c| c.key == at("h2")).unwrap();
            assert!(capture.visits >= 10, "{with}: the capture's prior games");
            if with.is_empty() {
                assert!(capture.amaf_visits <= 1, "the priors stay out of AMAF");
            } else {
                assert!(capture.amaf_visits >= 10, "the priors count in AMAF");
                assert!(capture.amaf_wins >= capture.amaf_visits as f32 - 1.0);
            }
            // A move the priors say nothing of starts empty either way.
            assert!(quiet.amaf_visits <= 1, "{with}");
        }
    }

    #[test]
    fn policy_priors_go_into_amaf_and_earn_no_children() {
        // Black's d5 beside White's e5: e4 is a hane (a shape), h5 a quiet drop.
        let text = "9/9/9/9/3rR4/9/9/9/9 b 0 0 0 - 1";
        let at = |name: &str| name.parse::<Cell>().unwrap().index() as u16;
        let children = root_children(text, "policy_priors", "", 1);
        let child = |name: &str| *children.iter().find(|c| c.key == at(name)).unwrap();
        let (e4, h5) = (child("e4"), child("h5"));
        let games = POLICY_PRIOR_GAMES;
        assert!(e4.amaf_visits >= 9 && e4.amaf_wins >= games * POLICY_PRIOR_SHAPE - 0.01);
        assert!(h5.amaf_visits >= 9 && h5.amaf_wins <= games * POLICY_PRIOR_OTHER + 1.0);
        // One playout went through one child: its virtual games do not expand it.
        assert!(children.iter().all(|c| !c.expanded));
        assert_eq!(children.iter().map(|c| c.real).sum::<u32>(), 1);
    }

    #[test]
    fn a_pass_below_the_root_gets_its_prior_in_its_own_statistics_only() {
        // The policy's prior for a pass below the root (9 games at 0.1) would stay in its
        // AMAF statistics for good: no playout's moves ever mark a pass there.
        let game = Game::from_position(Position::new(Rules::default()));
        let mut mcts = Mcts::new(MctsConfig::default().with("policy_priors").unwrap());
        let stop = AtomicBool::new(false);
        mcts.search(&Request {
            game: &game,
            budget: Budget {
                time: None,
                playouts: Some(300),
            },
            seed: 2,
            stop: &stop,
        });
        let tree = &mcts.trees[0];
        let root = tree.nodes[0];
        let mut passes = 0;
        for child in &tree.nodes[root.first as usize..(root.first + root.count) as usize] {
            if !child.expanded {
                continue;
            }
            let kids = &tree.nodes[child.first as usize..(child.first + child.count) as usize];
            let pass = kids.iter().find(|k| k.key == NO_KEY).unwrap();
            assert!(
                pass.visits >= 9 && pass.wins <= pass.visits as f32,
                "its prior"
            );
            assert_eq!((pass.amaf_visits, pass.amaf_wins), (0, 0.0));
            passes += 1;
        }
        assert!(passes > 0, "some child was expanded");
    }

    #[test]
    fn line_priors_count_lone_drops_on_the_first_two_lines_as_lost() {
        // Black's e5 alone on the board; White to move. b2 and h8 are lone drops on the
        // second line, a9 on the first; c3 is on the third, d4 near e5.
        let text = "9/9/9/9/4r4/9/9/9/9 w 0 0 0 - 1";
        let at = |name: &str| name.parse::<Cell>().unwrap().index() as u16;
        for with in ["", "line_priors"] {
            let without = if with.is_empty() {
                "line_priors,policy_priors"
            } else {
                "policy_priors"
            };
            let children = root_children(text, with, without, 1);
            let child = |name: &str| *children.iter().find(|c| c.key == at(name)).unwrap();
            for low in ["b2", "h8", "a9"] {
                let c = child(low);
                if with.is_empty() {
                    assert!(c.visits <= 1 && c.amaf_visits <= 1, "{low}: no prior");
                } else {
                    assert!(c.visits >= 20 && c.amaf_visits >= 20, "{low}: lost games");
                    assert!(c.wins <= 1.0 && c.amaf_wins <= 1.0, "{low}");
                }
            }
            // e2 is on the second line but near e5 (three steps): no prior either.
            for fine in ["c3", "d4", "e7", "e2"] {
                let c = child(fine);
                assert!(c.visits <= 1 && c.amaf_visits <= 1, "{with} {fine}");
            }
        }
    }
}
