//! Players for Python: one MCTS search or one random move on a state, and
//! batches of whole games between two players. The GIL is released while
//! they run.

use std::time::Duration;

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::batch::GameBatch;
use super::errors::{IllegalMoveError, OptionError};
use super::game::Game;
use super::pools::pool;
use super::state::State;
use crate::batch::{play_games, Detail, Evaluation, Player};
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

fn check_exploration(exploration: f64) -> PyResult<()> {
    if !(exploration.is_finite() && exploration >= 0.0) {
        return Err(OptionError::new_err(format!(
            "exploration must be a number >= 0, got {exploration}"
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
#[pyo3(signature = (state, *, iterations = None, seconds = None, seed = 0, threads = 1, exploration = 1.4, max_moves = None))]
#[allow(clippy::too_many_arguments)]
pub fn mcts_search<'py>(
    py: Python<'py>,
    state: PyRef<'py, State>,
    iterations: Option<u64>,
    seconds: Option<f64>,
    seed: u64,
    threads: usize,
    exploration: f64,
    max_moves: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let root = state.current().clone();
    drop(state);
    check_not_over(&root)?;
    check_exploration(exploration)?;
    let time = match seconds {
        None => None,
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => {
            return Err(OptionError::new_err(format!(
                "seconds must be a number > 0, got {s}"
            )))
        }
    };
    if iterations == Some(0) {
        return Err(OptionError::new_err("iterations must be at least 1"));
    }
    if iterations.is_none() && time.is_none() {
        return Err(OptionError::new_err("give iterations, seconds or both"));
    }
    let budget = Budget {
        iterations,
        time,
        exploration,
        max_moves: max_moves.unwrap_or_else(|| default_max_moves(&root)),
    };
    let result = if threads == 1 {
        py.detach(|| search(&root, &budget, seed, 1))
    } else {
        let pool = pool(Some(threads))?;
        py.detach(|| pool.install(|| search(&root, &budget, seed, threads)))
    };
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
pub fn random_action(state: PyRef<'_, State>, seed: u64, index: u64) -> PyResult<i64> {
    let mut game = state.current().clone();
    check_not_over(&game)?;
    let mut buf = Vec::new();
    let action = game
        .random_action(&mut Rng::for_game(seed, index), &mut buf)
        .expect("a game that is not over has a move");
    Ok(action as i64)
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
    seed: u64,
    first: u64,
    count: usize,
    iterations: (Option<u64>, Option<u64>),
    exploration: (f64, f64),
    threads: Option<usize>,
    max_moves: Option<usize>,
    branching: bool,
    evaluation: Option<(u64, usize, u64, f64)>,
) -> PyResult<GameBatch> {
    let start = game.start().clone();
    drop(game);
    check_exploration(exploration.0)?;
    check_exploration(exploration.1)?;
    let max_moves = max_moves.unwrap_or_else(|| default_max_moves(&start));
    let player = |n: Option<u64>, exploration: f64| match n {
        None => Ok(Player::Random),
        Some(0) => Err(OptionError::new_err("iterations must be at least 1")),
        Some(iterations) => Ok(Player::Mcts {
            iterations,
            exploration,
        }),
    };
    let players = [
        player(iterations.0, exploration.0)?,
        player(iterations.1, exploration.1)?,
    ];
    let evaluation = match evaluation {
        None => None,
        Some((_, 0, _, _)) => return Err(OptionError::new_err("evaluate every ply or more")),
        Some((_, _, 0, _)) => {
            return Err(OptionError::new_err(
                "evaluation iterations must be at least 1",
            ))
        }
        Some((games, every, iterations, exploration)) => {
            check_exploration(exploration)?;
            Some(Evaluation {
                games,
                every,
                iterations,
                exploration,
            })
        }
    };
    let detail = Detail {
        branching,
        evaluation,
    };
    let pool = pool(threads)?;
    let games = py.detach(|| {
        pool.install(|| play_games(&start, players, seed, first, count, max_moves, detail))
    });
    GameBatch::of(py, games, count, max_moves)
}
