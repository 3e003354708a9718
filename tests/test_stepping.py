"""Stepping a game from Python: the fast paths of play, undo and the legal
moves give what the plain paths give."""

from __future__ import annotations

import random

import numpy as np
import pytest
import stonefield
from hypothesis import given, settings
from hypothesis import strategies as st
from stonefield import NotationError


def replayed(state: stonefield.State) -> stonefield.State:
    """A fresh state of the same game with the same moves played."""
    again = state.game.start()
    for move in state.moves:
        again.play(move)
    return again


def same_position(a: stonefield.State, b: stonefield.State) -> bool:
    return (a.record(), a.board_string(), a.to_move, a.is_over, list(a.legal_moves())) == (
        b.record(),
        b.board_string(),
        b.to_move,
        b.is_over,
        list(b.legal_moves()),
    )


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["sunder", "anda", "esgrad"]))
def test_undo_between_plays_across_checkpoints_equals_a_replay(seed, name):
    # Long games with undos now and then, so that undo starts from
    # checkpoints of every age: the first ones after many plays, later ones
    # from checkpoints an earlier undo made; a copy shares them.
    rng = random.Random(seed)
    state = stonefield.game(name, size=7).start()
    copies = []
    for _ in range(500):
        if state.is_over or (state.ply and rng.random() < 0.04):
            for _ in range(rng.randint(1, min(state.ply, 70))):
                state.undo()
            assert same_position(state, replayed(state))
        else:
            state.play(rng.choice(state.legal_moves()))
        if rng.random() < 0.01:
            copies.append((state.copy(), state.record()))
    assert same_position(state, replayed(state))
    for twin, record in copies:
        assert twin.record() == record
        while twin.ply:
            twin.undo()
            if twin.ply % 37 == 0:
                assert same_position(twin, replayed(twin))


def test_a_move_given_as_any_equal_string_is_the_same_move():
    game = stonefield.Sunder(size=5)
    given_out = game.start().legal_moves()[7]
    made_here = "".join(list(given_out))  # equal text, another object
    assert made_here == given_out and made_here is not given_out
    for move in (given_out, made_here, given_out.upper(), str(game.start().action(given_out))):
        state = game.start()
        state.play(move if not move.isdigit() else int(move))
        assert state.moves == [given_out]
    with pytest.raises(NotationError):
        game.start().play("".join(["z", "9"]))


def test_legal_actions_are_int64_and_the_legal_moves_in_order():
    rng = random.Random(5)
    for name in stonefield.GAMES:
        state = stonefield.game(name, size=5).start()
        while not state.is_over and state.ply < 60:
            actions = state.legal_actions()
            assert actions.dtype == np.int64 and actions.ndim == 1
            assert actions.tolist() == state.legal_moves().actions
            assert [state.action_text(a) for a in actions.tolist()] == list(state.legal_moves())
            state.play(int(rng.choice(actions)))
