//! The grid cell of every point, per board side, built once and shared
//! (like the Zobrist keys): a look reads it instead of dividing the point
//! by the side.

use std::sync::OnceLock;

use super::ENTRIES;

/// Square sides run up to 25 (RULES.md §1.2).
const SIDES: usize = 26;

/// Per point: its cell in the bordered grid.
pub(super) type GridCells = [u16; ENTRIES];

static TABLES: [OnceLock<Box<GridCells>>; SIDES] = [const { OnceLock::new() }; SIDES];

/// The grid cells of the points of side `side`, whose grid has a one-cell
/// border on every hand.
pub(super) fn grid_cells(side: usize) -> &'static GridCells {
    TABLES[side].get_or_init(|| {
        let width = side + 2;
        let mut cells = Box::new([0; ENTRIES]);
        for (p, cell) in cells.iter_mut().enumerate().take(side * side) {
            *cell = ((p / side + 1) * width + p % side + 1) as u16;
        }
        cells
    })
}
