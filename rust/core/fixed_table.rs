//! A table with an entry per point or id, in an array of a fixed size `N`
//! that every board of its game fits: indexing reduces the index modulo
//! `N`, a power of two, so the reads in the hot loops carry no bounds test;
//! and a copy into an existing table copies only the entries the board
//! uses. The price is memory: every table holds `N` entries whatever the
//! board, so a game chooses `N` for its largest board.

use std::ops::{Deref, DerefMut, Index, IndexMut, RangeTo};

/// A table of `used` entries (indices `0..used`) in a boxed array of `N`.
/// Read as a slice, it is the entries in use.
#[derive(Debug)]
pub struct FixedTable<T, const N: usize> {
    entries: Box<[T; N]>,
    used: usize,
}

impl<T: Copy, const N: usize> FixedTable<T, N> {
    /// A table of `used` entries, each `value`.
    pub fn new(used: usize, value: T) -> Self {
        const { assert!(N.is_power_of_two()) };
        assert!(used <= N, "a table holds {N} entries");
        // Built on the heap: an array of `N` on the stack could be large.
        let Ok(entries) = vec![value; N].into_boxed_slice().try_into() else {
            unreachable!("a vector of N entries")
        };
        FixedTable { entries, used }
    }

    /// A table of the entries `values` yields, in order, the rest of the
    /// array `padding`.
    pub fn from_values(values: impl IntoIterator<Item = T>, padding: T) -> Self {
        let mut table = FixedTable::new(0, padding);
        for value in values {
            table.entries[table.used] = value;
            table.used += 1;
        }
        table
    }

    /// The entries in use.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.entries[..self.used]
    }
}

impl<T: Copy + Default, const N: usize> Default for FixedTable<T, N> {
    fn default() -> Self {
        FixedTable::new(0, T::default())
    }
}

impl<T: Copy, const N: usize> Clone for FixedTable<T, N> {
    fn clone(&self) -> Self {
        FixedTable {
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

impl<T: PartialEq, const N: usize> PartialEq for FixedTable<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.entries[..self.used] == other.entries[..other.used]
    }
}

impl<T, const N: usize> Index<usize> for FixedTable<T, N> {
    type Output = T;

    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        debug_assert!(i < self.used, "entry {i} of {}", self.used);
        &self.entries[i % N]
    }
}

impl<T, const N: usize> IndexMut<usize> for FixedTable<T, N> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        debug_assert!(i < self.used, "entry {i} of {}", self.used);
        &mut self.entries[i % N]
    }
}

/// The first entries, as a slice (bounds-checked).
impl<T, const N: usize> Index<RangeTo<usize>> for FixedTable<T, N> {
    type Output = [T];

    fn index(&self, range: RangeTo<usize>) -> &[T] {
        &self.entries[..self.used][range]
    }
}

impl<T, const N: usize> IndexMut<RangeTo<usize>> for FixedTable<T, N> {
    fn index_mut(&mut self, range: RangeTo<usize>) -> &mut [T] {
        &mut self.entries[..self.used][range]
    }
}

impl<T, const N: usize> Deref for FixedTable<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.entries[..self.used]
    }
}

impl<T, const N: usize> DerefMut for FixedTable<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.entries[..self.used]
    }
}

#[cfg(test)]
mod tests {
    use super::FixedTable;

    #[test]
    fn a_copy_into_a_table_copies_the_entries_in_use() {
        let mut source = FixedTable::<u16, 8>::new(3, 7);
        source[1] = 9;
        let mut copy = FixedTable::<u16, 8>::new(5, 0);
        copy.clone_from(&source);
        assert_eq!(&*copy, &[7, 9, 7]);
        assert_eq!(copy, source);
        assert_eq!(&*source.clone(), &[7, 9, 7]);
    }

    #[test]
    fn from_values_uses_as_many_entries_as_it_is_given() {
        let table = FixedTable::<u8, 4>::from_values([1, 2], 0);
        assert_eq!(table.len(), 2);
        assert_eq!(table[1], 2);
    }
}
