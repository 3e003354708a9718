//! Sets of grid cells, a bit per cell of the bordered grid, so that a king
//! step is a shift and a region a flood of shifts: what walking a large
//! region cell by cell costs most.

/// The most 64-bit words a grid needs: 27 × 27 cells for side 25.
const WORDS: usize = 12;

/// A set of grid cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Cells([u64; WORDS]);

impl Cells {
    pub(super) const NONE: Cells = Cells([0; WORDS]);

    #[inline]
    pub(super) fn insert(&mut self, g: usize) {
        self.0[g / 64] |= 1 << (g % 64);
    }

    #[inline]
    pub(super) fn remove(&mut self, g: usize) {
        self.0[g / 64] &= !(1 << (g % 64));
    }

    #[inline]
    pub(super) fn and(self, other: Cells) -> Cells {
        Cells(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The cells `k` places further on (0 < k < 64).
    #[inline]
    fn up(self, k: u32) -> Cells {
        Cells(std::array::from_fn(|i| {
            let carry = if i > 0 { self.0[i - 1] >> (64 - k) } else { 0 };
            self.0[i] << k | carry
        }))
    }

    /// The cells `k` places back (0 < k < 64).
    #[inline]
    fn down(self, k: u32) -> Cells {
        Cells(std::array::from_fn(|i| {
            let carry = if i + 1 < WORDS {
                self.0[i + 1] << (64 - k)
            } else {
                0
            };
            self.0[i] >> k | carry
        }))
    }

    /// These cells and their king neighbours, on a grid `width` cells wide:
    /// a row's three, then the rows above and below. The border keeps a
    /// step along a row from wrapping onto the next as anything that counts.
    #[inline]
    pub(super) fn grown(self, width: u32) -> Cells {
        let row = self.or(self.up(1)).or(self.down(1));
        row.or(row.up(width)).or(row.down(width))
    }

    #[inline]
    pub(super) fn or(self, other: Cells) -> Cells {
        Cells(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    #[inline]
    pub(super) fn is_empty(self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// How many cells.
    pub(super) fn len(self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    /// The king-connected component of `within` holding cell `start`.
    pub(super) fn component(start: usize, within: Cells, width: u32) -> Cells {
        let mut reached = Cells::NONE;
        reached.insert(start);
        loop {
            let next = reached.grown(width).and(within);
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// The cells, in increasing order.
    pub(super) fn iter(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(i, mut word)| {
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    i * 64 + bit
                })
            })
        })
    }
}
