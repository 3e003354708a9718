"""Text diagrams of a position: the hexagon drawn with its rows sheared so
that every point sits between its neighbours, or the square grid."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stonefield.game import Game, State


_STONE = {"B": "X", "W": "O", ".": "."}


def text_diagram(state: State) -> str:
    """A text picture of the board: ``X`` Black, ``O`` White, ``.`` empty.

    Row numbers run down the left. Columns run diagonally, down and to the
    right, and each column's letter sits where the column leaves the board
    (below the bottom row, or beside the lower right edge). The last line
    says whose turn it is or how the game ended; before it come the game's
    notes on what the stones do not show (:meth:`State.board_notes`, such
    as Anadil's prison).

    >>> import stonefield
    >>> state = stonefield.Sunder(size=2).start()
    >>> state.play("b2")
    >>> print(state)
     3   . .
     2  . X .
     1   . . c
          a b
    White to move
    """
    return "\n".join(_diagram_lines(state, lambda _point, stone: _STONE[stone]))


# Rich markup per stone: the letters stay, so the board reads without colour too.
_RICH_STONE = {"B": "[bold bright_blue]X[/]", "W": "[bold bright_yellow]O[/]", ".": "[dim].[/]"}


def rich_diagram(state: State, highlight_last: bool = True, status: bool = True) -> str:
    """The text diagram as ``rich`` console markup: coloured stones, with the
    last move shown in reverse video; ``status=False`` leaves out the last
    line (whose turn it is, or who won).

    >>> import stonefield
    >>> state = stonefield.Sunder(size=2).start()
    >>> state.play("b2")
    >>> print(rich_diagram(state).splitlines()[1])
     2  [dim].[/] [reverse][bold bright_blue]X[/][/] [dim].[/]
    """
    last = state.last_move
    last_point = last.action if highlight_last and last is not None else -1

    def stone(point: int, cell: str) -> str:
        text = _RICH_STONE[cell]
        return f"[reverse]{text}[/]" if point == last_point else text

    lines = _diagram_lines(state, stone)
    return "\n".join(lines if status else lines[:-1])


def _diagram_lines(state: State, stone: Callable[[int, str], str]) -> list[str]:
    """The diagram's lines; ``stone(point, cell)`` gives the text of one
    point (one character wide on screen, whatever markup it carries)."""
    game: Game = state.game
    board = state.board_string()
    if game.shape == "hex":
        width = 3 if game.side > 13 else 2

        # Shear: point (c, r) sits at x = 2c - r (in half cells), so each row
        # is offset by half a cell from the next, as in a hexagon.
        def x_of(c: int, r: int) -> int:
            return (2 * c - r + game.side - 1) * width // 2
    else:
        width = 3 if game.side > 26 else 2

        def x_of(c: int, r: int) -> int:
            return (c - 1) * width

    rows = max(r for _, r in game.coords)
    margin = len(str(rows)) + 2
    grid: dict[int, dict[int, str]] = {}
    stones: dict[int, dict[int, str]] = {}
    lowest: dict[int, int] = {}
    for p, (c, r) in enumerate(game.coords):
        grid.setdefault(r, {})[x_of(c, r)] = "."
        stones.setdefault(r, {})[x_of(c, r)] = stone(p, board[p])
        lowest[c] = min(lowest.get(c, r), r)
    for c, r in lowest.items():
        # A column's letter goes where the point below its lowest one would be.
        grid.setdefault(r - 1, {})[x_of(c, r - 1)] = game.column_name(c)
    lines = []
    for r in sorted(grid, reverse=True):
        cells = grid[r]
        line = [" "] * (max(cells) + width + 1)
        for x, text in cells.items():
            line[x : x + len(text)] = text
        for x, text in stones.get(r, {}).items():
            line[x] = text
        label = str(r).rjust(margin - 1) if r >= 1 and r <= rows else " " * (margin - 1)
        lines.append((label + " " + "".join(line)).rstrip())
    lines += state.board_notes()
    if state.is_over:
        winner = state.winner
        lines.append(f"{winner.value.capitalize()} won" if winner else "Over, no winner")
    else:
        lines.append(f"{state.to_move.value.capitalize()} to move")
    return lines
