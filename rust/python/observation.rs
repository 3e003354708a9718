//! Observations of many states at once: copied under the GIL, written
//! over all cores without it, stopped by Ctrl-C.

use numpy::{PyArray1, PyArray4, PyArrayMethods};
use pyo3::prelude::*;

use super::args::shown;
use super::errors::{option_type_error, OptionError, StonefieldError};
use super::interrupt::interruptible;
use super::state::{in_use, State};
use crate::games::{AnyPosition, Position};
use crate::observation::{observation_shape, write_observations};

/// The observations of `states` (any iterable of states of one game), each
/// from its colour to move, as a float32 array `(states, planes, rows,
/// columns)`.
#[pyfunction]
pub fn observations<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray4<f32>>> {
    // Each state is copied under a brief shared borrow, so that no borrow is
    // held while the observations are written without the GIL: other
    // threads may read and play the same states meanwhile, and a state
    // listed twice is simply copied twice.
    let mut games: Vec<AnyPosition> = Vec::new();
    for (i, item) in states.try_iter()?.enumerate() {
        let item = item?;
        let Ok(state) = item.cast::<State>() else {
            return Err(option_type_error(
                py,
                format!(
                    "observations takes states, and item {i} is {}",
                    shown(&item)
                ),
            ));
        };
        games.push(state.try_borrow().map_err(in_use)?.current().clone());
    }
    let Some(first) = games.first() else {
        return Err(StonefieldError::new_err(
            "observations needs at least one state",
        ));
    };
    let shape = observation_shape(first);
    let name = first.name();
    if let Some((i, other)) = games
        .iter()
        .enumerate()
        .find(|(_, g)| g.name() != name || observation_shape(*g) != shape)
    {
        return Err(OptionError::new_err(format!(
            "observations needs states of one game and size: state 0 is {name} with planes \
             {shape:?}, state {i} is {} with planes {:?}",
            other.name(),
            observation_shape(other)
        )));
    }
    let count = games.len();
    let data = interruptible(py, |stop| {
        let mut out = vec![0.0; count * shape.iter().product::<usize>()];
        write_observations(&mut games, &mut out, stop);
        out
    })?;
    PyArray1::from_vec(py, data).reshape([count, shape[0], shape[1], shape[2]])
}
