"""Anadil: the square breath game with its prison."""

from __future__ import annotations

from typing import Any

from stonefield.colour import Colour
from stonefield.game import Game, State


class Prison(int):
    """The prison as a signed count: ``+k`` holds k black stones, ``-k`` k
    white ones (pairs of opposite colours cancel after every turn, so it
    never holds both). Compares as the int; ``str()`` reads it out.

    >>> Prison(3), str(Prison(3)), str(Prison(-1)), str(Prison(0))
    (3, '3 black stones', '1 white stone', 'empty')
    >>> Prison(-2).colour, Prison(-2).count
    (<Colour.WHITE: 'white'>, 2)
    """

    __slots__ = ()

    @property
    def colour(self) -> Colour | None:
        """The colour of the stones held, or None when it is empty."""
        if self == 0:
            return None
        return Colour.BLACK if self > 0 else Colour.WHITE

    @property
    def count(self) -> int:
        """How many stones it holds."""
        return abs(int(self))

    def __str__(self) -> str:
        colour = self.colour
        if colour is None:
            return "empty"
        plural = "" if self.count == 1 else "s"
        return f"{self.count} {colour.value} stone{plural}"

    def __repr__(self) -> str:
        return int.__repr__(self)


class AnadilState(State):
    """An Anadil position.

    >>> import stonefield
    >>> state = stonefield.Anadil(size=5, komi=2).start()
    >>> print(state.prison)
    2 black stones
    >>> state.play("c3")
    >>> state.play("release")
    >>> state.prison
    1
    """

    __slots__ = ()

    def counters(self) -> dict[str, Any]:
        """Anadil's own counters in a playthrough, as the vectors name them."""
        return {name: self.query(name) for name in ("prison", "protected_point")}

    def board_notes(self) -> list[str]:
        """The prison, which a diagram shows under the board.

        >>> import stonefield
        >>> stonefield.Anadil(size=5, komi=2).start().board_notes()
        ['prison: 2 black stones']
        """
        return [f"prison: {self.prison}"]

    @property
    def prison(self) -> Prison:
        """The prison: a signed count (``+k`` black stones, ``-k`` white)."""
        value: int = self.query("prison")
        return Prison(value)

    @property
    def protected_point(self) -> str | None:
        """The stone the no-counter-annihilation ruling protects on this turn:
        the opponent's last stone, when it removed every stone of the player
        to move. The player may not smother its group."""
        point: str | None = self.query("protected_point")
        return point

    @property
    def stones(self) -> dict[Colour, int]:
        """Stones on the board per colour."""
        counts: dict[str, int] = self.query("stones")
        return {Colour(k): v for k, v in counts.items()}

    @property
    def ending(self) -> str | None:
        """How a finished game ended: ``"annihilated"`` (the loser has no
        stone left), ``"full board"`` or ``"blocked"``; None while it goes on.
        Either way the loser is the player with no legal action."""
        ending: str | None = self.query("ending")
        return ending

    def smothered(self) -> dict[Colour, list[str]]:
        """The stones of smothered groups on the board as it stands, per
        colour: every breath obstructed, or no breath at all. They are removed
        only by a placement (the enemy's first, then the placer's own).

        >>> import stonefield
        >>> stonefield.Anadil(size=5).start().smothered()
        {<Colour.BLACK: 'black'>: [], <Colour.WHITE: 'white'>: []}
        """
        found: dict[str, list[int]] = self.query("smothered")
        return {Colour(k): self._named(v) for k, v in found.items()}

    def group(self, point: str | int) -> list[str] | None:
        """The stones orthogonally connected to the stone at ``point``."""
        return self._named_or_none(self.query("group", point))

    def supergroup(self, point: str | int) -> list[str] | None:
        """The stones connected to the stone at ``point`` orthogonally or
        diagonally (king adjacency)."""
        return self._named_or_none(self.query("supergroup", point))

    def region(self, point: str | int) -> list[str] | None:
        """The king-region of the empty ``point``: the empty points connected
        to it orthogonally or diagonally."""
        return self._named_or_none(self.query("region", point))

    def breaths(self, point: str | int) -> dict[str, bool] | None:
        """The breaths of the group at ``point`` (empty points next to it,
        diagonals included), each with whether it is obstructed: exactly one
        enemy supergroup reaches its king-region.

        >>> import stonefield
        >>> stonefield.Anadil(size=5).start().breaths("a1")
        {'b1': False, 'a2': False, 'b2': False}
        """
        found: dict[str, bool] | None = self.query("breaths", point)
        return found

    def _named(self, points: list[int]) -> list[str]:
        names = self.game.point_names
        return [names[p] for p in sorted(points)]

    def _named_or_none(self, points: list[int] | None) -> list[str] | None:
        return None if points is None else self._named(points)


class Anadil(Game):
    """Anadil (``stonefield rules anadil``).

    >>> Anadil(size=9).num_actions
    82
    """

    game_name = "anadil"
    state_class = AnadilState
    __slots__ = ()

    def start(self) -> AnadilState:
        """The start position."""
        return AnadilState(self)
