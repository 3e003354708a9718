"""OpenSpiel as the reference engine, measured in the same run as stonefield.

OpenSpiel's C++ random-game loop is reached from Python through its MCTS bot:
``MCTSBot(game, RandomRolloutEvaluator(n, seed), 2.0, sims, ...).step(state)``
runs ``sims * n`` complete random games in C++ (the tree part is negligible
next to them), so playouts per second come from timing ``step`` and moves per
second from the mean length of random games, measured here too.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

try:
    import pyspiel
except ImportError:  # the benchmark then prints stonefield's figures alone
    pyspiel = None


@dataclass(frozen=True)
class Figure:
    """A measured speed: the median over repeats."""

    moves_per_second: float
    mean_length: float

    @property
    def ns_per_move(self) -> float:
        return 1e9 / self.moves_per_second


def available() -> bool:
    return pyspiel is not None


def _python_random_games(game: Any, games: int, seed: int) -> tuple[float, float]:
    """Mean length and seconds per move of OpenSpiel's own Python loop."""
    rng = random.Random(seed)
    lengths = []
    moves = 0
    started = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        lengths.append(state.move_number())
    return statistics.fmean(lengths), (time.perf_counter() - started) / moves


def playouts(name: str, repeats: int, seconds: float) -> tuple[Figure, float]:
    """C++ random playouts of OpenSpiel game ``name`` (one core), and the
    seconds per move of OpenSpiel's Python loop on the same game."""
    game = pyspiel.load_game(name)
    mean_length, python_loop = _python_random_games(game, 60, seed=1)
    rollouts, sims = 10, 4
    bot = pyspiel.MCTSBot(
        game, pyspiel.RandomRolloutEvaluator(rollouts, 1), 2.0, sims, 1000, False, 1, False
    )
    # Size one timed call to take about `seconds`.
    start = time.perf_counter()
    bot.step(game.new_initial_state())
    per_call = time.perf_counter() - start
    sims = max(4, int(sims * seconds / max(per_call, 1e-6)))
    rates = []
    for repeat in range(repeats):
        bot = pyspiel.MCTSBot(
            game,
            pyspiel.RandomRolloutEvaluator(rollouts, repeat + 2),
            2.0,
            sims,
            1000,
            False,
            repeat + 2,
            False,
        )
        start = time.perf_counter()
        bot.step(game.new_initial_state())
        rates.append(sims * rollouts * mean_length / (time.perf_counter() - start))
    return Figure(statistics.median(rates), mean_length), python_loop
