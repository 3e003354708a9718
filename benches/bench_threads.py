"""How random playouts and MCTS scale from one thread to two.

    python benches/bench_threads.py                  # Sunder 9 playouts, Sunder 7 MCTS
    python benches/bench_threads.py --repeats 9 --seconds 2

Each round times the same work on one thread and then on two, so the load
of a shared machine at a given moment weighs on both alike; the figures are
medians over ``--repeats`` rounds:

- wall: work per second of two threads over one thread's (2.00 is perfect);
- CPU: work per CPU second (all threads of the process) of one thread over
  two threads' (1.00 is perfect): below 1 when two threads spend CPU time one
  thread does not (contention, spinning, waiting), whatever the machine's
  load. On a busy machine the wall ratio also falls when other processes
  take a core, which the CPU ratio does not see.

The load averages before and after are printed beside the figures.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

import harness
import stonefield
from stonefield.bots import MCTS


def timed(run: Callable[[int, int], float], threads: int, seed: int) -> tuple[float, float, float]:
    """The amount ``run(threads, seed)`` did, its wall seconds and its CPU
    seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    amount = run(threads, seed)
    return amount, time.perf_counter() - wall, time.process_time() - cpu


def playouts(game: stonefield.Game, games: int, threads: int, seed: int) -> float:
    """Moves played by ``games`` random playouts."""
    result = stonefield.simulate(game, games=games, seed=seed, threads=threads)
    return float(sum(result.lengths))


def mcts(game: stonefield.Game, iterations: int, threads: int, seed: int) -> float:
    """Iterations run by one search from the start."""
    found = MCTS(iterations=iterations, seed=seed, threads=threads).analyse(game.start())
    return float(found.iterations)


def scaling(name: str, run: Callable[[int, int], float], repeats: int) -> None:
    """Prints the wall and CPU ratios of two threads to one for ``run(threads, seed)``."""
    wall, cpu = [], []
    for repeat in range(repeats):
        one = timed(run, 1, repeat)
        two = timed(run, 2, repeat)
        wall.append((two[0] / two[1]) / (one[0] / one[1]))
        cpu.append((two[0] / two[2]) / (one[0] / one[2]))
    print(
        f"{name:<48} wall {statistics.median(wall):.2f}x  CPU {statistics.median(cpu):.2f}"
        f"  (wall range {min(wall):.2f}-{max(wall):.2f})"
    )


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="one thread's run (1)")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; medians of {args.repeats} rounds")
    print(f"before: {harness.load()}\n")

    sunder9 = stonefield.Sunder(size=9)
    probe = stonefield.simulate(sunder9, games=200, seed=0, threads=1)
    games = max(200, int(args.seconds * 200 / probe.seconds))
    scaling(
        f"simulate {sunder9!r}, {games} games",
        lambda threads, seed: playouts(sunder9, games, threads, seed),
        args.repeats,
    )

    sunder7 = stonefield.Sunder(size=7)
    start = time.perf_counter()
    MCTS(iterations=500, threads=1).analyse(sunder7.start())
    iterations = max(500, int(args.seconds * 500 / (time.perf_counter() - start)))
    scaling(
        f"MCTS {sunder7!r}, {iterations} iterations",
        lambda threads, seed: mcts(sunder7, iterations, threads, seed),
        args.repeats,
    )
    print(f"\nafter: {harness.load()}")


if __name__ == "__main__":
    main()
