use std::ops::{DerefMut, IndexMut};

use crate::board::Point;

/// Visit marks for flood fills over a board's points.
///
/// Marks are epochs, so starting a new fill is O(1): a point counts as marked
/// only when its stamp equals the current epoch. The stamps are a vector,
/// or any table of them (a [`FixedTable`](super::FixedTable) where marking
/// must carry no bounds test).
#[derive(Debug)]
pub struct Marks<S = Vec<u32>> {
    stamps: S,
    epoch: u32,
}

impl<S: Clone> Clone for Marks<S> {
    fn clone(&self) -> Self {
        Marks {
            stamps: self.stamps.clone(),
            epoch: self.epoch,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.stamps.clone_from(&source.stamps);
        self.epoch = source.epoch;
    }
}

impl Marks {
    /// Marks for `points` points, all clear.
    pub fn new(points: usize) -> Self {
        Marks::over(vec![0; points])
    }
}

impl<S: DerefMut<Target = [u32]> + IndexMut<usize, Output = u32>> Marks<S> {
    /// Marks kept in `stamps`, a stamp per point, each 0: all clear.
    pub fn over(stamps: S) -> Self {
        Marks { stamps, epoch: 0 }
    }

    /// Clears every mark.
    #[inline]
    pub fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // After 2^32 fills stamps could collide with the new epoch.
            self.stamps.fill(0);
            self.epoch = 1;
        }
    }

    /// Marks `p`; true when it was not marked yet.
    #[inline]
    pub fn mark(&mut self, p: Point) -> bool {
        let stamp = &mut self.stamps[p as usize];
        let fresh = *stamp != self.epoch;
        *stamp = self.epoch;
        fresh
    }

    /// Whether `p` is marked.
    #[inline]
    pub fn is_marked(&self, p: Point) -> bool {
        self.stamps[p as usize] == self.epoch
    }
}
