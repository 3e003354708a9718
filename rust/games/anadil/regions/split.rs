//! A region that a placed stone may split, flooded from the pieces of the
//! stone's ring at once as bitboards (see `Cells`): a king step per round
//! for every piece, so a split found near the stone costs a few rounds,
//! whatever the size of the region.

use super::{ring_piece, Cells, Regions};

/// The most pieces a ring can fall into: the four diagonal cells alone.
const PIECES: usize = 4;

impl Regions {
    /// After a stone filled cell `g` of the region `region`, with the empty
    /// cells of its ring in more than one piece (`open`, as in
    /// [`super::ring_connected`]): floods the pieces a king step per round,
    /// joining those that meet, until at most one still grows. Each that
    /// stopped is a region apart: it gets a new id (the largest keeps
    /// `region` when none grows) and its cells go to `scratch.moved`.
    pub(super) fn split_region(&mut self, g: usize, open: u8, region: u16) {
        let width = self.width as u32;
        let ring = self.ring();
        let empty = self.described.empty;
        let mut floods = [Cells::NONE; PIECES];
        let mut n = 0;
        let mut left = open;
        while left != 0 {
            let first = left.trailing_zeros() as usize;
            left &= !ring_piece(left);
            floods[n].insert(g.wrapping_add_signed(ring[first]));
            n += 1;
        }
        let mut growing = [true; PIECES];
        loop {
            for (flood, grows) in floods.iter_mut().zip(&mut growing).take(n) {
                if *grows {
                    let next = flood.grown_king(width).and(empty);
                    *grows = next != *flood;
                    *flood = next;
                }
            }
            // Floods that met are one region: the last one moves in.
            let mut i = 0;
            while i < n {
                let mut j = i + 1;
                while j < n {
                    if floods[i].and(floods[j]).is_empty() {
                        j += 1;
                        continue;
                    }
                    floods[i] = floods[i].or(floods[j]);
                    growing[i] |= growing[j];
                    n -= 1;
                    floods[j] = floods[n];
                    growing[j] = growing[n];
                }
                i += 1;
            }
            if n == 1 {
                return;
            }
            if growing[..n].iter().filter(|&&grows| grows).count() <= 1 {
                break;
            }
        }
        let keep = (0..n)
            .find(|&i| growing[i])
            .or_else(|| (0..n).max_by_key(|&i| floods[i].len()))
            .expect("two pieces or more");
        for (i, flood) in floods.iter().enumerate().take(n) {
            if i == keep {
                continue;
            }
            let id = Self::allocate(&mut self.described.unused);
            let cells = flood.len() as u16;
            self.described.size[id as usize] = cells;
            self.described.size[region as usize] -= cells;
            for c in flood.iter() {
                self.described.comp[c] = id;
                self.scratch.moved.push(c as u16);
            }
        }
    }
}
