//! The live sets of a Sunder position (see [`super::Game`]): per group
//! root, a grid set, and after the `N` roots one holding the whole board,
//! stored by width. Hexagons of side 9 and below (the narrow boards) have
//! grids of at most five words: their sets are held in place, five words
//! each, indexed by a byte, so that reading, copying and intersecting them
//! takes no multiply, no bounds test and no loop. Larger boards keep an
//! arena of the grid's words per set.

use std::fmt::Debug;

use crate::board::{Board, Point};
use crate::core::{bits, Narrow, NarrowTable, PointSets, Wide, Width};

/// One grid set per point of a board, and the whole board's after them.
pub(crate) trait LiveSets<P>: Clone + Debug {
    /// Empty sets for the points of `board`, then the whole board's.
    fn new(board: &Board) -> Self;

    /// Set `i`, as words over the board's grid (past its grid words, zero).
    fn get(&self, i: P) -> &[u64];

    /// Set `i`, to change.
    fn get_mut(&mut self, i: P) -> &mut [u64];

    /// Makes set `into` its intersection with set `from` (they differ).
    fn intersect(&mut self, into: P, from: P);

    /// Makes set `into` a copy of set `from` (they differ).
    fn copy(&mut self, into: P, from: P);

    /// Makes set `i` a copy of set `i` of `source`, for the same board.
    fn copy_from(&mut self, i: P, source: &Self);
}

/// A width of point index, with the live sets stored for it.
pub(crate) trait LiveWidth: Width {
    type Sets: LiveSets<Self::Point>;
}

/// The words of a narrow board's grid set: side 9's grid of 17 by 17.
const NARROW_WORDS: usize = 5;

/// The live sets of a narrow board, in place.
pub(crate) type NarrowSets = NarrowTable<[u64; NARROW_WORDS]>;

impl LiveWidth for Narrow {
    type Sets = NarrowSets;
}

impl LiveWidth for Wide {
    type Sets = PointSets;
}

/// Adds every point of `board` to `set`.
fn fill_board(board: &Board, set: &mut [u64]) {
    for p in 0..board.points() as Point {
        bits::insert(set, board.grid_index(p));
    }
}

impl LiveSets<u8> for NarrowSets {
    fn new(board: &Board) -> Self {
        let grid = board.grid_width() * board.grid_width();
        assert!(
            bits::words_for(grid) <= NARROW_WORDS && board.points() < Narrow::MAX_POINTS,
            "a narrow board's grid fits {NARROW_WORDS} words"
        );
        let mut sets = Narrow::table([0; NARROW_WORDS]);
        fill_board(board, &mut sets[Narrow::of(board.points() as Point)]);
        sets
    }

    #[inline(always)]
    fn get(&self, i: u8) -> &[u64] {
        &self[i]
    }

    #[inline(always)]
    fn get_mut(&mut self, i: u8) -> &mut [u64] {
        &mut self[i]
    }

    #[inline(always)]
    fn intersect(&mut self, into: u8, from: u8) {
        let from = self[from];
        for (x, y) in self[into].iter_mut().zip(from) {
            *x &= y;
        }
    }

    #[inline(always)]
    fn copy(&mut self, into: u8, from: u8) {
        self[into] = self[from];
    }

    #[inline(always)]
    fn copy_from(&mut self, i: u8, source: &Self) {
        self[i] = source[i];
    }
}

impl LiveSets<u16> for PointSets {
    fn new(board: &Board) -> Self {
        let n = board.points();
        let mut sets = PointSets::new(n + 1, board.grid_width() * board.grid_width());
        fill_board(board, sets.get_mut(n));
        sets
    }

    fn get(&self, i: u16) -> &[u64] {
        PointSets::get(self, i.into())
    }

    fn get_mut(&mut self, i: u16) -> &mut [u64] {
        PointSets::get_mut(self, i.into())
    }

    fn intersect(&mut self, into: u16, from: u16) {
        PointSets::intersect(self, into.into(), from.into());
    }

    fn copy(&mut self, into: u16, from: u16) {
        PointSets::copy(self, into.into(), from.into());
    }

    fn copy_from(&mut self, i: u16, source: &Self) {
        PointSets::copy_from(self, i.into(), source);
    }
}
