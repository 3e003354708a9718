"""What an evaluator sees over a game: lead changes, drama, stability and
decisiveness (Ludii's ``LeadChange``, ``Drama``, ``Stability`` and
``DecisivenessMoves``), from MCTS values of positions at sampled plies.

A game's trajectory is Black's value ``v`` in ``[-1, 1]`` at each sampled
ply (the mean reward of an MCTS search of the position: +1 a sure win for
Black, -1 for White). With ``w = +1`` when Black won and ``-1`` when White
did, the eventual winner's value is ``w · v``. Each measure is a per-game
value averaged over the games it applies to, with the interval of that mean.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from stonefield.metrics.estimate import Estimate, mean_of
from stonefield.simulate import BLACK, WHITE

#: The winner's value above which a game counts as decided (a 75 % chance
#: of winning, on the search's reward scale).
DECISIVE = 0.5


@dataclass(frozen=True, eq=False)
class Trajectory:
    """One evaluated game: the sampled plies, Black's value at each, the
    winner code and the game's length. Two are equal when all of these are,
    so reports holding them compare by value."""

    plies: npt.NDArray[np.uint32]
    values: npt.NDArray[np.float64]
    winner: int
    length: int

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trajectory):
            return NotImplemented
        return (
            (self.winner, self.length) == (other.winner, other.length)
            and np.array_equal(self.plies, other.plies)
            and np.array_equal(self.values, other.values)
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def winner_sign(self) -> int:
        """+1 when Black won, -1 when White did, 0 with no winner."""
        return {BLACK: 1, WHITE: -1}.get(self.winner, 0)


def trajectories(
    evaluated_game: npt.NDArray[np.uint64],
    evaluated_ply: npt.NDArray[np.uint32],
    evaluation: npt.NDArray[np.float64],
    winners: npt.NDArray[np.int8],
    lengths: npt.NDArray[np.uint32],
    first: int = 0,
) -> list[Trajectory]:
    """The evaluations of a batch split by game (``first`` is the batch
    index of ``winners[0]``), in game order."""
    out = []
    for game in np.unique(evaluated_game):
        mine = evaluated_game == game
        i = int(game) - first
        out.append(
            Trajectory(evaluated_ply[mine], evaluation[mine], int(winners[i]), int(lengths[i]))
        )
    return out


def _decided(games: Sequence[Trajectory]) -> list[Trajectory]:
    return [g for g in games if g.winner_sign != 0 and len(g.values)]


def lead_changes(games: Sequence[Trajectory]) -> Estimate:
    """How often the expected winner changes: per game, the number of
    sampled plies where the sign of ``v`` differs from the last nonzero sign
    before it, averaged over games.

    >>> import numpy as np
    >>> g = Trajectory(np.arange(5), np.array([0.2, -0.1, 0.0, -0.3, 0.4]), 0, 5)
    >>> lead_changes([g]).value
    2.0
    """

    def changes(values: npt.NDArray[np.float64]) -> int:
        signs = np.sign(values)
        signs = signs[signs != 0]
        return int(np.count_nonzero(signs[1:] != signs[:-1]))

    return mean_of([changes(g.values) for g in games if len(g.values)], (0, math.inf))


def drama(games: Sequence[Trajectory]) -> Estimate:
    """How far behind the eventual winner was: per decided game, the mean
    over sampled plies of the winner's deficit ``max(0, -w · v)`` (0 when
    the winner always led), averaged over decided games. It is Ludii's
    drama (the gap between the leader's and the winner's evaluation) for
    two players.

    >>> import numpy as np
    >>> g = Trajectory(np.arange(4), np.array([0.2, -0.4, -0.2, 0.6]), 0, 4)
    >>> round(drama([g]).value, 6)
    0.15
    """
    return mean_of(
        [float(np.maximum(0.0, -g.winner_sign * g.values).mean()) for g in _decided(games)],
        (0, 1),
    )


def stability(games: Sequence[Trajectory]) -> Estimate:
    """How much the evaluation moves over a game: per game the variance of
    ``v`` over its sampled plies, ``mean((v - mean(v))²)``, averaged over
    games; 0 is perfectly stable (Ludii sums this over both players, which
    doubles it for two).

    >>> import numpy as np
    >>> g = Trajectory(np.arange(4), np.array([1.0, -1.0, 1.0, -1.0]), 0, 4)
    >>> stability([g]).value
    1.0
    """
    return mean_of([float(g.values.var()) for g in games if len(g.values)], (0, 1))


def decisiveness(games: Sequence[Trajectory], threshold: float = DECISIVE) -> Estimate:
    """How early a game is decided: per decided game, the ply after which
    the winner's value ``w · v`` stays above ``threshold`` at every later
    sample, as a share of the game's length (1 when it never does before
    the end), averaged over decided games. Low values mean games are decided
    early and then played out.

    >>> import numpy as np
    >>> g = Trajectory(np.array([0, 2, 4, 6]), np.array([0.6, -0.1, 0.7, 0.9]), 0, 8)
    >>> decisiveness([g]).value
    0.5
    """

    def decided_at(g: Trajectory) -> float:
        above = g.winner_sign * g.values > threshold
        if not above[-1]:
            return 1.0
        # The first sample of the final run of samples above the threshold.
        below = np.flatnonzero(~above)
        start = 0 if len(below) == 0 else int(below[-1]) + 1
        return float(g.plies[start]) / g.length if g.length else 1.0

    return mean_of([decided_at(g) for g in _decided(games)], (0, 1))
