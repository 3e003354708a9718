"""Python-driven stepping: a game played move by move from Python, side by
side with OpenSpiel's own Python loop.

    python benches/bench_python.py                 # Sunder 9 against Havannah 9
    python benches/bench_python.py --repeats 9 --games 40

Three loops play random games to the end, each choosing uniformly among
the legal moves with Python's ``random``:

- text: ``state.play(rng.choice(state.legal_moves()))``;
- action: ``state.play(int(rng.choice(state.legal_actions())))``, the
  actions as a numpy array and the move as an integer;
- OpenSpiel: ``state.apply_action(rng.choice(state.legal_actions()))`` on
  ``havannah(board_size=9)``, the nearest OpenSpiel game to Sunder 9 (the
  same 217-cell hexagon).

The runs interleave (OpenSpiel, text, action, OpenSpiel, ...), each figure is
the median over ``--repeats`` runs of ``--games`` games, and each ratio is
the median of the ratios within a run: the load of a shared machine at a
given moment weighs on both sides alike. Then single calls are timed, ours
and OpenSpiel's, on a position in mid-game. Without OpenSpiel (``pip install
'.[bench]'``) the comparison is skipped with a message.
"""

from __future__ import annotations

import random
import statistics
import time
import timeit
from collections.abc import Callable
from typing import Any

import harness
import reference
import stonefield

HAVANNAH_9 = "havannah(board_size=9)"


def mid_game(game: stonefield.Game, plies: int) -> stonefield.State:
    """A random position ``plies`` moves in (or the end, if sooner)."""
    rng = random.Random(3)
    state = game.start()
    while not state.is_over and state.ply < plies:
        state.play(rng.choice(state.legal_moves()))
    return state


def per_call(statement: str, names: dict[str, Any], repeats: int) -> float:
    """Seconds of one evaluation of ``statement``, less the loop's own cost
    (``pass`` timed the same way): the fastest of many short runs, since on a
    shared machine only the fastest escape being interrupted."""
    number, runs = 1000, 40 * repeats
    empty = min(timeit.repeat("pass", number=number, repeat=runs)) / number
    best = min(timeit.repeat(statement, globals=names, number=number, repeat=runs))
    return best / number - empty


def play_calls(game: stonefield.Game, moves: list[Any], repeats: int) -> float:
    """Seconds per ``play`` of ``moves`` from the start (text or action
    numbers): the fastest of many games, each on a fresh state made
    beforehand."""
    fresh = [game.start() for _ in range(40 * repeats)]
    best = float("inf")
    for state in fresh:
        start = time.perf_counter()
        for move in moves:
            state.play(move)
        best = min(best, time.perf_counter() - start)
    return best / len(moves)


def openspiel_apply_calls(game: Any, actions: list[int], repeats: int) -> float:
    """Seconds per OpenSpiel ``apply_action`` of ``actions``, timed as
    :func:`play_calls` does."""
    fresh = [game.new_initial_state() for _ in range(40 * repeats)]
    best = float("inf")
    for state in fresh:
        start = time.perf_counter()
        for action in actions:
            state.apply_action(action)
        best = min(best, time.perf_counter() - start)
    return best / len(actions)


def main() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--games", type=int, default=30, help="random games per run (30)")
    args = parser.parse_args()
    game = stonefield.Sunder(size=9)
    theirs = reference.pyspiel.load_game(HAVANNAH_9) if reference.available() else None
    if theirs is None:
        print("OpenSpiel is not installed (pip install '.[bench]'): no comparison.\n")

    loops: dict[str, Callable[[int], float]] = {
        "text": lambda seed: harness.text_loop(game, args.games, seed),
        "action": lambda seed: harness.action_loop(game, args.games, seed),
    }
    if theirs is not None:
        loops = {
            "openspiel": lambda seed: reference.python_random_games(theirs, args.games, seed)[1],
            **loops,
        }
    for loop in loops.values():
        loop(0)  # warm up
    seconds: dict[str, list[float]] = {name: [] for name in loops}
    for repeat in range(args.repeats):
        for name, loop in loops.items():
            seconds[name].append(loop(repeat + 1))

    print(f"random games move by move from Python; medians of {args.repeats} runs\n")
    labels = {
        "openspiel": f"openspiel {HAVANNAH_9}: legal_actions() + apply_action",
        "text": f"stonefield {game!r}: legal_moves() + play(text)",
        "action": f"stonefield {game!r}: legal_actions() + play(int)",
    }
    for name, runs in seconds.items():
        line = f"{labels[name]:<62}{statistics.median(runs) * 1e9:8.0f} ns/move"
        if theirs is not None and name != "openspiel":
            ratio = statistics.median(
                o / s for o, s in zip(seconds["openspiel"], runs, strict=True)
            )
            line += f"  {ratio:.2f}x OpenSpiel"
        print(line)

    state = mid_game(game, 40)
    names: dict[str, Any] = {
        "state": state,
        "legal": state.legal_moves(),
        "text": state.legal_moves()[0],
    }
    calls = {
        "state.to_move": "state.to_move",
        "state.ply": "state.ply",
        "state.is_over": "state.is_over",
        "state.legal_moves()": "state.legal_moves()",
        "state.legal_actions()": "state.legal_actions()",
        "len(legal)": "len(legal)",
        "legal[0]": "legal[0]",
        "state.is_legal(text)": "state.is_legal(text)",
    }
    print(
        f"\nsingle calls on {game!r} at ply {state.ply} (fastest runs, loop overhead taken off)\n"
    )
    for label, statement in calls.items():
        cost = per_call(statement, names, args.repeats)
        print(f"{label:<40}{cost * 1e9:8.0f} ns")
    finished = mid_game(game, 10**6)
    moves, actions = finished.moves, finished.actions
    for label, played in (("state.play(text)", moves), ("state.play(int)", actions)):
        cost = play_calls(game, played, args.repeats)
        print(f"{label:<40}{cost * 1e9:8.0f} ns  (from the start, {len(played)} moves)")
    if theirs is not None:
        other = theirs.new_initial_state()
        rng = random.Random(3)
        for _ in range(40):
            other.apply_action(rng.choice(other.legal_actions()))
        names = {"state": other}
        print()
        for statement in ("state.current_player()", "state.is_terminal()", "state.legal_actions()"):
            cost = per_call(statement, names, args.repeats)
            print(f"openspiel {statement:<30}{cost * 1e9:8.0f} ns")
        history = []
        other = theirs.new_initial_state()
        while not other.is_terminal():
            history.append(rng.choice(other.legal_actions()))
            other.apply_action(history[-1])
        cost = openspiel_apply_calls(theirs, history, args.repeats)
        print(f"openspiel {'state.apply_action(int)':<30}{cost * 1e9:8.0f} ns")


if __name__ == "__main__":
    main()
