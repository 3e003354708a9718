//! Observations for learning: a position as float planes on a square grid.
//!
//! The board is embedded in its coordinate grid: point `(c, r)` is cell
//! `[r - 1][c - 1]` of a `W × W` grid, `W` being [`Board::grid_width`]
//! (`2n - 1` on the hex board, whose corners off the board stay empty; `n` on
//! the square board). The planes are the [`COMMON_PLANES`] every game has,
//! then the game's own ([`Position::feature_plane_names`]). Planes are seen from
//! one colour, the *perspective* (the colour to move unless said otherwise),
//! so a learner sees its own stones on the same plane whichever colour it
//! plays. Every plane is zero off the board.

use std::borrow::BorrowMut;

use rayon::prelude::*;

use crate::board::{Board, Point};
use crate::core::{Colour, Stop};
use crate::games::{AnyPosition, Position};

/// The planes every game has, in order.
///
/// - `own_stones`: 1 on the perspective colour's stones.
/// - `opponent_stones`: 1 on the other colour's stones.
/// - `empty`: 1 on the empty points.
/// - `on_board`: 1 on every point of the board (the mask of the embedding).
/// - `own_colour_black`: 1 on the board when the perspective colour is Black.
/// - `own_turn`: 1 on the board when the perspective colour is to move.
pub const COMMON_PLANES: [&str; 6] = [
    "own_stones",
    "opponent_stones",
    "empty",
    "on_board",
    "own_colour_black",
    "own_turn",
];

const OWN: usize = 0;
const OPPONENT: usize = 1;
const EMPTY_PLANE: usize = 2;
const ON_BOARD: usize = 3;
const OWN_BLACK: usize = 4;
const OWN_TURN: usize = 5;

/// A game's own planes, for [`Position::feature_planes`] to write: indices are
/// relative to the first of them, and writes land on board points only.
pub struct Planes<'a> {
    board: &'static Board,
    data: &'a mut [f32],
}

impl Planes<'_> {
    fn cell(&self, plane: usize, p: Point) -> usize {
        plane * self.board.grid_width().pow(2) + self.board.grid_index(p)
    }

    /// Sets `plane` at point `p`.
    ///
    /// # Panics
    /// When `plane` is not one of the game's own planes.
    #[inline]
    pub fn set(&mut self, plane: usize, p: Point, value: f32) {
        let i = self.cell(plane, p);
        self.data[i] = value;
    }

    /// Sets `plane` at every point of the board: the way to show a number
    /// (a count, a flag) that belongs to the position rather than a point.
    ///
    /// # Panics
    /// When `plane` is not one of the game's own planes.
    pub fn fill(&mut self, plane: usize, value: f32) {
        for p in 0..self.board.points() as Point {
            self.set(plane, p, value);
        }
    }
}

/// The shape `(planes, height, width)` of `game`'s observations.
pub fn observation_shape<P: Position>(game: &P) -> [usize; 3] {
    let width = game.board().grid_width();
    let planes = COMMON_PLANES.len() + game.feature_plane_names().len();
    [planes, width, width]
}

/// The number of floats in one observation of `game`.
pub fn observation_len<P: Position>(game: &P) -> usize {
    observation_shape(game).iter().product()
}

/// Writes `game`'s observation from `perspective` into `out`, which holds
/// [`observation_len`] floats (overwritten, not added to).
///
/// # Panics
/// When `out` has the wrong length.
pub fn write_observation<P: Position>(game: &mut P, perspective: Colour, out: &mut [f32]) {
    assert_eq!(
        out.len(),
        observation_len(game),
        "an observation buffer of the wrong size"
    );
    let (common, own) = out.split_at_mut(common_len(game));
    write_common_planes(game, perspective, common, 1.0);
    write_feature_planes(game, perspective, own);
}

/// The number of values of the [`COMMON_PLANES`] of `game`'s observations.
pub fn common_len<P: Position>(game: &P) -> usize {
    COMMON_PLANES.len() * game.board().grid_width().pow(2)
}

/// Writes the [`COMMON_PLANES`] of `game`'s observation from `perspective`
/// into `out`, which holds [`common_len`] values: `one` where a plane is
/// set, `T::default()` elsewhere (so `1.0` gives the float planes).
///
/// # Panics
/// When `out` has the wrong length.
pub fn write_common_planes<P: Position, T: Copy + Default>(
    game: &P,
    perspective: Colour,
    out: &mut [T],
    one: T,
) {
    let board = game.board();
    let area = board.grid_width().pow(2);
    assert_eq!(
        out.len(),
        COMMON_PLANES.len() * area,
        "a buffer of the wrong size for the common planes"
    );
    out.fill(T::default());
    // A stone's plane is OWN (0) for the perspective's colour and OPPONENT
    // (1) for the other, EMPTY_PLANE (2) for none: one store per point,
    // with no branch on what it holds (a branch per point, mispredicted on
    // a random board, cost more than the rest of the loop).
    const _: () = assert!(OWN == 0 && OPPONENT == 1 && EMPTY_PLANE == 2);
    let own = perspective.index();
    for (p, &at) in board.grid_indices().iter().enumerate() {
        let at = usize::from(at);
        let plane = game
            .cell(p as Point)
            .map_or(EMPTY_PLANE, |c| c.index() ^ own);
        out[plane * area + at] = one;
        out[ON_BOARD * area + at] = one;
    }
    // The flag planes, where they are set, are the board's mask.
    let (marked, flags) = out.split_at_mut(OWN_BLACK * area);
    let on_board = &marked[ON_BOARD * area..];
    let flag = |plane: usize| (plane - OWN_BLACK) * area..(plane - OWN_BLACK + 1) * area;
    if perspective == Colour::Black {
        flags[flag(OWN_BLACK)].copy_from_slice(on_board);
    }
    if perspective == game.to_move() {
        flags[flag(OWN_TURN)].copy_from_slice(on_board);
    }
}

/// Writes the game's own planes ([`Position::feature_planes`]) of `game`'s
/// observation from `perspective` into `out`, which holds the values after
/// the [`COMMON_PLANES`].
///
/// # Panics
/// When `out` has the wrong length.
pub fn write_feature_planes<P: Position>(game: &mut P, perspective: Colour, out: &mut [f32]) {
    let board = game.board();
    assert_eq!(
        out.len(),
        game.feature_plane_names().len() * board.grid_width().pow(2),
        "a buffer of the wrong size for the game's own planes"
    );
    out.fill(0.0);
    let mut planes = Planes { board, data: out };
    game.feature_planes(perspective, &mut planes);
}

/// Writes the observations of many states (owned or borrowed), each from its
/// colour to move, into `out` (one [`observation_len`] block per state, in
/// order), spread over the current rayon pool. When `stop` is requested the
/// states not yet written are left as they were in `out`.
///
/// # Panics
/// When the states differ in observation shape or `out` has the wrong length.
pub fn write_observations<S>(states: &mut [S], out: &mut [f32], stop: &Stop)
where
    S: BorrowMut<AnyPosition> + Send,
{
    let Some(first) = states.first() else {
        assert!(out.is_empty(), "an observation buffer of the wrong size");
        return;
    };
    let len = observation_len(first.borrow());
    let shape = observation_shape(first.borrow());
    assert!(
        states
            .iter()
            .all(|s| observation_shape(s.borrow()) == shape),
        "states of different observation shapes"
    );
    assert_eq!(
        out.len(),
        len * states.len(),
        "an observation buffer of the wrong size"
    );
    out.par_chunks_mut(len)
        .zip(states.par_iter_mut())
        .for_each(|(block, state)| {
            if stop.requested() {
                return;
            }
            let state = state.borrow_mut();
            let perspective = state.to_move();
            write_observation(state, perspective, block);
        });
}

#[cfg(test)]
mod tests;
