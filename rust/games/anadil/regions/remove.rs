//! Taking stones off the board: the emptied points join the regions around
//! them, and the supergroups that held them may fall apart.

use super::reach::{Fate, Reach};
use super::{
    obstruction, ring_entries, ring_mask, ring_values, Recount, Regions, NONE, NO_CELL, UNBOUNDED,
};
use crate::board::Point;
use crate::core::{Colour, EMPTY};

impl Regions {
    /// Floods the cells equal to `value` in component `old` from each of
    /// `scratch.sources` at once, one cell per flood in turn, joining floods
    /// that meet, until at most one group of joined floods still grows. Each
    /// group that stopped is a whole component apart from the rest: it gets a
    /// new id and its cells go to `scratch.moved`. So a component that does
    /// not fall apart is walked only until its floods meet, and one that does
    /// only over its smaller parts.
    pub(super) fn separate(&mut self, value: u8, old: u16) {
        let ring = self.ring();
        let (grid, comp, size) = (
            &self.described.grid,
            &mut self.described.comp,
            &mut self.described.size,
        );
        let unused = &mut self.described.unused;
        let s = &mut self.scratch;
        s.seen.clear();
        let mut n = 0;
        for i in 0..s.sources.len() {
            let c = s.sources[i];
            if !s.seen.mark(c) {
                continue;
            }
            if s.floods.len() == n {
                s.floods.push(Vec::new());
            }
            s.floods[n].clear();
            s.floods[n].push(c);
            s.source_of[c as usize] = n as u16;
            n += 1;
        }
        s.sources.clear();
        s.expanded.clear();
        s.expanded.resize(n, 0);
        s.joined.clear();
        s.joined.extend(0..n as u16);
        fn root(joined: &mut [u16], mut i: u16) -> u16 {
            while joined[i as usize] != i {
                let grand = joined[joined[i as usize] as usize];
                joined[i as usize] = grand;
                i = grand;
            }
            i
        }
        loop {
            s.growing.clear();
            s.growing.resize(n, false);
            for i in 0..n {
                if s.expanded[i] < s.floods[i].len() {
                    let r = root(&mut s.joined, i as u16) as usize;
                    s.growing[r] = true;
                }
            }
            let groups = (0..n).filter(|&i| s.joined[i] == i as u16).count();
            let growing = s.growing.iter().filter(|&&g| g).count();
            if groups <= 1 || growing <= 1 {
                if groups <= 1 {
                    return;
                }
                break;
            }
            for i in 0..n {
                let Some(&c) = s.floods[i].get(s.expanded[i]) else {
                    continue;
                };
                s.expanded[i] += 1;
                for &o in &ring {
                    let u = (c as usize).wrapping_add_signed(o);
                    if grid[u] != value || comp[u] != old {
                        continue;
                    }
                    if s.seen.mark(u as u16) {
                        s.source_of[u] = i as u16;
                        s.floods[i].push(u as u16);
                    } else {
                        let (a, b) = (
                            root(&mut s.joined, i as u16),
                            root(&mut s.joined, s.source_of[u]),
                        );
                        s.joined[a.max(b) as usize] = a.min(b);
                    }
                }
            }
        }
        // The group still growing keeps the id; when none does, the largest.
        let mut keep = NONE;
        let mut keep_size = 0;
        for i in 0..n {
            let r = root(&mut s.joined, i as u16);
            if r as usize == i {
                let total: usize = (0..n)
                    .filter(|&j| root(&mut s.joined, j as u16) == r)
                    .map(|j| s.floods[j].len())
                    .sum();
                if s.growing[i] {
                    keep = r;
                    keep_size = usize::MAX;
                } else if total > keep_size {
                    keep = r;
                    keep_size = total;
                }
            }
        }
        for i in 0..n {
            let r = root(&mut s.joined, i as u16);
            if r as usize != i || r == keep {
                continue;
            }
            let id = Self::allocate(unused);
            size[id as usize] = 0;
            for j in 0..n {
                if root(&mut s.joined, j as u16) != r {
                    continue;
                }
                for &c in &s.floods[j] {
                    comp[c as usize] = id;
                    s.moved.push(c);
                }
                size[id as usize] += s.floods[j].len() as u16;
                size[old as usize] -= s.floods[j].len() as u16;
            }
        }
    }

    /// Takes the stones on `points` (all of `colour`) off the board and
    /// brings the description up to date: the emptied points join the
    /// regions around them (merged into the largest), the supergroups that
    /// held them may fall apart, and the groups whose breaths changed are
    /// judged again.
    pub(in crate::games::anadil) fn remove(&mut self, points: &[Point], colour: Colour) {
        let (k, stone) = (colour.index(), colour.stone());
        self.lift_stones(points, k);
        self.merge_regions(points);
        self.separate_broken(points, stone);
        self.queue_merged_regions(points, k);
        self.queue_beside_parts(k);
        self.reach_beside_emptied(points);
        self.settle_known_reaches();
        self.recount_queued();
        // The groups that gained a breath.
        for &p in points {
            self.seed_ring(self.cell_of(p));
        }
        self.judge_seeds(NO_CELL);
    }

    /// Lifts the stones on `points` (colour index `k`) off the description,
    /// noting the supergroups that lost stones in `scratch.broken`.
    fn lift_stones(&mut self, points: &[Point], k: usize) {
        self.scratch.broken.clear();
        for &p in points {
            let g = self.cell_of(p);
            let supergroup = self.described.comp[g];
            self.described.size[supergroup as usize] -= 1;
            if !self.scratch.broken.contains(&supergroup) {
                self.scratch.broken.push(supergroup);
            }
            if !self.described.alive[g] {
                self.described.dead[k] -= 1;
            }
            self.described.alive[g] = false;
            self.described.take_stone(g, k);
            self.described.comp[g] = NONE;
        }
    }

    /// Each emptied point joins the largest region beside it, which takes
    /// every other region it now touches; the merged regions (marked in
    /// `scratch.merging`) gather the obstruction and reaches of those they
    /// took.
    fn merge_regions(&mut self, points: &[Point]) {
        let ring = self.ring();
        self.scratch.merging.clear();
        for &p in points {
            let g = self.cell_of(p);
            if self.described.comp[g] != NONE {
                continue;
            }
            let mut target = NONE;
            for &o in &ring {
                let e = g.wrapping_add_signed(o);
                let r = self.described.comp[e];
                if self.described.grid[e] == EMPTY
                    && r != NONE
                    && (target == NONE
                        || self.described.size[r as usize] > self.described.size[target as usize])
                {
                    target = r;
                }
            }
            if target == NONE {
                target = Self::allocate(&mut self.described.unused);
                self.described.size[target as usize] = 0;
                self.scratch.merging.mark(target);
                self.scratch.merged[target as usize] = 0;
                self.scratch.reaching[target as usize] = [Reach::NOTHING; 2];
            } else if self.scratch.merging.mark(target) {
                let t = target as usize;
                self.scratch.merged[t] = obstruction(self.described.touching[t]);
                self.scratch.reaching[t] = [self.reach(t, 0), self.reach(t, 1)];
            }
            self.described.comp[g] = target;
            self.described.size[target as usize] += 1;
            self.scratch.stack.push(g as u16);
            while let Some(c) = self.scratch.stack.pop() {
                let c = c as usize;
                let open = ring_mask(ring_values(&self.described.grid, c, self.width), EMPTY);
                for i in ring_entries(open) {
                    let u = c.wrapping_add_signed(ring[i]);
                    let r = self.described.comp[u];
                    if r == target {
                        continue;
                    }
                    if r != NONE {
                        let (mask, reaching) = if self.scratch.merging.is_marked(r) {
                            (
                                self.scratch.merged[r as usize],
                                self.scratch.reaching[r as usize],
                            )
                        } else {
                            let r = r as usize;
                            (
                                obstruction(self.described.touching[r]),
                                [self.reach(r, 0), self.reach(r, 1)],
                            )
                        };
                        let t = target as usize;
                        self.scratch.merged[t] |= mask;
                        for (into, from) in self.scratch.reaching[t].iter_mut().zip(reaching) {
                            *into = into.join(from);
                        }
                        self.described.size[r as usize] -= 1;
                        if self.described.size[r as usize] == 0 {
                            self.described.unused.push(r);
                        }
                    }
                    self.described.comp[u] = target;
                    self.described.size[target as usize] += 1;
                    self.scratch.stack.push(u as u16);
                }
            }
        }
    }

    /// A supergroup that lost stones falls apart only if the stones left
    /// beside the emptied points are not all joined; each one's fate goes
    /// to `scratch.fates`, the cells of parts that left to `scratch.moved`.
    fn separate_broken(&mut self, points: &[Point], stone: u8) {
        let ring = self.ring();
        self.scratch.moved.clear();
        self.scratch.fates.clear();
        for i in 0..self.scratch.broken.len() {
            let supergroup = self.scratch.broken[i];
            if self.described.size[supergroup as usize] == 0 {
                self.described.unused.push(supergroup);
                self.scratch.fates.push(Fate::Gone);
                continue;
            }
            for &p in points {
                let g = self.cell_of(p);
                for &o in &ring {
                    let s = g.wrapping_add_signed(o);
                    if self.described.comp[s] == supergroup && self.described.grid[s] == stone {
                        self.scratch.sources.push(s as u16);
                    }
                }
            }
            let moved = self.scratch.moved.len();
            self.separate(stone, supergroup);
            self.scratch
                .fates
                .push(if self.scratch.moved.len() > moved {
                    Fate::Split
                } else {
                    Fate::Whole
                });
        }
    }

    /// Each merged region is reached by what reached the regions merged
    /// into it, and by what is beside the emptied points. The enemy
    /// supergroups stay as they were; of this colour's, one that lost
    /// stones is gone, or still reaches the region whole, or split into
    /// parts of which only those beside the emptied points are known:
    /// this colour is counted again only when that leaves it unknown.
    fn queue_merged_regions(&mut self, points: &[Point], k: usize) {
        self.scratch.queued.clear();
        for &p in points {
            let g = self.cell_of(p);
            let r = self.described.comp[g];
            if self.scratch.queued.is_marked(r) {
                continue;
            }
            let scratch = &mut self.scratch;
            let (broken, fates) = (&scratch.broken, &scratch.fates);
            let fate = |id| broken.iter().position(|&b| b == id).map(|i| fates[i]);
            let mut want = [false; 2];
            match scratch.reaching[r as usize][k].after_removal(fate) {
                Some(reach) => scratch.reaching[r as usize][k] = reach,
                None => want[k] = true,
            }
            self.queue(r, self.scratch.merged[r as usize], g, want, UNBOUNDED);
        }
    }

    /// Regions beside a part that left may count one more of colour index
    /// `k`.
    fn queue_beside_parts(&mut self, k: usize) {
        let ring = self.ring();
        for j in 0..self.scratch.moved.len() {
            let c = self.scratch.moved[j] as usize;
            for &o in &ring {
                let e = c.wrapping_add_signed(o);
                if self.described.grid[e] == EMPTY {
                    let r = self.described.comp[e];
                    let mut want = [false; 2];
                    want[k] = true;
                    self.queue(
                        r,
                        obstruction(self.described.touching[r as usize]),
                        e,
                        want,
                        UNBOUNDED,
                    );
                }
            }
        }
    }

    /// The merged regions are reached by the supergroups beside the emptied
    /// points.
    fn reach_beside_emptied(&mut self, points: &[Point]) {
        let ring = self.ring();
        for &p in points {
            let g = self.cell_of(p);
            let r = self.described.comp[g] as usize;
            for &o in &ring {
                let s = g.wrapping_add_signed(o);
                if let Some(c) = Self::colour_index(self.described.grid[s]) {
                    let reach = &mut self.scratch.reaching[r][c];
                    *reach = reach.with(self.described.comp[s]);
                }
            }
        }
    }

    /// The merged regions take the reaches gathered for them, for the
    /// colours not counted again.
    fn settle_known_reaches(&mut self) {
        for i in 0..self.scratch.recount.len() {
            let Recount {
                region: r, want, ..
            } = self.scratch.recount[i];
            if !self.scratch.merging.is_marked(r) {
                continue;
            }
            for c in (0..2).filter(|&c| !want[c]) {
                self.set_reach(r as usize, c, self.scratch.reaching[r as usize][c]);
            }
        }
    }
}
