//! A table of a width read by a `usize` index: for [`crate::core::Marks`],
//! which index their stamps so, and for the buffers filled in order, read
//! by a count. The index is below the board's points (so below the width's
//! bound) but its type does not prove it: the table reads its low bits, as
//! [`Width::point`] does, with no bounds test.

use std::ops::{Deref, DerefMut, Index, IndexMut};

use crate::core::{Entry, Width};

/// A table of `W` indexed by a `usize`'s low bits.
#[derive(Clone, Debug)]
pub(super) struct UsizeTable<W: Width, T: Entry>(W::Table<T>);

impl<W: Width, T: Entry> UsizeTable<W, T> {
    /// A table with every entry `value`.
    pub(super) fn new(value: T) -> Self {
        UsizeTable(W::table(value))
    }
}

impl<W: Width, T: Entry> Deref for UsizeTable<W, T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<W: Width, T: Entry> DerefMut for UsizeTable<W, T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

impl<W: Width, T: Entry> Index<usize> for UsizeTable<W, T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        &self.0[W::point(i as u32)]
    }
}

impl<W: Width, T: Entry> IndexMut<usize> for UsizeTable<W, T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.0[W::point(i as u32)]
    }
}
