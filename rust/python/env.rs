//! `_core.VecEnv`: a batch of envs of one game whose every output lives in
//! numpy arrays made once; a step borrows them, releases the GIL and runs
//! on a bounded rayon pool.

use std::sync::Arc;

use numpy::{IxDyn, PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use super::errors::{IllegalMoveError, NotationError, OptionError};
use super::game::Game;
use super::pools::pool;
use super::state::State;
use crate::env::{self, Autoreset, Batch, Config, Element, Illegal, Outputs, StepError};
use crate::games::Position as _;
use crate::observation::observation_shape;
use crate::playout::default_max_moves;

/// The arrays every step rewrites, whatever the observation type.
struct Common {
    has_final: Py<PyArray1<bool>>,
    masks: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    to_move: Py<PyArray1<i32>>,
    current_player: Py<PyArray1<i32>>,
    ply: Py<PyArray1<i32>>,
}

/// A batch with its observation arrays, of one element type.
struct Typed<T: Element + numpy::Element> {
    batch: Box<dyn Batch<T>>,
    observations: Py<PyArrayDyn<T>>,
    /// Same-step autoreset only: the last observation of a game that ended.
    final_observations: Py<PyArrayDyn<T>>,
}

enum Envs {
    F32(Typed<f32>),
    U8(Typed<u8>),
}

/// What a call does with the batch: reset, step or put a position in.
enum Call<'a> {
    Reset(Option<u64>, Option<&'a [bool]>),
    Step(&'a [i64]),
    Set(usize, &'a State),
}

impl<T: Element + numpy::Element> Typed<T> {
    fn new(py: Python<'_>, batch: Box<dyn Batch<T>>, shape: &[usize], same_step: bool) -> Self {
        let finals = if same_step {
            shape.to_vec()
        } else {
            vec![0; shape.len()]
        };
        Typed {
            batch,
            observations: PyArrayDyn::zeros(py, IxDyn(shape), false).unbind(),
            final_observations: PyArrayDyn::zeros(py, IxDyn(&finals), false).unbind(),
        }
    }

    /// Runs `call` on the batch, writing into the arrays, on `pool` with
    /// the GIL released.
    fn run(
        &mut self,
        py: Python<'_>,
        common: &Common,
        pool: &rayon::ThreadPool,
        call: Call<'_>,
    ) -> PyResult<Result<bool, StepError>> {
        let envs = self.batch.len();
        let mut observations = self.observations.bind(py).try_readwrite()?;
        let mut finals = self.final_observations.bind(py).try_readwrite()?;
        let mut has_final = common.has_final.bind(py).try_readwrite()?;
        let mut masks = common.masks.bind(py).try_readwrite()?;
        let mut rewards = common.rewards.bind(py).try_readwrite()?;
        let mut terminated = common.terminated.bind(py).try_readwrite()?;
        let mut truncated = common.truncated.bind(py).try_readwrite()?;
        let mut to_move = common.to_move.bind(py).try_readwrite()?;
        let mut current_player = common.current_player.bind(py).try_readwrite()?;
        let mut ply = common.ply.bind(py).try_readwrite()?;
        let num_actions = masks.as_array().shape()[1];
        let out = Outputs::new(
            envs,
            observations.as_array().len() / envs.max(1),
            num_actions,
            observations.as_slice_mut()?,
            finals.as_slice_mut()?,
            has_final.as_slice_mut()?,
            masks.as_slice_mut()?,
            rewards.as_slice_mut()?,
            terminated.as_slice_mut()?,
            truncated.as_slice_mut()?,
            to_move.as_slice_mut()?,
            current_player.as_slice_mut()?,
            ply.as_slice_mut()?,
        );
        let batch = &mut self.batch;
        Ok(match call {
            Call::Reset(seed, mask) => {
                py.detach(|| pool.install(|| batch.reset(seed, mask, out)));
                Ok(true)
            }
            Call::Step(actions) => py
                .detach(|| pool.install(|| batch.step(actions, out)))
                .map(|()| true),
            Call::Set(i, state) => Ok(batch.set_position(i, state.current(), state.history(), out)),
        })
    }
}

/// A batch of envs of one game stepped in Rust; `stonefield.VecEnv` is its
/// Python face.
#[pyclass(module = "stonefield._core", name = "VecEnv", subclass)]
pub struct VecEnv {
    game: Py<Game>,
    envs: Envs,
    common: Common,
    pool: Arc<rayon::ThreadPool>,
    num_envs: usize,
}

fn autoreset_of(name: &str) -> PyResult<Autoreset> {
    match name {
        "next_step" => Ok(Autoreset::NextStep),
        "same_step" => Ok(Autoreset::SameStep),
        "off" => Ok(Autoreset::Off),
        _ => Err(OptionError::new_err(format!(
            "autoreset is 'next_step', 'same_step' or 'off', not {name:?}"
        ))),
    }
}

fn illegal_of(name: &str) -> PyResult<Illegal> {
    match name {
        "raise" => Ok(Illegal::Raise),
        "lose" => Ok(Illegal::Lose),
        _ => Err(OptionError::new_err(format!(
            "illegal is 'raise' or 'lose', not {name:?}"
        ))),
    }
}

/// The exception for a refused step: IllegalMoveError for an action of the
/// game that cannot be played now, NotationError for a number that is no
/// action; `env`, `move` and `reason` are set on it.
fn step_error(py: Python<'_>, refused: &StepError) -> PyErr {
    let error = match refused.text {
        Some(_) => IllegalMoveError::new_err(refused.to_string()),
        None => NotationError::new_err(refused.to_string()),
    };
    let value = error.value(py);
    let set = || -> PyResult<()> {
        value.setattr("env", refused.env)?;
        match refused.text {
            Some(text) => value.setattr("move", PyString::new(py, text))?,
            None => value.setattr("move", refused.action)?,
        }
        value.setattr("reason", PyString::new(py, &refused.reason))
    };
    match set() {
        Ok(()) => error,
        Err(failed) => failed,
    }
}

impl VecEnv {
    fn run(&mut self, py: Python<'_>, call: Call<'_>) -> PyResult<bool> {
        let result = match &mut self.envs {
            Envs::F32(typed) => typed.run(py, &self.common, &self.pool, call)?,
            Envs::U8(typed) => typed.run(py, &self.common, &self.pool, call)?,
        };
        result.map_err(|refused| step_error(py, &refused))
    }
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, *, seed, threads, max_moves, autoreset, illegal, observation_dtype))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: Bound<'_, Game>,
        num_envs: usize,
        seed: u64,
        threads: Option<usize>,
        max_moves: Option<usize>,
        autoreset: &str,
        illegal: &str,
        observation_dtype: &str,
    ) -> PyResult<Self> {
        if num_envs == 0 {
            return Err(OptionError::new_err("num_envs must be at least 1"));
        }
        let start = game.get().start().clone();
        let max_moves = match max_moves {
            Some(0) => return Err(OptionError::new_err("max_moves must be at least 1")),
            Some(n) => n,
            None => default_max_moves(&start),
        };
        let config = Config {
            max_moves,
            autoreset: autoreset_of(autoreset)?,
            illegal: illegal_of(illegal)?,
        };
        let same_step = config.autoreset == Autoreset::SameStep;
        let mut shape = vec![num_envs];
        shape.extend(observation_shape(&start));
        // Every buffer is made here, once; a batch too large for memory
        // fails here with MemoryError rather than in a step.
        let envs = match observation_dtype {
            "float32" => Envs::F32(Typed::new(
                py,
                env::new::<f32>(&start, num_envs, seed, config),
                &shape,
                same_step,
            )),
            "uint8" => Envs::U8(Typed::new(
                py,
                env::new::<u8>(&start, num_envs, seed, config),
                &shape,
                same_step,
            )),
            other => {
                return Err(OptionError::new_err(format!(
                    "observation_dtype is 'float32' or 'uint8', not {other:?}"
                )))
            }
        };
        let finals = if same_step { num_envs } else { 0 };
        let flags = || PyArray1::<bool>::zeros(py, num_envs, false).unbind();
        let ints = || PyArray1::<i32>::zeros(py, num_envs, false).unbind();
        let common = Common {
            has_final: PyArray1::zeros(py, finals, false).unbind(),
            masks: PyArray2::zeros(py, [num_envs, start.num_actions()], false).unbind(),
            rewards: PyArray2::zeros(py, [num_envs, 2], false).unbind(),
            terminated: flags(),
            truncated: flags(),
            to_move: ints(),
            current_player: ints(),
            ply: ints(),
        };
        let mut made = VecEnv {
            game: game.unbind(),
            envs,
            common,
            pool: pool(threads)?,
            num_envs,
        };
        made.run(py, Call::Reset(None, None))?;
        Ok(made)
    }

    /// The arrays the batch writes into, by name: `observations`,
    /// `final_observations`, `has_final`, `action_mask`, `rewards`,
    /// `terminated`, `truncated`, `to_move`, `current_player`, `ply`.
    fn buffers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        match &self.envs {
            Envs::F32(t) => {
                out.set_item("observations", t.observations.bind(py))?;
                out.set_item("final_observations", t.final_observations.bind(py))?;
            }
            Envs::U8(t) => {
                out.set_item("observations", t.observations.bind(py))?;
                out.set_item("final_observations", t.final_observations.bind(py))?;
            }
        }
        let c = &self.common;
        out.set_item("has_final", c.has_final.bind(py))?;
        out.set_item("action_mask", c.masks.bind(py))?;
        out.set_item("rewards", c.rewards.bind(py))?;
        out.set_item("terminated", c.terminated.bind(py))?;
        out.set_item("truncated", c.truncated.bind(py))?;
        out.set_item("to_move", c.to_move.bind(py))?;
        out.set_item("current_player", c.current_player.bind(py))?;
        out.set_item("ply", c.ply.bind(py))?;
        Ok(out)
    }

    /// The game every env plays.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The number of envs.
    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The cap after which an unfinished game is truncated.
    #[getter]
    fn max_moves(&self) -> usize {
        self.config().max_moves
    }

    /// Starts a new game in every env (`mask`: only where true); `seed`
    /// reseeds the batch.
    #[pyo3(signature = (seed = None, mask = None))]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: Option<u64>,
        mask: Option<PyReadonlyArray1<'_, bool>>,
    ) -> PyResult<()> {
        let mask = match &mask {
            Some(m) => Some(m.as_slice()?),
            None => None,
        };
        if let Some(m) = mask.filter(|m| m.len() != self.num_envs) {
            return Err(OptionError::new_err(format!(
                "a reset mask has one flag per env ({}), not {}",
                self.num_envs,
                m.len()
            )));
        }
        self.run(py, Call::Reset(seed, mask)).map(drop)
    }

    /// Plays one action per env (an int64 array of `num_envs`).
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions.as_slice()?;
        if actions.len() != self.num_envs {
            return Err(OptionError::new_err(format!(
                "step takes one action per env ({}), not {}",
                self.num_envs,
                actions.len()
            )));
        }
        self.run(py, Call::Step(actions)).map(drop)
    }

    /// A random action per env under the playout policy, from each env's
    /// own generator (0 for a game that has ended).
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let mut out = vec![0; self.num_envs];
        let pool = &self.pool;
        match &mut self.envs {
            Envs::F32(t) => py.detach(|| pool.install(|| t.batch.random_actions(&mut out))),
            Envs::U8(t) => py.detach(|| pool.install(|| t.batch.random_actions(&mut out))),
        }
        PyArray1::from_vec(py, out)
    }

    /// The actions of env `env`'s current game, and whether it has ended
    /// and waits for its reset.
    fn history(&self, env: usize) -> PyResult<(Vec<u16>, bool)> {
        self.check_env(env)?;
        let position = match &self.envs {
            Envs::F32(t) => t.batch.position(env),
            Envs::U8(t) => t.batch.position(env),
        };
        Ok((position.history.to_vec(), position.done))
    }

    /// Puts `state`'s position and history into env `env`.
    fn set_state(&mut self, py: Python<'_>, env: usize, state: PyRef<'_, State>) -> PyResult<()> {
        self.check_env(env)?;
        if !self.run(py, Call::Set(env, &state))? {
            return Err(OptionError::new_err(format!(
                "env {env} plays {}, not {}",
                self.game.get().start().name(),
                state.current().name()
            )));
        }
        Ok(())
    }
}

impl VecEnv {
    fn config(&self) -> Config {
        match &self.envs {
            Envs::F32(t) => t.batch.config(),
            Envs::U8(t) => t.batch.config(),
        }
    }

    fn check_env(&self, env: usize) -> PyResult<()> {
        if env < self.num_envs {
            Ok(())
        } else {
            Err(OptionError::new_err(format!(
                "there is no env {env}: envs are 0 to {}",
                self.num_envs - 1
            )))
        }
    }
}
