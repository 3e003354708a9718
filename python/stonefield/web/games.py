"""The server's games: states kept in memory, each under an unguessable id,
bounded in number (the least recently used go first) and in length.

>>> import stonefield
>>> games = Games(Limits(games=2))
>>> first, _ = games.add(stonefield.Sunder(size=3).start())
>>> second, _ = games.add(stonefield.Sunder(size=3).start())
>>> third, _ = games.add(stonefield.Sunder(size=3).start())
>>> len(first), first in games, third in games
(22, False, True)
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass

from stonefield.game import State


@dataclass(frozen=True)
class Limits:
    """What the server bounds, whatever a request asks.

    Attributes:
        games: games kept at once; adding one more forgets the least
            recently used.
        moves: moves in one game (the longest default game, Anda's or
            Esgrad's on the side-25 board, is capped at 18,010 in playouts).
        body_bytes: bytes in one request body.
        iterations: search iterations per request.
        seconds: seconds of thinking per request; every search stops by then.
        searches: searches running at once (each on a thread of its own,
            off the event loop); more wait their turn.
    """

    games: int = 64
    moves: int = 20_000
    body_bytes: int = 256 * 1024
    iterations: int = 200_000
    seconds: float = 10.0
    searches: int = 2


class RequestError(Exception):
    """A request the server refuses for a reason of its own, not the
    engine's: an unknown id, a game that changed meanwhile, a limit.

    Attributes:
        status: the HTTP status of the answer.
        error: the kind of refusal, a short name.
        message: what was wrong.
    """

    def __init__(self, status: int, error: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.error = error
        self.message = message


@dataclass
class Entry:
    """One game: its latest state and how many changes it has had."""

    state: State
    version: int = 0

    def check(self, version: int | None) -> None:
        """Refuses a change meant for another version of the game.

        Raises:
            RequestError: 409 when ``version`` is given and is not this one.
        """
        if version is not None and version != self.version:
            raise RequestError(
                409,
                "changed",
                f"the game has changed: it is at version {self.version}, not {version}",
            )

    def changed(self) -> None:
        self.version += 1


class Games:
    """Games by id, the most recently used last."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._entries: OrderedDict[str, Entry] = OrderedDict()

    def add(self, state: State) -> tuple[str, Entry]:
        """Keeps a new game; returns its id and entry.

        Raises:
            RequestError: 413 for a game longer than the server keeps.
        """
        self.check_length(state.ply)
        game_id = secrets.token_urlsafe(16)
        entry = Entry(state)
        self._entries[game_id] = entry
        while len(self._entries) > self.limits.games:
            self._entries.popitem(last=False)
        return game_id, entry

    def get(self, game_id: str) -> Entry:
        """The game under ``game_id``, now the most recently used.

        Raises:
            RequestError: 404 for an id the server does not hold.
        """
        entry = self._entries.get(game_id)
        if entry is None:
            raise RequestError(404, "unknown_game", f"no game has the id {game_id!r}")
        self._entries.move_to_end(game_id)
        return entry

    def remove(self, game_id: str) -> None:
        """Forgets a game.

        Raises:
            RequestError: 404 for an id the server does not hold.
        """
        self.get(game_id)
        del self._entries[game_id]

    def check_length(self, moves: int) -> None:
        """Refuses a game of more moves than the server keeps.

        Raises:
            RequestError: 413 past :attr:`Limits.moves`.
        """
        if moves > self.limits.moves:
            raise RequestError(
                413, "too_long", f"a game here has at most {self.limits.moves} moves, not {moves}"
            )

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._entries

    def __len__(self) -> int:
        return len(self._entries)
