//! Positions in plain terms for Python: `describe` writes a state's
//! position as a JSON-ready dict, `set_up` builds one from such a dict. The
//! rules that say which positions a game can hold are the core's
//! (`games::setup` and each game's `setup` module); this file only converts.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

use super::errors::PositionError;
use super::state::State;
use crate::board::{Board, Point};
use crate::core::Colour;
use crate::games::setup::{parse_stones, stone_char, Counter, CounterSpec, Description, Stones};
use crate::games::{AnyPosition, Position};

/// The keys every game's description has, besides the game's own counters.
const TURN_KEYS: [&str; 6] = ["board", "to_move", "swapped", "ply", "passes", "first_pass"];

/// `state`'s position as a dict of plain values: the board string, the
/// turn's counters and the game's own, colours as their names, points as
/// theirs, per-colour pairs as `{"black": .., "white": ..}`.
#[pyfunction]
pub fn describe<'py>(py: Python<'py>, state: PyRef<'_, State>) -> PyResult<Bound<'py, PyDict>> {
    description_dict(py, state.current())
}

/// The description of `state`'s first position: its start, or the
/// position it was set up from.
#[pyfunction]
pub fn describe_origin<'py>(
    py: Python<'py>,
    state: PyRef<'_, State>,
) -> PyResult<Bound<'py, PyDict>> {
    description_dict(py, state.origin())
}

/// Puts into `state` the position that `description` gives (keys as
/// `describe` writes them; any left out take their defaults), with no
/// history: the state starts from there.
///
/// Raises PositionError naming what is wrong: an unknown key, a value of
/// the wrong kind, or a position the rules cannot hold.
#[pyfunction]
pub fn set_up(mut state: PyRefMut<'_, State>, description: &Bound<'_, PyDict>) -> PyResult<()> {
    let start = state.origin();
    let specs = start.counter_specs();
    for key in description.keys() {
        let name = key.str()?.to_string();
        if !TURN_KEYS.contains(&name.as_str()) && !specs.iter().any(|s| s.name == name) {
            let mut known: Vec<&str> = TURN_KEYS.to_vec();
            known.extend(specs.iter().map(|s| s.name));
            return Err(PositionError::new_err(format!(
                "{} has no counter {}: its keys are {}",
                start.name(),
                crate::error::quoted(&name),
                known.join(", ")
            )));
        }
    }
    let board = start.board();
    let get = |key: &str| description.get_item(key);
    let stones = match get("board")? {
        Some(text) => stones(board, "board", &text)?,
        None => return Err(PositionError::new_err("a position needs its board")),
    };
    let parsed = Description {
        stones,
        to_move: get("to_move")?
            .map_or(Ok(Some(Colour::Black)), |v| colour("to_move", &v))?
            .ok_or_else(|| PositionError::new_err("to_move is 'black' or 'white', not None"))?,
        swapped: get("swapped")?.map_or(Ok(false), |v| flag("swapped", &v))?,
        ply: get("ply")?
            .filter(|v| !v.is_none())
            .map(|v| whole("ply", &v))
            .transpose()?,
        passes: get("passes")?.map_or(Ok(0), |v| {
            whole("passes", &v).and_then(|n| u8::try_from(n).map_err(|_| too_many("passes", n)))
        })?,
        first_pass: get("first_pass")?.map_or(Ok(None), |v| colour("first_pass", &v))?,
        counters: specs
            .iter()
            .map(|spec| match get(spec.name)? {
                Some(value) => counter(board, spec, &value),
                None => Ok(spec.default.clone()),
            })
            .collect::<PyResult<_>>()?,
    };
    let position = start.set_up(&parsed)?;
    state.start_from(position);
    Ok(())
}

fn description_dict<'py>(py: Python<'py>, position: &AnyPosition) -> PyResult<Bound<'py, PyDict>> {
    let d = position.describe();
    let board = position.board();
    let dict = PyDict::new(py);
    dict.set_item("board", position.board_string())?;
    dict.set_item("to_move", d.to_move.name())?;
    dict.set_item("swapped", d.swapped)?;
    dict.set_item("ply", d.ply)?;
    dict.set_item("passes", d.passes)?;
    dict.set_item("first_pass", d.first_pass.map(Colour::name))?;
    for (spec, value) in position.counter_specs().iter().zip(&d.counters) {
        dict.set_item(spec.name, counter_value(py, board, value)?)?;
    }
    Ok(dict)
}

/// A counter as a plain Python value.
fn counter_value<'py>(
    py: Python<'py>,
    board: &Board,
    value: &Counter,
) -> PyResult<Bound<'py, PyAny>> {
    let pair = |black: Bound<'py, PyAny>, white: Bound<'py, PyAny>| {
        let dict = PyDict::new(py);
        dict.set_item("black", black)?;
        dict.set_item("white", white)?;
        Ok::<_, PyErr>(dict.into_any())
    };
    Ok(match value {
        Counter::Counts([b, w]) => pair(
            b.into_pyobject(py)?.into_any(),
            w.into_pyobject(py)?.into_any(),
        )?,
        Counter::Flags([b, w]) => pair(
            PyBool::new(py, *b).to_owned().into_any(),
            PyBool::new(py, *w).to_owned().into_any(),
        )?,
        Counter::Signed(v) => v.into_pyobject(py)?.into_any(),
        Counter::Point(p) => p.map(|p| board.name(p)).into_pyobject(py)?.into_any(),
        Counter::Colour(c) => c.map(Colour::name).into_pyobject(py)?.into_any(),
        Counter::Board(b) => b
            .as_ref()
            .map(|stones| stones.iter().map(|&s| stone_char(s)).collect::<String>())
            .into_pyobject(py)?
            .into_any(),
    })
}

/// The value of counter `spec` from a plain Python value of its kind.
fn counter(board: &Board, spec: &CounterSpec, value: &Bound<'_, PyAny>) -> PyResult<Counter> {
    let name = spec.name;
    Ok(match spec.default {
        Counter::Counts(_) => {
            let [b, w] = pair(name, value, |v| whole(name, v))?;
            Counter::Counts([b, w])
        }
        Counter::Flags(_) => Counter::Flags(pair(name, value, |v| flag(name, v))?),
        Counter::Signed(_) => Counter::Signed(
            value
                .extract::<i64>()
                .ok()
                .filter(|_| value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>())
                .ok_or_else(|| kind_error(name, "a whole number", value))?,
        ),
        Counter::Point(_) => Counter::Point(if value.is_none() {
            None
        } else {
            Some(point(board, name, value)?)
        }),
        Counter::Colour(_) => Counter::Colour(colour(name, value)?),
        Counter::Board(_) => Counter::Board(if value.is_none() {
            None
        } else {
            Some(stones(board, name, value)?)
        }),
    })
}

fn kind_error(name: &str, takes: &str, value: &Bound<'_, PyAny>) -> PyErr {
    let shown = value
        .repr()
        .map_or_else(|_| "a value".into(), |r| r.to_string());
    PositionError::new_err(format!(
        "{name} is {takes}, got {}",
        crate::error::cut(&shown)
    ))
}

fn too_many(name: &str, n: u32) -> PyErr {
    PositionError::new_err(format!("{name} is {n}: two passes in a row end the game"))
}

fn whole(name: &str, value: &Bound<'_, PyAny>) -> PyResult<u32> {
    if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
        return Err(kind_error(name, "a whole number from 0", value));
    }
    value
        .extract::<u32>()
        .map_err(|_| kind_error(name, "a whole number from 0", value))
}

fn flag(name: &str, value: &Bound<'_, PyAny>) -> PyResult<bool> {
    if !value.is_instance_of::<PyBool>() {
        return Err(kind_error(name, "true or false", value));
    }
    value.extract()
}

/// A colour from its name (`"black"`, `Colour.WHITE`), or None.
fn colour(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Option<Colour>> {
    if value.is_none() {
        return Ok(None);
    }
    let text = value
        .cast::<PyString>()
        .ok()
        .and_then(|s| s.to_str().ok().map(str::to_ascii_lowercase));
    match text.as_deref() {
        Some("black") => Ok(Some(Colour::Black)),
        Some("white") => Ok(Some(Colour::White)),
        _ => Err(kind_error(name, "'black', 'white' or None", value)),
    }
}

/// A point from its name (`"e5"`) or index.
fn point(board: &Board, name: &str, value: &Bound<'_, PyAny>) -> PyResult<Point> {
    let points = board.points();
    if let Ok(text) = value.cast::<PyString>() {
        let text = text_of(name, text)?;
        return board
            .parse_point(text)
            .map_err(|e| PositionError::new_err(format!("{name}: {e}")));
    }
    match value.extract::<usize>() {
        Ok(p) if p < points && !value.is_instance_of::<PyBool>() => Ok(p as Point),
        _ => Err(kind_error(
            name,
            &format!("a point's name or its index, 0 to {}", points - 1),
            value,
        )),
    }
}

/// The text of a string, or an error naming `name` when it holds a lone
/// surrogate (Python strings may; Rust text may not).
fn text_of<'a>(name: &str, text: &'a Bound<'_, PyString>) -> PyResult<&'a str> {
    text.to_str().map_err(|_| {
        PositionError::new_err(format!("{name} holds a lone surrogate, which is not text"))
    })
}

/// A board from its string.
fn stones(board: &Board, name: &str, value: &Bound<'_, PyAny>) -> PyResult<Stones> {
    let text = value
        .cast::<PyString>()
        .map_err(|_| kind_error(name, "a board string of 'B', 'W' and '.'", value))?;
    parse_stones(board, text_of(name, text)?)
        .map_err(|e| PositionError::new_err(format!("{name}: {e}")))
}

/// A pair `{"black": .., "white": ..}` of values read by `read`.
fn pair<T>(
    name: &str,
    value: &Bound<'_, PyAny>,
    read: impl Fn(&Bound<'_, PyAny>) -> PyResult<T>,
) -> PyResult<[T; 2]> {
    let dict = value
        .cast::<PyDict>()
        .map_err(|_| kind_error(name, "a dict {'black': .., 'white': ..}", value))?;
    if dict.len() != 2 {
        return Err(kind_error(name, "a dict {'black': .., 'white': ..}", value));
    }
    let side = |key: &str| match dict.get_item(key)? {
        Some(v) => read(&v),
        None => Err(kind_error(name, "a dict {'black': .., 'white': ..}", value)),
    };
    Ok([side("black")?, side("white")?])
}
