//! Point indices of two widths, and the tables they index with no bounds
//! test. A board of at most 255 points numbers its points in a byte: a
//! table of 256 entries indexed by a `u8` needs neither a mask nor a bounds
//! check (the type proves the index in range), and its rows are half as
//! wide. Larger boards take `u16` points and tables of 2048 entries, indexed
//! through a mask. Either way the last entry is padding, which the index
//! standing for no point (`NONE`) reads, so a lookup of "the first stone
//! met" needs no test for the edge first.
//!
//! A game generic over [`Width`] is compiled once per width; it chooses the
//! width once per position, from its board.

use std::fmt::Debug;
use std::ops::{Deref, DerefMut, Index, IndexMut};

use crate::board::Point;

/// A table with an entry per point index of a width, `N` entries in all.
#[derive(Debug, PartialEq)]
pub struct PointTable<T, const N: usize>(Box<[T; N]>);

impl<T: Copy, const N: usize> Clone for PointTable<T, N> {
    fn clone(&self) -> Self {
        PointTable(self.0.clone())
    }

    /// Copies in place, with no allocation.
    fn clone_from(&mut self, source: &Self) {
        self.0.copy_from_slice(&source.0[..]);
    }
}

impl<T: Copy, const N: usize> PointTable<T, N> {
    /// A table with every entry `value`.
    pub fn new(value: T) -> Self {
        // Built on the heap: an array of `N` on the stack could be large.
        let Ok(entries) = vec![value; N].into_boxed_slice().try_into() else {
            unreachable!("a vector of N entries")
        };
        PointTable(entries)
    }
}

impl<T, const N: usize> Deref for PointTable<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.0[..]
    }
}

impl<T, const N: usize> DerefMut for PointTable<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0[..]
    }
}

/// Indexed by a byte: every index is in range.
impl<T> Index<u8> for PointTable<T, 256> {
    type Output = T;

    #[inline(always)]
    fn index(&self, p: u8) -> &T {
        &self.0[usize::from(p)]
    }
}

impl<T> IndexMut<u8> for PointTable<T, 256> {
    #[inline(always)]
    fn index_mut(&mut self, p: u8) -> &mut T {
        &mut self.0[usize::from(p)]
    }
}

/// The mask that brings a wide index in range (`NONE` to the last entry).
const WIDE_MASK: usize = 2047;

/// Indexed by a `u16` through a mask.
impl<T> Index<u16> for PointTable<T, 2048> {
    type Output = T;

    #[inline(always)]
    fn index(&self, p: u16) -> &T {
        &self.0[usize::from(p) & WIDE_MASK]
    }
}

impl<T> IndexMut<u16> for PointTable<T, 2048> {
    #[inline(always)]
    fn index_mut(&mut self, p: u16) -> &mut T {
        &mut self.0[usize::from(p) & WIDE_MASK]
    }
}

/// A width of point indices: the index type, and the tables it indexes.
pub trait Width: Copy + Debug + PartialEq + 'static {
    /// A point index, or [`Width::NONE`].
    type Point: Copy + Eq + Debug + Into<u32> + Into<usize>;
    /// A table with an entry per point, and padding past the points that
    /// [`Width::NONE`] indexes. Read as a slice, it is every entry.
    type Table<T: Copy + Debug + PartialEq>: Index<Self::Point, Output = T>
        + IndexMut<Self::Point>
        + Deref<Target = [T]>
        + DerefMut
        + Clone
        + Debug
        + PartialEq;
    /// The index that stands for no point (a board's [`crate::board::NO_POINT`]).
    const NONE: Self::Point;
    /// The most points a board of this width may have.
    const MAX_POINTS: usize;

    /// A table with every entry `value`.
    fn table<T: Copy + Debug + PartialEq>(value: T) -> Self::Table<T>;

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
    type Table<T: Copy + Debug + PartialEq> = PointTable<T, 256>;
    const NONE: u8 = u8::MAX;
    const MAX_POINTS: usize = 255;

    fn table<T: Copy + Debug + PartialEq>(value: T) -> PointTable<T, 256> {
        PointTable::new(value)
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
    type Table<T: Copy + Debug + PartialEq> = PointTable<T, 2048>;
    const NONE: u16 = u16::MAX;
    const MAX_POINTS: usize = WIDE_MASK;

    fn table<T: Copy + Debug + PartialEq>(value: T) -> PointTable<T, 2048> {
        PointTable::new(value)
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
