//! Sunder's views: the cuts of a group.

use pyo3::prelude::*;

use super::{names, plain_fields, view_functions};
use crate::games::Position as _;

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

view_functions! { sunder: Sunder;
    /// The group holding the stone at `point` and its cuts; None when the
    /// point is empty.
    fn sunder_cuts(_py, point) -> Option<Cuts> {
        let board = sunder.board();
        Ok(sunder.cuts(point).map(|cuts| Cuts {
            group: names(board, &cuts.group),
            parts: cuts.parts.iter().map(|part| names(board, part)).collect(),
        }))
    }
}
