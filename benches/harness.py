"""What the Python benchmarks share: their command line, the machine's load
printed beside the figures, and the random-game loops from Python they time."""

from __future__ import annotations

import argparse
import os
import random
import time

import stonefield


def parser(doc: str | None) -> argparse.ArgumentParser:
    """A benchmark's command line, with its module docstring as the help."""
    return argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def text_loop(game: stonefield.Game, games: int, seed: int) -> float:
    """Seconds per move of random games played from Python:
    ``legal_moves()`` then ``play(text)``."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.start()
        while not state.is_over:
            state.play(rng.choice(state.legal_moves()))
            moves += 1
    return (time.perf_counter() - start) / moves


def action_loop(game: stonefield.Game, games: int, seed: int) -> float:
    """Seconds per move of random games played from Python with action
    numbers: ``legal_actions()`` (numpy) then ``play(int)``."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.start()
        while not state.is_over:
            state.play(int(rng.choice(state.legal_actions())))
            moves += 1
    return (time.perf_counter() - start) / moves
