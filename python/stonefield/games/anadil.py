"""Anadil: the square breath game with its prison."""

from __future__ import annotations

from typing import ClassVar

from stonefield import _core
from stonefield.colour import Colour
from stonefield.game import Game, State
from stonefield.overlays import Drawing, Overlays, breaths_drawing, group_point, no_group, smothered


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


def breaths_overlay(state: State, at: int | None) -> Drawing:
    """The group at ``at`` (by default the last stone placed) and its
    breaths, each obstructed when exactly one enemy supergroup reaches it."""
    point = group_point(state, at)
    found = None if point is None else _core.anadil_breaths(state, point)
    group = None if point is None else _core.anadil_group(state, point)
    if point is None or found is None or group is None:
        return no_group("breaths")
    return breaths_drawing(state, point, group, found)


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

    counter_names = ("prison", "protected_point")
    overlays: ClassVar[Overlays] = {
        "smothered": smothered(_core.anadil_smothered),
        "breaths": breaths_overlay,
    }

    def off_board(self) -> tuple[str, int]:
        """The prison, drawn beside the board."""
        return ("prison", int(self.prison))

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
        return Prison(_core.anadil_counters(self).prison)

    @property
    def protected_point(self) -> str | None:
        """The stone the no-counter-annihilation ruling protects on this turn:
        the opponent's last stone, when it removed every stone of the player
        to move. The player may not smother its group."""
        return _core.anadil_counters(self).protected_point

    @property
    def stones(self) -> dict[Colour, int]:
        """Stones on the board per colour."""
        return dict(zip(Colour, _core.anadil_counters(self).stones, strict=True))

    @property
    def ending(self) -> str | None:
        """How a finished game ended: ``"annihilated"`` (the loser has no
        stone left), ``"full board"`` or ``"blocked"``; None while it goes on.
        Either way the loser is the player with no legal action."""
        return _core.anadil_ending(self)

    def smothered(self) -> dict[Colour, list[str]]:
        """The stones of smothered groups on the board as it stands, per
        colour, in point order: every breath obstructed, or no breath at all.
        They are removed only by a placement (the enemy's first, then the
        placer's own).

        >>> import stonefield
        >>> stonefield.Anadil(size=5).start().smothered()
        {<Colour.BLACK: 'black'>: [], <Colour.WHITE: 'white'>: []}
        """
        return _core.anadil_smothered(self)

    def group(self, point: str | int) -> list[str] | None:
        """The stones orthogonally connected to the stone at ``point``, in
        point order; None when the point is empty."""
        return _core.anadil_group(self, point)

    def supergroup(self, point: str | int) -> list[str] | None:
        """The stones connected to the stone at ``point`` orthogonally or
        diagonally (king adjacency), in point order; None when the point is
        empty."""
        return _core.anadil_supergroup(self, point)

    def region(self, point: str | int) -> list[str] | None:
        """The king-region of the empty ``point``: the empty points connected
        to it orthogonally or diagonally, in point order; None when the point
        holds a stone."""
        return _core.anadil_region(self, point)

    def breaths(self, point: str | int) -> dict[str, bool] | None:
        """The breaths of the group at ``point`` (empty points next to it,
        diagonals included), each with whether it is obstructed: exactly one
        enemy supergroup reaches its king-region.

        >>> import stonefield
        >>> stonefield.Anadil(size=5).start().breaths("a1")
        {'b1': False, 'a2': False, 'b2': False}
        """
        return _core.anadil_breaths(self, point)


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
