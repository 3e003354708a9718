"""Playing a game in the terminal: a coloured board, moves typed in notation,
and opponents that are people at the same keyboard or bots.

A bot is any :class:`~stonefield.bots.Bot` (an object with
``choose(state)``); :data:`BOTS` names the ones ``stonefield play --vs
NAME`` knows, each made from a seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table

from stonefield._core import StonefieldError
from stonefield.bots import DEFAULT_ITERATIONS, MCTS, PUCT, Bot, Random
from stonefield.colour import Colour
from stonefield.game import State
from stonefield.jsondata import json_ready
from stonefield.render import rich_diagram
from stonefield.rules import turn_rules


def _random(seed: int | None) -> Bot:
    # Without a seed, a fresh one per game.
    return Random(seed=random.randrange(2**64) if seed is None else seed)


def _mcts(seed: int | None) -> Bot:
    # Seeded per game, so a given seed replays the same opponent.
    return MCTS(iterations=DEFAULT_ITERATIONS, seed=seed or 0)


def _puct(seed: int | None) -> Bot:
    # Random playouts judge the leaves: no network needed.
    from stonefield.evaluators import Rollouts

    return PUCT(Rollouts(1), simulations=DEFAULT_ITERATIONS, seed=seed or 0)


BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": _random,
    "mcts": _mcts,
    "puct": _puct,
}
"""Bots by the name ``--vs`` takes, each made from an optional seed. Adding
an entry here is all a new bot needs to be playable."""


COMMANDS = ("undo", "save", "moves", "score", "help", "quit")
"""The words the prompt takes besides moves."""


def help_text(state: State) -> str:
    """What the prompt takes, and what a turn of the game is (from its
    rules).

    >>> import stonefield
    >>> print(help_text(stonefield.Esgrad(size=3).start()).splitlines()[-1])
    A turn. Place a stone on any empty point, or pass.
    """
    specials = state.game.specials
    special = f"  {', '.join(specials):<22}the game's own moves\n" if specials else ""
    return (
        "Type a move in notation (e5), one per line, or:\n"
        f"{special}"
        "  undo                  take back your last move (and the bot's reply)\n"
        "  save FILE             write the game record to FILE\n"
        "  moves                 list the legal moves (Tab completes them)\n"
        "  score                 the score of the position as it stands\n"
        "  help                  this text\n"
        "  quit                  stop playing (so do Ctrl-C and Ctrl-D); the record is printed\n"
        f"\nFrom stonefield rules {state.game.name}:\n{turn_rules(state.game.name)}"
    )


@dataclass
class Session:
    """One game in the terminal.

    Attributes:
        state: the position, changed as the game goes on.
        bots: the bot playing each seat (0 moves first), or None for a person.
        console: where the board and messages go.
        read: asks for a line of input with a prompt; raises EOFError at the
            end of input.
        names: what messages call the player of each seat (``"you"``, ``"the
            random bot"``); by default the first and the second player.
    """

    state: State
    bots: Mapping[int, Bot | None]
    console: Console
    read: Callable[[str], str] = field(default=input)
    names: Mapping[int, str] = field(default_factory=dict)

    def run(self) -> int:
        """Plays until the game is over or the player stops; returns the
        exit status: 0, or 130 after Ctrl-C. However play stops (the game's
        end, ``quit``, Ctrl-D, Ctrl-C), the record is printed last."""
        try:
            return self._play()
        except KeyboardInterrupt:
            self._stop("interrupted", after_prompt=True)
            return 130

    def _play(self) -> int:
        self._show()
        while not self.state.is_over:
            bot = self.bots.get(self.state.seat_of(self.state.to_move))
            if bot is not None:
                mover = self.state.to_move.value.capitalize()
                self.state.play(bot.choose(self.state))
                self.console.print(
                    f"{mover} plays [bold]{self.state.moves[-1]}[/]", highlight=False
                )
                self._show()
                self._after_swap()
                continue
            try:
                line = self.read(f"{self.state.to_move.value} ({self.state.ply + 1})> ")
            except EOFError:
                self._stop("end of input", after_prompt=True)
                return 0
            if not self._command(line.strip()):
                self._stop("stopped")
                return 0
        self._final_score()
        return 0

    def complete(self, text: str, index: int) -> str | None:
        """The ``index``-th word the prompt takes that starts with ``text``
        (a legal move or a command), for readline's Tab completion."""
        words = [*self.state.legal_moves(), *COMMANDS] if not self.state.is_over else []
        found = [word for word in words if word.startswith(text.lower())]
        return found[index] if index < len(found) else None

    def _show(self) -> None:
        # A finished game's one result line is the winner line that follows.
        diagram = rich_diagram(self.state, status=not self.state.is_over)
        self.console.print(diagram, highlight=False, soft_wrap=True)

    def _stop(self, why: str, after_prompt: bool = False) -> None:
        if after_prompt:
            self.console.print()  # Ctrl-C or Ctrl-D left the cursor after the prompt
        self.console.print(f"{why}; the record so far:", highlight=False)
        self.console.print(self.state.record(), highlight=False, soft_wrap=True)

    def _command(self, line: str) -> bool:
        """Handles one line of input; False when the player quits."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if not word:
            return True
        if word in ("quit", "exit"):
            return False
        if word in ("help", "?"):
            self.console.print(help_text(self.state), highlight=False)
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
            self._show()
            self._after_swap()
        return True

    def _undo(self) -> None:
        if self.state.ply == 0:
            self.console.print("[red]nothing to undo[/]")
            return
        self.state.undo()
        # Take back the bots' moves too, so the person is to move again.
        while self.state.ply > 0 and self.bots.get(self.state.seat_of(self.state.to_move)):
            self.state.undo()
        self._show()

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
        breakdown = score_breakdown(self.state)
        if breakdown is None:
            return False
        self.console.print(score_table(breakdown))
        return True

    def _final_score(self) -> None:
        self.console.print(f"[bold]{self.winner_line()}[/]", highlight=False)
        self._score()
        self.console.print(self.state.record(), highlight=False, soft_wrap=True)

    def _after_swap(self) -> None:
        """After a swap, says who plays which colour now: the colours stay
        on the board and the players change them."""
        if self.state.moves[-1:] == ["swap"]:
            self.console.print(f"[bold]{self.seats_line()}[/]", highlight=False)

    def seats_line(self) -> str:
        """Who plays each colour: ``"Black: you, White: the random bot"``,
        or after a swap ``"Black: the second player, White: the first
        player"``."""
        default = ("the first player", "the second player")
        return ", ".join(
            f"{colour.value.capitalize()}: {self.names.get(seat, default[seat])}"
            for colour in Colour
            for seat in [self.state.seat_of(colour)]
        )

    def winner_line(self) -> str:
        """Who won, by colour and by player: ``"Black wins: you"``, or after
        a swap ``"Black wins: the second player, Black since the swap"``."""
        winner = self.state.winner
        if winner is None:
            return "No winner"
        seat = self.state.seat_of(winner)
        default = "the first player" if seat == 0 else "the second player"
        line = f"{winner.value.capitalize()} wins: {self.names.get(seat, default)}"
        if self.state.swapped:
            line += f", {winner.value.capitalize()} since the swap"
        return line


def enable_line_editing(complete: Callable[[str, int], str | None]) -> None:
    """Line editing, history (Up and Down) and Tab completion for
    :func:`input`, through the standard library's readline where the
    platform has it (without it, input is read as plain lines)."""
    try:
        import readline
    except ImportError:
        return
    readline.set_completer(complete)
    readline.set_completer_delims(" ")
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")


def score_breakdown(state: State) -> dict[str, dict[str, Any]] | None:
    """The score of the position as it stands, part by part, as plain data
    keyed by colour name; None for games that have no score.

    >>> import stonefield
    >>> state = stonefield.Esgrad(size=2).start()
    >>> score_breakdown(state)["white"]["total"]
    0.0
    >>> score_breakdown(stonefield.Sunder(size=2).start()) is None
    True
    """
    score = getattr(state, "score", None)
    if not callable(score):
        return None
    plain: dict[str, dict[str, Any]] = json_ready(score())
    return plain


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
    parts = _parts(breakdown)
    for colour in parts:
        table.add_column(colour.value.capitalize(), justify="right")
    for name, values in score_rows(breakdown):
        cells = [_number(values[colour]) if colour in values else "" for colour in parts]
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
    parts = _parts(breakdown)
    names: list[str] = []
    for part in parts.values():
        names += [name for name in part if name not in names]
    rows = []
    for name in names:
        values = {}
        for colour in parts:
            if name in parts[colour]:
                value = parts[colour][name]
                values[colour] = len(value) if isinstance(value, list) else value
        rows.append((name, values))
    return rows


def _parts(breakdown: Mapping[Any, Any]) -> dict[Colour, Mapping[str, Any]]:
    """Each colour's part of a breakdown as plain data, typed scores too."""
    plain: dict[str, Mapping[str, Any]] = json_ready(breakdown)
    return {c: plain[c.value] for c in Colour if c.value in plain}


def _number(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
