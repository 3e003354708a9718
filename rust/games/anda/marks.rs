//! Visit marks over points or ids kept in a [`Table`], so that marking
//! carries no bounds test (the hot fills mark at every step).

use super::Table;
use crate::board::Point;

/// Marks as epochs: clearing is O(1), and an entry counts as marked only
/// when its stamp equals the current epoch.
#[derive(Clone, Debug)]
pub(super) struct Marks {
    stamps: Table<u32>,
    epoch: u32,
}

impl Marks {
    /// Marks for `entries` points or ids, all clear.
    pub(super) fn new(entries: usize) -> Self {
        Marks {
            stamps: Table::new(entries, 0),
            epoch: 0,
        }
    }

    /// Clears every mark.
    #[inline]
    pub(super) fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // After 2^32 clears old stamps could equal the new epoch.
            self.stamps.fill(0);
            self.epoch = 1;
        }
    }

    /// Marks `p`; true when it was not marked yet.
    #[inline]
    pub(super) fn mark(&mut self, p: Point) -> bool {
        let stamp = &mut self.stamps[p as usize];
        let fresh = *stamp != self.epoch;
        *stamp = self.epoch;
        fresh
    }
}
