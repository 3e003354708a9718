//! `_core.Game`: the rules of one game with its options, a frozen value
//! that every state of it holds. What a tool asks of the rules (the option
//! table, the board's points, names, coordinates and adjacency, the special
//! actions, the observation's planes) is read here from the core, once, when
//! the game is made.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use super::convert::{option_value, options_from};
use super::errors::{NotationError, OptionError};
use super::names::{action_names, ActionNames};
use crate::board::column_letters;
use crate::board::{Point, Shape};
use crate::games::{option_specs, Action, AnyPosition, Position as _, GAME_NAMES};
use crate::observation::{observation_shape, COMMON_PLANES};
use crate::options::{OptionSpec, OptionValue};

/// One option of a game, as its table declares it.
#[pyclass(module = "stonefield", name = "OptionSpec", frozen, get_all)]
pub struct OptionInfo {
    /// The option's name, as in records and keyword arguments.
    name: &'static str,
    /// `"int"`, `"halves"` (a multiple of 0.5) or `"flag"`.
    kind: &'static str,
    /// The default value.
    default: Py<PyAny>,
    /// The smallest value, for numbers (None for a flag).
    min: Option<Py<PyAny>>,
    /// The largest value, for numbers (None for a flag).
    max: Option<Py<PyAny>>,
    /// What values it takes, as a phrase: "a whole number from 2 to 25".
    takes: String,
    /// What the option does, in one line.
    doc: &'static str,
}

#[pymethods]
impl OptionInfo {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "OptionSpec(name='{}', kind='{}', default={})",
            self.name,
            self.kind,
            self.default.bind(py).repr()?
        ))
    }
}

fn option_info(py: Python<'_>, spec: &OptionSpec) -> PyResult<OptionInfo> {
    let value = |v: OptionValue| option_value(py, v).map(Bound::unbind);
    let (min, max) = match spec.bounds() {
        Some((min, max)) => (Some(value(min)?), Some(value(max)?)),
        None => (None, None),
    };
    Ok(OptionInfo {
        name: spec.name,
        kind: spec.kind_name(),
        default: value(spec.default_value())?,
        min,
        max,
        takes: spec.takes(),
        doc: spec.doc,
    })
}

/// The option table of the game named `name`: each option's name, kind,
/// default, range and doc, in the game's order.
#[pyfunction]
pub fn option_table(py: Python<'_>, name: &str) -> PyResult<Vec<OptionInfo>> {
    let specs = option_specs(name).ok_or_else(|| unknown_game(name))?;
    specs.iter().map(|spec| option_info(py, spec)).collect()
}

fn unknown_game(name: &str) -> PyErr {
    OptionError::new_err(format!(
        "unknown game '{name}' (games: {})",
        GAME_NAMES.join(", ")
    ))
}

/// The rules of one game with its options; immutable.
#[pyclass(module = "stonefield._core", frozen, subclass)]
pub struct Game {
    start: AnyPosition,
    names: &'static ActionNames,
    options: Py<PyDict>,
    specials: Py<PyTuple>,
    coords: Py<PyTuple>,
    point_names: Py<PyTuple>,
    neighbours: Py<PyTuple>,
    observation_planes: Py<PyTuple>,
}

impl Game {
    /// The start position.
    pub(super) fn start(&self) -> &AnyPosition {
        &self.start
    }

    /// The shared texts of the game's actions.
    pub(super) fn names(&self) -> &'static ActionNames {
        self.names
    }

    /// A game of the core's, for Python.
    pub(super) fn of(py: Python<'_>, start: AnyPosition) -> PyResult<Self> {
        let board = start.board();
        let points = 0..board.points() as Point;
        let options = PyDict::new(py);
        for (key, value) in start.options() {
            options.set_item(key, option_value(py, value)?)?;
        }
        let specials: Vec<&str> = start.specials().iter().map(|s| s.name()).collect();
        let coords = points.clone().map(|p| board.coords(p));
        let neighbours = points
            .clone()
            .map(|p| PyTuple::new(py, board.neighbours(p)))
            .collect::<PyResult<Vec<_>>>()?;
        let planes: Vec<&str> = COMMON_PLANES
            .iter()
            .chain(start.feature_plane_names())
            .copied()
            .collect();
        Ok(Game {
            names: action_names(py, &start)?,
            options: options.unbind(),
            specials: PyTuple::new(py, specials)?.unbind(),
            coords: PyTuple::new(py, coords)?.unbind(),
            point_names: PyTuple::new(py, points.map(|p| board.name(p)))?.unbind(),
            neighbours: PyTuple::new(py, neighbours)?.unbind(),
            observation_planes: PyTuple::new(py, planes)?.unbind(),
            start,
        })
    }
}

#[pymethods]
impl Game {
    /// The game `name` with `options` (a mapping of option names to values;
    /// the others take their defaults).
    ///
    /// Raises OptionError for an unknown game or option, or a value the
    /// option does not take (the message gives its range).
    #[new]
    #[pyo3(signature = (name, options = None))]
    fn new(py: Python<'_>, name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let specs = option_specs(name).ok_or_else(|| unknown_game(name))?;
        let mut given = match options {
            Some(dict) => options_from(dict, specs)?,
            None => crate::options::Options::default(),
        };
        Game::of(py, AnyPosition::new(name, &mut given)?)
    }

    /// The game's registry name (`"sunder"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.start.name()
    }

    /// Every option with its value, in the table's order (a new dict).
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.options.bind(py).copy()
    }

    /// The game's option table.
    #[getter]
    fn option_specs(&self, py: Python<'_>) -> PyResult<Vec<OptionInfo>> {
        option_table(py, self.start.name())
    }

    /// The number of points of the board.
    #[getter]
    fn num_points(&self) -> usize {
        self.start.board().points()
    }

    /// The number of actions: the points, then the special actions.
    #[getter]
    fn num_actions(&self) -> usize {
        self.start.num_actions()
    }

    /// The special actions, in action order (`"pass"`, `"swap"`, `"release"`).
    #[getter]
    fn specials<'py>(&self, py: Python<'py>) -> Bound<'py, PyTuple> {
        self.specials.bind(py).clone()
    }

    /// `"hex"` or `"square"`.
    #[getter]
    fn shape(&self) -> &'static str {
        match self.start.board().shape() {
            Shape::Hex => "hex",
            Shape::Square => "square",
        }
    }

    /// The side of the board.
    #[getter]
    fn side(&self) -> usize {
        self.start.board().side()
    }

    /// Each point's `(column, row)`, both from 1, by point index.
    #[getter]
    fn coords<'py>(&self, py: Python<'py>) -> Bound<'py, PyTuple> {
        self.coords.bind(py).clone()
    }

    /// Each point's name (`"a1"`), by point index.
    #[getter]
    fn point_names<'py>(&self, py: Python<'py>) -> Bound<'py, PyTuple> {
        self.point_names.bind(py).clone()
    }

    /// Each point's neighbours (point indices) in the board's adjacency:
    /// six on the hex board, the orthogonal four on the square one.
    #[getter]
    fn neighbours<'py>(&self, py: Python<'py>) -> Bound<'py, PyTuple> {
        self.neighbours.bind(py).clone()
    }

    /// The letters of column `column` (from 1), as point names write it.
    #[staticmethod]
    fn column_name(column: &Bound<'_, PyAny>) -> PyResult<String> {
        match super::state::given(column)? {
            super::state::Given::Number(n) => match n.extract::<usize>() {
                Ok(c) if c >= 1 => return Ok(column_letters(c)),
                _ => {}
            },
            super::state::Given::Text(_) => {}
        }
        Err(NotationError::new_err(format!(
            "a column is a whole number from 1, got {}",
            super::args::shown(column)
        )))
    }

    /// The board's symmetries as action permutations, an int64 array
    /// `(symmetries, num_actions)`: row `k` holds the image of each action
    /// under symmetry `k` (points move, special actions stay). Rotations
    /// come first, from the identity (60° or 90° steps, counterclockwise),
    /// then the reflection exchanging column and row followed by each
    /// rotation: 12 on the hexagon, 8 on the square.
    #[getter]
    fn symmetries<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let board = self.start.board();
        let actions = self.start.num_actions();
        let rows: Vec<i64> = board
            .symmetries()
            .iter()
            .flat_map(|s| (0..actions as Action).map(|a| i64::from(s.action(a))))
            .collect();
        PyArray1::from_vec(py, rows).reshape([board.symmetries().len(), actions])
    }

    /// The symmetries as permutations of the observation grid, an int64
    /// array `(symmetries, rows * columns)`: row `k` holds the image of
    /// each cell (row-major) under symmetry `k`; cells off the board stay.
    #[getter]
    fn symmetry_cells<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let board = self.start.board();
        let area = board.grid_width() * board.grid_width();
        let rows: Vec<i64> = board
            .symmetries()
            .iter()
            .flat_map(|s| (0..area).map(|i| s.cell(i) as i64))
            .collect();
        PyArray1::from_vec(py, rows).reshape([board.symmetries().len(), area])
    }

    /// `(planes, rows, columns)` of `State.observation`.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [planes, rows, columns] = observation_shape(&self.start);
        (planes, rows, columns)
    }

    /// The name of each observation plane, in order.
    #[getter]
    fn observation_planes<'py>(&self, py: Python<'py>) -> Bound<'py, PyTuple> {
        self.observation_planes.bind(py).clone()
    }

    /// The default cap of a random playout or a bot game, in actions:
    /// ten times the points (RULES.md §8).
    #[getter]
    fn default_max_moves(&self) -> usize {
        crate::playout::default_max_moves(&self.start)
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Game>() {
            Ok(other) => {
                let other = other.get();
                Ok(self.start.name() == other.start.name()
                    && self.options.bind(py).eq(other.options.bind(py))?)
            }
            Err(_) => Ok(false),
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.start.name().hash(&mut hasher);
        for (key, value) in self.start.options() {
            key.hash(&mut hasher);
            value.to_string().hash(&mut hasher);
        }
        hasher.finish()
    }
}
