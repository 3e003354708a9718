"""Replays the shared test vectors (``tests/data/<game>.json``) through the
Python API, ply by ply."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import stonefield

DATA = Path(__file__).parent / "data"


def playouts(game: str) -> list[dict[str, Any]]:
    """The playouts of one game's vector file."""
    return json.loads((DATA / f"{game}.json").read_text())["playouts"]


def replay(
    playout: dict[str, Any],
    extra: Callable[[stonefield.State, dict[str, Any], str], None] | None = None,
) -> stonefield.State:
    """Plays one vector playout, checking every state; returns the end."""
    state = stonefield.game(playout["game"], **playout["options"]).start()
    assert state.game.num_actions == playout["actions"]["count"]
    for ply, expected in enumerate(playout["states"]):
        at = f"{playout['game']} seed {playout['seed']} ply {ply}"
        assert state.board_string() == expected["board"], at
        assert state.is_over == expected["terminal"], at
        if not state.is_over:
            assert state.to_move == expected["to_move"], at
        assert state.winner == expected["winner"], at
        assert state.legal_moves() == expected["legal"], at
        mask = state.legal_action_mask()
        assert [state.action_text(int(a)) for a in mask.nonzero()[0]] == expected["legal"], at
        if extra is not None:
            extra(state, expected, at)
        if ply < len(playout["moves"]):
            state.play(playout["moves"][ply])
    returns = state.colour_returns()
    assert returns == {stonefield.Colour(k): v for k, v in playout["returns"].items()}
    seats = state.returns()
    assert seats == (playout["seat_returns"]["first"], playout["seat_returns"]["second"])
    if playout["scores"] is not None:
        scores = state.scores()
        assert scores == {stonefield.Colour(k): v for k, v in playout["scores"].items()}
    return state


def check_scores(state: stonefield.State, expected: dict[str, Any], at: str) -> None:
    """The state's scores are the vector's, both from ``scores()`` and as
    the totals of ``score()``."""
    want = {stonefield.Colour(k): v for k, v in expected["scores"].items()}
    assert state.scores() == want, at
    assert {c: part.total for c, part in state.score().items()} == want, at


def ids(game: str) -> Iterator[str]:
    """Readable test ids for a game's playouts."""
    for p in playouts(game):
        options = ",".join(f"{k}={v}" for k, v in p["options"].items())
        yield f"{options}-seed{p['seed']}"
