"""examples/alphazero.py: its network learns, and one short iteration of the
whole loop runs from the command line."""

from __future__ import annotations

import doctest
import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import stonefield

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "alphazero.py"


def load():
    spec = importlib.util.spec_from_file_location("alphazero", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["alphazero"] = module
    spec.loader.exec_module(module)
    return module


def test_the_network_answers_as_an_evaluator_and_its_docstring_runs():
    alphazero = load()
    assert doctest.testmod(alphazero).failed == 0
    game = stonefield.Sunder(size=4)
    net = alphazero.Network(int(np.prod(game.observation_shape)), game.num_actions, hidden=16)
    state = game.start()
    priors, values = net(state.observation()[None], state.legal_action_mask()[None])
    assert np.isclose(priors.sum(), 1) and not priors[~state.legal_action_mask()[None]].any()
    assert values.dtype == np.float32 and -1 <= values[0] <= 1


def test_training_fits_the_rows_of_self_play():
    alphazero = load()
    game = stonefield.Sunder(size=3)
    data = stonefield.selfplay(game, stonefield.evaluators.Rollouts(4), games=16, simulations=32)
    x = data.observations.reshape(len(data.observations), -1)
    net = alphazero.Network(x.shape[1], game.num_actions, hidden=32)
    batch = (x, data.masks, data.policies, data.outcomes)
    first = net.train_step(*batch, lr=3e-3)
    for _ in range(200):
        last = net.train_step(*batch, lr=3e-3)
    # The cross-entropy falls towards its floor, the targets' own entropy.
    floor = -np.sum(data.policies * np.log(np.maximum(data.policies, 1e-12))) / len(x)
    assert last[0] - floor < 0.5 * (first[0] - floor), (floor, first, last)
    assert last[1] < 0.5 * first[1], (first, last)


def test_one_short_iteration_runs_from_the_command_line():
    tiny = ["--size", "3", "--iterations", "1", "--games", "8", "--simulations", "8"]
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), *tiny, "--eval-games", "2", "--hidden", "16"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "iteration 1: 8 games" in done.stdout
    assert "against random play" in done.stdout and "wall time" in done.stdout
