"""Overlays: drawings on top of a board that show one of a game's own notions
(Sunder's cuts, territory, smothered groups...), each fed by the typed views
of the game's engine.

An overlay is a function of a state and an optional point (the group to show;
by default the last stone placed) that returns :class:`Mark` objects;
:func:`stonefield.svg` draws them. Each game's module lists its overlays
(``State.overlays``); this module holds what they share: the marks, the
drawings several games make (owned points, smothered stones, a group's
breaths) and the lookup by name. Python never decides a rule here: every
point a mark covers comes from the engine.

>>> import stonefield
>>> state = stonefield.Sunder(size=2, pie=False).start()
>>> for move in ["a2", "a1", "c2", "c3", "b2"]:
...     state.play(move)
>>> [(m.kind, m.points) for m in overlay_marks(state, "cuts").marks]
[('region', ('a1', 'b1')), ('region', ('b3', 'c3')), ('ring', ('a2', 'b2', 'c2'))]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from stonefield import registry
from stonefield._core import NotationError
from stonefield.colour import Colour

if TYPE_CHECKING:
    from stonefield import _core
    from stonefield.game import Game, State

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

Overlays = Mapping[str, OverlayFunction]
"""A game's overlays by name, as its state class lists them."""

BLACK_TINT = "#3a3a3a"
WHITE_TINT = "#ffffff"
HIGHLIGHT = "#d62728"
GROUP_RING = "#f0a000"
LIFELINE_RING = "#2ca02c"
FREE_BREATH = "#2ca02c"
PART_COLOURS = ("#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")


def point_names(state: State, points: Iterable[int | str]) -> tuple[str, ...]:
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


def group_point(state: State, at: int | None) -> int | None:
    """The point whose group an overlay shows: ``at``, or the last stone."""
    return _last_stone(state) if at is None else at


def colour_tint(colour: Colour) -> str:
    """The tint of a colour's points and stones in marks."""
    return BLACK_TINT if colour == Colour.BLACK else WHITE_TINT


def owners(name: str, view: Callable[[_core.State], Mapping[str, Colour]]) -> OverlayFunction:
    """An overlay ``name`` of the empty points each colour owns, tinted in
    the owner's colour, from ``view`` (the owned points with their owner):
    Anda's territory, Lingarda's enclosures."""

    def draw(state: State, at: int | None) -> Drawing:
        del at
        found = view(state)
        marks = []
        counts = []
        for colour in Colour:
            points = [point for point, owner in found.items() if owner == colour]
            counts.append(f"{colour.value} {len(points)}")
            if points:
                tint = colour_tint(colour)
                marks.append(Mark("region", point_names(state, points), tint, colour.value))
        return Drawing(name, tuple(marks), f"{name}: " + ", ".join(counts))

    draw.__doc__ = f"The owners of the empty points: the game's {name}."
    return draw


def smothered(
    view: Callable[[_core.State], list[str] | Mapping[Colour, list[str]]],
) -> OverlayFunction:
    """An overlay of the stones of smothered groups, crossed out, from
    ``view`` (a list of stones, or one per colour)."""

    def draw(state: State, at: int | None) -> Drawing:
        del at
        found = view(state)
        per_colour = found if isinstance(found, Mapping) else {"": found}
        marks = []
        total = 0
        for colour, points in per_colour.items():
            total += len(points)
            if points:
                role = f"smothered {colour}".strip()
                marks.append(Mark("cross", point_names(state, points), HIGHLIGHT, role))
        caption = f"smothered: {total} stone{'s' if total != 1 else ''}"
        return Drawing("smothered", tuple(marks), caption)

    draw.__doc__ = "The stones of smothered groups, crossed out."
    return draw


def breaths_drawing(
    state: State, point: int, group: list[str], obstructed: Mapping[str, bool]
) -> Drawing:
    """The group at ``point`` ringed and its breaths dotted: red where
    obstructed, green where they keep it alive."""
    marks = [Mark("ring", point_names(state, group), GROUP_RING, "group")]
    blocked = [name for name, is_blocked in obstructed.items() if is_blocked]
    free = [name for name, is_blocked in obstructed.items() if not is_blocked]
    if blocked:
        marks.append(Mark("dot", point_names(state, blocked), HIGHLIGHT, "obstructed"))
    if free:
        marks.append(Mark("dot", point_names(state, free), FREE_BREATH, "free"))
    verdict = "smothered" if not free else f"alive by {len(free)}"
    caption = (
        f"breaths of the group at {state.game.point_names[point]}: "
        f"{len(blocked)} obstructed, {verdict}"
    )
    return Drawing("breaths", tuple(marks), caption)


def group_and_parts(
    group: Sequence[str],
    parts: Sequence[Sequence[str]],
    role: str,
    first_role: str | None = None,
) -> tuple[Mark, ...]:
    """The parts of the board a group leaves, each tinted in its own colour
    under ``role``, then the group ringed: Sunder's cuts and Esgrad's
    partitions. With ``first_role``, the first part is highlighted instead,
    under that role.

    >>> marks = group_and_parts(["b2"], [["a1"], ["c3"]], "cut", first_role="largest-cut")
    >>> [(m.kind, m.role) for m in marks]
    [('region', 'largest-cut'), ('region', 'cut'), ('ring', 'group')]
    """
    marks = []
    if first_role is not None and parts:
        marks.append(Mark("region", tuple(parts[0]), HIGHLIGHT, first_role))
        parts = parts[1:]
    for k, part in enumerate(parts):
        marks.append(Mark("region", tuple(part), PART_COLOURS[k % len(PART_COLOURS)], role))
    marks.append(Mark("ring", tuple(group), GROUP_RING, "group"))
    return tuple(marks)


def no_group(name: str) -> Drawing:
    """What an overlay about one group draws when there is none."""
    return Drawing(name, (), f"{name}: no group to show")


def available(game: Game | str) -> list[str]:
    """The overlays a game has, by name.

    >>> available("sunder")
    ['cuts']
    """
    rules = registry.game_class(game) if isinstance(game, str) else type(game)
    return sorted(rules.state_class.overlays)


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
    function = state.overlays.get(name)
    if function is None:
        has = ", ".join(sorted(state.overlays)) or "none"
        raise NotationError(f"{state.game.name} has no overlay {name!r} (it has: {has})")
    point = None
    if at is not None:
        point = state.action(at)
        if point >= state.game.num_points:
            raise NotationError(f"{at!r} is not a point of the board")
    return function(state, point)


# Visit shares are tinted in bands from the board's own colour to a deep red,
# by share of the most visited move; the best move is ringed in ink.
SHARE_BANDS = ("#d99f61", "#cf7d54", "#c65c46", "#bc3a39", "#b2182b")
SHARE_TEXT = "#1b1b1b"
BEST_RING = "#1f3b73"


def visit_shares(state: State, moves: Sequence[str], visits: Sequence[int]) -> Drawing:
    """A search's visits as marks (the picture's "analyse" overlay): each
    point the search tried is tinted the deeper the more it was visited and
    labelled with its share of the visits in per cent (none below 1%); the
    most visited move is ringed. Moves that are not points (``pass``,
    ``swap``, ``release``) are named in the caption with their shares.

    Args:
        state: the position searched.
        moves: the moves searched, as text (:attr:`SearchResult.moves`).
        visits: the visits of each move (:attr:`SearchResult.visits`).

    Returns:
        The marks and a caption naming the best move.

    >>> import stonefield
    >>> state = stonefield.Sunder(size=2).start()
    >>> drawing = visit_shares(state, ["a1", "b2"], [10, 30])
    >>> [(m.kind, m.points, m.text) for m in drawing.marks if m.kind != "region"]
    [('label', ('a1',), '25'), ('label', ('b2',), '75'), ('ring', ('b2',), '')]
    >>> drawing.caption
    'analysis of 40 visits: best b2 (75%)'
    """
    total = sum(int(v) for v in visits)
    if total == 0:
        return Drawing("analyse", (), "analysis: no visits")
    points = state.game.num_points
    shares = [(move, int(v) / total) for move, v in zip(moves, visits, strict=True)]
    most = max(share for _, share in shares)
    best = next(move for move, share in shares if share == most)
    bands: list[list[str]] = [[] for _ in SHARE_BANDS]
    labels = []
    others = []
    for move, share in shares:
        if state.action(move) >= points:
            others.append(f"{move} {share:.0%}")
            continue
        if share == 0:
            continue
        band = min(len(SHARE_BANDS) - 1, int(share / most * len(SHARE_BANDS)))
        bands[band].append(move)
        if share >= 0.01:
            labels.append(Mark("label", (move,), SHARE_TEXT, "share", f"{share * 100:.0f}"))
    marks = [
        Mark("region", point_names(state, names), colour, "visits")
        for names, colour in zip(bands, SHARE_BANDS, strict=True)
        if names
    ]
    marks += labels
    if state.action(best) < points:
        marks.append(Mark("ring", (best,), BEST_RING, "best"))
    caption = f"analysis of {total} visits: best {best} ({most:.0%})"
    if others:
        caption += "; " + ", ".join(others)
    return Drawing("analyse", tuple(marks), caption)
