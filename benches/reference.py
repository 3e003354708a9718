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


def python_random_games(game: Any, games: int, seed: int) -> tuple[float, float]:
    """Mean length and seconds per move of OpenSpiel's own Python loop:
    ``legal_actions()`` then ``apply_action``."""
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


class Playouts:
    """C++ random playouts of OpenSpiel game ``name`` on one core, sized so
    that one timed call takes about ``seconds``; and the seconds per move of
    OpenSpiel's Python loop on the same game."""

    def __init__(self, name: str, seconds: float) -> None:
        self.game = pyspiel.load_game(name)
        self.mean_length, self.python_loop = python_random_games(self.game, 60, seed=1)
        self.rollouts, self.sims = 10, 4
        start = time.perf_counter()
        self._bot(seed=1).step(self.game.new_initial_state())
        per_call = time.perf_counter() - start
        self.sims = max(4, int(self.sims * seconds / max(per_call, 1e-6)))
        self.rates: list[float] = []

    def _bot(self, seed: int) -> Any:
        evaluator = pyspiel.RandomRolloutEvaluator(self.rollouts, seed)
        return pyspiel.MCTSBot(self.game, evaluator, 2.0, self.sims, 1000, False, seed, False)

    def rate(self, seed: int) -> float:
        """Moves per second of one timed call, also kept in ``rates``."""
        bot = self._bot(seed)
        start = time.perf_counter()
        bot.step(self.game.new_initial_state())
        rate = self.sims * self.rollouts * self.mean_length / (time.perf_counter() - start)
        self.rates.append(rate)
        return rate

    def figure(self) -> Figure:
        """The median of every call timed so far."""
        return Figure(statistics.median(self.rates), self.mean_length)
