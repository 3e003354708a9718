//! Esgrad's views: the score breakdown and a group's partitions.

use pyo3::prelude::*;

use super::{names, plain_fields, view_functions};
use crate::board::Board;
use crate::games::esgrad::{ColourScore, GroupScore};
use crate::games::Position as _;

/// One group in Esgrad's score breakdown.
#[pyclass(module = "stonefield", name = "EsgradGroup", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub struct Group {
    /// The group's points, in point order.
    points: Vec<String>,
    /// Its partitions.
    partitions: usize,
    /// Its value, `p(p + 1) / 2` for `p` partitions.
    value: u64,
}

plain_fields!(Group as "EsgradGroup" { points, partitions, value });

impl super::Plain for Vec<Group> {
    fn plain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let groups = self
            .iter()
            .map(|group| group.to_dict(py))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(groups.into_pyobject(py)?.into_any())
    }
}

/// One colour's score in Esgrad, part by part (RULES.md §7).
#[pyclass(module = "stonefield", name = "EsgradScore", frozen, get_all, eq)]
#[derive(PartialEq)]
pub struct Score {
    /// The colour's groups, ordered by their first point.
    groups: Vec<Group>,
    /// The sum of the groups' values.
    group_values: u64,
    /// The komi (White's; 0 for Black).
    komi: i64,
    /// 0.5 for the colour that passed first, else 0.
    half_point: f64,
    /// The score.
    total: f64,
}

plain_fields!(Score as "EsgradScore" { groups, group_values, komi, half_point, total });

fn group(board: &Board, group: &GroupScore) -> Group {
    Group {
        points: names(board, &group.points),
        partitions: group.partitions,
        value: group.value,
    }
}

fn score(board: &Board, score: &ColourScore) -> Score {
    Score {
        groups: score.groups.iter().map(|g| group(board, g)).collect(),
        group_values: score.group_values,
        komi: score.komi,
        half_point: score.half_point,
        total: score.total,
    }
}

view_functions! { esgrad: Esgrad;
    /// Esgrad's score breakdown as the board stands, `(black, white)`.
    fn esgrad_score(_py) -> (Score, Score) {
        let [black, white] = esgrad.score_breakdown();
        let board = esgrad.board();
        Ok((score(board, &black), score(board, &white)))
    }

    /// The partitions of the group holding the stone at `point`, each in point
    /// order, the parts by their first point; None when the point is empty.
    fn esgrad_partitions(_py, point) -> Option<Vec<Vec<String>>> {
        let board = esgrad.board();
        Ok(esgrad
            .partitions_at(point)
            .map(|parts| parts.iter().map(|part| names(board, part)).collect()))
    }
}
