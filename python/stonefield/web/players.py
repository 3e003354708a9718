"""The bots a page can seat, made from a request's budget within the
server's limits: the package's own players, nothing of the server's.

>>> from stonefield.web.games import Limits
>>> from stonefield.web.models import Search
>>> make_bot("mcts", Search(iterations=500, seed=7), Limits(seconds=3))
MCTS(iterations=500, seconds=3, seed=7, threads=1)
>>> make_bot("puct", Search(seconds=2, seed=7), Limits(seconds=3))
PUCT(Rollouts(1), seconds=2, batch_size=8, seed=7)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from stonefield.bots import DEFAULT_ITERATIONS, MCTS, PUCT, Bot, Random
from stonefield.evaluators import Rollouts
from stonefield.web.games import Limits, RequestError
from stonefield.web.models import Search


@dataclass(frozen=True)
class BotKind:
    """A bot by name: what it is, whether it takes a search budget, and how
    to make one from (iterations, seconds, seed)."""

    doc: str
    searches: bool
    make: Callable[[int | None, float | None, int], Bot]


BOTS: dict[str, BotKind] = {
    "random": BotKind(
        "uniform over the legal moves, the random play of the rules",
        False,
        lambda iterations, seconds, seed: Random(seed=seed),
    ),
    "mcts": BotKind(
        "Monte Carlo tree search with random rollouts (UCT)",
        True,
        lambda iterations, seconds, seed: MCTS(iterations=iterations, seconds=seconds, seed=seed),
    ),
    # Its iterations are simulations, each leaf valued by one random playout.
    "puct": BotKind(
        "PUCT search (AlphaZero's) with one random playout per leaf as its evaluator",
        True,
        lambda iterations, seconds, seed: PUCT(
            Rollouts(1), simulations=iterations, seconds=seconds, seed=seed
        ),
    ),
}
"""The bots by the name a request gives."""


def make_bot(name: str, search: Search, limits: Limits) -> Bot:
    """The bot ``name`` with the request's budget. The package judges the
    values first (so a bad one gets the Python API's reason), then the
    server's limits; every search stops after :attr:`Limits.seconds` at the
    latest.

    Raises:
        RequestError: for an unknown bot, or a budget past the limits.
        OptionError: for a budget or seed the package refuses.
    """
    kind = BOTS.get(name)
    if kind is None:
        raise RequestError(
            400, "unknown_bot", f"unknown bot {name!r} (bots: {', '.join(sorted(BOTS))})"
        )
    seed = _seed(search)
    if not kind.searches:
        return kind.make(None, None, seed)
    kind.make(search.iterations, search.seconds, seed)
    return kind.make(*_within(search, limits), seed)


def analyser(search: Search, limits: Limits) -> MCTS:
    """The search behind the "analyse" overlay, judged as :func:`make_bot`
    judges a bot's budget.

    Raises:
        RequestError: for a budget past the limits.
        OptionError: for a budget or seed the package refuses.
    """
    seed = _seed(search)
    MCTS(iterations=search.iterations, seconds=search.seconds, seed=seed)
    iterations, seconds = _within(search, limits)
    return MCTS(iterations=iterations, seconds=seconds, seed=seed)


def _seed(search: Search) -> int:
    return secrets.randbits(64) if search.seed is None else search.seed


def _within(search: Search, limits: Limits) -> tuple[int | None, float]:
    """The budget to search with: the request's, with the default
    iterations when it names none and the server's seconds when it names
    no time.

    Raises:
        RequestError: for iterations or seconds past the limits.
    """
    iterations, seconds = search.iterations, search.seconds
    if iterations is None and seconds is None:
        iterations = DEFAULT_ITERATIONS
    if iterations is not None and iterations > limits.iterations:
        raise RequestError(
            400, "limit", f"iterations must be at most {limits.iterations} here, got {iterations}"
        )
    if seconds is not None and seconds > limits.seconds:
        raise RequestError(
            400, "limit", f"seconds must be at most {limits.seconds:g} here, got {seconds}"
        )
    return iterations, limits.seconds if seconds is None else float(seconds)
