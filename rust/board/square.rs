//! The `n × n` square board (RULES.md §1.2), with orthogonal and king adjacency.

use std::sync::OnceLock;

use super::{Adjacency, Board, BoardCoords, Shape};
use crate::error::Error;

/// Smallest and largest side Anadil accepts (odd sides only).
pub const MIN_SIDE: usize = 5;
pub const MAX_SIDE: usize = 25;

/// Orthogonal directions in cyclic order.
pub const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// King directions in cyclic order.
pub const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

static BOARDS: [OnceLock<Board>; MAX_SIDE + 1] = [const { OnceLock::new() }; MAX_SIDE + 1];

pub(super) fn shared(side: usize) -> Result<&'static Board, Error> {
    let fits = (MIN_SIDE..=MAX_SIDE).contains(&side) && side % 2 == 1;
    let accepted = || format!("odd and from {MIN_SIDE} to {MAX_SIDE} for a square board");
    super::cached(&BOARDS, side, fits, accepted, build)
}

fn build(side: usize) -> Board {
    let layout = BoardCoords::new(side, |_, _| true);
    let orthogonal = Adjacency::build(&ORTHOGONAL, &layout);
    let king = Adjacency::build(&KING, &layout);
    Board::build(Shape::Square, side, layout, orthogonal, Some(king))
}
