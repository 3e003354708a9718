//! A table with an entry per point (and the sentinel) or per group or
//! region id, of a fixed size that every board fits: indexing masks the
//! index with the size, a power of two, so the reads in the hot loops carry
//! no bounds test; and a copy copies only the entries the board uses.

use std::ops::{Deref, DerefMut, Index, IndexMut, RangeTo};

/// Entries in every table: a power of two at least the 1,801 points of
/// side 25, the largest, plus the sentinel.
pub(super) const ENTRIES: usize = 2048;

/// A table of `used` entries (indices `0..used`) in a fixed array. Read as
/// a slice, it is the entries in use.
#[derive(Debug)]
pub(super) struct Table<T> {
    entries: Box<[T; ENTRIES]>,
    used: usize,
}

impl<T: Copy> Table<T> {
    /// A table of `used` entries, each `value`.
    pub(super) fn new(used: usize, value: T) -> Self {
        assert!(used <= ENTRIES, "a table holds {ENTRIES} entries");
        let Ok(entries) = vec![value; ENTRIES].into_boxed_slice().try_into() else {
            unreachable!("a vector of ENTRIES entries")
        };
        Table { entries, used }
    }

    /// A table of the entries `values` yields, in order.
    pub(super) fn from_values(values: impl IntoIterator<Item = T>, padding: T) -> Self {
        let mut table = Table::new(0, padding);
        for value in values {
            table.entries[table.used] = value;
            table.used += 1;
        }
        table
    }
}

impl<T: Copy> Clone for Table<T> {
    fn clone(&self) -> Self {
        Table {
            entries: self.entries.clone(),
            used: self.used,
        }
    }

    /// Copies the entries in use only.
    fn clone_from(&mut self, source: &Self) {
        self.used = source.used;
        self.entries[..source.used].copy_from_slice(&source.entries[..source.used]);
    }
}

impl<T> Index<usize> for Table<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        debug_assert!(i < self.used, "entry {i} of {}", self.used);
        &self.entries[i % ENTRIES]
    }
}

impl<T> IndexMut<usize> for Table<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        debug_assert!(i < self.used, "entry {i} of {}", self.used);
        &mut self.entries[i % ENTRIES]
    }
}

/// The first entries, as a slice (bounds-checked).
impl<T> Index<RangeTo<usize>> for Table<T> {
    type Output = [T];

    fn index(&self, range: RangeTo<usize>) -> &[T] {
        &self.entries[..self.used][range]
    }
}

impl<T> IndexMut<RangeTo<usize>> for Table<T> {
    fn index_mut(&mut self, range: RangeTo<usize>) -> &mut [T] {
        &mut self.entries[..self.used][range]
    }
}

impl<T> Deref for Table<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.entries[..self.used]
    }
}

impl<T> DerefMut for Table<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.entries[..self.used]
    }
}
