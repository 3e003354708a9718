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

use super::Lingarda;
use crate::board::{Board, Point, NO_POINT};
use crate::core::clone_by_fields;

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

/// Per point, its six sight entries.
pub(super) type Row = [Point; DIRECTIONS];

/// A padded table, all zero.
pub(super) fn padded() -> Padded {
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
pub(super) fn opposite(d: usize) -> usize {
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
    /// Per point, the first point met in each direction that is not empty:
    /// a stone, or [`EDGE`]. One row more than the points, the sink, that
    /// writes about [`EDGE`] go to, put back after each walk.
    pub(super) first: Vec<Row>,
    /// Per point: the directions whose neighbour is an empty point.
    pub(super) open: Padded,
    /// Per empty point and colour (by index): the directions in which the
    /// first stone met is of that colour. Zero for stones.
    pub(super) seen: [Padded; 2],
    /// Per stone: its live rays, those that hold an empty point and leave the
    /// board or end at a stone of its colour. Zero for empty points.
    pub(super) live: Padded,
    /// Per stone: its live rays that leave the board. Zero for empty points.
    pub(super) edge: Padded,
}

clone_by_fields!(Sight {
    first,
    open,
    seen,
    live,
    edge
});

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
            first: vec![[EDGE; DIRECTIONS]; board.points() + 1],
            open,
            seen: [padded(), padded()],
            live: padded(),
            edge: padded(),
        }
    }

    /// The sink row of `first`: one past the points.
    fn sink(&self) -> usize {
        self.first.len() - 1
    }

    /// The row of `first` that a write about the entry `end` goes to: its
    /// own, or the sink's for [`EDGE`], chosen without a branch.
    #[inline]
    fn row_of(&self, end: Point) -> usize {
        if end == EDGE {
            self.sink()
        } else {
            end as usize
        }
    }

    /// Sets or clears bit `bit` of `table[entry]`, as `on` says.
    #[inline]
    fn set_bit(table: &mut Padded, entry: Point, bit: usize, on: bool) {
        let byte = &mut table[slot(entry)];
        *byte = (*byte & !(1 << bit)) | ((on as u8) << bit);
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
        let steps: &Row = self
            .board
            .adjacency()
            .steps(p)
            .try_into()
            .expect("six directions");
        let adjacency = self.board.adjacency();
        let sight = &mut self.sight;
        let ends = sight.first[p as usize];
        let open = sight.open[p as usize];
        for d in 0..DIRECTIONS {
            let back = opposite(d);
            let mut q = steps[d];
            // The walk stops at the end, or off the board when there is none
            // (EDGE is NO_POINT).
            while q != ends[d] {
                sight.first[q as usize][back] = p;
                sight.seen[m][q as usize] |= 1 << back;
                sight.seen[o][q as usize] &= !(1 << back);
                q = adjacency.step(q, d);
            }
            sight.open[slot(steps[d])] &= !(1 << back);
            let end = ends[d];
            let row = sight.row_of(end);
            sight.first[row][back] = p;
            let lives = ((open >> d) & 1 != 0) & (self.cells[slot(end)] == mover.stone());
            Sight::set_bit(&mut sight.live, end, back, lives);
            Sight::set_bit(&mut sight.edge, end, back, false);
        }
        let sink = sight.sink();
        sight.first[sink] = [EDGE; DIRECTIONS];
        let friends = sight.seen[m][p as usize];
        let edges = ALL & !(friends | sight.seen[o][p as usize]);
        sight.live[p as usize] = open & (friends | edges);
        sight.edge[p as usize] = open & edges;
        sight.seen[0][p as usize] = 0;
        sight.seen[1][p as usize] = 0;
        self.cells[p as usize] = mover.stone();
    }

    /// Turns the stones `flips` to the mover and updates the tables: the
    /// live rays of each and of the stones it sees, and the colour that the
    /// empty points along its rays see.
    pub(super) fn flip_stones(&mut self, flips: &[Point]) {
        let mover = self.turn.to_move();
        let (m, o) = (mover.index(), mover.opponent().index());
        for &f in flips {
            self.cells[f as usize] = mover.stone();
        }
        let adjacency = self.board.adjacency();
        let sight = &mut self.sight;
        for &f in flips {
            let ends = sight.first[f as usize];
            let open = sight.open[f as usize];
            let mut live = 0;
            for (d, &end) in ends.iter().enumerate() {
                let back = opposite(d);
                let friend = self.cells[slot(end)] == mover.stone();
                let holds_empty = (open >> d) & 1 != 0;
                live |= ((holds_empty & (friend | (end == EDGE))) as u8) << d;
                Sight::set_bit(&mut sight.live, end, back, holds_empty & friend);
                let mut q = adjacency.step(f, d);
                while q != end {
                    sight.seen[m][q as usize] |= 1 << back;
                    sight.seen[o][q as usize] &= !(1 << back);
                    q = adjacency.step(q, d);
                }
            }
            sight.live[f as usize] = live;
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
            .filter(|&s| self.sight.edge[s as usize] != 0)
            .collect();
        for &s in &queue {
            grounded[s as usize] = true;
        }
        let mut i = 0;
        while i < queue.len() {
            let s = queue[i];
            i += 1;
            let mut bits = self.sight.live[s as usize] & !self.sight.edge[s as usize];
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
                            sight.seen[colour.index()][q as usize] |= 1 << d;
                        }
                    }
                    Some(_) => {
                        if t == EDGE || self.cells[t as usize] == cell {
                            sight.live[q as usize] |= bit;
                        }
                        if t == EDGE {
                            sight.edge[q as usize] |= bit;
                        }
                    }
                }
            }
        }
        self.sight = sight;
    }
}
