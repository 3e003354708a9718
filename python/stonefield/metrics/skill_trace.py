"""SkillTrace: does more thinking win more? MCTS with ``2^k · base``
iterations per move plays MCTS with ``2^(k-1) · base``, for ``k = 1 .. K``,
each from both seats (Ludii's ``SkillTrace``, with intervals).

A game that rewards skill gives the stronger player a score above one half
at every level; where the score falls towards one half as budgets grow,
play is reaching the game's depth (or its draws), and a game where the
stronger player does not win more at all leaves little room for skill.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import numpy as np

from stonefield._core import GameBatch, OptionError
from stonefield.bots import DEFAULT_EXPLORATION
from stonefield.chunks import tally
from stonefield.game import Game
from stonefield.metrics.batches import Batching, Seat, join, play_parts
from stonefield.metrics.estimate import Z95, Estimate, share_of

#: Levels, games per level and the weakest budget, when not given.
DEFAULT_LEVELS = 4
DEFAULT_GAMES = 20
DEFAULT_BASE = 16


@dataclass(frozen=True)
class SkillLevel:
    """One level of the trace: ``strong`` iterations against ``weak``.

    Attributes:
        level: ``k``.
        strong, weak: iterations per move of each player.
        games: games played, half with the stronger player moving first.
        strong_wins, weak_wins, draws: games won by each, and games with no
            winner (unfinished included).
        score: the stronger player's score ``(wins + draws / 2) / games``
            with its Wilson interval.
    """

    level: int
    strong: int
    weak: int
    games: int
    strong_wins: int
    weak_wins: int
    draws: int
    score: Estimate


@dataclass(frozen=True)
class LeftOutSkillTrace:
    """A skill trace the fitted budget left out: even one level, ``2 ·
    base`` against ``base`` iterations a move, was estimated at ``plies``
    playout plies, over the trace's time."""

    base: int
    plies: float


@dataclass(frozen=True)
class SkillTrace:
    """The stronger player's score at each level, and its trend.

    Attributes:
        levels: one :class:`SkillLevel` per ``k``.
        overall: the stronger player's score over every level's games.
        slope: the change of the score per doubling, by least squares
            weighted by each level's binomial variance, with its 95 %
            interval (None with fewer than two levels).
        trend_centre: the weighted mean ``(k, score)`` the trend line
            passes through (None with fewer than two levels).
        seconds: wall time.
    """

    levels: tuple[SkillLevel, ...]
    overall: Estimate
    slope: Estimate | None
    trend_centre: tuple[float, float] | None
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {
            "levels": [
                {
                    **{k: v for k, v in level.__dict__.items() if k != "score"},
                    "score": level.score.to_dict(),
                }
                for level in self.levels
            ],
            "overall": self.overall.to_dict(),
            "slope": None if self.slope is None else self.slope.to_dict(),
            "trend_centre": self.trend_centre,
            "seconds": self.seconds,
        }


def score_trend(
    levels: tuple[SkillLevel, ...],
) -> tuple[Estimate, tuple[float, float]] | None:
    """The weighted least-squares slope of the score against ``k``, each
    level weighted by ``n / (p (1 - p))`` with ``p`` kept off 0 and 1 by
    half a game, its interval ``slope ± 1.96 / √(Σ w (k - k̄)²)``, and the
    weighted mean ``(k̄, score)`` the line passes through.

    >>> def level(k, wins):
    ...     return SkillLevel(k, 2**k, 2 ** (k - 1), 100, wins, 100 - wins, 0,
    ...                       share_of(wins, 100))
    >>> trend, centre = score_trend((level(1, 60), level(2, 70), level(3, 80)))
    >>> round(trend.value, 6), trend.low < 0.1 < trend.high
    (0.1, True)
    """
    if len(levels) < 2:
        return None
    k = np.array([lv.level for lv in levels], dtype=np.float64)
    y = np.array([lv.score.value for lv in levels], dtype=np.float64)
    n = np.array([lv.games for lv in levels], dtype=np.float64)
    p = (y * n + 0.5) / (n + 1)
    w = n / (p * (1 - p))
    centre_k = float((w * k).sum() / w.sum())
    centre_y = float((w * y).sum() / w.sum())
    spread = (w * (k - centre_k) ** 2).sum()
    slope = float((w * (k - centre_k) * (y - centre_y)).sum() / spread)
    half = Z95 / math.sqrt(spread)
    return Estimate(slope, slope - half, slope + half, None, int(n.sum())), (centre_k, centre_y)


def skill_trace(
    game: Game,
    levels: int = DEFAULT_LEVELS,
    games: int = DEFAULT_GAMES,
    base: int = DEFAULT_BASE,
    seed: int = 0,
    exploration: float = DEFAULT_EXPLORATION,
    threads: int | None = None,
    max_moves: int | None = None,
    executor: Executor | None = None,
    chunks: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SkillTrace:
    """Plays ``games`` games at each level ``k = 1 .. levels`` between MCTS
    with ``2^k · base`` and with ``2^(k-1) · base`` iterations per move, the
    stronger moving first in the first half of them. Level ``k``'s games are
    games ``(k - 1) · games ..`` of the batch seeded ``seed``, so the trace
    is the same for any ``threads``, ``executor`` and ``chunks``.

    Raises:
        OptionError: for a bad number of levels, games or base budget.

    >>> import stonefield
    >>> trace = skill_trace(stonefield.Sunder(size=3), levels=2, games=10, base=8, seed=1)
    >>> [(lv.strong, lv.weak, lv.games) for lv in trace.levels]
    [(16, 8, 10), (32, 16, 10)]
    """
    for name, value, least in (("levels", levels, 1), ("games", games, 2), ("base", base, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise OptionError(
                f"skill trace {name} must be a whole number >= {least}, got {value!r}"
            )
    started = time.perf_counter()
    total = levels * games
    advance = tally(progress, total)
    advance(0)  # the stage shows at once, with its size
    batching = Batching(threads, max_moves, executor, chunks)

    def part(seats: tuple[Seat, Seat], count: int, first: int) -> list[GameBatch]:
        """Games ``first .. first + count`` of the batch, these seats moving first."""
        return play_parts(
            game, seed, seats, count, offset=first, batching=batching, progress=advance
        )

    traced = []
    for k in range(1, levels + 1):
        strong, weak = (base << k, exploration), (base << (k - 1), exploration)
        half = games // 2
        offset = (k - 1) * games
        played = join(
            [
                *part((strong, weak), half, offset),
                *part((weak, strong), games - half, offset + half),
            ],
            max_moves or game.default_max_moves,
        )
        seat = played.winning_seats
        strong_seat = (np.arange(games) >= half).astype(np.int64)
        wins = int(np.count_nonzero(seat == strong_seat))
        losses = int(np.count_nonzero((seat >= 0) & (seat != strong_seat)))
        draws = games - wins - losses
        traced.append(
            SkillLevel(
                k,
                base << k,
                base << (k - 1),
                games,
                wins,
                losses,
                draws,
                share_of(wins + draws / 2, games),
            )
        )
    levels_done = tuple(traced)
    points = sum(lv.strong_wins + lv.draws / 2 for lv in levels_done)
    trend = score_trend(levels_done)
    return SkillTrace(
        levels=levels_done,
        overall=share_of(points, total),
        slope=None if trend is None else trend[0],
        trend_centre=None if trend is None else trend[1],
        seconds=time.perf_counter() - started,
    )
