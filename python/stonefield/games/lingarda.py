"""Lingarda: place stones that keep a lifeline to the edge; enemy stones
left without one flip."""

from __future__ import annotations

from typing import ClassVar

from stonefield import _core
from stonefield._core import LingardaPreview, LingardaScore, NotationError
from stonefield.colour import Colour
from stonefield.game import Game, State
from stonefield.overlays import (
    HIGHLIGHT,
    LIFELINE_RING,
    Drawing,
    Mark,
    Overlays,
    colour_tint,
    owners,
    point_names,
)

__all__ = ["Lingarda", "LingardaPreview", "LingardaScore", "LingardaState"]


def lifelines_overlay(state: State, at: int | None) -> Drawing:
    """Lingarda's lifelines. With ``at`` an empty point: what placing the
    mover's stone there would do (the stone shown as a dot, the enemy stones
    that would flip crossed out, the stones left with a lifeline ringed, and
    the verdict). Without: every stone that has a lifeline, ringed."""
    if at is not None and state.board_string()[at] != ".":
        raise NotationError(
            f"lifelines at {state.game.point_names[at]}: the point is occupied "
            "(give an empty point to see what a placement there would do)"
        )
    if at is None:
        lifelines = _core.lingarda_lifelines(state)
    else:
        preview = _core.lingarda_preview(state, at)
        lifelines = preview.lifelines
    marks = [
        Mark("ring", point_names(state, lifelines[colour]), LIFELINE_RING, f"lifeline {colour}")
        for colour in Colour
        if lifelines[colour]
    ]
    if at is None:
        count = sum(len(stones) for stones in lifelines.values())
        return Drawing("lifelines", tuple(marks), f"lifelines: {count} stones have one")
    mover = state.to_move
    name = state.game.point_names[at]
    marks.append(Mark("dot", (name,), colour_tint(mover), f"try {mover}"))
    if preview.flips:
        marks.append(Mark("cross", point_names(state, preview.flips), HIGHLIGHT, "flip"))
    if preview.legal:
        caption = f"{mover} at {name}: legal, {len(preview.flips)} flip(s)"
    else:
        caption = f"{mover} at {name}: illegal, {preview.reason}"
    return Drawing("lifelines", tuple(marks), caption)


class LingardaState(State):
    """A Lingarda position."""

    __slots__ = ()

    counter_names = ("swapped", "consecutive_passes", "last_placer", "scores")
    overlays: ClassVar[Overlays] = {
        "enclosures": owners("enclosures", _core.lingarda_enclosures),
        "lifelines": lifelines_overlay,
    }

    def score(self) -> dict[Colour, LingardaScore]:
        """The score of the position as it stands, per colour, in parts:
        own stones, plus the empty points of owned enclosures (regions where
        the colour has strictly more of the distinct touching stones), plus
        0.5 for the colour that made the last placement.

        >>> import stonefield
        >>> state = stonefield.Lingarda(size=2, pie=False).start()
        >>> state.play("a1"); state.play("c3")
        >>> state.score()[stonefield.Colour.WHITE]
        LingardaScore(stones=1, enclosures=0, half_point=0.5, total=1.5)
        """
        return dict(zip(Colour, _core.lingarda_score(self), strict=True))

    def lifelines(self) -> dict[Colour, list[str]]:
        """The stones that have a lifeline, per colour, in point order: a
        straight run of at least one empty point to the edge, or to a
        friendly stone that has a lifeline. Between turns this is every
        stone on the board.

        >>> import stonefield
        >>> state = stonefield.Lingarda(size=3, pie=False).start()
        >>> state.play("c3")
        >>> state.lifelines()
        {<Colour.BLACK: 'black'>: ['c3'], <Colour.WHITE: 'white'>: []}
        """
        return _core.lingarda_lifelines(self)

    def preview(self, point: str | int) -> LingardaPreview:
        """What placing the mover's stone on the empty ``point`` would do:
        which stones would have a lifeline before the flip (the new stone
        among them if it has one), which enemy stones would flip, and whether
        the placement is legal (and if not, why).

        Raises:
            NotationError: when the point is occupied or not on the board.

        >>> import stonefield
        >>> state = stonefield.Lingarda(size=2, pie=False).start()
        >>> state.preview("b2").legal
        True
        """
        return _core.lingarda_preview(self, point)

    def enclosures(self) -> dict[str, Colour]:
        """The empty points of the enclosures a colour owns, with their
        owner, in point order.

        >>> import stonefield
        >>> state = stonefield.load("lingarda size=2 pie=false ; a1 b2 b1")
        >>> state.enclosures()  # doctest: +NORMALIZE_WHITESPACE
        {'a2': <Colour.BLACK: 'black'>, 'c2': <Colour.BLACK: 'black'>,
         'b3': <Colour.BLACK: 'black'>, 'c3': <Colour.BLACK: 'black'>}
        """
        return _core.lingarda_enclosures(self)

    @property
    def consecutive_passes(self) -> int:
        """Passes in a row just before now; two end the game."""
        return _core.passes(self)[0]

    @property
    def last_placer(self) -> Colour | None:
        """The colour that made the last placement (it has the half point),
        or None before the first."""
        return _core.lingarda_last_placer(self)


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
