//! Removing smothered groups and re-forming the regions they leave.

use super::chains::{Contact, NONE};
use super::Game;
use crate::board::Point;
use crate::core::{Colour, Width, EMPTY};

impl<W: Width> Game<W> {
    /// Ruling (removal): after the placement(s), every group that is
    /// smothered on that board, of either colour, is removed at once (one
    /// evaluation, not repeated).
    ///
    /// Only suspects are examined: groups whose smothering the placements
    /// since the last removal may have changed, and groups that removal left
    /// beside the regions it opened (they may be smothered now and must go at
    /// this removal). Every other group was alive then and is alive now.
    pub(super) fn remove_smothered(&mut self) {
        self.scratch.group_marks.clear();
        self.scratch.doomed.clear();
        for i in 0..self.suspects.len() {
            let s = self.suspects[i];
            if self.cells[W::of(s)] == EMPTY {
                continue;
            }
            let g = self.label[W::of(s)];
            if self.scratch.group_marks.mark(g) && self.is_smothered(g) {
                self.scratch.doomed.push(g);
            }
        }
        self.suspects.clear();
        if self.scratch.doomed.is_empty() {
            return;
        }
        self.scratch.removed.clear();
        for i in 0..self.scratch.doomed.len() {
            self.capture(self.scratch.doomed[i]);
        }
        // Each set of connected removed stones opens one region, with the
        // regions beside it; groups touching it are suspect next time.
        self.scratch.marks.clear();
        self.scratch.group_marks.clear();
        self.scratch.region_marks.clear();
        for i in 0..self.scratch.removed.len() {
            let s = self.scratch.removed[i];
            if self.scratch.marks.mark(s) {
                self.open_region(s);
            }
        }
    }

    /// Ruling (captures): every stone removed is a prisoner of the other
    /// colour, whoever moved. Empties group `g`'s points (their labels
    /// cleared) and lists them in `removed`.
    fn capture(&mut self, g: u16) {
        let head = self.groups[W::of(g)].head;
        let colour = Colour::of_cell(self.cells[W::of(head)]).expect("a group has stones");
        self.prisoners[colour.opponent().index()] += self.groups[W::of(g)].size as u32;
        let mut s = head;
        loop {
            let following = self.next[W::of(s)];
            self.set_cell(s, EMPTY);
            self.label[W::of(s)] = NONE;
            self.open.insert(s);
            self.scratch.removed.push(s);
            s = following;
            if s == head {
                break;
            }
        }
        self.free_groups.push(g);
    }

    /// Floods the empty points connected to `start` (just emptied, already
    /// marked) into one new region, absorbing the old regions it meets, and
    /// counts the groups touching it exactly.
    fn open_region(&mut self, start: Point) {
        let rings = self.rings;
        let r = self.new_region();
        let mut count = [0usize; 2];
        let mut witness = [[Contact::default(); 2]; 2];
        self.scratch.watch.clear();
        self.scratch.stack.clear();
        self.scratch.stack.push(start);
        while let Some(q) = self.scratch.stack.pop() {
            let old = self.label[W::of(q)];
            if old != NONE && self.scratch.region_marks.mark(old) {
                self.scratch.watch.push(old);
            }
            self.push_member(r, q);
            let ring = &rings[q as usize];
            let mut empties = self.around(q, EMPTY);
            while empties != 0 {
                let m = ring[empties.trailing_zeros() as usize];
                empties &= empties - 1;
                if self.scratch.marks.mark(m) {
                    self.scratch.stack.push(m);
                }
            }
            let white = self.around(q, Colour::White.stone());
            let mut stones = self.around(q, Colour::Black.stone()) | white;
            while stones != 0 {
                let d = stones.trailing_zeros();
                stones &= stones - 1;
                let m = ring[d as usize];
                let k = (white >> d) as usize & 1;
                let g = self.label[W::of(m)];
                let seen = &witness[k][..count[k]];
                if count[k] < 2 && !seen.iter().any(|w| self.label[W::of(w.stone)] == g) {
                    witness[k][count[k]] = Contact { empty: q, stone: m };
                    count[k] += 1;
                }
                if self.scratch.group_marks.mark(g) {
                    // It may breathe in the new region: its cached scan
                    // no longer holds.
                    self.groups[W::of(g)].touched[0] = NONE;
                    self.suspects.push(m);
                }
            }
        }
        let region = &mut self.regions[W::of(r)];
        region.count = [count[0] as u8, count[1] as u8];
        region.witness = witness;
        for i in 0..self.scratch.watch.len() {
            self.free_regions.push(self.scratch.watch[i]);
        }
    }
}
