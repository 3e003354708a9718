"""Lingarda: place stones that keep a lifeline to the edge; enemy stones
left without one flip."""

from __future__ import annotations

from typing import Any, TypedDict

from stonefield.colour import Colour
from stonefield.game import Game, State


class Score(TypedDict):
    """One colour's score and its parts (``stonefield rules lingarda``)."""

    stones: int
    """Stones on the board."""
    enclosures: int
    """Empty points of the enclosures the colour owns."""
    half_point: float
    """0.5 for the colour that made the last placement, else 0."""
    total: float


class Preview(TypedDict):
    """What placing the mover's stone on an empty point would do."""

    lifelines: dict[Colour, list[str]]
    """The stones with a lifeline once the stone is on the board, before any
    flip (the new stone among them if it has one)."""
    flips: list[str]
    """The enemy stones that would flip (left without a lifeline)."""
    legal: bool
    reason: str | None
    """Why the placement is illegal, or None."""


class LingardaState(State):
    """A Lingarda position."""

    __slots__ = ()

    def counters(self) -> dict[str, Any]:
        """Lingarda's own counters in a playthrough, as the vectors name them."""
        return {
            name: self.query(name)
            for name in ("swapped", "consecutive_passes", "last_placer", "scores")
        }

    def _named(self, points: list[int]) -> list[str]:
        names = self.game.point_names
        return [names[p] for p in sorted(points)]

    def _per_colour(self, found: dict[str, Any]) -> dict[Colour, list[str]]:
        return {colour: self._named(found[colour.value]) for colour in Colour}

    def score(self) -> dict[Colour, Score]:
        """The score of the position as it stands, per colour, in parts:
        own stones, plus the empty points of owned enclosures (regions where
        the colour has strictly more of the distinct touching stones), plus
        0.5 for the colour that made the last placement.

        >>> import stonefield
        >>> state = stonefield.Lingarda(size=2, pie=False).start()
        >>> state.play("a1"); state.play("c3")
        >>> state.score()[stonefield.Colour.WHITE]
        {'stones': 1, 'enclosures': 0, 'half_point': 0.5, 'total': 1.5}
        """
        found = self.query("score")
        return {
            colour: {
                "stones": found[colour.value]["stones"],
                "enclosures": found[colour.value]["enclosures"],
                "half_point": found[colour.value]["half_point"],
                "total": found[colour.value]["total"],
            }
            for colour in Colour
        }

    def lifelines(self) -> dict[Colour, list[str]]:
        """The stones that have a lifeline, per colour: a straight run of at
        least one empty point to the edge, or to a friendly stone that has a
        lifeline. Between turns this is every stone on the board.

        >>> import stonefield
        >>> state = stonefield.Lingarda(size=3, pie=False).start()
        >>> state.play("c3")
        >>> state.lifelines()
        {<Colour.BLACK: 'black'>: ['c3'], <Colour.WHITE: 'white'>: []}
        """
        return self._per_colour(self.query("lifelines"))

    def preview(self, point: str | int) -> Preview:
        """What placing the mover's stone on the empty ``point`` would do:
        which stones would have a lifeline before the flip, which enemy
        stones would flip, and whether the placement is legal (and if not,
        why).

        Raises:
            NotationError: when the point is occupied or not on the board.

        >>> import stonefield
        >>> state = stonefield.Lingarda(size=2, pie=False).start()
        >>> state.preview("b2")["legal"]
        True
        """
        found = self.query("lifelines", point)
        return {
            "lifelines": self._per_colour(found),
            "flips": self._named(found["flips"]),
            "legal": found["legal"],
            "reason": found["reason"],
        }

    @property
    def consecutive_passes(self) -> int:
        """Passes in a row just before now; two end the game."""
        passes: int = self.query("consecutive_passes")
        return passes

    @property
    def last_placer(self) -> Colour | None:
        """The colour that made the last placement (it has the half point),
        or None before the first."""
        placer = self.query("last_placer")
        return None if placer is None else Colour(placer)


class Lingarda(Game):
    """Lingarda (``stonefield rules lingarda``).

    >>> Lingarda().num_actions
    219
    """

    game_name = "lingarda"
    state_class = LingardaState
    __slots__ = ()

    def start(self) -> LingardaState:
        """The start position."""
        return LingardaState(self)
