"""How much of the board a game uses (Ludii's ``BoardCoverageDefault``)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from stonefield.metrics.estimate import Estimate, mean_of


def board_coverage(covered: npt.NDArray[np.integer[Any]], points: int) -> Estimate:
    """The share of the board's points ever occupied in a game: per game the
    points placed on at least once over the board's ``N`` points, averaged
    over games (a stone captured or removed still counts where it stood).

    >>> import numpy as np
    >>> board_coverage(np.array([7, 4]), 7).value
    0.7857142857142857
    """
    return mean_of(np.asarray(covered, dtype=np.float64) / points, (0, 1))
