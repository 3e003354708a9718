"""The rules of the games as the engine plays them, in the words of the
package's own page (``rules.md`` beside this module; ``docs/rules.md`` is
made from it with pictures added).
"""

from __future__ import annotations

from importlib import resources

from stonefield.game import game as make_game

#: The title of the page's section that every game shares.
COMMON = "Boards and moves"


def page() -> str:
    """The whole rules page, as Markdown."""
    return resources.files("stonefield").joinpath("rules.md").read_text(encoding="utf-8")


def sections() -> dict[str, str]:
    """The page's ``## `` sections by title, each with its heading; the
    page's opening, before the first of them, under the title ``""``."""
    opening, *rest = page().split("\n## ")
    parts = {"": opening + "\n"}
    for part in rest:
        parts[part.split("\n", 1)[0]] = f"## {part.rstrip()}\n"
    return parts


def rules_text(game: str | None = None) -> str:
    """One game's rules, or with no game the page's opening and the part
    every game shares (words, boards, moves), as Markdown.

    Raises:
        OptionError: for a name that is not a game.

    >>> print(rules_text("esgrad").splitlines()[0])
    ## Esgrad
    >>> rules_text("chess")
    Traceback (most recent call last):
    ...
    stonefield.OptionError: unknown game 'chess' (games: anadil, anda, esgrad, lingarda, sunder)
    """
    parts = sections()
    if game is None:
        return parts[""] + "\n" + parts[COMMON]
    return parts[make_game(game).name.capitalize()]


def turn_rules(game: str) -> str:
    """What a turn is in ``game``: that paragraph of its rules (with the
    list that follows it, if any), as plain text for a terminal.

    >>> print(turn_rules("esgrad"))
    A turn. Place a stone on any empty point, or pass.
    """
    blocks = rules_text(game).split("\n\n")
    start = next(i for i, block in enumerate(blocks) if block.startswith("**A turn"))
    end = start + 1
    while end < len(blocks) and blocks[end].startswith("- "):
        end += 1
    return "\n\n".join(blocks[start:end]).replace("**", "").replace("`", "").strip()
