//! What a placement reads of the board at a point, held per point in a
//! table of the position's width: one read, with no bounds test, gives the
//! point's steps, its edge and its grid index, where the board's own tables
//! take a bounds test each. The table is built once per board and shared by
//! its positions.

use crate::board::{Board, Point};
use crate::core::{shared, Shared, Width};

/// A point of the board, as the win test reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Spot<P> {
    /// The six steps around the point, in direction order; [`Width::NONE`]
    /// for those that leave the board.
    pub(super) steps: [P; 6],
    /// Bit `d` set when the step in direction `d` leaves the board.
    pub(super) off_board: u8,
    /// Whether the point is on the edge of the board.
    pub(super) on_edge: bool,
    /// The point's grid index ([`Board::grid_index`]).
    pub(super) grid: u16,
}

impl<P> Spot<P> {
    /// The point's grid index.
    #[inline(always)]
    pub(super) fn grid(&self) -> usize {
        usize::from(self.grid)
    }
}

/// The spots of a board's points, in a table of width `W`.
pub(super) type Spots<W> = <W as Width>::Table<Spot<<W as Width>::Point>>;

/// The spots of `board`'s points, shared; the padding is a point with every
/// step off the board.
pub(super) fn spots<W: Width>(board: &'static Board) -> Shared<Spots<W>> {
    shared(board, build::<W>)
}

fn build<W: Width>(board: &Board) -> Spots<W> {
    let mut spots = W::table(Spot {
        steps: [W::NONE; 6],
        off_board: 0x3f,
        on_edge: true,
        grid: 0,
    });
    let adjacency = board.adjacency();
    for p in 0..board.points() as Point {
        let spot = &mut spots[W::of(p)];
        for (step, &q) in spot.steps.iter_mut().zip(adjacency.steps(p)) {
            *step = W::of(q);
        }
        spot.off_board = adjacency.off_board(p);
        spot.on_edge = board.is_edge(p);
        spot.grid = u16::try_from(board.grid_index(p)).expect("a grid of fewer than 2^16 cells");
    }
    spots
}
