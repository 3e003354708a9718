"""Positions as plain data: a state's position as a JSON-ready dict, and
positions set up by hand from a board string and counters.

The rules that decide which positions a game can hold live in the Rust core,
beside each game's rules; this module only names the calls. A set-up state
has no history before its position: ``undo()`` goes back to it at most, and
``record()`` refuses (no record from the start reaches it), while
``to_dict()`` and pickling work.

The dict's keys: ``game`` and ``options``; ``board`` (``N`` characters
``B``, ``W``, ``.`` in point-index order, as :meth:`State.board_string`);
the turn's ``to_move``, ``swapped``, ``ply`` (turns played), ``passes`` (in a
row just before now) and ``first_pass``; then the game's own counters:

- Anda: ``prisoners`` (``{"black": n, "white": m}``, stones captured),
  ``first_turn_done`` (per colour, whether its two-stone first turn is over)
  and ``pending_stone`` (the first stone of that turn while the second is
  due);
- Anadil: ``prison`` (signed, ``+k`` black stones), ``protected_stone``
  (Ruling (no counter-annihilation)) and ``previous_board`` (the board at the
  end of the mover's previous turn, for Ruling (repetition));
- Sunder, Lingarda and Esgrad have none: their boards and turns say it all.

Colours are ``"black"``/``"white"``, points their names (``"e5"``).

>>> import json, stonefield
>>> state = stonefield.Anda(size=3).start()
>>> state.play("a1")
>>> d = state.to_dict()
>>> d["pending_stone"], d["first_turn_done"]
('a1', {'black': False, 'white': False})
>>> again = stonefield.from_dict(json.loads(json.dumps(d)))
>>> again.legal_moves() == state.legal_moves(), again.to_dict() == d
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stonefield import _core

if TYPE_CHECKING:
    from stonefield.game import Game, State


def to_dict(state: State) -> dict[str, Any]:
    """``state``'s position as a dict of plain values (module doc), which
    :func:`from_dict` reads back; ``json.dumps`` takes it as it is."""
    return {"game": state.game.name, "options": dict(state.game.options), **_core.describe(state)}


def from_dict(description: Mapping[str, Any]) -> State:
    """The position a dict of :func:`to_dict`'s form describes, as a state
    with no history.

    Args:
        description: ``game``, ``options`` and the position's keys (module
            doc); a left-out counter takes its default (as
            :meth:`Game.setup`).

    Raises:
        PositionError: for a malformed dict, an unknown key, a value of the
            wrong kind, or a position the rules cannot hold; the message names
            what is wrong.
        OptionError: for an unknown game or a bad option.

    >>> import stonefield
    >>> d = {"game": "sunder", "options": {"size": 2}, "board": "B......", "to_move": "white"}
    >>> list(stonefield.from_dict(d).legal_moves())
    ['b1', 'a2', 'b2', 'c2', 'b3', 'c3', 'swap']
    """
    from stonefield.game import game

    if not isinstance(description, Mapping):
        raise _core.PositionError(f"a position is a dict, got {type(description).__name__}")
    rest = dict(description)
    name = rest.pop("game", None)
    options = rest.pop("options", {})
    if not isinstance(name, str):
        raise _core.PositionError(f"a position names its game, a string: got {name!r}")
    if not isinstance(options, Mapping):
        raise _core.PositionError(f"options is a dict of option values, got {options!r}")
    return setup(game(name, **options), rest)


def setup(game: Game, description: dict[str, Any]) -> State:
    """The position of ``game`` with the board and counters of
    ``description``, as a state with no history (see :meth:`Game.setup`)."""
    state = game.start()
    _core.set_up(state, description)
    return state


def replay_from(description: Mapping[str, Any], actions: list[int]) -> State:
    """The set-up position ``description``, then ``actions``: how a set-up
    state is pickled."""
    state = from_dict(description)
    for action in actions:
        state.play(action)
    return state


def origin_dict(state: State) -> dict[str, Any]:
    """The position ``state`` started from (its set-up, or the game's
    start), as :func:`to_dict` writes it."""
    return {
        "game": state.game.name,
        "options": dict(state.game.options),
        **_core.describe_origin(state),
    }
