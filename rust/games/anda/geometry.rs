//! The six-point ring around each point, as Anda's hot loops read it.
//!
//! Every point gets exactly six steps in cyclic order, the board's edge
//! mapped to a sentinel point `N` whose cell is [`BORDER`], so loops over
//! neighbours have a fixed length and no edge test. A ring's contents are
//! summed up as 6-bit masks (bit `d` for direction `d`), and [`RUNS`] gives
//! the runs of set bits of any mask: on the hex board consecutive ring
//! points are adjacent, so a run of empty points is connected, and a run of
//! stones of one colour belongs to one group.

use std::sync::OnceLock;

use crate::board::{Board, Point, NO_POINT};
use crate::core::FixedTable;

/// The cell value of the sentinel point beyond the edge.
pub(super) const BORDER: u8 = 3;

/// The runs of set bits in a cyclic 6-bit mask: how many, and the
/// direction where each starts (a full mask is one run from 0).
#[derive(Clone, Copy, Debug)]
pub(super) struct Runs {
    pub count: u8,
    pub starts: [u8; 3],
}

/// [`Runs`] for every 6-bit mask.
pub(super) static RUNS: [Runs; 64] = runs_table();

const fn runs_table() -> [Runs; 64] {
    let mut table = [Runs {
        count: 0,
        starts: [0; 3],
    }; 64];
    let mut mask = 1;
    while mask < 64 {
        let mut runs = Runs {
            count: 0,
            starts: [0; 3],
        };
        if mask == 63 {
            runs.count = 1;
        } else {
            let mut d = 0;
            while d < 6 {
                let here = (mask >> d) & 1;
                let before = (mask >> ((d + 5) % 6)) & 1;
                if here == 1 && before == 0 {
                    runs.starts[runs.count as usize] = d as u8;
                    runs.count += 1;
                }
                d += 1;
            }
        }
        table[mask] = runs;
        mask += 1;
    }
    table
}

/// Each point's ring, and the sentinel's (all sentinel): shared per side by
/// both widths, indexed by a point with no bounds test.
pub(super) type Rings = FixedTable<[Point; 6], 2048>;

static RINGS: [OnceLock<Rings>; 26] = [const { OnceLock::new() }; 26];

/// The rings of every point of a hex board, shared per side.
pub(super) fn rings(board: &'static Board) -> &'static Rings {
    RINGS[board.side()].get_or_init(|| {
        let sentinel = board.points() as Point;
        let rings = (0..board.points() as Point).map(|p| {
            let steps = board.adjacency().steps(p);
            std::array::from_fn(|d| {
                if steps[d] == NO_POINT {
                    sentinel
                } else {
                    steps[d]
                }
            })
        });
        Rings::from_values(rings, [sentinel; 6])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_a_ring() {
        assert_eq!(RUNS[0].count, 0);
        assert_eq!(RUNS[63].count, 1);
        assert_eq!((RUNS[0b000001].count, RUNS[0b000001].starts[0]), (1, 0));
        // Bits 5 and 0 are one run across the wrap, starting at 5.
        assert_eq!((RUNS[0b100001].count, RUNS[0b100001].starts[0]), (1, 5));
        assert_eq!(RUNS[0b010101].count, 3);
        assert_eq!(RUNS[0b010101].starts, [0, 2, 4]);
        assert_eq!(RUNS[0b011011].count, 2);
    }

    #[test]
    fn rings_follow_the_board_and_map_the_edge_to_the_sentinel() {
        let board = Board::hex(3).unwrap();
        let rings = rings(board);
        for p in 0..board.points() as Point {
            let on_board: Vec<Point> = rings[p as usize]
                .iter()
                .copied()
                .filter(|&q| q != 19)
                .collect();
            assert_eq!(on_board, board.neighbours(p));
        }
    }
}
