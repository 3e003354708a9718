"""Ctrl-C stops every long call within about a second, with
KeyboardInterrupt, leaving no thread running and the interpreter usable.

Each call runs in a child interpreter that says when it is about to start
the call; SIGINT is sent once the child is inside it, and the child must
report the interrupt and exit within 2 seconds.
"""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

CHILD = """
import sys, threading, time
import numpy as np
import stonefield
from stonefield.bots import MCTS, PUCT, Random, play_match
from stonefield.evaluators import Rollouts

def uniform(observations, masks):
    return masks.astype(np.float32), np.zeros(len(masks), np.float32)

def call():
{call}

print("ready", flush=True)
try:
    call()
except KeyboardInterrupt:
    # The interpreter is usable, and no worker is left running.
    assert stonefield.Sunder(size=3).start().legal_actions() is not None
    time.sleep(0.1)
    print("interrupted", threading.active_count(), flush=True)
    sys.exit(0)
print("finished", flush=True)
sys.exit(1)
"""

LONG_CALLS = {
    "simulate": "stonefield.simulate('sunder', games=10**8, size=9)",
    "simulate in one chunk": "stonefield.simulate('sunder', games=10**8, chunks=1, size=9)",
    "simulate on 2 threads": "stonefield.simulate('sunder', games=10**8, threads=2, size=9)",
    "mcts iterations": "MCTS(iterations=10**9).choose(stonefield.Sunder(size=9).start())",
    "mcts iterations 2 threads": (
        "MCTS(iterations=10**9, threads=2).choose(stonefield.Sunder(size=9).start())"
    ),
    "mcts seconds": "MCTS(seconds=60).analyse(stonefield.Sunder(size=9).start())",
    "play_match": (
        "play_match(stonefield.Sunder(size=9), MCTS(iterations=10**6), Random(), games=1000)"
    ),
    "analyze": "stonefield.analyze('sunder', games=10**8, size=9)",
    "puct, Rust evaluator": (
        "PUCT(Rollouts(1), seconds=600).choose(stonefield.Sunder(size=9).start())"
    ),
    "puct, long rounds on 2 threads": (
        "PUCT(Rollouts(10**5), seconds=600, threads=2).choose(stonefield.Sunder(size=9).start())"
    ),
    "puct, Python evaluator": (
        "PUCT(uniform, seconds=600).choose(stonefield.Sunder(size=9).start())"
    ),
    "self-play, Rust evaluator": (
        "stonefield.selfplay('sunder', Rollouts(1), games=10**6, simulations=400, size=9)"
    ),
    "self-play, Python evaluator": (
        "stonefield.selfplay('sunder', uniform, games=10**6, simulations=400, threads=2, size=9)"
    ),
    "observations": (
        "s = [stonefield.Sunder(size=9).start()] * 10_000\n"
        "for _ in range(10**6): stonefield.observations(s)"
    ),
}


def interrupted(call: str, ready: str = "ready") -> tuple[float, str]:
    """Runs `call` in a child, interrupts it once the child has printed the
    line `ready`, and returns the seconds from SIGINT to the child's exit
    and what the child printed."""
    script = CHILD.format(call=textwrap.indent(call, "    "))
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() == ready:
                break
        else:
            raise AssertionError(f"the child ended before {ready!r}: {child.communicate()}")
        # Inside the call by now; a signal that came earlier would be
        # raised by Python itself, which the test would also accept.
        time.sleep(0.5)
        sent = time.monotonic()
        os.kill(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=30)
        return time.monotonic() - sent, out + err
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.parametrize("name", list(LONG_CALLS))
def test_a_long_call_stops_on_ctrl_c(name: str) -> None:
    took, output = interrupted(LONG_CALLS[name])
    assert "interrupted 1" in output, output
    assert "PanicException" not in output
    assert took < 2.0, f"{name} took {took:.2f} s to stop"


def test_ctrl_c_during_the_first_array_is_not_a_panic() -> None:
    # The first call that makes an array used to load numpy's C API then,
    # and a pending KeyboardInterrupt turned that into a Rust panic.
    took, output = interrupted("MCTS(seconds=3).analyse(stonefield.Sunder(size=5).start())")
    assert "PanicException" not in output
    assert "interrupted 1" in output, output
    assert took < 2.0


#: Calls of the design report that run searches for long, each stopped in
#: the stage it names (the stage's progress says when it has begun).
SUNDER_9 = "stonefield.Sunder(size=9)"
STAGES = {
    "random games: evaluating positions": (
        "stonefield.analyze('sunder', size=9, games=2, evaluated_games=2,"
        " evaluation_iterations=10**6, skill_levels=0, stage_progress=progress)"
    ),
    "random games by komi": (
        "stonefield.analyze('sunder', size=9, games=2000, komi_range=(-50, 50),"
        " evaluated_games=0, skill_levels=0, stage_progress=progress)"
    ),
    "MCTS self-play (1000000 it.)": (
        "stonefield.analyze('sunder', size=9, games=2, bot='mcts', iterations=10**6,"
        " evaluated_games=0, skill_levels=0, stage_progress=progress)"
    ),
    "skill trace": (
        "stonefield.analyze('sunder', size=9, games=2, evaluated_games=0, skill_levels=4,"
        " skill_base=10**5, stage_progress=progress)"
    ),
    "tournament": (
        f"stonefield.tournament({SUNDER_9}, ['random', 'mcts:2000', 'mcts:4000'],"
        " games_per_pair=200, progress=lambda done, total: progress('tournament', done, total))"
    ),
    "tournament with a Python player": (
        f"stonefield.tournament({SUNDER_9}, [lambda s: s.legal_move_objects()[0],"
        " MCTS(iterations=10**9, threads=2)], games_per_pair=2,"
        " progress=lambda done, total: progress('tournament with a Python player', done, total))"
    ),
    "skill trace alone": (
        f"stonefield.metrics.skill_trace({SUNDER_9}, levels=4, games=1000, base=1000,"
        " progress=lambda done, total: progress('skill trace alone', done, total))"
    ),
}

#: Says "in STAGE" when a stage begins.
STAGE_PROGRESS = """
def progress(stage, done, total):
    if done == 0:
        print("in", stage, flush=True)
"""


@pytest.mark.parametrize("stage", list(STAGES))
def test_every_stage_of_the_design_report_stops_on_ctrl_c(stage: str) -> None:
    took, output = interrupted(STAGE_PROGRESS + STAGES[stage], ready=f"in {stage}")
    assert "interrupted 1" in output, output
    assert "PanicException" not in output
    assert took < 2.0, f"{stage} took {took:.2f} s to stop"
