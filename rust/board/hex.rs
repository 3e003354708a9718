//! The hexagon of side `n` (RULES.md §1.1): `(c, r)` with `|c - r| <= n - 1`.

use std::sync::OnceLock;

use super::{Adjacency, Board, BoardCoords, Shape};
use crate::error::Error;

/// Smallest and largest side the hex games accept.
pub const MIN_SIDE: usize = 2;
pub const MAX_SIDE: usize = 25;

/// The six directions in cyclic order: each is adjacent to the next, and
/// direction `d + 3` is the opposite of `d`.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];

static BOARDS: [OnceLock<Board>; MAX_SIDE + 1] = [const { OnceLock::new() }; MAX_SIDE + 1];

pub(super) fn shared(side: usize) -> Result<&'static Board, Error> {
    let fits = (MIN_SIDE..=MAX_SIDE).contains(&side);
    let accepted = || format!("from {MIN_SIDE} to {MAX_SIDE} for a hex board");
    super::cached(&BOARDS, side, fits, accepted, build)
}

fn build(side: usize) -> Board {
    let n = side as i32;
    let layout = BoardCoords::new(2 * side - 1, |c, r| (c - r).abs() < n); // |c - r| <= n - 1
    let adjacency = Adjacency::build(&DIRECTIONS, &layout);
    Board::build(Shape::Hex, side, layout, adjacency, None)
}
