"""Random-playout speed of stonefield's games, side by side with OpenSpiel.

    python benches/bench_playouts.py                 # every game
    python benches/bench_playouts.py sunder anda     # some games
    python benches/bench_playouts.py --repeats 7 --seconds 2

Every figure is the median of ``--repeats`` runs. Each run of stonefield
follows a run of the OpenSpiel game it is compared with, and its ratio is
the median of the ratios of those pairs: the load of a shared machine at a
given moment weighs on both sides alike.
OpenSpiel (``pip install '.[bench]'``) is optional: without it the comparison
is skipped with a message.
"""

from __future__ import annotations

import os
import random
import statistics
import time
import timeit

import harness
import reference
import stonefield

HAVANNAH_9 = "havannah(board_size=9)"
GO_9 = "go(board_size=9)"
GO_19 = "go(board_size=19)"

#: Per game: the sizes to measure, each with the OpenSpiel game its ratio is
#: taken against (Anadil 15x15 against Go 19x19, its nearest in size).
SETUPS: dict[str, list[tuple[dict[str, int], str]]] = {
    "sunder": [({"size": 5}, HAVANNAH_9), ({"size": 7}, HAVANNAH_9), ({"size": 9}, HAVANNAH_9)],
    "anda": [({"size": 7}, GO_9), ({"size": 9}, GO_9)],
    "lingarda": [({"size": 7}, HAVANNAH_9), ({"size": 9}, HAVANNAH_9)],
    "esgrad": [({"size": 7}, HAVANNAH_9), ({"size": 9}, HAVANNAH_9), ({"size": 11}, HAVANNAH_9)],
    "anadil": [({"size": 9}, GO_9), ({"size": 15}, GO_19)],
}


def stonefield_rate(
    game: stonefield.Game,
    threads: int | None,
    seconds: float,
    repeats: int,
    against: reference.Playouts | None,
) -> tuple[float, float, float | None]:
    """Median moves per second of random playouts, the mean length, and with
    ``against`` the median ratio, per core, of each run to a run of the
    reference timed just before it."""
    probe = stonefield.simulate(game, games=64, seed=0, threads=threads)
    per_game = max(probe.seconds / 64, 1e-7)
    games = max(64, int(seconds / per_game))
    cores = threads or os.cpu_count() or 1
    rates, lengths, ratios = [], [], []
    for repeat in range(repeats):
        theirs = against.rate(seed=repeat + 2) if against else None
        result = stonefield.simulate(game, games=games, seed=repeat + 1, threads=threads)
        rates.append(result.summary.moves_per_second)
        lengths.append(result.summary.length_mean)
        if theirs:
            ratios.append(rates[-1] / cores / theirs)
    ratio = statistics.median(ratios) if ratios else None
    return statistics.median(rates), statistics.fmean(lengths), ratio


def call_costs(game: stonefield.Game, repeats: int) -> dict[str, float]:
    """Seconds per call of State.play and of trivial reads, from Python."""
    rng = random.Random(2)
    state = game.start()
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    moves = state.moves
    costs: dict[str, list[float]] = {
        "State.play(text)": [],
        "state.to_move": [],
        "state.is_over": [],
    }
    for _ in range(repeats):
        fresh = [game.start() for _ in range(20)]
        start = time.perf_counter()
        for s in fresh:
            for move in moves:
                s.play(move)
        costs["State.play(text)"].append((time.perf_counter() - start) / (20 * len(moves)))
        for name in ("to_move", "is_over"):
            reads = 200_000
            seconds = timeit.timeit(f"state.{name}", globals={"state": state}, number=reads)
            costs[f"state.{name}"].append(seconds / reads)
    return {k: statistics.median(v) for k, v in costs.items()}


def score_calls(game: stonefield.Game, repeats: int) -> float:
    """Median seconds per ``state.scores()`` call from Python, at the end of
    a random game (the fullest board a playout reaches)."""
    rng = random.Random(3)
    state = game.start()
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    calls = 20_000
    return statistics.median(
        timeit.timeit("state.scores()", globals={"state": state}, number=calls) / calls
        for _ in range(repeats)
    )


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("games", nargs="*", default=[g for g in SETUPS if g in stonefield.GAMES])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one timed run")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"{cores} cores; medians of {args.repeats} runs of about {args.seconds:g} s\n")

    references: dict[str, reference.Playouts] = {}
    if not reference.available():
        print("OpenSpiel is not installed (pip install '.[bench]'): no comparison.\n")
    header = f"{'engine':<34}{'threads':>8}{'mean len':>10}{'moves/s':>14}{'ns/move':>10}  ratio"
    for name in args.games:
        setups = SETUPS[name]
        rows = []
        for options, ref in setups:
            against = None
            if reference.available():
                if ref not in references:
                    references[ref] = reference.Playouts(ref, args.seconds)
                against = references[ref]
            game = stonefield.game(name, **options)
            single = None
            for threads in (1, None):
                rate, length, ratio = stonefield_rate(
                    game, threads, args.seconds, args.repeats, against
                )
                single = single or rate
                label = f"stonefield {game!r}"
                shown = threads or cores
                text = f"{ratio:.2f} per core vs {ref}" if ratio is not None else ""
                if threads is None:
                    text += f", {rate / single:.2f}x of 1 thread"
                rows.append(
                    f"{label:<34}{shown:>8}{length:>10.1f}{rate:>14,.0f}"
                    f"{1e9 / rate * shown:>10.0f}  {text}"
                )
        print(header)
        for ref in dict.fromkeys(ref for _, ref in setups):
            if ref in references:
                fig = references[ref].figure()
                print(
                    f"{'openspiel ' + ref:<34}{1:>8}{fig.mean_length:>10.1f}"
                    f"{fig.moves_per_second:>14,.0f}{fig.ns_per_move:>10.0f}  1.00"
                )
        print("\n".join(rows))
        print()

    if "esgrad" in args.games:
        for options, _ in SETUPS["esgrad"]:
            game = stonefield.game("esgrad", **options)
            seconds = score_calls(game, args.repeats)
            print(f"{game!r} state.scores() from Python: {1 / seconds:,.0f} calls/s")
        print()

    if "sunder" in args.games:
        game = stonefield.Sunder(size=9)
        ours = harness.text_loop(game, 30, seed=1)
        line = f"Python loop, legal_moves() + play(text), sunder 9: {ours * 1e6:.2f} us/move"
        if HAVANNAH_9 in references:
            theirs = references[HAVANNAH_9].python_loop
            line += (
                f"; OpenSpiel havannah 9 Python loop {theirs * 1e6:.2f} us/move;"
                f" ratio {theirs / ours:.2f}"
            )
        print(line)
        for what, seconds in call_costs(game, args.repeats).items():
            print(f"{what:<20} {seconds * 1e9:8.0f} ns per call")


if __name__ == "__main__":
    main()
