//! A node's children and their priors: what the position tells before any playout, read
//! once for the node ([`Expansion::new`]) and given to each legal move in turn, one kind
//! of prior a method.

use super::*;

/// What a node's position tells its children's priors.
pub(super) struct Expansion<'a> {
    pos: &'a Position,
    config: &'a MctsConfig,
    tuning: &'a Tuning,
    is_root: bool,
    /// The side to move.
    me: Side,
    /// The sets that play as Go does (rooks, wazirs; bishops, dabbabas or alfils alone)
    /// get Go's priors.
    go_like: Option<Adjacency>,
    /// With them: the last liberties of the mover's groups in atari.
    atari_libs: Bits,
    /// With ladders read: the last liberties of the mover's groups in atari that no
    /// extension saves, and the ataris that catch an opponent's group in a ladder (with
    /// the group's size).
    doomed: Bits,
    ladder_kills: Vec<(Cell, u32)>,
    /// Where the move that led here landed, for the priors of the moves near it.
    last: Option<Cell>,
    stones: Bits,
    geo: Geometry,
    /// The policy's priors read the position on the fast board.
    policy_board: Option<FastGo>,
    /// The tactical reading of the root's strings ([`MctsConfig::reading`]).
    reading: Reading,
    /// The cells' criticality ([`MctsConfig::criticality`]), once the search's playouts
    /// tell it.
    crit: Option<&'a Criticality>,
}

impl<'a> Expansion<'a> {
    /// The node whose move `here` led to `pos` (the root when `is_root`, whose last move
    /// is the game's).
    pub(super) fn new(
        worker: &'a Worker<'_>,
        is_root: bool,
        here: Move,
        pos: &'a Position,
    ) -> Self {
        let me = pos.turn();
        let go_like = pos.rules().pieces.go_adjacency();
        let atari_libs = match go_like {
            Some(adj) => last_liberties_in_atari(pos, me, adj),
            None => Bits::EMPTY,
        };
        let config = &worker.config;
        let (doomed, ladder_kills) = match go_like {
            Some(_) if config.ladders && config.priors => ladder_cells(pos),
            _ => (Bits::EMPTY, Vec::new()),
        };
        let last = if is_root {
            worker.game.moves().last().map(|&(m, _)| m)
        } else {
            Some(here)
        }
        .and_then(|m| match m {
            Move::Drop { cell, .. } | Move::Step { to: cell, .. } => Some(cell),
            Move::Pass => None,
        });
        let reading = if is_root && config.reading && config.priors && worker.fast_ok {
            read_strings(pos)
        } else {
            Reading::default()
        };
        let policy_board = if worker.expand_by_real {
            FastGo::from_position(pos)
        } else {
            None
        };
        let crit = worker.crit.as_deref().filter(|crit| crit.ready());
        Expansion {
            crit,
            pos,
            config,
            tuning: &worker.tuning,
            is_root,
            me,
            go_like,
            atari_libs,
            doomed,
            ladder_kills,
            last,
            stones: pos.occupied(),
            geo: *pos.geometry(),
            policy_board,
            reading,
        }
    }

    /// A drop into an own eye is no child, unless it is the last liberty of an own group
    /// in atari (Go's sets): a false eye whose filling joins the group to others.
    pub(super) fn fills_own_eye(&self, eyes: &Eyes, mv: Move) -> bool {
        matches!(mv, Move::Drop { cell, .. }
            if eyes.is_eye(self.pos, self.me, cell) && !self.atari_libs.contains(cell))
    }

    /// Gives a child its priors: virtual games in its own statistics and, for some, in
    /// its AMAF statistics, and its progressive bias.
    pub(super) fn set_priors(&self, node: &mut Node, mv: Move, played: &Played) {
        let (mut n, mut w) = self.tactical(mv, played);
        if let Move::Drop { cell, .. } = mv
            && let Some(adj) = self.go_like
            && self.config.shape_priors
        {
            let (pn, pw) = self.shape(cell, adj);
            n += pn;
            w += pw;
        }
        let (mut n, mut w) = (n as f32, w as f32);
        // Virtual games that go into the AMAF statistics too (at a few visits those
        // decide alone): the lines' and the policy's.
        let (mut an, mut aw) = (0f32, 0f32);
        if self.lone_low(mv) {
            an += LINE_PRIOR;
        }
        if let Some(fast) = &self.policy_board {
            match mv {
                Move::Drop { cell, .. } => {
                    let rate =
                        policy_prior_rate(fast, FastGo::index(cell), self.last.map(FastGo::index));
                    an += self.config.prior_games;
                    aw += self.config.prior_games * rate;
                }
                // A pass below the root: in its own statistics only, as no playout ever
                // marks a pass in AMAF. Graded as a bad move, but as any other drop with
                // the drops down the tree counted: the pass is then valued as GO_RULES §4
                // values it, often the best move of a settled board. (With no prior games
                // at all it would be every new node's first try.)
                Move::Pass if !self.is_root => {
                    let rate = if self.config.tree_drops {
                        POLICY_PRIOR_OTHER
                    } else {
                        POLICY_PRIOR_BAD
                    };
                    n += self.config.prior_games;
                    w += self.config.prior_games * rate;
                }
                _ => {}
            }
        }
        if let Move::Drop { cell, .. } = mv {
            if let Some(&(_, size)) = self.reading.good.iter().find(|&&(c, _)| c == cell) {
                let games = (READ_PRIOR + READ_PRIOR_STONE * size.min(10)) as f32;
                an += games;
                aw += games;
            } else if self.reading.futile.contains(cell) {
                let games = READ_PRIOR as f32;
                an += games;
                // The classic prior's games for saving a string in atari are no good here.
                (n, w) = (n.max(games), 0.0);
            }
        }
        n += an;
        w += aw;
        if let Move::Drop { cell, .. } = mv
            && let Some(c) = self.crit.and_then(|crit| crit.of(cell.index()))
        {
            let games = crit_prior(c).floor();
            n += games;
            w += games;
        }
        if let Move::Drop { cell, .. } = mv
            && self.config.pattern_priors
            && let Some(g) = learnt_gamma_at(self.pos, cell)
        {
            // The pattern's odds against one of strength 1, over a few games.
            n += PATTERN_PRIOR;
            w += PATTERN_PRIOR * g / (g + 1.0);
        }
        node.visits = n as u32;
        node.wins = w;
        // What the priors say beyond an even game, for the progressive bias.
        node.bias = (w - n / 2.0) / 10.0;
        if node.key == NO_KEY {
            // A pass: no AMAF statistics, which no playout would dilute.
        } else if self.go_like.is_none() || self.config.amaf_priors {
            // The general engine's few playouts (maos about 600 a second) leave a node's
            // choice almost wholly to its AMAF value (β = 0.98 at 10 visits), which is
            // blind to what a drop risks where it stands: the priors count there too
            // (Gelly and Silver's heuristic MC-RAVE starts both values from its
            // heuristic).
            node.amaf_visits = n as u32;
            node.amaf_wins = w;
        } else {
            node.amaf_visits = an as u32;
            node.amaf_wins = aw;
        }
    }

    /// Go programs' classic priors, as virtual games (played, won): captures and saving a
    /// group in atari look good, a self-atari of 3+ stones looks bad; in the general
    /// engine's sets, a piece the opponent can capture at once where it lands looks bad
    /// (greedy takes every such piece; the random playouts seldom do).
    fn tactical(&self, mv: Move, played: &Played) -> (u32, u32) {
        let taken = played.captured.count();
        match mv {
            _ if taken > 0 => (10 + 2 * taken.min(10), 10 + 2 * taken.min(10)),
            Move::Drop { cell, .. } if let Some(adj) = self.go_like => {
                let own = played.position.pieces(self.me);
                let group = Bits::from_cell(cell).flood_by(own, adj);
                let libs = (group.adjacent(adj) & played.position.empty()).count();
                let kill = self.ladder_kills.iter().find(|&&(c, _)| c == cell);
                if self.doomed.contains(cell) {
                    (20, 0)
                } else if let Some(&(_, size)) = kill {
                    (10 + 2 * size.min(10), 10 + 2 * size.min(10))
                } else if self.atari_libs.contains(cell) && libs >= 2 {
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
            Move::Drop { cell, .. } | Move::Step { to: cell, .. }
                if self.go_like.is_none() && capturable_at_once(&played.position, cell) =>
            {
                (CAPTURABLE_PRIOR, 0)
            }
            _ => (0, 0),
        }
    }

    /// Michi's (P. Baudiš) priors for Go: every move even (10 games, 5 won), a 3 × 3
    /// shape good, moves near the last one good (the fights are local), a lone move on
    /// the first two lines bad and on the third good (the opening and invasions).
    fn shape(&self, cell: Cell, adj: Adjacency) -> (u32, u32) {
        let (mut pn, mut pw) = (10, 5);
        if is_shape_at(self.pos, cell) {
            (pn, pw) = (pn + 10, pw + 10);
        }
        if let Some(l) = self.last {
            let (df, dr) = (
                cell.file().abs_diff(l.file()),
                cell.rank().abs_diff(l.rank()),
            );
            // Steps between them (diagonal ones for bishops, jumps of two for dabbabas
            // and alfils).
            let d = match adj {
                Adjacency::Orthogonal => df + dr,
                Adjacency::Diagonal => df.max(dr),
                Adjacency::Dabbaba => (df + dr) / 2,
                Adjacency::Alfil => df.max(dr) / 2,
            } as u32;
            let near = [0, 24, 22, 8].get(d as usize).copied().unwrap_or(0);
            (pn, pw) = (pn + near, pw + near);
        }
        let line = edge_distance(&self.geo, cell, adj);
        if line <= 3 && (self.stones & around(cell, 3, adj)).is_empty() {
            pn += 10;
            if line == 3 {
                pw += 10;
            }
        }
        (pn, pw)
    }

    /// A lone drop on the first two lines (virtual lost games, with the lines' priors).
    fn lone_low(&self, mv: Move) -> bool {
        matches!(mv, Move::Drop { cell, .. }
            if self.tuning.line_priors
                && self.go_like.is_some_and(|adj| edge_distance(&self.geo, cell, adj) <= 2
                    && (self.stones & around(cell, 3, adj)).is_empty()))
    }
}

/// The last liberties of `me`'s groups in atari.
fn last_liberties_in_atari(pos: &Position, me: Side, adj: Adjacency) -> Bits {
    let empty = pos.empty();
    let mut libs = Bits::EMPTY;
    for group in pos.pieces(me).strings(adj) {
        let l = group.adjacent(adj) & empty;
        if l.count() == 1 {
            libs |= l;
        }
    }
    libs
}
