//! Anadil's views: its counters, the smothered stones, how a game ended,
//! and the groups, supergroups, regions and breaths that explain them.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::{names, per_colour, point_of, position_of};
use crate::board::Point;
use crate::games::anadil::Anadil;
use crate::games::Position as _;
use crate::python::state::State;

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

/// Anadil's own counters as the board stands.
#[pyfunction]
pub fn anadil_counters(mut state: PyRefMut<'_, State>) -> PyResult<Counters> {
    let anadil = position_of!(state, Anadil);
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
#[pyfunction]
pub fn anadil_smothered<'py>(
    py: Python<'py>,
    mut state: PyRefMut<'py, State>,
) -> PyResult<Bound<'py, PyDict>> {
    let anadil = position_of!(state, Anadil);
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
#[pyfunction]
pub fn anadil_ending(mut state: PyRefMut<'_, State>) -> PyResult<Option<&'static str>> {
    Ok(position_of!(state, Anadil)
        .ending()
        .map(|ending| ending.name()))
}

/// The points a view of Anadil finds around `point`, by name.
fn points_around(
    mut state: PyRefMut<'_, State>,
    point: &Bound<'_, PyAny>,
    view: fn(&Anadil, Point) -> Option<Vec<Point>>,
) -> PyResult<Option<Vec<String>>> {
    let p = point_of(&state, point)?;
    let anadil = position_of!(state, Anadil);
    Ok(view(anadil, p).map(|points| names(anadil.board(), &points)))
}

/// The stones orthogonally connected to the stone at `point`, in point
/// order; None when the point is empty.
#[pyfunction]
pub fn anadil_group(
    state: PyRefMut<'_, State>,
    point: &Bound<'_, PyAny>,
) -> PyResult<Option<Vec<String>>> {
    points_around(state, point, Anadil::group)
}

/// The stones connected to the stone at `point` orthogonally or
/// diagonally, in point order; None when the point is empty.
#[pyfunction]
pub fn anadil_supergroup(
    state: PyRefMut<'_, State>,
    point: &Bound<'_, PyAny>,
) -> PyResult<Option<Vec<String>>> {
    points_around(state, point, Anadil::supergroup)
}

/// The king-region of the empty `point`, in point order; None when it
/// holds a stone.
#[pyfunction]
pub fn anadil_region(
    state: PyRefMut<'_, State>,
    point: &Bound<'_, PyAny>,
) -> PyResult<Option<Vec<String>>> {
    points_around(state, point, Anadil::region)
}

/// The breaths of the group at `point`, by name in point order, each with
/// whether it is obstructed; None when the point is empty.
#[pyfunction]
pub fn anadil_breaths<'py>(
    py: Python<'py>,
    mut state: PyRefMut<'py, State>,
    point: &Bound<'_, PyAny>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let p = point_of(&state, point)?;
    let anadil = position_of!(state, Anadil);
    let Some(breaths) = anadil.breaths(p) else {
        return Ok(None);
    };
    let found = PyDict::new(py);
    for (e, obstructed) in breaths {
        found.set_item(anadil.board().name(e), obstructed)?;
    }
    Ok(Some(found))
}
