//! Points known lifeless: where a colour's stone would have no lifeline, and
//! will not have one until that colour places a stone again.
//!
//! Whether a stone of colour `c` on the empty point `q` has a lifeline
//! before any flip depends on `c`'s lines of sight alone. The opponent's
//! placements only take from them: a new stone shortens rays (a ray of `q`
//! or of a stone of `c` that ran through it now ends at an enemy), and its
//! flips turn stones of `c` into blockers, which opens no line. Passes and
//! swaps change nothing. So the least fixpoint of the lifeline rule can only
//! shrink, and a point once judged `NoLifeline` for `c` stays so until `c`
//! places. Turns that end in a pass weigh every open point, and in the
//! endgame a player often passes again after one reply: the second scan
//! skips the points the first found lifeless.

use crate::core::{Colour, Width};

/// Per colour, the points judged lifeless since its last placement.
#[derive(Debug)]
pub(super) struct Lifeless<W: Width> {
    /// Per colour and point: the epoch in which the point was judged
    /// lifeless (a stale epoch means nothing).
    judged: [W::Table<u16>; 2],
    /// Per colour: its current epoch; every placement of the colour starts a
    /// new one. Starts at 1, so the zeroed stamps mean nothing.
    epoch: [u16; 2],
}

impl<W: Width> Clone for Lifeless<W> {
    fn clone(&self) -> Self {
        Lifeless {
            judged: self.judged.clone(),
            epoch: self.epoch,
        }
    }

    /// Copies into the tables in place, so that resetting a position
    /// allocates nothing.
    fn clone_from(&mut self, source: &Self) {
        for (judged, source) in self.judged.iter_mut().zip(&source.judged) {
            judged.clone_from(source);
        }
        self.epoch = source.epoch;
    }
}

impl<W: Width> Lifeless<W> {
    pub(super) fn new() -> Self {
        Lifeless {
            judged: [W::table(0), W::table(0)],
            epoch: [1, 1],
        }
    }

    /// Whether `q` is known lifeless for `colour`.
    #[inline]
    pub(super) fn contains(&self, colour: Colour, q: W::Point) -> bool {
        let k = colour.index();
        self.judged[k][q] == self.epoch[k]
    }

    /// Records that a stone of `colour` on `q` would have no lifeline.
    #[inline]
    pub(super) fn insert(&mut self, colour: Colour, q: W::Point) {
        let k = colour.index();
        self.judged[k][q] = self.epoch[k];
    }

    /// `colour` placed a stone: what it learned no longer holds.
    #[inline]
    pub(super) fn placed(&mut self, colour: Colour) {
        let k = colour.index();
        self.epoch[k] = self.epoch[k].wrapping_add(1);
        if self.epoch[k] == 0 {
            // Stamps of 65536 placements ago could match again.
            self.judged[k].fill(0);
            self.epoch[k] = 1;
        }
    }
}
