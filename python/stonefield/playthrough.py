"""Playthroughs: a whole game as JSON, with the state after every ply, in the
fields of the shared test vectors, so that other engines and tools can check
themselves against a game ply by ply.

The export is a dict: ``game``, ``options``, ``actions`` (``points``,
``count`` and the index of each ``special`` action), ``moves`` (text),
``states`` (``len(moves) + 1`` entries: the start, then the state after each
move), ``finished``, ``winner``, ``scores``, ``returns`` (per colour) and
``seat_returns`` (``first``, ``second``). Each state has ``ply``,
``to_move``, ``board`` (``B``/``W``/``.`` per point, in point-index order),
``legal`` (the legal moves' text), ``terminal``, ``winner``, and the game's
own counters (:meth:`State.counters`, each game's state class says which),
under the names the vectors use.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from stonefield._core import OptionTypeError
from stonefield.game import State
from stonefield.jsondata import dumps
from stonefield.messages import shown


def snapshot(state: State) -> dict[str, Any]:
    """One position as JSON-ready data: ``ply``, ``to_move``, ``board``,
    ``legal``, ``terminal``, ``winner`` and the game's own counters (the
    fields of one entry of a playthrough's ``states``).

    >>> import stonefield
    >>> snapshot(stonefield.load("sunder size=2 ; b2"))["board"]
    '...B...'
    """
    winner = state.winner
    snapshot: dict[str, Any] = {
        "ply": state.ply,
        "to_move": state.to_move.value,
        "board": state.board_string(),
        "legal": list(state.legal_moves()),
        "terminal": state.is_over,
        "winner": None if winner is None else winner.value,
    }
    snapshot.update(state.counters())
    return snapshot


def playthrough(state: State) -> dict[str, Any]:
    """The game that led to ``state``, replayed from the start, with every
    state along the way.

    Args:
        state: the last position of the game.

    Returns:
        A dict ready for :func:`json.dumps` (see the module's docstring).

    >>> import stonefield
    >>> state = stonefield.load("sunder size=2 pie=false ; a2 a1 c2 c3 b2")
    >>> export = stonefield.playthrough(state)
    >>> export["moves"], export["winner"], export["returns"]
    (['a2', 'a1', 'c2', 'c3', 'b2'], 'black', {'black': 1.0, 'white': -1.0})
    >>> export["states"][1]["board"], export["states"][1]["to_move"]
    ('...B...', 'white')
    """
    if not isinstance(state, State):
        raise OptionTypeError(f"playthrough takes a State, got {shown(state)}")
    game = state.game
    replay = game.start()
    states = [snapshot(replay)]
    for action in state.actions:
        replay.play(action)
        states.append(snapshot(replay))
    scores = state.scores()
    first, second = state.returns()
    winner = state.winner
    return {
        "game": game.name,
        "options": dict(game.options),
        "actions": {
            "points": game.num_points,
            "count": game.num_actions,
            "special": {name: game.num_points + k for k, name in enumerate(game.specials)},
        },
        "moves": list(state.moves),
        "states": states,
        "finished": state.is_over,
        "winner": None if winner is None else winner.value,
        "scores": None if scores is None else {c.value: v for c, v in scores.items()},
        "returns": {c.value: v for c, v in state.colour_returns().items()},
        "seat_returns": {"first": first, "second": second},
    }


def write_playthrough(state: State, path: str | Path) -> None:
    """Writes :func:`playthrough` of ``state`` to a JSON file."""
    Path(path).write_text(dumps(playthrough(state), indent=1) + "\n", encoding="utf-8")
