"""Sunder: make a group whose every cut is at most half the board."""

from __future__ import annotations

from typing import TypedDict

from stonefield.game import Game, State


class Cuts(TypedDict):
    """A group and the parts of the board minus it (largest first)."""

    group: list[str]
    parts: list[list[str]]


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
        {'group': ['a2', 'b2', 'c2'], 'parts': [['a1', 'b1'], ['b3', 'c3']]}
        """
        found = self.query("cuts", point)
        if found is None:
            return None
        names = self.game.point_names

        def named(points: list[int]) -> list[str]:
            return [names[p] for p in sorted(points)]

        return {
            "group": named(found["group"]),
            "parts": [named(part) for part in found["parts"]],
        }


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
