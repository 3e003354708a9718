//! Point indices of two widths, and the tables they index with no bounds
//! test. A board of at most 255 points numbers its points in a byte: a
//! table of 256 entries indexed by a `u8` needs neither a mask nor a bounds
//! check (the type proves the index in range), its rows are half as wide,
//! and it is small enough to hold in place. Larger boards take `u16` points
//! and tables of 2048 entries on the heap, indexed modulo that size. Either
//! way the last entry is padding, which the index standing for no point
//! (`NONE`) reads, so a lookup of "the first stone met" needs no test for
//! the edge first.
//!
//! A game generic over [`Width`] is compiled once per width; it chooses the
//! width once per position, from its board.

use std::fmt::Debug;
use std::ops::{Deref, DerefMut, Index, IndexMut};

use super::FixedTable;
use crate::board::Point;

/// A table of the narrow width: an entry per byte, held in place, so that
/// the tables of one owner sit at fixed offsets from one address (a loop
/// over several of them needs one base register, not one per table).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NarrowTable<T>([T; 256]);

impl<T> Deref for NarrowTable<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> DerefMut for NarrowTable<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

/// Indexed by a byte: every index is in range.
impl<T> Index<u8> for NarrowTable<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, p: u8) -> &T {
        &self.0[usize::from(p)]
    }
}

impl<T> IndexMut<u8> for NarrowTable<T> {
    #[inline(always)]
    fn index_mut(&mut self, p: u8) -> &mut T {
        &mut self.0[usize::from(p)]
    }
}

/// The entries of a wide table.
const WIDE_SLOTS: usize = 2048;

/// A table of the wide width: a [`FixedTable`] with every entry in use, on
/// the heap (it is large).
#[derive(Debug, PartialEq)]
pub struct WideTable<T>(FixedTable<T, WIDE_SLOTS>);

impl<T: Copy> Clone for WideTable<T> {
    fn clone(&self) -> Self {
        WideTable(self.0.clone())
    }

    /// Copies in place, with no allocation.
    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl<T> Deref for WideTable<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> DerefMut for WideTable<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

/// Indexed by a `u16` brought in range first (`NONE` to the last entry), so
/// the table's own check that an index is in use holds.
impl<T> Index<u16> for WideTable<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, p: u16) -> &T {
        &self.0[usize::from(p) % WIDE_SLOTS]
    }
}

impl<T> IndexMut<u16> for WideTable<T> {
    #[inline(always)]
    fn index_mut(&mut self, p: u16) -> &mut T {
        &mut self.0[usize::from(p) % WIDE_SLOTS]
    }
}

/// What a table of a width holds: plain data, so that the positions of a
/// board may share a table (see [`crate::core::shared`]).
pub trait Entry: Copy + Debug + PartialEq + Send + Sync + 'static {}

impl<T: Copy + Debug + PartialEq + Send + Sync + 'static> Entry for T {}

/// A width of point indices: the index type, and the tables it indexes.
pub trait Width: Copy + Debug + PartialEq + 'static {
    /// A point index, or [`Width::NONE`].
    type Point: Copy + Eq + Debug + Into<u32> + Into<usize> + Send + Sync;
    /// A table with an entry per point, and padding past the points that
    /// [`Width::NONE`] indexes. Read as a slice, it is every entry.
    type Table<T: Entry>: Index<Self::Point, Output = T>
        + IndexMut<Self::Point>
        + Deref<Target = [T]>
        + DerefMut
        + Clone
        + Debug
        + PartialEq
        + Send
        + Sync;
    /// The index that stands for no point (a board's [`crate::board::NO_POINT`]).
    const NONE: Self::Point;
    /// The most points a board of this width may have.
    const MAX_POINTS: usize;

    /// A table with every entry `value`.
    fn table<T: Entry>(value: T) -> Self::Table<T>;

    /// The index of point `p` (`p` below [`Width::MAX_POINTS`]), or
    /// [`Width::NONE`] for [`crate::board::NO_POINT`]: the low bits of `p`.
    fn point(p: u32) -> Self::Point;

    /// The index of a board's point, or [`Width::NONE`] for
    /// [`crate::board::NO_POINT`].
    #[inline(always)]
    fn of(p: Point) -> Self::Point {
        Self::point(u32::from(p))
    }

    /// The board's point of an index ([`crate::board::NO_POINT`] for
    /// [`Width::NONE`]).
    fn board_point(p: Self::Point) -> Point;
}

/// Points in a byte, for boards of at most 255 points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Narrow;

impl Width for Narrow {
    type Point = u8;
    type Table<T: Entry> = NarrowTable<T>;
    const NONE: u8 = u8::MAX;
    const MAX_POINTS: usize = 255;

    fn table<T: Entry>(value: T) -> NarrowTable<T> {
        NarrowTable([value; 256])
    }

    #[inline(always)]
    fn point(p: u32) -> u8 {
        p as u8
    }

    #[inline(always)]
    fn board_point(p: u8) -> Point {
        if p == Self::NONE {
            crate::board::NO_POINT
        } else {
            Point::from(p)
        }
    }
}

/// Points in two bytes, for boards of at most 2047 points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wide;

impl Width for Wide {
    type Point = u16;
    type Table<T: Entry> = WideTable<T>;
    const NONE: u16 = u16::MAX;
    const MAX_POINTS: usize = WIDE_SLOTS - 1;

    fn table<T: Entry>(value: T) -> WideTable<T> {
        WideTable(FixedTable::new(WIDE_SLOTS, value))
    }

    #[inline(always)]
    fn point(p: u32) -> u16 {
        p as u16
    }

    #[inline(always)]
    fn board_point(p: u16) -> Point {
        p
    }
}

/// Copies the first `len` entries of `source` into `table`. A width's table
/// does not know how many of its entries a board uses, its owner does, and
/// a copy of a position copies those only.
pub fn copy_entries<T: Copy>(table: &mut [T], source: &[T], len: usize) {
    table[..len].copy_from_slice(&source[..len]);
}

/// A value of one of the two widths, boxed: what a position holds when its
/// engine is compiled for each width and its board picks one.
#[derive(Debug)]
pub enum ByWidth<N, W> {
    Narrow(Box<N>),
    Wide(Box<W>),
}

/// Evaluates `$body` with `$x` bound to the value inside `$value` (a
/// [`ByWidth`], by reference), whichever its width: the body is compiled
/// once per width.
macro_rules! on_width {
    ($value:expr, $x:ident => $body:expr) => {
        match $value {
            $crate::core::ByWidth::Narrow($x) => $body,
            $crate::core::ByWidth::Wide($x) => $body,
        }
    };
}
pub(crate) use on_width;

impl<N: Clone, W: Clone> Clone for ByWidth<N, W> {
    fn clone(&self) -> Self {
        match self {
            ByWidth::Narrow(n) => ByWidth::Narrow(n.clone()),
            ByWidth::Wide(w) => ByWidth::Wide(w.clone()),
        }
    }

    /// Copies into the existing value when the widths match, reusing its
    /// buffers.
    fn clone_from(&mut self, source: &Self) {
        match (self, source) {
            (ByWidth::Narrow(n), ByWidth::Narrow(source)) => n.clone_from(source),
            (ByWidth::Wide(w), ByWidth::Wide(source)) => w.clone_from(source),
            (value, source) => *value = source.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Narrow, Wide, Width};
    use crate::board::NO_POINT;

    #[test]
    fn no_point_reads_the_padding_entry() {
        let mut narrow = Narrow::table(0u8);
        narrow[Narrow::of(NO_POINT)] = 1;
        assert_eq!(narrow[255], 1);
        let mut wide = Wide::table(0u8);
        wide[Wide::of(NO_POINT)] = 1;
        assert_eq!(wide[2047], 1);
        assert_eq!(Narrow::board_point(Narrow::of(NO_POINT)), NO_POINT);
        assert_eq!(Narrow::board_point(Narrow::of(216)), 216);
    }
}
