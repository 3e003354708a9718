"""An estimate with its 95 % interval: the one shape every design measure
takes, so tables, JSON and the report print them alike."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from stonefield.simulate import wilson_interval

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.96


@dataclass(frozen=True)
class Estimate:
    """A measure over ``n`` games: its value, a 95 % interval and the
    spread of the per-game values it averages.

    Attributes:
        value: the estimate (NaN when no game counts).
        low, high: its 95 % confidence interval.
        spread: the standard deviation of the per-game values (None for a
            share of games, whose spread the interval already says).
        n: how many games it rests on.
    """

    value: float
    low: float
    high: float
    spread: float | None
    n: int

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values, NaN as None."""

        def clean(x: float | None) -> float | None:
            return None if x is None or not math.isfinite(x) else x

        return {
            "value": clean(self.value),
            "low": clean(self.low),
            "high": clean(self.high),
            "spread": clean(self.spread),
            "n": self.n,
        }


def mean_of(values: npt.ArrayLike, bounds: tuple[float, float] = (-math.inf, math.inf)) -> Estimate:
    """The mean of per-game values, with the normal interval
    ``mean ± 1.96 · sd / √n`` (kept within ``bounds``, the values' range)
    and the sample standard deviation ``sd`` as its spread.

    >>> e = mean_of([1.0, 2.0, 3.0, 4.0])
    >>> e.value, round(e.spread, 4), round(e.high - e.value, 4)
    (2.5, 1.291, 1.2652)
    >>> mean_of([0.0, 0.0, 1.0], bounds=(0, 1)).low
    0
    """
    x = np.asarray(values, dtype=np.float64)
    n = len(x)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, None, 0)
    mean = float(x.mean())
    sd = float(x.std(ddof=1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return Estimate(mean, max(bounds[0], mean - half), min(bounds[1], mean + half), sd, n)


def share_of(successes: float, trials: int) -> Estimate:
    """A share of games, ``successes / trials``, with its Wilson interval
    (a draw may count as half a success).

    >>> e = share_of(50, 100)
    >>> e.value, round(e.low, 3), round(e.high, 3)
    (0.5, 0.404, 0.596)
    """
    low, high = wilson_interval(successes, trials)
    value = successes / trials if trials else math.nan
    return Estimate(value, low, high, None, trials)
