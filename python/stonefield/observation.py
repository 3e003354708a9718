"""Observations for learning: positions as float32 planes, one at a time
(:meth:`State.observation`) or many at once (:func:`observations`).

The board sits on its coordinate grid: point ``(c, r)`` is cell
``[r - 1, c - 1]`` of a square grid of side ``2n - 1`` for the hex games
(cells off the hexagon are zero in every plane; a point's six neighbours
``(c±1, r)``, ``(c, r±1)``, ``(c+1, r+1)``, ``(c-1, r-1)`` are all within its
3 by 3 block) and ``n`` for Anadil. The
planes, named in order by :attr:`Game.observation_planes`, are seen from one
colour, the *perspective*: by default the colour to move.

The planes every game has: ``own_stones``, ``opponent_stones``, ``empty``,
``on_board`` (the mask of the embedding), ``own_colour_black`` (1 when the
perspective colour is Black) and ``own_turn`` (1 when it is to move); then the
game's own planes. Counts are divided by the number of points; a number that
belongs to the position rather than a point fills the board.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from stonefield import _core
from stonefield.game import State

COMMON_PLANES: tuple[str, ...] = tuple(_core.COMMON_PLANES)
"""The names of the planes every game's observation starts with."""


def observations(states: Iterable[State]) -> npt.NDArray[np.float32]:
    """The observations of many states of one game, each from its colour to
    move, written in Rust over all cores with the GIL released.

    Args:
        states: states of one game and size (at least one).

    Returns:
        A float32 array ``(states, planes, rows, columns)``; entry ``i``
        equals ``states[i].observation()``.

    Raises:
        OptionError: when the states belong to different games or sizes.
        StonefieldError: when there is no state.

    >>> import numpy as np
    >>> import stonefield
    >>> game = stonefield.Sunder(size=4)
    >>> states = [game.start() for _ in range(3)]
    >>> states[1].play("d4")
    >>> batch = stonefield.observations(states)
    >>> batch.shape, batch.dtype.name
    ((3, 7, 7, 7), 'float32')
    >>> np.array_equal(batch[1], states[1].observation())
    True
    """
    return _core.observations(states)
