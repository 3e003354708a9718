"""Draws the README's picture of each game's board (``docs/<game>.svg``).

Each picture is a game played by a seeded random bot, so it is the same on
every machine; tests/test_svg.py checks that the committed files are what
this script draws. Run it after changing the pictures' code:

    python docs/pictures.py
"""

from __future__ import annotations

from pathlib import Path

import stonefield
from stonefield.overlays import available, overlay_marks

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


def main() -> None:
    here = Path(__file__).parent
    for name in stonefield.GAMES:
        (here / f"{name}.svg").write_text(picture(name))
        print(f"wrote docs/{name}.svg")


if __name__ == "__main__":
    main()
