"""Colours and seats."""

from __future__ import annotations

from enum import StrEnum


class Colour(StrEnum):
    """A player's colour. Black moves first.

    A ``Colour`` is a ``str``, so ``Colour.BLACK == "black"``.

    >>> Colour.BLACK.opponent
    <Colour.WHITE: 'white'>
    """

    BLACK = "black"
    WHITE = "white"

    @property
    def opponent(self) -> Colour:
        """The other colour."""
        return Colour.WHITE if self is Colour.BLACK else Colour.BLACK

    @property
    def array_index(self) -> int:
        """0 for Black, 1 for White: the index into per-colour arrays."""
        return 0 if self is Colour.BLACK else 1
