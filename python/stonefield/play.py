"""Playing a game in the terminal: a coloured board, moves typed in notation,
and opponents that are people at the same keyboard or bots.

A bot is any :class:`~stonefield.bots.Bot` (an object with
``choose(state)``); :data:`BOTS` names the ones ``stonefield play --vs
NAME`` knows, each made from a seed.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from stonefield._core import RecordError, StonefieldError
from stonefield.bots import DEFAULT_ITERATIONS, MCTS, Bot, Random
from stonefield.colour import Colour
from stonefield.game import State
from stonefield.render import rich_diagram


def _random(seed: int | None) -> Bot:
    # Without a seed, a fresh one per game.
    return Random(seed=random.randrange(2**64) if seed is None else seed)


def _mcts(seed: int | None) -> Bot:
    # Seeded per game, so a given seed replays the same opponent.
    return MCTS(iterations=DEFAULT_ITERATIONS, seed=seed or 0)


BOTS: dict[str, Callable[[int | None], Bot]] = {"random": _random, "mcts": _mcts}
"""Bots by the name ``--vs`` takes, each made from an optional seed. Adding
an entry here is all a new bot needs to be playable."""


HELP = """\
Type a move in notation (e5), or:
  pass, swap, release   the special moves (where the game has them)
  undo                  take back your last move (and the bot's reply)
  save FILE             write the game record to FILE
  moves                 list the legal moves
  score                 the score of the position as it stands
  help                  this text
  quit                  stop playing"""


@dataclass
class Session:
    """One game in the terminal.

    Attributes:
        state: the position, changed as the game goes on.
        bots: the bot playing each seat (0 moves first), or None for a person.
        console: where the board and messages go.
        read: asks for a line of input with a prompt; raises EOFError at the
            end of input.
    """

    state: State
    bots: Mapping[int, Bot | None]
    console: Console
    read: Callable[[str], str] = field(default=input)

    def run(self) -> int:
        """Plays until the game is over or the player quits; returns the exit
        status (0)."""
        self.console.print(rich_diagram(self.state), highlight=False)
        while not self.state.is_over:
            bot = self.bots.get(self.state.seat_of(self.state.to_move))
            if bot is not None:
                mover = self.state.to_move.value.capitalize()
                self.state.play(bot.choose(self.state))
                self.console.print(
                    f"{mover} plays [bold]{self.state.moves[-1]}[/]", highlight=False
                )
                self.console.print(rich_diagram(self.state), highlight=False)
                continue
            try:
                line = self.read(f"{self.state.to_move.value} ({self.state.ply + 1})> ")
            except EOFError:
                self.console.print("end of input: stopping")
                return 0
            if not self._command(line.strip()):
                return 0
        self._final_score()
        return 0

    def _command(self, line: str) -> bool:
        """Handles one line of input; False when the player quits."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if not word:
            return True
        if word in ("quit", "exit"):
            self.console.print("stopped; the record so far:")
            self.console.print(self.state.record(), highlight=False, soft_wrap=True)
            return False
        if word in ("help", "?"):
            self.console.print(HELP, highlight=False)
        elif word == "moves":
            self.console.print(" ".join(self.state.legal_moves()), highlight=False)
        elif word == "score":
            if not self._score():
                self.console.print(f"{self.state.game.name} has no score: the game is won outright")
        elif word == "undo":
            self._undo()
        elif word == "save":
            self._save(rest.strip())
        elif rest:
            self.console.print(f"[red]{line!r}: one move at a time (type help)[/]")
        else:
            try:
                self.state.play(word)
            except StonefieldError as error:
                self.console.print(f"[red]{error}[/]", highlight=False)
                return True
            self.console.print(rich_diagram(self.state), highlight=False)
        return True

    def _undo(self) -> None:
        if self.state.ply == 0:
            self.console.print("[red]nothing to undo[/]")
            return
        self.state.undo()
        # Take back the bots' moves too, so the person is to move again.
        while self.state.ply > 0 and self.bots.get(self.state.seat_of(self.state.to_move)):
            self.state.undo()
        self.console.print(rich_diagram(self.state), highlight=False)

    def _save(self, path: str) -> None:
        if not path:
            self.console.print("[red]save needs a file name: save FILE[/]")
            return
        try:
            self.state.save(path)
        except OSError as error:
            self.console.print(f"[red]cannot save to {path}: {error.strerror}[/]")
            return
        self.console.print(f"saved to {path}")

    def _score(self) -> bool:
        """Prints the score breakdown, for games that score; False for the
        others."""
        score = getattr(self.state, "score", None)
        if not callable(score):
            return False
        self.console.print(score_table(score()))
        return True

    def _final_score(self) -> None:
        winner = self.state.winner
        self.console.print(f"[bold]{winner.value.capitalize()} wins[/]" if winner else "No winner")
        self._score()
        self.console.print(self.state.record(), highlight=False, soft_wrap=True)


def score_table(breakdown: Mapping[Any, Any]) -> Table:
    """A table of a score breakdown (``state.score()``): one column per
    colour, one row per number in it (:func:`score_rows`).

    >>> from stonefield.colour import Colour
    >>> table = score_table({Colour.BLACK: {"territory": 3, "total": 3.5},
    ...                      Colour.WHITE: {"territory": 4, "total": 4.0}})
    >>> [column.header for column in table.columns]
    ['', 'Black', 'White']
    """
    table = Table(title="score")
    table.add_column("")
    rows = score_rows(breakdown)
    colours = [c for c in Colour if c in breakdown or c.value in breakdown]
    for colour in colours:
        table.add_column(colour.value.capitalize(), justify="right")
    for name, values in rows:
        cells = [_number(values[colour]) if colour in values else "" for colour in colours]
        table.add_row(name.replace("_", " "), *cells)
    return table


def score_rows(breakdown: Mapping[Any, Any]) -> list[tuple[str, dict[Colour, float]]]:
    """The parts of a score breakdown (``state.score()``, keyed by colours or
    their names), each with its number per colour, in the breakdown's order;
    a list (Esgrad's groups) counts its items.

    >>> from stonefield.colour import Colour
    >>> rows = score_rows({"black": {"territory": 3, "total": 3.5},
    ...                    "white": {"territory": 4, "total": 4.0}})
    >>> [(name, values[Colour.WHITE]) for name, values in rows]
    [('territory', 4), ('total', 4.0)]
    """
    colours = [c for c in Colour if c in breakdown or c.value in breakdown]
    parts: dict[Colour, Mapping[str, Any]] = {
        c: _plain(breakdown[c] if c in breakdown else breakdown[c.value]) for c in colours
    }
    names: list[str] = []
    for part in parts.values():
        names += [name for name in part if name not in names]
    rows = []
    for name in names:
        values = {}
        for colour in colours:
            if name in parts[colour]:
                value = parts[colour][name]
                values[colour] = len(value) if isinstance(value, list) else value
        rows.append((name, values))
    return rows


def _plain(part: Any) -> Mapping[str, Any]:
    """A colour's part of a breakdown as a mapping: typed score classes
    give theirs with ``to_dict()``."""
    plain: Mapping[str, Any] = part.to_dict() if hasattr(part, "to_dict") else part
    return plain


def _number(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def load_record_argument(text: str) -> str:
    """A record given on the command line: the text itself, ``-`` for
    standard input, or the name of a file that holds it (a single word with
    a ``.`` or ``/`` in it).

    Raises:
        RecordError: for a file name that names no readable file.
    """
    if text == "-":
        return sys.stdin.read()
    if ";" in text or len(text.split()) != 1 or not any(c in text for c in "./"):
        return text
    try:
        return Path(text).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read the record file {text}: {error.strerror}") from None
