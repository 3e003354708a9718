"""Counts, times and thread numbers are bounded: past a documented limit
an argument raises OptionError naming it, a value of the wrong Python type
raises TypeError, and no sequence of calls leaves threads piling up."""

import os

import numpy as np
import pytest
import stonefield
from stonefield.bots import MCTS, Random, play_match

#: The most threads one call may use: four per core.
MAX_THREADS = 4 * len(os.sched_getaffinity(0))


def threads_alive() -> int:
    return len(os.listdir("/proc/self/task"))


@pytest.mark.parametrize("seconds", [1e20, 9.3e18, 1e10])
def test_a_search_time_too_long_for_a_clock_is_an_option_error(seconds: float) -> None:
    state = stonefield.Sunder(size=3).start()
    with pytest.raises(stonefield.OptionError, match="seconds"):
        MCTS(iterations=10, seconds=seconds).analyse(state)


@pytest.mark.parametrize("threads", [MAX_THREADS + 1, 10**9, 2**64])
def test_threads_past_the_limit_are_refused(threads: int) -> None:
    state = stonefield.Sunder(size=3).start()
    before = threads_alive()
    with pytest.raises(stonefield.OptionError, match="threads"):
        stonefield.simulate("sunder", games=10, threads=threads, size=3)
    with pytest.raises(stonefield.OptionError, match="threads"):
        MCTS(iterations=10, threads=threads).analyse(state)
    with pytest.raises(stonefield.OptionError, match="threads"):
        play_match(stonefield.Sunder(size=3), Random(), Random(), games=2, threads=threads)
    assert threads_alive() <= before


@pytest.mark.parametrize("threads", [1.5, "2", None.__class__])
def test_threads_of_the_wrong_type_are_a_type_error(threads: object) -> None:
    with pytest.raises(TypeError, match="threads"):
        stonefield.simulate("sunder", games=10, threads=threads, size=3)  # type: ignore[arg-type]


def test_numpy_integers_are_counts() -> None:
    found = stonefield.simulate("sunder", games=np.int64(10), threads=np.int32(1), size=3)
    assert len(found.winners) == 10


@pytest.mark.parametrize("name", ["games", "max_moves"])
def test_counts_too_large_for_64_bits_are_option_errors(name: str) -> None:
    with pytest.raises(stonefield.OptionError, match=name):
        stonefield.simulate("sunder", **{"games": 10, name: 2**64}, size=3)  # type: ignore[arg-type]


def test_iterations_too_large_for_64_bits_are_an_option_error() -> None:
    with pytest.raises(stonefield.OptionError, match="iterations"):
        MCTS(iterations=2**64).analyse(stonefield.Sunder(size=3).start())


def test_many_distinct_thread_counts_leave_the_thread_count_bounded() -> None:
    state = stonefield.Sunder(size=3).start()
    game = stonefield.Sunder(size=3)
    for _ in range(3):
        for k in range(1, MAX_THREADS + 1):
            stonefield.simulate(game, games=4, threads=k)
            MCTS(iterations=20, threads=k).analyse(state)
    # At most four pools are kept, each of at most MAX_THREADS threads, and
    # the pools dropped from the cache have ended their threads.
    assert threads_alive() <= 1 + 4 * MAX_THREADS + len(os.sched_getaffinity(0)) + 4
