//! Observations of many states at once: copied out under the GIL, written
//! over all cores without it.

use numpy::{PyArray1, PyArray4, PyArrayMethods};
use pyo3::prelude::*;

use super::errors::{OptionError, StonefieldError};
use super::state::State;
use crate::games::{AnyGame, Game};
use crate::observation::{observation_shape, write_observations};

/// The observations of `states` (any iterable of states of one game), each
/// from its colour to move, as a float32 array `(states, planes, rows,
/// columns)`.
#[pyfunction]
pub fn observations<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray4<f32>>> {
    let mut games: Vec<AnyGame> = Vec::new();
    for item in states.try_iter()? {
        let item = item?;
        let state = item.cast::<State>()?.borrow();
        games.push(state.current().clone());
    }
    let Some(first) = games.first() else {
        return Err(StonefieldError::new_err(
            "observations needs at least one state",
        ));
    };
    let shape = observation_shape(first);
    if let Some((i, other)) = games
        .iter()
        .enumerate()
        .find(|(_, g)| g.name() != first.name() || observation_shape(*g) != shape)
    {
        return Err(OptionError::new_err(format!(
            "observations needs states of one game and size: state 0 is {} with planes {:?}, \
             state {i} is {} with planes {:?}",
            first.name(),
            shape,
            other.name(),
            observation_shape(other)
        )));
    }
    let count = games.len();
    let data = py.detach(|| {
        let mut out = vec![0.0; count * shape.iter().product::<usize>()];
        write_observations(&mut games, &mut out);
        out
    });
    PyArray1::from_vec(py, data).reshape([count, shape[0], shape[1], shape[2]])
}
