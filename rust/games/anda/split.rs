//! A region that a placed stone may split: explored breadth-first from one
//! point of each arc of empty points around the stone, a point per arc per
//! round (see [`crate::core::split`]), so that arcs joined around a nearby
//! stone meet at once and the work is otherwise bounded by the smaller
//! parts.

use super::chains::MAX_ARCS;
use super::{Anda, Scratch};
use crate::board::Point;
use crate::core::{split, Floods};

/// The explorations from the arcs: each arc's members in the order found
/// (its queue, read at `cursor`) under one set of marks, and which arc
/// found each point first, so that arcs whose explorations meet are joined
/// in a union-find over the arcs as they meet (`joined` notes that it
/// happened). A flood is a set of arcs (`arcs`), named by the first.
struct ArcFloods<'a> {
    rings: &'static [[Point; 6]],
    around: &'a [u32],
    scratch: &'a mut Scratch,
    cursor: [usize; MAX_ARCS],
    parent: [usize; MAX_ARCS],
    arcs: [u8; MAX_ARCS],
    joined: bool,
}

impl ArcFloods<'_> {
    fn find(&self, mut i: usize) -> usize {
        while self.parent[i] != i {
            i = self.parent[i];
        }
        i
    }

    /// The arcs of flood `i`, in order.
    fn arcs_of(&self, i: usize) -> impl Iterator<Item = usize> {
        let arcs = self.arcs[i];
        (0..MAX_ARCS).filter(move |&a| arcs & (1 << a) != 0)
    }

    /// How many points flood `i` found.
    fn size(&self, i: usize) -> usize {
        self.arcs_of(i)
            .map(|a| self.scratch.arc_members[a].len())
            .sum()
    }

    /// Explores the next point of arc `a`, if it has one; returns whether
    /// points remain to explore.
    #[inline]
    fn step(&mut self, a: usize) -> bool {
        let read = self.cursor[a];
        let Some(&q) = self.scratch.arc_members[a].get(read) else {
            return false;
        };
        self.cursor[a] = read + 1;
        let ring = &self.rings[q as usize];
        let mut empties = (self.around[q as usize] & 0x3f) as u8;
        while empties != 0 {
            let m = ring[empties.trailing_zeros() as usize];
            empties &= empties - 1;
            if self.scratch.marks.mark(m) {
                self.scratch.owner[m as usize] = a as u8;
                self.scratch.arc_members[a].push(m);
            } else if self.scratch.owner[m as usize] as usize != a {
                let (x, y) = (
                    self.find(a),
                    self.find(self.scratch.owner[m as usize] as usize),
                );
                if x != y {
                    self.parent[x] = y;
                    self.joined = true;
                }
            }
        }
        read + 1 < self.scratch.arc_members[a].len()
    }
}

impl Floods for ArcFloods<'_> {
    #[inline]
    fn grow(&mut self, i: usize) -> bool {
        let mut open = false;
        let mut arcs = self.arcs[i];
        while arcs != 0 {
            open |= self.step(arcs.trailing_zeros() as usize);
            arcs &= arcs - 1;
        }
        open
    }

    #[inline]
    fn may_have_met(&mut self) -> bool {
        std::mem::take(&mut self.joined)
    }

    #[inline]
    fn met(&mut self, i: usize, j: usize) -> bool {
        self.find(i) == self.find(j)
    }

    #[inline]
    fn join(&mut self, into: usize, from: usize) {
        self.arcs[into] |= self.arcs[from];
    }
}

impl Anda {
    /// Splits region `r0` (the stone already out of it) into its connected
    /// parts, from one point of each arc around the stone (`reps`). The part
    /// still being explored keeps `r0`; when every part was explored whole,
    /// the largest does (of equals, the one whose union-find root is the
    /// last arc). The others get new ids, written to `new_parts`. Returns
    /// how many.
    pub(super) fn split(&mut self, r0: u16, reps: &[Point], new_parts: &mut [u16]) -> usize {
        let scratch = &mut *self.scratch;
        scratch.marks.clear();
        for (i, &rep) in reps.iter().enumerate() {
            scratch.marks.mark(rep);
            scratch.owner[rep as usize] = i as u8;
            scratch.arc_members[i].clear();
            scratch.arc_members[i].push(rep);
        }
        let mut floods = ArcFloods {
            rings: self.rings,
            around: &self.around,
            scratch,
            cursor: [0; MAX_ARCS],
            parent: [0, 1, 2],
            arcs: [1, 2, 4],
            joined: false,
        };
        let pieces = split(&mut floods, reps.len());
        if pieces.count() == 1 {
            return 0;
        }
        let kept = pieces.growing().unwrap_or_else(|| {
            let largest = pieces
                .iter()
                .max_by_key(|&(i, _)| (floods.size(i), floods.find(i)));
            largest.expect("two parts or more").0
        });
        let arcs = floods.arcs;
        let mut count = 0;
        for (i, _) in pieces.iter().filter(|&(i, _)| i != kept) {
            let r = self.new_region();
            for a in (0..MAX_ARCS).filter(|&a| arcs[i] & (1 << a) != 0) {
                for j in 0..self.scratch.arc_members[a].len() {
                    let q = self.scratch.arc_members[a][j];
                    self.unlink_member(r0, q);
                    self.push_member(r, q);
                }
            }
            new_parts[count] = r;
            count += 1;
        }
        count
    }
}
