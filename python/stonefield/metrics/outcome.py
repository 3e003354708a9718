"""Who wins and whether games end: first-player advantage and completion
(Ludii's ``AdvantageP1`` and ``Completion``)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from stonefield.metrics.estimate import Estimate, share_of
from stonefield.simulate import WinRates


def first_player_advantage(winners: npt.NDArray[np.int8]) -> Estimate:
    """Black's share of the decided games, ``black wins / (black wins +
    white wins)``, with its Wilson interval: 0.5 is fair, above it the
    first player is favoured.

    >>> import numpy as np
    >>> e = first_player_advantage(np.array([0, 0, 0, 1, -1], dtype=np.int8))
    >>> e.value, e.n
    (0.75, 4)
    """
    rates = WinRates.of(winners)
    return share_of(rates.black, rates.decided)


def completion(finished: npt.NDArray[np.bool_]) -> Estimate:
    """The share of games that reach their end within the move cap,
    ``finished / games``, with its Wilson interval; the unfinished share is
    one minus it.

    >>> import numpy as np
    >>> completion(np.array([True, True, True, False])).value
    0.75
    """
    return share_of(int(np.count_nonzero(finished)), len(finished))
