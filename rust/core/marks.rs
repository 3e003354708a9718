use crate::board::Point;

/// Visit marks for flood fills over a board's points.
///
/// Marks are epochs, so starting a new fill is O(1): a point counts as marked
/// only when its stamp equals the current epoch.
#[derive(Debug)]
pub struct Marks {
    stamps: Vec<u32>,
    epoch: u32,
}

super::clone_by_fields!(Marks { stamps, epoch });

impl Marks {
    /// Marks for `points` points, all clear.
    pub fn new(points: usize) -> Self {
        Marks {
            stamps: vec![0; points],
            epoch: 0,
        }
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
