//! Evaluators for Python: the built-in `Uniform` and `Rollouts`, which run
//! in Rust with no Python in the loop, and any Python callable
//! `evaluate(observations, masks) -> (priors, values)`, called with the GIL
//! held between rounds of a search that runs without it.

use numpy::ndarray::{ArrayView1, Ix1, Ix2};
use numpy::{
    AllowTypeChange, PyArray1, PyArray2, PyArray4, PyArrayLikeDyn, PyArrayMethods,
    PyUntypedArrayMethods,
};
use pyo3::create_exception;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use super::errors::{OptionError, StonefieldError};
use super::game::Game;
use crate::bot::{Evaluator, Leaves, Rollouts as RustRollouts, Threads, Uniform as RustUniform};
use crate::core::Stop;
use crate::games::{Action, Position};
use crate::observation::{observation_len, observation_shape, write_observation};

create_exception!(
    stonefield,
    EvaluatorError,
    StonefieldError,
    "An evaluator's answer a search cannot use: the message names what was wrong (shapes, \
     NaN, negative or all-zero priors over the legal actions, values outside [-1, 1]) and where."
);

/// Equal priors over the legal actions and value 0, in Rust.
#[pyclass(module = "stonefield.evaluators", name = "Uniform", frozen, eq)]
#[derive(PartialEq)]
pub struct Uniform;

#[pymethods]
impl Uniform {
    #[new]
    fn new() -> Self {
        Uniform
    }

    fn __repr__(&self) -> &'static str {
        "Uniform()"
    }
}

/// Equal priors over the legal actions, and as value the mean result of
/// `playouts` random playouts from the leaf, in Rust.
#[pyclass(module = "stonefield.evaluators", name = "Rollouts", frozen, eq)]
#[derive(PartialEq)]
pub struct Rollouts {
    playouts: u32,
    max_moves: Option<usize>,
}

#[pymethods]
impl Rollouts {
    #[new]
    #[pyo3(signature = (playouts = 1, *, max_moves = None))]
    fn new(playouts: i64, max_moves: Option<i64>) -> PyResult<Self> {
        let playouts = u32::try_from(playouts)
            .ok()
            .filter(|&n| (1..=1_000_000).contains(&n))
            .ok_or_else(|| {
                OptionError::new_err(format!(
                    "playouts must be from 1 to 1000000, got {playouts}"
                ))
            })?;
        let max_moves = match max_moves {
            None => None,
            Some(m) if m >= 1 => Some(m as usize),
            Some(m) => {
                return Err(OptionError::new_err(format!(
                    "max_moves must be at least 1, got {m}"
                )))
            }
        };
        Ok(Rollouts {
            playouts,
            max_moves,
        })
    }

    /// Playouts per leaf.
    #[getter]
    fn playouts(&self) -> u32 {
        self.playouts
    }

    /// A playout stops unfinished (value 0) after this many actions; None
    /// for the game's default (10 times the points).
    #[getter]
    fn max_moves(&self) -> Option<usize> {
        self.max_moves
    }

    fn __repr__(&self) -> String {
        match self.max_moves {
            None => format!("Rollouts({})", self.playouts),
            Some(m) => format!("Rollouts({}, max_moves={m})", self.playouts),
        }
    }
}

/// An evaluator as the search sees it.
pub enum AnyEvaluator {
    Uniform,
    Rollouts {
        playouts: u32,
        max_moves: Option<usize>,
    },
    /// A Python callable; with `leaves`, it takes a third argument, a
    /// `stonefield.evaluators.Leaves` of the game `game`.
    Python {
        callable: Py<PyAny>,
        leaves: bool,
        game: Py<Game>,
    },
}

impl AnyEvaluator {
    /// The evaluator `evaluator` stands for, in searches of `game`.
    ///
    /// # Errors
    /// A TypeError for an object that is neither a built-in evaluator nor
    /// callable.
    pub fn new(evaluator: &Bound<'_, PyAny>, game: &Bound<'_, Game>) -> PyResult<Self> {
        if evaluator.is_instance_of::<Uniform>() {
            return Ok(AnyEvaluator::Uniform);
        }
        if let Ok(rollouts) = evaluator.cast::<Rollouts>() {
            let rollouts = rollouts.get();
            return Ok(AnyEvaluator::Rollouts {
                playouts: rollouts.playouts,
                max_moves: rollouts.max_moves,
            });
        }
        if !evaluator.is_callable() {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "an evaluator is stonefield.evaluators.Uniform(), Rollouts(n) or a callable \
                 evaluate(observations, masks) -> (priors, values), got {}",
                evaluator.repr()?
            )));
        }
        let leaves = match evaluator.getattr_opt(intern!(evaluator.py(), "wants_leaves"))? {
            Some(flag) => flag.is_truthy()?,
            None => false,
        };
        Ok(AnyEvaluator::Python {
            callable: evaluator.clone().unbind(),
            leaves,
            game: game.clone().unbind(),
        })
    }
}

impl AnyEvaluator {
    /// Whether the evaluator takes a third argument, the leaves.
    pub fn wants_leaves(&self) -> bool {
        matches!(self, AnyEvaluator::Python { leaves: true, .. })
    }

    /// Whether the evaluator is Python code (which needs the GIL).
    pub fn is_python(&self) -> bool {
        matches!(self, AnyEvaluator::Python { .. })
    }
}

impl<P: Position> Evaluator<P> for AnyEvaluator {
    type Error = PyErr;

    fn evaluate(
        &mut self,
        leaves: &mut Leaves<P>,
        threads: Threads<'_>,
        stop: &Stop,
    ) -> PyResult<()> {
        match self {
            AnyEvaluator::Uniform => {
                let Ok(()) = RustUniform.evaluate(leaves, threads, stop);
            }
            AnyEvaluator::Rollouts {
                playouts,
                max_moves,
            } => {
                let points = leaves
                    .iter()
                    .next()
                    .map_or(1, |leaf| leaf.position.board().points());
                let mut rollouts = RustRollouts {
                    playouts: *playouts,
                    max_moves: max_moves.unwrap_or(10 * points),
                };
                let Ok(()) = rollouts.evaluate(leaves, threads, stop);
            }
            AnyEvaluator::Python {
                callable,
                leaves: with_leaves,
                game,
            } => Python::attach(|py| {
                call_python(
                    py,
                    callable.bind(py),
                    with_leaves.then_some(&*game),
                    leaves,
                    threads,
                )
            })?,
        }
        Ok(())
    }

    fn wants_histories(&self) -> bool {
        self.wants_leaves()
    }
}

/// Asks the Python `callable` about the gathered leaves and writes its
/// answers into them, after checking every number it returned.
fn call_python<P: Position>(
    py: Python<'_>,
    callable: &Bound<'_, PyAny>,
    game: Option<&Py<Game>>,
    leaves: &mut Leaves<P>,
    threads: Threads<'_>,
) -> PyResult<()> {
    let rows = leaves.len();
    let first = &leaves.iter().next().expect("a round has leaves").position;
    let [planes, height, width] = observation_shape(first);
    let (len, actions) = (observation_len(first), first.num_actions());
    // SAFETY: every element is written below before Python sees the array.
    let observations = unsafe { PyArray4::<f32>::new(py, [rows, planes, height, width], false) };
    let masks = PyArray2::<bool>::zeros(py, [rows, actions], false);
    {
        // SAFETY: the arrays are new, so nothing else refers to them.
        let out = unsafe { observations.as_slice_mut() }.expect("a new array is contiguous");
        let mask = unsafe { masks.as_slice_mut() }.expect("a new array is contiguous");
        py.detach(|| {
            leaves.each_row(
                threads,
                out,
                len,
                || (),
                |_, leaf, row| {
                    let perspective = leaf.position.to_move();
                    write_observation(&mut leaf.position, perspective, row);
                },
            );
            leaves.each_row(
                threads,
                mask,
                actions,
                || (),
                |_, leaf, row| {
                    for &a in leaf.legal() {
                        row[a as usize] = true;
                    }
                },
            );
        });
    }
    let answer = match game {
        None => callable.call1((observations, masks))?,
        Some(game) => callable.call1((observations, masks, leaves_object(py, game, leaves)?))?,
    };
    let (priors, values) = read_answer(&answer, rows, actions)?;
    let priors = priors
        .as_array()
        .into_dimensionality::<Ix2>()
        .expect("the shape was checked");
    let values = values
        .as_array()
        .into_dimensionality::<Ix1>()
        .expect("the shape was checked");
    for (row, leaf) in leaves.iter().enumerate() {
        check_priors(leaf.legal(), priors.row(row), row)?;
        let value = values[row];
        if !(-1.0..=1.0).contains(&value) {
            return Err(EvaluatorError::new_err(format!(
                "the evaluator's value for leaf {row} is {value}: values are in [-1, 1]"
            )));
        }
    }
    let mut row = 0;
    for (slots, &mut count) in leaves.chunks_mut() {
        for leaf in &mut slots[..count] {
            leaf.set_priors(|a| priors[[row, a as usize]]);
            leaf.value = values[row];
            row += 1;
        }
    }
    Ok(())
}

/// The priors and values of an evaluator's answer, as float32 arrays of
/// the shapes `(rows, actions)` and `(rows,)`.
fn read_answer<'py>(
    answer: &Bound<'py, PyAny>,
    rows: usize,
    actions: usize,
) -> PyResult<(
    PyArrayLikeDyn<'py, f32, AllowTypeChange>,
    PyArrayLikeDyn<'py, f32, AllowTypeChange>,
)> {
    let pair = answer
        .cast::<PyTuple>()
        .ok()
        .filter(|t| t.len() == 2)
        .ok_or_else(|| {
            EvaluatorError::new_err(format!(
                "an evaluator returns a pair (priors, values), got {}",
                type_name(answer)
            ))
        })?;
    let array = |what: &str, item: Bound<'py, PyAny>, shape: &[usize]| {
        let array: PyArrayLikeDyn<'py, f32, AllowTypeChange> =
            item.extract().map_err(|error: PyErr| {
                EvaluatorError::new_err(format!(
                    "the evaluator's {what} are not an array of numbers: {}",
                    error.value(item.py())
                ))
            })?;
        if array.shape() != shape {
            return Err(EvaluatorError::new_err(format!(
                "the evaluator's {what} have shape {:?}: for {rows} leaves of a game with \
                 {actions} actions they have shape {shape:?}",
                array.shape()
            )));
        }
        Ok(array)
    };
    Ok((
        array("priors", pair.get_item(0)?, &[rows, actions])?,
        array("values", pair.get_item(1)?, &[rows])?,
    ))
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an object".into(), |n| n.to_string())
}

/// Checks one leaf's priors over its legal actions (the others are
/// ignored): finite, at least 0 and not all 0.
fn check_priors(legal: &[Action], priors: ArrayView1<'_, f32>, row: usize) -> PyResult<()> {
    let mut total = 0.0f64;
    for &a in legal {
        let p = priors[a as usize];
        if !p.is_finite() || p < 0.0 {
            return Err(EvaluatorError::new_err(format!(
                "the evaluator's prior for leaf {row}, action {a} is {p}: priors of legal \
                 actions are finite and at least 0 (probabilities or weights, not logits)"
            )));
        }
        total += f64::from(p);
    }
    if total <= 0.0 {
        return Err(EvaluatorError::new_err(format!(
            "the evaluator's priors for leaf {row} are 0 on every legal action: at least one \
             legal action needs a positive prior"
        )));
    }
    Ok(())
}

/// The `stonefield.evaluators.Leaves` of the gathered leaves.
fn leaves_object<'py, P: Position>(
    py: Python<'py>,
    game: &Py<Game>,
    leaves: &Leaves<P>,
) -> PyResult<Bound<'py, PyAny>> {
    let histories = PyList::empty(py);
    let mut keys = Vec::with_capacity(leaves.len());
    for leaf in leaves.iter() {
        histories.append(PyTuple::new(py, leaf.history())?)?;
        keys.push(leaf.key());
    }
    py.import(intern!(py, "stonefield.evaluators"))?
        .getattr(intern!(py, "Leaves"))?
        .call1((game.bind(py), histories, PyArray1::from_vec(py, keys)))
}
