//! Lines of sight: per point and direction, the first point met that is not
//! empty, kept for empty points and stones alike, with six-bit masks of what
//! each line gives, and the walks that keep them as stones are placed and
//! flipped.
//!
//! Directions are numbered as the board's (`d + 3` is the opposite of `d`),
//! and a mask has bit `d` for direction `d`. The masks are what the judging
//! of a candidate reads ([`super::judge`]): for an empty point, in which
//! directions the first stone met is black, and white (the other directions
//! leave the board); for a stone, which of its rays are *live* (they hold an
//! empty point and leave the board or end at a stone of its colour, the
//! lines of sight of RULES.md §6) and which of them leave the board; and for
//! every point, in which directions its neighbour is empty, which is when its
//! ray there holds an empty point.
//!
//! The two colour masks of a point share one `u16` (a byte per colour, see
//! [`shift`]), and so do a stone's live rays and rays to the edge: a walk
//! that recolours what a point sees, or a cut of a ray through a candidate,
//! rewrites one entry, not two. The walks are written once per direction
//! with the direction a constant, so each bit they set is one too.

use super::Engine;
use crate::board::{Board, Point};
use crate::core::{copy_entries, shared, Colour, Shared, Width};

/// The six hex directions; direction `d + 3` is the opposite of `d`.
pub(super) const DIRECTIONS: usize = 6;

/// Every direction, as a mask.
pub(super) const ALL: u8 = 0x3F;

/// Where the byte of a colour (by index) sits in a pair of masks: black's
/// is the low byte, white's the high one.
#[inline]
pub(super) fn shift(colour: usize) -> u32 {
    8 * colour as u32
}

/// In a stone's entry of [`Sight::rays`], its rays to the edge sit past its
/// live rays.
pub(super) const EDGE_SHIFT: u32 = 8;

/// Bit `d` of both bytes of a pair of masks.
#[inline]
pub(super) const fn both(d: usize) -> u16 {
    0x101 << d
}

/// Per point, its six sight entries, padded with the edge ([`Width::NONE`],
/// which stands for the line leaving the board with no stone met) to eight:
/// a direction read off a mask's trailing zeros (below 8) then indexes a row
/// without a bounds check.
pub(super) type Row<W> = [<W as Width>::Point; 8];

/// A row with every entry the edge.
pub(super) fn edge_row<W: Width>() -> Row<W> {
    [W::NONE; 8]
}

/// The direction opposite `d` (`d < 6`), in a form the compiler can bound
/// without a division.
#[inline]
pub(super) const fn opposite(d: usize) -> usize {
    if d < 3 {
        d + 3
    } else {
        d - 3
    }
}

/// A mask with each direction exchanged for its opposite.
#[inline]
pub(super) fn reversed(mask: u8) -> u8 {
    ((mask << 3) | (mask >> 3)) & ALL
}

/// The sight tables of a position, per point of width `W` (the padding
/// past the board's points reads as nothing: no open neighbour, no colour,
/// no ray).
#[derive(Debug, PartialEq)]
pub(super) struct Sight<W: Width> {
    /// The board's points: the tables past them are padding.
    points: usize,
    /// Per point, the first point met in each direction that is not empty:
    /// a stone, or the edge ([`Width::NONE`]). The padding row that the
    /// edge reads is the sink that writes about the edge go to, put back
    /// after each walk.
    pub(super) first: W::Table<Row<W>>,
    /// Per point: the directions whose neighbour is an empty point.
    pub(super) open: W::Table<u8>,
    /// Per empty point, in the byte of each colour (see [`shift`]): the
    /// directions in which the first stone met is of that colour. Zero for
    /// stones.
    pub(super) seen: W::Table<u16>,
    /// Per stone: its live rays, those that hold an empty point and leave the
    /// board or end at a stone of its colour, in the low byte, and past
    /// [`EDGE_SHIFT`] those of them that leave the board. Zero for empty
    /// points.
    pub(super) rays: W::Table<u16>,
}

impl<W: Width> Clone for Sight<W> {
    fn clone(&self) -> Self {
        Sight {
            points: self.points,
            first: self.first.clone(),
            open: self.open.clone(),
            seen: self.seen.clone(),
            rays: self.rays.clone(),
        }
    }

    /// Copies only the entries of the points (of the larger board, when the
    /// two differ): the padding is the same in every table.
    fn clone_from(&mut self, source: &Self) {
        let n = self.points.max(source.points);
        self.points = source.points;
        copy_entries(&mut self.first, &source.first, n);
        copy_entries(&mut self.open, &source.open, n);
        copy_entries(&mut self.seen, &source.seen, n);
        copy_entries(&mut self.rays, &source.rays, n);
    }
}

impl<W: Width> Sight<W> {
    /// The tables of the empty board: every line leaves the board, and
    /// every neighbour is empty.
    pub(super) fn empty(board: &Board) -> Self {
        let adjacency = board.adjacency();
        let mut open = W::table(0);
        for q in 0..board.points() as Point {
            open[W::of(q)] = ALL & !adjacency.off_board(q);
        }
        Sight {
            points: board.points(),
            first: W::table(edge_row::<W>()),
            open,
            seen: W::table(0),
            rays: W::table(0),
        }
    }

    /// The directions in which the empty point `q` sees a stone of
    /// `colour` (by index) first.
    #[inline]
    pub(super) fn seen_of(&self, q: W::Point, colour: usize) -> u8 {
        (self.seen[q] >> shift(colour)) as u8 & ALL
    }

    /// The live rays of the stone at the entry `s` (none for the edge).
    #[inline]
    pub(super) fn live(&self, s: W::Point) -> u8 {
        self.rays[s] as u8
    }

    /// The live rays to the edge of the stone at the entry `s`.
    #[inline]
    pub(super) fn edge(&self, s: W::Point) -> u8 {
        (self.rays[s] >> EDGE_SHIFT) as u8
    }

    /// Every entry of the tables for the board's points and the padding
    /// entry the edge reads, in one list (to compare tables in tests).
    #[cfg(test)]
    pub(super) fn entries(&self) -> Vec<u32> {
        let mut slots: Vec<W::Point> = (0..self.points as u32).map(W::point).collect();
        slots.push(W::NONE);
        let mut entries = Vec::new();
        for q in slots {
            entries.extend(self.first[q].iter().map(|&t| Into::<u32>::into(t)));
            entries.push(self.open[q].into());
            entries.push(self.seen[q].into());
            entries.push(self.rays[q].into());
        }
        entries
    }
}

/// Per point of a hex board, its neighbour in each direction (the edge off
/// the board), padded like the other tables (the padding's are all the
/// edge), so that a walk steps without a bounds check.
pub(super) type Steps<W> = <W as Width>::Table<Row<W>>;

/// The step table of `board`, a hex board, built once and shared by its
/// positions.
pub(super) fn steps<W: Width>(board: &'static Board) -> Shared<Steps<W>> {
    shared(board, |board| {
        let adjacency = board.adjacency();
        let mut steps = W::table(edge_row::<W>());
        for p in 0..board.points() as Point {
            for (d, &q) in adjacency.steps(p).iter().enumerate() {
                steps[W::of(p)][d] = W::of(q);
            }
        }
        steps
    })
}

/// The empty points from `q` on in direction `D`, up to `end`, now see
/// `from` first the other way, in the colour whose bit `sees` is.
#[inline(always)]
fn see_along<W: Width, const D: usize>(
    first: &mut W::Table<Row<W>>,
    seen: &mut W::Table<u16>,
    steps: &Steps<W>,
    from: W::Point,
    mut q: W::Point,
    end: W::Point,
    sees: u16,
) {
    let back = opposite(D);
    // The walk stops at the end, or off the board when there is none.
    while q != end {
        first[q][back] = from;
        let entry = &mut seen[q];
        *entry = (*entry & !both(back)) | sees;
        q = steps[q][D];
    }
}

/// The empty points from `q` on in direction `D`, up to `end`, see the stone
/// the other way in the other colour.
#[inline(always)]
fn recolour_along<W: Width, const D: usize>(
    seen: &mut W::Table<u16>,
    steps: &Steps<W>,
    mut q: W::Point,
    end: W::Point,
) {
    while q != end {
        seen[q] ^= both(opposite(D));
        q = steps[q][D];
    }
}

impl<W: Width> Sight<W> {
    /// Direction `D` of a placement on `p` (its row of `first` as it stood,
    /// `ends`) of a stone whose colour's byte of a pair of masks is `colour`
    /// (see [`shift`]): the empty points up to the end see `p` in that
    /// colour, the neighbour's ray back loses an empty point, and the end's
    /// ray back ends at `p`, live where `lives` (the ends' rays back, as
    /// their bits) has its bit.
    #[inline(always)]
    fn place_along<const D: usize>(
        &mut self,
        steps: &Steps<W>,
        p: W::Point,
        ends: &Row<W>,
        colour: u16,
        lives: u16,
    ) {
        let back = opposite(D);
        let end = ends[D];
        let next = steps[p][D];
        let sees = colour & both(back);
        see_along::<W, D>(&mut self.first, &mut self.seen, steps, p, next, end, sees);
        self.open[next] &= !(1 << back);
        self.first[end][back] = p;
        let rays = &mut self.rays[end];
        *rays = (*rays & !both(back)) | (lives & (1 << back));
    }

    /// Direction `D` of a flip of `f` (its row `ends`): the end's ray back
    /// is live where `lives` (the ends' rays back that hold an empty point
    /// and end at a stone of the colour `f` now has, as their bits) has its
    /// bit, and the empty points up to the end see the other colour.
    #[inline(always)]
    fn flip_along<const D: usize>(
        &mut self,
        steps: &Steps<W>,
        f: W::Point,
        ends: &Row<W>,
        lives: u16,
    ) {
        let back = opposite(D);
        let end = ends[D];
        let rays = &mut self.rays[end];
        *rays = (*rays & !(1 << back)) | (lives & (1 << back));
        recolour_along::<W, D>(&mut self.seen, steps, steps[f][D], end);
    }
}

impl<W: Width> Engine<W> {
    /// Places a stone of `mover` on the empty point `p` and updates every
    /// table, before any flip. Along each direction, the empty points up to
    /// the first stone met (the *end*) now see `p`, in the colour of the
    /// mover; every neighbour's ray toward `p` loses `p` as an empty point;
    /// each end's ray toward `p` now ends there, live when it still holds an
    /// empty point and the end is the mover's. The new stone's rays are the
    /// empty point's lines as they stood.
    pub(super) fn put_stone(&mut self, p: W::Point, mover: Colour) {
        let (m, o) = (mover.index(), mover.opponent().index());
        let steps = self.steps.get();
        let sight = &mut self.sight;
        let ends = sight.first[p];
        let open = sight.open[p];
        let friends = sight.seen_of(p, m);
        let edges = ALL & !(friends | sight.seen_of(p, o));
        // The ends' rays back that hold an empty point and end at a friend.
        let lives = u16::from(reversed(open & friends));
        let colour = u16::from(ALL) << shift(m);
        sight.place_along::<0>(steps, p, &ends, colour, lives);
        sight.place_along::<1>(steps, p, &ends, colour, lives);
        sight.place_along::<2>(steps, p, &ends, colour, lives);
        sight.place_along::<3>(steps, p, &ends, colour, lives);
        sight.place_along::<4>(steps, p, &ends, colour, lives);
        sight.place_along::<5>(steps, p, &ends, colour, lives);
        sight.first[W::NONE] = edge_row::<W>();
        let live = open & (friends | edges);
        sight.rays[p] = live as u16 | (((open & edges) as u16) << EDGE_SHIFT);
        sight.seen[p] = 0;
        self.cells[p] = mover.stone();
    }

    /// Turns the stones `flips` to `mover` and updates the tables: the
    /// live rays of each and of the stones it sees, and the colour that the
    /// empty points along its rays see. (A stone's rays to the edge do not
    /// depend on its colour.)
    pub(super) fn flip_stones(&mut self, flips: &[W::Point], mover: Colour) {
        let stone = mover.stone();
        for &f in flips {
            self.cells[f] = stone;
        }
        let steps = self.steps.get();
        let sight = &mut self.sight;
        for &f in flips {
            let ends = sight.first[f];
            let open = sight.open[f];
            // Per direction, whether the first point met is a friend now,
            // or off the board.
            let mut friends = 0;
            let mut edges = 0;
            for (d, &end) in ends[..DIRECTIONS].iter().enumerate() {
                friends |= u8::from(self.cells[end] == stone) << d;
                edges |= u8::from(end == W::NONE) << d;
            }
            let lives = u16::from(reversed(open & friends));
            sight.flip_along::<0>(steps, f, &ends, lives);
            sight.flip_along::<1>(steps, f, &ends, lives);
            sight.flip_along::<2>(steps, f, &ends, lives);
            sight.flip_along::<3>(steps, f, &ends, lives);
            sight.flip_along::<4>(steps, f, &ends, lives);
            sight.flip_along::<5>(steps, f, &ends, lives);
            let live = open & (friends | edges);
            let rays = &mut sight.rays[f];
            *rays = (*rays & !(ALL as u16)) | live as u16;
        }
    }

    /// Whether no neighbour of the empty point `p` is empty: no stone can
    /// ever be placed there again, as stones never leave the board.
    pub(super) fn is_dead(&self, p: W::Point) -> bool {
        self.sight.open[p] == 0
    }

    /// Ruling (lifelines), the fixpoint: per point, whether it holds a stone
    /// with a lifeline. A live ray is one that may be a lifeline (it holds an
    /// empty point, and leaves the board or ends at a friendly stone), so the
    /// stones with a lifeline are those joined by live rays to a stone whose
    /// live ray leaves the board: the smallest set closed under the ray
    /// rule, found here by a search from those stones.
    pub(super) fn grounded_stones(&self) -> Vec<bool> {
        let points = self.board.points();
        let mut grounded = vec![false; points];
        let mut queue: Vec<W::Point> = (0..points as u32)
            .map(W::point)
            .filter(|&s| self.sight.edge(s) != 0)
            .collect();
        for &s in &queue {
            grounded[Into::<usize>::into(s)] = true;
        }
        let mut i = 0;
        while i < queue.len() {
            let s = queue[i];
            i += 1;
            let mut bits = self.sight.live(s) & !self.sight.edge(s);
            while bits != 0 {
                let t = self.sight.first[s][bits.trailing_zeros() as usize];
                bits &= bits - 1;
                let flag = &mut grounded[Into::<usize>::into(t)];
                if !*flag {
                    *flag = true;
                    queue.push(t);
                }
            }
        }
        grounded
    }

    /// The stones that have a lifeline, as a flag per point: on the board as
    /// it stands (`p` is `None`), or with a stone of `mover` imagined on the
    /// empty point `p`, before any flip.
    pub(super) fn lifeline_flags(&self, p: Option<Point>, mover: Colour) -> Vec<bool> {
        let Some(p) = p else {
            return self.grounded_stones();
        };
        let mut imagined = self.clone();
        imagined.put_stone(W::of(p), mover);
        imagined.grounded_stones()
    }

    /// Rebuilds the sight tables from the cells (for positions set up
    /// directly, e.g. in tests).
    #[cfg(test)]
    pub(super) fn rebuild_sight(&mut self) {
        use crate::core::EMPTY;
        let adjacency = self.board.adjacency();
        let mut sight = Sight::<W>::empty(self.board);
        sight.open.fill(0);
        for q in 0..self.board.points() as Point {
            let at = W::of(q);
            let cell = self.cells[at];
            for d in 0..DIRECTIONS {
                let step = adjacency.step(q, d);
                let mut t = step;
                while t != crate::board::NO_POINT && self.cells[W::of(t)] == EMPTY {
                    t = adjacency.step(t, d);
                }
                let end = W::of(t);
                sight.first[at][d] = end;
                let holds_empty = step != t;
                let bit = (holds_empty as u8) << d;
                sight.open[at] |= bit;
                match Colour::of_cell(cell) {
                    None => {
                        if let Some(colour) = Colour::of_cell(self.cells[end]) {
                            sight.seen[at] |= (1 << d) << shift(colour.index());
                        }
                    }
                    Some(_) => {
                        if end == W::NONE || self.cells[end] == cell {
                            sight.rays[at] |= bit as u16;
                        }
                        if end == W::NONE {
                            sight.rays[at] |= (bit as u16) << EDGE_SHIFT;
                        }
                    }
                }
            }
        }
        self.sight = sight;
    }
}
