//! Batch random playouts for Python: the GIL is released while rayon plays
//! the games over all cores (or a pool of the requested size).

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::game::Game;
use super::pools::pool;
use super::state::State;
use crate::batch;
use crate::playout::default_max_moves;

/// Plays games `first .. first + count` of the batch seeded `seed` from the
/// game's start (or from the position of `state`: the playouts of the
/// built-in `Rollouts` evaluator) and returns `{"winners", "lengths",
/// "finished", "scores", "max_moves"}` as numpy arrays. Game `i` depends
/// only on `(seed, i)`.
#[pyfunction]
#[pyo3(signature = (game, *, seed, first, count, threads = None, max_moves = None, state = None))]
#[allow(clippy::too_many_arguments)]
pub fn playouts<'py>(
    py: Python<'py>,
    game: PyRef<'py, Game>,
    seed: u64,
    first: u64,
    count: usize,
    threads: Option<usize>,
    max_moves: Option<usize>,
    state: Option<PyRef<'py, State>>,
) -> PyResult<Bound<'py, PyDict>> {
    let start = match &state {
        Some(state) => state.current().clone(),
        None => game.start().clone(),
    };
    drop((game, state));
    let max_moves = max_moves.unwrap_or_else(|| default_max_moves(&start));
    let pool = pool(threads)?;
    let batch =
        py.detach(|| pool.install(|| batch::playouts(&start, seed, first, count, max_moves)));
    let out = PyDict::new(py);
    out.set_item("winners", PyArray1::from_vec(py, batch.winners))?;
    out.set_item("lengths", PyArray1::from_vec(py, batch.lengths))?;
    out.set_item("finished", PyArray1::from_vec(py, batch.finished))?;
    let scores = PyArray1::from_vec(py, batch.scores).reshape([count, 2])?;
    let scores: Bound<'py, PyArray2<f64>> = scores;
    out.set_item("scores", scores)?;
    out.set_item("max_moves", max_moves)?;
    Ok(out)
}
