//! Counting every group's partitions at once, in one pass over the board,
//! from local counts alone (Euler's formula).
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
//! Every term is local, so one raster pass of connected-component labelling
//! (union-find over the points, each stone looking only at its three
//! neighbours earlier in point order) sums it for every group at once. Each
//! edge and triangle inside a group is counted at its last point in point
//! order, so a stone's share of the sum depends only on which of those three
//! neighbours share its colour: a table of 8 entries per point, built once
//! per board side.

use std::sync::OnceLock;

use crate::board::{Board, Point, NO_POINT};
use crate::core::EMPTY;

/// The cell value of the padding point `N`, which stands in for "off the
/// board" in the tables: no stone matches it.
pub(super) const PADDING: u8 = 3;

/// What the counting pass needs to know of one point, kept together so one
/// lookup (and one bounds check) fetches it.
#[derive(Clone, Copy, Debug)]
struct Spot {
    /// The neighbours earlier in point order, `(c-1, r)`, `(c-1, r-1)` and
    /// `(c, r-1)`, or the padding point `N` off the board.
    back: [Point; 3],
    /// Per subset of `back` holding stones of the point's colour: the point
    /// whose group the point joins (itself when the subset is empty). With
    /// the south-west stone, west and south (when friendly) are in its group
    /// already, as they touch it and were counted after it.
    follow: [Point; 8],
    /// Per subset of `back` (bit 0 west, 1 south-west, 2 south) holding
    /// stones of the point's colour: the point's share of its group's sum
    /// `Σ (deg - tri - 1) + inner edges - inner triangles`.
    share: [i8; 8],
    /// Whether it is an edge point.
    edge: bool,
}

/// Per-side tables for the counting pass.
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
        let on = |q: Point| q != NO_POINT;
        let spots = (0..n)
            .map(|p| {
                let (c, r) = board.coords(p);
                let (c, r) = (c as i32, r as i32);
                let at = |dc: i32, dr: i32| board.at(c + dc, r + dr).unwrap_or(NO_POINT);
                let back = [at(-1, 0), at(-1, -1), at(0, -1)];
                // Triangles at `p`: two consecutive directions both on the board.
                let steps = adjacency.steps(p);
                let triangles = (0..6)
                    .filter(|&d| on(steps[d]) && on(steps[(d + 1) % 6]))
                    .count() as i8;
                let base = board.neighbours(p).len() as i8 - triangles - 1;
                // An edge lies on two triangles when both points adjacent to
                // both its ends are on the board.
                let inner_edge = |q: Point| {
                    let common = board
                        .neighbours(q)
                        .iter()
                        .filter(|x| board.neighbours(p).contains(x))
                        .count();
                    (common == 2) as i8
                };
                let mut share = [0i8; 8];
                for (mask, slot) in share.iter_mut().enumerate() {
                    let has = |bit: usize| mask & (1 << bit) != 0;
                    let mut value = base;
                    for (bit, &q) in back.iter().enumerate() {
                        // Off-board neighbours never match a stone: such
                        // entries are never read.
                        if has(bit) && on(q) {
                            value += inner_edge(q);
                        }
                    }
                    // The triangles whose last point is `p`: (p, sw, s) and
                    // (p, sw, w).
                    value -= (has(1) && has(2)) as i8 + (has(1) && has(0)) as i8;
                    *slot = value;
                }
                let back = back.map(|q| if on(q) { q } else { n });
                let [w, sw, s] = back;
                let follow = [p, w, sw, sw, s, w, sw, sw];
                Spot {
                    back,
                    follow,
                    share,
                    edge: board.is_edge(p),
                }
            })
            .collect();
        Geometry { spots }
    }
}

/// A union-find node: a point's parent, and for a root its group's running
/// sum of shares and whether the group holds no edge point.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    parent: Point,
    interior: bool,
    sum: i32,
}

/// Scratch and results of one counting pass. Buffers keep their capacity
/// across passes, so a pass allocates nothing once they have grown.
#[derive(Debug, Default, Clone)]
pub(super) struct Partitions {
    /// Union-find over the points of the last pass (empty regions too).
    nodes: Vec<Node>,
    /// Every point that was a root at some time in the pass, in point
    /// order; the ones still roots are the groups and regions.
    roots: Vec<Point>,
}

impl Partitions {
    /// Ruling (partitions): the partitions of a group are the connected
    /// components of the board minus the group, empty points and stones of
    /// either colour alike; a group that separates nothing has one partition.
    ///
    /// Counts them for every group of `cells` (`N` points, then the padding
    /// point) at once, see the module doc; read the results with
    /// [`Partitions::groups`]. A group covering the whole board leaves
    /// nothing, and gets the one partition of a group that separates nothing.
    pub fn count(&mut self, geometry: &Geometry, cells: &[u8]) {
        let n = geometry.spots.len();
        debug_assert!(cells.len() == n + 1 && cells[n] == PADDING);
        self.nodes.resize(n, Node::default());
        self.roots.resize(n, 0);
        let mut roots = 0;
        // Empty regions are labelled like groups and ignored at the end: a
        // test for emptiness would be a coin toss on a half-full board, and
        // a mispredicted branch costs more than the work it skips. For the
        // same reason the joins are chosen by table, not by branches.
        for (p, (&stone, spot)) in cells.iter().zip(&geometry.spots).enumerate() {
            let [w, sw, s] = spot.back;
            let mask = (cells[w as usize] == stone) as usize
                | ((cells[sw as usize] == stone) as usize) << 1
                | ((cells[s as usize] == stone) as usize) << 2;
            self.nodes[p] = Node {
                parent: p as Point,
                interior: true,
                sum: 0,
            };
            self.roots[roots] = p as Point;
            roots += (mask == 0) as usize;
            let mut root = self.find(spot.follow[mask]);
            if mask == 0b101 {
                // West and south without the south-west point between them:
                // two groups until now, perhaps.
                let south = self.find(s);
                root = self.join(root, south);
            }
            self.nodes[p].parent = root;
            let node = &mut self.nodes[root as usize];
            node.sum += spot.share[mask] as i32;
            node.interior &= !spot.edge;
        }
        self.roots.truncate(roots);
    }

    #[inline]
    fn find(&mut self, mut p: Point) -> Point {
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

    /// Joins two roots' groups and returns the root kept (the earlier one).
    #[inline]
    fn join(&mut self, a: Point, b: Point) -> Point {
        if a == b {
            return a;
        }
        let (keep, gone) = if a < b { (a, b) } else { (b, a) };
        self.nodes[gone as usize].parent = keep;
        let Node { sum, interior, .. } = self.nodes[gone as usize];
        let node = &mut self.nodes[keep as usize];
        node.sum += sum;
        node.interior &= interior;
        keep
    }

    /// The groups of the last [`Partitions::count`] over `cells`: each
    /// one's root point and number of partitions.
    pub fn groups<'a>(&'a self, cells: &'a [u8]) -> impl Iterator<Item = (Point, usize)> + 'a {
        let live = move |r: Point| self.nodes[r as usize].parent == r && cells[r as usize] != EMPTY;
        self.roots.iter().filter(move |&&r| live(r)).map(|&r| {
            let node = self.nodes[r as usize];
            let parts = 1 + node.sum + node.interior as i32;
            (r, parts.max(1) as usize)
        })
    }

    /// The root of the group holding stone `p` in the last pass.
    pub fn group_of(&mut self, p: Point) -> Point {
        self.find(p)
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
    let mut seen = vec![false; n];
    let mut todo = vec![p];
    seen[p as usize] = true;
    while let Some(q) = todo.pop() {
        for &r in board.neighbours(q) {
            if cells[r as usize] == stone && !seen[r as usize] {
                seen[r as usize] = true;
                todo.push(r);
            }
        }
    }
    let mut parts = Vec::new();
    for start in 0..n as Point {
        if seen[start as usize] {
            continue;
        }
        seen[start as usize] = true;
        let mut part = vec![start];
        let mut i = 0;
        while i < part.len() {
            for &r in board.neighbours(part[i]) {
                if !seen[r as usize] {
                    seen[r as usize] = true;
                    part.push(r);
                }
            }
            i += 1;
        }
        part.sort_unstable();
        parts.push(part);
    }
    parts
}
