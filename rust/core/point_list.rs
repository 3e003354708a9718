use std::ops::Index;

use crate::board::Point;

/// A set of points kept as an unordered list, with each point's slot in it:
/// insert, remove and a uniformly random member are all O(1), which is what
/// random playouts ask of the empty points.
#[derive(Debug)]
pub struct PointList {
    points: Vec<Point>,
    /// `slot[p]` is `p`'s index in `points` while `p` is a member.
    slot: Vec<u16>,
}

super::clone_by_fields!(PointList { points, slot });

impl PointList {
    /// No member, for points `0..n`.
    pub fn empty(n: usize) -> Self {
        PointList {
            points: Vec::with_capacity(n),
            slot: vec![0; n],
        }
    }

    /// Every point `0..n` a member.
    pub fn full(n: usize) -> Self {
        PointList {
            points: (0..n as Point).collect(),
            slot: (0..n as u16).collect(),
        }
    }

    /// Removes every member.
    pub fn clear(&mut self) {
        self.points.clear();
    }

    /// Adds `p`, which must not be a member.
    #[inline]
    pub fn insert(&mut self, p: Point) {
        self.slot[p as usize] = self.points.len() as u16;
        self.points.push(p);
    }

    /// Removes `p`, which must be a member; the last member takes its slot.
    #[inline]
    pub fn remove(&mut self, p: Point) {
        let slot = self.slot[p as usize] as usize;
        let last = self.points.pop().expect("a member was removed");
        if slot < self.points.len() {
            self.points[slot] = last;
            self.slot[last as usize] = slot as u16;
        }
    }

    /// Exchanges the members in slots `i` and `j` (for shuffles in place).
    #[inline]
    pub fn swap(&mut self, i: usize, j: usize) {
        self.points.swap(i, j);
        self.slot[self.points[i] as usize] = i as u16;
        self.slot[self.points[j] as usize] = j as u16;
    }

    /// The number of members.
    #[inline]
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether there is no member.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The members, in no particular order.
    #[inline]
    pub fn as_slice(&self) -> &[Point] {
        &self.points
    }

    /// The slot of member `p` in [`PointList::as_slice`].
    pub fn slot(&self, p: Point) -> usize {
        self.slot[p as usize] as usize
    }
}

impl Index<usize> for PointList {
    type Output = Point;

    #[inline]
    fn index(&self, i: usize) -> &Point {
        &self.points[i]
    }
}

#[cfg(test)]
mod tests {
    use super::PointList;

    #[test]
    fn members_come_and_go_and_slots_follow() {
        let mut list = PointList::full(5);
        list.remove(1);
        list.remove(4);
        let mut members = list.as_slice().to_vec();
        members.sort();
        assert_eq!(members, [0, 2, 3]);
        list.insert(4);
        list.swap(0, 3);
        assert_eq!(list[0], 4);
        for (i, &p) in list.as_slice().iter().enumerate() {
            assert_eq!(list.slot(p), i);
        }
        assert_eq!(list.len(), 4);
        list.clear();
        assert!(list.is_empty());
    }
}
