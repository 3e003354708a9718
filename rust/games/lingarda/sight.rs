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

use super::Lingarda;
use std::sync::OnceLock;

use crate::board::{Board, Point, NO_POINT};

/// The six hex directions; direction `d + 3` is the opposite of `d`.
pub(super) const DIRECTIONS: usize = 6;

/// Every direction, as a mask.
pub(super) const ALL: u8 = 0x3F;

/// A sight entry: the line leaves the board with no stone met.
pub(super) const EDGE: Point = NO_POINT;

/// The per-point byte tables are kept for `LOOKUP_MASK + 1` points, empty and
/// zero past the board's, so that a sight entry masked with it reads them
/// without first telling a stone from [`EDGE`], whose masked bits are all set
/// (a board has at most 1801 points): it reads the padding. With the length
/// known, no bounds check is left to make. Writes about [`EDGE`] go to the
/// padding too, and only ever write a zero there.
pub(super) const LOOKUP_MASK: Point = 0x7FF;

/// The length of a padded table (see [`LOOKUP_MASK`]).
pub(super) const SLOTS: usize = LOOKUP_MASK as usize + 1;

/// A table of one byte per point for [`SLOTS`] points (see
/// [`LOOKUP_MASK`]): its length is in its type.
pub(super) type Padded = Box<[u8; SLOTS]>;

/// A table of two bytes per point for [`SLOTS`] points (see
/// [`LOOKUP_MASK`]): a pair of masks, one a byte.
pub(super) type Padded16 = Box<[u16; SLOTS]>;

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

/// Per point, its six sight entries, padded with [`EDGE`] to eight: a
/// direction read off a mask's trailing zeros (below 8) then indexes a row
/// without a bounds check, and a row is 16 bytes.
pub(super) type Row = [Point; 8];

/// A row with every entry [`EDGE`].
pub(super) const EDGE_ROW: Row = [EDGE; 8];

/// A padded table, all zero.
pub(super) fn padded() -> Padded {
    Box::new([0; SLOTS])
}

/// A padded table of pairs of masks, all zero.
fn padded16() -> Padded16 {
    Box::new([0; SLOTS])
}

/// The slot of a padded table for a sight entry (see [`LOOKUP_MASK`]).
#[inline]
pub(super) fn slot(entry: Point) -> usize {
    (entry & LOOKUP_MASK) as usize
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

/// The sight tables of a position.
#[derive(Debug, PartialEq)]
pub(super) struct Sight {
    /// The board's points: the tables past them are padding.
    points: usize,
    /// Per point, the first point met in each direction that is not empty:
    /// a stone, or [`EDGE`]. Padded like the byte tables; the padding row
    /// that [`EDGE`] reads is the sink that writes about [`EDGE`] go to,
    /// put back after each walk.
    pub(super) first: Box<[Row; SLOTS]>,
    /// Per point: the directions whose neighbour is an empty point.
    pub(super) open: Padded,
    /// Per empty point, in the byte of each colour (see [`shift`]): the
    /// directions in which the first stone met is of that colour. Zero for
    /// stones.
    pub(super) seen: Padded16,
    /// Per stone: its live rays, those that hold an empty point and leave the
    /// board or end at a stone of its colour, in the low byte, and past
    /// [`EDGE_SHIFT`] those of them that leave the board. Zero for empty
    /// points.
    pub(super) rays: Padded16,
}

impl Clone for Sight {
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
        self.first[..n].copy_from_slice(&source.first[..n]);
        self.open[..n].copy_from_slice(&source.open[..n]);
        self.seen[..n].copy_from_slice(&source.seen[..n]);
        self.rays[..n].copy_from_slice(&source.rays[..n]);
    }
}

impl Sight {
    /// The tables of the empty board: every line leaves the board, and
    /// every neighbour is empty.
    pub(super) fn empty(board: &Board) -> Self {
        let adjacency = board.adjacency();
        let mut open = padded();
        for q in 0..board.points() as Point {
            open[q as usize] = ALL & !adjacency.off_board(q);
        }
        Sight {
            points: board.points(),
            first: Box::new([EDGE_ROW; SLOTS]),
            open,
            seen: padded16(),
            rays: padded16(),
        }
    }

    /// The directions in which the empty point `q` sees a stone of
    /// `colour` (by index) first.
    #[inline]
    pub(super) fn seen_of(&self, q: Point, colour: usize) -> u8 {
        (self.seen[slot(q)] >> shift(colour)) as u8 & ALL
    }

    /// The live rays of the stone at the entry `s` (none for [`EDGE`]).
    #[inline]
    pub(super) fn live(&self, s: Point) -> u8 {
        self.rays[slot(s)] as u8
    }

    /// The live rays to the edge of the stone at the entry `s`.
    #[inline]
    pub(super) fn edge(&self, s: Point) -> u8 {
        (self.rays[slot(s)] >> EDGE_SHIFT) as u8
    }
}

/// Per point of a hex board, its neighbour in each direction ([`EDGE`] off
/// the board), padded like the byte tables (the padding's are all
/// [`EDGE`]), so that a walk steps by masked entry without a bounds check.
pub(super) type Steps = [Row; SLOTS];

/// The largest side of a hex board.
const MAX_SIDE: usize = 25;

static STEPS: [OnceLock<Box<Steps>>; MAX_SIDE + 1] = [const { OnceLock::new() }; MAX_SIDE + 1];

/// The step table of a hex board, built once per side and shared: a
/// position holds it by reference.
#[derive(Clone, Copy)]
pub(super) struct StepTable(pub(super) &'static Steps);

impl std::fmt::Debug for StepTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StepTable")
    }
}

/// The step table of `board`, a hex board.
pub(super) fn steps(board: &Board) -> StepTable {
    StepTable(STEPS[board.side()].get_or_init(|| {
        let adjacency = board.adjacency();
        let mut steps = Box::new([EDGE_ROW; SLOTS]);
        for p in 0..board.points() as Point {
            steps[p as usize][..DIRECTIONS].copy_from_slice(adjacency.steps(p));
        }
        steps
    }))
}

/// The empty points from `q` on in direction `D`, up to `end`, now see
/// `from` first the other way, in the colour whose bit `sees` is.
#[inline(always)]
fn see_along<const D: usize>(
    first: &mut [Row; SLOTS],
    seen: &mut [u16; SLOTS],
    steps: &Steps,
    from: Point,
    mut q: Point,
    end: Point,
    sees: u16,
) {
    let back = opposite(D);
    // The walk stops at the end, or off the board when there is none
    // (EDGE is NO_POINT).
    while q != end {
        first[slot(q)][back] = from;
        let entry = &mut seen[slot(q)];
        *entry = (*entry & !both(back)) | sees;
        q = steps[slot(q)][D];
    }
}

/// The empty points from `q` on in direction `D`, up to `end`, see the stone
/// the other way in the other colour.
#[inline(always)]
fn recolour_along<const D: usize>(
    seen: &mut [u16; SLOTS],
    steps: &Steps,
    mut q: Point,
    end: Point,
) {
    while q != end {
        seen[slot(q)] ^= both(opposite(D));
        q = steps[slot(q)][D];
    }
}

impl Sight {
    /// Direction `D` of a placement on `p` (its row of `first` as it stood,
    /// `ends`) of a stone whose colour's byte of a pair of masks is `colour`
    /// (see [`shift`]): the empty points up to the end see `p` in that
    /// colour, the neighbour's ray back loses an empty point, and the end's
    /// ray back ends at `p`, live where `lives` (the ends' rays back, as
    /// their bits) has its bit.
    #[inline(always)]
    fn place_along<const D: usize>(
        &mut self,
        steps: &Steps,
        p: Point,
        ends: &Row,
        colour: u16,
        lives: u16,
    ) {
        let back = opposite(D);
        let end = ends[D];
        let next = steps[slot(p)][D];
        let sees = colour & both(back);
        see_along::<D>(&mut self.first, &mut self.seen, steps, p, next, end, sees);
        self.open[slot(next)] &= !(1 << back);
        self.first[slot(end)][back] = p;
        let rays = &mut self.rays[slot(end)];
        *rays = (*rays & !both(back)) | (lives & (1 << back));
    }

    /// Direction `D` of a flip of `f` (its row `ends`): the end's ray back
    /// is live where `lives` (the ends' rays back that hold an empty point
    /// and end at a stone of the colour `f` now has, as their bits) has its
    /// bit, and the empty points up to the end see the other colour.
    #[inline(always)]
    fn flip_along<const D: usize>(&mut self, steps: &Steps, f: Point, ends: &Row, lives: u16) {
        let back = opposite(D);
        let end = ends[D];
        let rays = &mut self.rays[slot(end)];
        *rays = (*rays & !(1 << back)) | (lives & (1 << back));
        recolour_along::<D>(&mut self.seen, steps, steps[slot(f)][D], end);
    }
}

impl Lingarda {
    /// Places a stone of the mover on the empty point `p` and updates every
    /// table, before any flip. Along each direction, the empty points up to
    /// the first stone met (the *end*) now see `p`, in the colour of the
    /// mover; every neighbour's ray toward `p` loses `p` as an empty point;
    /// each end's ray toward `p` now ends there, live when it still holds an
    /// empty point and the end is the mover's. The new stone's rays are the
    /// empty point's lines as they stood.
    pub(super) fn put_stone(&mut self, p: Point) {
        let mover = self.turn.to_move();
        let (m, o) = (mover.index(), mover.opponent().index());
        let steps = self.steps.0;
        let sight = &mut self.sight;
        let ends = sight.first[p as usize];
        let open = sight.open[p as usize];
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
        sight.first[slot(EDGE)] = EDGE_ROW;
        let live = open & (friends | edges);
        sight.rays[p as usize] = live as u16 | (((open & edges) as u16) << EDGE_SHIFT);
        sight.seen[p as usize] = 0;
        self.cells[p as usize] = mover.stone();
    }

    /// Turns the stones `flips` to the mover and updates the tables: the
    /// live rays of each and of the stones it sees, and the colour that the
    /// empty points along its rays see. (A stone's rays to the edge do not
    /// depend on its colour.)
    pub(super) fn flip_stones(&mut self, flips: &[Point]) {
        let stone = self.turn.to_move().stone();
        for &f in flips {
            self.cells[f as usize] = stone;
        }
        let steps = self.steps.0;
        let sight = &mut self.sight;
        for &f in flips {
            let ends = sight.first[f as usize];
            let open = sight.open[f as usize];
            // Per direction, whether the first point met is a friend now,
            // or off the board.
            let mut friends = 0;
            let mut edges = 0;
            for (d, &end) in ends[..DIRECTIONS].iter().enumerate() {
                friends |= u8::from(self.cells[slot(end)] == stone) << d;
                edges |= u8::from(end == EDGE) << d;
            }
            let lives = u16::from(reversed(open & friends));
            sight.flip_along::<0>(steps, f, &ends, lives);
            sight.flip_along::<1>(steps, f, &ends, lives);
            sight.flip_along::<2>(steps, f, &ends, lives);
            sight.flip_along::<3>(steps, f, &ends, lives);
            sight.flip_along::<4>(steps, f, &ends, lives);
            sight.flip_along::<5>(steps, f, &ends, lives);
            let live = open & (friends | edges);
            let rays = &mut sight.rays[f as usize];
            *rays = (*rays & !(ALL as u16)) | live as u16;
        }
    }

    /// Whether no neighbour of the empty point `p` is empty: no stone can
    /// ever be placed there again, as stones never leave the board.
    pub(super) fn is_dead(&self, p: Point) -> bool {
        self.sight.open[p as usize] == 0
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
        let mut queue: Vec<Point> = (0..points as Point)
            .filter(|&s| self.sight.edge(s) != 0)
            .collect();
        for &s in &queue {
            grounded[s as usize] = true;
        }
        let mut i = 0;
        while i < queue.len() {
            let s = queue[i];
            i += 1;
            let mut bits = self.sight.live(s) & !self.sight.edge(s);
            while bits != 0 {
                let t = self.sight.first[s as usize][bits.trailing_zeros() as usize];
                bits &= bits - 1;
                if !grounded[t as usize] {
                    grounded[t as usize] = true;
                    queue.push(t);
                }
            }
        }
        grounded
    }

    /// The stones that have a lifeline, as a flag per point: on the board as
    /// it stands (`p == NO_POINT`), or with a stone of the mover imagined on
    /// the empty point `p`, before any flip.
    pub(super) fn lifeline_flags(&self, p: Point) -> Vec<bool> {
        if p == NO_POINT {
            return self.grounded_stones();
        }
        let mut imagined = self.clone();
        imagined.put_stone(p);
        imagined.grounded_stones()
    }

    /// Rebuilds the sight tables from the cells (for positions set up
    /// directly, e.g. in tests).
    #[cfg(test)]
    pub(super) fn rebuild_sight(&mut self) {
        use crate::core::{Colour, EMPTY};
        let adjacency = self.board.adjacency();
        let mut sight = Sight::empty(self.board);
        sight.open.fill(0);
        for q in 0..self.board.points() as Point {
            let cell = self.cells[q as usize];
            for d in 0..DIRECTIONS {
                let step = adjacency.step(q, d);
                let mut t = step;
                while t != NO_POINT && self.cells[t as usize] == EMPTY {
                    t = adjacency.step(t, d);
                }
                sight.first[q as usize][d] = t;
                let holds_empty = step != t;
                let bit = (holds_empty as u8) << d;
                sight.open[q as usize] |= bit;
                match Colour::of_cell(cell) {
                    None => {
                        if let Some(colour) = Colour::of_cell(self.cells[slot(t)]) {
                            sight.seen[q as usize] |= (1 << d) << shift(colour.index());
                        }
                    }
                    Some(_) => {
                        if t == EDGE || self.cells[t as usize] == cell {
                            sight.rays[q as usize] |= bit as u16;
                        }
                        if t == EDGE {
                            sight.rays[q as usize] |= (bit as u16) << EDGE_SHIFT;
                        }
                    }
                }
            }
        }
        self.sight = sight;
    }
}
