"""Draws the README's picture of each game's board (``docs/<game>.svg``),
and the rules page (``docs/rules.md``): the package's own rules text with a
small picture of each game (``docs/rules/<game>.svg``) under its heading.

Each README picture is a game played by a seeded random bot, and each rules
picture a short record, so they are the same on every machine;
tests/test_svg.py and tests/test_rules.py check that the committed files are
what this script makes. Run it after changing the pictures' code or the
rules text (python/stonefield/rules.md):

    python docs/pictures.py
"""

from __future__ import annotations

from pathlib import Path

import stonefield
from stonefield.overlays import available, overlay_marks
from stonefield.rules import page

# The position each picture shows: options, plies played, the bot's seed,
# and the overlay drawn (see OVERLAY).
POSITIONS: dict[str, tuple[dict[str, int], int, int]] = {
    "sunder": ({"size": 5}, 200, 4),
    "anda": ({"size": 5}, 50, 18),
    "anadil": ({"size": 9}, 50, 4),
    "lingarda": ({"size": 5}, 30, 1),
    "esgrad": ({"size": 5}, 36, 19),
}


# The overlay drawn where the game's first (by name) is not the most telling.
OVERLAY = {"anda": "territory"}

# Overlays that show one group, drawn for the most telling one.
GROUP_OVERLAYS = {"cuts", "partitions", "breaths"}


def position(name: str) -> stonefield.State:
    """The position drawn for game ``name``."""
    options, plies, seed = POSITIONS.get(name, ({}, 20, 1))
    state = stonefield.game(name, **options).start()
    bot = stonefield.RandomBot(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state.play(bot.choose(state))
    return state


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
