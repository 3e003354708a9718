"""Many threads sharing games, states and bots (README, "Threads"): games
and bots are shared freely, every call on a shared state is whole (no half
move, no borrow error), and results do not depend on who else is running."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import numpy as np
import pytest
import stonefield
from stonefield.bots import MCTS

#: Threads per test: more than the cores, so that they interleave.
THREADS = 8


@contextmanager
def switching_often() -> Iterator[None]:
    """Makes the interpreter switch threads every microsecond, so that a
    call that let another thread in while it held a state would be caught."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def run_together(work: Callable[[int], object], threads: int = THREADS) -> list[object]:
    """Runs ``work(i)`` for each thread ``i`` at once (after a barrier) and
    returns the results, raising the first exception any thread raised."""
    barrier = threading.Barrier(threads)

    def start(i: int) -> object:
        barrier.wait()
        return work(i)

    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(start, range(threads)))


def test_readers_and_players_of_one_state_never_meet_a_borrow():
    state = stonefield.Anda(size=4).start()
    state.play("b2")
    moves = list(state.legal_moves())
    failures: list[BaseException] = []

    def work(i: int) -> None:
        for k in range(300):
            try:
                if i % 2:
                    # Players: a move that may be refused (another thread
                    # took the point), then its undo if it was played.
                    move = moves[(i + k) % len(moves)]
                    try:
                        state.play(stonefield.Move(state.action(move), move))
                    except stonefield.IllegalMoveError:
                        continue
                    state.undo()
                else:
                    state.legal_moves()
                    state.observation("black")
                    stonefield.observations([state, state])
                    state.scores()
                    state.seat_of("white")
                    state.is_legal(moves[k % len(moves)])
                    state.record()
            except stonefield.IllegalMoveError as error:
                # An undo after another thread's undo: nothing to undo.
                assert "nothing to undo" in str(error) or "occupied" in str(error)
            except BaseException as error:
                failures.append(error)

    with switching_often():
        run_together(work)
    assert failures == []
    # Every play was undone by the thread that made it, or refused: each
    # call was whole, so the state is a consistent one, with a record that
    # replays to it.
    assert stonefield.load(state.record()) == state


def test_one_game_shared_by_threads_gives_each_the_same_games():
    game = stonefield.Esgrad(size=4)
    alone = stonefield.simulate(game, games=40, seed=3, threads=1)

    def work(_: int) -> np.ndarray:
        return stonefield.simulate(game, games=40, seed=3, threads=1).winners

    with switching_often():
        results = run_together(work)
    for winners in results:
        assert np.array_equal(winners, alone.winners)


def test_one_mcts_bot_shared_by_threads_searches_as_it_does_alone():
    bot = MCTS(iterations=200, seed=5)
    state = stonefield.Sunder(size=4).start()
    alone = bot.analyse(state)

    def work(_: int) -> object:
        return bot.analyse(state)

    results = run_together(work, threads=4)
    for found in results:
        assert found.best == alone.best and found.iterations == alone.iterations
        assert np.array_equal(found.visits, alone.visits)
        assert np.array_equal(found.values, alone.values)


def test_states_of_one_game_played_on_many_threads_equal_the_same_moves_played_alone():
    game = stonefield.Lingarda(size=4)

    def play(seed: int) -> stonefield.State:
        state = game.start()
        bot = stonefield.RandomBot(seed=seed)
        while not state.is_over:
            state.play(bot.choose(state))
        return state

    with switching_often():
        together = run_together(play)
    assert [s.record() for s in together] == [play(i).record() for i in range(THREADS)]


def test_a_move_objects_python_code_runs_with_the_state_free():
    """Reading a move's ``action`` may run Python code, which lets other
    threads run: another thread plays meanwhile, and both moves land."""
    state = stonefield.Sunder(size=3).start()
    reached = threading.Event()
    failures: list[BaseException] = []

    class Slow:
        @property
        def action(self) -> int:
            reached.set()
            other.join()
            return 4

    def other_play() -> None:
        reached.wait()
        try:
            state.play("a1")
        except BaseException as error:
            failures.append(error)

    other = threading.Thread(target=other_play)
    other.start()
    state.play(Slow())
    assert failures == []
    assert state.moves == ["a1", state.action_text(4)]


def test_the_extension_does_not_enable_the_gil():
    import sysconfig

    if not sysconfig.get_config_var("Py_GIL_DISABLED"):
        pytest.skip("not a free-threaded build of Python")
    # Importing a module that needs the GIL turns it back on (with a warning).
    assert sys._is_gil_enabled() is False
