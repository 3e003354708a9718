"""Anadil (RULES.md §5) through the Python API."""

from __future__ import annotations

import pytest
import stonefield
from hypothesis import given
from hypothesis import strategies as st
from stonefield import Colour, IllegalMoveError, NotationError, Prison

from tests import vectors

PLAYOUTS = vectors.playouts("anadil")

# From the shared vectors: after these moves White (to move) may place on one
# point only, every other placement repeating White's previous board ...
REPEATING = "anadil size=5 komi=0 ; b5 d5 b4 d2 b1 d3 a4 e4 d4"
# ... and here White's b5 removed every black stone, so Black may not smother
# the group holding it.
PROTECTED = "anadil size=5 komi=0 ; b2 b5 b4 d5 a2 d1 c2 e3 c4 d3 b1 a4 e4 a3 c5 e2 c3 d4 c1 b5"


@pytest.mark.parametrize("playout", PLAYOUTS, ids=list(vectors.ids("anadil")))
def test_vector_replays_exactly(playout):
    def counters(state, expected, at):
        assert state.prison == expected["prison"], at
        assert state.protected_point == expected["protected_point"], at

    vectors.replay(playout, counters)


def test_start_has_corner_stones_and_komi_in_the_prison():
    state = stonefield.Anadil(size=5, komi=3).start()
    assert state.board_string() == "B...W...............W...B"
    assert state.to_move == Colour.BLACK
    assert state.prison == 3 and str(state.prison) == "3 black stones"
    assert state.stones == {Colour.BLACK: 2, Colour.WHITE: 2}
    assert stonefield.game("anadil") == stonefield.Anadil(size=15, komi=0)
    assert state.game.num_actions == 26 and state.game.specials == ("release",)
    assert "release" not in state.legal_moves(), "Black cannot release its own stones"
    state.play("c3")
    assert state.legal_moves()[-1] == "release"


def test_prison_reads_as_a_signed_count():
    assert [str(Prison(k)) for k in (2, 1, 0, -1, -4)] == [
        "2 black stones",
        "1 black stone",
        "empty",
        "1 white stone",
        "4 white stones",
    ]
    assert Prison(-4).colour == Colour.WHITE and Prison(-4).count == 4
    assert Prison(0).colour is None


def test_a_placement_that_repeats_the_previous_board_is_refused_with_the_reason():
    state = stonefield.load(REPEATING)
    assert state.to_move == Colour.WHITE
    legal = state.legal_moves()
    assert legal == ["a5"]
    before = state.record(), state.prison
    with pytest.raises(IllegalMoveError, match=r"^a1: the board would repeat your previous turn"):
        state.play("a1")
    assert (state.record(), state.prison) == before
    assert not state.is_legal("a1")


def test_counter_annihilation_is_refused_with_the_reason():
    state = stonefield.load(PROTECTED)
    assert state.protected_point == "b5"
    assert state.stones[Colour.BLACK] == 0
    with pytest.raises(IllegalMoveError, match=r"^a1: it would counter-annihilate"):
        state.play("a1")
    legal = state.legal_moves()
    state.play(legal[0])
    assert state.protected_point is None


def test_a_player_with_no_legal_action_loses():
    playout = next(p for p in PLAYOUTS if p["options"] == {"size": 5, "komi": 0})
    state = stonefield.load("anadil size=5 komi=0 ; " + " ".join(playout["moves"]))
    assert state.is_over and state.legal_moves() == []
    assert state.winner == playout["winner"]
    assert state.ending == "annihilated"
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.play("c3")


def test_views_of_groups_supergroups_regions_and_breaths():
    state = stonefield.load("anadil size=5 komi=0 ; b2 d4 c3")
    assert state.group("b2") == ["b2"]
    assert state.supergroup("b2") == ["a1", "b2", "c3"]
    assert state.group("c4") is None and state.region("c3") is None
    assert "c4" in (state.region("c4") or [])
    breaths = state.breaths("a1")
    assert breaths is not None and set(breaths) == {"b1", "a2"}
    assert set(state.smothered()) == {Colour.BLACK, Colour.WHITE}
    assert state.ending is None


def test_pass_and_swap_are_not_actions():
    state = stonefield.Anadil(size=5).start()
    for text in ("pass", "swap"):
        with pytest.raises(NotationError):
            state.play(text)


def test_simulate_stops_at_the_cap_and_reports_unfinished_games():
    capped = stonefield.simulate("anadil", games=40, seed=3, size=5, max_moves=5)
    assert capped.summary.unfinished == 40
    result = stonefield.simulate("anadil", games=200, seed=3, size=5)
    assert result.finished.all(), "small random games end well within 10 x N"


def expected_prison(state) -> int:
    """The prison by counting: komi, plus stones placed and gone, less
    stones released (Black releases white stones, White black ones)."""
    placed = {Colour.BLACK: 2, Colour.WHITE: 2}
    released = {Colour.BLACK: 0, Colour.WHITE: 0}
    colour = Colour.BLACK
    for move in state.moves:
        if move == "release":
            released[colour.opponent] += 1
        else:
            placed[colour] += 1
        colour = colour.opponent
    gone = {c: placed[c] - state.stones[c] - released[c] for c in Colour}
    return state.game.options["komi"] + gone[Colour.BLACK] - gone[Colour.WHITE]


@given(
    size=st.sampled_from([5, 7]),
    komi=st.integers(0, 3),
    choices=st.lists(st.integers(0, 10_000), max_size=150),
)
def test_random_action_sequences(size, komi, choices):
    state = stonefield.Anadil(size=size, komi=komi).start()
    start = state.copy()
    for choice in choices:
        action = choice % state.game.num_actions
        before = state.record(), state.prison
        try:
            state.play(action)
        except IllegalMoveError:
            assert (state.record(), state.prison) == before, "a refused move changes nothing"
            continue
        # Between turns the prison is one signed count that every stone
        # placed, removed and released accounts for.
        assert state.prison == expected_prison(state)
        assert len(set(str(state.prison).split()) & {"black", "white"}) <= 1
        protected = state.protected_point
        if protected is not None:
            assert state.stones[state.to_move] == 0
            assert state.stone_at(protected) == state.to_move.opponent
        if state.is_over:
            assert state.legal_moves() == [] and state.winner == state.to_move.opponent
            break
    assert stonefield.load(state.record()) == state
    while state.ply:
        state.undo()
    assert state == start


@given(seed=st.integers(0, 2**32 - 1))
def test_legal_moves_are_exactly_the_playable_ones(seed):
    import random

    rng = random.Random(seed)
    state = stonefield.Anadil(size=5).start()
    for _ in range(40):
        legal = state.legal_moves()
        if not legal:
            break
        for action in range(state.game.num_actions):
            assert state.is_legal(action) == (state.action_text(action) in legal)
        state.play(rng.choice(legal))
