//! The exception classes, all `ValueError` subclasses, and the one mapping
//! from the core's [`Error`] to them.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

use crate::error::Error;

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
    RecordError,
    StonefieldError,
    "A game record that cannot be read: the message says where it broke."
);

impl From<Error> for PyErr {
    fn from(error: Error) -> PyErr {
        match error {
            Error::Illegal(m) => IllegalMoveError::new_err(m),
            Error::Notation(m) => NotationError::new_err(m),
            Error::Option(m) | Error::OptionValue { message: m, .. } => OptionError::new_err(m),
        }
    }
}
