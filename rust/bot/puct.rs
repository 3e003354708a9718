//! PUCT search, as in AlphaZero: descend by `Q + c · P · √N / (1 + n)`,
//! ask an [`Evaluator`](super::Evaluator) for the priors `P` and the value
//! of each new leaf, and back the value up the path.
//!
//! A search runs in rounds ([`super::rounds`]): it gathers up to
//! `batch_size` leaves, each descent under way counting as `virtual_loss`
//! lost visits on its path so that the next one looks elsewhere, and then
//! absorbs the evaluator's answers. Many searches (one per self-play game)
//! gather into one [`Leaves`], so one evaluator call serves them all.
//!
//! Values are kept per seat, as in [`super::mcts`]: a node's statistics are
//! those of the player who moved into it, so `swap` and two-stone turns are
//! ordinary moves. A *simulation* is one descent from the root to a new
//! leaf or to the end of the game; the root's own evaluation comes first and
//! is not one, so the root's children's visits sum to the simulations.

use super::draws::{dirichlet, weighted};
use super::evaluator::{Leaf, Leaves, Priors};
use super::rounds::Rounds;
use super::threads::Threads;
use crate::core::Rng;
use crate::games::{Action, Position};

/// How a search explores and what it may spend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Descents per search, at least 1.
    pub simulations: u32,
    /// The exploration constant `c` in `Q + c · P · √N / (1 + n)`.
    pub c_puct: f32,
    /// The lost visits each descent under way adds to the nodes on its path.
    pub virtual_loss: f32,
    /// Leaves gathered per round, from 1 to [`MAX_BATCH`].
    pub batch_size: usize,
    /// Dirichlet noise mixed into the root's priors, `(alpha, fraction)`:
    /// `P = (1 - fraction) P + fraction · Dir(alpha)`.
    pub noise: Option<(f64, f64)>,
}

/// The largest batch a search gathers in one round (virtual losses are
/// counted in 16 bits).
pub const MAX_BATCH: usize = 4096;

/// The most children a tree reserves room for when it is made (10 MiB with
/// their actions, the nodes' room being a small part of it); a larger
/// search grows its tree as it goes.
const MAX_RESERVED_CHILDREN: u64 = 1 << 20;

/// [`Node::order`] of a node not yet selected from.
const UNSEEN: u16 = 0;

/// [`Node::order`] of a node whose children's priors differ.
const UNEQUAL: u16 = u16::MAX;

/// The value of an unvisited child (first-play urgency): a draw, so the
/// priors alone rank the untried moves.
const FIRST_PLAY_VALUE: f32 = 0.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Status {
    /// Not yet reached.
    New,
    /// Gathered this round, waiting for its evaluation.
    Pending,
    /// Evaluated; its children exist.
    Expanded,
    /// The game is over here, won by the player who moved into the node.
    Won,
    Lost,
    Drawn,
}

impl Status {
    /// The value of a finished game's node for the player who moved into it.
    fn terminal_value(self) -> Option<f32> {
        match self {
            Status::Won => Some(1.0),
            Status::Lost => Some(-1.0),
            Status::Drawn => Some(0.0),
            _ => None,
        }
    }
}

/// One child of an expanded node, as its parent's selection reads it: its
/// prior and, once it is tried, its node. An expansion writes only these
/// (and the actions, kept apart), so that a wide node costs a few bytes a
/// child; the statistics live in the nodes of the children tried, which a
/// search of `n` simulations has at most `n` of.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Child {
    /// The prior of the action among its siblings.
    prior: f32,
    /// The child's node, or [`UNTRIED`].
    node: u32,
}

/// [`Child::node`] of a child never selected (the root is no one's child).
const UNTRIED: u32 = 0;

/// Where an expanded node keeps its children's priors and nodes.
#[derive(Clone, Copy, Debug)]
enum Kids {
    /// A [`Child`] per legal action, from this index of the tree's children.
    Entries(u32),
    /// Every child has `prior`, and the tried ones (always the first
    /// ones, see [`Node::order`]) are a list of nodes from `first` to
    /// `last` by [`Node::next_tried`] ([`UNTRIED`] while there is none):
    /// an expansion writes no entry a child, so the common wide node of
    /// equal priors costs its actions alone.
    Equal { prior: f32, first: u32, last: u32 },
}

/// One node: the action that led to it, with the statistics of the player
/// (seat) who played it.
#[derive(Clone, Copy, Debug)]
struct Node {
    parent: u32,
    /// The sum of the values backed up through the node, for its mover.
    value_sum: f32,
    visits: u32,
    /// Index of the first child's action in the tree's actions, once
    /// expanded.
    first_child: u32,
    kids: Kids,
    /// The next tried sibling in a parent's [`Kids::Equal`] list.
    next_tried: u32,
    /// Descents under way through the node (virtual loss).
    in_flight: u16,
    children: u16,
    /// What a selection knows of the order the children are tried in:
    /// [`UNSEEN`] before the first, [`UNEQUAL`] when their priors differ,
    /// else 1 + the number of children tried (visited or under way). With
    /// equal priors every untried child scores the same, so the first one
    /// is taken and the tried ones are always the first ones.
    order: u16,
    action: Action,
    /// The seat that played `action`.
    mover: u8,
    /// The seat to move here, once expanded: the mover of the children.
    to_move: u8,
    status: Status,
}

impl Node {
    fn new(action: Action, parent: u32, mover: u8) -> Self {
        Node {
            parent,
            value_sum: 0.0,
            visits: 0,
            first_child: 0,
            kids: Kids::Entries(0),
            next_tried: UNTRIED,
            in_flight: 0,
            children: 0,
            order: UNSEEN,
            action,
            mover,
            to_move: 0,
            status: Status::New,
        }
    }
}

/// The root's statistics after a search, one entry per legal action in
/// increasing action order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RootStats {
    pub actions: Vec<Action>,
    pub visits: Vec<u32>,
    /// The mean value of each action for the player to move (0 unvisited).
    pub values: Vec<f32>,
    /// The priors the search used (with the noise, when there is noise).
    pub priors: Vec<f32>,
}

/// One search tree, reusable from search to search: once its buffers have
/// grown, a search allocates only the nodes it adds.
#[derive(Clone, Debug)]
pub struct Search<P: Position> {
    config: Config,
    nodes: Vec<Node>,
    /// The children's entries of the expanded nodes with [`Kids::Entries`],
    /// each node's in a run.
    children: Vec<Child>,
    /// The children's actions of every expanded node, each node's in a run
    /// from its `first_child`.
    actions: Vec<Action>,
    root: P,
    /// The actions from the start of the game to the root.
    history: Vec<Action>,
    rng: Rng,
    simulations: u32,
    /// The node and the seat to move of each leaf gathered this round.
    pending: Vec<(u32, u8)>,
    noise: Vec<f64>,
}

impl<P: Position> Search<P> {
    /// A search with `config` for positions of the game `like` is a
    /// position of; [`Search::start`] gives it a root. Its tree has room
    /// for the most nodes and children the search can make (up to a
    /// bound), so that expanding a leaf never moves the tree.
    pub fn new(like: &P, config: Config) -> Self {
        let room = Self::max_children(&config, like.num_actions()).min(MAX_RESERVED_CHILDREN);
        let nodes = (u64::from(config.simulations) + 1).min(room);
        Search {
            config,
            nodes: Vec::with_capacity(nodes as usize),
            children: Vec::with_capacity(room as usize),
            actions: Vec::with_capacity(room as usize),
            root: like.clone(),
            history: Vec::new(),
            rng: Rng::new(0),
            simulations: 0,
            pending: Vec::with_capacity(config.batch_size),
            noise: Vec::new(),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The most bytes the tree of a search of `simulations` in a game of
    /// `num_actions` actions can hold: a node per simulation and the root,
    /// and a child (with its action) per legal action of each of them.
    pub fn max_bytes(simulations: u64, num_actions: usize) -> u64 {
        let nodes = simulations.saturating_add(1);
        let child = (std::mem::size_of::<Child>() + std::mem::size_of::<Action>()) as u64;
        let per_node = std::mem::size_of::<Node>() as u64 + child * num_actions as u64;
        nodes.saturating_mul(per_node)
    }

    /// The most children a search with `config` can make in a game of
    /// `num_actions` actions: one per legal action of every evaluated node.
    fn max_children(config: &Config, num_actions: usize) -> u64 {
        (u64::from(config.simulations) + 1) * num_actions as u64
    }

    /// Starts a new search of `root`, a position that is not over, reached
    /// by `history` from the start of the game, drawing its randomness
    /// (leaf keys, noise, a sampled move) from `seed`.
    pub fn start(&mut self, root: &P, history: &[Action], seed: u64) {
        self.nodes.clear();
        self.nodes.push(Node::new(0, 0, 0));
        self.children.clear();
        self.actions.clear();
        self.root.clone_from(root);
        self.history.clear();
        self.history.extend_from_slice(history);
        self.rng = Rng::new(seed);
        self.simulations = 0;
        self.pending.clear();
    }

    /// The root position.
    pub fn root(&self) -> &P {
        &self.root
    }

    /// Simulations completed.
    pub fn simulations(&self) -> u32 {
        self.simulations
    }

    /// Whether the search has spent its simulations.
    pub fn is_done(&self) -> bool {
        self.nodes[0].status == Status::Expanded && self.simulations >= self.config.simulations
    }

    /// Gathers up to `slots.len()` new leaves into `slots` (their histories
    /// too with `histories`), backing up on the way every descent that ends
    /// the game. Stops early at a descent that reaches a leaf already
    /// gathered (the rest waits for the next round). Returns the number of
    /// slots filled; [`Search::absorb`] must follow once they are evaluated.
    pub fn gather(&mut self, slots: &mut [Leaf<P>], histories: bool) -> usize {
        debug_assert!(self.pending.is_empty(), "absorb the last round first");
        if self.nodes[0].status == Status::New {
            slots[0].position.clone_from(&self.root);
            self.emit(0, &mut slots[0], histories);
            return 1;
        }
        while self.pending.len() < slots.len()
            && self.simulations + (self.pending.len() as u32) < self.config.simulations
        {
            let slot = &mut slots[self.pending.len()];
            slot.position.clone_from(&self.root);
            let mut node = 0;
            loop {
                node = self.select(node);
                slot.position.apply_unchecked(self.nodes[node].action);
                match self.nodes[node].status {
                    Status::Expanded => continue,
                    Status::Pending => return self.pending.len(),
                    Status::New if !slot.position.is_terminal() => {
                        self.emit(node, slot, histories);
                    }
                    Status::New => {
                        let n = &mut self.nodes[node];
                        n.status = match slot.position.turn().winner_seat() {
                            Some(w) if w == n.mover as usize => Status::Won,
                            Some(_) => Status::Lost,
                            None => Status::Drawn,
                        };
                        self.back_up_terminal(node);
                    }
                    Status::Won | Status::Lost | Status::Drawn => self.back_up_terminal(node),
                }
                break;
            }
        }
        self.pending.len()
    }

    /// Takes the evaluations of the leaves of the last [`Search::gather`]
    /// (in the same `slots`): expands each leaf with its priors and backs
    /// its value up.
    pub fn absorb(&mut self, slots: &[Leaf<P>]) {
        for (j, leaf) in slots.iter().enumerate().take(self.pending.len()) {
            let (node, seat) = self.pending[j];
            let mut x = node as usize;
            loop {
                self.nodes[x].in_flight -= 1;
                if x == 0 {
                    break;
                }
                x = self.nodes[x].parent as usize;
            }
            self.expand(node, seat, leaf);
            self.back_up(node as usize, seat, leaf.value);
            if node != 0 {
                self.simulations += 1;
            }
        }
        self.pending.clear();
    }

    /// The root's statistics.
    pub fn root_stats(&self) -> RootStats {
        let children = || children_of(&self.nodes, &self.children, 0);
        RootStats {
            actions: self.root_actions().to_vec(),
            visits: children().map(|c| child_visits(&self.nodes, c)).collect(),
            values: children().map(|c| child_value(&self.nodes, c)).collect(),
            priors: children().map(|c| c.prior).collect(),
        }
    }

    /// The action to play: the most visited (ties to the better value,
    /// then the higher prior, then the lower action) when `temperature` is
    /// 0, else one drawn in proportion to `visits^(1 / temperature)`.
    pub fn choose(&mut self, temperature: f64) -> Action {
        let root = &self.nodes[0];
        let first = root.first_child as usize;
        let actions = &self.actions[first..first + root.children as usize];
        let nodes = &self.nodes;
        let children = children_of(nodes, &self.children, 0);
        if temperature > 0.0 && self.simulations > 0 {
            let exponent = 1.0 / temperature;
            // At temperature 1 (the usual one) the weights are the visits:
            // `powf(v, 1.0)` is `v` exactly, and it costs a call a child.
            let weights = children.map(move |c| {
                let visits = f64::from(child_visits(nodes, c));
                if exponent == 1.0 {
                    visits
                } else {
                    visits.powf(exponent)
                }
            });
            return actions[weighted(&mut self.rng, weights)];
        }
        let key = |c: Child| (child_visits(nodes, c), child_value(nodes, c), c.prior);
        let mut keys = children.map(key).enumerate();
        let (mut best, mut b) = keys.next().expect("an expanded root has children");
        for (i, a) in keys {
            if a.0 > b.0 || (a.0 == b.0 && (a.1 > b.1 || (a.1 == b.1 && a.2 > b.2))) {
                (best, b) = (i, a);
            }
        }
        actions[best]
    }

    /// Writes the visit distribution of the root over every action into
    /// `out` (0 for the actions not visited, or not legal).
    pub fn write_policy(&self, out: &mut [f32]) {
        out.fill(0.0);
        let total = self.simulations.max(1) as f32;
        let children = children_of(&self.nodes, &self.children, 0);
        for (c, &a) in children.zip(self.root_actions()) {
            out[a as usize] = child_visits(&self.nodes, c) as f32 / total;
        }
    }

    /// The actions of the root's children.
    fn root_actions(&self) -> &[Action] {
        let root = &self.nodes[0];
        let first = root.first_child as usize;
        &self.actions[first..first + root.children as usize]
    }

    /// The node of the child of an expanded `node` with the best
    /// `Q + c · P · √N / (1 + n)`, virtual losses counted, the first one
    /// among equals (its node made if it is tried for the first time).
    /// When the children's priors are equal, only the tried ones are
    /// scored, against the first untried one (every untried one scores the
    /// same, and it comes before the others).
    fn select(&mut self, node: usize) -> usize {
        if self.nodes[node].order == UNSEEN {
            // The first selection from a node with entries: no child is
            // tried yet (the search selects from a node the first time
            // right after its expansion).
            let children = self.entries(node);
            let equal = children.len() < usize::from(UNEQUAL - 1)
                && children.iter().all(|c| c.prior == children[0].prior);
            self.nodes[node].order = if equal { 1 } else { UNEQUAL };
        }
        let vl = self.config.virtual_loss;
        let n = &self.nodes[node];
        let parent_visits = n.visits as f32 + vl * f32::from(n.in_flight);
        let scale = self.config.c_puct * parent_visits.max(1.0).sqrt();
        let score = |prior: f32, tried: u32| match tried {
            // The score below with no visits, without its two divisions
            // or a node to read: most children of a wide node are untried.
            UNTRIED => FIRST_PLAY_VALUE + scale * prior,
            tried => {
                let t = &self.nodes[tried as usize];
                let lost = vl * f32::from(t.in_flight);
                let visits = t.visits as f32 + lost;
                let q = if visits > 0.0 {
                    (t.value_sum - lost) / visits
                } else {
                    FIRST_PLAY_VALUE
                };
                q + scale * prior / (1.0 + visits)
            }
        };
        let first = n.first_child as usize;
        let (entries, untried) = match (n.kids, n.order) {
            (Kids::Equal { prior, first, .. }, order) => {
                // The tried children, in the order they were first tried.
                let mut best = first;
                let mut best_score = f32::NEG_INFINITY;
                let mut x = first;
                while x != UNTRIED {
                    let s = score(prior, x);
                    if s > best_score {
                        best_score = s;
                        best = x;
                    }
                    x = self.nodes[x as usize].next_tried;
                }
                let tried = order - 1;
                if tried < n.children && FIRST_PLAY_VALUE + scale * prior > best_score {
                    return self.add_tried(node, tried);
                }
                return best as usize;
            }
            (Kids::Entries(entries), UNEQUAL) => (entries as usize, None),
            (Kids::Entries(entries), order) => {
                let tried = order - 1;
                (
                    entries as usize,
                    (tried < n.children).then_some(tried as usize),
                )
            }
        };
        let scored = untried.unwrap_or(usize::from(n.children));
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for (i, c) in self.children[entries..entries + scored].iter().enumerate() {
            let s = score(c.prior, c.node);
            if s > best_score {
                best_score = s;
                best = i;
            }
        }
        if let Some(untried) = untried {
            if FIRST_PLAY_VALUE + scale * self.children[entries + untried].prior > best_score {
                // The descent goes on into it: it is tried from now on.
                self.nodes[node].order += 1;
                best = untried;
            }
        }
        let child = &mut self.children[entries + best];
        if child.node == UNTRIED {
            child.node = self.nodes.len() as u32;
            let mover = self.nodes[node].to_move;
            let action = self.actions[first + best];
            self.nodes.push(Node::new(action, node as u32, mover));
        }
        self.children[entries + best].node as usize
    }

    /// The children's entries of `node`, which has [`Kids::Entries`].
    fn entries(&self, node: usize) -> &[Child] {
        let n = &self.nodes[node];
        match n.kids {
            Kids::Entries(first) => {
                &self.children[first as usize..first as usize + usize::from(n.children)]
            }
            Kids::Equal { .. } => &[],
        }
    }

    /// Makes the node of child `tried` of `parent`, which has
    /// [`Kids::Equal`] with `tried` children tried: the first untried one,
    /// tried from now on.
    fn add_tried(&mut self, parent: usize, tried: u16) -> usize {
        let node = self.nodes.len() as u32;
        let p = &mut self.nodes[parent];
        p.order += 1;
        let (action, mover) = (
            self.actions[p.first_child as usize + usize::from(tried)],
            p.to_move,
        );
        let Kids::Equal { first, last, .. } = &mut p.kids else {
            unreachable!("a node of equal kids");
        };
        let previous = std::mem::replace(last, node);
        if previous == UNTRIED {
            *first = node;
        }
        self.nodes.push(Node::new(action, parent as u32, mover));
        if previous != UNTRIED {
            self.nodes[previous as usize].next_tried = node;
        }
        node as usize
    }

    /// Fills `slot` for the leaf `node` (whose position it holds) and
    /// marks the path with a descent under way.
    fn emit(&mut self, node: usize, slot: &mut Leaf<P>, histories: bool) {
        let parent = (node != 0).then(|| {
            let n = &self.nodes[node];
            let p = &self.nodes[n.parent as usize];
            let first = p.first_child as usize;
            (
                &self.actions[first..first + usize::from(p.children)],
                n.action,
            )
        });
        slot.set_legal(parent, &mut self.rng);
        if histories {
            let history = slot.history_mut();
            history.clear();
            history.extend_from_slice(&self.history);
            let from = history.len();
            let mut x = node;
            while x != 0 {
                history.push(self.nodes[x].action);
                x = self.nodes[x].parent as usize;
            }
            history[from..].reverse();
        }
        let seat = slot.position.turn().seat_to_move() as u8;
        self.nodes[node].status = Status::Pending;
        let mut x = node;
        loop {
            self.nodes[x].in_flight += 1;
            if x == 0 {
                break;
            }
            x = self.nodes[x].parent as usize;
        }
        self.pending.push((node as u32, seat));
    }

    /// Makes the children of `node`, whose seat to move is `seat`, one per
    /// legal action of its leaf, with the leaf's priors divided by their sum
    /// (and the noise, at the root).
    fn expand(&mut self, node: u32, seat: u8, leaf: &Leaf<P>) {
        let legal = leaf.legal();
        let first = self.actions.len();
        self.actions.extend_from_slice(legal);
        let entries = self.children.len();
        let noise = self.config.noise.filter(|_| node == 0);
        let wide = legal.len() >= usize::from(UNEQUAL - 1);
        let kids = match leaf.priors() {
            Priors::Equal(prior) if noise.is_none() && !wide => Kids::Equal {
                prior,
                first: UNTRIED,
                last: UNTRIED,
            },
            Priors::Equal(prior) => {
                let child = Child {
                    prior,
                    node: UNTRIED,
                };
                self.children.resize(entries + legal.len(), child);
                Kids::Entries(entries as u32)
            }
            Priors::Weights(priors, total) => {
                debug_assert_eq!(legal.len(), priors.len(), "one prior per legal action");
                let scale = 1.0 / total;
                self.children.extend(priors.iter().map(|&p| Child {
                    prior: p * scale,
                    node: UNTRIED,
                }));
                Kids::Entries(entries as u32)
            }
        };
        let n = &mut self.nodes[node as usize];
        n.first_child = first as u32;
        n.kids = kids;
        n.children = legal.len() as u16;
        n.status = Status::Expanded;
        n.to_move = seat;
        // Known equal priors spare the first selection its look at them all.
        if let Kids::Equal { .. } = kids {
            n.order = 1;
        }
        if let Some((alpha, fraction)) = noise {
            self.noise.resize(legal.len(), 0.0);
            dirichlet(&mut self.rng, alpha, &mut self.noise);
            for (child, &eta) in self.children[entries..].iter_mut().zip(&self.noise) {
                child.prior = ((1.0 - fraction) * f64::from(child.prior) + fraction * eta) as f32;
            }
        }
    }

    /// Adds a visit with `value` (for `seat`) to `node` and its ancestors.
    fn back_up(&mut self, node: usize, seat: u8, value: f32) {
        let mut x = node;
        loop {
            let n = &mut self.nodes[x];
            n.visits += 1;
            if x == 0 {
                break;
            }
            n.value_sum += if n.mover == seat { value } else { -value };
            x = n.parent as usize;
        }
    }

    /// Backs up a descent that ended the game at `node`.
    fn back_up_terminal(&mut self, node: usize) {
        let n = self.nodes[node];
        let value = n.status.terminal_value().expect("a finished game's node");
        self.back_up(node, n.mover, value);
        self.simulations += 1;
    }
}

/// The children of `node` in action order, each with its prior and node
/// ([`UNTRIED`] for the untried ones), from the tree's `nodes` and their
/// `entries`.
fn children_of<'a>(
    nodes: &'a [Node],
    entries: &'a [Child],
    node: usize,
) -> impl Iterator<Item = Child> + Clone + 'a {
    let n = &nodes[node];
    let count = usize::from(n.children);
    let (mut entries, prior, mut tried) = match n.kids {
        Kids::Entries(first) => (entries[first as usize..][..count].iter(), 0.0, UNTRIED),
        Kids::Equal { prior, first, .. } => ([].iter(), prior, first),
    };
    (0..count).map(move |_| match entries.next() {
        Some(&child) => child,
        None => {
            let node = tried;
            if tried != UNTRIED {
                tried = nodes[tried as usize].next_tried;
            }
            Child { prior, node }
        }
    })
}

/// A child's visits (0 untried).
fn child_visits(nodes: &[Node], child: Child) -> u32 {
    match child.node {
        UNTRIED => 0,
        node => nodes[node as usize].visits,
    }
}

/// A child's mean value for its mover (0 when unvisited).
fn child_value(nodes: &[Node], child: Child) -> f32 {
    match child.node {
        UNTRIED => 0.0,
        node => {
            let n = &nodes[node as usize];
            if n.visits == 0 {
                0.0
            } else {
                n.value_sum / n.visits as f32
            }
        }
    }
}

impl<P: Position> Rounds<P> for Search<P> {
    fn gather(&mut self, leaves: &mut Leaves<P>, histories: bool, _: Threads<'_>) {
        if let Some((slots, count)) = leaves.chunks_mut().next() {
            *count = Search::gather(self, slots, histories);
        }
    }

    fn absorb(&mut self, leaves: &mut Leaves<P>, _: Threads<'_>) {
        if let Some((slots, _)) = leaves.chunks_mut().next() {
            Search::absorb(self, slots);
        }
    }

    fn is_done(&self) -> bool {
        Search::is_done(self)
    }
}

#[cfg(test)]
mod tests;
