//! Putting a stone on the board: its region loses the point (and may
//! split), the friendly supergroups around it merge, and the regions and
//! groups whose counts or breaths changed are counted and judged again.

use super::reach::SEVERAL;
use super::{obstruction, ring_connected, Regions, BOTH, NONE, UNBOUNDED};
use crate::board::Point;
use crate::core::{Colour, EMPTY};

/// The friendly supergroups around a placed stone (their distinct ids, at
/// most one per ring cell) and the one that took the others.
struct Merged {
    friends: [u16; 8],
    found: usize,
    target: u16,
}

impl Merged {
    fn friends(&self) -> &[u16] {
        &self.friends[..self.found]
    }
}

impl Regions {
    /// Puts a stone of `colour` on empty point `p` and brings the
    /// description up to date: `p`'s region loses it (and may split), the
    /// friendly supergroups around it merge, and the groups whose breaths
    /// changed are judged again.
    pub(in crate::games::anadil) fn place(&mut self, p: Point, colour: Colour) {
        let g = self.cell_of(p);
        let region = self.described.comp[g];
        let touching = self.described.touching[region as usize];
        let before = obstruction(touching);
        self.described.put_stone(g, colour);
        self.described.size[region as usize] -= 1;
        self.described.alive[g] = false;
        self.described.dead[colour.index()] += 1;
        self.scratch.queued.clear();
        let whole = self.take_from_region(g, colour, region, touching, before);
        let merged = self.merge_friends(g, colour);
        if whole {
            self.recount_kept_region(g, colour, region, before, &merged);
        }
        self.recount_beside_merged(colour, &merged);
        // The groups around `p`: they lost the breath `p`, and `p` may join
        // them.
        self.seed_ring(g);
        self.recount_queued();
        self.judge_seeds(g);
    }

    /// `region` loses cell `g`, now a stone of `colour`: it goes when `g`
    /// was its last cell, and splits when the empty ring around `g` falls
    /// apart, its pieces queued to be counted. Returns whether the region
    /// is kept whole.
    fn take_from_region(
        &mut self,
        g: usize,
        colour: Colour,
        region: u16,
        touching: [u8; 2],
        before: u8,
    ) -> bool {
        let ring = self.ring();
        let mut open = 0u8;
        for (i, &o) in ring.iter().enumerate() {
            if self.described.grid[g.wrapping_add_signed(o)] == EMPTY {
                open |= 1 << i;
            }
        }
        let whole = open != 0 && ring_connected(open);
        if open == 0 {
            self.described.unused.push(region);
        } else if !whole {
            // The pieces are reached by no enemy supergroup that did not
            // reach the region, nor by a friendly one other than those and
            // the new stone's (which takes those beside it).
            let (k, stone) = (colour.index(), colour.stone());
            let befriended = ring
                .iter()
                .any(|&o| self.described.grid[g.wrapping_add_signed(o)] == stone);
            let mut most = touching;
            if most[k] != SEVERAL {
                most[k] += u8::from(!befriended);
            }
            self.scratch.moved.clear();
            self.split_region(g, open, region);
            for i in 0..self.scratch.moved.len() {
                let c = self.scratch.moved[i] as usize;
                self.queue(self.described.comp[c], before, c, BOTH, most);
            }
            let rest = self.ring_cell_of(g, region);
            self.queue(region, before, rest, BOTH, most);
        }
        whole
    }

    /// The stone at `g` joins the friendly supergroups around it: the
    /// largest takes the others (and the stone), whose cells are relabelled
    /// and listed in `scratch.moved`; a stone with no friend around starts
    /// a supergroup.
    fn merge_friends(&mut self, g: usize, colour: Colour) -> Merged {
        let ring = self.ring();
        let stone = colour.stone();
        let mut merged = Merged {
            friends: [NONE; 8],
            found: 0,
            target: NONE,
        };
        for &o in &ring {
            let s = g.wrapping_add_signed(o);
            let id = self.described.comp[s];
            if self.described.grid[s] != stone || merged.friends().contains(&id) {
                continue;
            }
            merged.friends[merged.found] = id;
            merged.found += 1;
            if merged.target == NONE
                || self.described.size[id as usize] > self.described.size[merged.target as usize]
            {
                merged.target = id;
            }
        }
        if merged.target == NONE {
            merged.target = Self::allocate(&mut self.described.unused);
            self.described.size[merged.target as usize] = 0;
        }
        let target = merged.target;
        self.described.comp[g] = target;
        self.described.size[target as usize] += 1;
        self.scratch.moved.clear();
        for &o in &ring {
            let s = g.wrapping_add_signed(o);
            let other = self.described.comp[s];
            if self.described.grid[s] != stone || other == target {
                continue;
            }
            self.scratch.stack.push(s as u16);
            self.described.comp[s] = target;
            while let Some(c) = self.scratch.stack.pop() {
                self.scratch.moved.push(c);
                for &o in &ring {
                    let u = (c as usize).wrapping_add_signed(o);
                    if self.described.comp[u] == other && self.described.grid[u] == stone {
                        self.described.comp[u] = target;
                        self.scratch.stack.push(u as u16);
                    }
                }
            }
            self.described.size[target as usize] += self.described.size[other as usize];
            self.described.unused.push(other);
        }
        merged
    }

    /// For a region kept whole around the stone at `g`: the friendly
    /// supergroups reaching it lose the merged ones and gain the target;
    /// the enemy ones only lose those that reached it through `g` alone.
    /// Counted again only when the ring cannot tell.
    fn recount_kept_region(
        &mut self,
        g: usize,
        colour: Colour,
        region: u16,
        before: u8,
        merged: &Merged,
    ) {
        let ring = self.ring();
        let k = colour.index();
        let enemy_stone = colour.opponent().stone();
        let r = region as usize;
        let mut want = [false; 2];
        match self.reach(r, k).merge(merged.friends(), merged.target) {
            Some(reach) => self.set_reach(r, k, reach.with(merged.target)),
            None => want[k] = true,
        }
        let (grid, comp) = (&self.described.grid, &self.described.comp);
        let still_reaches = |supergroup: u16| {
            ring.iter().any(|&o| {
                let s = g.wrapping_add_signed(o);
                comp[s] == supergroup
                    && ring.iter().any(|&o| {
                        let e = s.wrapping_add_signed(o);
                        grid[e] == EMPTY && comp[e] == region
                    })
            })
        };
        want[1 - k] = ring.iter().any(|&o| {
            let s = g.wrapping_add_signed(o);
            grid[s] == enemy_stone && !still_reaches(comp[s])
        });
        let rest = self.ring_cell_of(g, region);
        self.queue(region, before, rest, want, UNBOUNDED);
    }

    /// Regions beside the cells of merged supergroups (`scratch.moved`) may
    /// count one fewer of them.
    fn recount_beside_merged(&mut self, colour: Colour, merged: &Merged) {
        let ring = self.ring();
        let k = colour.index();
        for i in 0..self.scratch.moved.len() {
            let c = self.scratch.moved[i] as usize;
            for &o in &ring {
                let e = c.wrapping_add_signed(o);
                let r = self.described.comp[e];
                if self.described.grid[e] != EMPTY || self.scratch.queued.is_marked(r) {
                    continue;
                }
                let before = obstruction(self.described.touching[r as usize]);
                let mut want = [false; 2];
                match self
                    .reach(r as usize, k)
                    .merge(merged.friends(), merged.target)
                {
                    Some(reach) => self.set_reach(r as usize, k, reach.with(merged.target)),
                    None => want[k] = true,
                }
                self.queue(r, before, e, want, UNBOUNDED);
            }
        }
    }

    /// A cell of `region` in the ring around cell `g`.
    fn ring_cell_of(&self, g: usize, region: u16) -> usize {
        self.ring()
            .iter()
            .map(|&o| g.wrapping_add_signed(o))
            .find(|&e| self.described.comp[e] == region && self.described.grid[e] == EMPTY)
            .expect("the region keeps a cell of the ring")
    }
}
