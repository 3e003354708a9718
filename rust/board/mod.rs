//! Board geometry: which points exist, how they are numbered and named, and
//! which points touch. Nothing here knows about stones or rules.
//!
//! A [`Board`] is built once per (shape, side) and shared for the life of the
//! process (see [`Board::hex`] and [`Board::square`]), so every state of a game
//! points at the same neighbour tables and games never do coordinate
//! arithmetic in their hot loops.

mod hex;
mod notation;
mod square;
mod symmetry;

pub use notation::{column_letters, parse_column};
pub use symmetry::Symmetry;

use std::sync::OnceLock;

use crate::error::{quoted, Error};

/// A point's index: points are numbered from 0 in the order RULES.md §1 gives.
pub type Point = u16;

/// Marks "no point" in step tables (a line that leaves the board).
pub const NO_POINT: Point = Point::MAX;

/// A run of consecutive points whose grid cells are consecutive too:
/// points `first..first + len` sit at grid indices `cell..cell + len`.
/// A hex board has one run a row; the square board is a single run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridRun {
    /// The run's first point.
    pub first: Point,
    /// The grid index of its first point.
    pub cell: u16,
    /// The number of points in the run.
    pub len: u16,
}

/// The two board shapes of the five games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// The hexagon of side `n` (Sunder, Anda, Lingarda, Esgrad).
    Hex,
    /// The `n × n` square (Anadil).
    Square,
}

/// One adjacency relation of a board, as flat tables.
///
/// `step(p, d)` follows direction `d` (directions are listed in cyclic order,
/// so consecutive directions are themselves adjacent) and gives [`NO_POINT`]
/// off the board; `neighbours(p)` lists only the on-board neighbours.
#[derive(Debug)]
pub struct Adjacency {
    directions: &'static [(i32, i32)],
    steps: Vec<Point>,
    neighbours: Vec<Point>,
    degree: Vec<u8>,
    off_board: Vec<u8>,
}

impl Adjacency {
    fn build(directions: &'static [(i32, i32)], board: &BoardCoords) -> Self {
        let stride = directions.len();
        let count = board.coords.len();
        let mut steps = vec![NO_POINT; count * stride];
        let mut neighbours = vec![NO_POINT; count * stride];
        let mut degree = vec![0u8; count];
        let mut off_board = vec![0u8; count];
        for (p, &(c, r)) in board.coords.iter().enumerate() {
            let mut k = 0;
            for (d, &(dc, dr)) in directions.iter().enumerate() {
                if let Some(q) = board.index(c as i32 + dc, r as i32 + dr) {
                    steps[p * stride + d] = q;
                    neighbours[p * stride + k] = q;
                    k += 1;
                } else {
                    off_board[p] |= 1 << d;
                }
            }
            degree[p] = k as u8;
        }
        Adjacency {
            directions,
            steps,
            neighbours,
            degree,
            off_board,
        }
    }

    /// The number of directions (6 hex, 4 orthogonal, 8 king).
    #[inline]
    pub fn directions(&self) -> usize {
        self.directions.len()
    }

    /// The direction vectors `(dc, dr)`, in cyclic order.
    pub fn direction_vectors(&self) -> &'static [(i32, i32)] {
        self.directions
    }

    /// The point one step from `p` in direction `d`, or [`NO_POINT`].
    #[inline]
    pub fn step(&self, p: Point, d: usize) -> Point {
        self.steps[p as usize * self.directions.len() + d]
    }

    /// All steps from `p`, one per direction in cyclic order.
    #[inline]
    pub fn steps(&self, p: Point) -> &[Point] {
        let s = self.directions.len();
        &self.steps[p as usize * s..p as usize * s + s]
    }

    /// The directions that leave the board from `p`, as a mask (bit `d`
    /// for direction `d`).
    #[inline]
    pub fn off_board(&self, p: Point) -> u8 {
        self.off_board[p as usize]
    }

    /// The on-board neighbours of `p`.
    #[inline]
    pub fn neighbours(&self, p: Point) -> &[Point] {
        let s = self.directions.len();
        let start = p as usize * s;
        &self.neighbours[start..start + self.degree[p as usize] as usize]
    }
}

/// Coordinates of every point and the grid that maps them back.
#[derive(Debug)]
struct BoardCoords {
    coords: Vec<(u8, u8)>,
    width: usize,
    grid: Vec<Point>,
}

impl BoardCoords {
    /// Lays out the points `(c, r)` with `1 <= c, r <= width` that `on_board`
    /// accepts, sorted by row then column (RULES.md §1 point index).
    fn new(width: usize, on_board: impl Fn(i32, i32) -> bool) -> Self {
        let mut coords = Vec::new();
        let mut grid = vec![NO_POINT; width * width];
        for r in 1..=width as i32 {
            for c in 1..=width as i32 {
                if on_board(c, r) {
                    grid[(r as usize - 1) * width + c as usize - 1] = coords.len() as Point;
                    coords.push((c as u8, r as u8));
                }
            }
        }
        BoardCoords {
            coords,
            width,
            grid,
        }
    }

    fn index(&self, c: i32, r: i32) -> Option<Point> {
        let w = self.width as i32;
        if c < 1 || r < 1 || c > w || r > w {
            return None;
        }
        let p = self.grid[(r as usize - 1) * self.width + c as usize - 1];
        (p != NO_POINT).then_some(p)
    }
}

/// A board: its points, their names, and their adjacencies.
#[derive(Debug)]
pub struct Board {
    shape: Shape,
    side: usize,
    layout: BoardCoords,
    adjacency: Adjacency,
    king: Option<Adjacency>,
    edge: Vec<bool>,
    grid_index: Vec<u16>,
    grid_runs: Vec<GridRun>,
    names: Vec<String>,
    symmetries: Vec<Symmetry>,
}

/// The board of side `side` from `boards` (one slot a side, each built by
/// `build` when first asked for), or, when `fits` is false, the size error
/// naming the sides `accepted` describes.
fn cached(
    boards: &'static [OnceLock<Board>],
    side: usize,
    fits: bool,
    accepted: impl FnOnce() -> String,
    build: fn(usize) -> Board,
) -> Result<&'static Board, Error> {
    if !fits {
        return Err(Error::OptionValue {
            option: "size",
            message: format!("size must be {}, got {side}", accepted()),
        });
    }
    Ok(boards[side].get_or_init(|| build(side)))
}

/// The maximal runs of `grid_index` (one grid index a point, in point
/// order) that go up by one from point to point.
fn grid_runs(grid_index: &[u16]) -> Vec<GridRun> {
    let mut runs: Vec<GridRun> = Vec::new();
    for (p, &cell) in grid_index.iter().enumerate() {
        match runs.last_mut() {
            Some(run) if run.cell + run.len == cell => run.len += 1,
            _ => runs.push(GridRun {
                first: p as Point,
                cell,
                len: 1,
            }),
        }
    }
    runs
}

impl Board {
    fn build(
        shape: Shape,
        side: usize,
        layout: BoardCoords,
        adjacency: Adjacency,
        king: Option<Adjacency>,
    ) -> Self {
        let full = adjacency.directions();
        let edge = (0..layout.coords.len())
            .map(|p| (adjacency.degree[p] as usize) < full)
            .collect();
        let names = layout
            .coords
            .iter()
            .map(|&(c, r)| format!("{}{}", column_letters(c as usize), r))
            .collect();
        let grid_index: Vec<u16> = layout
            .coords
            .iter()
            .map(|&(c, r)| ((r as usize - 1) * layout.width + c as usize - 1) as u16)
            .collect();
        let grid_runs = grid_runs(&grid_index);
        let symmetries = symmetry::build(shape, side, &layout);
        Board {
            shape,
            side,
            symmetries,
            layout,
            adjacency,
            king,
            edge,
            grid_index,
            grid_runs,
            names,
        }
    }

    /// The shared hex board of side `side` (2..=25).
    ///
    /// # Errors
    /// [`Error::OptionValue`] when the side is out of range.
    pub fn hex(side: usize) -> Result<&'static Board, Error> {
        hex::shared(side)
    }

    /// The shared square board of side `side` (odd, 5..=25).
    ///
    /// # Errors
    /// [`Error::OptionValue`] when the side is out of range or even.
    pub fn square(side: usize) -> Result<&'static Board, Error> {
        square::shared(side)
    }

    /// Hex or square.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side `n` the board was built with.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The number of points `N`.
    #[inline]
    pub fn points(&self) -> usize {
        self.layout.coords.len()
    }

    /// The width of the coordinate grid: `2n - 1` for hex, `n` for square.
    pub fn grid_width(&self) -> usize {
        self.layout.width
    }

    /// The index of `p` in the row-major coordinate grid (`grid_width()`
    /// columns, from 0), where every step is a fixed offset: on hex, the
    /// six neighbours are at `±1`, `±w` and `±(w + 1)`.
    #[inline]
    pub fn grid_index(&self, p: Point) -> usize {
        self.grid_index[p as usize] as usize
    }

    /// [`Board::grid_index`] of every point, in point order.
    #[inline]
    pub fn grid_indices(&self) -> &[u16] {
        &self.grid_index
    }

    /// The board's points as the fewest [`GridRun`]s, in point order: a
    /// plane of the grid is these runs with the off-board cells between
    /// them, so it can be written a run at a time rather than a point at a
    /// time.
    #[inline]
    pub fn grid_runs(&self) -> &[GridRun] {
        &self.grid_runs
    }

    /// Column and row of `p`, both from 1.
    #[inline]
    pub fn coords(&self, p: Point) -> (usize, usize) {
        let (c, r) = self.layout.coords[p as usize];
        (c as usize, r as usize)
    }

    /// The point at column `c`, row `r` (from 1), if it is on the board.
    pub fn at(&self, c: i32, r: i32) -> Option<Point> {
        self.layout.index(c, r)
    }

    /// The group adjacency: 6 neighbours on hex, the orthogonal 4 on square.
    #[inline]
    pub fn adjacency(&self) -> &Adjacency {
        &self.adjacency
    }

    /// King adjacency (8 neighbours), square boards only.
    #[inline]
    pub fn king(&self) -> Option<&Adjacency> {
        self.king.as_ref()
    }

    /// The on-board neighbours of `p` in the group adjacency.
    #[inline]
    pub fn neighbours(&self, p: Point) -> &[Point] {
        self.adjacency.neighbours(p)
    }

    /// Whether `p` has fewer neighbours than an interior point (RULES.md §1.3).
    #[inline]
    pub fn is_edge(&self, p: Point) -> bool {
        self.edge[p as usize]
    }

    /// The text name of `p`, lower case (`a1`).
    #[inline]
    pub fn name(&self, p: Point) -> &str {
        &self.names[p as usize]
    }

    /// The board's symmetries (12 on the hexagon, 8 on the square), in the
    /// order [`Symmetry`]'s module gives: rotations first, from the
    /// identity, then reflections.
    #[inline]
    pub fn symmetries(&self) -> &[Symmetry] {
        &self.symmetries
    }

    /// The index of the inverse of symmetry `k`.
    pub fn inverse_symmetry(&self, k: usize) -> usize {
        symmetry::inverse(self.shape, k)
    }

    /// Parses a point name, case-insensitive.
    ///
    /// # Errors
    /// [`Error::Notation`] for malformed text or a point off this board.
    pub fn parse_point(&self, text: &str) -> Result<Point, Error> {
        let (c, r) = notation::parse_coordinates(text)?;
        self.layout.index(c as i32, r as i32).ok_or_else(|| {
            Error::Notation(format!(
                "{} is off the board (a {} board of side {})",
                quoted(text),
                match self.shape {
                    Shape::Hex => "hex",
                    Shape::Square => "square",
                },
                self.side
            ))
        })
    }
}

#[cfg(test)]
mod tests;
