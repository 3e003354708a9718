"""MCTS iterations per second of every game, side by side with OpenSpiel.

    python benches/bench_mcts.py                       # every game, 20000 iterations
    python benches/bench_mcts.py sunder --iterations 50000 --repeats 7

One iteration is one selection, expansion, random rollout to the end of the
game and backup. Each game is searched from its start position at its
default size, on one thread and on every core (root parallelism), and
OpenSpiel's C++ ``MCTSBot`` with a one-rollout ``RandomRolloutEvaluator`` is
timed on Hex 11 (121 cells, and so close to Sunder's default 127) with the
same iteration budget, in the same run (a game whose searches would take
more than ``--seconds`` gets fewer iterations, and the table says so). Every figure is the median of
``--repeats`` searches. Without OpenSpiel (``pip install '.[bench]'``) the
comparison is skipped with a message.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import reference
import stonefield
from stonefield.bots import MCTS

#: The OpenSpiel game measured beside ours.
OPENSPIEL_GAME = "hex(board_size=11)"


def stonefield_rate(
    game: stonefield.Game, iterations: int, threads: int, repeats: int, seconds: float
) -> tuple[float, int]:
    """Median iterations per second of a search from the start position, and
    the iterations per search: ``iterations``, or fewer for a game whose
    rollouts are so long that a search would take more than ``seconds``."""
    state = game.start()
    probe = MCTS(iterations=200, threads=threads)
    start = time.perf_counter()
    probe.analyse(state)  # also warms up
    per_iteration = (time.perf_counter() - start) / 200
    iterations = max(200, min(iterations, int(seconds / per_iteration)))
    rates = []
    for repeat in range(repeats):
        bot = MCTS(iterations=iterations, seed=repeat, threads=threads)
        start = time.perf_counter()
        found = bot.analyse(state)
        rates.append(found.iterations / (time.perf_counter() - start))
    return statistics.median(rates), iterations


def openspiel_rate(iterations: int, repeats: int) -> float:
    """Median iterations per second of OpenSpiel's C++ MCTSBot (one core)."""
    pyspiel = reference.pyspiel
    game = pyspiel.load_game(OPENSPIEL_GAME)
    rates = []
    for repeat in range(repeats):
        bot = pyspiel.MCTSBot(
            game,
            pyspiel.RandomRolloutEvaluator(1, repeat + 1),
            1.4,  # the same exploration constant as stonefield's default
            iterations,
            1000,  # MB of tree before OpenSpiel stops growing it
            False,  # no solver: plain UCT, like ours
            repeat + 1,
            False,
        )
        state = game.new_initial_state()
        start = time.perf_counter()
        bot.step(state)
        rates.append(iterations / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", default=list(stonefield.GAMES))
    parser.add_argument("--iterations", type=int, default=20_000, help="per search (20000)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="cap on one search: fewer iterations (3)"
    )
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"{cores} cores; {args.iterations} iterations per search; medians of {args.repeats}\n")

    base = None
    width = 52
    print(f"{'engine':<{width}}{'threads':>8}{'iterations/s':>14}{'per core':>12}  ratio per core")
    if reference.available():
        base = openspiel_rate(args.iterations, args.repeats)
        label = f"openspiel MCTSBot {OPENSPIEL_GAME}"
        print(f"{label:<{width}}{1:>8}{base:>14,.0f}{base:>12,.0f}  1.00")
    else:
        print("OpenSpiel is not installed (pip install '.[bench]'): no comparison.")
    for name in args.games:
        game = stonefield.game(name)
        for threads in sorted({1, cores}):
            rate, used = stonefield_rate(game, args.iterations, threads, args.repeats, args.seconds)
            per_core = rate / threads
            ratio = f"{per_core / base:.2f}" if base else ""
            label = f"stonefield MCTS {game!r}"
            if used < args.iterations:
                ratio += f"  ({used} iterations per search)"
            print(f"{label:<{width}}{threads:>8}{rate:>14,.0f}{per_core:>12,.0f}  {ratio}")


if __name__ == "__main__":
    main()
