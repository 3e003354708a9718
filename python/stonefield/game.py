"""Games (rules with options) and their states."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Any, ClassVar, Self

import numpy.typing as npt

from stonefield import _core, position, registry
from stonefield._core import LegalMoves, OptionSpec
from stonefield.overlays import Overlays
from stonefield.render import text_diagram
from stonefield.svg import svg
from stonefield.symmetry import move_observation, move_policy

OptionValue = bool | int | float

OPTION_TYPES: dict[str, type] = {"int": int, "halves": float, "flag": bool}
"""The Python type of each kind of option in the core's option tables."""

# The legal moves behave as a read-only sequence of texts.
Sequence.register(LegalMoves)


@dataclass(frozen=True, slots=True)
class Move:
    """One action of a game: its index in the action space and its text."""

    action: int
    text: str

    def __str__(self) -> str:
        return self.text


def _plain(value: Any) -> Any:
    """A counter as JSON has it: colours (keys too) as their names, ints
    as plain ints."""
    if isinstance(value, dict):
        return {_plain(key): _plain(item) for key, item in value.items()}
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    return value


class State(_core.State):
    """A position of a game, with the moves that led to it.

    Made by :meth:`Game.start` or :func:`stonefield.load`; change it with
    :meth:`play` and :meth:`undo`.

    Two states are equal (``==``) when they are of the same game with the
    same options and played the same moves in the same order: ``==``
    compares histories, which is what a record holds, so
    ``load(state.record()) == state``. Two move orders that reach the same
    stones are not equal; compare ``board_string()`` and ``to_move`` for
    that.

    >>> import stonefield
    >>> state = stonefield.Sunder(size=3).start()
    >>> state.play("b2")
    >>> state.to_move, state.ply, state.legal_moves()[:3]
    (<Colour.WHITE: 'white'>, 1, ['a1', 'b1', 'c1'])
    >>> other = stonefield.load("sunder size=3 ; b2")
    >>> other == state, other is state
    (True, False)
    """

    __slots__ = ()

    @property
    def last_move(self) -> Move | None:
        """The last move played, or None at the start."""
        actions = self.actions
        if not actions:
            return None
        return Move(actions[-1], self.action_text(actions[-1]))

    counter_names: ClassVar[tuple[str, ...]] = ()
    """The game's own counters, by the names of the shared test vectors:
    each is a property of the state, or a method without arguments (as
    ``scores``). Each game's state class lists its own."""

    def counters(self) -> dict[str, Any]:
        """The game's own counters (:attr:`counter_names`) as plain values,
        colours as their names: what a playthrough records at every ply.

        >>> import stonefield
        >>> stonefield.Sunder(size=3).start().counters()
        {'swapped': False}
        """
        found = {}
        for name in self.counter_names:
            value = getattr(self, name)
            found[name] = _plain(value() if callable(value) else value)
        return found

    overlays: ClassVar[Overlays] = {}
    """The game's overlays by name (see :mod:`stonefield.overlays`)."""

    def off_board(self) -> tuple[str, int] | None:
        """The stones the game holds off the board, which pictures draw in a
        box beside it: the box's name and a signed count (``+k`` black
        stones, ``-k`` white); None for a game that holds none.

        >>> import stonefield
        >>> stonefield.Anadil(size=5, komi=2).start().off_board()
        ('prison', 2)
        """
        return None

    def board_notes(self) -> list[str]:
        """Lines the text diagram prints under the board, for what the
        stones do not show (Anadil's prison, the second stone of Anda's first
        turn); each game's state class says which (none for the base class).

        >>> import stonefield
        >>> stonefield.Sunder(size=3).start().board_notes()
        []
        """
        return []

    def legal_move_objects(self) -> list[Move]:
        """The legal moves as :class:`Move` objects, in action-index order."""
        return [Move(int(a), self.action_text(int(a))) for a in self.legal_actions()]

    def __str__(self) -> str:
        return text_diagram(self)

    def save(self, path: str | PathLike[str]) -> None:
        """Writes the game record (:meth:`record`) to a file, which
        :func:`stonefield.read` reads back.

        Args:
            path: the file to write (replaced if it exists).
        """
        Path(path).write_text(self.record() + "\n", encoding="utf-8")

    def to_dict(self) -> dict[str, Any]:
        """The position as a JSON-ready dict: game, options, board string
        and every counter (keys in :mod:`stonefield.position`), which
        :func:`stonefield.from_dict` reads back. The moves that led here are
        not in it: :meth:`record` keeps those.

        >>> import stonefield
        >>> state = stonefield.Sunder(size=2).start()
        >>> state.play("b2")
        >>> state.to_dict()  # doctest: +NORMALIZE_WHITESPACE
        {'game': 'sunder', 'options': {'size': 2, 'komi': 0, 'pie': True},
         'board': '...B...', 'to_move': 'white', 'swapped': False, 'ply': 1,
         'passes': 0, 'first_pass': None}
        """
        return position.to_dict(self)

    def _repr_svg_(self) -> str:
        """The board as an SVG picture, for Jupyter."""
        return svg(self)

    def __repr__(self) -> str:
        if self.is_set_up:
            return f"<{type(self).__name__} set up {self.board_string()!r} + {self.moves!r}>"
        return f"<{type(self).__name__} {self.record()!r}>"

    def __reduce__(self) -> tuple[Any, ...]:
        if self.is_set_up:
            return (position.replay_from, (position.origin_dict(self), self.actions))
        return (load_record, (self.record(),))


class Game(_core.Game):
    """The rules of one game with its options; immutable.

    Make one with a game's own class (``stonefield.Sunder(size=9)``) or by
    name (``stonefield.game("sunder", size=9)``). Each game declares its
    options once, in its Rust file: the keyword arguments, their defaults and
    ranges, and the ``Args`` of each game class's docstring come from that
    table (:attr:`option_specs`). Unknown options and values out of range
    raise :class:`OptionError`, whose message gives the range.

    >>> import stonefield
    >>> game = stonefield.game("sunder", size=5)
    >>> game
    Sunder(size=5, komi=0, pie=True)
    >>> game.num_points, game.num_actions
    (61, 62)
    >>> game.observation_shape, game.observation_planes[:3]
    ((7, 9, 9), ('own_stones', 'opponent_stones', 'empty'))
    >>> game.option_types
    {'size': <class 'int'>, 'komi': <class 'float'>, 'pie': <class 'bool'>}
    >>> import inspect
    >>> inspect.signature(stonefield.Sunder)
    <Signature (*, size: int = 7, komi: float = 0, pie: bool = True)>
    """

    state_class: ClassVar[type[State]] = State
    game_name: ClassVar[str] = ""
    drawn_in_cells: ClassVar[bool] = False
    """Whether pictures draw the board as the cells the stones are played
    in (Sunder's hexagons), rather than as lines with the stones on their
    intersections."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.game_name:
            registry.GAMES[cls.game_name] = cls
            specs = _core.option_table(cls.game_name)
            cls.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
                [
                    inspect.Parameter(
                        spec.name,
                        inspect.Parameter.KEYWORD_ONLY,
                        default=spec.default,
                        annotation=OPTION_TYPES[spec.kind],
                    )
                    for spec in specs
                ]
            )
            cls.__doc__ = _with_options(cls.__doc__ or "", specs)

    def __new__(cls, **options: OptionValue) -> Self:
        if not cls.game_name:
            raise TypeError("make a game with its class (stonefield.Sunder) or stonefield.game")
        return super().__new__(cls, cls.game_name, options)

    @property
    def option_types(self) -> dict[str, type]:
        """Each option's Python type: ``int``, ``float`` (a multiple of 0.5)
        or ``bool``."""
        return {spec.name: OPTION_TYPES[spec.kind] for spec in self.option_specs}

    def start(self) -> State:
        """The start position."""
        return self.state_class(self)

    def setup(self, board: str, to_move: str = "black", **counters: Any) -> State:
        """A position set up by hand, as a state with no history.

        The rules decide what a position can hold, and anything else is
        refused: a wrong length or a character that is no stone, counters that
        contradict the board or each other, a Lingarda stone without a
        lifeline, a Sunder board whose stone counts put the other colour to
        move.

        Args:
            board: ``N`` characters ``B``, ``W`` or ``.`` in point-index
                order (as :meth:`State.board_string` writes them).
            to_move: the colour to move.
            **counters: ``swapped`` (default False), ``ply`` (turns played;
                by default counted from the board), ``passes`` (in a row, 0),
                ``first_pass`` (None), and the game's own counters (listed in
                :mod:`stonefield.position`), by the names of
                :meth:`State.to_dict`.

        Raises:
            PositionError: naming what is wrong.

        >>> import stonefield
        >>> game = stonefield.Lingarda(size=2)
        >>> list(game.setup("B.....W", to_move="black").legal_moves())
        ['b1', 'a2', 'b2', 'c2', 'b3']
        >>> game.setup("BWW.WWW")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        stonefield.PositionError: the black stone at a1 has no lifeline: ...
        """
        return position.setup(self, {"board": board, "to_move": to_move, **counters})

    def transform(
        self,
        k: int,
        observation: npt.NDArray[Any] | None = None,
        policy: npt.NDArray[Any] | None = None,
    ) -> tuple[npt.NDArray[Any] | None, npt.NDArray[Any] | None]:
        """Moves an observation and a policy by symmetry ``k`` together,
        for data augmentation (the order of the symmetries is in
        :mod:`stonefield.symmetry`).

        Args:
            k: the symmetry, from 0 to ``len(self.symmetries) - 1``.
            observation: planes ``(..., planes, rows, columns)`` as
                :meth:`State.observation` gives them (any leading batch axes).
            policy: one value per action ``(..., num_actions)``: a policy,
                visit counts, a legal-action mask.

        Returns:
            ``(observation, policy)`` of the moved position, each None when
            not given: the observation of the moved position and the policy
            that plays the moved actions.

        Raises:
            StonefieldError: for a ``k`` out of range or arrays of the wrong
                shape.

        >>> import numpy as np
        >>> import stonefield
        >>> game = stonefield.Sunder(size=3)
        >>> len(game.symmetries), len(stonefield.Anadil(size=5).symmetries)
        (12, 8)
        >>> state = game.start()
        >>> state.play("c3")
        >>> moved = game.start()
        >>> moved.play(int(game.symmetries[1][state.action("c3")]))
        >>> obs, mask = game.transform(1, state.observation(), state.legal_action_mask())
        >>> np.array_equal(obs, moved.observation())
        True
        >>> np.array_equal(mask, moved.legal_action_mask())
        True
        """
        moved_observation = None if observation is None else move_observation(self, k, observation)
        moved_policy = None if policy is None else move_policy(self, k, policy)
        return moved_observation, moved_policy

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({options})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_make_game, (self.name, self.options))


def _with_options(doc: str, specs: Sequence[OptionSpec]) -> str:
    """``doc`` with an ``Args`` section from the option table, after its
    first paragraph."""
    lines = ["Args:"] + [
        f"    {spec.name}: {spec.doc}; {spec.takes} (default {spec.default!r})." for spec in specs
    ]
    head, sep, rest = inspect.cleandoc(doc).partition("\n\n")
    return head + "\n\n" + "\n".join(lines) + (sep + rest if sep else "")


def _make_game(name: str, options: dict[str, OptionValue]) -> Game:
    return game(name, **options)


def _start(name: str, options: dict[str, OptionValue]) -> State:
    return game(name, **options).start()


def load_record(text: str, path: str | None = None) -> State:
    """The state a record describes, read by the core (see
    :func:`stonefield.load`); ``path`` names its file in messages."""
    return _core.read_record(text, _start, path)


def game(name: str, **options: OptionValue) -> Game:
    """A game by its name, with options.

    Args:
        name: one of :data:`stonefield.GAMES` (case-insensitive).
        **options: the game's options (``size``, ``komi``, ``pie``...).

    Returns:
        The game, ready to :meth:`Game.start`.

    Raises:
        OptionError: for an unknown game or option, or a value out of range.

    >>> import stonefield
    >>> stonefield.game("Sunder", komi=1.5).options
    {'size': 7, 'komi': 1.5, 'pie': True}
    """
    return registry.game_class(name)(**options)
