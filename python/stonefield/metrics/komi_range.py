"""Where a game's komi matters: the range of komi over which Black's win
rate under random play falls from clearly above even to clearly below it,
found by probing, so that the report can draw the komi curve of any game
with komi without being told its scale.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor

from stonefield._core import OptionError
from stonefield.bots import DEFAULT_EXPLORATION
from stonefield.game import Game
from stonefield.game import game as make_game
from stonefield.metrics.batches import Batching, join, play_parts
from stonefield.simulate import WinRates

#: Random games a probe plays at one komi.
PROBE_GAMES = 100

#: Black's win rate a probe looks for on each side of the game's komi.
FAR_BELOW, FAR_ABOVE = 0.35, 0.65

#: Komi values a probed range is cut into at most.
MOST_VALUES = 17

#: Probes on each side at most: the komi steps double, so 2^10 steps.
MAX_PROBES = 10


def komi_step(game: Game) -> float | None:
    """The smallest komi step the game takes (0.5 or 1), or None for a
    game with no komi.

    >>> import stonefield
    >>> [komi_step(g) for g in (stonefield.Sunder(), stonefield.Anda(), stonefield.Lingarda())]
    [0.5, 1.0, None]
    """
    spec = next((s for s in game.option_specs if s.name == "komi"), None)
    if spec is None:
        return None
    return 0.5 if spec.kind == "halves" else 1.0


def probe_komi_range(
    game: Game,
    seed: int = 0,
    games: int = PROBE_GAMES,
    threads: int | None = None,
    max_moves: int | None = None,
    executor: Executor | None = None,
    chunks: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> tuple[float, float] | None:
    """``(low, high)`` around the game's own komi: from the game's komi,
    steps of 1, 2, 4, ... smallest komi steps go up until Black wins at
    most :data:`FAR_BELOW` of ``games`` random games, and down until Black
    wins at least :data:`FAR_ABOVE` (each side stops at the komi the game
    accepts). None for a game with no komi.

    >>> import stonefield
    >>> low, high = probe_komi_range(stonefield.Sunder(size=4), seed=1)
    >>> low < 0 < high
    True
    """
    step = komi_step(game)
    if step is None:
        return None
    own = float(game.options.get("komi", 0))
    seats = ((None, DEFAULT_EXPLORATION), (None, DEFAULT_EXPLORATION))
    batching = Batching(threads, max_moves, executor, chunks)

    def black_rate(komi: float) -> float | None:
        value: float | int = int(komi) if step == 1.0 else komi
        try:
            at = make_game(game.name, **{**game.options, "komi": value})
        except OptionError:
            return None  # beyond the komi the game accepts
        played = join(
            play_parts(at, seed, seats, games, batching=batching, progress=progress),
            max_moves or at.default_max_moves,
        )
        rate = WinRates.of(played.winners).black_rate
        return 0.5 if rate != rate else rate  # no decided game: as even

    ends = []
    for sign in (1, -1):
        end = own
        for j in range(MAX_PROBES):
            komi = own + sign * step * 2**j
            rate = black_rate(komi)
            if rate is None:
                break
            end = komi
            if (rate <= FAR_BELOW) if sign > 0 else (rate >= FAR_ABOVE):
                break
        ends.append(end)
    return (ends[1], ends[0])


def komi_grid_step(game: Game, low: float, high: float) -> float:
    """The game's komi step doubled until ``low .. high`` holds at most
    :data:`MOST_VALUES` values.

    >>> import stonefield
    >>> komi_grid_step(stonefield.Sunder(), -16, 16)
    2.0
    """
    step = komi_step(game) or 1.0
    while (high - low) / step + 1 > MOST_VALUES:
        step *= 2
    return step
