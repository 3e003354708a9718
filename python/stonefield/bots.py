"""Players: Monte Carlo tree search, PUCT search guided by an evaluator
(:mod:`stonefield.evaluators`) and the random playout policy, all in Rust
and for every game.

>>> import stonefield
>>> from stonefield.bots import MCTS
>>> state = stonefield.Sunder(size=2, pie=False).start()
>>> for move in ["a2", "a1", "c2", "c3"]:
...     state.play(move)
>>> MCTS(iterations=300, seed=1).choose(state)    # b2 joins a2-c2 and wins
Move(action=3, text='b2')
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, overload, runtime_checkable

import numpy as np
import numpy.typing as npt

from stonefield import _core
from stonefield._core import OptionError, OptionTypeError, PuctConfig
from stonefield.colour import Colour
from stonefield.game import Game, Move, State
from stonefield.messages import shown

if TYPE_CHECKING:
    from stonefield.evaluators import Evaluator, Rollouts, Uniform

T = TypeVar("T")

#: Iterations per move when neither ``iterations`` nor ``seconds`` is given.
DEFAULT_ITERATIONS = 1000

#: The UCT exploration constant for rewards in [-1, 1].
DEFAULT_EXPLORATION = 1.4


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move for the player to move: the one protocol
    of every player, in the terminal, in :func:`play_match` and in tools.

    >>> isinstance(Random(), Bot) and isinstance(MCTS(), Bot)
    True
    """

    def choose(self, state: State) -> Move:
        """The move to play in ``state`` (a position that is not over)."""
        ...


def _seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise OptionError(f"seed must be a whole number from 0 to 2**64 - 1, got {shown(seed)}")
    return seed


def _count(name: str, value: Any) -> int:
    """A whole number from 1 to 2**63 - 1 (numpy integers too), or
    OptionError naming ``name`` (OptionTypeError for a value that is not an
    integer)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise OptionTypeError(f"{name} must be a whole number, got {shown(value)}")
    number = int(value)
    if not 1 <= number < 2**63:
        raise OptionError(f"{name} must be from 1 to 2**63 - 1, got {shown(value)}")
    return number


def _real(name: str, value: Any, positive: bool) -> float:
    """A finite number, > 0 or >= 0, or OptionError naming ``name``
    (OptionTypeError for a value that is not a number)."""
    bound = "> 0" if positive else ">= 0"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise OptionTypeError(f"{name} must be a number {bound}, got {shown(value)}")
    number = float(value)
    if not math.isfinite(number) or number < 0 or (positive and number == 0):
        raise OptionError(f"{name} must be a number {bound}, got {shown(value)}")
    return number


@dataclass(frozen=True, eq=False)
class RootVisits:
    """What a search found at the root: per legal move, in action order.

    Attributes:
        moves: the legal moves as text.
        actions: int64 action indices of the legal moves.
        visits: int64 root visits of each move.
    """

    moves: tuple[str, ...]
    actions: npt.NDArray[np.int64]
    visits: npt.NDArray[np.int64]


@dataclass(frozen=True, eq=False)
class SearchResult(RootVisits):
    """What one MCTS search found: the root's visits (they sum to
    ``iterations``) and, per legal move, in action order:

    Attributes:
        values: float64 mean reward of each move in [-1, 1] for the player
            to move (+1 always wins, -1 always loses; 0 when never tried).
        iterations: iterations run over all threads.
        best: the move the search chooses: the most visited.
    """

    values: npt.NDArray[np.float64]
    iterations: int
    best: Move


class MCTS:
    """UCT search with random rollouts (the random play of ``stonefield rules``).

    Runs in Rust with the GIL released. Each of ``threads`` threads grows its
    own tree (root parallelism) and their root statistics are summed. With an
    iteration budget and no time limit, the move depends only on the
    position, ``iterations``, ``seed`` and ``threads``. Values are those of
    the player to move, so ``swap`` is searched like any move.

    Args:
        iterations: iterations per move, over all threads (default 1000
            when ``seconds`` is not given either).
        seconds: wall time per move; with ``iterations`` too, whichever
            runs out first stops the search.
        seed: the search seed, 0 to 2**64 - 1.
        threads: trees searched in parallel.
        exploration: the UCT constant ``c`` in ``q + c * sqrt(ln N / n)``.
        max_moves: a rollout stops unfinished (reward 0) after this many
            actions (default :attr:`Game.default_max_moves`).

    Raises:
        OptionError: for a budget, seed, thread count, constant or cap that
            is not a number of the right kind (``iterations=1.5``) or out of
            range, when the bot is made.

    >>> import stonefield
    >>> bot = MCTS(iterations=200, seed=3)
    >>> state = stonefield.Sunder(size=3).start()
    >>> found = bot.analyse(state)
    >>> int(found.visits.sum()), found.best == bot.choose(state)
    (200, True)
    """

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int = 0,
        threads: int = 1,
        exploration: float = DEFAULT_EXPLORATION,
        max_moves: int | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = None if iterations is None else _count("iterations", iterations)
        self.seconds = None if seconds is None else _real("seconds", seconds, positive=True)
        self.seed = _seed(seed)
        self.threads = _count("threads", threads)
        self.exploration = _real("exploration", exploration, positive=False)
        self.max_moves = None if max_moves is None else _count("max_moves", max_moves)
        # The bounds a search sets on top of the kinds checked here (a time a
        # clock can hold, the thread limit) are the core's.
        _core.check_arguments(
            iterations=self.iterations,
            seconds=self.seconds,
            threads=self.threads,
            exploration=self.exploration,
            max_moves=self.max_moves,
        )

    def analyse(self, state: State) -> SearchResult:
        """Searches ``state`` and returns the root's statistics per move.

        Raises:
            IllegalMoveError: when the game is over.
        """
        found = _core.mcts_search(
            state,
            iterations=self.iterations,
            seconds=self.seconds,
            seed=self.seed,
            threads=self.threads,
            exploration=self.exploration,
            max_moves=self.max_moves,
        )
        actions: npt.NDArray[np.int64] = found["actions"]
        visits = found["visits"].astype(np.int64)
        values: npt.NDArray[np.float64] = found["values"]
        # Most visits, then the better value, then the lower action.
        best = int(np.lexsort((-actions, values, visits))[-1])
        return SearchResult(
            moves=tuple(state.action_text(int(a)) for a in actions),
            actions=actions,
            visits=visits,
            values=values,
            iterations=int(found["iterations"]),
            best=Move(int(actions[best]), state.action_text(int(actions[best]))),
        )

    def choose(self, state: State) -> Move:
        """The most visited move after a search of ``state``.

        Raises:
            IllegalMoveError: when the game is over.
        """
        return self.analyse(state).best

    def __repr__(self) -> str:
        budget = [f"iterations={self.iterations}"] if self.iterations is not None else []
        if self.seconds is not None:
            budget.append(f"seconds={self.seconds:g}")
        return f"MCTS({', '.join(budget)}, seed={self.seed}, threads={self.threads})"


class _Setting(Generic[T]):
    """A PUCT bot's read-only setting: the same-named field of its ``config``."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, bot: None, owner: type) -> _Setting[T]: ...
    @overload
    def __get__(self, bot: PUCT, owner: type) -> T: ...
    def __get__(self, bot: PUCT | None, owner: type) -> T | _Setting[T]:
        if bot is None:
            return self
        value: T = getattr(bot.config, self.name)
        return value

    def __set__(self, bot: PUCT, value: T) -> None:
        raise AttributeError(f"{self.name} is fixed when the bot is made")


@dataclass(frozen=True, eq=False)
class PUCTResult(RootVisits):
    """What one PUCT search found: the root's visits (they sum to
    ``simulations``) and, per legal move, in action order:

    Attributes:
        values: float32 mean value of each move in [-1, 1] for the player to
            move (0 when never visited).
        priors: float32 prior of each move, as the search used it (with the
            Dirichlet noise, when there is noise); they sum to 1.
        simulations: simulations run.
        best: the move :meth:`PUCT.choose` plays (at ``temperature`` 0, the
            most visited; else one drawn from the visits).
    """

    values: npt.NDArray[np.float32]
    priors: npt.NDArray[np.float32]
    simulations: int
    best: Move


class PUCT:
    """AlphaZero's search: descends by ``Q + c_puct * P * sqrt(N) / (1 + n)``
    with priors ``P`` and leaf values from ``evaluator``.

    The tree lives in Rust and the search runs with the GIL released,
    taking it back only to call a Python evaluator (and to let Ctrl-C
    through between calls). Each call answers up to ``batch_size`` leaves,
    gathered with virtual loss: a descent under way counts as
    ``virtual_loss`` lost visits on its path, so the next one looks
    elsewhere. For a deterministic evaluator the move depends only on the
    position, the arguments and ``seed``; a search starts afresh each move.

    Args:
        evaluator: :class:`~stonefield.evaluators.Uniform`,
            :class:`~stonefield.evaluators.Rollouts` or a Python callable
            (see :class:`~stonefield.evaluators.Evaluator`).
        simulations: descents from the root to a new leaf (or a game's end)
            per move; the root's own evaluation comes first (default 800
            when ``seconds`` is not given either).
        c_puct: the exploration constant.
        dirichlet_alpha: Dirichlet noise of this concentration is mixed into
            the root's priors (None: no noise).
        dirichlet_fraction: the share of the noise in the root's priors.
        temperature: 0 plays the most visited move; above 0, a move drawn in
            proportion to ``visits ** (1 / temperature)``.
        virtual_loss: lost visits per descent under way.
        batch_size: leaves per evaluator call, 1 to 4096.
        seed: the search seed, 0 to 2**64 - 1.
        threads: threads for the built-in evaluators' work (1: the caller).
        seconds: wall time per move, looked at after each evaluator call;
            with ``simulations`` too, whichever runs out first stops the
            search (the root is always evaluated, so a move is always found).
            A search by time alone stops at the most simulations whose tree
            fits in 4 GiB.

    The seven search settings are kept as one checked, frozen
    :class:`PuctConfig` in ``config``, which every search takes as it is.

    Raises:
        OptionError: for a budget, constant, seed or thread count out of range.
        TypeError: for an evaluator that is neither built in nor callable.

    >>> import stonefield
    >>> from stonefield.evaluators import Rollouts
    >>> state = stonefield.Sunder(size=2, pie=False).start()
    >>> for move in ["a2", "a1", "c2", "c3"]:
    ...     state.play(move)
    >>> PUCT(Rollouts(4), simulations=100).choose(state)    # b2 wins
    Move(action=3, text='b2')
    """

    def __init__(
        self,
        evaluator: Uniform | Rollouts | Evaluator,
        simulations: int | None = None,
        c_puct: float = 1.25,
        dirichlet_alpha: float | None = None,
        dirichlet_fraction: float = 0.25,
        temperature: float = 0.0,
        virtual_loss: float = 1.0,
        batch_size: int = 8,
        seed: int = 0,
        threads: int = 1,
        seconds: float | None = None,
    ) -> None:
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise OptionError(f"threads must be at least 1, got {threads!r}")
        self.config = PuctConfig(
            simulations=simulations,
            seconds=seconds,
            c_puct=c_puct,
            virtual_loss=virtual_loss,
            batch_size=batch_size,
            dirichlet_alpha=dirichlet_alpha,
            dirichlet_fraction=dirichlet_fraction,
            temperature=temperature,
        )
        self.evaluator = evaluator
        self.seed = _seed(seed)
        self.threads = threads

    simulations = _Setting[int | None](
        "Descents from the root per move (None: as ``seconds`` allow)."
    )
    seconds = _Setting[float | None]("Wall time per move (None: no limit but the simulations).")
    c_puct = _Setting[float]("The exploration constant.")
    dirichlet_alpha = _Setting[float | None]("The concentration of the root's noise (None: none).")
    dirichlet_fraction = _Setting[float]("The share of the noise in the root's priors.")
    temperature = _Setting[float]("The temperature of the move chosen from the root's visits.")
    virtual_loss = _Setting[float]("Lost visits per descent under way.")
    batch_size = _Setting[int]("Leaves per evaluator call.")

    def analyse(self, state: State) -> PUCTResult:
        """Searches ``state`` and returns the root's statistics per move.

        Raises:
            IllegalMoveError: when the game is over.
            EvaluatorError: when the evaluator's answer is unusable.
            Exception: whatever the evaluator raised, as itself.
        """
        found = _core.puct_search(
            state, self.evaluator, self.config, seed=self.seed, threads=self.threads
        )
        actions: npt.NDArray[np.int64] = found["actions"]
        choice = int(found["choice"])
        return PUCTResult(
            moves=tuple(state.action_text(int(a)) for a in actions),
            actions=actions,
            visits=found["visits"],
            values=found["values"],
            priors=found["priors"],
            simulations=int(found["simulations"]),
            best=Move(choice, state.action_text(choice)),
        )

    def choose(self, state: State) -> Move:
        """The move to play after a search of ``state``.

        Raises:
            IllegalMoveError: when the game is over.
            EvaluatorError: when the evaluator's answer is unusable.
            Exception: whatever the evaluator raised, as itself.
        """
        return self.analyse(state).best

    def __repr__(self) -> str:
        budget = [] if self.simulations is None else [f"simulations={self.simulations}"]
        if self.seconds is not None:
            budget.append(f"seconds={self.seconds:g}")
        return (
            f"PUCT({self.evaluator!r}, {', '.join(budget)}, "
            f"batch_size={self.batch_size}, seed={self.seed})"
        )


class Random:
    """Random play (see ``stonefield rules``) as a player: uniform over the legal
    moves, ``pass`` only when it is the only one, ``swap`` never.

    Its ``k``-th choice is drawn from the generator of game ``k`` of a batch
    seeded ``seed``, so a bot's sequence of choices repeats exactly.

    Args:
        seed: 0 to 2**64 - 1.

    >>> import stonefield
    >>> state = stonefield.Sunder(size=3).start()
    >>> Random(seed=5).choose(state) == Random(seed=5).choose(state)
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = _seed(seed)
        self._calls = 0

    def choose(self, state: State) -> Move:
        """A random move of ``state``.

        Raises:
            IllegalMoveError: when the game is over.
        """
        action = _core.random_action(state, seed=self.seed, index=self._calls)
        self._calls += 1
        return Move(action, state.action_text(action))

    def __repr__(self) -> str:
        return f"Random(seed={self.seed})"


@dataclass(frozen=True, eq=False)
class MatchResult:
    """Games between two players, one entry per game in game order.

    Attributes:
        games: games played.
        wins: games won by the first and by the second player (seats, not
            colours: after a swap the first player plays White).
        no_winner: games with no winner, or stopped at ``max_moves``.
        winners: int8 winning colour per game (0 Black, 1 White, -1 none).
        swapped: bool per game, whether the seats exchanged colours.
        lengths: uint32 actions per game.
    """

    games: int
    wins: tuple[int, int]
    no_winner: int
    winners: npt.NDArray[np.int8]
    swapped: npt.NDArray[np.bool_]
    lengths: npt.NDArray[np.uint32]


def _batch_player(bot: Bot) -> tuple[int | None, float] | None:
    """How the core plays ``bot`` in a batch of games: MCTS's iterations and
    constant, (None, _) for Random; None for any other bot."""
    if isinstance(bot, Random):
        return (None, DEFAULT_EXPLORATION)
    if isinstance(bot, MCTS):
        if bot.seconds is not None or bot.iterations is None or bot.threads != 1:
            raise OptionError(
                "a match gives each game one thread and a fixed number of iterations: "
                f"use MCTS(iterations=N) without seconds or threads, got {bot!r}"
            )
        return (bot.iterations, bot.exploration)
    if not isinstance(bot, Bot):
        raise OptionError(
            "a match is between MCTS and Random players, or any bot with choose(state), "
            f"got {bot!r}"
        )
    return None


def play_match(
    game: Game,
    first: Bot,
    second: Bot,
    games: int,
    seed: int = 0,
    threads: int | None = None,
    max_moves: int | None = None,
) -> MatchResult:
    """Plays ``games`` games of ``first`` (the first seat) against ``second``.

    Between MCTS and Random players the games run in Rust, one game per core
    at a time, with the GIL released. Game ``i`` then draws every random
    choice, the players' seeds included, from ``(seed, i)``: the bots' own
    seeds are not used, and the result does not depend on ``threads``.

    Any other bot (an object with ``choose(state)``, see :class:`Bot`) plays
    its games here, move by move, against either kind: each game starts
    afresh and asks the player of the seat to move for its move, so the
    result is the bots' own (``seed`` and ``threads`` are not used).

    Raises:
        OptionError: for an MCTS player that is not MCTS(iterations=N), a
            player with no ``choose``, or a bad count, seed or thread number.
        IllegalMoveError: when a bot chooses an illegal move.

    >>> import stonefield
    >>> result = play_match(stonefield.Sunder(size=3), MCTS(iterations=100), Random(), games=10)
    >>> result.wins[0] > result.wins[1]
    True
    >>> class FirstMove:
    ...     def choose(self, state):
    ...         return state.legal_move_objects()[0]
    >>> play_match(stonefield.Sunder(size=3), FirstMove(), Random(seed=1), games=4).games
    4
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise OptionError(f"games must be a whole number >= 0, got {games!r}")
    seed = _seed(seed)
    one, other = _batch_player(first), _batch_player(second)
    if one is None or other is None:
        return _match_result(*_play_here(game, (first, second), games, max_moves))
    (a, ea), (b, eb) = one, other
    found = _core.games(
        game,
        seed=seed,
        first=0,
        count=games,
        iterations=(a, b),
        exploration=(ea, eb),
        threads=threads,
        max_moves=max_moves,
    )
    return _match_result(found.winners, found.swapped, found.lengths)


def _play_here(
    game: Game, players: tuple[Bot, Bot], games: int, max_moves: int | None
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.bool_], npt.NDArray[np.uint32]]:
    """Games played move by move in Python: winners, swaps and lengths."""
    cap = game.default_max_moves if max_moves is None else _count("max_moves", max_moves)
    winners = np.full(games, _core.NO_WINNER, dtype=np.int8)
    swapped = np.zeros(games, dtype=np.bool_)
    lengths = np.zeros(games, dtype=np.uint32)
    for i in range(games):
        state = game.start()
        while not state.is_over and state.ply < cap:
            state.play(players[state.seat_of(state.to_move)].choose(state))
        winner = state.winner
        if winner is not None:
            winners[i] = 0 if winner == Colour.BLACK else 1
        swapped[i] = state.swapped
        lengths[i] = state.ply
    return winners, swapped, lengths


def _match_result(
    winners: npt.NDArray[np.int8],
    swapped: npt.NDArray[np.bool_],
    lengths: npt.NDArray[np.uint32],
) -> MatchResult:
    decided = winners >= 0
    seat = winners.astype(np.int64) ^ swapped.astype(np.int64)
    return MatchResult(
        games=len(winners),
        wins=(
            int(np.count_nonzero(decided & (seat == 0))),
            int(np.count_nonzero(decided & (seat == 1))),
        ),
        no_winner=int(np.count_nonzero(~decided)),
        winners=winners,
        swapped=swapped,
        lengths=lengths,
    )
