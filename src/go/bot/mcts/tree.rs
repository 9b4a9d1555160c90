//! The search tree: nodes in one arena, and the tree kept from one move to the next.

use super::*;

#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) mv: Move,
    /// The cell the move plays to (the AMAF key); `NO_KEY` for a pass.
    pub(super) key: u16,
    pub(super) first: u32,
    pub(super) count: u32,
    pub(super) expanded: bool,
    /// Visits, the priors' virtual games included: what the tree's choice of children
    /// sees.
    pub(super) visits: u32,
    /// Value won (see [`black_value_of`]) by the side that played `mv`, virtual games
    /// included.
    pub(super) wins: f32,
    pub(super) amaf_visits: u32,
    pub(super) amaf_wins: f32,
    /// Playouts (and repetition draws) that went through the node: real games only.
    pub(super) real: u32,
    /// Of them, won by the side that played `mv` (a draw counts ½).
    pub(super) won: f32,
    /// The sum of their final margins in points for the side that played `mv` (its
    /// score less the opponent's, komi included; a repetition draw counts 0), and of
    /// their squares.
    pub(super) points: f64,
    pub(super) points_sq: f64,
    /// The priors' verdict beyond an even game (a tenth of their virtual wins less half
    /// their virtual games): the progressive bias, which fades as real playouts come.
    pub(super) bias: f32,
}

// MAX_NODES's memory (above) counts 64 bytes a node.
const _: () = assert!(std::mem::size_of::<Node>() <= 64);

impl Node {
    pub(super) fn new(mv: Move) -> Node {
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
            bias: 0.0,
        }
    }
}

/// One search tree, with the position at its root and who held each cell at the end of
/// its playouts.
pub(super) struct Tree {
    pub(super) root: Position,
    pub(super) nodes: Vec<Node>,
    /// Per side, the playouts that ended with the cell that side's.
    pub(super) owners: Box<[[u32; CELLS]; 2]>,
    pub(super) playouts: u64,
}

impl Tree {
    pub(super) fn new(root: Position) -> Tree {
        Tree {
            root,
            nodes: vec![Node::new(Move::Pass)],
            owners: Box::new([[0; CELLS]; 2]),
            playouts: 0,
        }
    }

    /// Gives the node at `at` the children `kids`, unless it has children already
    /// (another thread's, on a shared tree) or the tree is full; whether it did.
    pub(super) fn attach(&mut self, at: usize, kids: &[Node]) -> bool {
        if self.nodes[at].expanded || self.nodes.len() >= MAX_NODES {
            return false;
        }
        let first = self.nodes.len() as u32;
        self.nodes.extend_from_slice(kids);
        let node = &mut self.nodes[at];
        node.first = first;
        node.count = kids.len() as u32;
        node.expanded = true;
        true
    }

    /// Black's mean margin in points over the root's playouts (a kept root's too, counted
    /// when it was a move below the root before) and the share of them the side to move
    /// won, when it has `min` of them or more.
    pub(super) fn black_margin(&self, min: u32) -> Option<(f64, f64)> {
        let root = self.nodes[0];
        if root.real < min.max(1) {
            return None;
        }
        // The node's points and wins are the mover's: the side not to move at the root.
        let mean = root.points / root.real as f64;
        let won = 1.0 - root.won as f64 / root.real as f64;
        Some((
            if self.root.turn() == Side::White {
                mean
            } else {
                -mean
            },
            won,
        ))
    }

    /// Re-roots the tree at `target` when it is one or two moves below the root.
    pub(super) fn advance(mut self, target: &Position) -> Option<Tree> {
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
    pub(super) fn subtree(&self, at: u32, root: Position) -> Tree {
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
