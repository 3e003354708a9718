//! PUCT search of one position for Python: the tree lives in Rust and the
//! search runs without the GIL, taking it back only to call a Python
//! evaluator and, between rounds, to let Ctrl-C through.

use numpy::PyArray1;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::errors::{IllegalMoveError, OptionError};
use super::evaluators::AnyEvaluator;
use super::game::Game;
use super::pools::pool;
use super::state::State;
use crate::bot::puct::{Config, MAX_BATCH};
use crate::bot::{run, Leaves, RootStats, Search, Threads};
use crate::games::{Action, AnyPosition, Position, PositionVisitor};

/// The most bytes the search trees of one call may need at worst (one node
/// per legal action of every evaluated leaf).
const MAX_TREE_BYTES: u64 = 4 << 30;

/// The most leaves gathered in one round, over all searches.
pub const MAX_LEAVES: usize = 1 << 16;

/// The settings of a PUCT search, read from Python's arguments and checked
/// once, when a bot or a self-play run is made; searches take them as they
/// are.
///
/// >>> from stonefield.bots import PuctConfig
/// >>> config = PuctConfig(simulations=100, dirichlet_alpha=0.3)
/// >>> config.simulations, config.batch_size, config.dirichlet_fraction
/// (100, 8, 0.25)
#[pyclass(module = "stonefield.bots", name = "PuctConfig", frozen, eq)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuctConfig {
    /// The tree's settings.
    pub search: Config,
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
    #[pyo3(signature = (*, simulations = 800, c_puct = 1.25, virtual_loss = 1.0, batch_size = 8, dirichlet_alpha = None, dirichlet_fraction = 0.25, temperature = 0.0))]
    fn new(
        simulations: i64,
        c_puct: f64,
        virtual_loss: f64,
        batch_size: i64,
        dirichlet_alpha: Option<f64>,
        dirichlet_fraction: f64,
        temperature: f64,
    ) -> PyResult<Self> {
        let simulations = u32::try_from(simulations)
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| {
                OptionError::new_err(format!(
                    "simulations must be from 1 to {}, got {simulations}",
                    u32::MAX
                ))
            })?;
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
                simulations,
                c_puct: c_puct as f32,
                virtual_loss: virtual_loss as f32,
                batch_size,
                noise,
            },
            temperature,
            c_puct,
            virtual_loss,
            dirichlet_fraction,
        })
    }

    /// Descents from the root per search.
    #[getter]
    fn simulations(&self) -> u32 {
        self.search.simulations
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
        format!(
            "PuctConfig(simulations={}, c_puct={:?}, virtual_loss={:?}, batch_size={}, \
             dirichlet_alpha={alpha}, dirichlet_fraction={:?}, temperature={:?})",
            self.search.simulations,
            self.c_puct,
            self.virtual_loss,
            self.search.batch_size,
            self.dirichlet_fraction,
            self.temperature
        )
    }
}

/// Refuses `trees` searches with `config` whose trees could outgrow
/// [`MAX_TREE_BYTES`] or whose rounds could gather more than
/// [`MAX_LEAVES`] leaves, so memory stays bounded whatever the arguments.
pub fn check_size(config: &Config, trees: usize, game: &AnyPosition) -> PyResult<()> {
    let nodes = Search::<AnyPosition>::max_nodes(config, game.num_actions());
    let bytes = nodes
        .saturating_mul(trees as u64)
        .saturating_mul(Search::<AnyPosition>::NODE_BYTES as u64);
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

/// The threads for `threads` (1: the calling thread), and the pool they
/// come from.
pub fn threads_for(threads: usize) -> PyResult<Option<std::sync::Arc<rayon::ThreadPool>>> {
    if threads == 1 {
        Ok(None)
    } else {
        pool(Some(threads)).map(Some)
    }
}

/// One search of one position, to its end.
struct SearchPosition<'a> {
    config: Config,
    history: &'a [Action],
    seed: u64,
    temperature: f64,
    evaluator: &'a mut AnyEvaluator,
    threads: Threads<'a>,
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
            |_| check_signals(),
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
    let PuctConfig {
        search: config,
        temperature,
        ..
    } = *config;
    let root = state.try_borrow()?.current().clone();
    if root.is_terminal() {
        return Err(IllegalMoveError::new_err(format!(
            "the game is over: there is no move to choose (in {})",
            root.name()
        )));
    }
    check_size(&config, 1, &root)?;
    let game = state.getattr(intern!(py, "game"))?.cast_into::<Game>()?;
    let mut evaluator = AnyEvaluator::new(evaluator, &game)?;
    let history: Vec<Action> = if evaluator.wants_leaves() {
        state.getattr(intern!(py, "actions"))?.extract()?
    } else {
        Vec::new()
    };
    let pool = threads_for(threads)?;
    let (stats, choice, done) = py.detach(|| {
        root.visit(SearchPosition {
            config,
            history: &history,
            seed,
            temperature,
            evaluator: &mut evaluator,
            threads: pool.as_deref().map_or(Threads::Caller, Threads::Pool),
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
