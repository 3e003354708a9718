"""Anda: place where your stone's group can breathe; smothered groups of both
colours are removed; score territory plus prisoners."""

from __future__ import annotations

from typing import ClassVar

from stonefield import _core
from stonefield._core import AndaBreath, AndaLiberty, AndaScore
from stonefield.colour import Colour
from stonefield.game import Game, State
from stonefield.overlays import (
    Drawing,
    Overlays,
    breaths_drawing,
    group_point,
    no_group,
    owners,
    smothered,
)

__all__ = ["Anda", "AndaBreath", "AndaLiberty", "AndaScore", "AndaState"]


def breaths_overlay(state: State, at: int | None) -> Drawing:
    """The group at ``at`` (by default the last stone placed) and its
    liberties, each obstructed when exactly one enemy group reaches it."""
    point = group_point(state, at)
    found = None if point is None else _core.anda_breath(state, point)
    if point is None or found is None:
        return no_group("breaths")
    obstructed = {liberty.point: liberty.obstructions == 1 for liberty in found.liberties}
    return breaths_drawing(state, point, found.stones, obstructed)


class AndaState(State):
    """An Anda position."""

    __slots__ = ()

    counter_names = (
        "prisoners",
        "first_pass",
        "consecutive_passes",
        "first_turn_done",
        "pending_stone",
        "scores",
    )
    overlays: ClassVar[Overlays] = {
        "territory": owners("territory", _core.anda_territory),
        "smothered": smothered(_core.anda_smothered),
        "breaths": breaths_overlay,
    }

    def board_notes(self) -> list[str]:
        """Between the two stones of a first turn, that a second is due.

        >>> import stonefield
        >>> state = stonefield.Anda(size=3).start()
        >>> state.play("c3")
        >>> state.board_notes()
        ["Black's first turn: a second stone, not next to c3"]
        """
        pending = self.pending_stone
        if pending is None:
            return []
        mover = self.to_move.value.capitalize()
        return [f"{mover}'s first turn: a second stone, not next to {pending}"]

    @property
    def prisoners(self) -> dict[Colour, int]:
        """Stones each colour has captured.

        >>> import stonefield
        >>> stonefield.Anda(size=3).start().prisoners
        {<Colour.BLACK: 'black'>: 0, <Colour.WHITE: 'white'>: 0}
        """
        return dict(zip(Colour, _core.anda_counters(self).prisoners, strict=True))

    def score(self) -> dict[Colour, AndaScore]:
        """Each colour's score as the board stands, part by part: territory,
        prisoners, komi (White's), the half point of the game's first pass,
        and the total.

        >>> import stonefield
        >>> state = stonefield.Anda(size=3, komi=2).start()
        >>> for move in ["c3", "a1", "pass"]:
        ...     state.play(move)
        >>> state.score()[stonefield.Colour.WHITE]
        AndaScore(territory=0.0, prisoners=0.0, komi=2.0, half_point=0.5, total=2.5)
        """
        return dict(zip(Colour, _core.anda_score(self), strict=True))

    @property
    def first_pass(self) -> Colour | None:
        """The colour that made the game's first pass (it earns half a point)."""
        return _core.passes(self)[1]

    @property
    def pending_stone(self) -> str | None:
        """The first stone of a two-stone first turn while the second is due."""
        return _core.anda_counters(self).pending_stone

    @property
    def first_turn_done(self) -> dict[Colour, bool]:
        """Whether each colour has had (or passed) its two-stone first turn."""
        return dict(zip(Colour, _core.anda_counters(self).first_turn_done, strict=True))

    @property
    def consecutive_passes(self) -> int:
        """Passes in a row just played; two end the game."""
        return _core.passes(self)[0]

    def territory(self) -> dict[str, Colour]:
        """The empty points that are territory, with their owner, in point
        order.

        >>> import stonefield
        >>> state = stonefield.Anda(size=2).start()
        >>> state.play("a1")
        >>> len(state.territory())
        6
        """
        return _core.anda_territory(self)

    def smothered(self) -> list[str]:
        """The stones of every group smothered as the board stands, in point
        order; they are removed after the next placement."""
        return _core.anda_smothered(self)

    def breath(self, point: str | int) -> AndaBreath | None:
        """The group at ``point``: its stones, its liberties with how many
        enemy groups obstruct each, and whether it is smothered. None when the
        point is empty.

        >>> import stonefield
        >>> state = stonefield.Anda(size=2).start()
        >>> state.play("a1")
        >>> breath = state.breath("a1")
        >>> breath.colour, breath.stones, breath.smothered
        (<Colour.BLACK: 'black'>, ['a1'], False)
        >>> breath.liberties[0]
        AndaLiberty(point='b1', obstructions=0)
        """
        return _core.anda_breath(self, point)


class Anda(Game):
    """Anda (``stonefield rules anda``).

    >>> Anda().num_points, Anda().specials
    (217, ('pass',))
    """

    game_name = "anda"
    state_class = AndaState
    __slots__ = ()

    def start(self) -> AndaState:
        """The start position."""
        return AndaState(self)
