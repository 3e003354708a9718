"""Anda: place where your stone's group can breathe; smothered groups of both
colours are removed; score territory plus prisoners."""

from __future__ import annotations

from typing import Any, TypedDict

from stonefield.colour import Colour
from stonefield.game import Game, State


class Score(TypedDict):
    """One colour's score, part by part (``stonefield rules anda``)."""

    territory: float
    prisoners: float
    komi: float
    half_point: float
    total: float


class Liberty(TypedDict):
    """A liberty of a group and how many enemy groups obstruct it (0, 1, or 2
    for two or more)."""

    point: str
    obstructions: int


class Breath(TypedDict):
    """A group, its liberties with their obstructions, and whether it is
    smothered."""

    colour: Colour
    stones: list[str]
    liberties: list[Liberty]
    smothered: bool


class AndaState(State):
    """An Anda position."""

    __slots__ = ()

    def counters(self) -> dict[str, Any]:
        """Anda's own counters in a playthrough, as the vectors name them."""
        return {
            name: self.query(name)
            for name in (
                "prisoners",
                "first_pass",
                "consecutive_passes",
                "first_turn_done",
                "pending_stone",
                "scores",
            )
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
        found = self.query("prisoners")
        return {Colour(k): int(v) for k, v in found.items()}

    def score(self) -> dict[Colour, Score]:
        """Each colour's score as the board stands, part by part: territory,
        prisoners, komi (White's), the half point of the game's first pass,
        and the total.

        >>> import stonefield
        >>> state = stonefield.Anda(size=3, komi=2).start()
        >>> for move in ["c3", "a1", "pass"]:
        ...     state.play(move)
        >>> state.score()[stonefield.Colour.WHITE]
        {'territory': 0.0, 'prisoners': 0.0, 'komi': 2.0, 'half_point': 0.5, 'total': 2.5}
        """
        found = self.query("score")
        return {
            Colour(colour): Score(
                territory=parts["territory"],
                prisoners=parts["prisoners"],
                komi=parts["komi"],
                half_point=parts["half_point"],
                total=parts["total"],
            )
            for colour, parts in found.items()
        }

    @property
    def first_pass(self) -> Colour | None:
        """The colour that made the game's first pass (it earns half a point)."""
        found = self.query("first_pass")
        return None if found is None else Colour(found)

    @property
    def pending_stone(self) -> str | None:
        """The first stone of a two-stone first turn while the second is due."""
        found: str | None = self.query("pending_stone")
        return found

    @property
    def first_turn_done(self) -> dict[Colour, bool]:
        """Whether each colour has had (or passed) its two-stone first turn."""
        found = self.query("first_turn_done")
        return {Colour(k): bool(v) for k, v in found.items()}

    @property
    def consecutive_passes(self) -> int:
        """Passes in a row just played; two end the game."""
        return int(self.query("consecutive_passes"))

    def territory(self) -> dict[str, Colour]:
        """The empty points that are territory, with their owner.

        >>> import stonefield
        >>> state = stonefield.Anda(size=2).start()
        >>> state.play("a1")
        >>> len(state.territory())
        6
        """
        owners = self.query("territory")
        names = self.game.point_names
        return {names[p]: Colour(owner) for p, owner in enumerate(owners) if owner is not None}

    def smothered(self) -> list[str]:
        """The stones of every group smothered as the board stands; they are
        removed after the next placement."""
        found: list[str] = self.query("smothered")
        return found

    def breath(self, point: str | int) -> Breath | None:
        """The group at ``point``: its stones, its liberties with how many
        enemy groups obstruct each, and whether it is smothered. None when the
        point is empty."""
        found = self.query("breath", point)
        if found is None:
            return None
        return Breath(
            colour=Colour(found["colour"]),
            stones=found["stones"],
            liberties=[
                Liberty(point=liberty["point"], obstructions=liberty["obstructions"])
                for liberty in found["liberties"]
            ],
            smothered=found["smothered"],
        )


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
