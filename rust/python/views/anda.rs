//! Anda's views: its counters, the score part by part, the territory, the
//! smothered stones and a group's breath.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::{names, owned_points, plain_fields, point_list, view_functions};
use crate::core::Colour;
use crate::games::anda::ColourScore;
use crate::games::Position as _;
use crate::python::convert::colour;

/// Anda's own counters, each `(black, white)` where it is per colour.
#[pyclass(module = "stonefield", name = "AndaCounters", frozen, get_all, eq)]
#[derive(PartialEq)]
pub struct Counters {
    /// Stones each colour has captured.
    prisoners: (u32, u32),
    /// Whether each colour has had (or passed) its two-stone first turn.
    first_turn_done: (bool, bool),
    /// The first stone of a two-stone first turn while the second is due.
    pending_stone: Option<String>,
}

/// One colour's score in Anda, part by part (RULES.md §4).
#[pyclass(module = "stonefield", name = "AndaScore", frozen, get_all, eq)]
#[derive(PartialEq)]
pub struct Score {
    /// Empty points in regions only this colour's stones touch.
    territory: f64,
    /// Enemy stones this colour has captured.
    prisoners: f64,
    /// The komi (White's; 0 for Black).
    komi: f64,
    /// 0.5 for the colour that made the game's first pass, else 0.
    half_point: f64,
    /// The sum of the parts.
    total: f64,
}

impl From<ColourScore> for Score {
    fn from(score: ColourScore) -> Score {
        Score {
            territory: score.territory,
            prisoners: score.prisoners,
            komi: score.komi,
            half_point: score.half_point,
            total: score.total,
        }
    }
}

plain_fields!(Score as "AndaScore" { territory, prisoners, komi, half_point, total });

/// A liberty of a group and how many enemy groups obstruct it (0, 1, or 2
/// for two or more); exactly one obstructs it.
#[pyclass(module = "stonefield", name = "AndaLiberty", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub struct Liberty {
    point: String,
    obstructions: u8,
}

plain_fields!(Liberty as "AndaLiberty" { point, obstructions });

/// A group, its liberties with their obstructions, and whether it is
/// smothered.
#[pyclass(module = "stonefield", name = "AndaBreath", frozen, eq)]
#[derive(PartialEq)]
pub struct Breath {
    colour: Colour,
    /// The group's stones, in point order.
    #[pyo3(get)]
    stones: Vec<String>,
    /// Its liberties, in point order.
    #[pyo3(get)]
    liberties: Vec<Liberty>,
    /// Whether every liberty is obstructed.
    #[pyo3(get)]
    smothered: bool,
}

#[pymethods]
impl Breath {
    /// The group's colour.
    #[getter]
    fn colour<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        colour(py, self.colour)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let liberties = self
            .liberties
            .iter()
            .map(|liberty| liberty.__repr__(py))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(format!(
            "AndaBreath(colour={}, stones={}, liberties=[{}], smothered={})",
            colour(py, self.colour)?.repr()?,
            point_list(&self.stones),
            liberties.join(", "),
            if self.smothered { "True" } else { "False" }
        ))
    }
}

view_functions! { anda: Anda;
    /// Anda's own counters as the board stands.
    fn anda_counters(_py) -> Counters {
        let [black, white] = anda.prisoners();
        let [black_done, white_done] = anda.first_turn_done();
        Ok(Counters {
            prisoners: (black, white),
            first_turn_done: (black_done, white_done),
            pending_stone: anda
                .pending_stone()
                .map(|p| anda.board().name(p).to_string()),
        })
    }

    /// Anda's score as the board stands, `(black, white)`.
    fn anda_score(_py) -> (Score, Score) {
        let [black, white] = anda.score_breakdown();
        Ok((black.into(), white.into()))
    }

    /// The empty points that are territory, each with its owner, in point order.
    fn anda_territory(py) -> Bound<'py, PyDict> {
        owned_points(py, anda.board(), anda.territory_owners())
    }

    /// The stones of every group smothered as the board stands, in point order.
    fn anda_smothered(_py) -> Vec<String> {
        Ok(names(anda.board(), &anda.smothered_stones()))
    }

    /// The group at `point` with its liberties; None when the point is empty.
    fn anda_breath(_py, point) -> Option<Breath> {
        let board = anda.board();
        Ok(anda.breath(point).map(|breath| Breath {
            colour: breath.colour,
            stones: names(board, &breath.stones),
            liberties: breath
                .liberties
                .iter()
                .map(|liberty| Liberty {
                    point: board.name(liberty.point).to_string(),
                    obstructions: liberty.obstructions,
                })
                .collect(),
            smothered: breath.smothered,
        }))
    }
}
