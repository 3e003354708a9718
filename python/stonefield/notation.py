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
- ``#`` starts a comment that runs to the end of its line; a line ends
  only at a newline (``\\n``), so a form feed or a Unicode line separator
  does not end a comment;
- ``;`` needs no space around it (``sunder size=3;b2``), each option may
  be given once, and a UTF-8 byte order mark at the start is skipped.

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

from pathlib import Path

from stonefield._core import RecordError
from stonefield.game import State, load_record


def load(record: str) -> State:
    r"""Rebuilds the state a game record describes.

    The record is read in Rust one word at a time as its moves are played,
    so a broken record fails at its first bad move whatever its length.

    Args:
        record: the text of :meth:`State.record`, or a hand-written record
            in the same form (comments allowed).

    Returns:
        The state after every move of the record.

    Raises:
        RecordError: naming the line, column and word where the record broke
            (an unknown game or option, an option given twice, a value out of
            range, a malformed or illegal move, a lone surrogate); the same
            facts are its attributes ``line``, ``column``, ``move_number``
            (None in the header), ``word`` and ``reason``.

    >>> state = load("sunder size=3 ; b2 a1 # comments are allowed")
    >>> state.moves
    ['b2', 'a1']
    >>> load(state.record()) == state
    True
    >>> try:
    ...     load("sunder size=3;\nb2 b2")
    ... except RecordError as error:
    ...     print(error.line, error.column, error.move_number, error.word)
    2 4 2 'b2'
    """
    return load_record(record)


def read(path: str | Path) -> State:
    """Rebuilds the state of a record file (see :func:`load`).

    Args:
        path: the file, as written by ``State.save`` or by hand.

    Returns:
        The state after every move of the record.

    Raises:
        RecordError: naming the file (also its ``path`` attribute), line,
            column and move where the record broke, or that the file is not
            UTF-8 text.
        OSError: when the file cannot be read.

    >>> import stonefield, tempfile, os
    >>> state = stonefield.load("sunder size=3 ; b2 a1")
    >>> path = os.path.join(tempfile.mkdtemp(), "game.txt")
    >>> state.save(path)
    >>> stonefield.read(path) == state
    True
    """
    return load_record(decode(Path(path).read_bytes(), str(path), path=str(path)), str(path))


def decode(data: bytes, source: str, path: str | None = None) -> str:
    r"""The text of a record's bytes, which must be UTF-8 (a byte order mark
    is allowed).

    Args:
        data: the bytes, as read from a file or standard input.
        source: where they came from, for the message.
        path: the file they came from, if any, for the error's ``path``.

    Raises:
        RecordError: naming ``source`` and the first byte that is not UTF-8
            (also as its ``reason``), with ``path``.

    >>> decode(b"sunder ; b2", "game.txt")
    'sunder ; b2'
    >>> decode(b"sunder ; caf\xe9", "game.txt")
    Traceback (most recent call last):
    ...
    stonefield.RecordError: game.txt: not UTF-8 text (byte 12 is 0xe9)
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        utf16 = data[:2] in (b"\xff\xfe", b"\xfe\xff")
        hint = " (it is UTF-16: save it as UTF-8)" if utf16 else ""
        reason = f"not UTF-8 text (byte {error.start} is {data[error.start]:#04x}){hint}"
        refused = RecordError(f"{source}: {reason}")
        refused.reason, refused.path = reason, path
        raise refused from None
