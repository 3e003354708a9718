"""Game records: one line (or several) of text that rebuild a game exactly.

A record is the game's name and its options, a ``;``, then the moves as
text, all separated by white space; ``#`` starts a comment that runs to the
end of its line::

    sunder size=7 komi=0 pie=true ; d4 swap c3 e5

Options take ``true``/``false``, whole numbers or decimals. ``State.record()``
writes this form, and :func:`load` reads it back.
"""

from __future__ import annotations

import re

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
