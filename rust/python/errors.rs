//! The exception classes, all `ValueError` subclasses, and the one mapping
//! from the core's [`Error`] to them.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::error::Error;
use crate::record;

create_exception!(
    stonefield,
    StonefieldError,
    PyValueError,
    "Base class of stonefield's errors; a ValueError."
);
create_exception!(
    stonefield,
    IllegalMoveError,
    StonefieldError,
    "A move the rules forbid now: the message names the move, the reason and the position."
);
create_exception!(
    stonefield,
    NotationError,
    StonefieldError,
    "Text or a number that names no action or point of this game."
);
create_exception!(
    stonefield,
    OptionError,
    StonefieldError,
    "An unknown game or option, or an option value out of range."
);
create_exception!(
    stonefield,
    PositionError,
    StonefieldError,
    "A position set up by hand (a board and counters) that the rules cannot hold: the message names what is wrong."
);
create_exception!(
    stonefield,
    RecordError,
    StonefieldError,
    "A game record that cannot be read: the message says where it broke."
);

/// The fields each exception class carries, None on the class itself so
/// that every instance has them.
pub const FIELDS: &[(&str, &[&str])] = &[
    ("IllegalMoveError", &["move", "reason", "record"]),
    ("OptionError", &["option"]),
    (
        "RecordError",
        &["line", "column", "move_number", "word", "reason", "path"],
    ),
];

/// `error` with its structured fields set as attributes.
fn with_fields<'py>(
    py: Python<'py>,
    error: PyErr,
    fields: impl IntoIterator<Item = (&'static str, Bound<'py, PyAny>)>,
) -> PyErr {
    let value = error.value(py);
    for (name, field) in fields {
        if let Err(failed) = value.setattr(name, field) {
            return failed;
        }
    }
    error
}

/// An IllegalMoveError for the move `text`, forbidden for `reason` in the
/// position of `record`.
pub fn illegal_move(py: Python<'_>, text: &str, reason: &str, record: &str) -> PyErr {
    let error = IllegalMoveError::new_err(format!("{text}: {reason} (in {record})"));
    let field = |v: &str| PyString::new(py, v).into_any();
    with_fields(
        py,
        error,
        [
            ("move", field(text)),
            ("reason", field(reason)),
            ("record", field(record)),
        ],
    )
}

/// A RecordError for `error`, in the file `path` if the record came from one.
pub fn record_error(py: Python<'_>, error: &record::RecordError, path: Option<&str>) -> PyErr {
    let message = match path {
        Some(path) => format!("{path}: {error}"),
        None => error.to_string(),
    };
    let fields = || -> PyResult<Vec<(&'static str, Bound<'_, PyAny>)>> {
        Ok(vec![
            ("line", error.line.into_pyobject(py)?.into_any()),
            ("column", error.column.into_pyobject(py)?.into_any()),
            (
                "move_number",
                error.move_number.into_pyobject(py)?.into_any(),
            ),
            ("word", error.word.as_deref().into_pyobject(py)?.into_any()),
            ("reason", PyString::new(py, &error.reason).into_any()),
            ("path", path.into_pyobject(py)?.into_any()),
        ])
    };
    match fields() {
        Ok(fields) => with_fields(py, RecordError::new_err(message), fields),
        Err(failed) => failed,
    }
}

impl From<Error> for PyErr {
    fn from(error: Error) -> PyErr {
        match error {
            Error::Illegal(m) => IllegalMoveError::new_err(m),
            Error::Notation(m) => NotationError::new_err(m),
            Error::Option(m) => OptionError::new_err(m),
            Error::Position(m) => PositionError::new_err(m),
            Error::OptionValue { option, message } => Python::attach(|py| {
                let name = PyString::new(py, option).into_any();
                with_fields(py, OptionError::new_err(message), [("option", name)])
            }),
        }
    }
}
