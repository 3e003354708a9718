"""Sunder: make a group whose every cut is at most half the board."""

from __future__ import annotations

from typing import ClassVar

from stonefield import _core
from stonefield._core import Cuts
from stonefield.game import Game, State
from stonefield.overlays import Drawing, Overlays, group_and_parts, group_point, no_group


def cuts_overlay(state: State, at: int | None) -> Drawing:
    """The group at ``at`` (by default the last stone placed, so the winning
    group of a finished game) and the parts of the board minus it; the
    largest part, the cut that decides, is drawn strongest."""
    point = group_point(state, at)
    found = None if point is None else _core.sunder_cuts(state, point)
    if point is None or found is None:
        return no_group("cuts")
    marks = group_and_parts(found.group, found.parts, "cut", first_role="largest-cut")
    sizes = [len(part) for part in found.parts]
    largest = f"largest cut {sizes[0]} of {state.game.num_points}" if sizes else "no cut"
    caption = f"cuts of the group at {state.game.point_names[point]}: {largest}"
    if len(sizes) > 1:
        caption += f" (others {', '.join(map(str, sizes[1:]))})"
    return Drawing("cuts", marks, caption)


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

    counter_names = ("swapped",)
    overlays: ClassVar[Overlays] = {"cuts": cuts_overlay}


class Sunder(Game):
    """Sunder (``stonefield rules sunder``).

    >>> Sunder(size=9).num_points
    217
    """

    game_name = "sunder"
    state_class = SunderState
    drawn_in_cells = True
    __slots__ = ()

    def start(self) -> SunderState:
        """The start position."""
        return SunderState(self)
