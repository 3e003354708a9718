//! Batch games for Python: the GIL is released while rayon plays the games
//! over all cores (or a pool of the requested size), Ctrl-C stops them
//! ([`interruptible`]), and their results come back as one typed object
//! with a numpy array per field.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::args::{optional_size, size, whole};
use super::game::Game;
use super::interrupt::interruptible;
use super::pools::pool;
use super::state::State;
use crate::batch::{self, Games};
use crate::playout::default_max_moves;

/// Declares the frozen result class with one getter per field, a
/// positional constructor in field order, and `__reduce__` through it (so
/// that executors can pickle a chunk's result). The fields before the `;`
/// are the same-named columns of `$source`, which `from_columns` makes into
/// numpy arrays; the fields after it are given to `from_columns` as they are.
macro_rules! result_class {
    ($(#[$doc:meta])* $name:ident from $source:ty {
        $($(#[$column_doc:meta])* $column:ident,)*
        ;
        $($(#[$field_doc:meta])* $field:ident,)*
    }) => {
        $(#[$doc])*
        #[pyclass(module = "stonefield._core", frozen)]
        pub struct $name {
            $($(#[$column_doc])* #[pyo3(get)] $column: Py<PyAny>,)*
            $($(#[$field_doc])* #[pyo3(get)] $field: Py<PyAny>,)*
        }

        #[pymethods]
        impl $name {
            #[new]
            #[allow(clippy::too_many_arguments)] // one per field, in order
            fn new($($column: Py<PyAny>,)* $($field: Py<PyAny>,)*) -> Self {
                Self { $($column,)* $($field,)* }
            }

            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
                let py = slf.py();
                let this = slf.get();
                let fields = PyTuple::new(
                    py,
                    [$(this.$column.clone_ref(py),)* $(this.$field.clone_ref(py),)*],
                )?;
                Ok((slf.get_type().into_any(), fields))
            }
        }

        impl $name {
            /// The columns of `source` as numpy arrays, and the other fields.
            fn from_columns(py: Python<'_>, source: $source, $($field: Py<PyAny>,)*) -> Self {
                Self {
                    $($column: PyArray1::from_vec(py, source.$column).into_any().unbind(),)*
                    $($field,)*
                }
            }
        }
    };
}

result_class! {
    /// The per-game results of a batch, in game order: each field a numpy
    /// array with one entry per game, except `scores` (two), `branching`
    /// and `reached` (per ply), the three `evaluated` arrays (one entry per
    /// evaluated position) and `max_moves`, the cap the games were played
    /// under.
    GameBatch from Games {
        /// The winner's colour index (0 Black, 1 White), or -1 for none.
        winners,
        /// Actions played.
        lengths,
        /// Whether the game ended by its rules (not by the cap).
        finished,
        /// Whether the seats exchanged colours.
        swapped,
        /// The final scores, `(games, 2)`: Black's, White's (NaN where a
        /// game has none).
        scores,
        /// The kind of the last action (`batch::LastAction`).
        last,
        /// With `branching`: legal actions per ply, summed over the games.
        branching,
        /// With `branching`: how many games reached each ply.
        reached,
        /// With `branching`: legal actions summed over the game's plies.
        legal_total,
        /// With `branching`: the most legal actions at one ply.
        legal_max,
        /// With `branching`: legal actions at the first ply.
        legal_first,
        /// With `branching`: legal actions at the last ply.
        legal_last,
        /// With `branching`: plies with more than one legal action.
        decisions,
        /// With `branching`: the points ever placed on.
        covered,
        /// With an evaluation: the game of each evaluated position.
        evaluated_game,
        /// With an evaluation: its ply.
        evaluated_ply,
        /// With an evaluation: Black's value of it.
        evaluation,
        ;
        /// The cap on actions per game.
        max_moves,
    }
}

impl GameBatch {
    /// The results of `count` games played under `max_moves`, as numpy
    /// arrays.
    pub fn of(py: Python<'_>, games: Games, count: usize, max_moves: usize) -> PyResult<Self> {
        let cap = max_moves.into_pyobject(py)?.into_any().unbind();
        let mut batch = Self::from_columns(py, games, cap);
        // Two scores a game, one row each.
        let scores = batch.scores.bind(py).cast::<PyArray1<f64>>()?;
        batch.scores = scores.reshape([count, 2])?.into_any().unbind();
        Ok(batch)
    }
}

/// Plays games `first .. first + count` of the batch seeded `seed` from the
/// game's start (or from the position of `state`: the playouts of the
/// built-in `Rollouts` evaluator) and returns their results. Game `i`
/// depends only on `(seed, i)`.
#[pyfunction]
#[pyo3(signature = (game, *, seed, first, count, threads = None, max_moves = None, state = None))]
#[allow(clippy::too_many_arguments)]
pub fn playouts<'py>(
    py: Python<'py>,
    game: PyRef<'py, Game>,
    seed: &Bound<'py, PyAny>,
    first: &Bound<'py, PyAny>,
    count: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    max_moves: Option<&Bound<'py, PyAny>>,
    state: Option<PyRef<'py, State>>,
) -> PyResult<GameBatch> {
    let start = match &state {
        Some(state) => state.current().clone(),
        None => game.start().clone(),
    };
    drop((game, state));
    let (seed, first) = (whole(seed, "seed")?, whole(first, "first")?);
    let count = size(count, "count")?;
    let threads = optional_size(threads, "threads")?;
    let max_moves =
        optional_size(max_moves, "max_moves")?.unwrap_or_else(|| default_max_moves(&start));
    let pool = pool(threads)?;
    let batch = interruptible(py, |stop| {
        pool.install(|| batch::playouts(&start, seed, first, count, max_moves, stop))
    })?;
    GameBatch::of(py, batch, count, max_moves)
}
