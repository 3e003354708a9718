"""Sunder (RULES.md §3) through the Python API."""

from __future__ import annotations

import numpy as np
import pytest
import stonefield
from hypothesis import given
from hypothesis import strategies as st
from stonefield import Colour, IllegalMoveError, NotationError

from tests import vectors
from tests.helpers import play

PLAYOUTS = vectors.playouts("sunder")


@pytest.mark.parametrize("playout", PLAYOUTS, ids=list(vectors.ids("sunder")))
def test_vector_replays_exactly(playout):
    def swapped(state, expected, at):
        assert state.swapped == expected["swapped"], at

    vectors.replay(playout, swapped)


def test_ruling_cuts_a_row_splitting_the_board_into_small_parts_wins():
    # Side 2 (7 points): a1 b1 / a2 b2 c2 / b3 c3. Black's middle row leaves
    # parts of 2 points, at most 7/2.
    state = play(stonefield.Sunder(size=2, pie=False).start(), "a2 a1 c2 c3")
    assert not state.is_over
    state.play("b2")
    assert state.winner == Colour.BLACK
    cuts = state.cuts("b2")
    assert (cuts.group, cuts.parts) == (["a2", "b2", "c2"], [["a1", "b1"], ["b3", "c3"]])


def test_ruling_cuts_komi_moves_each_colours_bar():
    # Komi 2: Black's parts must be <= 7/2 - 2 = 1.5, so the row no longer wins.
    state = play(stonefield.Sunder(size=2, komi=2, pie=False).start(), "a2 a1 c2 c3 b2")
    assert state.winner is None
    # Komi 2.5: White's bar is 7/2 + 2.5 = 6, so any white stone wins at once.
    state = play(stonefield.Sunder(size=2, komi=2.5, pie=False).start(), "a1 b3")
    assert state.winner == Colour.WHITE


def test_ruling_cuts_only_the_group_just_placed_is_tested_and_the_mover_wins_at_once():
    state = play(stonefield.Sunder(size=2, pie=False).start(), "a2 a1 c2 c3 b2")
    assert state.is_over and state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.play("b3")


def test_returns_follow_seats_after_a_swap():
    state = play(stonefield.Sunder(size=2).start(), "c3 swap a2 a1 c2 b3 b2")
    # The first player took White by the swap; White's a2-b2-c2 row wins.
    assert state.winner == Colour.WHITE
    assert state.returns() == (1.0, -1.0)
    assert state.colour_returns() == {Colour.BLACK: -1.0, Colour.WHITE: 1.0}


def test_full_board_with_komi_zero_always_has_exactly_one_winner():
    result = stonefield.simulate("sunder", games=3000, seed=5, size=4)
    assert result.finished.all()
    assert set(np.unique(result.winners)) <= {stonefield.BLACK, stonefield.WHITE}


@given(
    size=st.integers(2, 6),
    komi=st.sampled_from([0, 0.5, -1, 1.5]),
    choices=st.lists(st.integers(0, 10_000), max_size=120),
)
def test_random_games_end_with_one_winner_or_a_reported_draw(size, komi, choices):
    state = stonefield.Sunder(size=size, komi=komi).start()
    for choice in choices:
        legal = state.legal_moves()
        if not legal:
            break
        state.play(legal[choice % len(legal)])
    if state.is_over:
        empty = state.board_string().count(".")
        assert state.winner is not None or (komi != 0 and empty == 0)
        assert state.legal_moves() == []


def test_simulate_is_the_same_for_one_and_two_threads():
    one = stonefield.simulate("sunder", games=600, seed=11, threads=1, size=5)
    two = stonefield.simulate("sunder", games=600, seed=11, threads=2, size=5)
    assert np.array_equal(one.winners, two.winners)
    assert np.array_equal(one.lengths, two.lengths)
    assert one == two


@pytest.mark.parametrize("point", [None, True, 19, -1, 2.0, [4]])
def test_cuts_of_something_that_is_not_a_point_is_refused(point):
    state = stonefield.Sunder(size=3).start()
    state.play("b2")
    with pytest.raises(NotationError, match="is not a point of sunder: give a point's name"):
        state.cuts(point)
    assert state.moves == ["b2"]
    assert state.cuts("b2") is not None and state.cuts(4) == state.cuts("b2")


@pytest.mark.parametrize("text", ["pass", "swap", "zz", "b"])
def test_cuts_of_text_that_is_not_a_point_gets_the_notations_message(text):
    state = stonefield.Sunder(size=3).start()
    state.play("b2")
    with pytest.raises(NotationError, match=f"'{text}' is not a point: expected column letters"):
        state.cuts(text)
