"""Batch random playouts, run in Rust over all cores, summarised for people."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from stonefield import _core
from stonefield._core import GameBatch, OptionError
from stonefield.chunks import run_chunks, tally
from stonefield.game import Game, OptionValue
from stonefield.game import game as make_game
from stonefield.jsondata import json_ready

BLACK = 0
"""Winner code of Black in :attr:`SimulationResult.winners`."""
WHITE = 1
"""Winner code of White."""
NO_WINNER = _core.NO_WINNER
"""Winner code of a game with no winner: unfinished, or Sunder's full board
with komi."""


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % for ``z = 1.96``).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class WinRates:
    """Who won a batch of games: the one place a win rate is computed.

    >>> import numpy as np
    >>> rates = WinRates.of(np.array([0, 0, 1, -1], dtype=np.int8))
    >>> rates.black, rates.white, rates.decided, round(rates.black_rate, 3)
    (2, 1, 3, 0.667)
    """

    black: int
    white: int
    decided: int
    black_rate: float
    """Black's share of the decided games (NaN when none was)."""
    black_interval: tuple[float, float]
    white_rate: float
    white_interval: tuple[float, float]

    @classmethod
    def of(cls, winners: npt.NDArray[np.int8]) -> WinRates:
        """The rates of per-game winner codes (:data:`BLACK`, :data:`WHITE`
        or :data:`NO_WINNER`)."""
        black = int(np.count_nonzero(winners == BLACK))
        white = int(np.count_nonzero(winners == WHITE))
        decided = black + white
        return cls(
            black=black,
            white=white,
            decided=decided,
            black_rate=black / decided if decided else math.nan,
            black_interval=wilson_interval(black, decided),
            white_rate=white / decided if decided else math.nan,
            white_interval=wilson_interval(white, decided),
        )


@dataclass(frozen=True)
class Summary:
    """What a batch of games says, in numbers people ask for."""

    games: int
    black_wins: int
    white_wins: int
    unfinished: int
    no_winner: int
    black_win_rate: float
    black_win_interval: tuple[float, float]
    white_win_rate: float
    white_win_interval: tuple[float, float]
    unfinished_share: float
    length_mean: float
    length_quantiles: dict[str, float]
    seconds: float
    games_per_second: float
    moves_per_second: float


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """The outcome of :func:`simulate`: one entry per game, in game order.

    Attributes:
        game: the game played.
        seed: the batch seed; game ``i`` depends only on ``(seed, i)``.
        winners: int8, :data:`BLACK`, :data:`WHITE` or :data:`NO_WINNER`.
        lengths: uint32, actions played (a two-stone turn counts 2).
        finished: bool, whether the game ended within ``max_moves``.
        scores: float64 ``(games, 2)``, Black's and White's scores at the
            end for games that score; NaN for games that do not.
        max_moves: the cap each game was played to.
        seconds: wall time of the batch.
    """

    game: Game
    seed: int
    winners: npt.NDArray[np.int8]
    lengths: npt.NDArray[np.uint32]
    finished: npt.NDArray[np.bool_]
    scores: npt.NDArray[np.float64]
    max_moves: int
    seconds: float = field(compare=False)

    def __eq__(self, other: object) -> bool:
        """Same game, seed, cap and per-game arrays (NaN scores match)."""
        if not isinstance(other, SimulationResult):
            return NotImplemented
        return (
            (self.game, self.seed, self.max_moves) == (other.game, other.seed, other.max_moves)
            and np.array_equal(self.winners, other.winners)
            and np.array_equal(self.lengths, other.lengths)
            and np.array_equal(self.finished, other.finished)
            and np.array_equal(self.scores, other.scores, equal_nan=True)
        )

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict[str, Any]:
        """The game, seed, cap and :attr:`summary` as plain JSON-ready
        values, under the key names :meth:`BalanceReport.to_dict
        <stonefield.BalanceReport.to_dict>` uses; a rate of no decided game
        is None, never NaN.

        >>> import stonefield
        >>> data = stonefield.simulate("sunder", games=10, size=3).to_dict()
        >>> data["game"], data["games"], data["black_wins"] + data["white_wins"]
        ('sunder', 10, 10)
        """
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "max_moves": self.max_moves,
            **json_ready(self.summary),
        }

    @property
    def summary(self) -> Summary:
        """Win rates with 95 % Wilson intervals, lengths and speed."""
        games = len(self.winners)
        rates = WinRates.of(self.winners)
        unfinished = int(np.count_nonzero(~self.finished))
        lengths = self.lengths.astype(np.float64)
        quantiles = (
            {f"p{q}": float(np.percentile(lengths, q)) for q in (5, 25, 50, 75, 95)}
            if games
            else {}
        )
        seconds = max(self.seconds, 1e-9)
        return Summary(
            games=games,
            black_wins=rates.black,
            white_wins=rates.white,
            unfinished=unfinished,
            no_winner=games - rates.decided - unfinished,
            black_win_rate=rates.black_rate,
            black_win_interval=rates.black_interval,
            white_win_rate=rates.white_rate,
            white_win_interval=rates.white_interval,
            unfinished_share=unfinished / games if games else math.nan,
            length_mean=float(lengths.mean()) if games else math.nan,
            length_quantiles=quantiles,
            seconds=self.seconds,
            games_per_second=games / seconds,
            moves_per_second=float(lengths.sum()) / seconds,
        )


def _playouts(
    game: Game,
    seed: int,
    threads: int | None,
    max_moves: int | None,
    *,
    first: int,
    count: int,
) -> GameBatch:
    """One chunk of a batch; module-level so that executors can pickle it."""
    return _core.playouts(
        game, seed=seed, first=first, count=count, threads=threads, max_moves=max_moves
    )


def check_batch_arguments(
    games: int, seed: int, threads: int | None, max_moves: int | None
) -> None:
    """Raises OptionError for a bad game count, seed, thread count or cap,
    and TypeError for one that is not a whole number."""
    _core.check_arguments(games=games, seed=seed, threads=threads, max_moves=max_moves)


def simulate(
    game: Game | str,
    games: int,
    seed: int = 0,
    threads: int | None = None,
    max_moves: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
    chunks: int | None = None,
    **options: OptionValue,
) -> SimulationResult:
    """Plays ``games`` random games in Rust, over all cores (see "random play"
    in ``stonefield rules``).

    The GIL is released while games run; Ctrl-C stops a long batch within a
    fraction of a second. Game ``i`` is seeded from ``(seed, i)``, so the
    result is the same for any ``threads``, ``executor`` and ``chunks``, and
    any game can be replayed alone.

    Args:
        game: a :class:`Game`, or a game's name (then ``options`` apply).
        games: how many games to play.
        seed: the batch seed (0 to 2**64 - 1).
        threads: worker threads per chunk; None uses every core of the
            machine that runs the chunk.
        max_moves: stop a game unfinished after this many actions
            (default :attr:`Game.default_max_moves`).
        progress: called as ``progress(done, total)`` after each chunk.
        executor: any :class:`concurrent.futures.Executor` to run the chunks
            on: a ``ProcessPoolExecutor``, or ``Client.get_executor()`` of
            Dask distributed for a cluster. None runs them here.
        chunks: how many chunks to cut the batch into (default: growing
            chunks of about a quarter second here, 16 on an executor).
        **options: the game's options, when ``game`` is a name.

    Returns:
        The per-game arrays and their :attr:`~SimulationResult.summary`.

    Raises:
        OptionError: for a bad game, option, count, seed or thread number.

    >>> import stonefield
    >>> result = stonefield.simulate("sunder", games=200, seed=1, size=5)
    >>> result.winners.shape, int(result.lengths.min()) > 0
    ((200,), True)
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     stonefield.simulate("sunder", games=200, seed=1, size=5, executor=pool) == result
    True
    """
    if isinstance(game, str):
        game = make_game(game, **options)
    elif options:
        raise OptionError("give options either in the Game or as keywords, not both")
    check_batch_arguments(games, seed, threads, max_moves)
    started = time.perf_counter()
    parts = run_chunks(
        partial(_playouts, game, seed, threads, max_moves),
        games,
        executor=executor,
        chunks=chunks,
        progress=tally(progress, games),
    )
    seconds = time.perf_counter() - started
    cap = parts[0].max_moves if parts else (max_moves or game.default_max_moves)

    def joined(
        key: str, dtype: type[np.generic], shape: tuple[int, ...]
    ) -> npt.NDArray[np.generic]:
        if not parts:
            return np.zeros(shape, dtype=dtype)
        return np.concatenate([getattr(p, key) for p in parts])

    return SimulationResult(
        game=game,
        seed=seed,
        winners=joined("winners", np.int8, (0,)),  # type: ignore[arg-type]
        lengths=joined("lengths", np.uint32, (0,)),  # type: ignore[arg-type]
        finished=joined("finished", np.bool_, (0,)),  # type: ignore[arg-type]
        scores=joined("scores", np.float64, (0, 2)),  # type: ignore[arg-type]
        max_moves=int(cap),
        seconds=seconds,
    )
