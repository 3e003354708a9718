"""Positions as plain data: ``to_dict`` / ``from_dict`` and ``Game.setup``
give back every position of the shared vectors, a set-up state behaves as a
state, Anadil positions augment by all eight symmetries through set-up, and
every position the rules cannot hold is refused with a PositionError that
names what is wrong."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import numpy as np
import pytest
import stonefield
from stonefield import PositionError

from tests import vectors

TURN_KEYS = ("game", "options", "board")


def same_position(copy: stonefield.State, state: stonefield.State, at: str) -> None:
    """Everything a player or a learner sees of the two positions agrees."""
    assert copy.to_dict() == state.to_dict(), at
    assert copy.legal_moves() == state.legal_moves(), at
    assert np.array_equal(copy.legal_action_mask(), state.legal_action_mask()), at
    assert np.array_equal(copy.observation(), state.observation()), at
    assert (copy.is_over, copy.winner, copy.returns()) == (
        state.is_over,
        state.winner,
        state.returns(),
    ), at
    assert copy.scores() == state.scores(), at


@pytest.mark.parametrize("name", sorted(stonefield.GAMES))
def test_every_vector_position_round_trips_through_json_and_through_setup(name):
    for playout in vectors.playouts(name):
        game = stonefield.game(name, **playout["options"])
        state = game.start()
        moves = playout["moves"]
        for ply in range(len(moves) + 1):
            at = f"{name} {playout['options']} seed {playout['seed']} ply {ply}"
            d = state.to_dict()
            assert d["board"] == state.board_string() == playout["states"][ply]["board"], at
            copy = stonefield.from_dict(json.loads(json.dumps(d)))
            same_position(copy, state, at)
            rest = {k: v for k, v in d.items() if k not in TURN_KEYS}
            same_position(game.setup(d["board"], **rest), state, at)
            if ply < len(moves):
                # The copy plays on as the original does.
                copy.play(moves[ply])
                state.play(moves[ply])
                same_position(copy, state, at + " and one more move")


def test_a_set_up_state_undoes_to_its_position_pickles_and_compares():
    game = stonefield.Sunder(size=3)
    state = game.setup("B" + "." * 17 + "W", to_move="black")
    assert state.is_set_up and state.ply == 0 and state.actions == []
    before = state.to_dict()
    state.play("b2")
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.to_dict() == state.to_dict()
    assert again.is_set_up and again.moves == ["b2"]
    state.undo()
    assert state.to_dict() == before
    with pytest.raises(stonefield.IllegalMoveError, match="nothing to undo"):
        state.undo()
    with pytest.raises(stonefield.StonefieldError, match="set up by hand has no record"):
        state.record()
    assert "set up" in repr(state)
    assert state != game.start()
    assert state != game.setup("W" + "." * 17 + "B", to_move="black")
    assert state == game.setup("B" + "." * 17 + "W", to_move="black")
    assert not game.start().is_set_up


def test_a_set_up_state_of_a_finished_game_is_over():
    game = stonefield.Sunder(size=2)
    # Black's line through the centre leaves two cuts of two points.
    won = game.setup("W.BBBW.", to_move="white")
    assert won.is_over and won.winner == stonefield.Colour.BLACK
    assert won.legal_moves() == []
    esgrad = stonefield.Esgrad(size=2).setup(
        "B.....W", to_move="black", passes=2, first_pass="black", ply=4
    )
    assert esgrad.is_over and esgrad.winner == stonefield.Colour.BLACK


def moved_dict(game: stonefield.Game, k: int, d: dict[str, Any]) -> dict[str, Any]:
    """The description of the position moved by symmetry ``k``: its boards
    and points move, its counts stay."""
    perm = game.symmetries[k]
    names = game.point_names

    def board(text: str) -> str:
        out = ["."] * game.num_points
        for p, stone in enumerate(text):
            out[perm[p]] = stone
        return "".join(out)

    moved = dict(d, board=board(d["board"]))
    for key in ("protected_stone", "pending_stone"):
        if moved.get(key) is not None:
            moved[key] = names[perm[names.index(moved[key])]]
    if moved.get("previous_board") is not None:
        moved["previous_board"] = board(moved["previous_board"])
    return moved


def test_anadil_positions_augment_by_all_eight_symmetries_through_setup():
    """Only symmetries 0, 2, 4 and 6 keep Anadil's start, so the others can
    be played from it only through set-up: every position of random games,
    moved by each of the 8, sets up to the moved observation and mask, and
    plays on as the moved game."""
    game = stonefield.Anadil(size=5, komi=1)
    seen = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.start()
        while not state.is_over and state.ply < 80:
            d = state.to_dict()
            seen.update(key for key in ("protected_stone", "previous_board") if d[key])
            for k in range(8):
                moved = stonefield.from_dict(moved_dict(game, k, d))
                obs, mask = game.transform(k, state.observation(), state.legal_action_mask())
                assert np.array_equal(obs, moved.observation()), (k, state.record())
                assert np.array_equal(mask, moved.legal_action_mask()), (k, state.record())
                assert moved.is_over == state.is_over
            action = int(rng.choice(state.legal_actions()))
            state.play(action)
    assert seen == {"previous_board", "protected_stone"}, "the games reach both counters"


def test_a_moved_anadil_set_up_plays_on_as_the_moved_game():
    game = stonefield.Anadil(size=5)
    rng = random.Random(7)
    state = game.start()
    for _ in range(12):
        state.play(int(rng.choice(state.legal_actions())))
    for k in range(8):
        original = state.copy()
        moved = stonefield.from_dict(moved_dict(game, k, original.to_dict()))
        for _ in range(20):
            if original.is_over:
                break
            action = int(rng.choice(original.legal_actions()))
            original.play(action)
            moved.play(int(game.symmetries[k][action]))
            assert moved.to_dict() == moved_dict(game, k, original.to_dict())
        assert moved.winner == original.winner


# A position the rules cannot hold, or a malformed description, per game:
# (game, options, description, a phrase the message holds).
REFUSED: list[tuple[str, dict[str, Any], dict[str, Any], str]] = [
    ("sunder", {"size": 2}, {"board": "B" * 6}, "one character per point, 7 here, got 6"),
    ("sunder", {"size": 2}, {"board": "B..x..."}, "'x' at b2 (point 3) is no stone"),
    ("sunder", {"size": 2}, {"board": "BB....."}, "Black has as many stones as White or one more"),
    ("sunder", {"size": 2}, {"board": "B......", "to_move": "black"}, "put white to move"),
    ("sunder", {"size": 2}, {"board": "B......", "to_move": "white", "ply": 3}, "make 1 turns"),
    ("sunder", {"size": 2, "pie": False}, {"board": "BW.....", "swapped": True}, "no pie rule"),
    (
        "sunder",
        {"size": 2},
        {"board": "B......", "to_move": "white", "swapped": True, "ply": 1},
        "swapped is true at ply 1",
    ),
    ("sunder", {"size": 2}, {"board": "W.BBBWW"}, "black has a winning group but is to move"),
    ("sunder", {"size": 2}, {"board": ".......", "passes": 1}, "this game has no pass"),
    ("sunder", {"size": 2}, {"board": ".......", "colour": "black"}, "has no counter 'colour'"),
    ("sunder", {"size": 2}, {"board": 7}, "board is a board string"),
    ("sunder", {"size": 2}, {"board": ".......", "to_move": "red"}, "'black', 'white' or None"),
    ("sunder", {"size": 2}, {"board": ".......", "to_move": None}, "not None"),
    ("sunder", {"size": 2}, {"board": ".......", "ply": -1}, "a whole number from 0"),
    ("sunder", {"size": 2}, {"board": ".......", "ply": "0"}, "a whole number from 0"),
    ("sunder", {"size": 2}, {"board": ".......", "swapped": 1}, "true or false"),
    ("sunder", {"size": 2}, {}, "needs its board"),
    ("esgrad", {"size": 2}, {"board": ".......", "passes": 3, "first_pass": "black"}, "two passes"),
    ("esgrad", {"size": 2}, {"board": ".......", "passes": 1}, "first_pass is None"),
    ("esgrad", {"size": 2}, {"board": ".......", "passes": 2**70}, "a whole number from 0"),
    ("esgrad", {"size": 2}, {"board": "BW.....", "ply": 1}, "fewer than the 2 turns"),
    ("lingarda", {"size": 2}, {"board": "BWW.WWW"}, "the black stone at a1 has no lifeline"),
    ("lingarda", {"size": 2}, {"board": "B......", "ply": 0}, "fewer than the 1 turns"),
    ("anda", {"size": 2}, {"board": "B......", "pending_stone": "b2"}, "pending_stone b2"),
    ("anda", {"size": 2}, {"board": ".......", "pending_stone": "z9"}, "pending_stone"),
    ("anda", {"size": 2}, {"board": ".......", "pending_stone": 99}, "0 to 6"),
    (
        "anda",
        {"size": 2},
        {"board": "BW.....", "first_turn_done": {"black": True, "white": False}, "ply": 3},
        "first_turn_done is false for white at ply 3",
    ),
    (
        "anda",
        {"size": 2},
        {"board": "B......", "first_turn_done": {"black": False, "white": False}},
        "has placed or passed before",
    ),
    (
        "anda",
        {"size": 2},
        {"board": ".......", "first_turn_done": {"black": True, "white": True}, "ply": 1},
        "first_turn_done is true for white at ply 1",
    ),
    ("anda", {"size": 2}, {"board": ".......", "prisoners": {"black": -1, "white": 0}}, "from 0"),
    ("anda", {"size": 2}, {"board": ".......", "prisoners": [0, 0]}, "a dict {'black'"),
    ("anda", {"size": 2}, {"board": ".......", "prisoners": {"black": 0}}, "a dict {'black'"),
    ("anadil", {"size": 5}, {"board": "." * 25, "to_move": "white", "ply": 2}, "even plies"),
    ("anadil", {"size": 5}, {"board": "." * 25, "ply": 2}, "previous_board is None at ply 2"),
    (
        "anadil",
        {"size": 5},
        {"board": "." * 25, "ply": 0, "previous_board": "." * 25},
        "previous_board is given at ply 0",
    ),
    (
        "anadil",
        {"size": 5},
        {"board": "." * 25, "ply": 2, "previous_board": "." * 24},
        "previous_board: a board string has one character per point",
    ),
    (
        "anadil",
        {"size": 5},
        {"board": "W" + "." * 24, "to_move": "black", "protected_stone": "b1"},
        "protected_stone b1 holds no stone of the opponent",
    ),
    (
        "anadil",
        {"size": 5},
        {"board": "BW" + "." * 23, "to_move": "black", "protected_stone": "b1"},
        "took every stone of the mover's",
    ),
    ("anadil", {"size": 5}, {"board": "." * 25, "prison": 1.5}, "prison is a whole number"),
    ("anadil", {"size": 5}, {"board": "." * 25, "prison": True}, "prison is a whole number"),
]


@pytest.mark.parametrize(("name", "options", "description", "phrase"), REFUSED)
def test_a_position_the_rules_cannot_hold_is_refused_by_name(name, options, description, phrase):
    d = {"game": name, "options": options, **description}
    with pytest.raises(PositionError) as caught:
        stonefield.from_dict(d)
    assert phrase in str(caught.value)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("d", "phrase"),
    [
        ([], "a position is a dict"),
        ({"options": {}}, "names its game"),
        ({"game": "sunder", "options": 3, "board": "."}, "options is a dict"),
    ],
)
def test_a_malformed_dict_is_refused(d, phrase):
    with pytest.raises(PositionError, match=phrase):
        stonefield.from_dict(d)


def test_an_unknown_game_or_option_is_an_option_error():
    with pytest.raises(stonefield.OptionError):
        stonefield.from_dict({"game": "chess", "options": {}, "board": ""})
    with pytest.raises(stonefield.OptionError):
        stonefield.from_dict({"game": "sunder", "options": {"size": 99}, "board": ""})


def test_a_vec_env_refuses_a_set_up_state_and_keeps_its_own():
    game = stonefield.Sunder(size=2)
    env = stonefield.VecEnv(game, 2)
    env.reset()
    before = env.state(0).to_dict()
    with pytest.raises(PositionError, match="set up by hand has none"):
        env.set_state(0, game.setup("B......", to_move="white"))
    assert env.state(0).to_dict() == before
