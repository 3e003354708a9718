"""Game records: plain text that rebuilds a game exactly.

The format
----------

A record is a **header**, a ``;``, then the **moves**, all words separated by
white space (spaces or line breaks, as many as you like):

- the header is the game's name then its options as ``name=value``, each
  value ``true``/``false``, a whole number or a decimal (``komi=1.5``);
  options left out take their defaults;
- the moves are the actions in notation, in the order played: a point
  (``e5``: column letters, then row number, case-insensitive), ``pass``,
  ``swap`` or ``release``;
- ``#`` starts a comment that runs to the end of its line.

::

    # A Sunder game on the side-7 board.
    sunder size=7 komi=0 pie=true ;
    d4 swap    # White's first turn: the pie rule
    c3 e5

``State.record()`` writes the canonical form (every option, one line),
:func:`load` reads any record back (``load(state.record()) == state``),
:func:`read` and ``State.save(path)`` do the same with files. A record that
cannot be read raises :class:`~stonefield.RecordError` naming the line,
column and move where it broke.
"""

from __future__ import annotations

import re
from pathlib import Path

from stonefield._core import RecordError, StonefieldError
from stonefield.game import OptionValue, State, game

_OPTION = re.compile(r"([a-z_]+)=(\S+)$", re.IGNORECASE)


def _option_value(text: str) -> OptionValue | None:
    lower = text.lower()
    if lower in ("true", "false"):
        return lower == "true"
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return None


def _tokens(record: str) -> list[tuple[str, int, int]]:
    """The record's words with their line and column (from 1), comments
    left out."""
    found = []
    for line_number, line in enumerate(record.splitlines(), start=1):
        code = line.split("#", 1)[0]
        for match in re.finditer(r"\S+", code):
            found.append((match.group(), line_number, match.start() + 1))
    return found


def load(record: str) -> State:
    """Rebuilds the state a game record describes.

    Args:
        record: the text of :meth:`State.record`, or a hand-written record
            in the same form (comments allowed).

    Returns:
        The state after every move of the record.

    Raises:
        RecordError: naming the line, column and word where the record broke
            (an unknown game or option, a malformed or illegal move).

    >>> state = load("sunder size=3 ; b2 a1 # comments are allowed")
    >>> state.moves
    ['b2', 'a1']
    >>> load(state.record()) == state
    True
    """
    tokens = _tokens(record)
    if not tokens:
        raise RecordError("empty record: expected a game name, options, ';' and moves")
    name, line, column = tokens[0]
    try:
        separator = next(i for i, token in enumerate(tokens) if token[0] == ";")
    except StopIteration:
        separator = len(tokens)
    options: dict[str, OptionValue] = {}
    for word, line, column in tokens[1:separator]:
        match = _OPTION.match(word)
        value = _option_value(match.group(2)) if match else None
        if match is None or value is None:
            raise RecordError(
                f"line {line}, column {column}: {word!r} is not an option "
                "(expected name=value, e.g. size=7)"
            )
        options[match.group(1).lower()] = value
    try:
        state = game(name, **options).start()
    except StonefieldError as error:
        raise RecordError(f"line {tokens[0][1]}: {error}") from None
    for number, (word, line, column) in enumerate(tokens[separator + 1 :], start=1):
        try:
            state.play(word)
        except StonefieldError as error:
            raise RecordError(
                f"line {line}, column {column}: move {number} {word!r}: {error}"
            ) from None
    return state


def read(path: str | Path) -> State:
    """Rebuilds the state of a record file (see :func:`load`).

    Args:
        path: the file, as written by ``State.save`` or by hand.

    Returns:
        The state after every move of the record.

    Raises:
        RecordError: naming the file, line, column and move where the record
            broke.
        OSError: when the file cannot be read.

    >>> import stonefield, tempfile, os
    >>> state = stonefield.load("sunder size=3 ; b2 a1")
    >>> path = os.path.join(tempfile.mkdtemp(), "game.txt")
    >>> state.save(path)
    >>> stonefield.read(path) == state
    True
    """
    text = Path(path).read_text(encoding="utf-8")
    try:
        return load(text)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None
