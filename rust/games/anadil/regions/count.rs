//! Counting the supergroups of each colour that reach a region: from the
//! ring of a changed cell when it can tell, else by walking the region
//! (flooding a large one at once); and the queue of regions to count again.

use super::reach::{Reach, SEVERAL};
use super::{free_breath, obstruction, Cells, Recount, Regions, OFF, WALKED};
use crate::core::EMPTY;

impl Regions {
    /// Ruling (reach): a supergroup reaches a breath when it is king-adjacent
    /// to the breath's king-region. Counts, for the region `region` holding
    /// cell `start`, the distinct supergroups of each colour in `want` that
    /// reach it, walking the region from `start` until each has two (then
    /// `SEVERAL`, unless the walk was over) or as many as `most` says can
    /// reach it at all (a count of `SEVERAL` sets no bound). The stones
    /// beside the cells walked go to `scratch.beside`; returns whether that
    /// is all of them (the whole region was walked).
    pub(super) fn count_touching(
        &mut self,
        region: u16,
        start: usize,
        want: [bool; 2],
        most: [u8; 2],
    ) -> bool {
        if want == [false, false] {
            return false;
        }
        let ring = self.ring();
        let (grid, comp) = (&self.described.grid, &self.described.comp);
        let scratch = &mut self.scratch;
        scratch.beside.clear();
        scratch.seen.clear();
        scratch.seen.mark(start as u16);
        scratch.stack.clear();
        scratch.stack.push(start as u16);
        let mut reach = [Reach::NOTHING; 2];
        let mut complete = true;
        let mut walked = 0;
        while let Some(e) = scratch.stack.pop() {
            walked += 1;
            if walked > WALKED {
                break;
            }
            for &o in &ring {
                let u = (e as usize).wrapping_add_signed(o);
                match grid[u] {
                    EMPTY => {
                        if scratch.seen.mark(u as u16) {
                            scratch.stack.push(u as u16);
                        }
                    }
                    OFF => {}
                    stone => {
                        // Each stone once: it is walked past, not through.
                        if !scratch.seen.mark(u as u16) {
                            continue;
                        }
                        scratch.beside.push(u as u16);
                        let k = (stone - 1) as usize;
                        if want[k] {
                            reach[k] = reach[k].with(comp[u]);
                        }
                    }
                }
            }
            let done = |c: usize| !want[c] || reach[c].count >= most[c].min(2);
            if done(0) && done(1) {
                complete = scratch.stack.is_empty();
                scratch.stack.clear();
                break;
            }
        }
        if walked > WALKED {
            // A large region: the rest at once, and every stone beside it.
            scratch.stack.clear();
            scratch.beside.clear();
            reach = [Reach::NOTHING; 2];
            let width = self.width as u32;
            let d = &self.described;
            let beside = Cells::king_component_in(start, d.empty, width, self.words)
                .grown_king_in(width, self.words);
            for (k, stones) in d.stones.iter().enumerate() {
                for g in beside.and(*stones).iter() {
                    scratch.beside.push(g as u16);
                    if want[k] {
                        reach[k] = reach[k].with(d.comp[g]);
                    }
                }
            }
            complete = true;
        }
        for k in (0..2).filter(|&k| want[k]) {
            if !complete && reach[k].count == 2 && most[k] == SEVERAL {
                // More may reach it beyond the walk.
                reach[k].count = SEVERAL;
            }
            self.set_reach(region as usize, k, reach[k]);
        }
        complete
    }

    /// What is known of the supergroups of colour index `k` reaching the
    /// region with id `region`.
    pub(super) fn reach(&self, region: usize, k: usize) -> Reach {
        Reach {
            count: self.described.touching[region][k],
            ids: [
                self.described.first[region][k],
                self.described.second[region][k],
            ],
        }
    }

    pub(super) fn set_reach(&mut self, region: usize, k: usize, reach: Reach) {
        self.described.touching[region][k] = reach.count;
        [
            self.described.first[region][k],
            self.described.second[region][k],
        ] = reach.ids;
    }

    /// Queues `region` (holding cell `start`) to be counted again for the
    /// colours in `want`, with its obstruction mask before the update,
    /// unless it was queued already.
    pub(super) fn queue(
        &mut self,
        region: u16,
        before: u8,
        start: usize,
        want: [bool; 2],
        most: [u8; 2],
    ) {
        if self.scratch.queued.mark(region) {
            self.scratch.recount.push(Recount {
                region,
                before,
                start: start as u16,
                want,
                most,
            });
        }
    }

    /// Counts the queued regions again; where a region's obstruction for a
    /// colour differs from what it (or a region merged into it) was, the
    /// groups of that colour beside it are to be judged again: all of them
    /// if it is now obstructed, and only if some group of that colour is
    /// smothered if it is now free (a living group stays alive).
    pub(super) fn recount_queued(&mut self) {
        for i in 0..self.scratch.recount.len() {
            let Recount {
                region,
                before,
                start,
                want,
                most,
            } = self.scratch.recount[i];
            let complete = self.count_touching(region, start as usize, want, most);
            let after = obstruction(self.described.touching[region as usize]);
            let changed = before & !after;
            let mut colours = [changed & 3 != 0, changed & 12 != 0];
            for (c, again) in colours.iter_mut().enumerate() {
                let now_free = after >> (2 * c) & 1 == 1;
                *again &= !now_free || self.described.dead[c] > 0;
            }
            if colours == [false, false] {
                continue;
            }
            if complete {
                let (grid, scratch) = (&self.described.grid, &mut self.scratch);
                for &s in &scratch.beside {
                    if colours[(grid[s as usize] - 1) as usize] {
                        scratch.seeds.push(s);
                    }
                }
            } else if self.described.size[region as usize] as usize * 8 > self.described.grid.len()
            {
                // Walking a region reads eight neighbours per cell, and the
                // pass over the grid one cell each (most stones then need no
                // judging, see below): past an eighth of the grid, the pass
                // is cheaper.
                for (everyone, again) in self.scratch.everyone.iter_mut().zip(colours) {
                    *everyone |= again;
                }
            } else {
                self.seed_beside_region(start as usize, colours);
            }
        }
        self.scratch.recount.clear();
        if self.scratch.everyone != [false; 2] {
            let everyone = std::mem::take(&mut self.scratch.everyone);
            let d = &self.described;
            // Every region is counted by now, so a living stone whose
            // witness is still a free breath can be left out here already.
            for (k, stones) in d.stones.iter().enumerate() {
                if !everyone[k] {
                    continue;
                }
                for g in stones.iter() {
                    let w = d.witness[g] as usize;
                    if !(d.alive[g] && free_breath(&d.grid, &d.comp, &d.touching, w, k)) {
                        self.scratch.seeds.push(g as u16);
                    }
                }
            }
        }
    }
}
