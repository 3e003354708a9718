"""Small moves of play the tests share: moves given as text, and random
games walked forward and undone back."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import stonefield


def play(state: stonefield.State, moves: str) -> stonefield.State:
    """Plays ``moves``, space-separated move texts, on ``state``; returns it."""
    for move in moves.split():
        state.play(move)
    return state


def walk(
    state: stonefield.State, choices: Iterable[int], look: Callable[[stonefield.State], Any]
) -> list[Any]:
    """Plays one legal move per choice (the choice modulo their number) until
    none is legal, and returns what ``look`` saw before each move."""
    seen = []
    for choice in choices:
        legal = state.legal_moves()
        if not legal:
            break
        seen.append(look(state))
        state.play(legal[choice % len(legal)])
    return seen


def undo_back(
    state: stonefield.State, seen: list[Any], look: Callable[[stonefield.State], Any]
) -> None:
    """Undoes the moves of :func:`walk`, checking that each undo gives back
    what ``look`` saw before that move."""
    while seen:
        state.undo()
        assert look(state) == seen.pop()
