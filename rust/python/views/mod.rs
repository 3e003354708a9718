//! Each game's own views of a position, typed: one file per game with its
//! functions and their small frozen result classes (listed in `_core.pyi`),
//! which the game's Python module wraps as methods of its state class. The
//! turn's counters every game keeps are read here once.

pub mod anadil;
pub mod anda;
pub mod esgrad;
pub mod lingarda;
pub mod sunder;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::convert::colour;
use super::errors::NotationError;
use super::state::State;
use crate::board::{Board, Point};
use crate::core::Colour;
use crate::games::Position as _;

/// The position of game `$game` (an `AnyPosition` variant) that `$state`
/// holds, or a return with the error for a state of another game.
macro_rules! position_of {
    ($state:expr, $game:ident) => {
        match $state.current_mut() {
            crate::games::AnyPosition::$game(position) => position,
            _ => return Err(super::wrong_game(&$state, stringify!($game))),
        }
    };
}
use position_of;

/// The Python functions that read one game's views. After `$position:
/// $game;` (the `AnyPosition` variant, and the name its position takes in
/// the bodies) comes each function as
/// `/// doc` `fn name(py) -> Out { body }`, or `fn name(py, point)` for a
/// view at a point: a `#[pyfunction] name(state[, point]) -> Out` whose
/// body sees the interpreter token (named `_py` where unused), the
/// position, and the point `point` names on the state's board. A state of
/// another game gets the wrong-game error.
macro_rules! view_functions {
    ($position:ident: $game:ident; $(
        $(#[$doc:meta])*
        fn $name:ident($py:ident $(, $point:ident)?) -> $out:ty $body:block
    )*) => {$(
        $(#[$doc])*
        #[pyo3::pyfunction]
        pub fn $name<'py>(
            $py: pyo3::Python<'py>,
            mut state: pyo3::PyRefMut<'py, $crate::python::state::State>,
            $($point: &pyo3::Bound<'py, pyo3::PyAny>,)?
        ) -> pyo3::PyResult<$out> {
            $(let $point = super::point_of(&state, $point)?;)?
            let $position = super::position_of!(state, $game);
            $body
        }
    )*};
}
use view_functions;

/// A field of a view class as a plain Python value, for `to_dict`: nested
/// view classes become dicts too.
pub trait Plain {
    /// The value as plain Python values.
    fn plain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>>;
}

macro_rules! plain_as_is {
    ($($t:ty),*) => {
        $(impl Plain for $t {
            fn plain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                Ok(self.clone().into_pyobject(py)?.into_any())
            }
        })*
    };
}
plain_as_is!(
    u8,
    u32,
    u64,
    i64,
    usize,
    f64,
    String,
    Vec<String>,
    Vec<Vec<String>>
);

/// `to_dict` (the fields as plain values) and `__repr__` (`Name(field=repr,
/// ...)`, each field as Python writes it) for a frozen view class, from its
/// fields in order.
macro_rules! plain_fields {
    ($class:ident as $name:literal { $($field:ident),* $(,)? }) => {
        #[pymethods]
        impl $class {
            /// The fields as a plain dict.
            fn to_dict<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
                let dict = pyo3::types::PyDict::new(py);
                $(dict.set_item(stringify!($field), super::Plain::plain(&self.$field, py)?)?;)*
                Ok(dict)
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                let fields: Vec<String> = vec![$(format!(
                    "{}={}",
                    stringify!($field),
                    self.$field.clone().into_pyobject(py)?.repr()?
                )),*];
                Ok(format!("{}({})", $name, fields.join(", ")))
            }
        }
    };
}
use plain_fields;

/// The names of `points`, in the order given.
pub fn names(board: &Board, points: &[Point]) -> Vec<String> {
    points.iter().map(|&p| board.name(p).to_string()).collect()
}

/// Point names as Python writes a list of them: `['a1', 'b2']`.
pub fn point_list(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|name| format!("'{name}'")).collect();
    format!("[{}]", quoted.join(", "))
}

/// `{Colour.BLACK: black, Colour.WHITE: white}`.
pub fn per_colour<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    [black, white]: [T; 2],
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item(colour(py, Colour::Black)?, black)?;
    dict.set_item(colour(py, Colour::White)?, white)?;
    Ok(dict)
}

/// `{name: owner}` for the points that have an owner, in point order.
pub fn owned_points<'py>(
    py: Python<'py>,
    board: &Board,
    owners: Vec<Option<Colour>>,
) -> PyResult<Bound<'py, PyDict>> {
    let found = PyDict::new(py);
    for (p, owner) in owners.into_iter().enumerate() {
        if let Some(owner) = owner {
            found.set_item(board.name(p as Point), colour(py, owner)?)?;
        }
    }
    Ok(found)
}

/// The point `point` names on `state`'s board (a point's text or index).
pub fn point_of(state: &State, point: &Bound<'_, PyAny>) -> PyResult<Point> {
    Ok(state.point_arg(Some(point))?.expect("a point was given"))
}

/// The error for a view asked of a state of another game.
pub fn wrong_game(state: &State, game: &str) -> PyErr {
    NotationError::new_err(format!(
        "this is a view of {}, and the state is one of {}",
        game.to_lowercase(),
        state.current().name()
    ))
}

/// Passes in a row just played, and the colour that made the game's first
/// pass (None before any), as every game's turn keeps them.
#[pyfunction]
pub fn passes<'py>(
    py: Python<'py>,
    state: PyRef<'py, State>,
) -> PyResult<(u8, Option<Bound<'py, PyAny>>)> {
    let turn = state.current().turn();
    Ok((
        turn.consecutive_passes(),
        turn.first_pass().map(|c| colour(py, c)).transpose()?,
    ))
}
