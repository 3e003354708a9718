//! The numeric arguments of the extension's calls (counts of games,
//! threads, iterations and moves, seeds, times), read and bounded in one
//! place, with one convention:
//!
//! - a value of the wrong Python type (a float, a string, None where a
//!   number is required, `True` for a count) raises `OptionTypeError`, both
//!   a `TypeError` (as Python's own functions raise) and an `OptionError`;
//! - a number of the right type outside the argument's range (negative,
//!   past the limit, too large for 64 bits, NaN or infinite) raises
//!   `OptionError` naming the argument and its range.
//!
//! A whole number is anything `operator.index` accepts except a bool, so
//! numpy's integers are whole numbers.

use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt};

use super::errors::{option_type_error, OptionError};
use super::pools::max_threads;
use crate::bot::mcts::MAX_ITERATIONS;

/// The most games one batch call plays (its results take about 30 bytes a
/// game): more is many calls, as `simulate` makes.
pub const MAX_GAMES: u64 = 100_000_000;

/// The most random playouts an evaluator runs per leaf.
pub const MAX_PLAYOUTS: u64 = 1_000_000;

/// The longest cap on a game's length, in actions (lengths are 32-bit).
pub const MAX_MOVES: u64 = u32::MAX as u64;

/// The longest time budget of a search, in seconds (about 30 years).
pub const MAX_SECONDS: f64 = 1e9;

/// The range of each whole-number argument, by name.
fn range(name: &str) -> Option<(u64, u64)> {
    Some(match name {
        "games" | "count" => (0, MAX_GAMES),
        "playouts" => (1, MAX_PLAYOUTS),
        "first" | "seed" | "index" => (0, u64::MAX),
        "threads" => (1, max_threads() as u64),
        "iterations" => (1, MAX_ITERATIONS),
        "max_moves" | "temperature_moves" => (0, MAX_MOVES),
        "simulations" => (1, u64::from(u32::MAX)),
        // Each game played at once holds a search tree: check_size bounds
        // their memory together, this only keeps the count in range.
        "concurrent" => (1, MAX_GAMES),
        _ => return None,
    })
}

/// `value` for a message: its repr, cut to a readable length ("a huge
/// number" for an int Python refuses to write out, of thousands of digits).
pub fn shown(value: &Bound<'_, PyAny>) -> String {
    value.repr().map_or_else(
        |_| "a huge number".into(),
        |s| crate::error::cut(&s.to_string_lossy()),
    )
}

/// The whole-number argument `name` (one of those [`range`] knows).
pub fn whole(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    let (min, max) = range(name).expect("a known argument");
    let py = value.py();
    let is_int = !value.is_instance_of::<PyBool>()
        && !value.is_instance_of::<PyFloat>()
        && (value.is_instance_of::<PyInt>() || value.hasattr(intern!(py, "__index__"))?);
    if !is_int {
        return Err(option_type_error(
            py,
            format!("{name} must be a whole number, got {}", shown(value)),
        ));
    }
    let int = value.call_method0(intern!(py, "__index__"))?;
    match int.extract::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(OptionError::new_err(format!(
            "{name} must be at least {min} and at most {max}, got {}",
            shown(&int)
        ))),
    }
}

/// `whole` for an argument that may be None.
pub fn optional(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<u64>> {
    value
        .filter(|v| !v.is_none())
        .map(|v| whole(v, name))
        .transpose()
}

/// A count that indexes memory (games, threads, moves), as `usize`.
pub fn size(value: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
    // Every range fits in usize on the 64-bit targets the package builds for.
    Ok(whole(value, name)? as usize)
}

/// `size` for an argument that may be None.
pub fn optional_size(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<usize>> {
    Ok(optional(value, name)?.map(|v| v as usize))
}

/// A real-number argument: a float or an integer (OptionTypeError otherwise),
/// finite and, with `positive`, above 0 (else at least 0), and at most `max`.
pub fn real(value: &Bound<'_, PyAny>, name: &str, positive: bool, max: f64) -> PyResult<f64> {
    if value.is_instance_of::<PyBool>()
        || !(value.is_instance_of::<PyFloat>() || value.is_instance_of::<PyInt>())
    {
        return Err(option_type_error(
            value.py(),
            format!("{name} must be a number, got {}", shown(value)),
        ));
    }
    let v: f64 = value.extract().unwrap_or(f64::INFINITY);
    let above = if positive { v > 0.0 } else { v >= 0.0 };
    if v.is_finite() && above && v <= max {
        Ok(v)
    } else {
        let low = if positive { "> 0" } else { ">= 0" };
        Err(OptionError::new_err(format!(
            "{name} must be a number {low} and at most {max:e}, got {}",
            shown(value)
        )))
    }
}

/// The search budget's seconds.
pub fn seconds(value: &Bound<'_, PyAny>) -> PyResult<f64> {
    real(value, "seconds", true, MAX_SECONDS)
}

/// The UCT exploration constant.
pub fn exploration(value: &Bound<'_, PyAny>) -> PyResult<f64> {
    real(value, "exploration", false, f64::MAX)
}

/// Checks arguments by name, as the calls that take them will: for Python
/// classes and functions that keep arguments for later calls (a bot's
/// budget, a batch's counts), so that a bad one is refused when it is
/// given. None is always accepted (the call's default).
#[pyfunction]
#[pyo3(signature = (**arguments))]
pub fn check_arguments(arguments: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    let Some(arguments) = arguments else {
        return Ok(());
    };
    for (name, value) in arguments.iter() {
        let name: String = name.extract()?;
        if value.is_none() {
            continue;
        }
        match name.as_str() {
            "seconds" => {
                seconds(&value)?;
            }
            "exploration" => {
                exploration(&value)?;
            }
            known if range(known).is_some() => {
                whole(&value, known)?;
            }
            other => {
                return Err(PyTypeError::new_err(format!(
                    "check_arguments() got an unexpected argument '{other}'"
                )))
            }
        }
    }
    Ok(())
}
