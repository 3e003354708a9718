"""How random playouts and MCTS scale from one thread to two, beside what
the machine itself gives two independent workers.

    python benches/bench_threads.py                  # every game's playouts, MCTS on two
    python benches/bench_threads.py esgrad sunder    # some games
    python benches/bench_threads.py --repeats 9 --seconds 2

Each round times the same work on one thread, then on two threads of one
process, then as two one-thread processes started together, so the load of
a shared machine at a given moment weighs on all three alike; the figures
are medians over ``--repeats`` rounds:

- wall: work per second of two threads over one thread's (2.00 is perfect);
- CPU: work per CPU second (all threads of the process) of one thread over
  two threads' (1.00 is perfect): below 1 when two threads spend CPU time one
  thread does not (contention, spinning, waiting), whatever the machine's
  load. On a busy machine the wall ratio also falls when other processes
  take a core, which the CPU ratio does not see;
- two processes: work per second of two one-thread processes that share
  nothing but the machine, over one thread's: the most two threads can give
  on this machine (cores that share a cache, a memory bus or, on a virtual
  machine, a physical core lose some of the second core's work whatever the
  program does). "of that" is the wall ratio over it.

The load averages before and after are printed beside the figures.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.queues
import multiprocessing.synchronize
import os
import statistics
import time
from dataclasses import dataclass

import harness
import stonefield
from stonefield.bots import MCTS


@dataclass(frozen=True)
class Work:
    """A fixed amount of work: ``amount`` random playouts of a game, or one
    search of ``amount`` MCTS iterations from its start."""

    game: str
    size: int
    kind: str  # "playouts" or "mcts"
    amount: int

    def run(self, threads: int, seed: int) -> float:
        """Does the work; returns the moves played or iterations run."""
        game = stonefield.game(self.game, size=self.size)
        if self.kind == "playouts":
            result = stonefield.simulate(game, games=self.amount, seed=seed, threads=threads)
            return float(sum(result.lengths))
        found = MCTS(iterations=self.amount, seed=seed, threads=threads).analyse(game.start())
        return float(found.iterations)


#: The playouts of each game at the size its speed is quoted for, and MCTS
#: on the two games whose search the MCTS bench times.
PLAYOUTS = {"sunder": 9, "anda": 9, "anadil": 15, "lingarda": 9, "esgrad": 9}
SEARCHES = {"sunder": 7, "lingarda": 9}


def timed(work: Work, threads: int, seed: int) -> tuple[float, float, float]:
    """The amount ``work`` did on ``threads`` threads, its wall seconds and
    its CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    amount = work.run(threads, seed)
    return amount, time.perf_counter() - wall, time.process_time() - cpu


def worker(
    work: Work,
    seed: int,
    ready: multiprocessing.synchronize.Barrier,
    results: multiprocessing.queues.Queue[tuple[float, float, float]],
) -> None:
    """One of two processes: warms up, waits for the other, does the work on
    one thread and reports the amount and when it started and ended (the
    monotonic clock is the machine's, so the two compare)."""
    work.run(1, seed + 1000)
    ready.wait()
    start = time.perf_counter()
    amount = work.run(1, seed)
    results.put((amount, start, time.perf_counter()))


def two_processes(work: Work, seed: int) -> float:
    """Work per second of two one-thread processes started together."""
    context = multiprocessing.get_context("spawn")
    ready = context.Barrier(2)
    results: multiprocessing.queues.Queue[tuple[float, float, float]] = context.Queue()
    processes = [
        context.Process(target=worker, args=(work, seed + k, ready, results)) for k in range(2)
    ]
    for process in processes:
        process.start()
    done = [results.get() for _ in processes]
    for process in processes:
        process.join()
    seconds = max(end for _, _, end in done) - min(start for _, start, _ in done)
    return sum(amount for amount, _, _ in done) / seconds


def sized(game: str, size: int, kind: str, seconds: float) -> Work:
    """The work of ``kind`` on ``game`` that takes one thread about
    ``seconds``, scaled from a probe that runs long enough (a tenth of a
    second) for its start-up not to count."""
    probe = Work(game, size, kind, 64 if kind == "playouts" else 500)
    while True:
        start = time.perf_counter()
        probe.run(1, 0)
        took = time.perf_counter() - start
        if took >= 0.1:
            break
        probe = Work(game, size, kind, probe.amount * 2)
    return Work(game, size, kind, max(probe.amount, int(probe.amount * seconds / took)))


def scaling(work: Work, repeats: int) -> None:
    """Prints the wall and CPU ratios of two threads to one, and two
    processes' ratio to one thread."""
    wall, cpu, apart = [], [], []
    for repeat in range(repeats):
        one = timed(work, 1, repeat)
        two = timed(work, 2, repeat)
        single = one[0] / one[1]
        wall.append((two[0] / two[1]) / single)
        cpu.append((two[0] / two[2]) / (one[0] / one[2]))
        apart.append(two_processes(work, repeat) / single)
    name = f"{work.kind} {work.game} {work.size}, {work.amount}"
    two_threads, ceiling = statistics.median(wall), statistics.median(apart)
    print(
        f"{name:<34} wall {two_threads:.2f}x  CPU {statistics.median(cpu):.2f}"
        f"  two processes {ceiling:.2f}x  of that {two_threads / ceiling:.2f}"
        f"  (wall range {min(wall):.2f}-{max(wall):.2f})"
    )


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("games", nargs="*", help=f"some of {', '.join(PLAYOUTS)} (all)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="one thread's run (1)")
    args = parser.parse_args()
    games: list[str] = args.games or list(PLAYOUTS)
    if unknown := set(games) - set(PLAYOUTS):
        parser.error(f"unknown game {', '.join(sorted(unknown))}")
    print(f"{os.cpu_count()} cores; medians of {args.repeats} rounds")
    print(f"before: {harness.load()}\n")
    for game in games:
        scaling(sized(game, PLAYOUTS[game], "playouts", args.seconds), args.repeats)
    for game in games:
        if game in SEARCHES:
            scaling(sized(game, SEARCHES[game], "mcts", args.seconds), args.repeats)
    print(f"\nafter: {harness.load()}")


if __name__ == "__main__":
    main()
