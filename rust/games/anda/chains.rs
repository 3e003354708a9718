//! The incremental structure of an Anda position: groups and regions with
//! their member lists, and each region's obstruction count per colour.
//!
//! Invariants (checked against a rebuild from scratch in the tests):
//! - every stone's `label` is its group's id and every empty point's `label`
//!   its region's id; ids come from two pools, one per kind;
//! - a group's stones form a circular list through `next`; a region's points
//!   a circular list through `next` and `prev`; `size` and `head` match;
//! - a region's count for a colour, when not [`UNKNOWN`], is the number of
//!   distinct groups of that colour touching it (2 meaning two or more), and
//!   its witnesses are contacts with that many distinct groups. A count of 0
//!   or 1 can only change through a placement in the region or a removal
//!   beside it, and both recount it, so it needs no proof; a count of 2 can
//!   fall silently when two touching groups merge, so it is re-proved from
//!   its witnesses on each read.

use super::geometry::{BORDER, RUNS};
use super::Game;
use crate::board::{Point, NO_POINT};
use crate::core::{Colour, Width, EMPTY};

/// No group or region.
pub(super) const NONE: u16 = u16::MAX;

/// A region count that must be recounted before use.
pub(super) const UNKNOWN: u8 = 3;

/// The most separate arcs of empty points around a hex point (runs in a
/// ring of six, each followed by a non-empty point).
pub(super) const MAX_ARCS: usize = 3;

/// A group's record, indexed by group id.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Group {
    pub size: u16,
    pub head: Point,
    /// Liberties where the group was last seen breathing (the sentinel when
    /// none): each still proves it while the point is empty and its region
    /// keeps a count other than one, since the stone beside it stays in the
    /// group for the group's life.
    pub breath: [Point; 2],
    /// What the group's last whole scan found: it breathed in fewer than
    /// two regions, `only` the one ([`NONE`] for none). It holds while the
    /// group keeps its stones and every region it touched then, listed in
    /// `touched` (padded with repeats) with the region's `changes` then,
    /// keeps that count of changes; `touched[0]` is [`NONE`] when nothing
    /// holds. So the scan is not repeated on later moves elsewhere.
    pub touched: [u16; TOUCHED],
    pub changes: [u32; TOUCHED],
    pub only: u16,
}

/// The most regions a group's cached scan may list.
pub(super) const TOUCHED: usize = 4;

impl Default for Group {
    fn default() -> Self {
        Group {
            size: 0,
            head: NO_POINT,
            breath: [NO_POINT; 2],
            touched: [NONE; TOUCHED],
            changes: [0; TOUCHED],
            only: NONE,
        }
    }
}

/// A region point next to a stone: evidence that the stone's group touches
/// the region.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Contact {
    pub empty: Point,
    pub stone: Point,
}

/// A region's record, indexed by region id.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Region {
    pub size: u16,
    pub head: Point,
    /// Per colour index: distinct groups of that colour touching the region,
    /// 0, 1, 2 (two or more), or [`UNKNOWN`].
    pub count: [u8; 2],
    /// Per colour: contacts with as many distinct groups as `count` says.
    pub witness: [[Contact; 2]; 2],
    /// Bumped whenever the region's points change, its id is reused, or a
    /// count of it may fall (merging groups): a group's cached scan naming
    /// it no longer holds.
    pub changes: u32,
}

impl Default for Region {
    fn default() -> Self {
        Region {
            size: 0,
            head: NO_POINT,
            count: [UNKNOWN; 2],
            witness: [[Contact::default(); 2]; 2],
            changes: 0,
        }
    }
}

/// The six neighbours of a point as a placement there sees them, as masks
/// over the ring's directions.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ring {
    pub points: &'static [Point; 6],
    pub empty: u8,
    pub friend: u8,
    pub foe: u8,
}

impl Ring {
    /// The runs of empty neighbours: connected parts of the region minus
    /// the point; with one run the region minus the point stays connected.
    #[inline]
    pub fn arcs(&self) -> usize {
        RUNS[self.empty as usize].count as usize
    }

    /// One point of each run of empty neighbours.
    #[inline]
    pub fn arc_points(&self) -> ([Point; MAX_ARCS], usize) {
        self.run_points(self.empty)
    }

    /// One point of each run of `mask`'s directions.
    #[inline]
    pub fn run_points(&self, mask: u8) -> ([Point; MAX_ARCS], usize) {
        let runs = RUNS[mask as usize];
        let mut out = [NO_POINT; MAX_ARCS];
        for (slot, &d) in out.iter_mut().zip(&runs.starts[..runs.count as usize]) {
            *slot = self.points[d as usize];
        }
        (out, runs.count as usize)
    }
}

impl<W: Width> Game<W> {
    /// Recomputes every group and region from `cells` alone; every group is
    /// suspect at the next removal.
    pub(super) fn rebuild(&mut self) {
        let n = self.board.points();
        self.cells[W::of(n as Point)] = BORDER;
        let board = self.board;
        self.free_groups.clear();
        self.free_groups.extend((0..n as u16).rev());
        self.free_regions.clear();
        self.free_regions.extend((0..n as u16).rev());
        self.label.fill(NONE);
        self.open.clear();
        self.suspects.clear();
        for p in 0..n {
            let mut around = 0;
            for (d, &q) in self.rings[p].iter().enumerate() {
                around |= 1 << (8 * self.cells[W::of(q)] as usize + d);
            }
            self.around[W::of(p as Point)] = around;
        }
        for start in 0..n as Point {
            if self.label[W::of(start)] != NONE {
                continue;
            }
            let cell = self.cells[W::of(start)];
            if cell == EMPTY {
                let r = self.new_region();
                self.label[W::of(start)] = r;
                self.scratch.stack.clear();
                self.scratch.stack.push(start);
                while let Some(q) = self.scratch.stack.pop() {
                    self.push_member(r, q);
                    self.open.insert(q);
                    for &m in board.neighbours(q) {
                        if self.cells[W::of(m)] == EMPTY && self.label[W::of(m)] == NONE {
                            self.label[W::of(m)] = r;
                            self.scratch.stack.push(m);
                        }
                    }
                }
            } else {
                let g = self.new_group(start);
                self.suspects.push(start);
                self.scratch.stack.clear();
                self.scratch.stack.push(start);
                while let Some(q) = self.scratch.stack.pop() {
                    for &m in board.neighbours(q) {
                        if self.cells[W::of(m)] == cell && self.label[W::of(m)] == NONE {
                            self.add_stone(g, m);
                            self.scratch.stack.push(m);
                        }
                    }
                }
            }
        }
    }

    pub(super) fn new_group(&mut self, p: Point) -> u16 {
        let g = self.free_groups.pop().expect("fewer groups than points");
        let sentinel = self.board.points() as Point;
        self.groups[W::of(g)] = Group {
            size: 1,
            head: p,
            breath: [sentinel; 2],
            touched: [NONE; TOUCHED],
            changes: [0; TOUCHED],
            only: NONE,
        };
        self.label[W::of(p)] = g;
        self.next[W::of(p)] = p;
        g
    }

    fn add_stone(&mut self, g: u16, p: Point) {
        let head = self.groups[W::of(g)].head;
        self.label[W::of(p)] = g;
        self.next[W::of(p)] = self.next[W::of(head)];
        self.next[W::of(head)] = p;
        let group = &mut self.groups[W::of(g)];
        group.size += 1;
        group.touched[0] = NONE;
    }

    /// Moves every stone of group `from` into group `into`.
    fn merge_group(&mut self, into: u16, from: u16) {
        let head = self.groups[W::of(from)].head;
        let mut s = head;
        loop {
            self.label[W::of(s)] = into;
            s = self.next[W::of(s)];
            if s == head {
                break;
            }
        }
        let into_head = self.groups[W::of(into)].head;
        self.next.swap(into_head as usize, head as usize);
        self.groups[W::of(into)].size += self.groups[W::of(from)].size;
        self.free_groups.push(from);
    }

    pub(super) fn new_region(&mut self) -> u16 {
        let r = self.free_regions.pop().expect("fewer regions than points");
        let region = &mut self.regions[W::of(r)];
        *region = Region {
            changes: region.changes.wrapping_add(1),
            ..Region::default()
        };
        r
    }

    pub(super) fn push_member(&mut self, r: u16, q: Point) {
        self.label[W::of(q)] = r;
        let region = &mut self.regions[W::of(r)];
        if region.size == 0 {
            region.head = q;
            self.next[W::of(q)] = q;
            self.prev[W::of(q)] = q;
        } else {
            let head = region.head;
            let after = self.next[W::of(head)];
            self.next[W::of(q)] = after;
            self.prev[W::of(q)] = head;
            self.next[W::of(head)] = q;
            self.prev[W::of(after)] = q;
        }
        region.size += 1;
    }

    pub(super) fn unlink_member(&mut self, r: u16, q: Point) {
        let (before, after) = (self.prev[W::of(q)], self.next[W::of(q)]);
        self.next[W::of(before)] = after;
        self.prev[W::of(after)] = before;
        let region = &mut self.regions[W::of(r)];
        if region.head == q {
            region.head = after;
        }
        region.size -= 1;
    }

    /// Sets the cell of `p` to `value` (a change), keeping its neighbours'
    /// ring masks.
    #[inline]
    pub(super) fn set_cell(&mut self, p: Point, value: u8) {
        let old = self.cells[W::of(p)];
        debug_assert_ne!(old, value);
        self.cells[W::of(p)] = value;
        // The bit of `p` moves from the old value's mask to the new one's:
        // one flip of both, shifted to `p`'s direction as each `q` sees it.
        let flip = (1u32 << (8 * old)) ^ (1u32 << (8 * value));
        for (d, &q) in self.rings[p as usize].iter().enumerate() {
            // Seen from `q`, `p` lies in the opposite direction.
            self.around[W::of(q)] ^= flip << ((d + 3) % 6);
        }
    }

    /// The directions around `p` whose cell holds `value`.
    #[inline]
    pub(super) fn around(&self, p: Point, value: u8) -> u32 {
        (self.around[W::of(p)] >> (8 * value as u32)) & 0x3f
    }

    /// Whether `contact` still shows a group of colour index `k` touching
    /// region `r`.
    #[inline]
    fn contact_holds(&self, r: u16, k: usize, contact: Contact) -> bool {
        self.cells[W::of(contact.empty)] == EMPTY
            && self.label[W::of(contact.empty)] == r
            && self.cells[W::of(contact.stone)] == k as u8 + 1
    }

    /// Ruling (obstructed): an enemy group obstructs a liberty exactly when
    /// it touches the region holding that liberty. Returns how many distinct
    /// groups of `colour` touch region `r` (so obstruct every liberty in it
    /// of the other colour's groups): 0, 1, or 2 for "two or more".
    #[inline(always)]
    pub(super) fn obstruction(&mut self, r: u16, colour: Colour) -> u8 {
        let k = colour.index();
        let region = &self.regions[W::of(r)];
        match region.count[k] {
            2 => {
                let [a, b] = region.witness[k];
                if self.contact_holds(r, k, a)
                    && self.contact_holds(r, k, b)
                    && self.label[W::of(a.stone)] != self.label[W::of(b.stone)]
                {
                    2
                } else {
                    self.recount(r, k)
                }
            }
            UNKNOWN => self.recount(r, k),
            count => count,
        }
    }

    /// Counts the groups of colour index `k` touching region `r`, stopping
    /// at the second, and records the count and its witnesses. Kept out of
    /// line so that [`Anda::obstruction`]'s common path inlines small.
    #[inline(never)]
    fn recount(&mut self, r: u16, k: usize) -> u8 {
        let rings = self.rings;
        let stone = k as u8 + 1;
        let head = self.regions[W::of(r)].head;
        let mut witness = [Contact::default(); 2];
        let mut count = 0;
        let mut q = head;
        'scan: loop {
            let mut stones = self.around(q, stone);
            while stones != 0 {
                let m = rings[q as usize][stones.trailing_zeros() as usize];
                stones &= stones - 1;
                if count == 0 || self.label[W::of(m)] != self.label[W::of(witness[0].stone)] {
                    witness[count] = Contact { empty: q, stone: m };
                    count += 1;
                    if count == 2 {
                        break 'scan;
                    }
                }
            }
            q = self.next[W::of(q)];
            if q == head {
                break;
            }
        }
        let region = &mut self.regions[W::of(r)];
        region.count[k] = count as u8;
        region.witness[k] = witness;
        count as u8
    }

    /// How a stone of `colour` at empty point `p` meets its neighbours.
    #[inline]
    pub(super) fn ring(&self, p: Point, colour: Colour) -> Ring {
        Ring {
            points: &self.rings[p as usize],
            empty: self.around(p, EMPTY) as u8,
            friend: self.around(p, colour.stone()) as u8,
            foe: self.around(p, colour.opponent().stone()) as u8,
        }
    }

    /// The distinct groups with a stone in `mask`'s directions of `ring`
    /// (one run is one group), as (group id, a stone) pairs.
    #[inline]
    pub(super) fn groups_in(&self, ring: &Ring, mask: u8) -> ([(u16, Point); MAX_ARCS], usize) {
        let runs = RUNS[mask as usize];
        let mut out = [(NONE, NO_POINT); MAX_ARCS];
        let mut count = 0;
        // Every run is compared with every slot (the unfilled ones hold no
        // group), and a slot is written past the filled ones only while one
        // is free: indices that need no bounds test.
        for (i, &d) in runs.starts.iter().enumerate() {
            if i == runs.count as usize {
                break;
            }
            let s = ring.points[d as usize % 6];
            let g = self.label[W::of(s)];
            if !out.iter().any(|&(h, _)| h == g) {
                for (j, slot) in out.iter_mut().enumerate() {
                    if j == count {
                        *slot = (g, s);
                    }
                }
                count += 1;
            }
        }
        (out, count)
    }

    /// Puts a stone of `colour` on empty point `p` and brings every group,
    /// region and count up to date, adding to `suspects` every group whose
    /// smothering may have changed. Removes nothing.
    pub(super) fn place(&mut self, p: Point, colour: Colour) {
        let rings = self.rings;
        let r0 = self.label[W::of(p)];
        let old = [
            self.obstruction(r0, Colour::Black),
            self.obstruction(r0, Colour::White),
        ];
        let old_witness = self.regions[W::of(r0)].witness;
        let ring = self.ring(p, colour);
        let (friends, friend_count) = self.groups_in(&ring, ring.friend);
        let friends = &friends[..friend_count];
        let (foes, _) = self.groups_in(&ring, ring.foe);

        // Regions beside two merging groups may drop from two touching
        // groups of this colour to one: note those that count two now.
        self.scratch.watch.clear();
        let mut keep = NONE;
        if let Some(&(biggest, _)) = friends
            .iter()
            .max_by_key(|&&(g, _)| self.groups[W::of(g)].size)
        {
            keep = biggest;
            if friends.len() > 1 {
                self.scratch.region_marks.clear();
                self.scratch.region_marks.mark(r0);
                for &(g, _) in friends.iter().filter(|&&(g, _)| g != keep) {
                    let head = self.groups[W::of(g)].head;
                    let mut s = head;
                    loop {
                        let mut liberties = self.around(s, EMPTY);
                        while liberties != 0 {
                            let m = rings[s as usize][liberties.trailing_zeros() as usize];
                            liberties &= liberties - 1;
                            let r = self.label[W::of(m)];
                            if self.scratch.region_marks.mark(r) && self.obstruction(r, colour) == 2
                            {
                                self.scratch.watch.push(r);
                            }
                        }
                        s = self.next[W::of(s)];
                        if s == head {
                            break;
                        }
                    }
                }
            }
        }

        // Every count that may fall is in `r0` or a watched region.
        for &r in self.scratch.watch.iter().chain([&r0]) {
            let region = &mut self.regions[W::of(r)];
            region.changes = region.changes.wrapping_add(1);
        }
        self.unlink_member(r0, p);
        self.open.remove(p);
        self.set_cell(p, colour.stone());
        let g = if keep == NONE {
            self.new_group(p)
        } else {
            for &(f, _) in friends {
                if f != keep {
                    self.merge_group(keep, f);
                }
            }
            self.add_stone(keep, p);
            keep
        };

        // The parts of the region minus `p`: `r0` keeps the largest (or the
        // only) one; any other gets a new id.
        let mut parts = [NONE; MAX_ARCS];
        let mut part_count = 0;
        if self.regions[W::of(r0)].size == 0 {
            self.free_regions.push(r0);
        } else {
            parts[0] = r0;
            part_count = 1;
            let (reps, arcs) = ring.arc_points();
            if arcs >= 2 && !self.arcs_bridged(&ring) {
                part_count += self.split(r0, &reps[..arcs], &mut parts[1..]);
            }
            let beside = reps[..arcs]
                .iter()
                .copied()
                .find(|&q| self.label[W::of(q)] == r0);
            let beside = beside.expect("the kept part is beside the stone");
            self.derive_counts(r0, colour, g, (beside, p), old, old_witness);
        }

        // Suspects: enemy groups beside the stone lost a liberty; groups
        // touching a part whose obstruction crossed "exactly one"; enemy
        // groups touching a region where this colour's groups merged.
        self.scratch.group_marks.clear();
        for &(f, s) in foes.iter().take_while(|&&(f, _)| f != NONE) {
            self.scratch.group_marks.mark(f);
            self.suspects.push(s);
        }
        for &part in &parts[..part_count] {
            for side in [Colour::Black, Colour::White] {
                let other = side.opponent();
                let before = old[other.index()] == 1;
                if (self.obstruction(part, other) == 1) != before {
                    self.suspect_touching(part, side);
                }
            }
        }
        for i in 0..self.scratch.watch.len() {
            let r = self.scratch.watch[i];
            if self.obstruction(r, colour) == 1 {
                self.suspect_touching(r, colour.opponent());
            }
        }
    }

    /// Adds to `suspects` one stone of each group of `colour` touching region
    /// `r` not yet marked in `group_marks`. The region's count for `colour`
    /// comes first: none, or one group, which its witness names, need no
    /// walk of the region (and it is read by the next legality test anyway).
    fn suspect_touching(&mut self, r: u16, colour: Colour) {
        match self.obstruction(r, colour) {
            0 => return,
            1 => {
                let m = self.regions[W::of(r)].witness[colour.index()][0].stone;
                if self.scratch.group_marks.mark(self.label[W::of(m)]) {
                    self.suspects.push(m);
                }
                return;
            }
            _ => {}
        }
        let rings = self.rings;
        let stone = colour.stone();
        let head = self.regions[W::of(r)].head;
        // Borrowed apart, so that the addresses stay in registers.
        let (around, label, next) = (&self.around, &self.label, &self.next);
        let (marks, suspects) = (&mut self.scratch.group_marks, &mut self.suspects);
        let mut q = head;
        loop {
            let mut stones = (around[W::of(q)] >> (8 * stone as u32)) & 0x3f;
            while stones != 0 {
                let m = rings[q as usize][stones.trailing_zeros() as usize];
                stones &= stones - 1;
                if marks.mark(label[W::of(m)]) {
                    suspects.push(m);
                }
            }
            q = next[W::of(q)];
            if q == head {
                break;
            }
        }
    }

    /// The counts of `r0`, the part of the old region that kept its id, from
    /// the old counts and witnesses where they still prove something, else
    /// left to a recount. `g` is the new stone's group, `contact` a point of
    /// `r0` and the stone beside it.
    fn derive_counts(
        &mut self,
        r0: u16,
        colour: Colour,
        g: u16,
        contact: (Point, Point),
        old: [u8; 2],
        old_witness: [[Contact; 2]; 2],
    ) {
        // The stone's colour first, then the other, written out: a loop over
        // both asking which is the stone's would branch at random.
        let k = colour.index();
        let known = old[k].min(2) as usize;
        // The new stone's group touches every part.
        let mut witness = [
            Contact {
                empty: contact.0,
                stone: contact.1,
            },
            Contact::default(),
        ];
        let other = old_witness[k][..known]
            .iter()
            .copied()
            .find(|&w| self.contact_holds(r0, k, w) && self.label[W::of(w.stone)] != g);
        let count = match other {
            Some(w) => {
                witness[1] = w;
                2
            }
            None if old[k] == 0 => 1,
            // The one group that touched it merged into the stone's.
            None if old[k] == 1 && self.label[W::of(old_witness[k][0].stone)] == g => 1,
            None => UNKNOWN,
        };
        let region = &mut self.regions[W::of(r0)];
        region.count[k] = count;
        region.witness[k] = witness;

        // No group of the other colour changed; some may touch no more.
        let k = 1 - k;
        let known = old[k].min(2) as usize;
        let mut witness = [Contact::default(); 2];
        let mut valid = 0;
        for &w in &old_witness[k][..known] {
            if self.contact_holds(r0, k, w)
                && (valid == 0 || self.label[W::of(w.stone)] != self.label[W::of(witness[0].stone)])
            {
                witness[valid] = w;
                valid += 1;
            }
        }
        let count = match (old[k], valid) {
            (0, _) => 0,
            (_, 2) => 2,
            (1, 1) => 1,
            _ => UNKNOWN,
        };
        let region = &mut self.regions[W::of(r0)];
        region.count[k] = count;
        region.witness[k] = witness;
    }
}
