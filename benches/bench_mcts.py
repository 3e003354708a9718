"""MCTS iterations per second of every game, side by side with OpenSpiel.

    python benches/bench_mcts.py                       # every game, 20000 iterations
    python benches/bench_mcts.py sunder --iterations 50000 --repeats 7

One iteration is one selection, expansion, random rollout to the end of the
game and backup. Each game is searched from its start position at its
default size, on one thread and on every core (root parallelism), and
OpenSpiel's C++ ``MCTSBot`` with a one-rollout ``RandomRolloutEvaluator`` is
timed on Hex 11 (121 cells, and so close to Sunder's default 127) with the
same iteration budget, in the same run (a game whose searches would take
more than ``--seconds`` gets fewer iterations, and the table says so). The
searches interleave: each round times OpenSpiel, then every game on one
thread and on every core. Every figure is the median of ``--repeats``
rounds, and each ratio the median of the ratios within a round, so that the
load of a shared machine at a given moment weighs on both sides alike; the
load averages before and after are printed too. The scaling over threads is
the fastest every-core search over the fastest one-thread search, printed
with the median number of cores the every-core searches held (the process's
CPU time over the wall time): Linux shares the cores out between sessions
before threads, so while another session is busy a search of two threads
may hold one core, and a median of such rounds measures the machine's load
rather than the search. Without OpenSpiel (``pip install '.[bench]'``) the
comparison is skipped with a message.
"""

from __future__ import annotations

import os
import statistics
import time

import harness
import reference
import stonefield
from stonefield.bots import MCTS

#: The OpenSpiel game measured beside ours.
OPENSPIEL_GAME = "hex(board_size=11)"


def iterations_for(game: stonefield.Game, iterations: int, threads: int, seconds: float) -> int:
    """``iterations``, or fewer for a game whose rollouts are so long that a
    search would take more than ``seconds`` (a probe search also warms up)."""
    probe = MCTS(iterations=200, threads=threads)
    start = time.perf_counter()
    probe.analyse(game.start())
    per_iteration = (time.perf_counter() - start) / 200
    return max(200, min(iterations, int(seconds / per_iteration)))


def stonefield_rate(
    game: stonefield.Game, iterations: int, threads: int, seed: int
) -> tuple[float, float]:
    """Iterations per second of one search from the start position, and the
    cores it held (the process's CPU time over the wall time)."""
    bot = MCTS(iterations=iterations, seed=seed, threads=threads)
    state = game.start()
    start, cpu = time.perf_counter(), time.process_time()
    found = bot.analyse(state)
    wall = time.perf_counter() - start
    return found.iterations / wall, (time.process_time() - cpu) / wall


def openspiel_rate(iterations: int, seed: int) -> float:
    """Iterations per second of one search of OpenSpiel's C++ MCTSBot (one
    core) from the start of Hex 11."""
    pyspiel = reference.pyspiel
    game = pyspiel.load_game(OPENSPIEL_GAME)
    bot = pyspiel.MCTSBot(
        game,
        pyspiel.RandomRolloutEvaluator(1, seed),
        1.4,  # the same exploration constant as stonefield's default
        iterations,
        1000,  # MB of tree before OpenSpiel stops growing it
        False,  # no solver: plain UCT, like ours
        seed,
        False,
    )
    state = game.new_initial_state()
    start = time.perf_counter()
    bot.step(state)
    return iterations / (time.perf_counter() - start)


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("games", nargs="*", default=list(stonefield.GAMES))
    parser.add_argument("--iterations", type=int, default=20_000, help="per search (20000)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="cap on one search: fewer iterations (3)"
    )
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"{cores} cores; {args.iterations} iterations per search; medians of {args.repeats}")
    print(f"before: {harness.load()}\n")
    if not reference.available():
        print("OpenSpiel is not installed (pip install '.[bench]'): no comparison.")

    setups = [
        (stonefield.game(name), threads) for name in args.games for threads in sorted({1, cores})
    ]
    used = {
        (game.name, threads): iterations_for(game, args.iterations, threads, args.seconds)
        for game, threads in setups
    }
    theirs: list[float] = []
    ours: dict[tuple[str, int], list[float]] = {key: [] for key in used}
    held: dict[tuple[str, int], list[float]] = {key: [] for key in used}
    for repeat in range(args.repeats):
        if reference.available():
            theirs.append(openspiel_rate(args.iterations, repeat + 1))
        for game, threads in setups:
            key = (game.name, threads)
            rate, cores_held = stonefield_rate(game, used[key], threads, repeat)
            ours[key].append(rate)
            held[key].append(cores_held)

    width = 52
    print(f"{'engine':<{width}}{'threads':>8}{'iterations/s':>14}{'per core':>12}  ratio per core")
    if theirs:
        base = statistics.median(theirs)
        label = f"openspiel MCTSBot {OPENSPIEL_GAME}"
        print(f"{label:<{width}}{1:>8}{base:>14,.0f}{base:>12,.0f}  1.00")
    for game, threads in setups:
        key = (game.name, threads)
        rates = ours[key]
        rate = statistics.median(rates)
        text = ""
        if theirs:
            per_core = [r / threads / t for r, t in zip(rates, theirs, strict=True)]
            text = f"{statistics.median(per_core):.2f}"
        if threads > 1:
            scaling = max(rates) / max(ours[(game.name, 1)])
            text += f", fastest {scaling:.2f}x of 1 thread's"
            text += f" on {statistics.median(held[key]):.2f} cores"
        if used[key] < args.iterations:
            text += f"  ({used[key]} iterations per search)"
        label = f"stonefield MCTS {game!r}"
        print(f"{label:<{width}}{threads:>8}{rate:>14,.0f}{rate / threads:>12,.0f}  {text}")
    print(f"\nafter: {harness.load()}")


if __name__ == "__main__":
    main()
