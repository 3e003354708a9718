//! Reading a game record into a state: the header and the moves are parsed
//! by [`crate::record`] in Rust, one move at a time, and each move is played
//! as it is read.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use super::convert::option_value;
use super::errors::record_error;
use super::state::State;
use crate::games::Position as _;
use crate::record::{self, RecordError};

/// Rebuilds the state `text` records: `start(name, options)` makes the
/// start position of the record's game (a state of the right class), and the
/// moves are played on it. `path` names the file the record came from, for
/// messages.
///
/// Raises RecordError with `line`, `column`, `move_number`, `word`,
/// `reason` and `path` set, at the first word that breaks.
#[pyfunction]
#[pyo3(signature = (text, start, path = None))]
pub fn read_record<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    start: &Bound<'py, PyAny>,
    path: Option<&str>,
) -> PyResult<Bound<'py, State>> {
    let Ok(source) = text.to_str() else {
        return Err(record_error(py, &lone_surrogate(text)?, path));
    };
    let mut reader = record::read(source).map_err(|error| record_error(py, &error, path))?;
    let options = PyDict::new(py);
    for (name, value) in reader.start.options() {
        options.set_item(name, option_value(py, value)?)?;
    }
    let state = start
        .call1((reader.start.name(), options))?
        .cast_into::<State>()?;
    {
        let mut state = state.try_borrow_mut()?;
        while let Some(action) = reader.next_move(state.current_mut()) {
            let action = action.map_err(|error| record_error(py, &error, path))?;
            state.push_checked(action);
        }
    }
    Ok(state)
}

/// Where the first lone surrogate of `text` is: Python strings may hold
/// them, UTF-8 text cannot.
fn lone_surrogate(text: &Bound<'_, PyString>) -> PyResult<RecordError> {
    let bytes = text.call_method1("encode", ("utf-8", "surrogatepass"))?;
    let bytes = bytes.cast::<PyBytes>()?.as_bytes();
    let valid = match std::str::from_utf8(bytes) {
        Ok(_) => bytes.len(),
        Err(error) => error.valid_up_to(),
    };
    let before = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    // A surrogate is written as three bytes: 1110xxxx 10xxxxxx 10xxxxxx.
    let code = match bytes.get(valid..valid + 3) {
        Some(&[a, b, c]) => {
            (u32::from(a & 0x0f) << 12) | (u32::from(b & 0x3f) << 6) | u32::from(c & 0x3f)
        }
        _ => 0,
    };
    Ok(RecordError {
        line: before.matches('\n').count() + 1,
        column: before[line_start..].chars().count() + 1,
        move_number: None,
        word: None,
        reason: format!("a lone surrogate (U+{code:04X}) is not text"),
    })
}
