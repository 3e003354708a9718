//! PUCT search of one position for Python: the tree lives in Rust and the
//! search runs without the GIL, taking it back only to call a Python
//! evaluator. Ctrl-C stops it, and self-play, within a round ([`stoppable`]).

use std::time::{Duration, Instant};

use numpy::PyArray1;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::args;
use super::errors::{IllegalMoveError, OptionError};
use super::evaluators::AnyEvaluator;
use super::game::Game;
use super::interrupt::interruptible;
use super::pools::pool;
use super::state::State;
use crate::bot::puct::{Config, MAX_BATCH};
use crate::bot::{run, Leaves, RootStats, Search, Threads, Until};
use crate::core::Stop;
use crate::games::{Action, AnyPosition, Position, PositionVisitor};

/// The most bytes the search trees of one call may need at worst (one node
/// per legal action of every evaluated leaf).
const MAX_TREE_BYTES: u64 = 4 << 30;

/// The most leaves gathered in one round, over all searches.
pub const MAX_LEAVES: usize = 1 << 16;

/// Simulations per move when neither simulations nor seconds are given.
const DEFAULT_SIMULATIONS: u32 = 800;

/// The settings of a PUCT search, read from Python's arguments and checked
/// once, when a bot or a self-play run is made; searches take them as they
/// are.
///
/// A search spends `simulations`, or `seconds` of wall time, or whichever
/// runs out first when both are given (800 simulations when neither is).
///
/// >>> from stonefield.bots import PuctConfig
/// >>> config = PuctConfig(simulations=100, dirichlet_alpha=0.3)
/// >>> config.simulations, config.seconds, config.batch_size, config.dirichlet_fraction
/// (100, None, 8, 0.25)
#[pyclass(module = "stonefield.bots", name = "PuctConfig", frozen, eq)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuctConfig {
    /// The tree's settings (with `u32::MAX` simulations when only seconds
    /// bound the search).
    pub search: Config,
    /// The simulations given, if any.
    simulations: Option<u32>,
    /// The wall time of a search, if given.
    pub seconds: Option<f64>,
    /// The temperature of the move chosen from the root's visits.
    pub temperature: f64,
    /// The arguments as given, to be read back (the tree keeps `f32`, and
    /// no fraction without noise).
    c_puct: f64,
    virtual_loss: f64,
    dirichlet_fraction: f64,
}

#[pymethods]
impl PuctConfig {
    #[new]
    #[pyo3(signature = (*, simulations = None, seconds = None, c_puct = 1.25, virtual_loss = 1.0, batch_size = 8, dirichlet_alpha = None, dirichlet_fraction = 0.25, temperature = 0.0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        simulations: Option<&Bound<'_, PyAny>>,
        seconds: Option<&Bound<'_, PyAny>>,
        c_puct: f64,
        virtual_loss: f64,
        batch_size: i64,
        dirichlet_alpha: Option<f64>,
        dirichlet_fraction: f64,
        temperature: f64,
    ) -> PyResult<Self> {
        let seconds = seconds
            .filter(|s| !s.is_none())
            .map(args::seconds)
            .transpose()?;
        let simulations = simulations.filter(|n| !n.is_none());
        let simulations = match (simulations, seconds) {
            (None, None) => Some(DEFAULT_SIMULATIONS),
            (None, Some(_)) => None,
            // The range of "simulations" is that of u32.
            (Some(n), _) => Some(args::whole(n, "simulations")? as u32),
        };
        let batch_size = usize::try_from(batch_size)
            .ok()
            .filter(|n| (1..=MAX_BATCH).contains(n))
            .ok_or_else(|| {
                OptionError::new_err(format!(
                    "batch_size must be from 1 to {MAX_BATCH}, got {batch_size}"
                ))
            })?;
        let at_least_zero = |name: &str, value: f64| {
            if value.is_finite() && value >= 0.0 {
                Ok(value)
            } else {
                Err(OptionError::new_err(format!(
                    "{name} must be a number >= 0, got {value}"
                )))
            }
        };
        let c_puct = at_least_zero("c_puct", c_puct)?;
        let virtual_loss = at_least_zero("virtual_loss", virtual_loss)?;
        let temperature = at_least_zero("temperature", temperature)?;
        if !(0.0..=1.0).contains(&dirichlet_fraction) {
            return Err(OptionError::new_err(format!(
                "dirichlet_fraction must be from 0 to 1, got {dirichlet_fraction}"
            )));
        }
        let noise = match dirichlet_alpha {
            None => None,
            Some(alpha) if alpha.is_finite() && alpha > 0.0 => Some((alpha, dirichlet_fraction)),
            Some(alpha) => {
                return Err(OptionError::new_err(format!(
                    "dirichlet_alpha must be a number > 0 (or None for no noise), got {alpha}"
                )))
            }
        };
        Ok(PuctConfig {
            search: Config {
                simulations: simulations.unwrap_or(u32::MAX),
                c_puct: c_puct as f32,
                virtual_loss: virtual_loss as f32,
                batch_size,
                noise,
            },
            simulations,
            seconds,
            temperature,
            c_puct,
            virtual_loss,
            dirichlet_fraction,
        })
    }

    /// Descents from the root per search (None: as many as `seconds`
    /// allow).
    #[getter]
    fn simulations(&self) -> Option<u32> {
        self.simulations
    }

    /// The wall time of a search (None: no limit but the simulations).
    #[getter(seconds)]
    fn get_seconds(&self) -> Option<f64> {
        self.seconds
    }

    /// The exploration constant.
    #[getter]
    fn c_puct(&self) -> f64 {
        self.c_puct
    }

    /// Lost visits per descent under way.
    #[getter]
    fn virtual_loss(&self) -> f64 {
        self.virtual_loss
    }

    /// Leaves per evaluator call, per search.
    #[getter]
    fn batch_size(&self) -> usize {
        self.search.batch_size
    }

    /// The concentration of the root's Dirichlet noise (None: no noise).
    #[getter]
    fn dirichlet_alpha(&self) -> Option<f64> {
        self.search.noise.map(|(alpha, _)| alpha)
    }

    /// The share of the noise in the root's priors.
    #[getter]
    fn dirichlet_fraction(&self) -> f64 {
        self.dirichlet_fraction
    }

    /// The temperature of a move chosen from the root's visits.
    #[getter(temperature)]
    fn get_temperature(&self) -> f64 {
        self.temperature
    }

    fn __repr__(&self) -> String {
        let alpha = self
            .dirichlet_alpha()
            .map_or_else(|| "None".to_string(), |a| format!("{a:?}"));
        let mut budget = Vec::new();
        if let Some(n) = self.simulations {
            budget.push(format!("simulations={n}"));
        }
        if let Some(s) = self.seconds {
            budget.push(format!("seconds={s:?}"));
        }
        let budget = budget.join(", ");
        format!(
            "PuctConfig({budget}, c_puct={:?}, virtual_loss={:?}, batch_size={}, \
             dirichlet_alpha={alpha}, dirichlet_fraction={:?}, temperature={:?})",
            self.c_puct,
            self.virtual_loss,
            self.search.batch_size,
            self.dirichlet_fraction,
            self.temperature
        )
    }
}

impl PuctConfig {
    /// The tree's settings for searches of `game`: a search bounded by
    /// seconds alone is also bounded by the most simulations whose tree
    /// fits in [`MAX_TREE_BYTES`].
    pub fn tree(&self, game: &AnyPosition) -> Config {
        let most = MAX_TREE_BYTES / Search::<AnyPosition>::max_bytes(0, game.num_actions()) - 1;
        Config {
            simulations: self
                .simulations
                .unwrap_or_else(|| u32::try_from(most).unwrap_or(u32::MAX)),
            ..self.search
        }
    }

    /// When a search started now must end: `None` without seconds, or
    /// for a time too long for the clock to hold.
    pub fn deadline(&self) -> Option<Instant> {
        self.seconds
            .and_then(|s| Instant::now().checked_add(Duration::from_secs_f64(s)))
    }
}

/// Refuses `trees` searches with `config` whose trees could outgrow
/// [`MAX_TREE_BYTES`] or whose rounds could gather more than
/// [`MAX_LEAVES`] leaves, so memory stays bounded whatever the arguments.
pub fn check_size(config: &Config, trees: usize, game: &AnyPosition) -> PyResult<()> {
    let bytes = Search::<AnyPosition>::max_bytes(config.simulations.into(), game.num_actions())
        .saturating_mul(trees as u64);
    if bytes > MAX_TREE_BYTES {
        return Err(OptionError::new_err(format!(
            "{trees} search trees of {} simulations in a game of {} actions could need {:.1} GB; \
             the limit is {} GB: use fewer simulations or games at once",
            config.simulations,
            game.num_actions(),
            bytes as f64 / 1e9,
            MAX_TREE_BYTES >> 30
        )));
    }
    if trees.saturating_mul(config.batch_size) > MAX_LEAVES {
        return Err(OptionError::new_err(format!(
            "{trees} searches of batch_size {} would gather more than {MAX_LEAVES} leaves a round",
            config.batch_size
        )));
    }
    Ok(())
}

/// Lets a pending Ctrl-C (or any signal handler's exception) through.
pub fn check_signals() -> PyResult<()> {
    Python::attach(|py| py.check_signals())
}

/// Runs `work`, rounds of a search or of self-play with `evaluator`, so that
/// Ctrl-C stops it within a round. With a built-in evaluator the whole run is
/// [`interruptible`], on a thread of its own with the GIL released, as MCTS
/// is: `work` gets the evaluator, the run's [`Stop`] and `false`. A Python evaluator runs
/// on the calling thread instead, whose exceptions and thread-local state
/// (a framework's no-grad mode, say) are the caller's: `work` then runs here
/// with the GIL released, gets a stop that is never requested and `true`,
/// and must let signals through between rounds ([`check_signals`]), while a
/// signal during the evaluator's own call is raised in it, as in any
/// Python code.
pub fn stoppable<T: Send>(
    py: Python<'_>,
    evaluator: &mut AnyEvaluator,
    work: impl FnOnce(&mut AnyEvaluator, &Stop, bool) -> PyResult<T> + Send,
) -> PyResult<T> {
    if evaluator.is_python() {
        py.detach(|| work(evaluator, Stop::never(), true))
    } else {
        interruptible(py, |stop| work(evaluator, stop, false))?
    }
}

/// The threads for `threads` (1: the calling thread), and the pool they
/// come from.
pub fn threads_for(threads: usize) -> PyResult<Option<std::sync::Arc<rayon::ThreadPool>>> {
    if threads == 1 {
        Ok(None)
    } else {
        pool(Some(threads)).map(Some)
    }
}

/// One search of one position, to its end or `until` it is stopped.
struct SearchPosition<'a> {
    config: Config,
    history: &'a [Action],
    seed: u64,
    temperature: f64,
    evaluator: &'a mut AnyEvaluator,
    threads: Threads<'a>,
    until: Until<'a>,
    /// Whether to let signals through between rounds.
    signals: bool,
}

impl PositionVisitor for SearchPosition<'_> {
    type Output = PyResult<(RootStats, Action, u32)>;

    fn visit<P: Position>(self, root: &P) -> Self::Output {
        let mut search = Search::new(root, self.config);
        search.start(root, self.history, self.seed);
        let mut leaves = Leaves::new(root, 1, self.config.batch_size);
        run(
            &mut search,
            &mut leaves,
            self.evaluator,
            self.threads,
            self.until,
            |_| {
                if self.signals {
                    check_signals()
                } else {
                    Ok(())
                }
            },
        )?;
        let choice = search.choose(self.temperature);
        Ok((search.root_stats(), choice, search.simulations()))
    }
}

/// Searches `state` by PUCT with `evaluator` and returns `{"actions",
/// "visits", "values", "priors", "simulations", "choice"}`: the legal
/// actions in increasing order, each one's root visits, mean value for the
/// player to move and prior, and the action chosen at the configuration's
/// temperature. The result depends only on the position, the arguments and
/// the evaluator's answers.
#[pyfunction]
#[pyo3(signature = (state, evaluator, config, *, seed, threads = 1))]
pub fn puct_search<'py>(
    py: Python<'py>,
    state: &Bound<'py, State>,
    evaluator: &Bound<'py, PyAny>,
    config: &PuctConfig,
    seed: u64,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let deadline = config.deadline();
    let root = state.try_borrow()?.current().clone();
    if root.is_terminal() {
        return Err(IllegalMoveError::new_err(format!(
            "the game is over: there is no move to choose (in {})",
            root.name()
        )));
    }
    let (temperature, config) = (config.temperature, config.tree(&root));
    check_size(&config, 1, &root)?;
    let game = state.getattr(intern!(py, "game"))?.cast_into::<Game>()?;
    let mut evaluator = AnyEvaluator::new(evaluator, &game)?;
    let history: Vec<Action> = if evaluator.wants_leaves() {
        state.getattr(intern!(py, "actions"))?.extract()?
    } else {
        Vec::new()
    };
    let pool = threads_for(threads)?;
    let threads = pool.as_deref().map_or(Threads::Caller, Threads::Pool);
    let (stats, choice, done) = stoppable(py, &mut evaluator, |evaluator, stop, signals| {
        root.visit(SearchPosition {
            config,
            history: &history,
            seed,
            temperature,
            evaluator,
            threads,
            until: Until { stop, deadline },
            signals,
        })
    })?;
    let out = PyDict::new(py);
    let actions: Vec<i64> = stats.actions.iter().map(|&a| i64::from(a)).collect();
    out.set_item("actions", PyArray1::from_vec(py, actions))?;
    let visits: Vec<i64> = stats.visits.iter().map(|&v| i64::from(v)).collect();
    out.set_item("visits", PyArray1::from_vec(py, visits))?;
    out.set_item("values", PyArray1::from_vec(py, stats.values))?;
    out.set_item("priors", PyArray1::from_vec(py, stats.priors))?;
    out.set_item("simulations", done)?;
    out.set_item("choice", i64::from(choice))?;
    Ok(out)
}
