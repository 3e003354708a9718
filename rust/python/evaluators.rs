//! Evaluators for Python: the built-in `Uniform` and `Rollouts`, which run
//! in Rust with no Python in the loop, and any Python callable
//! `evaluate(observations, masks) -> (priors, values)`, called with the GIL
//! held between rounds of a search that runs without it.

use numpy::{
    AllowTypeChange, PyArray1, PyArray2, PyArray4, PyArrayLikeDyn, PyArrayMethods,
    PyUntypedArrayMethods,
};
use pyo3::create_exception;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyTuple};

use super::errors::{OptionError, StonefieldError};
use super::game::Game;
use super::held_once;
use crate::bot::{
    Evaluator, Leaf, Leaves, Rollouts as RustRollouts, Threads, Uniform as RustUniform,
};
use crate::core::Stop;
use crate::games::Position;
use crate::observation::{
    observation_len, observation_shape, write_observation, write_observation_like,
};

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
    #[pyo3(signature = (playouts = None, *, max_moves = None), text_signature = "(playouts=1, *, max_moves=None)")]
    fn new(
        playouts: Option<&Bound<'_, PyAny>>,
        max_moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let playouts = super::args::optional(playouts, "playouts")?.unwrap_or(1) as u32;
        let max_moves = match super::args::optional_size(max_moves, "max_moves")? {
            Some(0) => return Err(OptionError::new_err("max_moves must be at least 1, got 0")),
            m => m,
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
        arrays: RoundArrays,
    },
}

/// The observation and mask arrays a run's rounds are written into: made
/// once with a row per slot of the run's leaves, and handed to the
/// evaluator as views of their first rows, so that rounds fill the same
/// memory (fresh arrays cost a page fault per 4 KiB). Arrays the evaluator
/// kept a reference to (a view, say) are left to it, and new ones made.
#[derive(Default)]
pub struct RoundArrays {
    observations: Option<Py<PyArray4<f32>>>,
    masks: Option<Py<PyArray2<bool>>>,
}

impl RoundArrays {
    /// Arrays of `shape` observations (for up to `shape[0]` rows) and
    /// their masks of `actions`, which nothing else refers to.
    fn take<'py>(
        &mut self,
        py: Python<'py>,
        shape: [usize; 4],
        actions: usize,
    ) -> (Bound<'py, PyArray4<f32>>, Bound<'py, PyArray2<bool>>) {
        if let (Some(observations), Some(masks)) = (self.observations.take(), self.masks.take()) {
            let (observations, masks) = (observations.into_bound(py), masks.into_bound(py));
            if held_once(observations.as_any())
                && held_once(masks.as_any())
                && observations.shape() == shape
                && masks.shape() == [shape[0], actions]
            {
                return (observations, masks);
            }
        }
        // SAFETY: every element Python sees is written first (`call_python`).
        let observations = unsafe { PyArray4::<f32>::new(py, shape, false) };
        let masks = PyArray2::<bool>::zeros(py, [shape[0], actions], false);
        (observations, masks)
    }

    /// Keeps the arrays for the next round.
    fn keep(&mut self, observations: Bound<'_, PyArray4<f32>>, masks: Bound<'_, PyArray2<bool>>) {
        self.observations = Some(observations.unbind());
        self.masks = Some(masks.unbind());
    }
}

/// The first `rows` rows of `array`, a view.
fn first_rows<'py>(array: &Bound<'py, PyAny>, rows: usize) -> PyResult<Bound<'py, PyAny>> {
    array.get_item(PySlice::new(array.py(), 0, rows as isize, 1))
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
            arrays: RoundArrays::default(),
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
                arrays,
            } => Python::attach(|py| {
                call_python(
                    py,
                    callable.bind(py),
                    with_leaves.then_some(&*game),
                    leaves,
                    threads,
                    arrays,
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
    arrays: &mut RoundArrays,
) -> PyResult<()> {
    let rows = leaves.len();
    let first = &leaves.iter().next().expect("a round has leaves").position;
    let [planes, height, width] = observation_shape(first);
    let (len, actions) = (observation_len(first), first.num_actions());
    let capacity = leaves.capacity();
    let (observations, masks) = arrays.take(py, [capacity, planes, height, width], actions);
    {
        // SAFETY: nothing else refers to the arrays (`RoundArrays::take`).
        let out = unsafe { observations.as_slice_mut() }.expect("a new array is contiguous");
        let mask = unsafe { masks.as_slice_mut() }.expect("a new array is contiguous");
        py.detach(|| {
            leaves.each_rows(
                threads,
                (&mut out[..rows * len], len),
                (&mut mask[..rows * actions], actions),
                || (),
                |_, leaf, observation, mask, earlier| {
                    let perspective = leaf.position.to_move();
                    match earlier {
                        None => write_observation(&mut leaf.position, perspective, observation),
                        Some((like, like_row)) => {
                            let like = (&like.position, like.position.to_move(), like_row);
                            write_observation_like(
                                &mut leaf.position,
                                perspective,
                                observation,
                                like,
                            );
                        }
                    }
                    leaf.write_mask(mask);
                },
            );
        });
    }
    let shown = (
        first_rows(observations.as_any(), rows)?,
        first_rows(masks.as_any(), rows)?,
    );
    let answer = match game {
        None => callable.call1(shown)?,
        Some(game) => callable.call1((shown.0, shown.1, leaves_object(py, game, leaves)?))?,
    };
    arrays.keep(observations, masks);
    let (priors, values) = read_answer(&answer, rows, actions)?;
    let priors = priors.as_array();
    let priors = priors.as_standard_layout();
    let priors = priors.as_slice().expect("a standard layout is contiguous");
    let values = values.as_array();
    let answers = priors.chunks_exact(actions).zip(values.iter());
    let gathered = leaves
        .chunks_mut()
        .flat_map(|(slots, &mut count)| &mut slots[..count]);
    for (row, (leaf, (priors, &value))) in gathered.zip(answers).enumerate() {
        take_priors(leaf, priors, row)?;
        if !(-1.0..=1.0).contains(&value) {
            return Err(EvaluatorError::new_err(format!(
                "the evaluator's value for leaf {row} is {value}: values are in [-1, 1]"
            )));
        }
        leaf.value = value;
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
/// ignored): finite, at least 0 and not all 0; and makes them the leaf's.
fn take_priors<P: Position>(leaf: &mut Leaf<P>, priors: &[f32], row: usize) -> PyResult<()> {
    if leaf.set_priors(priors) {
        return Ok(());
    }
    // The first unusable prior, in action order, is the one named.
    let unusable = leaf
        .legal()
        .iter()
        .map(|&a| (a, priors[a as usize]))
        .find(|(_, p)| !(0.0..=f32::MAX).contains(p));
    Err(EvaluatorError::new_err(match unusable {
        Some((a, p)) => format!(
            "the evaluator's prior for leaf {row}, action {a} is {p}: priors of legal \
             actions are finite and at least 0 (probabilities or weights, not logits)"
        ),
        None => format!(
            "the evaluator's priors for leaf {row} are 0 on every legal action: at least one \
             legal action needs a positive prior"
        ),
    }))
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
