//! Lines of sight and lifelines: the next-stone table, the ray rule, and the
//! exact placement test.
//!
//! Between turns every stone on the board has a lifeline (RULES.md §6), and a
//! placement at `p` changes only the rays that run through `p`: those of the
//! first stone met from `p` in each of the six directions (its *ends*). So
//! the only stones that can lose their lifeline are in the sight components
//! of those (at most six) ends; every other component is one the previous
//! position already grounded. The test searches from the ends alone, each
//! search stopping at the first stone that sees the edge or that an earlier
//! search of the same candidate proved grounded.

use super::Lingarda;
use crate::board::{Point, NO_POINT};
use crate::core::{Colour, EMPTY};

/// The six hex directions; direction `d + 3` is the opposite of `d`.
pub(super) const DIRECTIONS: usize = 6;

#[inline]
fn opposite(d: usize) -> usize {
    if d < 3 {
        d + 3
    } else {
        d - 3
    }
}

/// What one ray of a stone gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ray {
    /// No empty point before the line leaves the board or meets a stone.
    Closed,
    /// At least one empty point, then the line leaves the board.
    Edge,
    /// At least one empty point, then this stone.
    Stone(Point),
}

/// A placement being weighed: the stone of `colour` imagined at `p`, and the
/// first stone met from `p` in each direction (`NO_POINT` where the line
/// leaves the board first). `p == NO_POINT` weighs the board as it stands.
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidate {
    p: Point,
    colour: Colour,
    ends: [Point; DIRECTIONS],
}

/// Whether a placement is legal, and if not, why (RULES.md §6, Placement).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    Legal,
    /// The new stone would have no lifeline.
    NoLifeline,
    /// After the flip, this stone of the mover (or flipped to the mover)
    /// would be without a lifeline.
    Stranded(Point),
}

impl Lingarda {
    /// The first stone met from the empty point `q` going in direction `d`,
    /// or `NO_POINT` when the line leaves the board first.
    #[inline]
    fn next_stone(&self, q: Point, d: usize) -> Point {
        self.next[q as usize * DIRECTIONS + d]
    }

    /// The board as it stands, weighed with no placement.
    pub(super) fn no_candidate(&self) -> Candidate {
        Candidate { p: NO_POINT, colour: self.to_move, ends: [NO_POINT; DIRECTIONS] }
    }

    /// A stone of the mover imagined on the empty point `p`.
    pub(super) fn candidate(&self, p: Point) -> Candidate {
        let mut ends = [NO_POINT; DIRECTIONS];
        for (d, end) in ends.iter_mut().enumerate() {
            *end = self.next_stone(p, d);
        }
        Candidate { p, colour: self.to_move, ends }
    }

    /// The colour of the stone at `t` as the candidate sees it: the imagined
    /// stone and the stones marked to flip are the mover's.
    #[inline]
    fn seen_colour(&self, t: Point, cand: &Candidate) -> u8 {
        if t == cand.p || self.scratch.flipped.is_marked(t) {
            cand.colour.stone()
        } else {
            self.cells[t as usize]
        }
    }

    /// Ruling (lifelines), the ray: the ray of stone `s` in direction `d` is
    /// the run of empty points before the line leaves the board or meets a
    /// stone. It can be a lifeline only when it holds at least one empty
    /// point (so adjacent friendly stones do not share, and an edge stone has
    /// none toward the outside); it then is one when it leaves the board, or
    /// when it ends at a friendly stone that has a lifeline, which
    /// [`Lingarda::reaches_edge`] decides as the least fixpoint. The imagined
    /// stone of `cand` cuts the ray of each of its ends that runs toward it.
    #[inline]
    fn ray(&self, s: Point, d: usize, cand: &Candidate) -> Ray {
        let q = self.board.adjacency().step(s, d);
        if q == NO_POINT || q == cand.p || self.cells[q as usize] != EMPTY {
            return Ray::Closed;
        }
        if s == cand.ends[opposite(d)] {
            // The first stone from p looking back along d is s: s looks at p.
            return Ray::Stone(cand.p);
        }
        match self.next_stone(q, d) {
            NO_POINT => Ray::Edge,
            t => Ray::Stone(t),
        }
    }

    /// Ruling (lifelines), the fixpoint: whether the stone at `start`, of
    /// `colour`, has a lifeline, by a search along lines of sight between
    /// stones of that colour for one whose ray leaves the board. A stone has
    /// a lifeline exactly when such a chain exists, which is the smallest set
    /// closed under the ray rule. The search stops at the first grounded
    /// stone, or at one marked safe by an earlier search of the same
    /// candidate; on success every stone it met is marked safe, on failure
    /// `scratch.queue` holds the whole ungrounded component.
    pub(super) fn reaches_edge(&mut self, start: Point, colour: Colour, cand: &Candidate) -> bool {
        let stone = colour.stone();
        let mut queue = std::mem::take(&mut self.scratch.queue);
        queue.clear();
        queue.push(start);
        self.scratch.seen.clear();
        self.scratch.seen.mark(start);
        let mut found = false;
        let mut i = 0;
        'search: while i < queue.len() {
            let s = queue[i];
            i += 1;
            for d in 0..DIRECTIONS {
                match self.ray(s, d, cand) {
                    Ray::Closed => {}
                    Ray::Edge => {
                        found = true;
                        break 'search;
                    }
                    Ray::Stone(t) => {
                        if self.seen_colour(t, cand) == stone {
                            if self.scratch.safe.is_marked(t) {
                                found = true;
                                break 'search;
                            }
                            if self.scratch.seen.mark(t) {
                                queue.push(t);
                            }
                        }
                    }
                }
            }
        }
        if found {
            for &s in &queue {
                self.scratch.safe.mark(s);
            }
        }
        self.scratch.queue = queue;
        found
    }

    /// Placement: whether the mover may place on the empty point `p`. Legal
    /// when (1) the new stone has a lifeline, and (2) after every enemy stone
    /// left without one flips to the mover, all at once, every stone of the
    /// mover has one. On return `scratch.flips` holds the stones that flip
    /// (complete whenever (1) holds), and `scratch.weighed` is `p` when legal.
    ///
    /// Exact given the invariant that every stone now has a lifeline: only
    /// the components of the candidate's ends can lose their ground, friendly
    /// ends seeing `p` across an empty point share its lifeline, and the
    /// stones that flip form whole enemy components, so one search per
    /// friendly end adjacent to `p` and per flipped component decides (2).
    pub(super) fn weigh(&mut self, p: Point) -> Verdict {
        let cand = self.candidate(p);
        let mover = cand.colour;
        let enemy = mover.opponent();
        self.scratch.safe.clear();
        self.scratch.flipped.clear();
        self.scratch.flips.clear();
        self.scratch.flip_starts.clear();
        self.scratch.weighed = NO_POINT;

        if !self.reaches_edge(p, mover, &cand) {
            return Verdict::NoLifeline;
        }
        for &end in &cand.ends {
            if end == NO_POINT || self.cells[end as usize] != enemy.stone() {
                continue;
            }
            if self.scratch.safe.is_marked(end) || self.scratch.flipped.is_marked(end) {
                continue;
            }
            if !self.reaches_edge(end, enemy, &cand) {
                // The whole component lost its ground: it flips.
                for &s in &self.scratch.queue {
                    self.scratch.flipped.mark(s);
                }
                self.scratch.flips.extend_from_slice(&self.scratch.queue);
                self.scratch.flip_starts.push(end);
            }
        }

        // Friendly ends with an empty point between them and p see p, which
        // has a lifeline; an adjacent one lost its ray through p outright.
        for (d, &end) in cand.ends.iter().enumerate() {
            if end != NO_POINT
                && self.cells[end as usize] == mover.stone()
                && self.board.adjacency().step(p, d) == end
                && !self.scratch.safe.is_marked(end)
                && !self.reaches_edge(end, mover, &cand)
            {
                return Verdict::Stranded(end);
            }
        }
        for k in 0..self.scratch.flip_starts.len() {
            let start = self.scratch.flip_starts[k];
            if !self.scratch.safe.is_marked(start) && !self.reaches_edge(start, mover, &cand) {
                return Verdict::Stranded(start);
            }
        }
        self.scratch.weighed = p;
        Verdict::Legal
    }

    /// The stone to name when a placement strands the mover's stones: the
    /// first, by point index, of the stranded component that `weigh` just
    /// searched, preferring a stone the mover already had to one that flips.
    pub(super) fn stranded_to_name(&self) -> (Point, bool) {
        let queue = &self.scratch.queue;
        let own = queue.iter().copied().filter(|&s| !self.scratch.flipped.is_marked(s)).min();
        match own {
            Some(s) => (s, false),
            None => (queue.iter().copied().min().unwrap_or(NO_POINT), true),
        }
    }

    /// Records the stone just placed at `p` in the next-stone table: every
    /// empty point that looked along a line past `p` now sees `p`.
    pub(super) fn see_stone(&mut self, p: Point) {
        let adjacency = self.board.adjacency();
        for d in 0..DIRECTIONS {
            let back = opposite(d);
            let mut q = adjacency.step(p, back);
            while q != NO_POINT && self.cells[q as usize] == EMPTY {
                self.next[q as usize * DIRECTIONS + d] = p;
                q = adjacency.step(q, back);
            }
        }
    }

    /// Rebuilds the next-stone table from the cells (for positions set up
    /// directly, e.g. in tests).
    #[cfg(test)]
    pub(super) fn rebuild_sight(&mut self) {
        let adjacency = self.board.adjacency();
        for q in 0..self.board.points() as Point {
            for d in 0..DIRECTIONS {
                let mut t = adjacency.step(q, d);
                while t != NO_POINT && self.cells[t as usize] == EMPTY {
                    t = adjacency.step(t, d);
                }
                self.next[q as usize * DIRECTIONS + d] = t;
            }
        }
    }

    /// The stones that have a lifeline, as a flag per point: on the board as
    /// it stands (`p == NO_POINT`), or with a stone of the mover imagined at
    /// the empty point `p`, before any flip.
    pub(super) fn lifeline_flags(&mut self, p: Point) -> Vec<bool> {
        let cand = if p == NO_POINT { self.no_candidate() } else { self.candidate(p) };
        self.scratch.safe.clear();
        self.scratch.flipped.clear();
        self.scratch.weighed = NO_POINT;
        let mut flags = vec![false; self.board.points()];
        for s in 0..self.board.points() as Point {
            let Some(colour) = Colour::of_cell(self.seen_colour(s, &cand)) else { continue };
            flags[s as usize] = self.scratch.safe.is_marked(s) || self.reaches_edge(s, colour, &cand);
        }
        flags
    }
}
