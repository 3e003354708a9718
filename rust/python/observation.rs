//! Observations of many states at once: borrowed under the GIL, written
//! over all cores without it.

use std::collections::HashSet;

use numpy::{PyArray1, PyArray4, PyArrayMethods};
use pyo3::prelude::*;

use super::errors::{OptionError, StonefieldError};
use super::state::State;
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
    // The states are borrowed for the call (another thread touching one
    // meanwhile gets a borrow error, never a torn state); a state listed twice
    // cannot be borrowed twice, so later copies of it are cloned.
    let items: Vec<Bound<'py, State>> = states
        .try_iter()?
        .map(|item| Ok(item?.cast_into::<State>()?))
        .collect::<PyResult<_>>()?;
    let mut seen = HashSet::with_capacity(items.len());
    let mut clones = Vec::new();
    let mut firsts = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        if seen.insert(item.as_ptr()) {
            firsts.push((i, item));
        } else {
            clones.push((i, item.try_borrow()?.current().clone()));
        }
    }
    let mut guards = firsts
        .into_iter()
        .map(|(i, item)| Ok((i, item.try_borrow_mut()?)))
        .collect::<PyResult<Vec<_>>>()?;
    let mut games: Vec<(usize, &mut AnyPosition)> = guards
        .iter_mut()
        .map(|(i, guard)| (*i, guard.current_mut()))
        .chain(clones.iter_mut().map(|(i, game)| (*i, game)))
        .collect();
    games.sort_unstable_by_key(|(i, _)| *i);
    let mut games: Vec<&mut AnyPosition> = games.into_iter().map(|(_, game)| game).collect();
    let Some(first) = games.first() else {
        return Err(StonefieldError::new_err(
            "observations needs at least one state",
        ));
    };
    let shape = observation_shape(&**first);
    let name = first.name();
    if let Some((i, other)) = games
        .iter()
        .enumerate()
        .find(|(_, g)| g.name() != name || observation_shape(&***g) != shape)
    {
        return Err(OptionError::new_err(format!(
            "observations needs states of one game and size: state 0 is {name} with planes \
             {shape:?}, state {i} is {} with planes {:?}",
            other.name(),
            observation_shape(&**other)
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
