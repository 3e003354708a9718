//! Players for Python: one MCTS search or one random move on a state, and
//! batches of whole games between two players. They run with the GIL
//! released and stop on Ctrl-C ([`interruptible`]).

use std::time::Duration;

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::args::{self, optional, optional_size, size, whole};
use super::batch::GameBatch;
use super::errors::{IllegalMoveError, OptionError};
use super::game::Game;
use super::interrupt::interruptible;
use super::pools::pool;
use super::state::State;
use crate::batch::{play_games, Detail, Evaluation, Player, Schedule};
use crate::bot::{search, Budget};
use crate::core::Rng;
use crate::games::{AnyPosition, Position};
use crate::playout::default_max_moves;

fn check_not_over(game: &AnyPosition) -> PyResult<()> {
    if game.is_terminal() {
        return Err(IllegalMoveError::new_err(format!(
            "the game is over: there is no move to choose (in {})",
            game.name()
        )));
    }
    Ok(())
}

/// Searches `state` by UCT with random rollouts and returns
/// `{"actions", "visits", "values", "iterations"}`: the legal actions in
/// increasing order, each one's root visits and mean reward in [-1, 1] for
/// the player to move. Without `seconds`, the result depends only on the
/// position, `iterations`, `seed` and `threads`.
#[pyfunction]
#[pyo3(signature = (state, *, iterations = None, seconds = None, seed = None, threads = None, exploration = None, max_moves = None))]
#[allow(clippy::too_many_arguments)]
pub fn mcts_search<'py>(
    py: Python<'py>,
    state: PyRef<'py, State>,
    iterations: Option<&Bound<'py, PyAny>>,
    seconds: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    exploration: Option<&Bound<'py, PyAny>>,
    max_moves: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let root = state.current().clone();
    drop(state);
    let iterations = optional(iterations, "iterations")?;
    let time = seconds
        .filter(|s| !s.is_none())
        .map(|s| args::seconds(s).map(Duration::from_secs_f64))
        .transpose()?;
    let seed = optional(seed, "seed")?.unwrap_or(0);
    let threads = optional_size(threads, "threads")?.unwrap_or(1);
    let exploration = exploration
        .map(args::exploration)
        .transpose()?
        .unwrap_or(1.4);
    let max_moves = optional_size(max_moves, "max_moves")?;
    check_not_over(&root)?;
    if iterations.is_none() && time.is_none() {
        return Err(OptionError::new_err("give iterations, seconds or both"));
    }
    let budget = Budget {
        iterations,
        time,
        exploration,
        max_moves: max_moves.unwrap_or_else(|| default_max_moves(&root)),
    };
    let pool = if threads > 1 {
        Some(pool(Some(threads))?)
    } else {
        None
    };
    let result = interruptible(py, |stop| match &pool {
        Some(pool) => pool.install(|| search(&root, &budget, seed, threads, stop)),
        None => search(&root, &budget, seed, 1, stop),
    })?;
    let out = PyDict::new(py);
    let actions: Vec<i64> = result.actions.iter().map(|&a| a as i64).collect();
    out.set_item("actions", PyArray1::from_vec(py, actions))?;
    out.set_item("visits", PyArray1::from_vec(py, result.visits.clone()))?;
    out.set_item("values", PyArray1::from_vec(py, result.values()))?;
    out.set_item("iterations", result.iterations)?;
    Ok(out)
}

/// A move of the playout policy of RULES.md §8 (uniform over the legal
/// moves, `pass` only when it is the only one, `swap` never), drawn from the
/// generator of game `index` of a batch seeded `seed`.
#[pyfunction]
#[pyo3(signature = (state, *, seed, index))]
pub fn random_action(
    state: PyRef<'_, State>,
    seed: &Bound<'_, PyAny>,
    index: &Bound<'_, PyAny>,
) -> PyResult<i64> {
    let (seed, index) = (whole(seed, "seed")?, whole(index, "index")?);
    let mut game = state.current().clone();
    check_not_over(&game)?;
    let mut buf = Vec::new();
    let action = game
        .random_action(&mut Rng::for_game(seed, index), &mut buf)
        .expect("a game that is not over has a move");
    Ok(action as i64)
}

/// A seat's player: MCTS with `iterations` per move, or random for None.
fn player(
    iterations: Option<&Bound<'_, PyAny>>,
    exploration: &Bound<'_, PyAny>,
) -> PyResult<Player> {
    let exploration = args::exploration(exploration)?;
    Ok(match optional(iterations, "iterations")? {
        None => Player::Random,
        Some(iterations) => Player::Mcts {
            iterations,
            exploration,
        },
    })
}

/// Plays games `first .. first + count` of the batch seeded `seed`, seat `s`
/// played by MCTS with `iterations[s]` iterations per move and exploration
/// constant `exploration[s]`, or at random when `iterations[s]` is None.
/// Returns their results; with `branching`, they also count legal actions
/// per ply (`branching`, `reached`) and per game (`legal_total`,
/// `legal_max`, `legal_first`, `legal_last`, `decisions`, `covered`); with
/// `evaluation = (games, every, iterations, exploration)`, the games with a
/// batch index below `games` have every `every`-th position valued by an
/// MCTS search (`evaluated_game`, `evaluated_ply`, `evaluation`: Black's
/// value).
#[pyfunction]
#[pyo3(signature = (game, *, seed, first, count, iterations, exploration, threads = None, max_moves = None, branching = false, evaluation = None))]
#[allow(clippy::too_many_arguments)]
pub fn games<'py>(
    py: Python<'py>,
    game: PyRef<'py, Game>,
    seed: &Bound<'py, PyAny>,
    first: &Bound<'py, PyAny>,
    count: &Bound<'py, PyAny>,
    iterations: (Option<Bound<'py, PyAny>>, Option<Bound<'py, PyAny>>),
    exploration: (Bound<'py, PyAny>, Bound<'py, PyAny>),
    threads: Option<&Bound<'py, PyAny>>,
    max_moves: Option<&Bound<'py, PyAny>>,
    branching: bool,
    evaluation: Option<(u64, usize, u64, f64)>,
) -> PyResult<GameBatch> {
    let start = game.start().clone();
    drop(game);
    let (seed, first) = (whole(seed, "seed")?, whole(first, "first")?);
    let count = size(count, "count")?;
    let players = [
        player(iterations.0.as_ref(), &exploration.0)?,
        player(iterations.1.as_ref(), &exploration.1)?,
    ];
    let threads = optional_size(threads, "threads")?;
    let max_moves =
        optional_size(max_moves, "max_moves")?.unwrap_or_else(|| default_max_moves(&start));
    let evaluation = match evaluation {
        None => None,
        Some((_, 0, _, _)) => return Err(OptionError::new_err("evaluate every ply or more")),
        Some((_, _, 0, _)) => {
            return Err(OptionError::new_err(
                "evaluation iterations must be at least 1",
            ))
        }
        Some((games, every, iterations, exploration)) => {
            if !(exploration.is_finite() && exploration >= 0.0) {
                return Err(OptionError::new_err(format!(
                    "evaluation exploration must be a number >= 0, got {exploration}"
                )));
            }
            Some(Evaluation {
                games,
                every,
                iterations,
                exploration,
            })
        }
    };
    let schedule = Schedule {
        players,
        seed,
        first,
        count,
        max_moves,
        detail: Detail {
            branching,
            evaluation,
        },
    };
    let pool = pool(threads)?;
    let games = interruptible(py, |stop| {
        pool.install(|| play_games(&start, schedule, stop))
    })?;
    GameBatch::of(py, games, count, max_moves)
}
