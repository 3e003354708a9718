//! `LegalMoves`: the legal moves of a position as a read-only sequence of
//! texts, made without building a string list (a Python loop that asks for
//! the legal moves every turn pays only for the moves it looks at).

use std::sync::Arc;

use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyString};

use super::names::ActionNames;
use crate::games::Action;

/// The legal moves as texts, in action-index order: supports `len`,
/// indexing and slicing, iteration, `in`, and `==` with any sequence.
#[pyclass(module = "stonefield", frozen, sequence)]
pub struct LegalMoves {
    actions: Vec<Action>,
    names: Arc<ActionNames>,
}

impl LegalMoves {
    pub fn new(actions: Vec<Action>, names: Arc<ActionNames>) -> Self {
        LegalMoves { actions, names }
    }

    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.actions.iter().map(|&a| self.names.text(py, a)))
    }
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self) -> usize {
        self.actions.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            return self.list(py)?.as_any().get_item(slice);
        }
        let i: isize = index
            .extract()
            .map_err(|_| PyTypeError::new_err("LegalMoves indices must be integers or slices"))?;
        let n = self.actions.len() as isize;
        let k = if i < 0 { i + n } else { i };
        if !(0..n).contains(&k) {
            return Err(PyIndexError::new_err("LegalMoves index out of range"));
        }
        Ok(self.names.text(py, self.actions[k as usize]).into_any())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.list(py)?.try_iter()?.into_any())
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        match item.cast::<PyString>() {
            Ok(text) => text
                .to_str()
                .ok()
                .and_then(|t| self.names.action(t))
                .is_some_and(|a| self.actions.binary_search(&a).is_ok()),
            Err(_) => false,
        }
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(other) = other.cast::<LegalMoves>() {
            return Ok(
                other.get().actions == self.actions && Arc::ptr_eq(&other.get().names, &self.names)
            );
        }
        let Ok(len) = other.len() else {
            return Ok(false);
        };
        if len != self.actions.len() || other.is_instance_of::<PyString>() {
            return Ok(false);
        }
        for (item, &a) in other.try_iter()?.zip(&self.actions) {
            if !item?.eq(self.names.text(py, a))? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The position of a move's text in the sequence.
    fn index(&self, text: &str) -> PyResult<usize> {
        self.names
            .action(text)
            .and_then(|a| self.actions.binary_search(&a).ok())
            .ok_or_else(|| {
                pyo3::exceptions::PyValueError::new_err(format!("'{text}' is not a legal move"))
            })
    }

    /// The legal action indices.
    #[getter]
    fn actions(&self) -> Vec<Action> {
        self.actions.clone()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("LegalMoves({})", self.list(py)?.repr()?))
    }
}
