"""SVG pictures: every picture is XML with the stones, coordinates and
overlays where the position and the notation put them."""

from __future__ import annotations

import importlib.util
import math
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import stonefield
from stonefield import Colour
from stonefield.overlays import available

NS = {"svg": "http://www.w3.org/2000/svg"}
DOCS = Path(__file__).resolve().parents[1] / "docs"


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def find_all(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    wanted = set(cls.split())
    return [e for e in root.iter(f"{{{NS['svg']}}}{tag}") if wanted <= classes(e)]


def random_state(name: str, plies: int, seed: int, **options) -> stonefield.State:
    state = stonefield.game(name, **options).start()
    bot = stonefield.bots.Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state.play(bot.choose(state))
    return state


def games() -> list[str]:
    return list(stonefield.GAMES)


def small(name: str) -> dict[str, int]:
    return {"size": 7} if name == "anadil" else {"size": 4}


@pytest.mark.parametrize("name", games())
def test_stones_are_drawn_where_the_board_has_them(name):
    state = random_state(name, 14, seed=3, **small(name))
    root = parse(stonefield.svg(state))
    board = state.board_string()
    names = state.game.point_names
    expected = {
        (names[p], "black" if cell == "B" else "white")
        for p, cell in enumerate(board)
        if cell != "."
    }
    drawn = set()
    for stone in find_all(root, "circle", "stone"):
        colour = "black" if "black" in classes(stone) else "white"
        drawn.add((stone.get("data-point"), colour))
    assert drawn == expected and expected


@pytest.mark.parametrize("name", games())
def test_coordinates_name_every_row_and_column(name):
    game = stonefield.game(name, **small(name))
    root = parse(stonefield.svg(game.start()))
    rows = [t.text for t in find_all(root, "text", "row")]
    columns = [t.text for t in find_all(root, "text", "column")]
    assert rows == [str(r) for r in sorted({r for _, r in game.coords})]
    letters = sorted(
        {name.rstrip("0123456789") for name in game.point_names}, key=lambda s: (len(s), s)
    )
    assert columns == letters
    assert not find_all(
        parse(stonefield.svg(game.start(), coordinates=False)), "text", "coordinate"
    )


def centre(element: ET.Element) -> tuple[float, float]:
    if element.tag.endswith("circle"):
        return float(element.get("cx")), float(element.get("cy"))
    return float(element.get("x")), float(element.get("y"))


def test_hex_columns_run_diagonally_and_rows_stay_level():
    # On the hex board a column's points go down and to the right, and each
    # column's letter sits one step further along it, as in the notation.
    state = stonefield.Sunder(size=3, pie=False).start()
    for move in ["a1", "a2", "a3", "c3", "b3"]:
        state.play(move)
    root = parse(stonefield.svg(state))
    at = {s.get("data-point"): centre(s) for s in find_all(root, "circle", "stone")}
    assert math.isclose(at["a3"][1], at["b3"][1]) and math.isclose(at["b3"][1], at["c3"][1])
    a1, a2, a3 = at["a1"], at["a2"], at["a3"]
    assert a3[1] < a2[1] < a1[1] and a3[0] < a2[0] < a1[0]
    assert math.isclose(a2[0] - a1[0], a3[0] - a2[0])
    label = next(t for t in find_all(root, "text", "column") if t.text == "a")
    x, _ = centre(label)
    assert math.isclose(x - a1[0], a1[0] - a2[0])


def test_the_last_move_is_marked_and_specials_are_named_in_the_caption():
    state = stonefield.Sunder(size=3).start()
    state.play("b2")
    root = parse(stonefield.svg(state))
    marks = find_all(root, "circle", "last-move")
    assert [m.get("data-point") for m in marks] == ["b2"]
    assert not find_all(parse(stonefield.svg(state, last_move=False)), "circle", "last-move")
    state.play("swap")
    root = parse(stonefield.svg(state))
    assert not find_all(root, "circle", "last-move")
    caption = [t.text for t in find_all(root, "text", "caption")] or [
        t.text for g in find_all(root, "g", "caption") for t in g
    ]
    assert caption == ["swap \u00b7 White to move"]


def test_size_sets_the_width_and_keeps_the_aspect():
    state = stonefield.Sunder(size=5).start()
    root = parse(stonefield.svg(state, size=300))
    _, _, width, height = map(float, root.get("viewBox").split())
    assert root.get("width") == "300"
    assert int(root.get("height")) == round(300 * height / width)
    assert "width" not in parse(stonefield.svg(state, size=None)).attrib


@pytest.mark.parametrize("size", [0, -5, 1.5, "400", True, 10**6])
def test_a_size_that_is_no_width_is_refused(size):
    state = stonefield.Sunder(size=3).start()
    with pytest.raises(stonefield.OptionError, match="size must be a whole number of pixels"):
        stonefield.svg(state, size=size)


def test_repr_svg_is_the_picture():
    state = stonefield.Sunder(size=3).start()
    state.play("b2")
    assert state._repr_svg_() == stonefield.svg(state)


def overlay_marks(root: ET.Element, role: str) -> list[str]:
    return [e.get("data-point") for g in find_all(root, "g", role) for e in g]


def test_sunder_cuts_overlay_shows_the_winning_group_and_its_largest_cut():
    state = stonefield.load("sunder size=2 pie=false ; a2 a1 c2 c3 b2")
    root = parse(stonefield.svg(state, overlay="cuts"))
    assert overlay_marks(root, "group") == ["a2", "b2", "c2"]
    assert overlay_marks(root, "largest-cut") == ["a1", "b1"]
    assert overlay_marks(root, "cut") == ["b3", "c3"]
    captions = [t.text for g in find_all(root, "g", "caption") for t in g]
    assert captions[-1] == "cuts of the group at b2: largest cut 2 of 7 (others 2)"


def test_sunder_cuts_overlay_at_a_chosen_point():
    state = stonefield.load("sunder size=3 pie=false ; a1 c3 b1")
    cuts = state.cuts("c3")
    root = parse(stonefield.svg(state, overlay="cuts", at="c3"))
    assert overlay_marks(root, "group") == cuts.group
    assert overlay_marks(root, "largest-cut") == cuts.parts[0]
    # An empty point has no group: nothing is drawn, and the caption says so.
    root = parse(stonefield.svg(state, overlay="cuts", at="e5"))
    assert overlay_marks(root, "group") == []


def test_an_unknown_overlay_names_the_ones_there_are():
    state = stonefield.Sunder(size=3).start()
    with pytest.raises(
        stonefield.NotationError, match=r"sunder has no overlay 'zones' \(it has: cuts\)"
    ):
        stonefield.svg(state, overlay="zones")
    with pytest.raises(stonefield.NotationError):
        stonefield.svg(state, overlay="cuts", at="z9")


@pytest.mark.parametrize("name", games())
def test_every_overlay_of_every_game_draws_valid_svg(name):
    state = random_state(name, 30, seed=5, **small(name))
    for overlay in available(name):
        root = parse(stonefield.svg(state, overlay=overlay))
        layers = find_all(root, "g", "overlay")
        assert layers and all(g.get("data-overlay") == overlay for g in layers)


def test_pictures_of_many_positions_are_well_formed():
    rng = random.Random(7)
    for name in games():
        for _ in range(5):
            state = random_state(name, rng.randrange(40), seed=rng.randrange(1000), **small(name))
            parse(stonefield.svg(state, size=rng.choice([None, 200, 500])))


@pytest.mark.parametrize("name", games())
def test_renders_to_png(name, tmp_path):
    cairosvg = pytest.importorskip("cairosvg")
    state = random_state(name, 20, seed=11, **small(name))
    overlay = (available(name) or [None])[0]
    png = tmp_path / f"{name}.png"
    cairosvg.svg2png(bytestring=stonefield.svg(state, overlay=overlay).encode(), write_to=str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("name", games())
def test_the_committed_docs_picture_is_what_the_code_draws(name):
    spec = importlib.util.spec_from_file_location("pictures", DOCS / "pictures.py")
    pictures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pictures)
    assert (DOCS / f"{name}.svg").read_text() == pictures.picture(name)


def needs(name: str):
    return pytest.mark.skipif(name not in stonefield.GAMES, reason=f"{name} is not built in")


def marked(root: ET.Element, role: str) -> set[str]:
    return set(overlay_marks(root, role))


def states_of(name: str, count: int, **options) -> list[stonefield.State]:
    return [random_state(name, 5 + 7 * k, seed=k, **options) for k in range(count)]


@pytest.mark.parametrize(
    ("name", "view"),
    [
        pytest.param("anda", "territory", marks=needs("anda")),
        pytest.param("lingarda", "enclosures", marks=needs("lingarda")),
    ],
)
def test_owner_overlays_tint_each_owners_points(name, view):
    tinted = 0
    for state in states_of(name, 8, size=4):
        owners = getattr(state, view)()
        root = parse(stonefield.svg(state, overlay=view))
        for colour in ("black", "white"):
            expected = {point for point, owner in owners.items() if owner == colour}
            assert marked(root, colour) == expected
            if name == "lingarda":  # the score counts the same points
                assert len(expected) == state.score()[Colour(colour)].enclosures
            tinted += len(expected)
    assert tinted > 0


@pytest.mark.parametrize(
    ("name", "size"),
    [
        pytest.param("anda", 4, marks=needs("anda")),
        pytest.param("anadil", 7, marks=needs("anadil")),
    ],
)
def test_breaths_overlay_marks_the_group_and_its_breaths(name, size):
    seen_obstructed = False
    for state in states_of(name, 10, size=size):
        root = parse(stonefield.svg(state, overlay="breaths"))
        group, blocked, free = (
            marked(root, "group"),
            marked(root, "obstructed"),
            marked(root, "free"),
        )
        point = next((a for a in reversed(state.actions) if a < state.game.num_points), None)
        if point is None or state.board_string()[point] == ".":
            assert not group
            continue
        assert state.game.point_names[point] in group
        assert not (blocked & free) and not (group & (blocked | free))
        seen_obstructed |= bool(blocked)
    assert seen_obstructed


@needs("anadil")
def test_anadil_draws_its_prison_beside_the_board():
    state = stonefield.game("anadil", size=5, komi=2).start()
    root = parse(stonefield.svg(state))
    (prison,) = find_all(root, "g", "prison")
    assert prison.get("data-count") == "2"
    assert [classes(s) for s in find_all(prison, "circle", "prisoner")] == [{"prisoner", "black"}]
    board_right = max(float(s.get("cx")) for s in find_all(root, "circle", "stone"))
    assert min(float(e.get("cx")) for e in find_all(prison, "circle", "prisoner")) > board_right


@needs("lingarda")
def test_lingarda_lifelines_overlay_previews_a_placement():
    state = random_state("lingarda", 12, seed=2, size=4, pie=False)
    root = parse(stonefield.svg(state, overlay="lifelines"))
    lifelines = state.lifelines()
    names = state.game.point_names
    for colour in ("black", "white"):
        assert marked(root, f"lifeline {colour}") == set(lifelines[Colour(colour)])
    empty = state.board_string().index(".")
    preview = state.preview(empty)
    root = parse(stonefield.svg(state, overlay="lifelines", at=empty))
    assert marked(root, f"try {state.to_move.value}") == {names[empty]}
    assert marked(root, "flip") == set(preview.flips)
    captions = [t.text for g in find_all(root, "g", "caption") for t in g]
    assert ("legal" if preview.legal else "illegal") in captions[-1]
    stone = state.board_string().index("B")
    with pytest.raises(stonefield.NotationError, match="the point is occupied"):
        stonefield.svg(state, overlay="lifelines", at=stone)


@needs("esgrad")
def test_esgrad_partitions_overlay_colours_each_part_and_rings_the_group():
    for state in states_of("esgrad", 8, size=4):
        root = parse(stonefield.svg(state, overlay="partitions"))
        point = next((a for a in reversed(state.actions) if a < state.game.num_points), None)
        if point is None:
            continue
        parts = state.partitions(point)
        names = state.game.point_names
        drawn = [{e.get("data-point") for e in g} for g in find_all(root, "g", "partition")]
        assert drawn == [set(part) for part in parts]
        covered = {p for part in parts for p in part}
        assert marked(root, "group") == {name for name in names if name not in covered}
