//! Splitting a region at a point just filled.
//!
//! Filling a point can cut its region only where the empty points around it
//! fall into separate pieces of its ring. One flood starts from each piece;
//! in rounds, every flood still growing takes a step and floods that met
//! join. The split stops once all are one or at most one still grows: every
//! other piece is then known whole, so the work is that of the small pieces
//! (usually pockets of a few points) whatever the size of the region.
//!
//! Each game keeps its floods the way it keeps its regions (bit sets grown a
//! sweep at a time, queues of points grown a point at a time) behind
//! [`Floods`]; what becomes of the pieces (new ids, which keeps the old one,
//! what they are worth) is the game's.

/// The most floods a split grows: one per piece of a point's ring, three
/// on the hex grid and four in a square cell's king ring.
pub const MAX_PIECES: usize = 4;

/// The floods of one split, numbered from 0, as a game stores them.
pub trait Floods {
    /// Grows flood `i` one step; false when the step reached nothing new,
    /// and the flood is then one whole piece.
    fn grow(&mut self, i: usize) -> bool;

    /// Whether floods may have met since the last call. Floods that see
    /// their meetings as they grow answer it, and spare the test of every
    /// pair after each round.
    #[inline]
    fn may_have_met(&mut self) -> bool {
        true
    }

    /// Whether floods `i` and `j` have met.
    fn met(&mut self, i: usize, j: usize) -> bool;

    /// Makes flood `from` part of flood `into`; `from` is not used again.
    fn join(&mut self, into: usize, from: usize);
}

/// The pieces a split found, in order, each as the number of the flood that
/// holds it and whether that flood still grows (at most one does; the
/// others are whole).
#[derive(Clone, Copy, Debug)]
pub struct Pieces {
    floods: [u8; MAX_PIECES],
    growing: [bool; MAX_PIECES],
    count: usize,
}

impl Pieces {
    /// How many pieces: 1 when the region did not split.
    #[inline]
    pub fn count(&self) -> usize {
        self.count
    }

    /// Each piece's flood and whether it still grows, in order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (usize, bool)> + '_ {
        (0..self.count).map(|k| (self.floods[k] as usize, self.growing[k]))
    }

    /// The flood that still grows, if one does.
    #[inline]
    pub fn growing(&self) -> Option<usize> {
        self.iter().find(|&(_, grows)| grows).map(|(i, _)| i)
    }
}

/// Grows floods `0..count` (at most [`MAX_PIECES`]) in rounds until they
/// are all one piece or at most one still grows. In a round every flood
/// still growing takes a step, in order; then each pair that met joins, the
/// later into the earlier, and the last piece takes the place of the one
/// that left (so the order of the pieces, and so which a game favours,
/// depends only on the floods' meetings).
pub fn split(floods: &mut impl Floods, count: usize) -> Pieces {
    debug_assert!(count <= MAX_PIECES);
    let mut pieces = Pieces {
        floods: [0, 1, 2, 3],
        growing: [true; MAX_PIECES],
        count,
    };
    let mut growing = count;
    loop {
        let n = pieces.count;
        for k in 0..n {
            if pieces.growing[k] && !floods.grow(pieces.floods[k] as usize) {
                pieces.growing[k] = false;
                growing -= 1;
            }
        }
        if floods.may_have_met() {
            growing -= pieces.join_met(floods);
        }
        if pieces.count <= 1 || growing <= 1 {
            return pieces;
        }
    }
}

impl Pieces {
    /// Joins each pair of pieces whose floods met; returns by how many the
    /// pieces still growing fell.
    #[inline]
    fn join_met(&mut self, floods: &mut impl Floods) -> usize {
        let mut fell = 0;
        let mut a = 0;
        while a < self.count {
            let mut b = a + 1;
            while b < self.count {
                let (i, j) = (self.floods[a] as usize, self.floods[b] as usize);
                if !floods.met(i, j) {
                    b += 1;
                    continue;
                }
                floods.join(i, j);
                fell += usize::from(self.growing[a] && self.growing[b]);
                self.growing[a] |= self.growing[b];
                self.count -= 1;
                self.floods[b] = self.floods[self.count];
                self.growing[b] = self.growing[self.count];
            }
            a += 1;
        }
        fell
    }
}

#[cfg(test)]
mod tests {
    use super::{split, Floods};

    /// Floods over the points `0..len` of a line with some points filled:
    /// each grows one point each way per step.
    struct Line {
        open: Vec<bool>,
        floods: Vec<(usize, usize)>,
        steps: usize,
    }

    impl Floods for Line {
        fn grow(&mut self, i: usize) -> bool {
            self.steps += 1;
            let (lo, hi) = self.floods[i];
            let lo2 = if lo > 0 && self.open[lo - 1] {
                lo - 1
            } else {
                lo
            };
            let hi2 = if hi + 1 < self.open.len() && self.open[hi + 1] {
                hi + 1
            } else {
                hi
            };
            self.floods[i] = (lo2, hi2);
            (lo2, hi2) != (lo, hi)
        }

        fn met(&mut self, i: usize, j: usize) -> bool {
            let ((a, b), (c, d)) = (self.floods[i], self.floods[j]);
            a <= d && c <= b
        }

        fn join(&mut self, into: usize, from: usize) {
            let ((a, b), (c, d)) = (self.floods[into], self.floods[from]);
            self.floods[into] = (a.min(c), b.max(d));
        }
    }

    fn line(text: &str, seeds: &[usize]) -> Line {
        Line {
            open: text.chars().map(|c| c == '.').collect(),
            floods: seeds.iter().map(|&s| (s, s)).collect(),
            steps: 0,
        }
    }

    #[test]
    fn floods_that_meet_are_one_piece() {
        let mut floods = line("..........", &[2, 6, 9]);
        let pieces = split(&mut floods, 3);
        assert_eq!(pieces.count(), 1);
        assert_eq!(floods.floods[0], (0, 9));
    }

    #[test]
    fn a_split_stops_once_one_piece_grows_and_the_last_piece_fills_the_place_of_a_joined_one() {
        // Pieces: 0..=1 (flood 0), 3..=4 (floods 1 and 2), 6..=19 (flood 3).
        let mut floods = line("..x..x..............", &[0, 3, 4, 10]);
        let pieces = split(&mut floods, 4);
        let found: Vec<_> = pieces.iter().collect();
        // Flood 2 joined flood 1 in the first round, and flood 3 took its
        // place.
        assert_eq!(found, [(0, false), (1, false), (3, true)]);
        assert_eq!(pieces.growing(), Some(3));
        assert_eq!(floods.floods[0], (0, 1));
        assert_eq!(floods.floods[1], (3, 4));
        // Four steps in the first round, three in the second, which found
        // the small pieces whole: the large piece, still growing, took
        // only as many steps as they did.
        assert_eq!(floods.floods[3], (8, 12));
        assert_eq!(floods.steps, 7);
    }

    #[test]
    fn whole_pieces_are_found_when_none_grows() {
        let mut floods = line(".x.x.", &[0, 2, 4]);
        let pieces = split(&mut floods, 3);
        let found: Vec<_> = pieces.iter().collect();
        assert_eq!(found, [(0, false), (1, false), (2, false)]);
        assert_eq!(pieces.growing(), None);
    }
}
