"""Elo ratings by maximum likelihood from a crosstable, with intervals.

The model is Elo's (Bradley and Terry's): player ``i`` beats ``j`` with
probability ``1 / (1 + 10^((r_j - r_i) / 400))``. A draw counts as half a
win for each side, and every pair of players is credited ``prior`` virtual
draws, as in BayesElo, so that a player who won or lost every game still
gets a finite rating (``prior=0`` gives the plain maximum-likelihood
estimate). Ratings are centred on the field's mean; each one's interval
comes from the inverse of the Fisher information under that centring.

This is a short Newton's method rather than a library: the libraries for
paired comparisons on PyPI (``choix``, for one) give point estimates
without their covariance and know no draws, and BayesElo is a program, not
a library; the whole estimate here is a dozen lines of numpy and is tested
on cases worked by hand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from stonefield._core import OptionError
from stonefield.metrics.estimate import Z95

#: Elo points per natural-log unit of odds.
ELO = 400 / math.log(10)

#: Virtual draws credited to every pair of players.
DEFAULT_PRIOR = 1.0


@dataclass(frozen=True)
class Rating:
    """One player's rating with its 95 % interval, relative to the field's
    mean rating (0)."""

    player: str
    elo: float
    low: float
    high: float

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return dict(self.__dict__)


def elo_ratings(
    players: Sequence[str], scores: npt.ArrayLike, prior: float = DEFAULT_PRIOR
) -> tuple[Rating, ...]:
    """Maximum-likelihood Elo ratings from ``scores[i][j]``, the points
    player ``i`` took from games against ``j`` (a win 1, a draw 1/2; the
    diagonal is not read).

    Raises:
        OptionError: for a table of the wrong shape, negative scores or a
            negative prior.

    >>> [round(r.elo, 1) for r in elo_ratings(["a", "b"], [[0, 75], [25, 0]], prior=0)]
    [95.4, -95.4]
    """
    points = np.array(scores, dtype=np.float64)
    n = len(players)
    if points.shape != (n, n) or (points < 0).any() or not math.isfinite(prior) or prior < 0:
        raise OptionError(f"ratings need an {n} x {n} table of scores >= 0 and a prior >= 0")
    wins = (points + prior / 2) * (1 - np.eye(n))
    games = wins + wins.T
    theta = np.zeros(n)
    information = np.zeros((n, n))
    for _ in range(100):
        p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
        gradient = (wins - games * p).sum(axis=1)
        weight = games * p * (1 - p)
        information = np.diag(weight.sum(axis=1)) - weight
        # The ratings are fixed only up to a constant: solve on the
        # centred subspace (the pseudo-inverse) and keep the mean at 0.
        step = np.linalg.pinv(information) @ gradient
        theta = theta + step - (theta + step).mean()
        if np.abs(step).max() < 1e-12:
            break
    covariance = np.linalg.pinv(information)
    half = Z95 * np.sqrt(np.clip(np.diag(covariance), 0, None)) * ELO
    elo = theta * ELO
    return tuple(
        Rating(name, float(elo[i]), float(elo[i] - half[i]), float(elo[i] + half[i]))
        for i, name in enumerate(players)
    )
