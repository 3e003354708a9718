//! A region that a placed stone may split, flooded from the pieces of the
//! stone's ring at once as bitboards (see `Cells`): a king step per round
//! for every piece (see [`crate::core::split`]), so a split found near the
//! stone costs a few rounds, whatever the size of the region.

use super::{ring_piece, Cells, Regions};
use crate::core::{split, Floods, MAX_PIECES};

/// One king flood per piece of the ring, within the empty cells.
struct KingFloods {
    floods: [Cells; MAX_PIECES],
    empty: Cells,
    width: u32,
    words: usize,
}

impl Floods for KingFloods {
    #[inline]
    fn grow(&mut self, i: usize) -> bool {
        let next = self.floods[i]
            .grown_king_in(self.width, self.words)
            .and(self.empty);
        let grew = next != self.floods[i];
        self.floods[i] = next;
        grew
    }

    #[inline]
    fn met(&mut self, i: usize, j: usize) -> bool {
        !self.floods[i].and(self.floods[j]).is_empty()
    }

    #[inline]
    fn join(&mut self, into: usize, from: usize) {
        self.floods[into] = self.floods[into].or(self.floods[from]);
    }
}

impl Regions {
    /// After a stone filled cell `g` of the region `region`, with the empty
    /// cells of its ring in more than one piece (`open`, as in
    /// [`super::ring_connected`]): splits the region. Each piece found whole
    /// is a region apart, unless none still grows and it is the largest
    /// (the last of the largest), which keeps `region`: it gets a new id
    /// and its cells go to `scratch.moved`.
    pub(super) fn split_region(&mut self, g: usize, open: u8, region: u16) {
        let ring = self.ring();
        let mut floods = KingFloods {
            floods: [Cells::NONE; MAX_PIECES],
            empty: self.described.empty,
            width: self.width as u32,
            words: self.words,
        };
        let mut n = 0;
        let mut left = open;
        while left != 0 {
            let first = left.trailing_zeros() as usize;
            left &= !ring_piece(left);
            floods.floods[n].insert(g.wrapping_add_signed(ring[first]));
            n += 1;
        }
        let pieces = split(&mut floods, n);
        if pieces.count() == 1 {
            return;
        }
        let keep = pieces.growing().unwrap_or_else(|| {
            pieces
                .iter()
                .max_by_key(|&(i, _)| floods.floods[i].len())
                .expect("two pieces or more")
                .0
        });
        for (i, _) in pieces.iter() {
            if i == keep {
                continue;
            }
            let flood = floods.floods[i];
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
