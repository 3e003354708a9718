"""Round-robin tournaments between any players, with a crosstable and Elo
ratings.

Every pair of players meets ``games_per_pair`` times, each moving first in
half of the games. Players the core can play (``random``, ``mcts:N``,
:class:`~stonefield.bots.Random`, :class:`~stonefield.bots.MCTS` with a
fixed number of iterations) play in Rust over all cores with the GIL
released; a pair with any other player (``puct:N``, a
:class:`~stonefield.bots.Bot` or a function of the state) is played move by
move through :class:`~stonefield.game.State`. Game ``j`` of pair ``p`` is game ``p ·
games_per_pair + j`` of the batch seeded ``seed``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from stonefield._core import OptionError
from stonefield.bots import DEFAULT_EXPLORATION, MCTS, PUCT, Bot, Random
from stonefield.chunks import run_chunks, tally
from stonefield.evaluators import Rollouts
from stonefield.game import Game, Move, State
from stonefield.game import game as make_game
from stonefield.metrics.batches import Batching, Seat, join, play_parts
from stonefield.metrics.ratings import DEFAULT_PRIOR, Rating, elo_ratings
from stonefield.simulate import check_batch_arguments

#: A player: a name (``random``, ``mcts:N``, ``puct:N``), a bot, or a
#: function from a state to its move (a :class:`Move`, its text or its
#: action index).
PlayerSpec = str | Bot | Callable[[State], Move | str | int]

#: Games each pair plays, when not given.
DEFAULT_GAMES_PER_PAIR = 20


@dataclass(frozen=True)
class _Entrant:
    name: str
    seat: Seat | None
    """The player in a Rust batch, or None for a Python player."""
    choose: Callable[[State, int], Move | str | int]
    """Its move in a state, given the game's batch index (for seeds)."""


def _rust_entrant(name: str, seat: Seat, seed: int) -> _Entrant:
    iterations, exploration = seat

    def choose(state: State, index: int) -> Move:
        bot: Bot
        if iterations is None:
            bot = Random(seed=(seed + index) % 2**64)
        else:
            bot = MCTS(iterations=iterations, exploration=exploration, seed=(seed + index) % 2**64)
        return bot.choose(state)

    return _Entrant(name, seat, choose)


def _puct_entrant(name: str, simulations: int, seed: int, threads: int) -> _Entrant:
    """PUCT with ``simulations`` a move, one random playout valuing each
    leaf, seeded per game like the players of a Rust batch; its playouts
    spread over ``threads``, which leaves its moves as they are."""
    PUCT(Rollouts(), simulations=simulations)  # a bad budget fails now, not mid-game

    def choose(state: State, index: int) -> Move:
        bot = PUCT(
            Rollouts(), simulations=simulations, seed=(seed + index) % 2**64, threads=threads
        )
        return bot.choose(state)

    return _Entrant(name, None, choose)


def _entrant(spec: PlayerSpec, seed: int, threads: int) -> _Entrant:
    if isinstance(spec, str):
        kind, _, budget = spec.partition(":")
        if kind == "random" and not budget:
            return _rust_entrant("random", (None, DEFAULT_EXPLORATION), seed)
        if kind in ("mcts", "puct"):
            unit = "iterations" if kind == "mcts" else "simulations"
            if not budget.isdigit() or int(budget) < 1:
                raise OptionError(f"a player {kind}:N needs N >= 1 {unit}, got {spec!r}")
            if kind == "puct":
                return _puct_entrant(spec, int(budget), seed, threads)
            return _rust_entrant(spec, (int(budget), DEFAULT_EXPLORATION), seed)
        raise OptionError(f"a player is random, mcts:N, puct:N, a bot or a function, got {spec!r}")
    if isinstance(spec, Random):
        return _rust_entrant("random", (None, DEFAULT_EXPLORATION), seed)
    if (
        isinstance(spec, MCTS)
        and spec.seconds is None
        and spec.iterations is not None
        and spec.threads == 1
    ):
        return _rust_entrant(f"mcts:{spec.iterations}", (spec.iterations, spec.exploration), seed)
    if isinstance(spec, Bot):
        bot = spec
        return _Entrant(repr(bot), None, lambda state, _index: bot.choose(state))
    if callable(spec):
        function = spec
        name = getattr(function, "__name__", repr(function))
        return _Entrant(name, None, lambda state, _index: function(state))
    raise OptionError(f"a player is random, mcts:N, puct:N, a bot or a function, got {spec!r}")


@dataclass(frozen=True, eq=False)
class Tournament:
    """The result of :func:`tournament`.

    Attributes:
        game: the game played.
        players: the players' names, in the order given.
        games_per_pair: games each pair played.
        seed: the batch seed.
        first_wins: ``first_wins[i, j]``: games player ``i`` won moving
            first (opening as Black) against ``j``.
        second_wins: ``second_wins[i, j]``: games player ``j`` won moving
            second against ``i`` moving first.
        draws: ``draws[i, j]``: games with no winner (unfinished included)
            with ``i`` moving first against ``j``.
        ratings: each player's Elo rating with its 95 % interval.
        seconds: wall time.
    """

    game: Game
    players: tuple[str, ...]
    games_per_pair: int
    seed: int
    first_wins: npt.NDArray[np.int64]
    second_wins: npt.NDArray[np.int64]
    draws: npt.NDArray[np.int64]
    ratings: tuple[Rating, ...]
    seconds: float

    @property
    def scores(self) -> npt.NDArray[np.float64]:
        """``scores[i, j]``: points ``i`` took from ``j`` (a draw is half)."""
        return (self.first_wins + self.second_wins.T + (self.draws + self.draws.T) / 2).astype(
            np.float64
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "players": list(self.players),
            "games_per_pair": self.games_per_pair,
            "seed": self.seed,
            "first_wins": self.first_wins.tolist(),
            "second_wins": self.second_wins.tolist(),
            "draws": self.draws.tolist(),
            "scores": self.scores.tolist(),
            "ratings": [r.to_dict() for r in self.ratings],
            "seconds": self.seconds,
        }


def tournament(
    game: Game | str,
    players: Sequence[PlayerSpec],
    games_per_pair: int = DEFAULT_GAMES_PER_PAIR,
    seed: int = 0,
    executor: Executor | None = None,
    threads: int | None = None,
    max_moves: int | None = None,
    prior: float = DEFAULT_PRIOR,
    chunks: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Tournament:
    """Plays a round robin: every pair of ``players`` meets
    ``games_per_pair`` times, each moving first in half of them, and rates
    the players by maximum-likelihood Elo (see
    :func:`~stonefield.metrics.ratings.elo_ratings`).

    Args:
        game: a :class:`Game`, or a game's name.
        players: at least two of ``"random"``, ``"mcts:N"`` (MCTS with
            ``N`` iterations a move), ``"puct:N"`` (PUCT with ``N``
            simulations a move, each leaf valued by one random playout),
            bots, or functions of a state that return its move.
        games_per_pair: games each pair plays (at least 2).
        seed: the batch seed (0 to 2**64 - 1).
        executor: any :class:`concurrent.futures.Executor` to run chunks on.
        threads: worker threads per chunk (None: every core).
        max_moves: a game still going after this many actions is a draw.
        prior: virtual draws credited to every pair in the ratings.
        chunks: chunks per batch (see :func:`stonefield.simulate`).
        progress: called as ``progress(done, total)`` in games.

    Returns:
        A :class:`Tournament`. Games between players the core can play are
        the same for a seed whatever ``threads``, ``executor`` and
        ``chunks``.

    Raises:
        OptionError: for fewer than two players, an unknown player or a bad
            count.

    >>> import stonefield
    >>> result = tournament(stonefield.Sunder(size=3), ["random", "mcts:100"], games_per_pair=10)
    >>> result.players, int(result.scores.sum())
    (('random', 'mcts:100'), 10)
    >>> result.ratings[1].elo > result.ratings[0].elo
    True
    """
    if isinstance(game, str):
        game = make_game(game)
    check_batch_arguments(games_per_pair, seed, threads, max_moves)
    if games_per_pair < 2:
        raise OptionError(f"games_per_pair must be at least 2, got {games_per_pair}")
    entrants = [_entrant(spec, seed, threads or os.cpu_count() or 1) for spec in players]
    if len(entrants) < 2:
        raise OptionError(f"a tournament needs at least two players, got {len(entrants)}")
    names = _unique([e.name for e in entrants])
    cap = max_moves if max_moves is not None else game.default_max_moves
    batching = Batching(threads, cap, executor, chunks)
    n = len(entrants)
    first_wins = np.zeros((n, n), dtype=np.int64)
    second_wins = np.zeros((n, n), dtype=np.int64)
    draws = np.zeros((n, n), dtype=np.int64)
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    advance = tally(progress, len(pairs) * games_per_pair)
    started = time.perf_counter()
    advance(0)  # the stage shows at once, with its size
    for p, (a, b) in enumerate(pairs):
        half = games_per_pair // 2
        for first, second, offset, count in (
            (a, b, p * games_per_pair, half),
            (b, a, p * games_per_pair + half, games_per_pair - half),
        ):
            seat_a, seat_b = entrants[first].seat, entrants[second].seat
            if seat_a is not None and seat_b is not None:
                played = join(
                    play_parts(
                        game,
                        seed,
                        (seat_a, seat_b),
                        count,
                        offset=offset,
                        batching=batching,
                        progress=advance,
                    ),
                    cap,
                )
                winner_seat = played.winning_seats
            else:
                work = _PythonWork(game, (entrants[first], entrants[second]), cap, offset)
                parts = run_chunks(
                    work, count, executor=executor, chunks=chunks, progress=advance, start=1
                )
                winner_seat = np.array([s for part in parts for s in part], dtype=np.int64)
            first_wins[first, second] += int(np.count_nonzero(winner_seat == 0))
            second_wins[first, second] += int(np.count_nonzero(winner_seat == 1))
            draws[first, second] += int(np.count_nonzero(winner_seat < 0))
    scores = first_wins + second_wins.T + (draws + draws.T) / 2
    return Tournament(
        game=game,
        players=tuple(names),
        games_per_pair=games_per_pair,
        seed=seed,
        first_wins=first_wins,
        second_wins=second_wins,
        draws=draws,
        ratings=elo_ratings(names, scores, prior=prior),
        seconds=time.perf_counter() - started,
    )


@dataclass(frozen=True)
class _PythonWork:
    """A chunk of games with a Python player, as a picklable callable."""

    game: Game
    entrants: tuple[_Entrant, _Entrant]
    max_moves: int
    offset: int

    def __call__(self, *, first: int, count: int) -> list[int]:
        """Winner seats (0, 1, or -1 for none) of games ``first ..``."""
        seats = []
        for index in range(self.offset + first, self.offset + first + count):
            state = self.game.start()
            while not state.is_over and state.ply < self.max_moves:
                mover = state.seat_of(state.to_move)
                state.play(self.entrants[mover].choose(state.copy(), index))
            winner = state.winner if state.is_over else None
            seats.append(-1 if winner is None else state.seat_of(winner))
        return seats


def _unique(names: list[str]) -> list[str]:
    """The names, a repeated one numbered from its second use."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out
