//! Anadil's views: its counters, the smothered stones, how a game ended,
//! and the groups, supergroups, regions and breaths that explain them.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::{names, per_colour, view_functions};
use crate::games::Position as _;

/// Anadil's own counters, each `(black, white)` where it is per colour.
#[pyclass(module = "stonefield", name = "AnadilCounters", frozen, get_all, eq)]
#[derive(PartialEq)]
pub struct Counters {
    /// The prison as a signed count: `+k` black stones, `-k` white ones.
    prison: i64,
    /// The stone the no-counter-annihilation ruling protects on this turn.
    protected_point: Option<String>,
    /// Stones on the board per colour.
    stones: (usize, usize),
}

view_functions! { anadil: Anadil;
    /// Anadil's own counters as the board stands.
    fn anadil_counters(_py) -> Counters {
        let [black, white] = anadil.stones();
        Ok(Counters {
            prison: anadil.prison(),
            protected_point: anadil
                .protected_point()
                .map(|p| anadil.board().name(p).to_string()),
            stones: (black, white),
        })
    }

    /// The stones of smothered groups on the board as it stands, per colour.
    fn anadil_smothered(py) -> Bound<'py, PyDict> {
        let board = anadil.board();
        per_colour(
            py,
            anadil
                .smothered_stones()
                .map(|points| names(board, &points)),
        )
    }

    /// How a finished game ended (`"annihilated"`, `"full board"`,
    /// `"blocked"`); None while it goes on.
    fn anadil_ending(_py) -> Option<&'static str> {
        Ok(anadil.ending().map(|ending| ending.name()))
    }

    /// The stones orthogonally connected to the stone at `point`, in point
    /// order; None when the point is empty.
    fn anadil_group(_py, point) -> Option<Vec<String>> {
        Ok(anadil.group(point).map(|points| names(anadil.board(), &points)))
    }

    /// The stones connected to the stone at `point` orthogonally or
    /// diagonally, in point order; None when the point is empty.
    fn anadil_supergroup(_py, point) -> Option<Vec<String>> {
        Ok(anadil.supergroup(point).map(|points| names(anadil.board(), &points)))
    }

    /// The king-region of the empty `point`, in point order; None when it
    /// holds a stone.
    fn anadil_region(_py, point) -> Option<Vec<String>> {
        Ok(anadil.region(point).map(|points| names(anadil.board(), &points)))
    }

    /// The breaths of the group at `point`, by name in point order, each with
    /// whether it is obstructed; None when the point is empty.
    fn anadil_breaths(py, point) -> Option<Bound<'py, PyDict>> {
        let Some(breaths) = anadil.breaths(point) else {
            return Ok(None);
        };
        let found = PyDict::new(py);
        for (e, obstructed) in breaths {
            found.set_item(anadil.board().name(e), obstructed)?;
        }
        Ok(Some(found))
    }
}
