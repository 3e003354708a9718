"""How many moves a turn offers, and what that makes of the game tree
(Ludii's ``BranchingFactor`` average, maximum and change, ``DecisionMoves``
and ``GameTreeComplexity``).

Each takes per-game tallies of the legal actions at every ply of a game
(recorded in Rust by ``_core.games(..., branching=True)``): their sum
``B``, largest ``max``, first and last counts, how many plies offered more
than one (``decisions``) and the game's length ``L`` in plies. Each is a
per-game value averaged over the games, as in Ludii, with the interval of
that mean; games with no ply do not count.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from stonefield.metrics.estimate import Estimate, mean_of

Counts = npt.NDArray[np.integer[Any]]


def _played(lengths: Counts) -> npt.NDArray[np.bool_]:
    return np.asarray(lengths) > 0


def branching_factor(legal_total: Counts, lengths: Counts) -> Estimate:
    """The mean number of legal moves per ply: per game ``B / L``,
    averaged over games.

    >>> import numpy as np
    >>> branching_factor(np.array([21, 6]), np.array([6, 3])).value
    2.75
    """
    played = _played(lengths)
    return mean_of(np.asarray(legal_total)[played] / np.asarray(lengths)[played])


def branching_max(legal_max: Counts, lengths: Counts) -> Estimate:
    """The widest ply: per game ``max`` legal moves at any ply, averaged
    over games.

    >>> import numpy as np
    >>> branching_max(np.array([6, 4]), np.array([6, 3])).value
    5.0
    """
    return mean_of(np.asarray(legal_max)[_played(lengths)])


def branching_change(legal_first: Counts, legal_last: Counts, lengths: Counts) -> Estimate:
    """How the number of legal moves changes per ply: per game ``(last -
    first) / (L - 1)``, averaged over games of two plies or more (negative
    when the board fills up).

    >>> import numpy as np
    >>> branching_change(np.array([6, 4]), np.array([1, 4]), np.array([6, 3])).value
    -0.5
    """
    long = np.asarray(lengths) > 1
    first = np.asarray(legal_first, dtype=np.float64)[long]
    last = np.asarray(legal_last, dtype=np.float64)[long]
    return mean_of((last - first) / (np.asarray(lengths)[long] - 1))


def decision_moves(decisions: Counts, lengths: Counts) -> Estimate:
    """The share of plies with a real choice: per game the plies with more
    than one legal move over ``L``, averaged over games (1 when no move is
    ever forced).

    >>> import numpy as np
    >>> decision_moves(np.array([3, 2]), np.array([4, 2])).value
    0.875
    """
    played = _played(lengths)
    return mean_of(np.asarray(decisions)[played] / np.asarray(lengths)[played], (0, 1))


def game_tree_complexity(legal_total: Counts, lengths: Counts) -> Estimate:
    """An estimate of log10 of the game tree's size, Ludii's ``L · log10(B
    / L)`` per game (the tree of a game as long as this one whose every ply
    offered its mean number of moves), averaged over games.

    >>> import numpy as np
    >>> round(game_tree_complexity(np.array([30]), np.array([3])).value, 6)
    3.0
    """
    played = _played(lengths)
    length = np.asarray(lengths, dtype=np.float64)[played]
    mean = np.asarray(legal_total, dtype=np.float64)[played] / length
    return mean_of(length * np.log10(mean))
