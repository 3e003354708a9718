//! A table with an entry per grid cell or component id, of a fixed size
//! that every board fits: indexing masks the id with the size, a power of
//! two, so the reads in the hot loops carry no bounds test; and a copy
//! copies only the entries the board uses.

use std::ops::{Index, IndexMut};

use super::ENTRIES;

/// A table of `used` entries (ids `0..used`) in a fixed array, boxed so
/// that descriptions swap roles (`Regions::swap_board`) without copying it.
#[derive(Debug)]
pub(super) struct Table<T> {
    entries: Box<[T; ENTRIES]>,
    used: usize,
}

impl<T: Copy> Table<T> {
    /// A table of `used` entries, each `value`.
    pub(super) fn new(used: usize, value: T) -> Self {
        assert!(used <= ENTRIES, "a table holds {ENTRIES} entries");
        Table {
            entries: Box::new([value; ENTRIES]),
            used,
        }
    }

    /// The number of entries in use.
    pub(super) fn len(&self) -> usize {
        self.used
    }

    /// The entries in use.
    pub(super) fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.entries[..self.used]
    }

    /// Sets every entry in use to `value`.
    pub(super) fn fill(&mut self, value: T) {
        self.entries[..self.used].fill(value);
    }
}

impl<T: Copy + Default> Default for Table<T> {
    fn default() -> Self {
        Table::new(0, T::default())
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

impl<T: PartialEq> PartialEq for Table<T> {
    fn eq(&self, other: &Self) -> bool {
        self.entries[..self.used] == other.entries[..other.used]
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
