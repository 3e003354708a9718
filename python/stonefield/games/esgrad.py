"""Esgrad: groups are worth the triangular number of their partitions."""

from __future__ import annotations

from typing import Any, TypedDict

from stonefield.colour import Colour
from stonefield.game import Game, State


class GroupScore(TypedDict):
    """One group in a score breakdown."""

    points: list[str]
    partitions: int
    value: int


class ColourScore(TypedDict):
    """One colour's score: its groups, their sum, komi, half point, total."""

    groups: list[GroupScore]
    group_values: int
    komi: int
    half_point: float
    total: float


class EsgradState(State):
    """An Esgrad position."""

    __slots__ = ()

    def counters(self) -> dict[str, Any]:
        """Esgrad's own counters in a playthrough, as the vectors name them."""
        return {name: self.query(name) for name in ("consecutive_passes", "first_pass", "scores")}

    def score(self) -> dict[Colour, ColourScore]:
        """The score of the position as it stands, per colour: every group
        with its points, partitions and value ``p(p+1)/2`` (ordered by first
        point), their sum, komi (White's), the half point of the first pass,
        and the total (``stonefield rules esgrad``).

        >>> import stonefield
        >>> state = stonefield.Esgrad(size=3, komi=-2).start()
        >>> for move in ["b1", "e5", "b2", "pass", "a2"]:
        ...     state.play(move)
        >>> black = state.score()[stonefield.Colour.BLACK]
        >>> black["groups"]
        [{'points': ['b1', 'a2', 'b2'], 'partitions': 2, 'value': 3}]
        >>> black["total"], state.score()["white"]["total"]
        (3.0, -0.5)
        """
        found: dict[str, Any] = self.query("score")
        names = self.game.point_names
        breakdown: dict[Colour, ColourScore] = {}
        for colour in Colour:
            part = found[colour.value]
            groups: list[GroupScore] = [
                {
                    "points": [names[p] for p in group["points"]],
                    "partitions": group["partitions"],
                    "value": group["value"],
                }
                for group in part["groups"]
            ]
            breakdown[colour] = {
                "groups": groups,
                "group_values": part["group_values"],
                "komi": part["komi"],
                "half_point": part["half_point"],
                "total": part["total"],
            }
        return breakdown

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
        found = self.query("partitions", point)
        if found is None:
            return None
        names = self.game.point_names
        return [[names[p] for p in part] for part in found]

    @property
    def consecutive_passes(self) -> int:
        """Passes since the last placement; the second in a row ends the game."""
        passes: int = self.query("consecutive_passes")
        return passes

    @property
    def first_pass(self) -> Colour | None:
        """The colour that made the first pass of the game (it earns half a
        point), or None before any pass."""
        colour = self.query("first_pass")
        return None if colour is None else Colour(colour)


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
