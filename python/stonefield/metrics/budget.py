"""Default search budgets of the costly stages, fitted to the game.

An MCTS iteration costs about one random playout from the searched
position, about half a game's length ``L`` in plies. So a skill trace of
``g`` games a level costs about ``g · L · (mean iterations a move) · L / 2``
playout plies, and the evaluations ``games · positions · iterations · L /
2``. When the caller leaves a budget out, it is the default cut until that
estimate fits a fixed number of plies. The estimate rests on the random
games' mean length alone, which the seed fixes, so the budgets (and the
whole report) are the same on any machine; on two cores of this project's
test machine, a ply of the searches' playouts costs about one to five
microseconds, which keeps each fitted stage within a minute or two.
"""

from __future__ import annotations

#: Playout plies a fitted skill trace may cost, and the evaluations.
SKILL_PLIES = 30_000_000
EVALUATION_PLIES = 5_000_000

#: The fewest iterations a fitted evaluation keeps.
MIN_EVALUATION_ITERATIONS = 16


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
    """``(levels, base)`` within ``plies``: the base halved down to 1, then
    levels dropped down to 1, while the estimate exceeds it.

    >>> fit_skill_trace(60, 20, 4, 16)
    (4, 16)
    >>> fit_skill_trace(115, 20, 4, 16)
    (4, 8)
    >>> fit_skill_trace(690, 20, 4, 16)
    (2, 1)
    """
    while base > 1 and skill_trace_cost(mean_length, games, levels, base) > plies:
        base //= 2
    while levels > 1 and skill_trace_cost(mean_length, games, levels, base) > plies:
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
