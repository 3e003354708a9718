"""Draws the README's picture of each game's board (``docs/<game>.svg``),
and the rules page (``docs/rules.md``): the package's own rules text with a
small picture of each game (``docs/rules/<game>.svg``) under its heading.

Each picture is a game kept here as its record, so it is the same on every
machine; tests/test_svg.py and tests/test_rules.py check that the committed
files are what this script makes. Run it after changing the pictures' code
or the rules text (python/stonefield/rules.md):

    python docs/pictures.py
"""

from __future__ import annotations

from pathlib import Path

import stonefield
from stonefield.overlays import available, overlay_marks
from stonefield.rules import page

# The game each picture shows, as a record (random games, chosen for what
# their overlay shows).
POSITIONS: dict[str, str] = {
    "sunder": (
        "sunder size=5 komi=0 pie=true ; e3 c4 b2 i7 c5 i5 f2 a2 e1 b1 h5 e7 h4 c2 e4 g7 "
        "d8 c6 b5 a4 b3 e5 g4 c1 b6 e6 a5 d4 c7 i6 h7 g9 h8 i9 d5 d2 f8 f5 f9 f6 e8 g3 d3 "
        "f4 e9 d6 d1 h9 h6 f3 a1 g5 g6 b4"
    ),
    "anda": (
        "anda size=5 komi=0 ; a3 d2 d7 e5 f4 g3 d3 d6 h7 e6 c3 f6 g4 g6 d4 f3 h4 c2 g5 f8 "
        "a4 b5 e3 d5 e4 f7 g9 a5 f9 h9 f5 h7 b3 i6 a1 g3 b6 c7 i8 e8 b4 i7 g3 g8 h6 c6 h5 "
        "e7 f2 i9"
    ),
    "anadil": (
        "anadil size=9 komi=0 ; f4 f5 g2 b7 e8 e3 e2 b2 d1 h7 b6 c2 b5 f7 h3 c8 a3 i8 a2 "
        "a4 f3 c1 g9 i7 f9 d4 g4 g3 c3 d5 c5 h8 c6 d2 b9 a6 g6 b8 i4 b4 e5 f8 i5 f2 h6 b1 "
        "e9 c4 f6 d9"
    ),
    "lingarda": (
        "lingarda size=5 pie=true ; d2 d6 e9 g8 d8 e1 a4 e2 b6 f9 g5 e6 f8 e5 f3 c2 c7 b1 "
        "f6 h6 a1 i7 d5 h7 i8 b4 i5 d3 g4 a2"
    ),
    "esgrad": (
        "esgrad size=5 komi=0 ; c7 c1 f8 i9 i5 d2 b6 d3 c5 h4 g6 d4 g7 a3 d8 c4 c2 f4 e6 "
        "e5 a5 e2 h5 g5 b1 b4 b2 g4 e3 f9 d5 e9 e8 e1 g9 f2"
    ),
}


# The overlay drawn where the game's first (by name) is not the most telling.
OVERLAY = {"anda": "territory"}

# Overlays that show one group, drawn for the most telling one.
GROUP_OVERLAYS = {"cuts", "partitions", "breaths"}


def position(name: str) -> stonefield.State:
    """The position drawn for game ``name`` (a game with no record here is
    drawn at its start)."""
    record = POSITIONS.get(name)
    return stonefield.load(record) if record else stonefield.game(name).start()


def richest_point(state: stonefield.State, overlay: str) -> int | None:
    """The stone whose group the overlay says most about, for overlays
    about one group; None to keep the overlay's default."""
    if state.is_over:
        return None  # the default, the last stone, shows how the game ended
    stones = [p for p, cell in enumerate(state.board_string()) if cell != "."]
    if not stones:
        return None

    def telling(point: int) -> tuple[int, int]:
        # The most kinds of marks first (say, breaths both obstructed and
        # free), then the most points marked besides the group itself.
        marks = overlay_marks(state, overlay, point).marks
        return len(marks), sum(len(m.points) for m in marks if m.role != "group")

    return max(stones, key=telling)


def picture(name: str) -> str:
    """The SVG text of game ``name``'s picture."""
    state = position(name)
    overlays = available(name)
    if not overlays:
        return stonefield.svg(state, size=360) + "\n"
    overlay = OVERLAY.get(name, overlays[0])
    at = richest_point(state, overlay) if overlay in GROUP_OVERLAYS else None
    return stonefield.svg(state, size=360, overlay=overlay, at=at) + "\n"


# The rules page's picture of each game: a record, the overlay drawn and the
# point it is drawn at, and the caption that says what it shows.
RULE_PICTURES: dict[str, tuple[str, str, str, str]] = {
    "sunder": (
        "sunder size=3 pie=false ; a3 a1 b3 b1 c3 c1 d3 e5 e3",
        "cuts",
        "e3",
        "Black's row across the board has just won. Taken away, it leaves two cuts "
        "of 7 points each, White's stones included, and 7 is no more than half of "
        "the 19 points.",
    ),
    "anda": (
        "anda size=3 ; a3 c2 a2 d5 c3 e3 c1 b1 b2",
        "breaths",
        "c1",
        "Black's b2 has just smothered and taken White's stone on b1. Black's "
        "group (ringed) has two liberties in the corner region that only White's "
        "a2 touches: obstructed (red). Its other liberties (green) lie in a region "
        "that two White groups touch, so the group lives.",
    ),
    "anadil": (
        "anadil size=5 ; b5 d1 d4 b3 c1 b1 c2 c4 b4 e3 c3",
        "breaths",
        "c1",
        "Black's group c1-c3 (ringed) and its breaths, diagonals included. Five "
        "(red) lie in the large region on the right, which one White supergroup "
        "alone reaches; b2 (green) lies in a region that three White supergroups "
        "reach, and keeps the group alive. Two white stones are in the prison.",
    ),
    "lingarda": (
        "lingarda size=3 ; d4 e3 b3 b2 c1 c5 a1",
        "lifelines",
        "a2",
        "Green rings mark the stones that have a lifeline. A White stone on a2 "
        "(the dot) would be legal and would cut the ray from a1 to the edge by "
        "which Black's a1, and c1 through it, live: both would flip (crossed).",
    ),
    "esgrad": (
        "esgrad size=3 ; b1 c3 d2 c2 b4 c1 a2 b3 e4 a3 c5 d4 d3 e5",
        "partitions",
        "c3",
        "White's group (ringed) runs from the middle to three sides and splits the "
        "rest of the board into three partitions (tinted), so it is worth "
        "1 + 2 + 3 = 6. The Black stones inside a partition neither split nor join it.",
    ),
}


def rule_picture(name: str) -> str:
    """The SVG text of game ``name``'s picture on the rules page."""
    record, overlay, at, _ = RULE_PICTURES[name]
    return stonefield.svg(stonefield.load(record), size=280, overlay=overlay, at=at) + "\n"


def rules_page() -> str:
    """docs/rules.md: the package's rules text, each game's picture and its
    caption under the game's heading."""
    lines = [
        "<!-- Made by docs/pictures.py from python/stonefield/rules.md (the text that",
        "     `stonefield rules` prints): edit that file, then run the script. -->",
        "",
    ]
    for line in page().splitlines():
        lines.append(line)
        name = line.removeprefix("## ").lower()
        if line.startswith("## ") and name in RULE_PICTURES:
            record, _, _, caption = RULE_PICTURES[name]
            lines += ["", f"![{line[3:]}: {record}](rules/{name}.svg)", "", f"*{caption}*"]
    return "\n".join(lines) + "\n"


def main() -> None:
    here = Path(__file__).parent
    for name in stonefield.GAMES:
        (here / f"{name}.svg").write_text(picture(name))
        print(f"wrote docs/{name}.svg")
    (here / "rules").mkdir(exist_ok=True)
    for name in RULE_PICTURES:
        (here / "rules" / f"{name}.svg").write_text(rule_picture(name))
        print(f"wrote docs/rules/{name}.svg")
    (here / "rules.md").write_text(rules_page())
    print("wrote docs/rules.md")


if __name__ == "__main__":
    main()
