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

use crate::board::{Board, GridRun, Point};
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
        let area = self.board.grid_width().pow(2);
        let grid = &mut self.data[plane * area..(plane + 1) * area];
        for run in self.board.grid_runs() {
            grid[run_cells(run)].fill(value);
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

/// Writes `game`'s observation from `perspective` into `out`, as
/// [`write_observation`] does, from `like_out`: the observation from
/// `like_perspective` of `like`, a position on the same board. Positions of
/// one search differ in a few stones, so the common planes are copied from
/// `like_out` and patched where the two positions' cells differ, instead of
/// written cell by cell; the game's own planes are written anew.
///
/// # Panics
/// When `out` or `like_out` has the wrong length.
pub fn write_observation_like<P: Position>(
    game: &mut P,
    perspective: Colour,
    out: &mut [f32],
    (like, like_perspective, like_out): (&P, Colour, &[f32]),
) {
    let len = observation_len(game);
    assert!(
        out.len() == len && like_out.len() == len,
        "an observation buffer of the wrong size"
    );
    let common = common_len(game);
    let (planes, own) = out.split_at_mut(common);
    let like_planes = (like_perspective, like.to_move(), &like_out[..common]);
    copy_common_planes(game, perspective, planes, like_planes);
    patch_common_planes(game, perspective, planes, like.cells());
    write_feature_planes(game, perspective, own);
}

/// Copies the [`COMMON_PLANES`] `like`, from `like_perspective` in a
/// position with `like_to_move` to move, into `out`, as seen from
/// `perspective` in `game` (whose cells they show).
fn copy_common_planes<P: Position>(
    game: &P,
    perspective: Colour,
    out: &mut [f32],
    (like_perspective, like_to_move, like): (Colour, Colour, &[f32]),
) {
    let turn = perspective == game.to_move();
    if perspective == like_perspective && turn == (like_perspective == like_to_move) {
        // Every plane as it is: one copy.
        out.copy_from_slice(like);
        return;
    }
    let area = game.board().grid_width().pow(2);
    let mut planes = out.chunks_exact_mut(area);
    let mut plane = || planes.next().expect("a common plane");
    let (own, opponent, empty, on_board) = (plane(), plane(), plane(), plane());
    let (own_black, own_turn) = (plane(), plane());
    let like_plane = |k: usize| &like[k * area..(k + 1) * area];
    let (like_own, like_opponent) = if perspective == like_perspective {
        (like_plane(OWN), like_plane(OPPONENT))
    } else {
        (like_plane(OPPONENT), like_plane(OWN))
    };
    own.copy_from_slice(like_own);
    opponent.copy_from_slice(like_opponent);
    empty.copy_from_slice(like_plane(EMPTY_PLANE));
    let mask = like_plane(ON_BOARD);
    on_board.copy_from_slice(mask);
    for (plane, set) in [(own_black, perspective == Colour::Black), (own_turn, turn)] {
        if set {
            plane.copy_from_slice(mask);
        } else {
            plane.fill(0.0);
        }
    }
}

/// Points compared at once when looking for the cells that differ.
const STRIDE: usize = 16;

/// Rewrites the stone planes of `out` (common planes from `perspective`
/// showing the cells `like_cells`) at every point where `game`'s cells
/// differ from `like_cells`.
fn patch_common_planes<P: Position>(
    game: &P,
    perspective: Colour,
    out: &mut [f32],
    like_cells: &[u8],
) {
    let board = game.board();
    let area = board.grid_width().pow(2);
    let (own, rest) = out.split_at_mut(area);
    let (opponent, rest) = rest.split_at_mut(area);
    let empty = &mut rest[..area];
    let own_code = cell_code(Some(perspective));
    let opponent_code = cell_code(Some(perspective.opponent()));
    let points = board.points();
    let (cells, like_cells) = (&game.cells()[..points], &like_cells[..points]);
    let mut patch = |from: usize, cells: &[u8], like: &[u8]| {
        for (i, (&cell, &was)) in cells.iter().zip(like).enumerate() {
            if cell != was {
                let at = board.grid_index((from + i) as Point);
                let code = cell + EMPTY_CELL;
                own[at] = f32::from(u8::from(code == own_code));
                opponent[at] = f32::from(u8::from(code == opponent_code));
                empty[at] = f32::from(u8::from(code == EMPTY_CELL));
            }
        }
    };
    // Whole strides compare as one value each: most of them are equal.
    let strides = cells
        .chunks_exact(STRIDE)
        .zip(like_cells.chunks_exact(STRIDE));
    for (k, (now, was)) in strides.enumerate() {
        let now: &[u8; STRIDE] = now.try_into().expect("a whole stride");
        let was: &[u8; STRIDE] = was.try_into().expect("a whole stride");
        if now != was {
            patch(k * STRIDE, now, was);
        }
    }
    let tail = points - points % STRIDE;
    patch(tail, &cells[tail..], &like_cells[tail..]);
}

/// The number of values of the [`COMMON_PLANES`] of `game`'s observations.
pub fn common_len<P: Position>(game: &P) -> usize {
    COMMON_PLANES.len() * game.board().grid_width().pow(2)
}

/// Writes the [`COMMON_PLANES`] of `game`'s observation from `perspective`
/// into `out`, which holds [`common_len`] values: `one` where a plane is
/// set, zero elsewhere (so `1.0` gives the float planes).
///
/// # Panics
/// When `out` has the wrong length.
pub fn write_common_planes<P: Position, T: Copy + PartialEq + From<u8>>(
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
    // The planes in the order of COMMON_PLANES.
    const _: () = assert!(OWN == 0 && OPPONENT == 1 && EMPTY_PLANE == 2);
    const _: () = assert!(ON_BOARD == 3 && OWN_BLACK == 4 && OWN_TURN == 5);
    // The on-board plane first holds a code a cell (off the board, empty,
    // Black, White); one pass of comparisons over it then writes every
    // plane, with no branch on what a point holds (a branch a point,
    // mispredicted on a random board, cost more than the rest).
    let (planes, flags) = out.split_at_mut(OWN_BLACK * area);
    let (stones, codes) = planes.split_at_mut(ON_BOARD * area);
    let (own_black, own_turn) = flags.split_at_mut(area);
    // The codes are read in point order into the own-turn plane (a grid
    // has a cell for every point, and that plane is written last), in one
    // loop, then moved to their cells a run of points at a time.
    let by_point = &mut own_turn[..board.points()];
    for (code, &cell) in by_point.iter_mut().zip(game.cells()) {
        debug_assert!(cell <= Colour::White.stone(), "a cell byte {cell}");
        *code = T::from(cell + EMPTY_CELL);
    }
    let off = T::from(OFF_BOARD);
    codes.fill(off);
    for run in board.grid_runs() {
        let first = usize::from(run.first);
        codes[run_cells(run)].copy_from_slice(&by_point[first..first + usize::from(run.len)]);
    }
    let own = T::from(cell_code(Some(perspective)));
    let opponent = T::from(cell_code(Some(perspective.opponent())));
    let empty = T::from(EMPTY_CELL);
    let zero = T::from(0);
    let (own_stones, rest) = stones.split_at_mut(area);
    let (opponent_stones, empty_points) = rest.split_at_mut(area);
    // The stone planes and the mask in one pass over the codes, each code
    // read once (a pass a plane read them four times); the codes give way
    // to the mask as they are read.
    let planes = own_stones
        .iter_mut()
        .zip(opponent_stones)
        .zip(empty_points)
        .zip(codes.iter_mut());
    for (((own_stone, opponent_stone), empty_point), on_board) in planes {
        let at = *on_board;
        *own_stone = if at == own { one } else { zero };
        *opponent_stone = if at == opponent { one } else { zero };
        *empty_point = if at == empty { one } else { zero };
        *on_board = if at == off { zero } else { one };
    }
    // The flag planes are the board's mask where they are set.
    let on_board = &*codes;
    for (plane, set) in [
        (own_black, perspective == Colour::Black),
        (own_turn, perspective == game.to_move()),
    ] {
        if set {
            plane.copy_from_slice(on_board);
        } else {
            plane.fill(zero);
        }
    }
}

/// A grid cell off the board, in the codes of [`cell_code`]: zero, the
/// value of every plane there.
const OFF_BOARD: u8 = 0;
/// An empty point, in the codes of [`cell_code`].
const EMPTY_CELL: u8 = 1;

/// A point's content as a byte: [`EMPTY_CELL`], or the stone's cell value
/// plus one (never [`OFF_BOARD`]). An empty point's cell byte is 0, so every
/// cell byte plus [`EMPTY_CELL`] is its code.
#[inline]
fn cell_code(stone: Option<Colour>) -> u8 {
    const _: () = assert!(
        crate::core::EMPTY == 0,
        "a cell byte plus EMPTY_CELL is its code"
    );
    stone.map_or(0, Colour::stone) + EMPTY_CELL
}

/// The grid indices of `run`'s points.
#[inline]
fn run_cells(run: &GridRun) -> std::ops::Range<usize> {
    usize::from(run.cell)..usize::from(run.cell + run.len)
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
