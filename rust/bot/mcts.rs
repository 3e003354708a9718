//! Monte Carlo tree search: UCT with random rollouts under the playout
//! policy of RULES.md §8, for any [`Position`].
//!
//! Values are kept from the point of view of the *player* (seat) who made
//! the move into a node. That is the colour to move everywhere except across
//! `swap`, which hands the colour to move to the other player: keeping seats
//! makes the pie rule an ordinary searchable move, and a player moving twice
//! in a row (Anda's two-stone first turn) needs no special case either.
//!
//! Root parallelism: each thread grows its own tree from its own seed and
//! the root statistics are summed, so a search depends only on the seed,
//! the iteration budget and the thread count.

use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::core::{Rng, Stop};
use crate::games::{Action, AnyPosition, Position, PositionVisitor};
use crate::playout::playout;

/// A tree never grows past this many nodes (about 320 MB); past it, search
/// goes on with rollouts from the leaves it has.
const MAX_NODES: usize = 1 << 24;

/// How often (in iterations) a search reads the clock and its stop flag.
const CLOCK_EVERY: u64 = 16;

/// The most iterations one tree runs, whatever the budget: a node's visits
/// and score are 32-bit counts.
pub const MAX_ITERATIONS: u64 = i32::MAX as u64;

/// What a search may spend and how it explores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Iterations in all, split over the threads; `None` for no limit.
    pub iterations: Option<u64>,
    /// Wall time; `None` for no limit. At least one limit must be set.
    pub time: Option<Duration>,
    /// The UCT exploration constant `c` in `q + c * sqrt(ln N / n)`, for
    /// rewards in `[-1, 1]`.
    pub exploration: f64,
    /// A rollout stops unfinished (reward 0) after this many actions.
    pub max_moves: usize,
}

/// The root's statistics after a search, one entry per legal action, in
/// increasing action order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchResult {
    pub actions: Vec<Action>,
    pub visits: Vec<u64>,
    /// Wins minus losses of the player to move at the root, over the visits.
    pub score: Vec<i64>,
    /// Iterations run, over all threads.
    pub iterations: u64,
}

impl SearchResult {
    /// The mean reward in `[-1, 1]` of each action for the player to move
    /// (0 for an action never tried).
    pub fn values(&self) -> Vec<f64> {
        self.score
            .iter()
            .zip(&self.visits)
            .map(|(&s, &v)| if v == 0 { 0.0 } else { s as f64 / v as f64 })
            .collect()
    }

    /// The most visited action; ties go to the better value, then to the
    /// lower action. `None` when there is no legal action.
    pub fn best(&self) -> Option<Action> {
        (0..self.actions.len())
            .max_by(|&a, &b| {
                let value = |i: usize| self.score[i] as f64 / self.visits[i].max(1) as f64;
                self.visits[a]
                    .cmp(&self.visits[b])
                    .then(value(a).total_cmp(&value(b)))
                    .then(b.cmp(&a))
            })
            .map(|i| self.actions[i])
    }
}

/// One node: the action that led to it and the statistics of the player who
/// played it. Rewards are -1, 0 or +1, so their sum is an exact integer.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Wins minus losses for the player who moved into this node.
    score: i32,
    visits: u32,
    /// Index of the first child; 0 while the node is not expanded (the root,
    /// at 0, is never anyone's child).
    first_child: u32,
    children: u16,
    /// Children are tried in order (they are shuffled when made): the first
    /// `tried` have been visited.
    tried: u16,
    action: Action,
}

impl Node {
    fn leaf(action: Action) -> Self {
        Node {
            score: 0,
            visits: 0,
            first_child: 0,
            children: 0,
            tried: 0,
            action,
        }
    }
}

/// One search tree with its scratch buffers; reusable across searches, so
/// that an iteration allocates nothing but the nodes it adds.
#[derive(Debug)]
pub struct Searcher<P: Position> {
    nodes: Vec<Node>,
    /// The nodes of the current iteration's path, each with the seat that
    /// moved into it.
    path: Vec<(u32, u8)>,
    state: P,
    buf: Vec<Action>,
}

impl<P: Position> Searcher<P> {
    /// A searcher for positions of the game `like` is a state of.
    pub fn new(like: &P) -> Self {
        Searcher {
            nodes: Vec::new(),
            path: Vec::new(),
            state: like.clone(),
            buf: Vec::with_capacity(like.num_actions()),
        }
    }

    /// Searches `root` for `iterations` iterations at most (and never more
    /// than [`MAX_ITERATIONS`]), stopping early at `deadline` or when `stop`
    /// is requested, and adds the root's statistics into `into` (indexed by
    /// action). Returns the iterations run. `root` must not be over.
    #[allow(clippy::too_many_arguments)]
    pub fn search(
        &mut self,
        root: &P,
        iterations: Option<u64>,
        deadline: Option<Instant>,
        stop: &Stop,
        budget: &Budget,
        rng: &mut Rng,
        into: &mut RootTotals,
    ) -> u64 {
        self.nodes.clear();
        self.nodes.push(Node::leaf(0));
        self.state.clone_from(root);
        self.expand(0, rng);
        let limit = iterations.map_or(MAX_ITERATIONS, |n| n.min(MAX_ITERATIONS));
        let mut done = 0;
        while done < limit {
            if done % CLOCK_EVERY == 0
                && (stop.requested() || deadline.is_some_and(|d| Instant::now() >= d))
            {
                break;
            }
            self.iterate(root, budget, rng);
            done += 1;
        }
        let root_node = self.nodes[0];
        let first = root_node.first_child as usize;
        for child in &self.nodes[first..first + root_node.children as usize] {
            into.visits[child.action as usize] += child.visits as u64;
            into.score[child.action as usize] += child.score as i64;
        }
        done
    }

    /// Makes the children of `node`, one per legal action of `self.state`,
    /// in random order.
    #[inline(never)]
    fn expand(&mut self, node: usize, rng: &mut Rng) {
        self.state.legal_actions(&mut self.buf);
        if self.buf.is_empty() || self.nodes.len() + self.buf.len() > MAX_NODES {
            return;
        }
        let first = self.nodes.len();
        self.nodes.extend(self.buf.iter().map(|&a| Node::leaf(a)));
        let children = &mut self.nodes[first..];
        for i in (1..children.len()).rev() {
            children.swap(i, rng.below(i + 1));
        }
        self.nodes[node].first_child = first as u32;
        self.nodes[node].children = self.buf.len() as u16;
    }

    /// The child of an expanded `node` to follow: the next untried one, or
    /// the one with the best upper confidence bound.
    fn select(&mut self, node: usize, exploration: f64) -> usize {
        let n = &mut self.nodes[node];
        let first = n.first_child as usize;
        if n.tried < n.children {
            n.tried += 1;
            return first + n.tried as usize - 1;
        }
        let scale = exploration * (n.visits as f64).ln().sqrt();
        let children = n.children as usize;
        let mut best = first;
        let mut best_bound = f64::NEG_INFINITY;
        for (i, child) in self.nodes[first..first + children].iter().enumerate() {
            let visits = child.visits as f64;
            let bound = child.score as f64 / visits + scale / visits.sqrt();
            if bound > best_bound {
                best_bound = bound;
                best = first + i;
            }
        }
        best
    }

    /// One iteration: descend by UCT to a node not yet visited (expanding a
    /// visited leaf on the way), roll out at random, and back the result up.
    /// Each phase is a function of its own so that a profile of
    /// `benches/profile_mcts.rs` splits an iteration's cost between them.
    fn iterate(&mut self, root: &P, budget: &Budget, rng: &mut Rng) {
        self.reset(root);
        self.descend(budget.exploration, rng);
        self.rollout(budget.max_moves, rng);
        self.backup();
    }

    /// Sets the position back to the root and empties the path.
    #[inline(never)]
    fn reset(&mut self, root: &P) {
        self.state.clone_from(root);
        self.path.clear();
    }

    /// Selection and expansion: follows the tree from the root, playing its
    /// actions, down to a node not yet visited, the end of the game, or the
    /// edge of a full tree.
    #[inline(never)]
    fn descend(&mut self, exploration: f64, rng: &mut Rng) {
        let mut node = 0;
        while !self.state.is_terminal() {
            if self.nodes[node].first_child == 0 {
                if node != 0 && self.nodes[node].visits == 0 {
                    break; // a new leaf: its value comes from a rollout
                }
                self.expand(node, rng);
                if self.nodes[node].first_child == 0 {
                    break; // the tree is full
                }
            }
            let child = self.select(node, exploration);
            let mover = self.state.turn().seat_to_move() as u8;
            self.state.apply_unchecked(self.nodes[child].action);
            self.path.push((child as u32, mover));
            node = child;
        }
    }

    /// A random playout from where the descent stopped.
    #[inline(never)]
    fn rollout(&mut self, max_moves: usize, rng: &mut Rng) {
        if !self.state.is_terminal() {
            playout(&mut self.state, rng, max_moves, &mut self.buf);
        }
    }

    /// Adds the rollout's result to every node on the path.
    #[inline(never)]
    fn backup(&mut self) {
        let winner_seat = self.state.turn().winner_seat();
        self.nodes[0].visits += 1;
        for &(index, mover) in &self.path {
            let n = &mut self.nodes[index as usize];
            n.visits += 1;
            n.score += match winner_seat {
                Some(seat) if seat == mover as usize => 1,
                Some(_) => -1,
                None => 0,
            };
        }
    }
}

/// Root statistics summed over trees, indexed by action.
#[derive(Clone, Debug)]
pub struct RootTotals {
    visits: Vec<u64>,
    score: Vec<i64>,
}

impl RootTotals {
    /// Zero totals for a game with `actions` actions.
    pub fn new(actions: usize) -> Self {
        RootTotals {
            visits: vec![0; actions],
            score: vec![0; actions],
        }
    }

    /// Sets every total back to zero.
    pub fn clear(&mut self) {
        self.visits.fill(0);
        self.score.fill(0);
    }

    /// The mean reward of the root's visits for the player to move, in
    /// `[-1, 1]` (0 before any visit): the search's value of the position.
    pub fn mean_reward(&self) -> f64 {
        let visits: u64 = self.visits.iter().sum();
        let score: i64 = self.score.iter().sum();
        if visits == 0 {
            0.0
        } else {
            score as f64 / visits as f64
        }
    }

    /// The totals over the legal actions of `root`, which `legal` lists.
    pub fn result(&self, legal: &[Action], iterations: u64) -> SearchResult {
        SearchResult {
            actions: legal.to_vec(),
            visits: legal.iter().map(|&a| self.visits[a as usize]).collect(),
            score: legal.iter().map(|&a| self.score[a as usize]).collect(),
            iterations,
        }
    }

    fn add(&mut self, other: &RootTotals) {
        for (a, b) in self.visits.iter_mut().zip(&other.visits) {
            *a += b;
        }
        for (a, b) in self.score.iter_mut().zip(&other.score) {
            *a += b;
        }
    }
}

/// The seed of tree `k` of a search seeded `seed`.
fn tree_rng(seed: u64, k: usize) -> Rng {
    Rng::for_game(seed, k as u64)
}

/// Searches `root` with `threads` trees (root parallelism, on the current
/// rayon pool when `threads > 1`), and returns the summed root statistics
/// over the legal actions. With an iteration budget and no time limit the
/// result depends only on `(root, budget, seed, threads)`. A search stops
/// early, with what it found so far, when `stop` is requested. The trees
/// hold the game's own position type, so that no move of a rollout goes
/// through [`AnyPosition`]'s dispatch.
///
/// `root` must not be over, `threads` at least 1, and `budget` must set
/// `iterations` or `time` (a time too long to be a deadline is no limit).
pub fn search(
    root: &AnyPosition,
    budget: &Budget,
    seed: u64,
    threads: usize,
    stop: &Stop,
) -> SearchResult {
    root.visit(Search {
        budget,
        seed,
        threads,
        stop,
    })
}

/// [`search`] on a game's own position type.
struct Search<'a> {
    budget: &'a Budget,
    seed: u64,
    threads: usize,
    stop: &'a Stop,
}

impl PositionVisitor for Search<'_> {
    type Output = SearchResult;

    fn visit<P: Position>(self, root: &P) -> SearchResult {
        let Search {
            budget,
            seed,
            threads,
            stop,
        } = self;
        let deadline = budget.time.and_then(|t| Instant::now().checked_add(t));
        let share = |k: usize| {
            budget.iterations.map(|n| {
                let (base, extra) = (n / threads as u64, n % threads as u64);
                base + u64::from((k as u64) < extra)
            })
        };
        let one_tree = |k: usize| {
            let mut totals = RootTotals::new(root.num_actions());
            let mut searcher = Searcher::new(root);
            let done = searcher.search(
                root,
                share(k),
                deadline,
                stop,
                budget,
                &mut tree_rng(seed, k),
                &mut totals,
            );
            (totals, done)
        };
        let trees: Vec<(RootTotals, u64)> = if threads <= 1 {
            vec![one_tree(0)]
        } else {
            (0..threads).into_par_iter().map(one_tree).collect()
        };
        let mut totals = RootTotals::new(root.num_actions());
        let mut iterations = 0;
        for (tree, done) in &trees {
            totals.add(tree);
            iterations += done;
        }
        let mut legal = Vec::new();
        root.clone().legal_actions(&mut legal);
        totals.result(&legal, iterations)
    }
}

#[cfg(test)]
mod tests;
