"""The 95 % intervals are honest: over many independent batches with a
known answer, about 95 % of them hold it.

The known answers are exact: random play on Sunder side 2 without swap has
a few thousand games, enumerated here with their probabilities, and
ratings are drawn from a Bradley-Terry model whose ratings are set. An
interval too narrow (or too wide) by a third would fall outside the bounds
asserted, which allow for the batches' own sampling noise (the coverage of
400 batches has a standard deviation near 1.1 %).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest
import stonefield
from stonefield.metrics import (
    Estimate,
    board_coverage,
    branching_factor,
    decision_moves,
    duration,
    elo_ratings,
    first_player_advantage,
    game_tree_complexity,
)
from stonefield.metrics.batches import join, play_parts

BATCHES = 400
GAMES_PER_BATCH = 100
POINTS = 7


def exact_expectations() -> dict[str, float]:
    """Each per-game measure's expectation under uniformly random play,
    summed over every game of Sunder side 2 with its probability."""
    sums = dict.fromkeys(
        ("black", "length", "branching", "decisions", "coverage", "complexity"), 0.0
    )

    def walk(state: stonefield.State, probability: float, legal: list[int]) -> None:
        if state.is_over:
            length = len(legal)
            mean = sum(legal) / length
            sums["black"] += probability * (state.winner == stonefield.Colour.BLACK)
            sums["length"] += probability * length
            sums["branching"] += probability * mean
            sums["decisions"] += probability * sum(n > 1 for n in legal) / length
            sums["coverage"] += probability * length / POINTS
            sums["complexity"] += probability * length * math.log10(mean)
            return
        moves = state.legal_moves()
        for move in moves:
            after = state.copy()
            after.play(move)
            walk(after, probability / len(moves), [*legal, len(moves)])

    walk(stonefield.game("sunder", size=2, pie=False).start(), 1.0, [])
    return sums


@pytest.fixture(scope="module")
def batches():
    game = stonefield.game("sunder", size=2, pie=False)
    seats = ((None, 1.0), (None, 1.0))
    played = join(
        play_parts(game, 9, seats, BATCHES * GAMES_PER_BATCH, branching=True), POINTS * 10
    )
    assert not np.any(played.winners < 0), "every game of side 2 has a winner"
    return played, exact_expectations()


MEASURES: dict[str, Callable[..., Estimate]] = {
    "black": lambda p, s: first_player_advantage(p.winners[s]),
    "length": lambda p, s: duration(p.lengths[s]),
    "branching": lambda p, s: branching_factor(p.legal_total[s], p.lengths[s]),
    "decisions": lambda p, s: decision_moves(p.decisions[s], p.lengths[s]),
    "coverage": lambda p, s: board_coverage(p.covered[s], POINTS),
    "complexity": lambda p, s: game_tree_complexity(p.legal_total[s], p.lengths[s]),
}


@pytest.mark.parametrize("measure", MEASURES)
def test_the_interval_of_each_measure_covers_the_exact_value_95_times_in_100(batches, measure):
    played, exact = batches
    truth = exact[measure]
    held = 0
    values = []
    for b in range(BATCHES):
        games = slice(b * GAMES_PER_BATCH, (b + 1) * GAMES_PER_BATCH)
        e = MEASURES[measure](played, games)
        held += e.low <= truth <= e.high
        values.append(e.value)
    assert np.mean(values) == pytest.approx(truth, rel=0.01), "the estimate is unbiased"
    assert 0.92 <= held / BATCHES <= 0.98, f"{measure}: {held} of {BATCHES} hold {truth:.4f}"


def test_elo_intervals_cover_the_true_ratings_95_times_in_100():
    rng = np.random.default_rng(5)
    truth = np.array([-150.0, -30.0, 40.0, 140.0])
    truth -= truth.mean()
    names = ["a", "b", "c", "d"]
    games = 60
    held, trials = 0, 0
    for _ in range(150):
        scores = np.zeros((4, 4))
        for i in range(4):
            for j in range(i + 1, 4):
                p = 1 / (1 + 10 ** ((truth[j] - truth[i]) / 400))
                wins = rng.binomial(games, p)
                scores[i, j], scores[j, i] = wins, games - wins
        for rating, true in zip(elo_ratings(names, scores), truth, strict=True):
            held += rating.low <= true <= rating.high
            trials += 1
    assert 0.92 <= held / trials <= 0.98, f"{held} of {trials}"
