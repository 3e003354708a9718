//! Putting a stone on the board: its region loses the point (and may
//! split), the friendly supergroups around it merge, and the regions and
//! groups whose counts or breaths changed are counted and judged again.

use super::reach::SEVERAL;
use super::{obstruction, ring_connected, Regions, BOTH, NONE, UNBOUNDED};
use crate::board::Point;
use crate::core::{Colour, EMPTY};

impl Regions {
    /// Puts a stone of `colour` on empty point `p` and brings the
    /// description up to date: `p`'s region loses it (and may split), the
    /// friendly supergroups around it merge, and the groups whose breaths
    /// changed are judged again.
    pub(in crate::games::anadil) fn place(&mut self, p: Point, colour: Colour) {
        let g = self.cell_of(p);
        let ring = self.ring();
        let (k, stone) = (colour.index(), colour.stone());
        let enemy_stone = colour.opponent().stone();
        let region = self.described.comp[g];
        let touching = self.described.touching[region as usize];
        let before = obstruction(touching);
        self.described.put_stone(g, colour);
        self.described.size[region as usize] -= 1;
        self.described.alive[g] = false;
        self.described.dead[k] += 1;
        self.scratch.queued.clear();
        // The region: split only if the empty ring falls apart.
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
        // The supergroup: the largest friendly one around takes the others.
        let (mut friends, mut found) = ([NONE; 8], 0);
        let mut target = NONE;
        for &o in &ring {
            let s = g.wrapping_add_signed(o);
            let id = self.described.comp[s];
            if self.described.grid[s] != stone || friends[..found].contains(&id) {
                continue;
            }
            friends[found] = id;
            found += 1;
            if target == NONE
                || self.described.size[id as usize] > self.described.size[target as usize]
            {
                target = id;
            }
        }
        let friends = &friends[..found];
        if target == NONE {
            target = Self::allocate(&mut self.described.unused);
            self.described.size[target as usize] = 0;
        }
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
        if whole {
            // The friendly supergroups reaching the region lose the merged
            // ones and gain the target; the enemy ones only lose those that
            // reached it through `p` alone. Counted only when the ring
            // cannot tell.
            let r = region as usize;
            let mut want = [false; 2];
            match self.reach(r, k).merge(friends, target) {
                Some(reach) => self.set_reach(r, k, reach.with(target)),
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
        // Regions beside merged supergroups may count one fewer of them.
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
                match self.reach(r as usize, k).merge(friends, target) {
                    Some(reach) => self.set_reach(r as usize, k, reach.with(target)),
                    None => want[k] = true,
                }
                self.queue(r, before, e, want, UNBOUNDED);
            }
        }
        // The groups around `p`: they lost the breath `p`, and `p` may join
        // them.
        for &o in &ring {
            let s = g.wrapping_add_signed(o);
            if Self::colour_index(self.described.grid[s]).is_some() {
                self.scratch.seeds.push(s as u16);
            }
        }
        self.recount_queued();
        self.judge_seeds(g);
    }

    /// A cell of `region` in the ring around cell `g`.
    pub(super) fn ring_cell_of(&self, g: usize, region: u16) -> usize {
        self.ring()
            .iter()
            .map(|&o| g.wrapping_add_signed(o))
            .find(|&e| self.described.comp[e] == region && self.described.grid[e] == EMPTY)
            .expect("the region keeps a cell of the ring")
    }
}
