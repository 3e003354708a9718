use crate::board::Point;

use super::Marks;

/// A breadth-first flood fill over points `0..n`, with marks cleared in
/// O(1) (see [`Marks`]), so one fill after another costs only what it
/// reaches. The caller drives it: [`Flood::begin`] a fill, take each
/// reached point from [`Flood::advance`] and [`Flood::reach`] its neighbours
/// that belong; [`Flood::fill`] does all three for a plain neighbour rule.
/// Marks outlive a fill until [`Flood::clear`], so later fills can be kept
/// out of what earlier ones reached.
#[derive(Debug)]
pub struct Flood {
    marks: Marks,
    /// The points of the current fill, in the order reached.
    reached: Vec<Point>,
    /// How many of `reached` have been handed out by `advance`.
    taken: usize,
}

super::clone_by_fields!(Flood {
    marks,
    reached,
    taken
});

impl Flood {
    /// A flood over `points` points, nothing marked.
    pub fn new(points: usize) -> Self {
        // Fresh marks count every point as marked until the first clear.
        let mut marks = Marks::new(points);
        marks.clear();
        Flood {
            marks,
            reached: Vec::with_capacity(points),
            taken: 0,
        }
    }

    /// Unmarks every point.
    #[inline]
    pub fn clear(&mut self) {
        self.marks.clear();
    }

    /// Starts a fill at `start`, unless it is marked already (then the
    /// fill is empty and `false` is returned).
    #[inline]
    pub fn begin(&mut self, start: Point) -> bool {
        self.reached.clear();
        self.taken = 0;
        self.reach(start)
    }

    /// Marks `p` and adds it to the fill; `false` when it was marked.
    #[inline]
    pub fn reach(&mut self, p: Point) -> bool {
        let fresh = self.marks.mark(p);
        if fresh {
            self.reached.push(p);
        }
        fresh
    }

    /// Whether `p` is marked.
    #[inline]
    pub fn is_marked(&self, p: Point) -> bool {
        self.marks.is_marked(p)
    }

    /// The next reached point whose neighbours are still to be looked at.
    #[inline]
    pub fn advance(&mut self) -> Option<Point> {
        let p = *self.reached.get(self.taken)?;
        self.taken += 1;
        Some(p)
    }

    /// The points of the current fill, in the order reached.
    #[inline]
    pub fn reached(&self) -> &[Point] {
        &self.reached
    }

    /// Fills from `start` through the points `next(q)` names for each
    /// reached point `q`, and returns the points reached, in order (none
    /// when `start` was marked).
    pub fn fill<I: IntoIterator<Item = Point>>(
        &mut self,
        start: Point,
        mut next: impl FnMut(Point) -> I,
    ) -> &[Point] {
        if self.begin(start) {
            while let Some(q) = self.advance() {
                for r in next(q) {
                    self.reach(r);
                }
            }
        }
        &self.reached
    }
}

#[cfg(test)]
mod tests {
    use super::Flood;
    use crate::board::{Board, Point};

    #[test]
    fn fills_reach_each_point_once_in_breadth_first_order_and_keep_out_of_earlier_ones() {
        let board = Board::hex(3).unwrap();
        let mut flood = Flood::new(board.points());
        let neighbours = |q: Point| board.neighbours(q).iter().copied();
        let first = flood.fill(0, |q| neighbours(q).filter(|&r| r < 5)).to_vec();
        assert_eq!(first[0], 0);
        assert!(first.iter().all(|&p| p < 5));
        // Breadth first: the start's neighbours come right after it.
        let around = neighbours(0).filter(|&r| r < 5).count();
        assert!(first[1..=around]
            .iter()
            .all(|&p| board.neighbours(0).contains(&p)));
        let rest = flood.fill(10, neighbours).to_vec();
        assert_eq!(first.len() + rest.len(), board.points());
        assert!(flood.fill(3, neighbours).is_empty(), "3 was reached before");
        flood.clear();
        assert_eq!(flood.fill(3, neighbours).len(), board.points());
    }
}
