//! The board's symmetries: the rotations and reflections that map the board
//! onto itself and keep every adjacency, as point permutations built once
//! with the board.
//!
//! The hexagon has 12 (the dihedral group of order 12), the square 8. Both
//! are listed in one order, with `R` the number of rotations (6 or 4):
//!
//! - `k` in `0..R`: the rotation by `k` steps, 60° (hex) or 90° (square)
//!   each, counterclockwise with rows counted up the page; `k = 0` is the
//!   identity;
//! - `k` in `R..2R`: the reflection that exchanges column and row (it keeps
//!   `a1` and the diagonal through it), then the rotation by `k - R` steps.
//!
//! In centred coordinates `(x, y)` (hex: `(c - n, r - n)`; square:
//! `(c - m, r - m)` with `m = (n + 1) / 2`) one rotation step is
//! `(x, y) -> (x - y, x)` on the hexagon (direction `d` of
//! [`super::hex::DIRECTIONS`] goes to `d + 1`) and `(x, y) -> (-y, x)` on the
//! square; the reflection is `(x, y) -> (y, x)`. Every rotation's inverse is
//! the rotation by `R - k`; every reflection is its own inverse.

use super::{BoardCoords, Point, Shape};

/// One symmetry of a board: where each point goes, and where each cell of
/// the coordinate grid goes (the grid of [`crate::observation`]).
#[derive(Debug)]
pub struct Symmetry {
    points: Vec<Point>,
    /// Image of every grid cell; cells off the board stay where they are
    /// (the board maps onto itself, so its complement does too).
    cells: Vec<u16>,
}

impl Symmetry {
    /// The image of point `p`.
    #[inline]
    pub fn point(&self, p: Point) -> Point {
        self.points[p as usize]
    }

    /// The image of every point, by point index.
    #[inline]
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The image of cell `i` of the row-major coordinate grid.
    #[inline]
    pub fn cell(&self, i: usize) -> usize {
        self.cells[i] as usize
    }

    /// The image of an action: points move, special actions (indices from
    /// the number of points on) stay.
    #[inline]
    pub fn action(&self, action: u16) -> u16 {
        self.points.get(action as usize).copied().unwrap_or(action)
    }

    /// Writes into `out` the planes `planes` (each a whole grid, row-major)
    /// of the position moved by this symmetry: `out[image(i)] = planes[i]`
    /// plane by plane.
    ///
    /// # Panics
    /// When the two slices differ in length or are not whole planes.
    pub fn transform_planes<T: Copy>(&self, planes: &[T], out: &mut [T]) {
        let area = self.cells.len();
        assert_eq!(planes.len(), out.len(), "planes of different sizes");
        assert_eq!(planes.len() % area, 0, "planes are whole grids");
        for (from, to) in planes.chunks_exact(area).zip(out.chunks_exact_mut(area)) {
            for (i, &value) in from.iter().enumerate() {
                to[self.cells[i] as usize] = value;
            }
        }
    }

    /// Writes into `out` the per-action values `policy` moved by this
    /// symmetry: `out[image(a)] = policy[a]`.
    ///
    /// # Panics
    /// When the two slices differ in length or hold fewer values than points.
    pub fn transform_actions<T: Copy>(&self, policy: &[T], out: &mut [T]) {
        assert_eq!(policy.len(), out.len(), "policies of different sizes");
        let points = self.points.len();
        for (p, &value) in policy[..points].iter().enumerate() {
            out[self.points[p] as usize] = value;
        }
        out[points..].copy_from_slice(&policy[points..]);
    }
}

/// The number of rotations of a shape: the symmetries are twice as many.
fn rotations(shape: Shape) -> usize {
    match shape {
        Shape::Hex => 6,
        Shape::Square => 4,
    }
}

/// The index of the inverse of symmetry `k` among `2 * rotations` of them.
pub(super) fn inverse(shape: Shape, k: usize) -> usize {
    let turns = rotations(shape);
    if k < turns {
        (turns - k) % turns
    } else {
        k
    }
}

/// Builds every symmetry of the board laid out by `layout`, in the order
/// of the module's documentation.
pub(super) fn build(shape: Shape, side: usize, layout: &BoardCoords) -> Vec<Symmetry> {
    let centre = match shape {
        Shape::Hex => side as i32,
        Shape::Square => (side as i32 + 1) / 2,
    };
    let rotate = |(x, y): (i32, i32)| match shape {
        Shape::Hex => (x - y, x),
        Shape::Square => (-y, x),
    };
    let width = layout.width;
    let turns = rotations(shape);
    (0..2 * turns)
        .map(|k| {
            let map = |(c, r): (u8, u8)| {
                let mut xy = (c as i32 - centre, r as i32 - centre);
                if k >= turns {
                    xy = (xy.1, xy.0);
                }
                for _ in 0..k % turns {
                    xy = rotate(xy);
                }
                let image = layout.index(xy.0 + centre, xy.1 + centre);
                image.expect("a symmetry maps the board onto itself")
            };
            let points: Vec<Point> = layout.coords.iter().map(|&cr| map(cr)).collect();
            let cell = |p: Point| {
                let (c, r) = layout.coords[p as usize];
                ((r as usize - 1) * width + c as usize - 1) as u16
            };
            let mut cells: Vec<u16> = (0..(width * width) as u16).collect();
            for (p, &image) in points.iter().enumerate() {
                cells[cell(p as Point) as usize] = cell(image);
            }
            Symmetry { points, cells }
        })
        .collect()
}
