"""The game-independent API: games, states, moves, records, errors."""

from __future__ import annotations

import copy
import importlib
import pickle
import sys

import numpy as np
import pytest
import stonefield
from hypothesis import given
from hypothesis import strategies as st
from stonefield import (
    Colour,
    IllegalMoveError,
    Move,
    NotationError,
    OptionError,
    RecordError,
    StonefieldError,
)

from tests.helpers import undo_back, walk


def test_errors_are_value_errors():
    for error in (IllegalMoveError, NotationError, OptionError, RecordError):
        assert issubclass(error, StonefieldError)
        assert issubclass(error, ValueError)
        assert error.__module__ == "stonefield"


def test_games_by_name_and_by_class_are_equal_and_immutable():
    by_name = stonefield.game("sunder", size=5, komi=1)
    by_class = stonefield.Sunder(size=5, komi=1)
    assert by_name == by_class and hash(by_name) == hash(by_class)
    assert by_name.options == {"size": 5, "komi": 1, "pie": True}
    with pytest.raises(AttributeError):
        by_name.name = "anda"  # type: ignore[misc]
    with pytest.raises(OptionError, match="unknown game 'go'"):
        stonefield.game("go")
    assert "sunder" in stonefield.GAMES


def test_play_accepts_text_index_and_move_objects():
    state = stonefield.Sunder(size=3).start()
    state.play("B2")
    state.play(0)
    state.play(Move(1, "b1"))
    assert state.moves == ["b2", "a1", "b1"]
    assert state.actions == [4, 0, 1]
    assert state.last_move == Move(1, "b1")


def test_malformed_and_off_board_moves_raise_notation_error():
    state = stonefield.Sunder(size=3).start()
    for bad in ["", "b", "22", "b0", "z9", "pass", 20, -1, 2.5, None]:
        with pytest.raises(NotationError):
            state.play(bad)
    assert state.ply == 0 and state.board_string() == "." * 19


def test_illegal_move_names_the_move_the_reason_and_the_position():
    state = stonefield.Sunder(size=3).start()
    state.play("b2")
    with pytest.raises(IllegalMoveError) as caught:
        state.play("b2")
    message = str(caught.value)
    assert message.startswith("b2: the point is occupied")
    assert "sunder size=3 komi=0 pie=true ; b2" in message
    assert state.moves == ["b2"]


def test_legal_actions_and_mask_agree_with_legal_moves():
    state = stonefield.Sunder(size=3).start()
    state.play("b2")
    actions = state.legal_actions()
    mask = state.legal_action_mask()
    assert actions.dtype == np.int64 and mask.dtype == np.bool_
    assert mask.shape == (state.game.num_actions,)
    assert np.array_equal(np.flatnonzero(mask), actions)
    assert [state.action_text(int(a)) for a in actions] == state.legal_moves()
    assert state.is_legal("a1") and not state.is_legal("b2") and not state.is_legal("zz")


def test_copy_is_independent_and_of_the_same_class():
    state = stonefield.Sunder(size=3).start()
    state.play("b2")
    for twin in (state.copy(), copy.copy(state), copy.deepcopy(state)):
        assert type(twin) is type(state) and twin == state
        twin.play("a1")
        assert state.moves == ["b2"]


def test_undo_restores_earlier_states_and_refuses_at_the_start():
    state = stonefield.Sunder(size=4).start()
    legal = state.legal_moves()
    boards = []
    for move in legal[:40]:
        boards.append(state.board_string())
        state.play(move)
        if state.is_over:
            break
    while boards:
        state.undo()
        assert state.board_string() == boards.pop()
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        state.undo()


def test_records_round_trip_and_allow_comments():
    state = stonefield.Sunder(size=4, komi=-1.5).start()
    for move in ["d4", "swap", "a1", "g7"]:
        state.play(move)
    record = state.record()
    assert record == "sunder size=4 komi=-1.5 pie=true ; d4 swap a1 g7"
    again = stonefield.load(record)
    assert again == state and again.swapped
    commented = "# a game\nsunder size=4 komi=-1.5  # options\n; d4 swap\n a1 g7 # done"
    assert stonefield.load(commented) == state


@pytest.mark.parametrize(
    ("record", "where"),
    [
        ("", "empty record"),
        ("go size=9 ; e5", "unknown game 'go'"),
        ("sunder size=nine ; e5", "line 1, column 8: 'size=nine'"),
        ("sunder size=30 ;", "size must be from 2 to 25"),
        ("sunder size=3 ; b2 b2", "line 1, column 20: move 2 'b2': b2: the point is occupied"),
        ("sunder size=3 ;\nb2\nq9", "line 3, column 1: move 2 'q9'"),
    ],
)
def test_corrupt_records_raise_record_error_saying_where(record, where):
    with pytest.raises(RecordError, match=where):
        stonefield.load(record)


def test_states_and_games_pickle():
    state = stonefield.Sunder(size=3).start()
    state.play("b2")
    again = pickle.loads(pickle.dumps(state))
    assert again == state and type(again) is type(state)
    game = stonefield.Sunder(size=5, komi=0.5)
    assert pickle.loads(pickle.dumps(game)) == game


def test_text_diagram_shows_stones_and_turn():
    state = stonefield.Sunder(size=2).start()
    state.play("b2")
    text = str(state)
    assert "X" in text and text.endswith("White to move")
    assert repr(state) == "<SunderState 'sunder size=2 komi=0 pie=true ; b2'>"


def test_colours_are_strings():
    assert Colour.BLACK == "black" and Colour("white") is Colour.WHITE
    assert Colour.WHITE.opponent is Colour.BLACK and Colour.WHITE.array_index == 1


@given(st.lists(st.one_of(st.integers(-3, 70), st.text(max_size=4)), max_size=60))
def test_any_action_sequence_never_crashes_and_errors_leave_the_state_unchanged(moves):
    state = stonefield.Sunder(size=4).start()
    for move in moves:
        before = (state.record(), state.board_string(), state.to_move, state.is_over)
        try:
            state.play(move)
        except (IllegalMoveError, NotationError):
            assert (state.record(), state.board_string(), state.to_move, state.is_over) == before


@pytest.mark.parametrize(("name", "first"), [("sunder", "b2"), ("lingarda", "c3")])
def test_swap_exchanges_seats_and_keeps_board_and_colour_to_move(name, first):
    state = stonefield.game(name, size=3).start()
    assert "swap" not in state.legal_moves()
    state.play(first)
    assert state.legal_moves()[-1] == "swap"
    board = state.board_string()
    state.play("swap")
    assert state.swapped and state.to_move == Colour.WHITE
    assert state.board_string() == board
    assert state.seat_of(Colour.WHITE) == 0 and state.colour_of(0) == Colour.WHITE
    with pytest.raises(IllegalMoveError, match="swap is offered only"):
        state.play("swap")
    with pytest.raises(NotationError):
        stonefield.game(name, size=3, pie=False).start().play("swap")


@pytest.mark.parametrize(("name", "first"), [("sunder", "b2"), ("lingarda", "c3")])
def test_a_game_without_pie_does_not_lend_its_move_names_to_one_with_it(name, first):
    without = stonefield.game(name, size=4, pie=False).start()
    without.play(first)
    assert "swap" not in without.legal_moves()
    state = stonefield.game(name, size=4).start()
    state.play(first)
    assert list(state.legal_moves())[-1] == "swap"


@given(st.integers(2, 6), st.lists(st.integers(0, 1000), max_size=100))
def test_undo_restores_the_exact_state_and_records_round_trip(size, choices):
    state = stonefield.Sunder(size=size).start()

    def look(s):
        return s.record(), s.board_string(), s.legal_moves()

    seen = walk(state, choices, look)
    assert stonefield.load(state.record()) == state
    undo_back(state, seen, look)


def test_simulate_checks_its_arguments():
    for bad in ({"games": -1}, {"games": 10, "threads": 0}, {"games": 10, "seed": -1}):
        with pytest.raises(OptionError):
            stonefield.simulate("sunder", **bad)
    with pytest.raises(OptionError, match="either in the Game"):
        stonefield.simulate(stonefield.Sunder(), games=1, size=5)


def test_summary_intervals_and_the_move_cap():
    whole = stonefield.simulate("sunder", games=300, seed=3, size=5)
    assert whole.summary.games == 300
    assert 0.0 < whole.summary.black_win_rate < 1.0
    low, high = whole.summary.black_win_interval
    assert low < whole.summary.black_win_rate < high
    capped = stonefield.simulate("sunder", games=300, seed=3, size=5, max_moves=4)
    assert (capped.lengths == 4).all() and not capped.finished.any()
    assert (capped.winners == stonefield.NO_WINNER).all()
    assert capped.summary.unfinished_share == 1.0


def test_legal_moves_is_a_read_only_sequence_of_texts():
    from collections.abc import Sequence

    state = stonefield.Sunder(size=2).start()
    state.play("b2")
    moves = state.legal_moves()
    assert isinstance(moves, Sequence)
    assert len(moves) == 7 and list(moves) == [*moves]
    assert moves[0] == "a1" and moves[-1] == "swap" and moves[1:3] == ["b1", "a2"]
    assert "c3" in moves and "b2" not in moves and 4 not in moves
    assert moves.index("c2") == 3 and moves.actions == [0, 1, 2, 4, 5, 6, 7]
    assert moves == ["a1", "b1", "a2", "c2", "b3", "c3", "swap"] and moves != ["a1"]
    assert repr(moves).startswith("LegalMoves(['a1'")
    with pytest.raises(IndexError):
        moves[7]
    with pytest.raises(ValueError):
        moves.index("b2")


@pytest.mark.parametrize(
    "game",
    [
        *(stonefield.game(name) for name in stonefield.GAMES),
        stonefield.Sunder(size=14),  # more actions than a snapshot keeps inline
        stonefield.Anda(size=19),
    ],
    ids=repr,
)
def test_legal_moves_answer_like_the_list_of_legal_actions(game):
    import random

    rng = random.Random(5)
    state = game.start()
    for _ in range(60):
        if state.is_over:
            break
        actions = [int(a) for a in state.legal_actions()]
        texts = [state.action_text(a) for a in actions]
        moves = state.legal_moves()
        assert len(moves) == len(texts) and moves.actions == actions
        assert [moves[i] for i in range(len(texts))] == texts == list(moves)
        assert [moves[-i] for i in range(1, len(texts) + 1)] == texts[::-1]
        assert moves[5:9] == texts[5:9] and moves == texts
        for i, text in enumerate(texts):
            assert text in moves and moves.index(text) == i
        with pytest.raises(IndexError):
            moves[len(texts)]
        state.play(rng.choice(moves))


def test_legal_moves_kept_by_the_caller_stay_those_of_their_position():
    # The state refills its last snapshot in place only once nothing else
    # holds it; a snapshot kept (or a view of it) never changes.
    state = stonefield.Sunder(size=2).start()
    first = state.legal_moves()
    iterator = iter(state.legal_moves())
    state.play("b2")
    second = state.legal_moves()
    assert len(first) == 7 and "b2" in first and "swap" not in first
    assert "b2" in list(iterator)
    assert "b2" not in second and "swap" in second
    del first, second, iterator
    for move in ["swap", "a1"]:
        state.play(move)
        moves = state.legal_moves()
        assert moves == [state.action_text(int(a)) for a in state.legal_actions()]
        kept = state.legal_moves()
        state.play(kept[0])
        assert kept != state.legal_moves() and kept[0] not in state.legal_moves()
        state.undo()


def test_states_compare_their_histories_not_only_their_stones():
    game = stonefield.Sunder(size=3, pie=False)
    one, two = game.start(), game.start()
    for move in ["a1", "b2", "c3", "a2"]:
        one.play(move)
    for move in ["c3", "a2", "a1", "b2"]:
        two.play(move)
    # The same stones and the same colour to move, reached in another order.
    assert one.board_string() == two.board_string() and one.to_move == two.to_move
    assert one != two
    assert one == stonefield.load(one.record()) and one == one.copy()
    assert game.start() != stonefield.Sunder(size=3).start()  # options differ
    assert one != one.record()


def test_a_batch_comes_back_as_one_typed_object_that_pickles():
    game = stonefield.Anda(size=3)
    batch = stonefield._core.playouts(game, seed=4, first=2, count=3, max_moves=40)
    assert isinstance(batch, stonefield._core.GameBatch)
    assert batch.winners.dtype == np.int8 and batch.winners.shape == (3,)
    assert batch.scores.shape == (3, 2) and batch.max_moves == 40
    with pytest.raises(AttributeError):
        batch.winners = batch.winners  # type: ignore[misc]
    # Game i depends only on (seed, i): the same games as a larger batch's.
    whole = stonefield._core.playouts(game, seed=4, first=0, count=5, max_moves=40)
    for name in ("winners", "lengths", "finished", "swapped", "scores", "last"):
        np.testing.assert_array_equal(getattr(batch, name), getattr(whole, name)[2:])
    copied = pickle.loads(pickle.dumps(batch))
    for name in ("winners", "lengths", "finished", "swapped", "scores", "last"):
        np.testing.assert_array_equal(getattr(copied, name), getattr(batch, name))
    assert copied.max_moves == 40


def test_view_classes_show_and_give_their_fields_as_plain_values():
    esgrad = stonefield.load("esgrad size=2 ; a1 b2").score()[stonefield.Colour.BLACK]
    views = [
        stonefield.load("sunder size=3 ; a1").cuts("a1"),
        stonefield.load("anda size=2 ; a1").score()[stonefield.Colour.BLACK],
        stonefield.load("anda size=2 ; a1").breath("a1").liberties[0],
        stonefield.load("lingarda size=2 pie=false ; a1").score()[stonefield.Colour.WHITE],
        esgrad,
        esgrad.groups[0],
    ]
    for view in views:
        plain = view.to_dict()
        assert (
            repr(view)
            == f"{type(view).__name__}("
            + ", ".join(f"{name}={getattr(view, name)!r}" for name in plain)
            + ")"
        )
        for name, value in plain.items():
            if name != "groups":
                assert value == getattr(view, name)
    assert esgrad.to_dict()["groups"] == [group.to_dict() for group in esgrad.groups]


@pytest.mark.parametrize(
    ("adapter", "module", "message"),
    [
        ("gymnasium", "gymnasium", "needs Gymnasium: pip install 'stonefield[gymnasium]'"),
        (
            "pettingzoo",
            "pettingzoo",
            "needs PettingZoo and Gymnasium: pip install 'stonefield[pettingzoo]'",
        ),
        ("openspiel", "pyspiel", "needs OpenSpiel: pip install 'stonefield[openspiel]'"),
    ],
)
def test_an_adapter_without_its_dependency_names_it_and_the_extra(
    monkeypatch, adapter, module, message
):
    loaded = importlib.import_module(f"stonefield.adapters.{adapter}")
    monkeypatch.setitem(sys.modules, module, None)  # as if not installed
    load = loaded._pyspiel if adapter == "openspiel" else lambda: loaded._require(module)
    with pytest.raises(ImportError) as raised:
        load()
    assert str(raised.value) == f"stonefield.adapters.{adapter} {message}"
