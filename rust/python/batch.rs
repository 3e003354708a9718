//! Batch random playouts for Python: the GIL is released while rayon plays
//! the games over all cores (or a pool of the requested size).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::convert::options_from;
use super::errors::OptionError;
use crate::games::AnyGame;
use crate::playout::{default_max_moves, run_batch};

/// Thread pools by size, built once: building one per call would cost more
/// than a small batch.
static POOLS: Mutex<Option<HashMap<usize, Arc<rayon::ThreadPool>>>> = Mutex::new(None);

fn pool(threads: usize) -> PyResult<Arc<rayon::ThreadPool>> {
    let mut pools = POOLS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let pools = pools.get_or_insert_with(HashMap::new);
    if let Some(pool) = pools.get(&threads) {
        return Ok(pool.clone());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("stonefield-{i}"))
        .build()
        .map_err(|e| OptionError::new_err(format!("cannot start {threads} threads: {e}")))?;
    let pool = Arc::new(pool);
    pools.insert(threads, pool.clone());
    Ok(pool)
}

/// Plays games `first .. first + count` of the batch seeded `seed` and
/// returns `{"winners", "lengths", "finished", "scores", "max_moves"}` as
/// numpy arrays. Game `i` depends only on `(seed, i)`.
#[pyfunction]
#[pyo3(signature = (name, options, *, seed, first, count, threads = None, max_moves = None))]
#[allow(clippy::too_many_arguments)]
pub fn playouts<'py>(
    py: Python<'py>,
    name: &str,
    options: &Bound<'py, PyDict>,
    seed: u64,
    first: u64,
    count: usize,
    threads: Option<usize>,
    max_moves: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let start = AnyGame::new(name, &mut options_from(options)?)?;
    let max_moves = max_moves.unwrap_or_else(|| default_max_moves(&start));
    if threads == Some(0) {
        return Err(OptionError::new_err("threads must be at least 1"));
    }
    let pool = threads.map(pool).transpose()?;
    let batch = py.detach(|| match &pool {
        Some(pool) => pool.install(|| run_batch(&start, seed, first, count, max_moves)),
        None => run_batch(&start, seed, first, count, max_moves),
    });
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
