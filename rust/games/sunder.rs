//! Sunder (RULES.md §3): make a group whose every cut is at most half the
//! board (less komi for Black, more for White).
//!
//! The win test runs after every placement, so it is incremental. Call a
//! part of the board minus a group *live* when it holds more points than the
//! group's colour may leave in one cut: a group wins once it has no live
//! part. Parts only shrink as a group grows, so a dead part stays dead. Each
//! group root keeps the union of its live parts as a point set, how many
//! they are, and their total size.
//!
//! A placement at `p` merges the groups G1..Gk around it into G. A part of
//! some Gi that does not hold `p` is a part of G unchanged; the parts of the
//! Gi that hold `p` intersect in one connected region P, and the pieces of P
//! minus `p` are G's only new parts. Hence (see `join_groups`):
//! - if `p` lies in a dead part of some Gi, G keeps that Gi's live parts;
//! - otherwise G's live set is the intersection of the Gi's minus `p`, and
//!   only the pieces of P minus `p` need deciding. There is one piece unless
//!   the stone closes a loop (`Ring::closes_loop`); then the pieces are
//!   filled in lockstep from the open arcs around `p` until all but one are
//!   known (`Fills::split`, on [`crate::core::split`]), so the cost is that of the small pieces, which
//!   are usually pockets of a few points. (With a large komi a group may
//!   have several live parts; the size of P is then unknown, and its
//!   pieces are always filled.)
//!
//! `tests` checks every placement of many random games against a naive
//! flood fill.

use std::borrow::Cow;
use std::ops::{Deref, DerefMut, Range};

use super::{Action, Turn};
use crate::board::{Board, Point};
use crate::core::{
    bits, copy_entries, split, Colour, EmptyPoints, Flood, Floods, PointList, Rng, Shared,
    UnionFind, Width, EMPTY,
};
use crate::options::{hex_size, OptionKind, OptionSpec, PIE};

use live_sets::{LiveSets, LiveWidth};
use spots::{spots, Spot, Spots};
pub use widths::Sunder;

/// The key of the outside of the board in [`Ring::closes_loop`]: off-board
/// steps and groups on the edge are all connected through it.
const OUTSIDE: u32 = u32::MAX;

/// The cell value of every entry past the points, where off-board steps
/// lead ([`Width::NONE`] reads the padding): no stone, so a step off the
/// board is never friendly.
const OFF_BOARD: u8 = 3;

/// A Sunder position whose tables are of width `W`, indexed by a point
/// through [`Width::of`].
#[derive(Debug)]
pub(crate) struct Game<W: LiveWidth> {
    board: &'static Board,
    komi_halves: i64,
    /// Per point, what a placement reads of the board there (shared).
    spots: Shared<Spots<W>>,
    /// Per point, then [`OFF_BOARD`] in every other entry, so that a step
    /// off the board reads as a cell and needs no test of its own.
    cells: W::Table<u8>,
    /// The cut limit of each colour (see `cut_limit`).
    limits: [usize; 2],
    groups: UnionFind<W>,
    /// Per group root: the union of the group's live parts, over grid
    /// indices ([`Board::grid_index`]) so that fills can shift whole sets;
    /// after the `N` roots, the whole board.
    live: W::Sets,
    /// The points whose stones started a group, in order. Every group root
    /// is one (a merge keeps an old root), so a copy of the position (a
    /// search makes one per descent) copies only their per-group data.
    started: Vec<Point>,
    /// Per group root: how many live parts the group has (0 for a winner).
    live_parts: W::Table<u16>,
    /// Per group root: the number of points in its live parts.
    live_size: W::Table<u16>,
    /// Per group root: whether the group touches the edge of the board.
    on_edge: W::Table<bool>,
    turn: Turn,
    /// The open points (here every empty point), so a random placement is
    /// O(1).
    open: PointList,
    /// For the cuts view.
    flood: Flood,
    fills: Fills,
}

impl<W: LiveWidth> Clone for Game<W> {
    fn clone(&self) -> Self {
        // Room for every point, so that the copy never allocates.
        let mut started = Vec::with_capacity(self.board.points());
        started.extend_from_slice(&self.started);
        Game {
            board: self.board,
            spots: self.spots,
            komi_halves: self.komi_halves,
            cells: self.cells.clone(),
            limits: self.limits,
            groups: self.groups.clone(),
            live: self.live.clone(),
            started,
            live_parts: self.live_parts.clone(),
            live_size: self.live_size.clone(),
            on_edge: self.on_edge.clone(),
            turn: self.turn,
            open: self.open.clone(),
            flood: Flood::new(self.board.points()),
            fills: self.fills.clone(),
        }
    }

    /// Field by field, reusing the buffers (a playout or a search resets a
    /// position this way again and again). Of the per-group data, only that
    /// of the points that started groups is copied; the whole board's set
    /// depends on the board alone, and the scratch of the cuts view and of
    /// the splits holds nothing between calls: none of them is copied.
    fn clone_from(&mut self, source: &Self) {
        if !std::ptr::eq(self.board, source.board) {
            *self = source.clone();
            return;
        }
        self.komi_halves = source.komi_halves;
        copy_entries(&mut self.cells, &source.cells, source.board.points());
        self.limits = source.limits;
        self.groups.clone_from(&source.groups);
        self.started.clone_from(&source.started);
        for &r in &source.started {
            let r = W::of(r);
            self.live.copy_from(r, &source.live);
            self.live_parts[r] = source.live_parts[r];
            self.live_size[r] = source.live_size[r];
            self.on_edge[r] = source.on_edge[r];
        }
        self.turn = source.turn;
        self.open.clone_from(&source.open);
    }
}

/// The six steps around a placed stone, in cyclic order, as the win test
/// sees them before the stone is placed.
struct Ring<W: Width> {
    /// Bit `d` is set when the step in direction `d` is on the board and
    /// holds no friendly stone.
    open: u8,
    /// Bit `d` is set when the step in direction `d` leaves the board, or
    /// starts a run of friendly stones (see `roots`) of a group on the
    /// edge: all connected through the outside.
    outside: u8,
    /// Per direction starting a run of friendly stones (counted from
    /// direction 0, so a run through directions 5 and 0 starts twice): the
    /// root of its group. The runs of closed steps that [`Ring::closes_loop`]
    /// keys start there or off the board.
    roots: [W::Point; 6],
    /// The distinct friendly groups around the stone (their roots): at
    /// most one per run of friendly stones, so at most three.
    groups: [W::Point; 3],
    count: usize,
}

impl<W: Width> Ring<W> {
    /// Whether the stone closes a loop: whether two of the closed runs
    /// around it (friendly stones or off-board steps, between the open arcs)
    /// are already connected without it, through one group or through the
    /// outside. On the hex grid only then can the part holding the stone
    /// fall apart: a part is cut off exactly by a loop of the group, or a
    /// chain from edge to edge.
    fn closes_loop(&self) -> bool {
        let closed = !self.open & 0x3f;
        // A run starts at a closed direction whose predecessor is open.
        let before = ((closed << 1) | (closed >> 5)) & 0x3f;
        let mut starts = closed & !before;
        if starts & starts.wrapping_sub(1) == 0 {
            return false; // at most one run
        }
        // A run holding an off-board step or an edge group is the outside,
        // so its first step says so; any other run is one group away from
        // the edge. There are two or three runs: no branch on which.
        // OUTSIDE has every bit set, so a key is a root or'd with all ones
        // when the run is the outside: no branch, which would go either way
        // at random.
        let key = |d: u32| {
            let outside = u32::from(self.outside >> d & 1).wrapping_neg() & OUTSIDE;
            let root: u32 = self.roots[(d as usize).min(5)].into();
            root | outside
        };
        let first = starts.trailing_zeros();
        starts &= starts - 1;
        let second = starts.trailing_zeros();
        starts &= starts - 1;
        let third = (starts | 1 << 6).trailing_zeros(); // 6: no third run
        let (a, b, c) = (key(first), key(second), key(third));
        (a == b) | (third < 6) & ((a == c) | (b == c))
    }
}

/// The most pieces a placement can split a part into: one per open arc
/// around the stone, and a hex ring has at most three.
const ARCS: usize = 3;

/// How a part split: how many of its pieces are live, and how many points
/// the dead pieces held.
struct Split {
    live: usize,
    removed: usize,
}

impl Split {
    /// Counts a whole piece of `size` points: live if larger than `limit`,
    /// else dead, its points removed. Returns whether it is dead.
    #[inline]
    fn weigh(&mut self, size: usize, limit: usize) -> bool {
        let dead = size <= limit;
        if dead {
            self.removed += size;
        } else {
            self.live += 1;
        }
        dead
    }
}

impl<W: LiveWidth> Game<W> {
    /// The komi in half points (`komi = 1.5` gives 3).
    pub fn komi_halves(&self) -> i64 {
        self.komi_halves
    }

    /// Ruling (cuts): the largest cut a winning group of `colour` may have.
    fn cut_limit(&self, colour: Colour) -> usize {
        self.limits[colour.index()]
    }

    /// Bit `d` set when the step from `p` in direction `d` holds a stone of
    /// `stone`.
    fn friendly(&self, p: Point, stone: u8) -> u8 {
        let mut friendly = 0;
        for (d, &q) in self.spots[W::of(p)].steps.iter().enumerate() {
            friendly |= u8::from(self.cells[q] == stone) << d;
        }
        friendly
    }

    /// Looks around `p`, where a stone is about to be placed that has the
    /// friendly neighbours `friendly` (at least one).
    fn survey(&mut self, p: Point, friendly: u8) -> Ring<W> {
        let Spot {
            steps,
            off_board: off,
            ..
        } = self.spots[W::of(p)];
        let mut ring = Ring {
            open: !(friendly | off) & 0x3f,
            outside: off,
            roots: [W::NONE; 6],
            groups: [W::NONE; 3],
            count: 0,
        };
        // Neighbouring stones are one group: one find per run of them, at
        // the run's first direction, and nothing for the rest of it.
        let mut starts = friendly & !(friendly << 1);
        debug_assert!(starts != 0, "a friendly neighbour starts a run");
        // The first run's group is new: it needs no comparison.
        let d = starts.trailing_zeros() as usize;
        starts &= starts - 1;
        let root = self.groups.find(steps[d]);
        ring.groups[0] = root;
        ring.count = 1;
        ring.roots[d] = root;
        ring.outside |= u8::from(self.on_edge[root]) << d;
        while starts != 0 {
            let d = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            let root = self.groups.find(steps[d]);
            // Unused entries hold NONE, never a root: comparing all
            // three needs no loop (nor the call it may become).
            let [a, b, c] = ring.groups;
            if (a != root) & (b != root) & (c != root) {
                ring.groups[ring.count] = root;
                ring.count += 1;
            }
            ring.roots[d] = root;
            ring.outside |= u8::from(self.on_edge[root]) << d;
        }
        ring
    }

    /// Places a stone of the mover at `p`, merges its group, and decides the
    /// win (Ruling (cuts), tested on the group of the stone just placed only).
    fn place(&mut self, p: Point) {
        let colour = self.turn.to_move();
        let limit = self.cut_limit(colour);
        // A lone stone or a join, decided once: the survey's loop and the
        // choice of body would each test it again, and it goes either way
        // at random.
        let friendly = self.friendly(p, colour.stone());
        // The survey reads groups, not cells: the stone goes down first.
        self.cells[W::of(p)] = colour.stone();
        self.open.remove(p);
        let live_parts = if friendly == 0 {
            self.start_group(p, limit)
        } else {
            let ring = self.survey(p, friendly);
            // One body per number of groups, so that the loops over them
            // unroll and their lengths cost no mispredicted branch.
            let g = ring.groups;
            match ring.count {
                1 => self.join_groups(p, &ring, [g[0]], limit),
                2 => self.join_groups(p, &ring, [g[0], g[1]], limit),
                _ => self.join_groups(p, &ring, g, limit),
            }
        };
        if live_parts == 0 {
            self.turn.end(Some(colour));
        } else if self.open.is_empty() {
            // A full board with no winner: possible only with komi.
            self.turn.end(None);
        }
    }

    /// A stone with no friendly neighbour: its one part is the board minus
    /// the stone (connected: no single point cuts the hexagon). Returns the
    /// number of live parts.
    fn start_group(&mut self, p: Point, limit: usize) -> usize {
        let rest = self.board.points() - 1;
        let spot = self.spots[W::of(p)];
        self.on_edge[W::of(p)] = spot.on_edge;
        self.started.push(p);
        if rest > limit {
            let board = W::of(self.board.points() as Point);
            self.live.copy(W::of(p), board);
            bits::remove(self.live.get_mut(W::of(p)), spot.grid());
            self.record(W::of(p), 1, rest);
            1
        } else {
            self.live.get_mut(W::of(p)).fill(0);
            self.record(W::of(p), 0, 0);
            0
        }
    }

    /// Merges the stone at `p` with the friendly groups around it (`roots`,
    /// those of `ring`) and works out the live parts of the new group.
    /// Returns their number.
    #[inline(always)]
    fn join_groups<const K: usize>(
        &mut self,
        p: Point,
        ring: &Ring<W>,
        roots: [W::Point; K],
        limit: usize,
    ) -> usize {
        // The stone joins last, so that the root is an old one and its set
        // can be updated in place.
        let mut root = roots[0];
        let spot = self.spots[W::of(p)];
        let mut on_edge = spot.on_edge;
        for &r in &roots {
            on_edge |= self.on_edge[r];
            root = self.groups.union_roots(root, r);
        }
        self.groups.attach(W::of(p), root);
        self.on_edge[root] = on_edge;
        let at = spot.grid();

        // `p` in a dead part of some Gi: that part holds every other Gj, so
        // G's parts outside it are that Gi's other parts, all unchanged.
        if let Some(&m) = roots
            .iter()
            .find(|&&r| !bits::contains(self.live.get(r), at))
        {
            if root != m {
                self.live.copy(root, m);
            }
            let (parts, size) = (self.live_parts[m], self.live_size[m]);
            self.record(root, parts as usize, size as usize);
            return parts as usize;
        }

        // `p` in a live part Pi of every Gi: G keeps the Gi's other live
        // parts (`carried`) and gains the live pieces of P minus `p`.
        let mut carried = 0;
        let mut size_sum = 0;
        for &r in &roots {
            if r != root {
                self.live.intersect(root, r);
            }
            carried += usize::from(self.live_parts[r]) - 1;
            size_sum += usize::from(self.live_size[r]);
        }
        let set = self.live.get_mut(root);
        bits::remove(set, at);
        // With one live part each, Pi is all of Gi's live set. Every point
        // off the Gi is in P or in exactly one Gi's part without `p`, which
        // gives |P| = sum |Pi| - (k - 1) N; `total` is |P| less `p`.
        let n = self.board.points();
        let total = (carried == 0).then(|| size_sum + n - K * n - 1);
        let split = match total {
            Some(total) if !ring.closes_loop() => {
                if total > limit {
                    Split {
                        live: 1,
                        removed: 0,
                    }
                } else {
                    set.fill(0);
                    Split {
                        live: 0,
                        removed: total,
                    }
                }
            }
            _ => self
                .fills
                .split(self.board, p, ring.open, set, total, limit),
        };
        let parts = carried + split.live;
        let size = match total {
            Some(total) => total - split.removed,
            None => bits::len(self.live.get(root)),
        };
        self.record(root, parts, size);
        parts
    }

    /// Stores a group's live-part count and size.
    fn record(&mut self, root: W::Point, parts: usize, size: usize) {
        self.live_parts[root] = parts as u16;
        self.live_size[root] = size as u16;
    }

    /// The group holding the stone at `p` and the parts of the board minus
    /// it (the group's cuts that matter, RULES.md §3), largest first; `None`
    /// when `p` is empty.
    pub fn cuts(&mut self, p: Point) -> Option<Cuts> {
        let stone = self.cells[W::of(p)];
        if stone == EMPTY {
            return None;
        }
        let (board, cells) = (self.board, &self.cells);
        let neighbours = |q: Point| board.neighbours(q).iter().copied();
        self.flood.clear();
        let mut group = self
            .flood
            .fill(p, |q| neighbours(q).filter(|&r| cells[W::of(r)] == stone))
            .to_vec();
        let mut parts: Vec<Vec<Point>> = Vec::new();
        for start in 0..board.points() as Point {
            let part = self.flood.fill(start, neighbours);
            if !part.is_empty() {
                parts.push(part.to_vec());
            }
        }
        parts.sort_by_key(|part| std::cmp::Reverse(part.len()));
        group.sort_unstable();
        for part in &mut parts {
            part.sort_unstable();
        }
        Some(Cuts { group, parts })
    }
}

/// A group and its cuts: the parts of the board minus the group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cuts {
    /// The group's points, in point order.
    pub group: Vec<Point>,
    /// The parts of the board minus the group, largest first, each in
    /// point order.
    pub parts: Vec<Vec<Point>>,
}

/// Scratch for splitting the part that held a new stone into its pieces:
/// one grid bit set per fill, and the words each may use.
#[derive(Debug)]
struct Fills {
    sets: [Vec<u64>; ARCS],
    words: [Range<usize>; ARCS],
}

impl Clone for Fills {
    fn clone(&self) -> Self {
        Fills::new(self.sets[0].len())
    }

    /// Scratch holds nothing between placements: only the sizes matter.
    fn clone_from(&mut self, source: &Self) {
        if self.sets[0].len() != source.sets[0].len() {
            *self = source.clone();
        }
    }
}

impl Fills {
    fn new(words: usize) -> Self {
        Fills {
            sets: std::array::from_fn(|_| vec![0; words]),
            words: std::array::from_fn(|_| 0..0),
        }
    }

    /// Splits the part around `p` (just taken out of `region`, a group's
    /// live set) into its pieces and takes the dead ones out of `region`.
    ///
    /// One fill starts from each open arc around `p` (`open`, as in
    /// [`Ring`]), and all grow a sweep per round, joining when they meet
    /// (see [`crate::core::split`]), so the work is bounded by the smaller
    /// pieces: when `total` (the size of the part minus `p`) is known and
    /// every piece found whole is dead, the one still growing is sized by
    /// subtraction; otherwise it is filled to the end.
    ///
    /// Out of line: a few placements in a hundred split a part, and the
    /// placement path runs faster without this body inlined into it.
    #[cold]
    #[inline(never)]
    fn split(
        &mut self,
        board: &Board,
        p: Point,
        open: u8,
        region: &mut [u64],
        total: Option<usize>,
        limit: usize,
    ) -> Split {
        // Sides 5 to 11 (grid widths 9 to 21, 2 to 7 words) get fills
        // held by value, swept whole with every loop unrolled and every
        // shift by a constant: the word-range bookkeeping of the general
        // fills costs more there than the words it skips.
        match board.grid_width() {
            9 => return WordFills::<2, 9>::split(board, p, open, region, total, limit),
            11 => return WordFills::<2, 11>::split(board, p, open, region, total, limit),
            13 => return WordFills::<3, 13>::split(board, p, open, region, total, limit),
            15 => return WordFills::<4, 15>::split(board, p, open, region, total, limit),
            17 => return WordFills::<5, 17>::split(board, p, open, region, total, limit),
            19 => return WordFills::<6, 19>::split(board, p, open, region, total, limit),
            21 => return WordFills::<7, 21>::split(board, p, open, region, total, limit),
            _ => {}
        }
        let mut fills = 0;
        for arc in open_arcs(open) {
            self.seed(fills, board, p, arc);
            fills += 1;
        }
        let mut floods = HexFloods {
            fills: self,
            within: region,
            width: board.grid_width(),
        };
        settle(&mut floods, fills, total, limit)
    }

    /// How many points fill `i` holds.
    fn size(&self, i: usize) -> usize {
        bits::len(&self.sets[i][self.words[i].clone()])
    }

    /// Starts fill `i` from the steps around `p` in the directions `arc`.
    fn seed(&mut self, i: usize, board: &Board, p: Point, arc: u8) {
        // Only the words a fill used can hold members.
        let set = &mut self.sets[i];
        set[self.words[i].clone()].fill(0);
        let (mut first, mut last) = (usize::MAX, 0);
        for at in arc_cells(board, p, arc) {
            bits::insert(set, at);
            first = first.min(at / 64);
            last = last.max(at / 64 + 1);
        }
        self.words[i] = first..last;
    }
}

/// The grid indices of the steps around `p` in the directions `arc`: the
/// seeds of a fill.
fn arc_cells(board: &Board, p: Point, arc: u8) -> impl Iterator<Item = usize> + '_ {
    let mut rest = arc;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            board.grid_index(board.adjacency().step(p, d))
        })
    })
}

/// The fills of one split, grown within the part being split, on the hex
/// grid of width `width`.
struct HexFloods<'a> {
    fills: &'a mut Fills,
    within: &'a mut [u64],
    width: usize,
}

impl PieceSets for HexFloods<'_> {
    fn size(&self, i: usize) -> usize {
        self.fills.size(i)
    }

    fn take_out(&mut self, i: usize) {
        let words = self.fills.words[i].clone();
        bits::subtract(&mut self.within[words.clone()], &self.fills.sets[i][words]);
    }

    fn clear(&mut self) {
        self.within.fill(0);
    }
}

impl Floods for HexFloods<'_> {
    fn grow(&mut self, i: usize) -> bool {
        let fills = &mut *self.fills;
        let words = fills.words[i].clone();
        match bits::grow_hex(&mut fills.sets[i], self.within, self.width, words) {
            Some(words) => {
                fills.words[i] = words;
                true
            }
            None => false,
        }
    }

    fn met(&mut self, i: usize, j: usize) -> bool {
        let (wi, wj) = (&self.fills.words[i], &self.fills.words[j]);
        let shared = wi.start.max(wj.start)..wi.end.min(wj.end);
        !shared.is_empty()
            && bits::meet(
                &self.fills.sets[i][shared.clone()],
                &self.fills.sets[j][shared],
            )
    }

    /// Moves `from`'s points into `into`.
    fn join(&mut self, into: usize, from: usize) {
        let fills = &mut *self.fills;
        let (wi, wj) = (fills.words[into].clone(), fills.words[from].clone());
        let (low, high) = fills.sets.split_at_mut(into.max(from));
        let (to, source) = if into < from {
            (&mut low[into], &high[0])
        } else {
            (&mut high[0], &low[from])
        };
        bits::union_with(&mut to[wj.clone()], &source[wj.clone()]);
        fills.words[into] = wi.start.min(wj.start)..wi.end.max(wj.end);
    }
}

/// The fills of one split, and what becomes of their pieces, beyond
/// growing them.
trait PieceSets: Floods {
    /// How many points fill `i` holds.
    fn size(&self, i: usize) -> usize;

    /// Takes fill `i`'s points out of the part being split.
    fn take_out(&mut self, i: usize);

    /// Takes every point out of the part being split.
    fn clear(&mut self);
}

/// Grows the `fills` seeded fills of a split (see [`Fills::split`]) and
/// takes the dead pieces out of the part.
#[inline(always)]
fn settle(floods: &mut impl PieceSets, fills: usize, total: Option<usize>, limit: usize) -> Split {
    let pieces = split(floods, fills);
    let mut dead = [false; ARCS];
    let mut outcome = Split {
        live: 0,
        removed: 0,
    };
    for (i, _) in pieces.iter().filter(|&(_, grows)| !grows) {
        dead[i] = outcome.weigh(floods.size(i), limit);
    }
    if let Some(last) = pieces.growing() {
        match total {
            Some(total) if outcome.live == 0 => {
                // Every other piece is whole and dead: the last one is
                // the rest of the part.
                if total - outcome.removed <= limit {
                    floods.clear();
                    return Split {
                        live: 0,
                        removed: total,
                    };
                }
                outcome.live += 1;
            }
            _ => {
                while floods.grow(last) {}
                dead[last] = outcome.weigh(floods.size(last), limit);
            }
        }
    }
    for i in (0..fills).filter(|&i| dead[i]) {
        floods.take_out(i);
    }
    outcome
}

/// The fills of one split on a board of `W` words and grid width `WIDTH`,
/// held by value and swept whole, within the part being split.
struct WordFills<'a, const W: usize, const WIDTH: usize> {
    sets: [[u64; W]; ARCS],
    /// The union of the fills: a fill reaching one of its points meets
    /// another, so that fills that did not are never compared (they
    /// seldom meet).
    reached: [u64; W],
    /// Whether a fill reached another's point since the last check.
    met: bool,
    within: &'a mut [u64; W],
}

impl<const W: usize, const WIDTH: usize> WordFills<'_, W, WIDTH> {
    /// [`Fills::split`] of a `region` of `W` words.
    #[inline(always)]
    fn split(
        board: &Board,
        p: Point,
        open: u8,
        region: &mut [u64],
        total: Option<usize>,
        limit: usize,
    ) -> Split {
        // The dispatch pairs each width with its word count by hand.
        const { assert!(W == bits::words_for(WIDTH * WIDTH)) };
        // A narrow set holds more words than small grids use.
        let within = (&mut region[..W]).try_into().expect("a region of W words");
        let mut floods = WordFills::<W, WIDTH> {
            sets: [[0; W]; ARCS],
            reached: [0; W],
            met: false,
            within,
        };
        let mut fills = 0;
        for arc in open_arcs(open) {
            for at in arc_cells(board, p, arc) {
                bits::insert(&mut floods.sets[fills], at);
            }
            fills += 1;
        }
        for set in &floods.sets[..fills] {
            for (r, w) in floods.reached.iter_mut().zip(set) {
                *r |= w;
            }
        }
        settle(&mut floods, fills, total, limit)
    }
}

impl<const W: usize, const WIDTH: usize> Floods for WordFills<'_, W, WIDTH> {
    /// [`bits::grow_hex`] over all `W` words.
    #[inline(always)]
    fn grow(&mut self, i: usize) -> bool {
        let set = &mut self.sets[i];
        let mut before = 0;
        let mut grew = 0;
        let mut met = 0;
        for k in 0..W {
            let x = set[k];
            let after = if k + 1 < W { set[k + 1] } else { 0 };
            let grown = bits::grow_hex_word(x, before, after, WIDTH) & self.within[k];
            let new = grown ^ x;
            grew |= new;
            met |= new & self.reached[k];
            self.reached[k] |= new;
            set[k] = grown;
            before = grown;
        }
        self.met |= met != 0;
        grew != 0
    }

    #[inline(always)]
    fn may_have_met(&mut self) -> bool {
        std::mem::take(&mut self.met)
    }

    #[inline(always)]
    fn met(&mut self, i: usize, j: usize) -> bool {
        bits::meet(&self.sets[i], &self.sets[j])
    }

    #[inline(always)]
    fn join(&mut self, into: usize, from: usize) {
        let source = self.sets[from];
        bits::union_with(&mut self.sets[into], &source);
    }
}

impl<const W: usize, const WIDTH: usize> PieceSets for WordFills<'_, W, WIDTH> {
    #[inline(always)]
    fn size(&self, i: usize) -> usize {
        bits::len(&self.sets[i])
    }

    #[inline(always)]
    fn take_out(&mut self, i: usize) {
        bits::subtract(self.within, &self.sets[i]);
    }

    fn clear(&mut self) {
        self.within.fill(0);
    }
}

/// The open arcs of a ring: the maximal runs of open directions, cyclically,
/// each as a mask of directions.
fn open_arcs(open: u8) -> impl Iterator<Item = u8> {
    let mut arcs = [0u8; ARCS];
    let mut count = 0;
    if open == 0x3f {
        arcs[0] = open;
        count = 1;
    } else if open != 0 {
        // Turn the ring so that it starts just after a closed direction:
        // then no arc wraps round, and each is a run of bits.
        let turn = (!open & 0x3f).trailing_zeros() + 1;
        let ring = u32::from(open);
        let turned = (ring >> turn | ring << (6 - turn)) & 0x3f;
        let mut starts = turned & !(turned << 1);
        while starts != 0 {
            let start = starts.trailing_zeros();
            starts &= starts - 1;
            let run = ((1 << (!(turned >> start)).trailing_zeros()) - 1) << start;
            arcs[count] = ((run << turn | run >> (6 - turn)) & 0x3f) as u8;
            count += 1;
        }
    }
    arcs.into_iter().take(count)
}

/// Ruling (cuts): the largest cut a winning group of `colour` may have on
/// a board of `n` points. Black needs every cut to be at most `N/2 - k`,
/// White at most `N/2 + k`; in half points so that an odd `N` and a
/// half-point komi stay exact.
fn cut_limit(n: usize, komi_halves: i64, colour: Colour) -> usize {
    let doubled = match colour {
        Colour::Black => n as i64 - komi_halves,
        Colour::White => n as i64 + komi_halves,
    };
    (doubled.max(0) / 2) as usize
}

/// Sunder's options (RULES.md §3).
pub const OPTIONS: &[OptionSpec] = &[SIZE, KOMI, PIE];

const SIZE: OptionSpec = hex_size(7);

// |komi| < N/2, and N is at most 1801 (side 25): the game checks
// the bound of its own size.
const KOMI: OptionSpec = OptionSpec {
    name: "komi",
    kind: OptionKind::Halves {
        default: 0,
        min: -1800,
        max: 1800,
    },
    doc: "White's advantage, less than N/2 either way: Black needs every cut \
          at most N/2 - komi, White N/2 + komi",
};

impl<W: LiveWidth> Game<W> {
    /// The start position on `board` (`komi_halves` checked by the caller).
    fn start(board: &'static Board, komi_halves: i64, pie: bool) -> Game<W> {
        let n = board.points();
        let grid = board.grid_width() * board.grid_width();
        let mut cells = W::table(OFF_BOARD);
        cells.deref_mut()[..n].fill(EMPTY);
        Game {
            board,
            spots: spots::<W>(board),
            komi_halves,
            cells,
            limits: [Colour::Black, Colour::White].map(|c| cut_limit(n, komi_halves, c)),
            groups: UnionFind::new(n),
            live: W::Sets::new(board),
            started: Vec::with_capacity(n),
            live_parts: W::table(0),
            live_size: W::table(0),
            on_edge: W::table(false),
            turn: Turn::new(pie),
            open: PointList::full(n),
            flood: Flood::new(n),
            fills: Fills::new(bits::words_for(grid)),
        }
    }

    /// One entry per point.
    fn cells(&self) -> &[u8] {
        &self.cells.deref()[..self.board.points()]
    }

    fn is_terminal(&self) -> bool {
        self.turn.is_over()
    }

    /// The legal actions: the empty points, and the swap while it is on
    /// offer.
    fn empty_points(&self) -> EmptyPoints<'_> {
        EmptyPoints {
            cells: self.cells(),
            in_play: !self.is_terminal(),
            extra: self.turn.swap_available(),
        }
    }

    fn check_in_play(&mut self, action: Action) -> Result<(), Cow<'static, str>> {
        if (action as usize) < self.board.points() {
            if self.cells[W::of(action)] != EMPTY {
                return Err("the point is occupied".into());
            }
        } else {
            self.turn.check_swap()?;
        }
        Ok(())
    }

    fn apply_unchecked(&mut self, action: Action) {
        if (action as usize) < self.board.points() {
            self.place(action);
            self.turn.end_turn();
        } else {
            self.turn.swap();
        }
    }

    fn random_action(&mut self, rng: &mut Rng) -> Option<Action> {
        // Every empty point is legal and swap is always declined (RULES.md §8).
        if self.is_terminal() {
            return None;
        }
        Some(self.open[rng.below(self.open.len())])
    }
}

mod live_sets;
mod setup;
mod spots;
#[cfg(test)]
mod tests;
mod widths;
