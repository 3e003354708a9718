"""Cutting a batch of games into chunks, run here or on any
:class:`concurrent.futures.Executor` (a process pool, or Dask's
``Client.get_executor()`` for a cluster).

Game ``i`` of a batch is seeded from ``(seed, i)`` alone, so a chunk is just
a range of game indices: any cut, executor or thread count gives the same
games, and the chunks' results are put back in game order.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, as_completed
from typing import Protocol, TypeVar

from stonefield._core import OptionError

T = TypeVar("T", covariant=True)
R = TypeVar("R")

#: Locally a batch runs in chunks of at least this many seconds, so that
#: Ctrl-C and progress bars answer quickly while overheads stay negligible.
CHUNK_SECONDS = 0.25

#: Chunks per batch on an executor when the caller does not say.
DEFAULT_CHUNKS = 16


class ChunkWork(Protocol[T]):
    """Plays games ``first .. first + count``; picklable for executors."""

    def __call__(self, *, first: int, count: int) -> T: ...


def split(total: int, chunks: int) -> list[tuple[int, int]]:
    """``(first, count)`` of ``chunks`` near-equal ranges covering ``total``.

    >>> split(10, 3)
    [(0, 4), (4, 3), (7, 3)]
    """
    chunks = max(1, min(chunks, total))
    base, extra = divmod(total, chunks)
    ranges, first = [], 0
    for k in range(chunks):
        count = base + (k < extra)
        ranges.append((first, count))
        first += count
    return [r for r in ranges if r[1] > 0]


def tally(progress: Callable[[int, int], None] | None, total: int) -> Callable[[int], None]:
    """The ``progress(count)`` of :func:`run_chunks` that adds up the games
    finished and reports them as ``progress(done, total)``.

    >>> seen = []
    >>> advance = tally(lambda done, total: seen.append((done, total)), 5)
    >>> advance(0), advance(3), advance(2)
    (None, None, None)
    >>> seen
    [(0, 5), (3, 5), (5, 5)]
    """
    done = 0

    def advance(count: int) -> None:
        nonlocal done
        done += count
        if progress is not None:
            progress(done, total)

    return advance


def run_chunks(
    work: ChunkWork[R],
    total: int,
    *,
    executor: Executor | None = None,
    chunks: int | None = None,
    progress: Callable[[int], None] | None = None,
    start: int = 256,
) -> list[R]:
    """Runs ``work`` over games ``0 .. total`` in chunks; results in order.

    Without an executor and without ``chunks``, chunks grow from ``start``
    games until each takes about :data:`CHUNK_SECONDS` (give a small
    ``start`` for games that take long). ``progress(count)`` is called with
    the size of each finished chunk.

    Raises:
        OptionError: for a chunk count below 1.

    >>> run_chunks(lambda first, count: list(range(first, first + count)), 5, chunks=2)
    [[0, 1, 2], [3, 4]]
    """
    if chunks is not None and (isinstance(chunks, bool) or chunks < 1):
        raise OptionError(f"chunks must be at least 1, got {chunks!r}")
    if executor is None:
        if chunks is not None:
            return [_local(work, first, count, progress) for first, count in split(total, chunks)]
        results, done, size = [], 0, max(1, start)
        while done < total:
            count = min(size, total - done)
            tick = time.perf_counter()
            results.append(_local(work, done, count, progress))
            done += count
            if time.perf_counter() - tick < CHUNK_SECONDS / 2:
                size *= 2
        return results
    ranges = split(total, chunks or DEFAULT_CHUNKS)
    futures: dict[Future[R], int] = {
        executor.submit(work, first=first, count=count): k
        for k, (first, count) in enumerate(ranges)
    }
    out: list[R | None] = [None] * len(ranges)
    try:
        for future in as_completed(futures):
            k = futures[future]
            out[k] = future.result()
            if progress is not None:
                progress(ranges[k][1])
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return out  # type: ignore[return-value]


def _local(work: ChunkWork[R], first: int, count: int, progress: Callable[[int], None] | None) -> R:
    result = work(first=first, count=count)
    if progress is not None:
        progress(count)
    return result
