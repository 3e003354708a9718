//! Judging groups: whether each group a move touched keeps a free breath,
//! starting from its witness, and the smothered groups of a colour.

use super::{free_breath, ring_entries, ring_mask, ring_values, Cells, Regions, NO_CELL, OFF};
use crate::board::Point;
use crate::core::{Colour, EMPTY};

impl Regions {
    /// Seeds the stones of the colours in `colours` beside the region
    /// holding cell `start`: flooded as a bitboard, with no branch per cell.
    pub(super) fn seed_beside_region(&mut self, start: usize, colours: [bool; 2]) {
        let width = self.width as u32;
        let d = &self.described;
        let beside = Cells::king_component_in(start, d.empty, width, self.words)
            .grown_king_in(width, self.words);
        for (stones, _) in d.stones.iter().zip(colours).filter(|&(_, wanted)| wanted) {
            self.scratch
                .seeds
                .extend(beside.and(*stones).iter().map(|g| g as u16));
        }
    }

    /// Ruling (smothering): a group lives when any of its breaths is not
    /// obstructed. Judges again the groups holding the seeded stones as they
    /// were before the stone just put on cell `placed` (or none, `NO_CELL`)
    /// joined them. A group's stones share one mark, so a group marked alive
    /// that shows a free breath is left at once, and a walk that meets a
    /// group left so is in it and stops. The placed stone's group then lives
    /// if the stone has a free breath or a group it joined lives.
    pub(super) fn judge_seeds(&mut self, placed: usize) {
        let ring = self.ring();
        let w = self.width as isize;
        let orthogonal = [-1, 1, -w, w];
        let (grid, comp, touching) = (
            &self.described.grid,
            &self.described.comp,
            &self.described.touching,
        );
        let (alive, dead) = (&mut self.described.alive, &mut self.described.dead);
        let witness = &mut self.described.witness;
        let (smothered_cells, listed) = (
            &mut self.described.smothered_cells,
            &mut self.described.listed,
        );
        let scratch = &mut self.scratch;
        scratch.seen.clear();
        for i in 0..scratch.seeds.len() {
            let seed = scratch.seeds[i];
            let value = grid[seed as usize];
            let Some(k) = Self::colour_index(value) else {
                continue;
            };
            if seed as usize == placed || !scratch.seen.mark(seed) {
                continue;
            }
            let stays_alive = alive[seed as usize];
            scratch.source_of[seed as usize] = i as u16;
            let w = witness[seed as usize] as usize;
            let is_free = |e: usize| free_breath(grid, comp, touching, e, k);
            if stays_alive && is_free(w) {
                continue;
            }
            scratch.group.clear();
            scratch.group.push(seed);
            let mut free = false;
            let mut next = 0;
            'walk: while next < scratch.group.len() {
                let s = scratch.group[next] as usize;
                next += 1;
                if !free {
                    let w = witness[s] as usize;
                    let breath = if is_free(w) {
                        Some(w)
                    } else {
                        ring.iter()
                            .map(|&o| s.wrapping_add_signed(o))
                            .find(|&e| is_free(e))
                    };
                    if let Some(e) = breath {
                        free = true;
                        for &t in &scratch.group {
                            witness[t as usize] = e as u16;
                        }
                        if stays_alive {
                            break;
                        }
                    }
                }
                for &o in &orthogonal {
                    let u = s.wrapping_add_signed(o);
                    if grid[u] != value || u == placed {
                        continue;
                    }
                    if scratch.seen.mark(u as u16) {
                        scratch.source_of[u] = i as u16;
                        scratch.group.push(u as u16);
                    } else if scratch.source_of[u] != i as u16 {
                        free = alive[seed as usize];
                        break 'walk;
                    }
                }
            }
            for &s in &scratch.group {
                let s = s as usize;
                if alive[s] != free {
                    alive[s] = free;
                    if free {
                        dead[k] -= 1;
                    } else {
                        dead[k] += 1;
                        if !std::mem::replace(&mut listed[s], true) {
                            smothered_cells.push(s as u16);
                        }
                    }
                }
            }
        }
        scratch.seeds.clear();
        let Some(k) = (placed != NO_CELL)
            .then(|| Self::colour_index(grid[placed]))
            .flatten()
        else {
            return;
        };
        let value = grid[placed];
        let free = ring
            .iter()
            .any(|&o| free_breath(grid, comp, touching, placed.wrapping_add_signed(o), k))
            || orthogonal.iter().any(|&o| {
                let u = placed.wrapping_add_signed(o);
                grid[u] == value && alive[u]
            });
        if !free {
            // Every group it joined is smothered too.
            if !std::mem::replace(&mut listed[placed], true) {
                smothered_cells.push(placed as u16);
            }
            return;
        }
        // Its stone and the smothered groups it joined come alive.
        alive[placed] = true;
        dead[k] -= 1;
        scratch.group.clear();
        scratch.group.push(placed as u16);
        while let Some(s) = scratch.group.pop() {
            for &o in &orthogonal {
                let u = (s as usize).wrapping_add_signed(o);
                if grid[u] == value && !alive[u] {
                    alive[u] = true;
                    dead[k] -= 1;
                    scratch.group.push(u as u16);
                }
            }
        }
    }

    /// Appends to `out` the stones of `colour` in smothered groups (every
    /// breath obstructed, or no breath at all), in point order.
    pub(in crate::games::anadil) fn smothered(&mut self, colour: Colour, out: &mut Vec<Point>) {
        if self.described.dead[colour.index()] == 0 {
            return;
        }
        let stone = colour.stone();
        let start = out.len();
        // Drop the stones since removed or revived.
        let mut kept = 0;
        for i in 0..self.described.smothered_cells.len() {
            let g = self.described.smothered_cells[i];
            if self.described.alive[g as usize]
                || Self::colour_index(self.described.grid[g as usize]).is_none()
            {
                self.described.listed[g as usize] = false;
                continue;
            }
            self.described.smothered_cells[kept] = g;
            kept += 1;
            if self.described.grid[g as usize] == stone {
                out.push(self.point_of(g as usize));
            }
        }
        self.described.smothered_cells.truncate(kept);
        out[start..].sort_unstable();
    }

    /// Queues the stones around cell `g` to be judged: their groups lost or
    /// gained the breath `g`.
    pub(super) fn seed_ring(&mut self, g: usize) {
        let ring = self.ring();
        let around = ring_values(&self.described.grid, g, self.width);
        let stones = !(ring_mask(around, EMPTY) | ring_mask(around, OFF));
        for i in ring_entries(stones) {
            self.scratch
                .seeds
                .push(g.wrapping_add_signed(ring[i]) as u16);
        }
    }
}
