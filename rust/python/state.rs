//! `_core.State`: a game state with its history, for Python. The Python
//! class `stonefield.State` subclasses it to add records, diagrams and each
//! game's own methods.

use std::sync::Arc;

use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

use super::args::shown;
use super::convert::{colour, colour_from};
use super::errors::{illegal_move, IllegalMoveError, NotationError, StonefieldError};
use super::game::Game;
use super::held_once;
use super::legal_moves::LegalMoves;
use super::names::ActionNames;
use crate::board::Point;
use crate::core::Colour;
use crate::games::{Action, AnyPosition, Position};
use crate::observation::{observation_shape, write_observation};
use crate::record;

/// How many plies apart undo checkpoints are. Play never copies the state
/// (a copy costs far more than a ply); undo restores the nearest checkpoint,
/// replays the moves after it and keeps a checkpoint every this many plies
/// on the way, so an undo after `n` plies played since the last one
/// replays at most `n + CHECKPOINT_EVERY` moves, and a run of undos at most
/// this many each.
const CHECKPOINT_EVERY: usize = 64;

/// A position of a game and the moves that led to it.
#[pyclass(module = "stonefield._core", subclass)]
pub struct State {
    game: Py<Game>,
    current: AnyPosition,
    history: Vec<Action>,
    /// `checkpoints[k]` is the state after `k * CHECKPOINT_EVERY` plies,
    /// for the first few `k` (the start at least); they never change once
    /// made, so copies of a state share them.
    checkpoints: Vec<Arc<AnyPosition>>,
    names: &'static ActionNames,
    buf: Vec<Action>,
    /// The legal actions as numpy's int64, before they are copied out.
    wide: Vec<i64>,
    /// The last snapshot of the legal moves handed out, refilled in place
    /// once no one else holds it.
    legal_moves: Option<Py<LegalMoves>>,
    /// Whether the first position was set up by hand rather than the
    /// game's start (`checkpoints[0]` holds it either way).
    set_up: bool,
}

/// A move as the caller gave it, read before the state is borrowed: an
/// `action` attribute or an `__index__` may run Python code, which may let
/// another thread run, and no borrow of a state is held across that.
pub(super) enum Given<'py> {
    Text(Bound<'py, PyString>),
    /// A Python int.
    Number(Bound<'py, PyAny>),
}

/// The move `mv` names: text, an action number (any integer `operator.index`
/// takes, numpy's included), or an object with an integer `action`
/// attribute (a `Move`).
pub(super) fn given<'py>(mv: &Bound<'py, PyAny>) -> PyResult<Given<'py>> {
    if let Ok(text) = mv.cast::<PyString>() {
        return Ok(Given::Text(text.clone()));
    }
    let py = mv.py();
    let number = if is_integer(mv)? {
        mv.clone()
    } else {
        match mv.getattr(intern!(py, "action")) {
            Ok(action) if is_integer(&action)? => action,
            _ => {
                return Err(NotationError::new_err(format!(
                    "a move is text, an action number or a Move, got {}",
                    shown(mv)
                )))
            }
        }
    };
    Ok(Given::Number(if number.is_instance_of::<PyInt>() {
        number
    } else {
        number.call_method0(intern!(py, "__index__"))?
    }))
}

/// Whether `value` is an integer: a Python int or anything with `__index__`.
fn is_integer(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(value.is_instance_of::<PyInt>() || value.hasattr(intern!(value.py(), "__index__"))?)
}

/// The error for a state another thread is using (only possible without
/// the GIL, or while that thread runs Python code in a call of its own).
pub(super) fn in_use(error: impl std::fmt::Display) -> PyErr {
    StonefieldError::new_err(format!(
        "this state is in use by another thread ({error}); \
         give each thread its own copy, or guard the state with a lock"
    ))
}

impl State {
    /// The game state as it stands.
    pub(super) fn current(&self) -> &AnyPosition {
        &self.current
    }

    /// The actions played from the start.
    pub(super) fn history(&self) -> &[Action] {
        &self.history
    }

    /// The game state as it stands, for methods that reuse its scratch
    /// buffers without changing the position.
    pub(super) fn current_mut(&mut self) -> &mut AnyPosition {
        &mut self.current
    }

    /// The action `given` names (see [`given`]).
    fn resolve(&self, given: &Given<'_>) -> PyResult<Action> {
        let number = match given {
            // Canonical texts are looked up directly; others (upper case,
            // malformed) go through the parser and its error messages.
            Given::Text(text) => {
                return match self.names.action_of(text) {
                    Some(a) => Ok(a),
                    None => match text.to_str() {
                        Ok(text) => Ok(self.current.parse_action(text)?),
                        Err(_) => Err(NotationError::new_err(format!(
                            "{} is not a move: it holds a lone surrogate, which is not text",
                            shown(text)
                        ))),
                    },
                }
            }
            Given::Number(number) => number,
        };
        let limit = self.current.num_actions();
        match number.extract::<i64>() {
            Ok(a) if (0..limit as i64).contains(&a) => Ok(a as Action),
            _ => Err(NotationError::new_err(format!(
                "{} is not an action of {} (0 to {})",
                shown(number),
                self.current.name(),
                limit - 1
            ))),
        }
    }

    /// Takes back the last move (see `undo`).
    fn take_back(&mut self) -> PyResult<()> {
        if self.history.pop().is_none() {
            return Err(IllegalMoveError::new_err(
                "nothing to undo: no move has been played",
            ));
        }
        let plies = self.history.len();
        self.checkpoints.truncate(plies / CHECKPOINT_EVERY + 1);
        let base = self
            .checkpoints
            .last()
            .expect("the start is always a checkpoint");
        self.current.clone_from(base.as_ref());
        for ply in (self.checkpoints.len() - 1) * CHECKPOINT_EVERY..plies {
            self.current.apply_unchecked(self.history[ply]);
            if (ply + 1) % CHECKPOINT_EVERY == 0 {
                self.checkpoints.push(Arc::new(self.current.clone()));
            }
        }
        Ok(())
    }

    fn record_text(&self) -> String {
        let record = record::write(&self.current, &self.history);
        if self.set_up {
            format!("a position set up by hand, then {record}")
        } else {
            record
        }
    }

    /// The first position: the game's start, or the position set up.
    pub(super) fn origin(&self) -> &AnyPosition {
        &self.checkpoints[0]
    }

    /// Starts the state afresh from `position`, set up by hand, with no
    /// history.
    pub(super) fn start_from(&mut self, position: AnyPosition) {
        self.checkpoints = vec![Arc::new(position.clone())];
        self.current = position;
        self.history.clear();
        self.set_up = true;
    }

    /// Plays an action already checked legal, keeping the history.
    pub(super) fn push_checked(&mut self, action: Action) {
        self.current.apply_unchecked(action);
        self.history.push(action);
    }

    fn action_names_of<'py>(
        &self,
        py: Python<'py>,
        actions: &[Action],
    ) -> Vec<Bound<'py, PyString>> {
        actions.iter().map(|&a| self.names.text(py, a)).collect()
    }

    /// The point `point` names: its text (`"e5"`), its index or a `Move`
    /// of it; None when no point is given. Text that is not a point
    /// (`"pass"`, `"zz"`) gets the notation's message; anything else that
    /// is not a point (None passed explicitly, `True`, an index past the
    /// points) is refused as such.
    pub(super) fn point_arg(&self, point: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Point>> {
        let Some(p) = point else {
            return Ok(None);
        };
        if let Ok(text) = p.cast::<PyString>() {
            return match text.to_str() {
                Ok(text) => Ok(Some(self.current.board().parse_point(text)?)),
                // A lone surrogate: the move parser's message says so.
                Err(_) => self.resolve(&given(p)?).map(Some),
            };
        }
        let points = self.current.board().points();
        let resolved = if p.is_instance_of::<PyBool>() {
            None
        } else {
            given(p).and_then(|g| self.resolve(&g)).ok()
        };
        match resolved {
            Some(a) if (a as usize) < points => Ok(Some(a)),
            _ => Err(NotationError::new_err(format!(
                "{} is not a point of {}: give a point's name (like 'e5') or its number, 0 to {}",
                shown(p),
                self.current.name(),
                points - 1
            ))),
        }
    }
}

#[pymethods]
impl State {
    /// The start position of `game`, or a copy of `source`.
    #[new]
    #[pyo3(signature = (game, source = None))]
    fn new(game: Bound<'_, Game>, source: Option<PyRef<'_, State>>) -> PyResult<Self> {
        if let Some(source) = source {
            return Ok(State {
                game: game.unbind(),
                current: source.current.clone(),
                history: source.history.clone(),
                checkpoints: source.checkpoints.clone(),
                names: source.names,
                buf: Vec::with_capacity(source.current.num_actions()),
                wide: Vec::new(),
                legal_moves: None,
                set_up: source.set_up,
            });
        }
        let rules = game.get();
        let current = rules.start().clone();
        Ok(State {
            names: rules.names(),
            buf: Vec::with_capacity(current.num_actions()),
            wide: Vec::new(),
            legal_moves: None,
            checkpoints: vec![Arc::new(current.clone())],
            current,
            history: Vec::new(),
            game: game.unbind(),
            set_up: false,
        })
    }

    /// The game (rules and options) this state belongs to.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// Plays a move: text (`"e5"`, `"pass"`), an action index, or a `Move`.
    ///
    /// Raises IllegalMoveError when the rules forbid it now and
    /// NotationError when it names no action; the state is then unchanged.
    fn play(slf: &Bound<'_, Self>, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        let given = given(mv)?;
        let (text, reason, record) = {
            let mut state = slf.try_borrow_mut().map_err(in_use)?;
            let action = state.resolve(&given)?;
            match state.current.check(action) {
                Ok(()) => {
                    state.push_checked(action);
                    return Ok(());
                }
                Err(reason) => (
                    state.names.text(slf.py(), action),
                    reason,
                    state.record_text(),
                ),
            }
        };
        // Made with the state released: making an exception's fields may
        // let another thread run.
        Err(illegal_move(slf.py(), &text.to_cow()?, &reason, &record))
    }

    /// Takes back the last move.
    fn undo(slf: &Bound<'_, Self>) -> PyResult<()> {
        let mut state = slf.try_borrow_mut().map_err(in_use)?;
        state.take_back()
    }

    /// An independent copy, of the same class.
    fn copy(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let game = slf.borrow().game.clone_ref(slf.py());
        Ok(slf.get_type().call1((game, slf))?.unbind())
    }

    fn __copy__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        Self::copy(slf)
    }

    fn __deepcopy__(slf: &Bound<'_, Self>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Self::copy(slf)
    }

    /// The legal moves as text, in action-index order: a read-only
    /// sequence (`len`, indexing, iteration, `in`, `==` with a list).
    fn legal_moves(&mut self, py: Python<'_>) -> PyResult<Py<LegalMoves>> {
        // A loop that asks every turn has dropped the last snapshot by the
        // next ask: refilling it spares making and freeing an object.
        if let Some(last) = &self.legal_moves {
            let last = last.bind(py);
            if held_once(last.as_any()) {
                last.borrow_mut().refill(&mut self.current, &mut self.buf);
                return Ok(last.clone().unbind());
            }
        }
        let fresh = Py::new(
            py,
            LegalMoves::of(&mut self.current, &mut self.buf, self.names),
        )?;
        self.legal_moves = Some(fresh.clone_ref(py));
        Ok(fresh)
    }

    /// The legal action indices, increasing, as a numpy int64 array.
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        // Listed, not packed into bits first: a game whose legal points are
        // its empty ones lists them a word of cells at a time, and every
        // other game lists them to pack them anyway.
        self.current.legal_actions(&mut self.buf);
        self.wide.clear();
        self.wide.extend(self.buf.iter().map(|&a| i64::from(a)));
        // Copied into an array numpy owns: one Python object, where an
        // array over a Rust vector needs a second to keep the vector.
        PyArray1::from_slice(py, &self.wide)
    }

    /// A numpy bool array over all actions, true where legal.
    fn legal_action_mask<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.current.num_actions()];
        self.current.legal_mask(&mut mask, &mut self.buf);
        PyArray1::from_vec(py, mask)
    }

    /// Whether `mv` is legal now (false for text naming no action).
    fn is_legal(slf: &Bound<'_, Self>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(given) = given(mv) else {
            return Ok(false);
        };
        let mut state = slf.try_borrow_mut().map_err(in_use)?;
        Ok(match state.resolve(&given) {
            Ok(a) => state.current.check(a).is_ok(),
            Err(_) => false,
        })
    }

    /// The action index of a move's text.
    fn action(slf: &Bound<'_, Self>, mv: &Bound<'_, PyAny>) -> PyResult<i64> {
        let given = given(mv)?;
        Ok(slf.try_borrow().map_err(in_use)?.resolve(&given)? as i64)
    }

    /// The text of an action index.
    fn action_text<'py>(
        slf: &Bound<'py, Self>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyString>> {
        let number = match given(action)? {
            Given::Number(number) => number,
            Given::Text(_) => {
                return Err(NotationError::new_err(format!(
                    "an action is a number, got {}",
                    shown(action)
                )))
            }
        };
        let state = slf.try_borrow().map_err(in_use)?;
        Ok(state
            .names
            .text(slf.py(), state.resolve(&Given::Number(number))?))
    }

    /// The colour whose turn it is.
    #[getter]
    fn to_move<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        colour(py, self.current.to_move())
    }

    /// Whether the game has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.current.is_terminal()
    }

    /// The winning colour, or None (game not over, or no winner).
    #[getter]
    fn winner<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.current.winner().map(|c| colour(py, c)).transpose()
    }

    /// Whether the seats have exchanged colours (pie rule).
    #[getter]
    fn swapped(&self) -> bool {
        self.current.swapped()
    }

    /// The number of moves played.
    #[getter]
    fn ply(&self) -> usize {
        self.history.len()
    }

    /// The action indices played, in order.
    #[getter]
    fn actions(&self) -> Vec<Action> {
        self.history.clone()
    }

    /// The moves played, as text.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyString>> {
        self.action_names_of(py, &self.history)
    }

    /// The seat (0 first player, 1 second) playing `colour`.
    fn seat_of(slf: &Bound<'_, Self>, colour: &Bound<'_, PyAny>) -> PyResult<usize> {
        let colour = colour_from(colour)?;
        Ok(colour.index() ^ usize::from(slf.try_borrow().map_err(in_use)?.current.swapped()))
    }

    /// The colour played by `seat` (0 first player, 1 second).
    fn colour_of<'py>(
        slf: &Bound<'py, Self>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = match given(seat) {
            Ok(Given::Number(number)) => number.extract::<u8>().ok().filter(|&s| s < 2),
            _ => None,
        }
        .ok_or_else(|| NotationError::new_err(format!("a seat is 0 or 1, got {}", shown(seat))))?;
        let swapped = slf.try_borrow().map_err(in_use)?.current.swapped();
        let c = if (seat == 1) != swapped {
            Colour::White
        } else {
            Colour::Black
        };
        colour(slf.py(), c)
    }

    /// +1 for the winner, -1 for the loser, per seat (first, second), as
    /// OpenSpiel's `returns()`; zeros while the game goes on or with no winner.
    fn returns(&self) -> (f64, f64) {
        let r = self.current.returns();
        if self.current.swapped() {
            (r[1], r[0])
        } else {
            (r[0], r[1])
        }
    }

    /// Returns per colour: `{Colour.BLACK: .., Colour.WHITE: ..}`.
    fn colour_returns<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let r = slf.try_borrow().map_err(in_use)?.current.returns();
        let dict = PyDict::new(py);
        dict.set_item(colour(py, Colour::Black)?, r[0])?;
        dict.set_item(colour(py, Colour::White)?, r[1])?;
        Ok(dict)
    }

    /// Scores per colour of the position as it stands, for games that score.
    fn scores<'py>(slf: &Bound<'py, Self>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let py = slf.py();
        let scores = slf.try_borrow_mut().map_err(in_use)?.current.scores();
        let Some(s) = scores else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item(colour(py, Colour::Black)?, s[0])?;
        dict.set_item(colour(py, Colour::White)?, s[1])?;
        Ok(Some(dict))
    }

    /// The position as float32 planes `(planes, rows, columns)` on the
    /// board's coordinate grid, seen from `perspective` (default: the colour
    /// to move); the planes are named by `Game.observation_planes`.
    #[pyo3(signature = (perspective = None))]
    fn observation<'py>(
        slf: &Bound<'py, Self>,
        perspective: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let perspective = perspective.map(colour_from).transpose()?;
        let (shape, data) = {
            let mut state = slf.try_borrow_mut().map_err(in_use)?;
            let current = &mut state.current;
            let perspective = perspective.unwrap_or_else(|| current.to_move());
            let shape = observation_shape(current);
            let mut data = vec![0.0; shape.iter().product()];
            write_observation(current, perspective, &mut data);
            (shape, data)
        };
        PyArray1::from_vec(slf.py(), data).reshape(shape)
    }

    /// The board as `N` characters `B`, `W`, `.` in point-index order.
    fn board_string(&self) -> String {
        self.current.board_string()
    }

    /// The stone at a point: a Colour, or None when empty.
    fn stone_at<'py>(
        &self,
        py: Python<'py>,
        point: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let p = self.point_arg(Some(point))?.expect("a point was given");
        self.current.cell(p).map(|c| colour(py, c)).transpose()
    }

    /// The game record: game, options, `;`, then the moves as text.
    ///
    /// Raises StonefieldError for a position set up by hand, which no
    /// record from the start reaches (`to_dict()` describes it).
    fn record(&self) -> PyResult<String> {
        if self.set_up {
            return Err(StonefieldError::new_err(
                "a position set up by hand has no record from the start: describe it with to_dict()",
            ));
        }
        Ok(self.record_text())
    }

    /// Whether the state started from a position set up by hand rather
    /// than the game's start.
    #[getter]
    fn is_set_up(&self) -> bool {
        self.set_up
    }

    /// States are equal when their games are (name and options) and they
    /// played the same moves: equal histories, so equal records. Two move
    /// orders that reach the same stones are different states; compare
    /// `board_string()` (and `to_move`) to compare positions.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<State>() else {
            return Ok(false);
        };
        let other = other.try_borrow()?;
        Ok(self.history == other.history
            && self.current.name() == other.current.name()
            && self.current.options() == other.current.options()
            && self.set_up == other.set_up
            && (!self.set_up || self.origin().describe() == other.origin().describe()))
    }

    fn __hash__(&self) -> PyResult<isize> {
        Err(StonefieldError::new_err(
            "a State is mutable and so not hashable; hash its record() instead",
        ))
    }
}
