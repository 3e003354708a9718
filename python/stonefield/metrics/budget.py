"""Default search budgets of the costly stages, fitted to the game's
measured cost.

An MCTS iteration costs about one random playout from the searched
position, about half a game's length ``L`` in plies. So a skill trace of
``g`` games a level costs about ``g · L · (mean iterations a move) · L / 2``
playout plies, and the evaluations ``games · positions · iterations · L /
2``. How long a ply takes differs tenfold between the games (and with the
machine), so the analysis times its random games and turns a stage's
seconds into plies (:func:`plies_within`); a budget the caller leaves out
is the default, cut until its estimate fits. The budgets used are in the
report, and giving them pins a run down on any machine.
"""

from __future__ import annotations

#: Wall seconds the fitted skill trace and the fitted evaluations aim at.
SKILL_SECONDS = 120.0
EVALUATION_SECONDS = 20.0

#: A search's playout ply costs about this many random-game plies (the
#: tree's descent and expansion on top of the playout, and games of
#: uneven length sharing the cores): on Anda here, games of 16 against 8
#: and 32 against 16 iterations ran 6.3 and 8.4 microseconds a playout ply
#: where random games ran 4.6.
SEARCH_OVERHEAD = 2.0

#: The fewest random-game plies whose time sizes the searches: fewer take
#: too little time to tell a ply's cost from the call's.
PLIES_TO_TIME = 100_000

#: Playout plies a fitted skill trace and the evaluations may cost when no
#: cost was measured.
SKILL_PLIES = 30_000_000
EVALUATION_PLIES = 5_000_000

#: The fewest iterations a fitted evaluation keeps.
MIN_EVALUATION_ITERATIONS = 16

#: The weakest base a fitted skill trace keeps: with fewer iterations than
#: a turn has moves, MCTS barely searches, and more of it does not win
#: more, so a trace below it would only say "no trend" at any cost.
INFORMATIVE_BASE = 8


def plies_within(seconds: float, seconds_per_ply: float) -> float:
    """Search playout plies that fit in ``seconds``, for random games that
    took ``seconds_per_ply`` a ply (all threads together).

    >>> plies_within(120, 1e-6)
    60000000.0
    """
    return seconds / (seconds_per_ply * SEARCH_OVERHEAD)


def search_seconds(plies: float, seconds_per_ply: float) -> float:
    """The wall seconds ``plies`` search playout plies take, the inverse of
    :func:`plies_within`.

    >>> search_seconds(60_000_000, 1e-6)
    120.0
    """
    return plies * seconds_per_ply * SEARCH_OVERHEAD


def skill_trace_cost(mean_length: float, games: int, levels: int, base: int) -> float:
    """Estimated playout plies of a skill trace: at level ``k`` the players
    search ``1.5 · 2^(k-1) · base`` iterations a move on average.

    >>> skill_trace_cost(100, 20, 1, 16)
    2400000.0
    """
    mean_iterations = 1.5 * base * ((1 << levels) - 1)  # summed over the levels
    return games * mean_length * mean_iterations * mean_length / 2


def fit_skill_trace(
    mean_length: float, games: int, levels: int, base: int, plies: float = SKILL_PLIES
) -> tuple[int, int]:
    """``(levels, base)`` within ``plies``: while the estimate exceeds it,
    the top level goes (down to two levels), then the base halves while it
    stays at least :data:`INFORMATIVE_BASE`, then levels go, down to none
    (no trace) when even one level at that base does not fit.

    >>> fit_skill_trace(60, 20, 4, 16)
    (4, 16)
    >>> fit_skill_trace(115, 20, 4, 16)
    (3, 16)
    >>> fit_skill_trace(300, 20, 4, 16)
    (1, 8)
    >>> fit_skill_trace(690, 20, 4, 16)
    (0, 8)
    """
    while levels > 2 and skill_trace_cost(mean_length, games, levels, base) > plies:
        levels -= 1
    while (
        base // 2 >= INFORMATIVE_BASE and skill_trace_cost(mean_length, games, levels, base) > plies
    ):
        base //= 2
    while levels > 0 and skill_trace_cost(mean_length, games, levels, base) > plies:
        levels -= 1
    return levels, base


def fit_evaluation_iterations(
    mean_length: float,
    games: int,
    positions: int,
    iterations: int,
    plies: float = EVALUATION_PLIES,
) -> int:
    """The evaluations' iterations within ``plies``: halved, down to
    :data:`MIN_EVALUATION_ITERATIONS`, while ``games · positions ·
    iterations · L / 2`` exceeds it.

    >>> fit_evaluation_iterations(115, 20, 20, 200)
    200
    >>> fit_evaluation_iterations(690, 20, 20, 200)
    25
    """
    while (
        iterations // 2 >= MIN_EVALUATION_ITERATIONS
        and games * positions * iterations * mean_length / 2 > plies
    ):
        iterations //= 2
    return iterations
