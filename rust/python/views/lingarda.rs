//! Lingarda's views: the score part by part, the stones with a lifeline,
//! what a placement would do, the enclosures' owners and the last placer.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::{names, owned_points, per_colour, plain_fields, point_list, view_functions};
use crate::games::Position as _;
use crate::python::convert::colour;

/// One colour's score in Lingarda, part by part (RULES.md §6).
#[pyclass(module = "stonefield", name = "LingardaScore", frozen, get_all, eq)]
#[derive(PartialEq)]
pub struct Score {
    /// Stones on the board.
    stones: u32,
    /// Empty points of the enclosures the colour owns.
    enclosures: u32,
    /// 0.5 for the colour that made the last placement, else 0.
    half_point: f64,
    /// The sum of the parts.
    total: f64,
}

plain_fields!(Score as "LingardaScore" { stones, enclosures, half_point, total });

/// What placing the mover's stone on an empty point would do.
#[pyclass(module = "stonefield", name = "LingardaPreview", frozen, eq)]
#[derive(PartialEq)]
pub struct Preview {
    lifelines: [Vec<String>; 2],
    /// The enemy stones that would flip (left without a lifeline).
    #[pyo3(get)]
    flips: Vec<String>,
    /// Why the placement is illegal, or None.
    #[pyo3(get)]
    reason: Option<String>,
}

#[pymethods]
impl Preview {
    /// The stones with a lifeline once the stone is on the board, before
    /// any flip (the new stone among them if it has one), per colour.
    #[getter]
    fn lifelines<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        per_colour(py, self.lifelines.clone())
    }

    /// Whether the placement is legal.
    #[getter]
    fn legal(&self) -> bool {
        self.reason.is_none()
    }

    fn __repr__(&self) -> String {
        let reason = self
            .reason
            .as_ref()
            .map_or_else(|| "None".to_string(), |r| format!("{r:?}"));
        format!(
            "LingardaPreview(lifelines={{black: {}, white: {}}}, flips={}, legal={}, reason={reason})",
            point_list(&self.lifelines[0]),
            point_list(&self.lifelines[1]),
            point_list(&self.flips),
            if self.reason.is_none() { "True" } else { "False" },
        )
    }
}

view_functions! { lingarda: Lingarda;
    /// Lingarda's score as the board stands, `(black, white)`.
    fn lingarda_score(_py) -> (Score, Score) {
        let score = lingarda.score_breakdown();
        let totals = score.totals();
        let [black, white] = [0, 1].map(|k| Score {
            stones: score.stones[k],
            enclosures: score.enclosures[k],
            half_point: score.half_point[k],
            total: totals[k],
        });
        Ok((black, white))
    }

    /// The stones that have a lifeline, per colour, in point order.
    fn lingarda_lifelines(py) -> Bound<'py, PyDict> {
        let board = lingarda.board();
        per_colour(py, lingarda.lifelines().map(|points| names(board, &points)))
    }

    /// What placing the mover's stone on the empty `point` would do; a
    /// NotationError when the point is occupied.
    fn lingarda_preview(_py, point) -> Preview {
        let board = lingarda.board();
        let preview = lingarda.preview(point)?;
        Ok(Preview {
            lifelines: preview.lifelines.map(|points| names(board, &points)),
            flips: names(board, &preview.flips),
            reason: preview.reason,
        })
    }

    /// The empty points of the enclosures a colour owns, each with its owner,
    /// in point order.
    fn lingarda_enclosures(py) -> Bound<'py, PyDict> {
        owned_points(py, lingarda.board(), lingarda.enclosure_owners())
    }

    /// The colour that made the last placement (it has the half point), or
    /// None before the first.
    fn lingarda_last_placer(py) -> Option<Bound<'py, PyAny>> {
        lingarda.last_placer().map(|c| colour(py, c)).transpose()
    }
}
