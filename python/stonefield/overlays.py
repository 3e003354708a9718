"""Overlays: drawings on top of a board that show one of a game's own notions
(Sunder's cuts, territory, smothered groups...), each fed by the views the
game's engine exposes through :meth:`State.query`.

An overlay is a function of a state and an optional point (the group to show;
by default the last stone placed) that returns :class:`Mark` objects;
:func:`stonefield.svg` draws them. Python never decides a rule here: every
point a mark covers comes from the engine.

>>> import stonefield
>>> state = stonefield.Sunder(size=2, pie=False).start()
>>> for move in ["a2", "a1", "c2", "c3", "b2"]:
...     state.play(move)
>>> [(m.kind, m.points) for m in overlay_marks(state, "cuts").marks]
[('region', ('a1', 'b1')), ('region', ('b3', 'c3')), ('ring', ('a2', 'b2', 'c2'))]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from stonefield import _core
from stonefield._core import NotationError

if TYPE_CHECKING:
    from stonefield.game import State

MarkKind = Literal["region", "ring", "cross", "dot", "label"]


@dataclass(frozen=True, slots=True)
class Mark:
    """One drawing of an overlay.

    Attributes:
        kind: ``"region"`` tints the points' cells under the stones,
            ``"ring"`` circles stones, ``"cross"`` crosses them out, ``"dot"``
            puts a small disc on them, ``"label"`` writes ``text`` on them.
        points: the point names it covers, in point-index order.
        colour: an SVG colour.
        role: what the mark shows, for the picture's legend and for tools
            that read the SVG (it becomes the element's class).
        text: the label's text, for ``"label"``.
    """

    kind: MarkKind
    points: tuple[str, ...]
    colour: str
    role: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Drawing:
    """What an overlay draws: its marks and a one-line caption."""

    name: str
    marks: tuple[Mark, ...]
    caption: str


OverlayFunction = Callable[["State", int | None], Drawing]

BLACK_TINT = "#3a3a3a"
WHITE_TINT = "#ffffff"
HIGHLIGHT = "#d62728"
GROUP_RING = "#f0a000"
LIFELINE_RING = "#2ca02c"
FREE_BREATH = "#2ca02c"
PART_COLOURS = ("#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")


def _names(state: State, points: Iterable[int | str]) -> tuple[str, ...]:
    """Point names in point-index order, from indices or names."""
    names = state.game.point_names
    index = {name: i for i, name in enumerate(names)}
    indices = sorted(p if isinstance(p, int) else index[p] for p in points)
    return tuple(names[i] for i in indices)


def _last_stone(state: State) -> int | None:
    """The point of the last placement in the game, or None."""
    points = state.game.num_points
    for action in reversed(state.actions):
        if action < points:
            return action
    return None


def _group_point(state: State, at: int | None) -> int | None:
    """The point whose group an overlay shows: ``at``, or the last stone."""
    return _last_stone(state) if at is None else at


def sunder_cuts(state: State, at: int | None) -> Drawing:
    """The group at ``at`` (by default the last stone placed, so the winning
    group of a finished game) and the parts of the board minus it; the
    largest part, the cut that decides, is drawn strongest."""
    point = _group_point(state, at)
    found = None if point is None else _core.sunder_cuts(state, point)
    if point is None or found is None:
        return Drawing("cuts", (), "cuts: no group to show")
    marks = []
    for k, part in enumerate(found.parts):
        role = "largest-cut" if k == 0 else "cut"
        colour = HIGHLIGHT if k == 0 else PART_COLOURS[(k - 1) % len(PART_COLOURS)]
        marks.append(Mark("region", tuple(part), colour, role))
    marks.append(Mark("ring", tuple(found.group), GROUP_RING, "group"))
    sizes = [len(part) for part in found.parts]
    largest = f"largest cut {sizes[0]} of {state.game.num_points}" if sizes else "no cut"
    caption = f"cuts of the group at {state.game.point_names[point]}: {largest}"
    if len(sizes) > 1:
        caption += f" (others {', '.join(map(str, sizes[1:]))})"
    return Drawing("cuts", tuple(marks), caption)


def _colour_tint(colour: str) -> str:
    return BLACK_TINT if colour == "black" else WHITE_TINT


def owners(view: str) -> OverlayFunction:
    """An overlay of the empty points each colour owns, tinted in the
    owner's colour, from the view ``view`` (an owner or None per point):
    Anda's ``territory``, Lingarda's ``enclosures``."""

    def draw(state: State, at: int | None) -> Drawing:
        del at
        found: list[str | None] = state.query(view)
        marks = []
        counts = []
        for colour in ("black", "white"):
            points = [p for p, owner in enumerate(found) if owner == colour]
            counts.append(f"{colour} {len(points)}")
            if points:
                marks.append(Mark("region", _names(state, points), _colour_tint(colour), colour))
        return Drawing(view, tuple(marks), f"{view}: " + ", ".join(counts))

    draw.__doc__ = f"The owners of the empty points, from ``query({view!r})``."
    return draw


def smothered(state: State, at: int | None) -> Drawing:
    """The stones of smothered groups, crossed out (``query("smothered")``:
    a list of stones, or one per colour)."""
    del at
    found: list[int | str] | dict[str, list[int | str]] = state.query("smothered")
    per_colour = found if isinstance(found, dict) else {"": found}
    marks = []
    total = 0
    for colour, points in per_colour.items():
        total += len(points)
        if points:
            role = f"smothered {colour}".strip()
            marks.append(Mark("cross", _names(state, points), HIGHLIGHT, role))
    caption = f"smothered: {total} stone{'s' if total != 1 else ''}"
    return Drawing("smothered", tuple(marks), caption)


def _breath_drawing(
    state: State, point: int, group: list[str], obstructed: dict[str, bool]
) -> Drawing:
    """The group ringed and its breaths dotted: red where obstructed,
    green where they keep it alive."""
    marks = [Mark("ring", _names(state, group), GROUP_RING, "group")]
    blocked = [name for name, is_blocked in obstructed.items() if is_blocked]
    free = [name for name, is_blocked in obstructed.items() if not is_blocked]
    if blocked:
        marks.append(Mark("dot", _names(state, blocked), HIGHLIGHT, "obstructed"))
    if free:
        marks.append(Mark("dot", _names(state, free), FREE_BREATH, "free"))
    verdict = "smothered" if not free else f"alive by {len(free)}"
    caption = (
        f"breaths of the group at {state.game.point_names[point]}: "
        f"{len(blocked)} obstructed, {verdict}"
    )
    return Drawing("breaths", tuple(marks), caption)


def anda_breaths(state: State, at: int | None) -> Drawing:
    """Anda: the group at ``at`` (by default the last stone placed) and its
    liberties, each obstructed when exactly one enemy group reaches it
    (``query("breath", point)``)."""
    point = _group_point(state, at)
    found: dict[str, Any] | None = None if point is None else state.query("breath", point)
    if point is None or found is None:
        return Drawing("breaths", (), "breaths: no group to show")
    obstructed = {lib["point"]: lib["obstructions"] == 1 for lib in found["liberties"]}
    return _breath_drawing(state, point, found["stones"], obstructed)


def anadil_breaths(state: State, at: int | None) -> Drawing:
    """Anadil: the group at ``at`` (by default the last stone placed) and
    its breaths, each obstructed when exactly one enemy supergroup reaches
    it (``query("breaths", point)`` and ``query("group", point)``)."""
    point = _group_point(state, at)
    found: dict[str, bool] | None = None if point is None else state.query("breaths", point)
    if point is None or found is None:
        return Drawing("breaths", (), "breaths: no group to show")
    return _breath_drawing(state, point, state.query("group", point), found)


def partitions(state: State, at: int | None) -> Drawing:
    """The partitions of the group at ``at`` (by default the last stone
    placed): the connected parts of the board minus the group, each in its
    own colour, with the group ringed (the core's ``esgrad_partitions``)."""
    point = _group_point(state, at)
    found = None if point is None else _core.esgrad_partitions(state, point)
    if point is None or found is None:
        return Drawing("partitions", (), "partitions: no group to show")
    marks = [
        Mark("region", _names(state, part), PART_COLOURS[k % len(PART_COLOURS)], "partition")
        for k, part in enumerate(found)
    ]
    # The group is what the partitions leave of the board.
    covered = {name for part in found for name in part}
    group = [name for name in state.game.point_names if name not in covered]
    marks.append(Mark("ring", _names(state, group), GROUP_RING, "group"))
    count = len(found)
    caption = (
        f"partitions of the group at {state.game.point_names[point]}: {count}, "
        f"worth {count * (count + 1) // 2}"
    )
    return Drawing("partitions", tuple(marks), caption)


def lifelines(state: State, at: int | None) -> Drawing:
    """Lingarda's lifelines. With ``at`` an empty point: what placing the
    mover's stone there would do (the stone shown as a dot, the enemy stones
    that would flip crossed out, the stones left with a lifeline ringed, and
    the verdict). Without: every stone that has a lifeline, ringed."""
    if at is not None and state.board_string()[at] != ".":
        raise NotationError(
            f"lifelines at {state.game.point_names[at]}: the point is occupied "
            "(give an empty point to see what a placement there would do)"
        )
    found: dict[str, Any] = state.query("lifelines", at)
    marks = [
        Mark("ring", _names(state, found[colour]), LIFELINE_RING, f"lifeline {colour}")
        for colour in ("black", "white")
        if found[colour]
    ]
    if at is None:
        count = len(found["black"]) + len(found["white"])
        return Drawing("lifelines", tuple(marks), f"lifelines: {count} stones have one")
    mover = state.to_move.value
    name = state.game.point_names[at]
    marks.append(Mark("dot", (name,), _colour_tint(mover), f"try {mover}"))
    if found["flips"]:
        marks.append(Mark("cross", _names(state, found["flips"]), HIGHLIGHT, "flip"))
    if found["legal"]:
        caption = f"{mover} at {name}: legal, {len(found['flips'])} flip(s)"
    else:
        caption = f"{mover} at {name}: illegal, {found['reason']}"
    return Drawing("lifelines", tuple(marks), caption)


# Overlays by game, then by name. A game with no entry has none.
OVERLAYS: dict[str, dict[str, OverlayFunction]] = {
    "sunder": {"cuts": sunder_cuts},
    "anda": {"territory": owners("territory"), "smothered": smothered, "breaths": anda_breaths},
    "anadil": {"smothered": smothered, "breaths": anadil_breaths},
    "lingarda": {"enclosures": owners("enclosures"), "lifelines": lifelines},
    "esgrad": {"partitions": partitions},
}


def available(game_name: str) -> list[str]:
    """The overlays a game has, by name.

    >>> available("sunder")
    ['cuts']
    """
    return sorted(OVERLAYS.get(game_name, {}))


def overlay_marks(state: State, name: str, at: str | int | None = None) -> Drawing:
    """Runs the overlay ``name`` on ``state``.

    Args:
        state: the position.
        name: one of :func:`available` for the state's game.
        at: the point whose group the overlay shows, for overlays about one
            group; by default the last stone placed.

    Returns:
        The overlay's marks and caption.

    Raises:
        NotationError: for an overlay the game does not have (the message
            lists those it has) or a point that is not on the board.
    """
    game_name = state.game.name
    function = OVERLAYS.get(game_name, {}).get(name)
    if function is None:
        has = ", ".join(available(game_name)) or "none"
        raise NotationError(f"{game_name} has no overlay {name!r} (it has: {has})")
    point = None
    if at is not None:
        point = state.action(at)
        if point >= state.game.num_points:
            raise NotationError(f"{at!r} is not a point of the board")
    return function(state, point)
