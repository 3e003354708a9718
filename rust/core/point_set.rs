//! Sets of points as bits over a board's coordinate grid: the [`bits`]
//! operations on word slices, and the two ways to hold them, an arena of
//! equal sets ([`PointSets`]) and a fixed-size set held by value
//! ([`GridSet`]).

/// Sets as bits, one `u64` word per 64 members: membership, insertion and
/// removal are O(1), intersection is O(words), and on a coordinate grid a
/// whole set can step to its neighbours with a few shifts. This is what lets
/// a game keep one region per group, combine regions when groups merge, and
/// flood a region many points at a time.
///
/// The functions work on word slices so that sets can live in a
/// [`PointSets`] arena or in scratch buffers alike. Members are bit indices
/// (for board points, usually [`crate::board::Board::grid_index`]).
pub mod bits {
    use std::ops::Range;

    /// The number of words a set over `len` bit indices needs.
    pub const fn words_for(len: usize) -> usize {
        len.div_ceil(64)
    }

    /// Whether `i` is in `set`.
    #[inline]
    pub fn contains(set: &[u64], i: usize) -> bool {
        (set[i / 64] >> (i % 64)) & 1 != 0
    }

    /// Adds `i` to `set`.
    #[inline]
    pub fn insert(set: &mut [u64], i: usize) {
        set[i / 64] |= 1 << (i % 64);
    }

    /// Takes `i` out of `set`.
    #[inline]
    pub fn remove(set: &mut [u64], i: usize) {
        set[i / 64] &= !(1 << (i % 64));
    }

    /// The number of members of `set`.
    pub fn len(set: &[u64]) -> usize {
        set.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether `set` is empty.
    pub fn is_empty(set: &[u64]) -> bool {
        set.iter().all(|&w| w == 0)
    }

    /// The members of the set whose words are `words`, in increasing order.
    #[inline]
    pub fn members(words: impl IntoIterator<Item = u64>) -> impl Iterator<Item = usize> {
        words.into_iter().enumerate().flat_map(|(i, mut word)| {
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    i * 64 + bit
                })
            })
        })
    }

    /// Whether `a` and `b` share a member.
    pub fn meet(a: &[u64], b: &[u64]) -> bool {
        a.iter().zip(b).any(|(x, y)| x & y != 0)
    }

    /// Adds `b`'s members to `a`.
    pub fn union_with(a: &mut [u64], b: &[u64]) {
        a.iter_mut().zip(b).for_each(|(x, y)| *x |= y);
    }

    /// Takes `b`'s members out of `a`.
    pub fn subtract(a: &mut [u64], b: &[u64]) {
        a.iter_mut().zip(b).for_each(|(x, y)| *x &= !y);
    }

    /// Word `x` of a set on the hex grid of width `width` (< 64) with its
    /// hex neighbours added, given the words `before` and `after` it (see
    /// [`grow_hex`] for the shifts): the one step of every hex flood over
    /// words, to be masked by the region it stays within.
    #[inline(always)]
    pub fn grow_hex_word(x: u64, before: u64, after: u64, width: usize) -> u64 {
        let (up, down) = (width, 64 - width);
        let a = x | x << 1 | before >> 63;
        let b = x | x >> 1 | after << 63;
        // The carries of `a` and `b` across the word below or above fall
        // off in the shifts by `width`, so plain pairs suffice.
        let from_before = (before | before << 1) >> down;
        let from_after = (after | after >> 1) << down;
        a | b | a << up | from_before | b >> up | from_after
    }

    /// One sweep of a flood on the hex grid of width `width` (< 64):
    /// adds to `set` its hex neighbours in `within`, at least (a word's
    /// new members already feed the next word). `words` are the words that
    /// may hold members, all others being zero; returns the same after the
    /// sweep, or `None` when nothing was added (`set` must lie in `within`).
    ///
    /// A hex point's neighbours sit at grid offsets `±1`, `±width` and
    /// `±(width + 1)`. No step wraps onto the board: a hexagon's corners
    /// leave the grid ends of its rows off the board. Row pairs share a
    /// shift: `a = set ∪ (set + 1)` shifted by `+width` gives the
    /// `+width` and `+(width + 1)` neighbours, and `b = set ∪ (set - 1)`
    /// shifted by `-width` gives the other two. No shift crosses more than
    /// one word, so only the words next to `words` can gain members.
    pub fn grow_hex(
        set: &mut [u64],
        within: &[u64],
        width: usize,
        words: Range<usize>,
    ) -> Option<Range<usize>> {
        let start = words.start.saturating_sub(1);
        let end = (words.end + 1).min(set.len());
        let mut before = 0; // the word below `start` is zero
        let mut grew = 0;
        let (mut first, mut last) = (usize::MAX, 0);
        for i in start..end {
            let x = set[i];
            let after = set.get(i + 1).copied().unwrap_or(0);
            let grown = grow_hex_word(x, before, after, width) & within[i];
            grew |= grown ^ x;
            set[i] = grown;
            if grown != 0 {
                first = first.min(i);
                last = i + 1;
            }
            before = grown;
        }
        (grew != 0).then_some(first..last)
    }
}

/// An arena of equal-size bit sets, one per index (a game can keep one set
/// per group root, indexed by the root's point), in one flat vector.
#[derive(Debug)]
pub struct PointSets {
    words: usize,
    bits: Vec<u64>,
}

super::clone_by_fields!(PointSets { words, bits });

impl PointSets {
    /// `count` empty sets over bit indices `0..len`.
    pub fn new(count: usize, len: usize) -> Self {
        let words = bits::words_for(len);
        PointSets {
            words,
            bits: vec![0; count * words],
        }
    }

    /// Set `i`.
    #[inline]
    pub fn get(&self, i: usize) -> &[u64] {
        let start = i * self.words;
        &self.bits[start..start + self.words]
    }

    /// Set `i`, to change.
    #[inline]
    pub fn get_mut(&mut self, i: usize) -> &mut [u64] {
        let start = i * self.words;
        &mut self.bits[start..start + self.words]
    }

    /// Makes set `into` its intersection with set `from`.
    #[inline]
    pub fn intersect(&mut self, into: usize, from: usize) {
        let (into, from) = self.pair(into, from);
        into.iter_mut().zip(from).for_each(|(x, y)| *x &= y);
    }

    /// Makes set `into` a copy of set `from`.
    #[inline]
    pub fn copy(&mut self, into: usize, from: usize) {
        let (into, from) = self.pair(into, from);
        into.copy_from_slice(from);
    }

    /// Makes set `i` a copy of set `i` of `source`, an arena of the same
    /// shape.
    #[inline]
    pub fn copy_from(&mut self, i: usize, source: &PointSets) {
        self.get_mut(i).copy_from_slice(source.get(i));
    }

    /// Sets `into` (to change) and `from`, which must differ.
    #[inline]
    fn pair(&mut self, into: usize, from: usize) -> (&mut [u64], &[u64]) {
        let w = self.words;
        if into < from {
            let (low, high) = self.bits.split_at_mut(from * w);
            (&mut low[into * w..into * w + w], &high[..w])
        } else {
            let (low, high) = self.bits.split_at_mut(into * w);
            (&mut high[..w], &low[from * w..from * w + w])
        }
    }
}

/// A set of grid cells held by value in `W` words, for sets small enough
/// to copy: combined with `and` and `or`, and grown a king step at a time
/// by shifts (on a grid whose border keeps a step along a row from
/// wrapping onto the next as anything that counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridSet<const W: usize>([u64; W]);

impl<const W: usize> Default for GridSet<W> {
    fn default() -> Self {
        Self::NONE
    }
}

impl<const W: usize> GridSet<W> {
    /// No cell.
    pub const NONE: Self = GridSet([0; W]);

    #[inline]
    pub fn insert(&mut self, g: usize) {
        bits::insert(&mut self.0, g);
    }

    #[inline]
    pub fn remove(&mut self, g: usize) {
        bits::remove(&mut self.0, g);
    }

    #[inline]
    pub fn contains(&self, g: usize) -> bool {
        bits::contains(&self.0, g)
    }

    /// The cells in both.
    #[inline]
    pub fn and(self, other: Self) -> Self {
        GridSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The cells in either.
    #[inline]
    pub fn or(self, other: Self) -> Self {
        GridSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// These cells and their king neighbours, on a grid `width` cells wide
    /// whose cells all lie in the first `words` words (a row's three, then
    /// the rows above and below): a set sized for the largest grid steps a
    /// small one in fewer word operations. Cells grown past those words (off
    /// the grid) are dropped.
    #[inline]
    pub fn grown_king_in(self, width: u32, words: usize) -> Self {
        let row = self.spread_in(1, words);
        row.spread_in(width, words)
    }

    /// These cells and those `k` places either side (0 < k < 64), within the
    /// first `words` words.
    #[inline]
    fn spread_in(self, k: u32, words: usize) -> Self {
        let mut out = Self::NONE;
        let w = &self.0[..words];
        for (i, o) in out.0[..words].iter_mut().enumerate() {
            let below = if i > 0 { w[i - 1] >> (64 - k) } else { 0 };
            let above = if i + 1 < words {
                w[i + 1] << (64 - k)
            } else {
                0
            };
            *o = w[i] | w[i] << k | below | w[i] >> k | above;
        }
        out
    }

    /// The king-connected component of `within` holding cell `start`, on a
    /// grid as [`GridSet::grown_king_in`] takes it.
    pub fn king_component_in(start: usize, within: Self, width: u32, words: usize) -> Self {
        let mut reached = Self::NONE;
        reached.insert(start);
        loop {
            let next = reached.grown_king_in(width, words).and(within);
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        bits::is_empty(&self.0)
    }

    /// How many cells.
    pub fn len(self) -> u32 {
        bits::len(&self.0) as u32
    }

    /// The cells, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        bits::members(self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::bits;
    use crate::board::{Board, Point};
    use crate::core::Rng;

    /// Stepping within the grid's words does what stepping over the whole
    /// set does, for every bordered square grid a set of 12 words holds.
    #[test]
    fn stepping_within_the_grid_words_agrees_with_stepping_the_whole_set() {
        let mut rng = Rng::new(7);
        for side in 2..=25 {
            let width = side + 2;
            let words = bits::words_for(width * width);
            for _ in 0..20 {
                let mut set = super::GridSet::<12>::NONE;
                let mut within = super::GridSet::<12>::NONE;
                for r in 1..=side {
                    for c in 1..=side {
                        if rng.below(10) < 3 {
                            set.insert(r * width + c);
                        }
                        if rng.below(10) < 6 {
                            within.insert(r * width + c);
                        }
                    }
                }
                let w = width as u32;
                assert_eq!(
                    set.grown_king_in(w, words).and(within),
                    set.grown_king_in(w, 12).and(within)
                );
                let start = width + 1;
                within.insert(start);
                assert_eq!(
                    super::GridSet::king_component_in(start, within, w, words),
                    super::GridSet::king_component_in(start, within, w, 12)
                );
            }
        }
    }

    /// Flooding by shifts finds the same component as a flood over the
    /// neighbour tables, on every side, in random regions; and one sweep
    /// adds at least the neighbours.
    #[test]
    fn grow_hex_floods_like_the_neighbour_tables() {
        let mut rng = Rng::new(5);
        for side in 2..=25 {
            let board = Board::hex(side).unwrap();
            let (n, width) = (board.points(), board.grid_width());
            let words = bits::words_for(width * width);
            let word_of = |p: Point| board.grid_index(p) / 64;
            for _ in 0..20 {
                let inside: Vec<bool> = (0..n).map(|_| rng.below(10) < 6).collect();
                let mut within = vec![0; words];
                for p in (0..n).filter(|&p| inside[p]) {
                    bits::insert(&mut within, board.grid_index(p as Point));
                }
                let start = rng.below(n) as Point;
                bits::insert(&mut within, board.grid_index(start));
                let mut expected = vec![0; words];
                let mut todo = vec![start];
                bits::insert(&mut expected, board.grid_index(start));
                while let Some(q) = todo.pop() {
                    for &r in board.neighbours(q) {
                        let i = board.grid_index(r);
                        if bits::contains(&within, i) && !bits::contains(&expected, i) {
                            bits::insert(&mut expected, i);
                            todo.push(r);
                        }
                    }
                }
                let mut set = vec![0; words];
                bits::insert(&mut set, board.grid_index(start));
                let mut held = word_of(start)..word_of(start) + 1;
                if let Some(after) = bits::grow_hex(&mut set, &within, width, held.clone()) {
                    for &r in board.neighbours(start) {
                        let i = board.grid_index(r);
                        assert_eq!(bits::contains(&set, i), bits::contains(&within, i));
                    }
                    held = after;
                    while let Some(after) = bits::grow_hex(&mut set, &within, width, held) {
                        held = after;
                    }
                }
                assert_eq!(set, expected, "side {side}");
            }
        }
    }
}
