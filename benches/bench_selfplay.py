"""Self-play simulations per second: stonefield's PUCT self-play against
OpenSpiel's Python MCTS, and stonefield's own MCTS, in one run.

Each round of measurements times every contender once, interleaved, and the
report gives each one's median and the median of the paired ratios, so that
the load of a shared machine falls on all alike. Beside the wall-clock rates
it gives, for the contenders whose whole work runs on the measuring thread
(the Python evaluators' one-thread self-play, and OpenSpiel), simulations per
second of that thread's own CPU time, which the other work of a shared
machine changes far less. (With a built-in evaluator, stonefield runs the
search on a thread of its own, and with all threads on many.) Two Python evaluators:

- trivial: uniform priors over the legal actions and value 0, which measures
  the search and batching machinery;
- linear: a fixed random linear layer from the flattened observation to the
  prior logits (softmax over the legal actions) and ``tanh`` of a second one
  for the value, which measures a network-bound case.

stonefield plays Sunder side 9 by self-play, 256 games at once and 64
simulations per move, with one thread and with every thread; OpenSpiel's
``MCTSBot`` searches ``havannah(board_size=9)`` (the same board) with Python
evaluators computing the same two things. numpy's BLAS is held to one
thread, so that "one thread" is one core.

Run: ``python benches/bench_selfplay.py [--rounds 5] [--plies 6]``

Instructions a simulation of the trivial evaluator's self-play, by callgrind
over a 3-ply run less a 1-ply one (which leaves out start-up, and the same
256 games' first searches), divided by the simulations between them::

    valgrind --tool=callgrind --callgrind-out-file=/tmp/sp3.cg \
        python benches/bench_selfplay.py --profile 3
    (the same with --profile 1)
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np
import stonefield
from stonefield.bots import MCTS
from stonefield.evaluators import Uniform

SIMULATIONS = 64
CONCURRENT = 256


def trivial(observations, masks):
    return masks.astype(np.float32), np.zeros(len(masks), np.float32)


class Linear:
    """Prior logits ``x @ W`` and value ``tanh(x @ v)`` of the flattened
    observation ``x``, for fixed random ``W`` and ``v``."""

    def __init__(self, inputs: int, actions: int, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.weights = rng.normal(0, 1 / np.sqrt(inputs), (inputs, actions)).astype(np.float32)
        self.value = rng.normal(0, 1 / np.sqrt(inputs), inputs).astype(np.float32)

    def __call__(self, observations, masks):
        x = observations.reshape(len(observations), -1)
        logits = x @ self.weights
        logits = np.where(masks, logits, -np.inf)
        priors = np.exp(logits - logits.max(axis=1, keepdims=True))
        priors /= priors.sum(axis=1, keepdims=True)
        return priors, np.tanh(x @ self.value)


#: A measurement: simulations per second of wall time, and of CPU time.
Rates = tuple[float, float]


class Clock:
    """Wall and CPU time from when it is made."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.thread_time()

    def rates(self, simulations: int) -> Rates:
        wall, cpu = time.perf_counter() - self.wall, time.thread_time() - self.cpu
        return simulations / wall, simulations / cpu


def selfplay_simulations(evaluator, threads: int | None, plies: int) -> int:
    """Plays the first ``plies`` plies of ``CONCURRENT`` games of Sunder 9 by
    self-play, and returns the simulations searched."""
    data = stonefield.selfplay(
        stonefield.Sunder(size=9),
        evaluator,
        CONCURRENT,
        concurrent=CONCURRENT,
        simulations=SIMULATIONS,
        max_moves=plies,
        threads=threads,
        temperature_moves=plies,
    )
    return int(np.count_nonzero(data.masks.sum(axis=1) > 1)) * SIMULATIONS


def stonefield_selfplay(evaluator, threads: int | None, plies: int) -> Callable[[], Rates]:
    """Simulations per second of one self-play run of the first ``plies``
    plies of ``CONCURRENT`` games."""

    def run() -> Rates:
        clock = Clock()
        return clock.rates(selfplay_simulations(evaluator, threads, plies))

    return run


def stonefield_mcts(iterations: int = 20_000) -> Callable[[], Rates]:
    state = stonefield.Sunder(size=9).start()
    bot = MCTS(iterations=iterations)

    def run() -> Rates:
        clock = Clock()
        bot.analyse(state)
        return clock.rates(iterations)

    return run


def openspiel_mcts(linear: bool, moves: int = 4) -> Callable[[], Rates]:
    import pyspiel
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("havannah(board_size=9)")
    actions = game.num_distinct_actions()
    inputs = int(np.prod(game.observation_tensor_shape()))
    network = Linear(inputs, actions)

    class Trivial(mcts.Evaluator):
        def evaluate(self, state):
            return np.zeros(2)

        def prior(self, state):
            legal = state.legal_actions()
            return [(a, 1.0 / len(legal)) for a in legal]

    class OneLayer(mcts.Evaluator):
        def _answer(self, state):
            x = np.asarray(state.observation_tensor(), np.float32)[None]
            mask = np.zeros((1, actions), bool)
            mask[0, state.legal_actions()] = True
            return network(x, mask)

        def evaluate(self, state):
            _, value = self._answer(state)
            v = float(value[0])
            player = state.current_player()
            return np.array([v, -v] if player == 0 else [-v, v])

        def prior(self, state):
            priors, _ = self._answer(state)
            return [(a, float(priors[0, a])) for a in state.legal_actions()]

    evaluator = OneLayer() if linear else Trivial()
    bot = mcts.MCTSBot(
        game,
        uct_c=1.4,
        max_simulations=SIMULATIONS,
        evaluator=evaluator,
        solve=False,
        random_state=np.random.RandomState(0),
    )

    def run() -> Rates:
        state = game.new_initial_state()
        clock = Clock()
        for _ in range(moves):
            state.apply_action(bot.step(state))
        return clock.rates(moves * SIMULATIONS)

    return run


def on_this_thread(name: str) -> bool:
    """Whether the contender ``name`` does all its work on the calling thread."""
    return name.startswith("OpenSpiel") or name.endswith(("trivial, 1 thread", "linear, 1 thread"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="paired rounds (5)")
    parser.add_argument("--plies", type=int, default=6, help="plies of each self-play game (6)")
    parser.add_argument(
        "--profile",
        type=int,
        metavar="PLIES",
        help="only play PLIES plies of the trivial evaluator's self-play on one thread, "
        "and print the simulations searched (for a profiler)",
    )
    args = parser.parse_args()
    if args.profile is not None:
        print(f"{selfplay_simulations(trivial, 1, args.profile)} simulations")
        return
    network = Linear(int(np.prod(stonefield.Sunder(size=9).observation_shape)), 218)
    contenders: dict[str, Callable[[], Rates]] = {
        "stonefield PUCT self-play, Rust Uniform, 1 thread": stonefield_selfplay(
            Uniform(), 1, args.plies
        ),
        "stonefield PUCT self-play, trivial, 1 thread": stonefield_selfplay(trivial, 1, args.plies),
        "stonefield PUCT self-play, trivial, all threads": stonefield_selfplay(
            trivial, None, args.plies
        ),
        "stonefield PUCT self-play, linear, 1 thread": stonefield_selfplay(network, 1, args.plies),
        "stonefield PUCT self-play, linear, all threads": stonefield_selfplay(
            network, None, args.plies
        ),
        "OpenSpiel Python MCTSBot, trivial": openspiel_mcts(linear=False),
        "OpenSpiel Python MCTSBot, linear": openspiel_mcts(linear=True),
        "stonefield MCTS, random rollouts, 1 thread": stonefield_mcts(),
    }
    rates: dict[str, list[Rates]] = {name: [] for name in contenders}
    for _ in range(args.rounds):
        for name, run in contenders.items():
            rates[name].append(run())
    print(f"simulations per second, median of {args.rounds} paired rounds ({os.cpu_count()} cores)")
    for clock, column in (("wall time", 0), ("the measuring thread's CPU time", 1)):
        print(f"-- of {clock}")
        openspiel = {
            kind: [r[column] for r in rates[f"OpenSpiel Python MCTSBot, {kind}"]]
            for kind in ("trivial", "linear")
        }
        for name, measured in rates.items():
            if column == 1 and not on_this_thread(name):
                continue
            values = [r[column] for r in measured]
            line = f"{name:52s} {statistics.median(values):>10,.0f}"
            for kind, base in openspiel.items():
                if f", {kind}," in name:
                    ratio = statistics.median(v / b for v, b in zip(values, base, strict=True))
                    line += f"   {ratio:6.1f}x OpenSpiel {kind}"
            print(line)


if __name__ == "__main__":
    main()
