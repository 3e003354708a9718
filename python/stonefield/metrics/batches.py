"""Batches of games for the design measures, played in Rust by
``_core.games`` in chunks (here or on any executor) and joined back into
per-game arrays in game order."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from stonefield import _core
from stonefield._core import GameBatch
from stonefield.chunks import run_chunks
from stonefield.game import Game

#: A seat's player in a Rust batch: MCTS iterations per move (None for
#: random play) and the exploration constant.
Seat = tuple[int | None, float]


@dataclass(frozen=True)
class EvaluationPlan:
    """Which games get MCTS evaluations of their positions: games with a
    batch index below ``games``, every ``every`` plies, each a search of
    ``iterations`` iterations."""

    games: int
    every: int
    iterations: int
    exploration: float


@dataclass(frozen=True)
class Batching:
    """How a stage runs its batches, as every measure takes it: threads per
    batch, the move cap (None: the game's default), and the executor and
    number of chunks of :func:`~stonefield.chunks.run_chunks`."""

    threads: int | None = None
    max_moves: int | None = None
    executor: Executor | None = None
    chunks: int | None = None


@dataclass(frozen=True)
class Played:
    """Per-game arrays of a batch, in game order (see ``_core.games``)."""

    winners: npt.NDArray[np.int8]
    lengths: npt.NDArray[np.uint32]
    finished: npt.NDArray[np.bool_]
    swapped: npt.NDArray[np.bool_]
    last: npt.NDArray[np.uint8]
    branching: npt.NDArray[np.uint64]
    reached: npt.NDArray[np.uint64]
    legal_total: npt.NDArray[np.uint64]
    legal_max: npt.NDArray[np.uint32]
    legal_first: npt.NDArray[np.uint32]
    legal_last: npt.NDArray[np.uint32]
    decisions: npt.NDArray[np.uint32]
    covered: npt.NDArray[np.uint32]
    evaluated_game: npt.NDArray[np.uint64]
    evaluated_ply: npt.NDArray[np.uint32]
    evaluation: npt.NDArray[np.float64]
    max_moves: int

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.winners)

    @property
    def winning_seats(self) -> npt.NDArray[np.int64]:
        """The seat that won each game: 0 for the seat that moved first, 1
        for the other, -1 for none. A seat keeps its player when the pie
        rule exchanges the colours, so it is the winner's colour, exchanged
        after a swap."""
        seat = self.winners.astype(np.int64) ^ self.swapped.astype(np.int64)
        return np.where(self.winners >= 0, seat, -1)


_PER_GAME = {
    "winners": np.int8,
    "lengths": np.uint32,
    "finished": np.bool_,
    "swapped": np.bool_,
    "last": np.uint8,
    "legal_total": np.uint64,
    "legal_max": np.uint32,
    "legal_first": np.uint32,
    "legal_last": np.uint32,
    "decisions": np.uint32,
    "covered": np.uint32,
    "evaluated_game": np.uint64,
    "evaluated_ply": np.uint32,
    "evaluation": np.float64,
}


def _chunk(
    game: Game,
    seed: int,
    seats: tuple[Seat, Seat],
    threads: int | None,
    max_moves: int | None,
    branching: bool,
    evaluation: EvaluationPlan | None,
    offset: int,
    *,
    first: int,
    count: int,
) -> GameBatch:
    """One chunk; module-level so that executors can pickle it."""
    return _core.games(
        game,
        seed=seed,
        first=offset + first,
        count=count,
        iterations=(seats[0][0], seats[1][0]),
        exploration=(seats[0][1], seats[1][1]),
        threads=threads,
        max_moves=max_moves,
        branching=branching,
        evaluation=None
        if evaluation is None
        else (evaluation.games, evaluation.every, evaluation.iterations, evaluation.exploration),
    )


def play_parts(
    game: Game,
    seed: int,
    seats: tuple[Seat, Seat],
    count: int,
    *,
    offset: int = 0,
    batching: Batching = Batching(),
    branching: bool = False,
    evaluation: EvaluationPlan | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GameBatch]:
    """Plays games ``offset .. offset + count`` of the batch seeded ``seed``
    in chunks and returns each chunk's arrays, in game order; join them
    with :func:`join`. Batches with a search start in small chunks, so that
    progress shows and Ctrl-C is answered between chunks."""
    searching = evaluation is not None or any(s[0] is not None for s in seats)
    threads, max_moves = batching.threads, batching.max_moves
    work = partial(_chunk, game, seed, seats, threads, max_moves, branching, evaluation, offset)
    start = 2 * (threads or os.cpu_count() or 1) if searching else 256
    return run_chunks(
        work,
        count,
        executor=batching.executor,
        chunks=batching.chunks,
        progress=progress,
        start=start,
    )


def join(parts: Sequence[GameBatch], max_moves: int) -> Played:
    """The chunks' arrays as one :class:`Played`, in game order."""

    def cat(key: str, dtype: Any) -> Any:
        if not parts:
            return np.zeros(0, dtype=dtype)
        return np.concatenate([np.asarray(getattr(p, key), dtype=dtype) for p in parts])

    def summed(key: str) -> Any:
        per_ply = [getattr(p, key) for p in parts]
        total = np.zeros(max(map(len, per_ply), default=0), dtype=np.uint64)
        for counts in per_ply:
            total[: len(counts)] += counts
        return total

    return Played(
        **{key: cat(key, dtype) for key, dtype in _PER_GAME.items()},
        branching=summed("branching"),
        reached=summed("reached"),
        max_moves=parts[0].max_moves if parts else max_moves,
    )
