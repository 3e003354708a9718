"""SVG pictures of a position, in pure Python (``xml.etree``).

A game played in the cells of its board (:attr:`Game.drawn_in_cells`) is
drawn as those cells; the others as a hexagon of triangles, or a square
grid, with the stones on the intersections; and the stones a game holds off
the board (:meth:`State.off_board`) in a box beside it. The coordinates around the board
are the notation's: rows are numbered up the left side, and the columns of
the hex board run diagonally, down and to the right, each lettered where it
leaves the board (as in the text diagram).

Every element a tool may want to find has a class and, for points, a
``data-point`` attribute with the point's name: stones are
``<circle class="stone black" data-point="e5">``, coordinates
``<text class="coordinate">``, the last move ``class="last-move"``, and an
overlay's marks sit in ``<g class="overlay" data-overlay="cuts">``. For pages
that take clicks, ``targets=True`` lays an invisible cell over every point,
``<polygon class="target" data-point="e5">``, on top of everything else.
"""

from __future__ import annotations

import math
import numbers
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import TYPE_CHECKING

from stonefield import _core
from stonefield._core import OptionError, OptionTypeError
from stonefield.colour import Colour
from stonefield.messages import shown
from stonefield.overlays import Drawing, Mark, overlay_marks

if TYPE_CHECKING:
    from stonefield.game import Game, State

_SQRT3 = math.sqrt(3.0)
_ROW_HEIGHT = _SQRT3 / 2  # hex rows are this far apart when neighbours are 1 apart

BOARD_COLOUR = "#e3c16f"
CELL_COLOUR = "#ecd9a6"
LINE_COLOUR = "#5b4a2a"
STONE_COLOURS = {"B": ("#1b1b1b", "#000000"), "W": ("#fbfbf8", "#2b2b2b")}
LAST_MOVE_COLOUR = "#d62728"
TEXT_COLOUR = "#333333"

# Board units: neighbouring points are 1 apart.
_STONE_RADIUS = 0.44
_FONT = 0.38
_MARGIN = 0.55


def _fmt(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


class _Geometry:
    """Where the points of a board sit, in board units, and their cells."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.hex = game.shape == "hex"
        self.cells = game.drawn_in_cells

    def centre(self, c: int, r: int) -> tuple[float, float]:
        """The picture position of coordinate (c, r); y grows downwards."""
        if self.hex:
            # Rows are horizontal and each is shifted half a point from the
            # next, so (c+1, r+1) and (c, r+1) both sit next to (c, r).
            return (c - r / 2, -r * _ROW_HEIGHT)
        return (float(c), float(-r))

    def cell(self, c: int, r: int, scale: float = 1.0) -> list[tuple[float, float]]:
        """The cell of a point: the part of the plane nearer to it than to
        any other point (a hexagon, or a square), shrunk by ``scale``."""
        x, y = self.centre(c, r)
        if self.hex:
            radius = scale / _SQRT3
            angles = (90, 30, -30, -90, -150, 150)
            return [
                (x + radius * math.cos(math.radians(a)), y + radius * math.sin(math.radians(a)))
                for a in angles
            ]
        h = scale / 2
        return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]

    def links(self) -> Iterable[tuple[int, int]]:
        """Pairs of neighbouring points (index, index), each once, from the
        board's adjacency in the core."""
        for p, around in enumerate(self.game.neighbours):
            for q in sorted(q for q in around if q > p):
                yield p, q

    def outline(self, margin: float) -> list[tuple[float, float]]:
        """The board's convex outline through its corner points, pushed out
        by ``margin`` on every side."""
        hull = _convex_hull([self.centre(c, r) for c, r in self.game.coords])
        return _offset(hull, margin)


def _convex_hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Andrew's monotone chain; counter-clockwise in y-up terms."""
    pts = sorted(set((round(x, 9), round(y, 9)) for x, y in points))

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _offset(polygon: list[tuple[float, float]], margin: float) -> list[tuple[float, float]]:
    """A convex polygon grown by ``margin``: each vertex moves along the
    bisector of its two edges' outward normals, far enough that every edge
    moves out by exactly ``margin``."""
    n = len(polygon)
    out = []
    for i, (x, y) in enumerate(polygon):
        normals = []
        for a, b in ((polygon[i - 1], polygon[i]), (polygon[i], polygon[(i + 1) % n])):
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy)
            normals.append((dy / length, -dx / length))
        (ax, ay), (bx, by) = normals
        scale = margin / (1 + ax * bx + ay * by)
        out.append((x + (ax + bx) * scale, y + (ay + by) * scale))
    return out


def _points_attr(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)


def _attrs(**values: str) -> dict[str, str]:
    """SVG attributes from keywords: ``stroke_width`` names ``stroke-width``
    and ``class_`` names ``class``."""
    return {key.rstrip("_").replace("_", "-"): value for key, value in values.items()}


class _Picture:
    """The SVG tree being built, with the extent of what was drawn."""

    def __init__(self) -> None:
        self.root = ET.Element("svg", _attrs(xmlns="http://www.w3.org/2000/svg", version="1.1"))
        self.xs: list[float] = []
        self.ys: list[float] = []

    def group(self, parent: ET.Element | None, attrs: dict[str, str]) -> ET.Element:
        return ET.SubElement(self.root if parent is None else parent, "g", attrs)

    def extend(self, x: float, y: float, pad: float = 0.0) -> None:
        self.xs += [x - pad, x + pad]
        self.ys += [y - pad, y + pad]

    def polygon(
        self, parent: ET.Element, points: list[tuple[float, float]], attrs: dict[str, str]
    ) -> ET.Element:
        for x, y in points:
            self.extend(x, y)
        return ET.SubElement(parent, "polygon", {"points": _points_attr(points), **attrs})

    def circle(
        self, parent: ET.Element, x: float, y: float, radius: float, attrs: dict[str, str]
    ) -> ET.Element:
        self.extend(x, y, radius)
        return ET.SubElement(
            parent, "circle", {"cx": _fmt(x), "cy": _fmt(y), "r": _fmt(radius), **attrs}
        )

    def text(
        self,
        parent: ET.Element,
        x: float,
        y: float,
        content: str,
        size: float,
        attrs: dict[str, str],
    ) -> ET.Element:
        # Text is centred on (x, y); its box is estimated from the font size.
        self.extend(x - 0.3 * size * len(content), y - 0.5 * size)
        self.extend(x + 0.3 * size * len(content), y + 0.5 * size)
        position = _attrs(x=_fmt(x), y=_fmt(y + 0.35 * size), font_size=_fmt(size))
        element = ET.SubElement(parent, "text", {**position, "text-anchor": "middle", **attrs})
        element.text = content
        return element


def svg(
    state: State,
    size: int | None = 400,
    coordinates: bool = True,
    last_move: bool = True,
    overlay: str | None = None,
    at: str | int | None = None,
    marks: Drawing | None = None,
    targets: bool = False,
) -> str:
    """An SVG picture of a position.

    Args:
        state: the position.
        size: the picture's width in pixels (its height follows the board);
            None leaves the size to whoever shows it.
        coordinates: whether to letter the columns and number the rows.
        last_move: whether to mark the last move (a dot on its point, or the
            caption's words for ``pass``, ``swap`` and ``release``).
        overlay: the name of one of the game's overlays
            (:func:`stonefield.overlays.available`), drawn on the board.
        at: for overlays about one group: a point of it (by default the last
            stone placed).
        marks: marks made elsewhere, drawn like an overlay's, such as a
            search's visit shares (:func:`stonefield.overlays.visit_shares`);
            not with ``overlay``.
        targets: whether to lay an invisible cell over every point
            (``class="target"``, ``data-point``) for a page to take clicks on.

    Returns:
        The SVG document, as text.

    Raises:
        NotationError: for an overlay the game does not have (the message
            names those it has) or an ``at`` that is not a point.
        OptionError: for a ``size`` that is not a whole number of pixels
            from 1 to 100000.
        ValueError: for both ``overlay`` and ``marks``.

    >>> import stonefield
    >>> state = stonefield.Sunder(size=3).start()
    >>> state.play("b2")
    >>> picture = stonefield.svg(state)
    >>> picture.startswith("<svg") and 'class="stone black" data-point="b2"' in picture
    True
    """
    if size is not None and (
        isinstance(size, bool) or not isinstance(size, numbers.Integral) or not 1 <= size <= 100_000
    ):
        raise OptionError(
            f"size must be a whole number of pixels from 1 to 100000, got {shown(size)}"
        )
    if not isinstance(state, _core.State):
        raise OptionTypeError(f"svg draws a State, got {shown(state)}")
    game = state.game
    geometry = _Geometry(game)
    if overlay is not None and marks is not None:
        raise OptionError("draw an overlay or marks, not both")
    drawing = overlay_marks(state, overlay, at) if overlay is not None else marks
    picture = _Picture()
    board = state.board_string()

    body = picture.group(None, _attrs(class_="board"))
    if geometry.cells:
        for c, r in game.coords:
            picture.polygon(
                body,
                geometry.cell(c, r),
                _attrs(fill=CELL_COLOUR, stroke=LINE_COLOUR, stroke_width="0.04"),
            )
    else:
        picture.polygon(body, geometry.outline(_MARGIN), _attrs(fill=BOARD_COLOUR))
        lines = picture.group(body, _attrs(stroke=LINE_COLOUR, stroke_width="0.035"))
        for p, q in geometry.links():
            (x1, y1), (x2, y2) = geometry.centre(*game.coords[p]), geometry.centre(*game.coords[q])
            ends = _attrs(x1=_fmt(x1), y1=_fmt(y1), x2=_fmt(x2), y2=_fmt(y2))
            ET.SubElement(lines, "line", ends)

    if drawing is not None:
        _draw_marks(picture, geometry, drawing, under_stones=True)
    if coordinates:
        _draw_coordinates(picture, geometry)
    stones = picture.group(None, _attrs(class_="stones"))
    for p, (c, r) in enumerate(game.coords):
        colour = board[p]
        if colour == ".":
            continue
        x, y = geometry.centre(c, r)
        fill, stroke = STONE_COLOURS[colour]
        look = _attrs(fill=fill, stroke=stroke, stroke_width="0.04")
        name = "black" if colour == "B" else "white"
        point = _attrs(class_=f"stone {name}", data_point=game.point_names[p])
        picture.circle(stones, x, y, _STONE_RADIUS, {**look, **point})
    if drawing is not None:
        _draw_marks(picture, geometry, drawing, under_stones=False)
    move = state.last_move
    if last_move and move is not None and move.action < game.num_points:
        x, y = geometry.centre(*game.coords[move.action])
        picture.circle(
            picture.root,
            x,
            y,
            0.14,
            _attrs(fill=LAST_MOVE_COLOUR, class_="last-move", data_point=move.text),
        )
    held = state.off_board()
    if held is not None:
        _draw_off_board(picture, state, *held)
    _draw_caption(picture, state, drawing, last_move)
    if targets:
        _draw_targets(picture, geometry)
    return _finish(picture, size)


def _draw_targets(picture: _Picture, geometry: _Geometry) -> None:
    """An invisible cell over every point, last so that it takes the clicks;
    cells tile the board, so a click anywhere on it names a point. They do
    not widen the picture."""
    layer = picture.group(None, _attrs(class_="targets", fill="#000", fill_opacity="0"))
    for name, (c, r) in zip(geometry.game.point_names, geometry.game.coords, strict=True):
        cell = _points_attr(geometry.cell(c, r))
        ET.SubElement(layer, "polygon", _attrs(points=cell, class_="target", data_point=name))


def _draw_coordinates(picture: _Picture, geometry: _Geometry) -> None:
    """Row numbers beside each row's first point; column letters beside
    each column's lowest point, one step further down the column."""
    game = geometry.game
    labels = picture.group(
        None, _attrs(fill=TEXT_COLOUR, class_="coordinates", font_family="sans-serif")
    )
    first: dict[int, int] = {}
    lowest: dict[int, int] = {}
    for c, r in game.coords:
        first[r] = min(first.get(r, c), c)
        lowest[c] = min(lowest.get(c, r), r)
    for r, c in sorted(first.items()):
        x, y = geometry.centre(c - 1, r)
        picture.text(labels, x, y, str(r), _FONT, _attrs(class_="coordinate row"))
    for c, r in sorted(lowest.items()):
        x, y = geometry.centre(c, r - 1)
        picture.text(labels, x, y, game.column_name(c), _FONT, _attrs(class_="coordinate column"))


def _draw_marks(
    picture: _Picture, geometry: _Geometry, drawing: Drawing, *, under_stones: bool
) -> None:
    game = geometry.game
    index = {name: p for p, name in enumerate(game.point_names)}
    layer = picture.group(
        None,
        _attrs(class_="overlay" if under_stones else "overlay marks", data_overlay=drawing.name),
    )
    for mark in drawing.marks:
        if (mark.kind == "region") != under_stones:
            continue
        group = picture.group(layer, _attrs(class_=mark.role, data_kind=mark.kind))
        for name in mark.points:
            c, r = game.coords[index[name]]
            x, y = geometry.centre(c, r)
            _draw_mark(picture, group, geometry, mark, name, c, r, x, y)


def _draw_mark(
    picture: _Picture,
    group: ET.Element,
    geometry: _Geometry,
    mark: Mark,
    name: str,
    c: int,
    r: int,
    x: float,
    y: float,
) -> None:
    point = _attrs(data_point=name)
    if mark.kind == "region":
        # Cells tile the board; on an intersection board smaller ones leave
        # the lines in view and stay inside the board's outline.
        scale = 1.0 if geometry.cells else 0.72
        look = _attrs(fill=mark.colour, fill_opacity="0.45")
        picture.polygon(group, geometry.cell(c, r, scale), {**look, **point})
    elif mark.kind == "ring":
        look = _attrs(fill="none", stroke=mark.colour, stroke_width="0.09")
        picture.circle(group, x, y, _STONE_RADIUS + 0.05, {**look, **point})
    elif mark.kind == "dot":
        picture.circle(group, x, y, 0.16, {**_attrs(fill=mark.colour), **point})
    elif mark.kind == "cross":
        d = _STONE_RADIUS * 0.6
        path = (
            f"M{_fmt(x - d)},{_fmt(y - d)}L{_fmt(x + d)},{_fmt(y + d)}"
            f"M{_fmt(x - d)},{_fmt(y + d)}L{_fmt(x + d)},{_fmt(y - d)}"
        )
        look = _attrs(d=path, stroke=mark.colour, stroke_width="0.1")
        ET.SubElement(group, "path", {**look, **point})
    else:
        picture.text(group, x, y, mark.text, _FONT, {**_attrs(fill=mark.colour), **point})


def _draw_off_board(picture: _Picture, state: State, name: str, held: int) -> None:
    """The stones a game holds off the board (Anadil's prison): a box
    ``name`` right of the board with one stone of the colour it holds and
    the count, ``held`` being ``+k`` black stones or ``-k`` white."""
    side = state.game.side
    x = side + 1.6
    y = -(side + 1) / 2
    box = picture.group(None, _attrs(class_=name, data_count=str(held)))
    corners = [(x - 0.8, y - 1.5), (x + 0.8, y - 1.5), (x + 0.8, y + 1.3), (x - 0.8, y + 1.3)]
    picture.polygon(
        box, corners, _attrs(fill=BOARD_COLOUR, stroke=LINE_COLOUR, stroke_width="0.04")
    )
    ink = _attrs(fill=TEXT_COLOUR, font_family="sans-serif")
    picture.text(box, x, y - 1.05, name, _FONT * 0.9, ink)
    if held == 0:
        picture.text(box, x, y, "empty", _FONT * 0.8, ink)
        return
    colour = Colour.BLACK if held > 0 else Colour.WHITE
    fill, stroke = STONE_COLOURS["B" if held > 0 else "W"]
    look = _attrs(fill=fill, stroke=stroke, stroke_width="0.04", class_=f"prisoner {colour}")
    picture.circle(box, x, y, _STONE_RADIUS, look)
    picture.text(box, x, y + 0.85, f"\u00d7 {abs(held)}", _FONT, ink)


def _draw_caption(
    picture: _Picture, state: State, drawing: Drawing | None, last_move: bool
) -> None:
    if state.is_over:
        winner = state.winner
        status = f"{winner.value.capitalize()} won" if winner else "Over, no winner"
    else:
        status = f"{state.to_move.value.capitalize()} to move"
    move = state.last_move
    if last_move and move is not None and move.action >= state.game.num_points:
        status = f"{move.text} \u00b7 {status}"
    lines = [status] + ([drawing.caption] if drawing is not None else [])
    bottom = max(picture.ys)
    left, right = min(picture.xs), max(picture.xs)
    captions = picture.group(
        None, _attrs(fill=TEXT_COLOUR, class_="caption", font_family="sans-serif")
    )
    for k, line in enumerate(lines):
        picture.text(captions, (left + right) / 2, bottom + 0.45 + 0.55 * k, line, _FONT, {})


def _finish(picture: _Picture, size: int | None) -> str:
    pad = 0.2
    left, top = min(picture.xs) - pad, min(picture.ys) - pad
    width, height = max(picture.xs) + pad - left, max(picture.ys) + pad - top
    root = picture.root
    root.set("viewBox", f"{_fmt(left)} {_fmt(top)} {_fmt(width)} {_fmt(height)}")
    if size is not None:
        root.set("width", str(size))
        root.set("height", str(round(size * height / width)))
    return ET.tostring(root, encoding="unicode")
