//! Self-play for Python: many games at once in Rust without the GIL, every
//! round's leaves of all the games answered by one evaluator call, and the
//! games' rows handed back as numpy arrays. Ctrl-C stops a run within a
//! round ([`stoppable`]).

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::args;
use super::errors::OptionError;
use super::evaluators::AnyEvaluator;
use super::game::Game;
use super::pools::pool;
use super::puct::{check_signals, check_size, stoppable, PuctConfig};
use crate::bot::selfplay::Options;
use crate::bot::{run, PlayedGame, SelfPlay, Threads, Until};
use crate::core::Stop;
use crate::games::{Position, PositionVisitor};
use crate::observation::observation_shape;
use crate::playout::NO_WINNER;
use crate::record;

/// A self-play run to its end, or until it is stopped.
struct Play<'a> {
    options: Options,
    evaluator: &'a mut AnyEvaluator,
    threads: Threads<'a>,
    progress: Option<&'a Py<PyAny>>,
    stop: &'a Stop,
    /// Whether to let signals through between rounds.
    signals: bool,
}

impl PositionVisitor for Play<'_> {
    type Output = PyResult<(Vec<PlayedGame>, Vec<String>)>;

    fn visit<P: Position>(self, start: &P) -> Self::Output {
        let mut selfplay = SelfPlay::new(start, self.options);
        let mut leaves = selfplay.leaves();
        let total = self.options.games;
        let mut reported = usize::MAX;
        run(
            &mut selfplay,
            &mut leaves,
            self.evaluator,
            self.threads,
            Until {
                stop: self.stop,
                deadline: None,
            },
            |run| {
                if self.signals {
                    check_signals()?;
                }
                match self.progress {
                    Some(progress) if run.finished() != reported => {
                        reported = run.finished();
                        Python::attach(|py| progress.call1(py, (reported, total)).map(drop))
                    }
                    _ => Ok(()),
                }
            },
        )?;
        if self.stop.requested() {
            // The run was interrupted: its caller raises, and nothing is kept.
            return Ok((Vec::new(), Vec::new()));
        }
        let games = selfplay.into_games();
        let records = games
            .iter()
            .map(|g| record::write(start, &g.actions))
            .collect();
        Ok((games, records))
    }
}

/// Plays `games` games of `game` by PUCT self-play with the searches of
/// `config`, `concurrent` at a time (the first `temperature_moves` plies of
/// each drawn at the configuration's temperature), and returns their rows
/// (`"observations"`, `"masks"`, `"policies"`, `"to_move"`, `"game_index"`,
/// `"ply"`, `"outcomes"`, one per ply in game order) and their games (`"records"`, `"winners"`,
/// `"finished"`, `"lengths"`). Game `i` depends only on `(seed, i)`, the
/// options and the evaluator's answers. `progress(done, total)` is called
/// as games finish.
#[pyfunction]
#[pyo3(signature = (game, evaluator, config, *, games, concurrent, temperature_moves, max_moves, seed, threads = None, progress = None))]
#[allow(clippy::too_many_arguments)]
pub fn selfplay<'py>(
    py: Python<'py>,
    game: &Bound<'py, Game>,
    evaluator: &Bound<'py, PyAny>,
    config: &PuctConfig,
    games: &Bound<'py, PyAny>,
    concurrent: &Bound<'py, PyAny>,
    temperature_moves: &Bound<'py, PyAny>,
    max_moves: Option<&Bound<'py, PyAny>>,
    seed: u64,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let games = args::size(games, "games")?;
    let concurrent = args::size(concurrent, "concurrent")?;
    // The range of "temperature_moves" is that of u32.
    let temperature_moves = args::whole(temperature_moves, "temperature_moves")? as u32;
    let max_moves = args::optional_size(max_moves, "max_moves")?;
    let threads = args::optional_size(threads, "threads")?;
    if config.seconds.is_some() {
        return Err(OptionError::new_err(
            "self-play searches spend simulations, not seconds: give simulations only",
        ));
    }
    let search = config.search;
    let start = game.get().start().clone();
    check_size(&search, concurrent.min(games), &start)?;
    let max_moves = match max_moves {
        None => 10 * start.board().points(),
        Some(0) => return Err(OptionError::new_err("max_moves must be at least 1")),
        Some(m) => m,
    };
    let mut evaluator = AnyEvaluator::new(evaluator, game)?;
    let pool = match threads {
        Some(1) => None,
        other => Some(pool(other)?),
    };
    let options = Options {
        search,
        games,
        concurrent,
        temperature_moves,
        temperature: config.temperature,
        max_moves,
        seed,
    };
    let threads = pool.as_deref().map_or(Threads::Caller, Threads::Pool);
    let progress = progress.as_ref();
    let (played, records) = stoppable(py, &mut evaluator, |evaluator, stop, signals| {
        start.visit(Play {
            options,
            evaluator,
            threads,
            progress,
            stop,
            signals,
        })
    })?;
    rows(py, &start, &played, records)
}

/// The rows and games of a run as numpy arrays.
fn rows<'py, P: Position>(
    py: Python<'py>,
    start: &P,
    played: &[PlayedGame],
    records: Vec<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let [planes, height, width] = observation_shape(start);
    let actions = start.num_actions();
    let total: usize = played.iter().map(|g| g.to_move.len()).sum();
    let gather = |f: &dyn Fn(&PlayedGame) -> &[f32]| -> Vec<f32> {
        let mut all = Vec::with_capacity(played.iter().map(|g| f(g).len()).sum());
        for g in played {
            all.extend_from_slice(f(g));
        }
        all
    };
    let out = PyDict::new(py);
    let observations = gather(&|g| &g.observations);
    out.set_item(
        "observations",
        PyArray1::from_vec(py, observations).reshape([total, planes, height, width])?,
    )?;
    let masks: Vec<bool> = played
        .iter()
        .flat_map(|g| g.masks.iter().copied())
        .collect();
    out.set_item(
        "masks",
        PyArray1::from_vec(py, masks).reshape([total, actions])?,
    )?;
    let policies = gather(&|g| &g.policies);
    out.set_item(
        "policies",
        PyArray1::from_vec(py, policies).reshape([total, actions])?,
    )?;
    let to_move: Vec<i8> = played
        .iter()
        .flat_map(|g| g.to_move.iter().map(|&c| c as i8))
        .collect();
    out.set_item("to_move", PyArray1::from_vec(py, to_move))?;
    let game_index: Vec<i64> = played
        .iter()
        .enumerate()
        .flat_map(|(i, g)| std::iter::repeat_n(i as i64, g.to_move.len()))
        .collect();
    out.set_item("game_index", PyArray1::from_vec(py, game_index))?;
    let ply: Vec<i32> = played
        .iter()
        .flat_map(|g| 0..g.to_move.len() as i32)
        .collect();
    out.set_item("ply", PyArray1::from_vec(py, ply))?;
    out.set_item("outcomes", PyArray1::from_vec(py, gather(&|g| &g.outcomes)))?;
    out.set_item("records", records)?;
    let winners: Vec<i8> = played
        .iter()
        .map(|g| g.winner.map_or(NO_WINNER, |c| c as i8))
        .collect();
    out.set_item("winners", PyArray1::from_vec(py, winners))?;
    let finished: Vec<bool> = played.iter().map(|g| g.finished).collect();
    out.set_item("finished", PyArray1::from_vec(py, finished))?;
    let lengths: Vec<i64> = played.iter().map(|g| g.actions.len() as i64).collect();
    out.set_item("lengths", PyArray1::from_vec(py, lengths))?;
    Ok(out)
}
