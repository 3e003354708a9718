"""The game classes by name. Each game's module registers its class as it
defines it (``Game.__init_subclass__``); :func:`stonefield.game` and the
modules that take a game by its name look it up here, so no module but the
game's own needs to know it.

>>> import stonefield
>>> game_class("Sunder") is stonefield.Sunder
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stonefield._core import OptionError, OptionTypeError
from stonefield.messages import shown

if TYPE_CHECKING:
    from stonefield.game import Game

GAMES: dict[str, type[Game]] = {}
"""Each registered game's class, by its name."""


def game_class(name: str) -> type[Game]:
    """The class of the game named ``name`` (case-insensitive).

    Raises:
        OptionError: for a name no game has (the message lists the games).
        OptionTypeError: for a name that is not text.
    """
    if not isinstance(name, str):
        raise OptionTypeError(f"a game's name is text, got {shown(name)}")
    found = GAMES.get(name.lower())
    if found is None:
        raise OptionError(f"unknown game {shown(name)} (games: {', '.join(sorted(GAMES))})")
    return found
