"""Esgrad: groups are worth the triangular number of their partitions."""

from __future__ import annotations

from typing import ClassVar

from stonefield import _core
from stonefield._core import EsgradGroup, EsgradScore
from stonefield.colour import Colour
from stonefield.game import Game, State
from stonefield.overlays import (
    Drawing,
    Overlays,
    group_and_parts,
    group_point,
    no_group,
    point_names,
)

__all__ = ["Esgrad", "EsgradGroup", "EsgradScore", "EsgradState"]


def partitions_overlay(state: State, at: int | None) -> Drawing:
    """The partitions of the group at ``at`` (by default the last stone
    placed): the connected parts of the board minus the group, each in its
    own colour, with the group ringed."""
    point = group_point(state, at)
    found = None if point is None else _core.esgrad_partitions(state, point)
    if point is None or found is None:
        return no_group("partitions")
    # The group is what the partitions leave of the board.
    covered = {name for part in found for name in part}
    group = [name for name in state.game.point_names if name not in covered]
    parts = [point_names(state, part) for part in found]
    marks = group_and_parts(point_names(state, group), parts, "partition")
    count = len(found)
    caption = (
        f"partitions of the group at {state.game.point_names[point]}: {count}, "
        f"worth {count * (count + 1) // 2}"
    )
    return Drawing("partitions", marks, caption)


class EsgradState(State):
    """An Esgrad position."""

    __slots__ = ()

    counter_names = ("consecutive_passes", "first_pass", "scores")
    overlays: ClassVar[Overlays] = {"partitions": partitions_overlay}

    def score(self) -> dict[Colour, EsgradScore]:
        """The score of the position as it stands, per colour: every group
        with its points, partitions and value ``p(p+1)/2`` (ordered by first
        point), their sum, komi (White's), the half point of the first pass,
        and the total (RULES.md §7).

        >>> import stonefield
        >>> state = stonefield.Esgrad(size=3, komi=-2).start()
        >>> for move in ["b1", "e5", "b2", "pass", "a2"]:
        ...     state.play(move)
        >>> black = state.score()[stonefield.Colour.BLACK]
        >>> black.groups
        [EsgradGroup(points=['b1', 'a2', 'b2'], partitions=2, value=3)]
        >>> black.total, state.score()["white"].total
        (3.0, -0.5)
        """
        black, white = _core.esgrad_score(self)
        return {Colour.BLACK: black, Colour.WHITE: white}

    def partitions(self, point: str | int) -> list[list[str]] | None:
        """The partitions made by the group holding the stone at ``point``:
        the connected parts of the board minus the group, stones of either
        colour and empty points alike, each ordered by point index and the
        parts by their first point. None when the point is empty.

        >>> import stonefield
        >>> state = stonefield.Esgrad(size=3).start()
        >>> for move in ["b1", "e5", "b2", "e4", "a2"]:
        ...     state.play(move)
        >>> parts = state.partitions("b2")
        >>> parts[0], len(parts[1])
        (['a1'], 15)
        """
        return _core.esgrad_partitions(self, point)

    @property
    def consecutive_passes(self) -> int:
        """Passes since the last placement; the second in a row ends the game."""
        return _core.passes(self)[0]

    @property
    def first_pass(self) -> Colour | None:
        """The colour that made the first pass of the game (it earns half a
        point), or None before any pass."""
        return _core.passes(self)[1]


class Esgrad(Game):
    """Esgrad (``stonefield rules esgrad``).

    >>> Esgrad(size=9).num_actions
    218
    """

    game_name = "esgrad"
    state_class = EsgradState
    __slots__ = ()

    def start(self) -> EsgradState:
        """The start position."""
        return EsgradState(self)
