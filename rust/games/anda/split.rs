//! A region that a placed stone may split: explored breadth-first from one
//! point of each arc of empty points around the stone, a point per arc per
//! round (see [`crate::core::split`]), so that arcs joined around a nearby
//! stone meet at once and the work is otherwise bounded by the smaller
//! parts.

use super::chains::{Ring, MAX_ARCS};
use super::geometry::{Rings, RUNS};
use super::{Game, Scratch};
use crate::board::Point;
use crate::core::{split, Floods, Width, EMPTY};

/// The explorations from the arcs: each arc's members in the order found
/// (its queue: the first `found` entries of its buffer, read at `cursor`)
/// under one stamp, and which arc found each point first, so that
/// arcs whose explorations meet are joined in a union-find over the arcs as
/// they meet (`joined` notes that it happened). A flood is a set of arcs
/// (`arcs`), named by the first.
struct ArcFloods<'a, W: Width> {
    rings: &'static Rings,
    around: &'a W::Table<u32>,
    scratch: &'a mut Scratch<W>,
    /// This split's stamp in `owner`.
    stamp: u32,
    cursor: [usize; MAX_ARCS],
    found: [usize; MAX_ARCS],
    parent: [usize; MAX_ARCS],
    /// Per arc, the arcs in its union-find set, as a mask.
    linked: [u8; MAX_ARCS],
    arcs: [u8; MAX_ARCS],
    joined: bool,
}

/// The root of arc `i` in the union-find `parent` over the arcs.
fn root(parent: &[usize; MAX_ARCS], mut i: usize) -> usize {
    while parent[i] != i {
        i = parent[i];
    }
    i
}

impl<W: Width> ArcFloods<'_, W> {
    fn find(&self, i: usize) -> usize {
        root(&self.parent, i)
    }

    /// The arcs of flood `i`, in order.
    fn arcs_of(&self, i: usize) -> impl Iterator<Item = usize> {
        let arcs = self.arcs[i];
        (0..MAX_ARCS).filter(move |&a| arcs & (1 << a) != 0)
    }

    /// How many points flood `i` found.
    fn size(&self, i: usize) -> usize {
        self.arcs_of(i).map(|a| self.found[a]).sum()
    }

    /// Explores the next point of arc `a`, if it has one; returns whether
    /// points remain to explore. A point is queued without a branch on
    /// whether it is new; only the first meeting of two arcs not yet joined
    /// branches.
    #[inline(always)]
    fn step(&mut self, a: usize) -> bool {
        let read = self.cursor[a];
        if read == self.found[a] {
            return false;
        }
        // Disjoint borrows of the buffers, so that their addresses stay in
        // registers through the loop.
        let Scratch {
            owner, arc_members, ..
        } = &mut *self.scratch;
        let members = &mut arc_members[a];
        let q = members[read];
        self.cursor[a] = read + 1;
        let ring = &self.rings[q as usize];
        let mut empties = self.around[W::of(q)] & 0x3f;
        let mut found = self.found[a];
        let mut linked = self.linked[a];
        while empties != 0 {
            let m = ring[empties.trailing_zeros() as usize];
            empties &= empties - 1;
            let cell = &mut owner[W::of(m)];
            let fresh = *cell < self.stamp;
            // This split and `a` if fresh, else as it was, by arithmetic: a
            // select here tends to become a branch, and freshness is a coin
            // toss.
            let keep = u32::from(fresh).wrapping_sub(1);
            let first = (*cell & keep) | ((self.stamp | a as u32) & !keep);
            *cell = first;
            members[found] = m;
            found += usize::from(fresh);
            let b = (first & 3) as usize;
            if (linked >> b) & 1 == 0 {
                let (x, y) = (root(&self.parent, a), root(&self.parent, b));
                self.parent[x] = y;
                self.joined = true;
                let set = linked | self.linked[b];
                for (arc, linked) in self.linked.iter_mut().enumerate() {
                    if (set >> arc) & 1 != 0 {
                        *linked = set;
                    }
                }
                linked = set;
            }
        }
        self.found[a] = found;
        read + 1 < found
    }

    /// [`split`] for two arcs, without its bookkeeping: the same rounds,
    /// stopped at the first meeting. Returns the arc whose flood keeps the
    /// region (still growing, or else the larger, of equals the second),
    /// or `None` when the arcs are one part.
    #[inline]
    fn split_two(&mut self) -> Option<usize> {
        loop {
            let open = self.step(0);
            if self.joined {
                return None;
            }
            match (open, self.step(1)) {
                _ if self.joined => return None,
                (true, true) => {}
                (true, false) => return Some(0),
                (false, true) => return Some(1),
                (false, false) => return Some(usize::from(self.found[1] >= self.found[0])),
            }
        }
    }
}

impl<W: Width> Floods for ArcFloods<'_, W> {
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

/// Per direction `d`, the directions `d - 1`, `d` and `d + 1`: seen from
/// the stone in direction `d` of a point, its three neighbours that are not
/// the point nor beside it, which lead in order from one of the point's
/// neighbours beside the stone to the other.
const FAR_SIDE: [u32; 6] = {
    let mut table = [0; 6];
    let mut d = 0;
    while d < 6 {
        table[d] = (1 << ((d + 5) % 6)) | (1 << d) | (1 << ((d + 1) % 6));
        d += 1;
    }
    table
};

impl<W: Width> Game<W> {
    /// Whether the arcs of empty points around a stone just placed (`ring`,
    /// seen before the placement) are surely one part: when all gaps
    /// between them but one are single stones whose three far neighbours
    /// are empty, each such gap joins its two arcs around its stone. Arcs
    /// that meet so, the most common way, need no exploring.
    #[inline]
    pub(super) fn arcs_bridged(&self, ring: &Ring) -> bool {
        let gaps = !ring.empty & 0x3f;
        let runs = RUNS[gaps as usize];
        let sentinel = self.board.points() as Point;
        let mut bridged = 0;
        for &d in &runs.starts[..runs.count as usize] {
            let d = d as usize;
            let s = ring.points[d];
            let single = (gaps >> ((d + 1) % 6)) & 1 == 0;
            if single && s != sentinel && self.around(s, EMPTY) & FAR_SIDE[d] == FAR_SIDE[d] {
                bridged += 1;
            }
        }
        bridged + 1 >= runs.count
    }

    /// Splits region `r0` (the stone already out of it) into its connected
    /// parts, from one point of each arc around the stone (`reps`). The part
    /// still being explored keeps `r0`; when every part was explored whole,
    /// the largest does (of equals, the one whose union-find root is the
    /// last arc). The others get new ids, written to `new_parts`. Returns
    /// how many.
    pub(super) fn split(&mut self, r0: u16, reps: &[Point], new_parts: &mut [u16]) -> usize {
        let scratch = &mut *self.scratch;
        // A new stamp, above every one in `owner` (all cleared when the
        // stamps run out).
        scratch.split_stamp = scratch.split_stamp.wrapping_add(1 << 2);
        if scratch.split_stamp == 0 {
            scratch.owner.fill(0);
            scratch.split_stamp = 1 << 2;
        }
        let stamp = scratch.split_stamp;
        for (i, &rep) in reps.iter().enumerate() {
            scratch.owner[W::of(rep)] = stamp | i as u32;
            scratch.arc_members[i][0] = rep;
        }
        let mut floods = ArcFloods {
            rings: self.rings,
            around: &self.around,
            scratch,
            stamp,
            cursor: [0; MAX_ARCS],
            found: [1; MAX_ARCS],
            parent: [0, 1, 2],
            linked: [1, 2, 4],
            arcs: [1, 2, 4],
            joined: false,
        };
        // The floods that do not keep `r0`.
        let mut others = [0; MAX_ARCS];
        let mut other_count = 0;
        if reps.len() == 2 {
            match floods.split_two() {
                Some(kept) => {
                    others[0] = 1 - kept;
                    other_count = 1;
                }
                None => return 0,
            }
        } else {
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
            for (i, _) in pieces.iter().filter(|&(i, _)| i != kept) {
                others[other_count] = i;
                other_count += 1;
            }
        }
        let (arcs, found) = (floods.arcs, floods.found);
        let mut count = 0;
        for &i in &others[..other_count] {
            let r = self.new_region();
            for a in (0..MAX_ARCS).filter(|&a| arcs[i] & (1 << a) != 0) {
                for j in 0..found[a] {
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
