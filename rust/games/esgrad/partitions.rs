//! Every group's partition count, kept exact as stones are placed, from
//! local counts alone (Euler's formula).
//!
//! The hex board is a triangulated disc: its faces are the unit triangles
//! (three mutually adjacent points) and the outside. Take a group `G` and the
//! rest `S` of the board, with the points, edges and triangles that lie
//! wholly in `S`. Drawn in the plane, `S` has one face per triangle of `S`,
//! and every other face holds a point of `G` (a face with none is a single
//! triangle of `S`); `G` is connected, so all its points share one face, and
//! that face is the outside too exactly when `G` holds an edge point (else the
//! board's rim lies wholly in `S` and shuts the outside off). Euler's formula
//! for a plane graph with `C` components, `V - E + F = 1 + C`, then gives
//!
//! ```text
//! C = V(S) - E(S) + T(S) + [G holds no edge point]
//! ```
//!
//! and since the whole board has `N - E + T = 1`, counting what `G` takes
//! away (inclusion-exclusion over the triangles) leaves
//!
//! ```text
//! partitions(G) = 1 + Σ_{p in G} (deg p - tri p - 1)
//!                   + (edges inside G that lie on two triangles)
//!                   - (triangles inside G)
//!                   + [G holds no edge point]
//! ```
//!
//! where `deg p` and `tri p` count the board's edges and triangles at `p`.
//! Every term is local, and a group's partitions depend on its own points
//! alone, not on the colours around it. A union-find over the stones keeps
//! each group's sum and edge flag at its root, and each colour's total of
//! group values is kept with it. There are two ways to bring them up to date:
//!
//! - **One stone at a time** ([`Groups::place`]): a placement changes only the
//!   group it makes, whose sum is the merged groups' sums plus the new
//!   stone's share (its own term, its edges to friendly neighbours, its
//!   triangles with two friendly neighbours), read off a six-bit mask of
//!   those neighbours. O(1) a stone.
//! - **The whole board at once** ([`Groups::recount`]): one raster pass of
//!   connected-component labelling, each point looking only at its three
//!   neighbours earlier in point order; each edge and triangle inside a
//!   group is counted at its last point, so a stone's share depends only on
//!   which of those three share its colour, a table of 8 entries per point.
//!   Cheaper per stone than placing, and with few branches on the data.
//!
//! Moves only log the stones they place; the score brings the groups up to
//! date when it is asked for, stone by stone if few were placed since, by a
//! recount if many were. So a random playout pays for one recount at its end,
//! and a bot that asks for the score after every move pays O(1) a move.

use std::sync::OnceLock;

use crate::board::{Board, Point, NO_POINT};
use crate::core::{Flood, EMPTY};

/// The cell value of the padding point `N`, which stands in for "off the
/// board" in the tables: no stone matches it.
pub(super) const PADDING: u8 = 3;

/// The directions of the three neighbours earlier in point order, `(c-1,
/// r)`, `(c-1, r-1)` and `(c, r-1)`, in the board's direction order.
const WEST: usize = 3;
const SOUTH_WEST: usize = 4;
const SOUTH: usize = 5;

/// What the two ways of counting need to know of one point, kept together
/// so one lookup (and one bounds check) fetches it.
#[derive(Clone, Copy, Debug)]
struct Spot {
    /// The neighbours in the board's cyclic direction order (consecutive
    /// ones touch each other), the padding point `N` off the board.
    steps: [Point; 6],
    /// For the recount, per subset of the earlier neighbours (bit 0 west, 1
    /// south-west, 2 south) holding stones of the point's colour: the point
    /// whose group it joins (itself for none; with the south-west stone, west
    /// and south are in its group already, as they touch it and were
    /// counted after it) ...
    follow: [Point; 8],
    /// ... and the point's share of its group's sum: its own term, its edges
    /// to those neighbours that lie on two triangles, less its triangles
    /// with two of them.
    share: [i8; 8],
    /// `deg - tri - 1`: the point's own term.
    base: i8,
    /// The directions whose edge lies on two triangles (bit per direction).
    inner: u8,
    /// Whether it is an edge point.
    edge: bool,
}

/// Per-side tables.
#[derive(Debug)]
pub(super) struct Geometry {
    spots: Vec<Spot>,
}

impl Geometry {
    /// The tables of a hex board, built once per side.
    pub fn of(board: &'static Board) -> &'static Geometry {
        static TABLES: [OnceLock<Geometry>; 26] = [const { OnceLock::new() }; 26];
        TABLES[board.side()].get_or_init(|| Geometry::build(board))
    }

    fn build(board: &Board) -> Geometry {
        let n = board.points() as Point;
        let adjacency = board.adjacency();
        assert_eq!(
            adjacency.direction_vectors()[WEST..=SOUTH],
            [(-1, 0), (-1, -1), (0, -1)],
            "the earlier neighbours' directions"
        );
        let on = |q: Point| q != NO_POINT;
        let spots = (0..n)
            .map(|p| {
                let raw = adjacency.steps(p);
                let mut steps = [n; 6];
                let (mut triangles, mut inner) = (0, 0u8);
                for d in 0..6 {
                    let (before, here, after) = (raw[(d + 5) % 6], raw[d], raw[(d + 1) % 6]);
                    if on(here) {
                        steps[d] = here;
                        // The edge to `here` lies on the triangles it makes
                        // with each neighbouring direction on the board.
                        if on(before) && on(after) {
                            inner |= 1 << d;
                        }
                        if on(after) {
                            triangles += 1;
                        }
                    }
                }
                let base = board.neighbours(p).len() as i8 - triangles - 1;
                let earlier = [WEST, SOUTH_WEST, SOUTH];
                let mut share = [0i8; 8];
                for (mask, slot) in share.iter_mut().enumerate() {
                    let has = |bit: usize| mask & (1 << bit) != 0;
                    let mut value = base;
                    for (bit, &d) in earlier.iter().enumerate() {
                        value += (has(bit) && inner & (1 << d) != 0) as i8;
                    }
                    // The triangles whose last point is `p`: (p, sw, s) and
                    // (p, sw, w). Off-board neighbours never match a stone,
                    // so masks naming them are never read.
                    value -= (has(1) && has(2)) as i8 + (has(1) && has(0)) as i8;
                    *slot = value;
                }
                let [w, sw, s] = earlier.map(|d| steps[d]);
                Spot {
                    steps,
                    follow: [p, w, sw, sw, s, w, sw, sw],
                    share,
                    base,
                    inner,
                    edge: board.is_edge(p),
                }
            })
            .collect();
        Geometry { spots }
    }
}

/// A union-find node: a point's parent and, at a root, the group's size, its
/// sum of local terms, and whether it holds no edge point.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    sum: i32,
    parent: Point,
    size: u16,
    interior: bool,
}

impl Node {
    /// Ruling (partitions): the partitions of a group are the connected
    /// components of the board minus the group, empty points and stones of
    /// either colour alike; a group that separates nothing has one partition.
    ///
    /// For the group whose root this is, by Euler's formula (module doc).
    /// A group covering the whole board leaves nothing, and gets the one
    /// partition of a group that separates nothing.
    fn partitions(self) -> usize {
        (1 + self.sum + self.interior as i32).max(1) as usize
    }
}

/// Value: a group with `p` partitions is worth `p(p+1)/2`.
pub fn value(partitions: usize) -> u64 {
    let p = partitions as u64;
    p * (p + 1) / 2
}

/// The groups of a position, each with what its partition count needs, and
/// each colour's total of group values.
#[derive(Clone, Debug)]
pub(super) struct Groups {
    geometry: &'static Geometry,
    /// Union-find over the points: stones are joined to stones, and after a
    /// recount empty regions to empty regions (those are never read).
    nodes: Vec<Node>,
    /// The sum of the values of each colour's groups `[black, white]`.
    totals: [u64; 2],
    /// The stones placed since `nodes` and `totals` were brought up to date.
    pending: Vec<Point>,
    /// The cells as of the last catch-up, `N` points then the padding point:
    /// placing the pending stones one by one must not see the later ones.
    seen: Vec<u8>,
    /// Scratch for the recount: every point that was a root during it.
    roots: Vec<Point>,
}

impl Groups {
    /// No stones yet on the board `geometry` was built for.
    pub fn new(geometry: &'static Geometry) -> Self {
        let n = geometry.spots.len();
        Groups {
            geometry,
            nodes: vec![Node::default(); n],
            totals: [0, 0],
            pending: Vec::with_capacity(n),
            seen: (0..=n)
                .map(|p| if p < n { EMPTY } else { PADDING })
                .collect(),
            roots: Vec::new(),
        }
    }

    /// Copies `source` into these buffers (the recount's scratch is not
    /// copied).
    pub fn clone_from(&mut self, source: &Groups) {
        self.geometry = source.geometry;
        self.nodes.clone_from(&source.nodes);
        self.totals = source.totals;
        self.pending.clone_from(&source.pending);
        self.seen.clone_from(&source.seen);
    }

    /// Notes a stone just placed at `p`; the groups catch up when next read.
    #[inline]
    pub fn placed(&mut self, p: Point) {
        self.pending.push(p);
    }

    /// Brings the groups up to date with `cells` (`N` points, then the
    /// padding point): stone by stone when few stones are pending, by a
    /// recount of the board when many are.
    pub fn catch_up(&mut self, cells: &[u8]) {
        if self.pending.is_empty() {
            return;
        }
        // A recount costs about what placing half the board does.
        if 2 * self.pending.len() >= self.nodes.len() {
            self.recount(cells);
            self.seen.copy_from_slice(cells);
        } else {
            let mut seen = std::mem::take(&mut self.seen);
            for i in 0..self.pending.len() {
                let p = self.pending[i];
                seen[p as usize] = cells[p as usize];
                self.place(&seen, p);
            }
            self.seen = seen;
        }
        self.pending.clear();
    }

    /// The sum of the values of each colour's groups `[black, white]`.
    pub fn totals(&mut self, cells: &[u8]) -> [u64; 2] {
        self.catch_up(cells);
        self.totals
    }

    /// Joins the stone at `p` to its friendly neighbours' groups and updates
    /// its colour's total (the groups being up to date but for `p`).
    #[inline]
    pub fn place(&mut self, cells: &[u8], p: Point) {
        let spot = self.geometry.spots[p as usize];
        let stone = cells[p as usize];
        let mut mask = 0u8;
        for (d, &q) in spot.steps.iter().enumerate() {
            mask |= ((cells[q as usize] == stone) as u8) << d;
        }
        // Friendly neighbours in consecutive directions touch, so one point
        // per run of them (a run starts where the previous direction is not
        // friendly) finds every group the stone joins: at most three.
        let previous = ((mask << 1) | (mask >> 5)) & 0x3f;
        let following = ((mask >> 1) | (mask << 5)) & 0x3f;
        let mut runs = if mask == 0x3f { 1 } else { mask & !previous };
        let mut joined = Node {
            sum: spot.base as i32 + (mask & spot.inner).count_ones() as i32
                - (mask & following).count_ones() as i32,
            parent: p,
            size: 1,
            interior: !spot.edge,
        };
        let mut roots = [p; 3];
        let mut count = 0;
        let mut lost = 0;
        while runs != 0 {
            let d = runs.trailing_zeros() as usize;
            runs &= runs - 1;
            let root = self.find(spot.steps[d]);
            if roots[..count].contains(&root) {
                continue;
            }
            roots[count] = root;
            count += 1;
            let node = self.nodes[root as usize];
            lost += value(node.partitions());
            joined.sum += node.sum;
            joined.size += node.size;
            joined.interior &= node.interior;
        }
        // The largest group's root stays the root, so trees stay shallow.
        let keep = roots[..count]
            .iter()
            .copied()
            .max_by_key(|&r| self.nodes[r as usize].size)
            .unwrap_or(p);
        for &root in &roots[..count] {
            self.nodes[root as usize].parent = keep;
        }
        self.nodes[p as usize].parent = keep;
        joined.parent = keep;
        self.nodes[keep as usize] = joined;
        let total = &mut self.totals[stone as usize - 1];
        *total = *total - lost + value(joined.partitions());
    }

    /// Rebuilds every group and both totals from `cells` in one raster pass
    /// (module doc).
    pub fn recount(&mut self, cells: &[u8]) {
        let n = self.geometry.spots.len();
        debug_assert!(cells.len() == n + 1 && cells[n] == PADDING);
        self.roots.resize(n, 0);
        let mut roots = 0;
        // Empty regions are labelled like groups and ignored at the end: a
        // test for emptiness would be a coin toss on a half-full board, and
        // a mispredicted branch costs more than the work it skips. For the
        // same reason the joins are chosen by table, not by branches.
        for (p, (&stone, spot)) in cells.iter().zip(&self.geometry.spots).enumerate() {
            let [w, sw, s] = [spot.steps[WEST], spot.steps[SOUTH_WEST], spot.steps[SOUTH]];
            let mask = (cells[w as usize] == stone) as usize
                | ((cells[sw as usize] == stone) as usize) << 1
                | ((cells[s as usize] == stone) as usize) << 2;
            self.nodes[p] = Node {
                sum: 0,
                parent: p as Point,
                size: 0,
                interior: true,
            };
            self.roots[roots] = p as Point;
            roots += (mask == 0) as usize;
            let mut root = self.root_of_earlier(spot.follow[mask]);
            if mask == 0b101 {
                // West and south without the south-west point between them:
                // two groups until now, perhaps.
                let south = self.find(s);
                root = self.join(root, south);
            }
            self.nodes[p].parent = root;
            let node = &mut self.nodes[root as usize];
            node.sum += spot.share[mask] as i32;
            node.size += 1;
            node.interior &= !spot.edge;
        }
        // Per cell value, empty regions' at 0; added without a branch, which
        // would be a coin toss between regions and groups.
        let mut totals = [0; 3];
        for &r in &self.roots[..roots] {
            let (node, stone) = (self.nodes[r as usize], cells[r as usize]);
            totals[stone as usize] += u64::from(node.parent == r) * value(node.partitions());
        }
        self.totals = [totals[1], totals[2]];
    }

    /// The root of the group of `q`, a point the recount has passed: its
    /// parent was a root when it was passed, and only a join of two groups
    /// met at once (`0b101` above) can have put that root under another
    /// since. So two steps up nearly always end at the root: taken without
    /// a test between them, as a test of each step would be mispredicted
    /// every other time.
    #[inline]
    fn root_of_earlier(&mut self, q: Point) -> Point {
        let parent = self.nodes[q as usize].parent;
        let grand = self.nodes[parent as usize].parent;
        if self.nodes[grand as usize].parent == grand {
            grand
        } else {
            self.find(grand)
        }
    }

    /// Joins two roots' groups in the recount and returns the root kept.
    #[inline]
    fn join(&mut self, a: Point, b: Point) -> Point {
        if a == b {
            return a;
        }
        let (keep, gone) = if a < b { (a, b) } else { (b, a) };
        self.nodes[gone as usize].parent = keep;
        let Node {
            sum,
            size,
            interior,
            ..
        } = self.nodes[gone as usize];
        let node = &mut self.nodes[keep as usize];
        node.sum += sum;
        node.size += size;
        node.interior &= interior;
        keep
    }

    /// The root of the group holding stone `p` (the groups being up to
    /// date).
    #[inline]
    pub fn find(&mut self, mut p: Point) -> Point {
        loop {
            let parent = self.nodes[p as usize].parent;
            if parent == p {
                return p;
            }
            let grand = self.nodes[parent as usize].parent;
            self.nodes[p as usize].parent = grand;
            p = grand;
        }
    }

    /// The partitions of the group whose root is `root` (the groups being up
    /// to date).
    pub fn partitions(&self, root: Point) -> usize {
        self.nodes[root as usize].partitions()
    }
}

/// The partitions of the group holding `p` as lists of points, each list
/// ascending and the lists ordered by their first point; empty when `p` is
/// empty. A plain flood fill: this is a view for people, not a hot path.
pub(super) fn partitions_of(board: &Board, cells: &[u8], p: Point) -> Vec<Vec<Point>> {
    let stone = cells[p as usize];
    if stone == EMPTY {
        return Vec::new();
    }
    let n = board.points();
    let neighbours = |q: Point| board.neighbours(q).iter().copied();
    let mut flood = Flood::new(n);
    flood.fill(p, |q| neighbours(q).filter(|&r| cells[r as usize] == stone));
    let mut parts = Vec::new();
    for start in 0..n as Point {
        let mut part = flood.fill(start, neighbours).to_vec();
        if !part.is_empty() {
            part.sort_unstable();
            parts.push(part);
        }
    }
    parts
}
