//! Conversions between Python values and the core's options and colours.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt};

use super::args::shown;
use super::errors::{option_type_error, NotationError};
use crate::core::Colour;
use crate::options::{OptionSpec, OptionValue, Options};

/// Options from a Python mapping of names to bools, ints or floats (any
/// integer with `__index__`, numpy's included). A whole number too large for
/// 64 bits is refused by the option's own range message.
pub fn options_from(dict: &Bound<'_, PyDict>, specs: &[OptionSpec]) -> PyResult<Options> {
    let mut pairs = Vec::with_capacity(dict.len());
    for (key, value) in dict.iter() {
        let name: String = key.extract().map_err(|_| {
            option_type_error(key.py(), format!("option names are strings, got {key}"))
        })?;
        let value = if value.is_instance_of::<PyBool>() {
            OptionValue::Bool(value.extract()?)
        } else if value.is_instance_of::<PyFloat>() {
            OptionValue::Float(value.extract()?)
        } else if value.is_instance_of::<PyInt>()
            || value.hasattr(intern!(value.py(), "__index__"))?
        {
            match value.extract::<i64>() {
                Ok(v) => OptionValue::Int(v),
                Err(_) => match specs.iter().find(|spec| spec.name == name) {
                    Some(spec) => {
                        // Python refuses to write out an int of thousands of digits.
                        let shown = value
                            .str()
                            .map_or_else(|_| "a huge number".into(), |s| s.to_string());
                        return Err(spec.too_large(&shown).into());
                    }
                    // Unknown: the game refuses the name itself.
                    None => OptionValue::Int(0),
                },
            }
        } else {
            return Err(option_type_error(
                value.py(),
                format!(
                    "{name} must be a number or true/false, got {}",
                    shown(&value)
                ),
            ));
        };
        pairs.push((name, value));
    }
    Ok(Options::new(pairs))
}

/// An option value as a Python object.
pub fn option_value<'py>(py: Python<'py>, value: OptionValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        OptionValue::Int(v) => v.into_pyobject(py)?.into_any(),
        OptionValue::Float(v) => v.into_pyobject(py)?.into_any(),
        OptionValue::Bool(v) => PyBool::new(py, v).to_owned().into_any(),
    })
}

static COLOURS: PyOnceLock<[Py<PyAny>; 2]> = PyOnceLock::new();

/// The members of `stonefield.Colour`, looked up once.
fn colours(py: Python<'_>) -> PyResult<&[Py<PyAny>; 2]> {
    COLOURS.get_or_try_init(py, || {
        let enum_type = py.import("stonefield.colour")?.getattr("Colour")?;
        Ok([
            enum_type.getattr("BLACK")?.unbind(),
            enum_type.getattr("WHITE")?.unbind(),
        ])
    })
}

/// `Colour.BLACK` or `Colour.WHITE`.
pub fn colour<'py>(py: Python<'py>, colour: Colour) -> PyResult<Bound<'py, PyAny>> {
    Ok(colours(py)?[colour.index()].bind(py).clone())
}

/// A colour from `Colour.BLACK`, `"black"`, `"White"`...
pub fn colour_from(value: &Bound<'_, PyAny>) -> PyResult<Colour> {
    // Text that is not UTF-8 (a lone surrogate) names no colour either, nor
    // a value without text (an int too long for Python to write out).
    let text = value.str().map_or_else(
        |_| String::new(),
        |s| s.to_string_lossy().to_ascii_lowercase(),
    );
    match text.as_str() {
        "black" | "colour.black" => Ok(Colour::Black),
        "white" | "colour.white" => Ok(Colour::White),
        _ => Err(NotationError::new_err(format!(
            "{} is not a colour: 'black' or 'white'",
            shown(value)
        ))),
    }
}
