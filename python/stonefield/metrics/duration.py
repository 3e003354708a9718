"""How long games last (Ludii's ``DurationMoves``)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from stonefield.metrics.estimate import Estimate, mean_of


def duration(lengths: npt.NDArray[np.integer[Any]]) -> Estimate:
    """The mean number of actions a game lasts, ``Σ lengths / games`` (a
    two-stone turn counts 2), with the spread of lengths and the interval
    of the mean.

    >>> import numpy as np
    >>> e = duration(np.array([10, 20, 30]))
    >>> e.value, e.spread
    (20.0, 10.0)
    """
    return mean_of(np.asarray(lengths, dtype=np.float64))
