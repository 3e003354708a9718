//! Sunder's views: the cuts of a group.

use pyo3::prelude::*;

use super::{names, plain_fields, point_of, position_of};
use crate::games::Position as _;
use crate::python::state::State;

/// A group and the parts of the board minus it (its cuts), largest first.
#[pyclass(module = "stonefield", frozen, get_all, eq)]
#[derive(PartialEq)]
pub struct Cuts {
    /// The group's points, in point order.
    group: Vec<String>,
    /// The parts of the board minus the group, largest first, each in
    /// point order.
    parts: Vec<Vec<String>>,
}

plain_fields!(Cuts as "Cuts" { group, parts });

/// The group holding the stone at `point` and its cuts; None when the
/// point is empty.
#[pyfunction]
pub fn sunder_cuts(
    mut state: PyRefMut<'_, State>,
    point: &Bound<'_, PyAny>,
) -> PyResult<Option<Cuts>> {
    let p = point_of(&state, point)?;
    let sunder = position_of!(state, Sunder);
    let board = sunder.board();
    Ok(sunder.cuts(p).map(|cuts| Cuts {
        group: names(board, &cuts.group),
        parts: cuts.parts.iter().map(|part| names(board, part)).collect(),
    }))
}
