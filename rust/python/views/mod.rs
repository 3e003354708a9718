//! Each game's own views of a position, typed: one file per game with its
//! functions and their small frozen result classes (listed in `_core.pyi`),
//! which the game's Python module wraps as methods of its state class.

pub mod esgrad;
pub mod sunder;

use pyo3::prelude::*;

use super::errors::NotationError;
use super::state::State;
use crate::board::Point;
use crate::games::{AnyPosition, Position as _};

/// The names of `points`, in the order given.
pub fn names(position: &AnyPosition, points: &[Point]) -> Vec<String> {
    let board = position.board();
    points.iter().map(|&p| board.name(p).to_string()).collect()
}

/// Point names as Python writes a list of them: `['a1', 'b2']`.
pub fn point_list(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|name| format!("'{name}'")).collect();
    format!("[{}]", quoted.join(", "))
}

/// The point `point` names on `state`'s board (a point's text or index).
pub fn point_of(state: &State, point: &Bound<'_, PyAny>) -> PyResult<Point> {
    Ok(state.point_arg(Some(point))?.expect("a point was given"))
}

/// The error for a view asked of a state of another game.
pub fn wrong_game(state: &State, game: &str) -> PyErr {
    NotationError::new_err(format!(
        "this is a view of {game}, and the state is one of {}",
        state.current().name()
    ))
}
