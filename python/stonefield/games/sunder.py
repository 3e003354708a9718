"""Sunder: make a group whose every cut is at most half the board."""

from __future__ import annotations

from typing import Any

from stonefield import _core
from stonefield._core import Cuts
from stonefield.game import Game, State


class SunderState(State):
    """A Sunder position."""

    __slots__ = ()

    def cuts(self, point: str | int) -> Cuts | None:
        """The group holding the stone at ``point`` and its cuts that matter:
        the parts of the board minus the group, largest first (see
        ``stonefield rules sunder``).

        None when the point is empty.

        >>> import stonefield
        >>> state = stonefield.Sunder(size=2, pie=False).start()
        >>> for move in ["a2", "a1", "c2", "c3", "b2"]:
        ...     state.play(move)
        >>> state.cuts("b2")
        Cuts(group=['a2', 'b2', 'c2'], parts=[['a1', 'b1'], ['b3', 'c3']])
        """
        return _core.sunder_cuts(self, point)

    def counters(self) -> dict[str, Any]:
        """Sunder's own counter in a playthrough: whether the seats swapped."""
        return {"swapped": self.swapped}


class Sunder(Game):
    """Sunder (``stonefield rules sunder``).

    >>> Sunder(size=9).num_points
    217
    """

    game_name = "sunder"
    state_class = SunderState
    __slots__ = ()

    def start(self) -> SunderState:
        """The start position."""
        return SunderState(self)
