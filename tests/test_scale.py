"""Scale-out: a batch gives the same games whatever runs it: any executor,
chunk count or thread count, a forked process pool, or Dask."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
import stonefield


@pytest.fixture(scope="module")
def local():
    return stonefield.simulate("sunder", games=1000, seed=21, size=5)


@pytest.mark.parametrize(("chunks", "threads"), [(1, 1), (3, 2), (7, None), (1000, 1)])
def test_chunks_and_threads_do_not_change_the_games(local, chunks, threads):
    with ThreadPoolExecutor(2) as pool:
        again = stonefield.simulate(
            "sunder", games=1000, seed=21, size=5, executor=pool, chunks=chunks, threads=threads
        )
    assert again == local
    assert stonefield.simulate("sunder", games=1000, seed=21, size=5, chunks=chunks) == local


FORKED_POOL = """
import multiprocessing, sys
from concurrent.futures import ProcessPoolExecutor
import stonefield

here = stonefield.simulate("sunder", games=1000, seed=21, size=5, threads=2)
stonefield.bots.MCTS(iterations=50, threads=2).choose(stonefield.Sunder(size=3).start())
with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
    there = stonefield.simulate("sunder", games=1000, seed=21, size=5, executor=pool, chunks=4)
sys.exit(0 if there == here else 1)
"""


def test_a_forked_process_pool_after_local_work_gives_the_same_games():
    # The parent has run work on its thread pools before forking; a child
    # that reused them would wait forever on threads it does not have. In a
    # subprocess with a timeout, so that a hang fails instead of blocking.
    done = subprocess.run(
        [sys.executable, "-c", FORKED_POOL], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr


def test_analyze_is_the_same_on_an_executor():
    here = stonefield.analyze("sunder", games=300, seed=5, size=4, komi_range=(0, 1))
    with ThreadPoolExecutor(2) as pool:
        there = stonefield.analyze(
            "sunder", games=300, seed=5, size=4, komi_range=(0, 1), executor=pool, chunks=5
        )
    strip = lambda r: {**r.__dict__, "seconds": 0}  # noqa: E731
    assert [strip(r) for r in here.reports] == [strip(r) for r in there.reports]


def test_simulate_on_a_dask_cluster_equals_the_local_run(local):
    distributed = pytest.importorskip("dask.distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = stonefield.simulate(
            "sunder", games=1000, seed=21, size=5, executor=client.get_executor(), chunks=6
        )
    assert remote == local
