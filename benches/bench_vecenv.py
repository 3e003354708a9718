"""Steps per second of stonefield.VecEnv, side by side in one run with the
Python loop over States a new user would write and OpenSpiel's own
vectorised environment over havannah(9).

    python benches/bench_vecenv.py                    # every game, default size
    python benches/bench_vecenv.py sunder --size 9    # one game and size
    python benches/bench_vecenv.py --repeats 7 --seconds 1

A step is one action in every env with its observation and legal-action mask
written (random legal actions, from ``VecEnv.random_actions``). Every figure
is the median of ``--repeats`` runs; the runs of the things compared are
interleaved (VecEnv, Python loop, OpenSpiel, VecEnv, ...), and each ratio is
the median of the ratios within a round, so the load of a shared machine at
a given moment weighs on both sides alike. Per-core figures divide by the
threads used. OpenSpiel (``pip install '.[bench]'``) and pgx are optional:
without them their rows are skipped with a message.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import time
from collections.abc import Callable

import numpy as np
import stonefield

DEFAULT_SIZES = {"sunder": 9, "anda": 9, "anadil": 9, "lingarda": 9, "esgrad": 9}


def timed(run: Callable[[int], None], seconds: float) -> Callable[[], float]:
    """A probe that calls ``run(steps)`` with enough steps to fill about
    ``seconds`` and returns steps per second."""
    run(3)
    start = time.perf_counter()
    run(10)
    per_step = max((time.perf_counter() - start) / 10, 1e-7)
    steps = max(10, int(seconds / per_step))

    def rate() -> float:
        start = time.perf_counter()
        run(steps)
        return steps / (time.perf_counter() - start)

    return rate


def vecenv_run(game: stonefield.Game, envs: int, threads: int, dtype: str) -> Callable[[int], None]:
    env = stonefield.VecEnv(game, envs, threads=threads, observation_dtype=dtype)  # type: ignore[arg-type]

    def run(steps: int) -> None:
        for _ in range(steps):
            env.step(env.random_actions())

    return run


def python_loop_run(game: stonefield.Game, envs: int) -> Callable[[int], None]:
    """The loop of the new user: masks, a random legal action, ``play``, and
    one ``stonefield.observations`` per round."""
    rng = np.random.default_rng(0)
    states = [game.start() for _ in range(envs)]
    limit = stonefield.VecEnv(game, 1).max_moves

    def run(steps: int) -> None:
        for _ in range(steps):
            for i, state in enumerate(states):
                if state.is_over or state.ply >= limit:
                    states[i] = state = game.start()
                legal = np.flatnonzero(state.legal_action_mask())
                state.play(int(legal[rng.integers(len(legal))]))
            stonefield.observations(states)

    return run


def openspiel_run(envs: int) -> Callable[[int], None] | None:
    if importlib.util.find_spec("open_spiel") is None:
        return None
    from open_spiel.python import rl_agent, rl_environment
    from open_spiel.python.vector_env import SyncVectorEnv

    vec = SyncVectorEnv([rl_environment.Environment("havannah(board_size=9)") for _ in range(envs)])
    rng = np.random.default_rng(0)
    steps_box = [vec.reset()]

    def run(steps: int) -> None:
        time_steps = steps_box[0]
        for _ in range(steps):
            outputs = [
                rl_agent.StepOutput(
                    action=int(rng.choice(t.observations["legal_actions"][t.current_player()])),
                    probs=None,
                )
                for t in time_steps
            ]
            time_steps, _, _, _ = vec.step(outputs, reset_if_done=True)
        steps_box[0] = time_steps

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=sorted(DEFAULT_SIZES))
    parser.add_argument("--size", type=int, help="one size for every game named")
    parser.add_argument("--envs", type=int, nargs="+", default=[256, 1024])
    parser.add_argument("--openspiel-envs", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"load average {os.getloadavg()}; {cores} cores; medians of {args.repeats}")
    spiel = openspiel_run(args.openspiel_envs)
    if spiel is None:
        print("OpenSpiel is not installed: its row is skipped (pip install '.[bench]')")
    if importlib.util.find_spec("pgx") is None:
        print("pgx is not installed: its row is skipped")
    for name in args.games:
        game = stonefield.game(name, size=args.size or DEFAULT_SIZES[name])
        for envs in args.envs:
            probes: dict[str, tuple[Callable[[], float], int]] = {}
            for threads in sorted({1, cores}):
                for dtype in ("float32", "uint8"):
                    run = vecenv_run(game, envs, threads, dtype)
                    probes[f"VecEnv {dtype} threads={threads}"] = (
                        timed(run, args.seconds),
                        threads,
                    )
            loop = timed(python_loop_run(game, envs), args.seconds)
            probes["Python loop over States"] = (loop, 1)
            if spiel is not None:
                probes[f"OpenSpiel SyncVectorEnv havannah(9) x{args.openspiel_envs}"] = (
                    timed(spiel, args.seconds),
                    1,
                )
            rounds: dict[str, list[float]] = {key: [] for key in probes}
            for _ in range(args.repeats):
                for key, (probe, _) in probes.items():
                    rounds[key].append(probe())
            base = "VecEnv float32 threads=1"
            print(f"\n{game!r}, {envs} envs: env-steps per second (median), ratio of {base}")
            for key, rates in rounds.items():
                count = envs if key.startswith(("VecEnv", "Python")) else args.openspiel_envs
                per_core = [r * count / probes[key][1] for r in rates]
                ratio = statistics.median(
                    b * envs / (r * count / probes[key][1])
                    for b, r in zip(rounds[base], rates, strict=True)
                )
                print(
                    f"  {key:<48} {statistics.median(rates) * count:>12,.0f}"
                    f"  per core {statistics.median(per_core):>12,.0f}  x{ratio:,.1f}"
                )
            if cores > 1:
                two = f"VecEnv float32 threads={cores}"
                scaling = statistics.median(
                    t / o for t, o in zip(rounds[two], rounds[base], strict=True)
                )
                print(f"  {cores} threads over 1 (float32): x{scaling:.2f}")


if __name__ == "__main__":
    main()
