"""The board's symmetries through the Python API: a random game played with
every action moved gives the moved observations and masks at every ply, and
bad arguments are refused."""

from __future__ import annotations

import random

import numpy as np
import pytest
import stonefield
from stonefield import StonefieldError


def small(name: str) -> stonefield.Game:
    square = stonefield.game(name).shape == "square"
    return stonefield.game(name, size=5 if square else 3)


def keeps_start(game: stonefield.Game, k: int) -> bool:
    board = game.start().board_string()
    moved = ["."] * game.num_points
    for p, stone in enumerate(board):
        moved[game.symmetries[k][p]] = stone
    return "".join(moved) == board


def test_the_counts_and_the_identity():
    for name in stonefield.GAMES:
        game = small(name)
        perms = game.symmetries
        assert perms.shape == (12 if game.shape == "hex" else 8, game.num_actions)
        assert np.array_equal(perms[0], np.arange(game.num_actions))
        for row in perms:
            assert sorted(row) == list(range(game.num_actions))
            assert np.array_equal(
                row[game.num_points :], np.arange(game.num_points, game.num_actions)
            )


def test_anadil_plays_from_its_start_only_the_symmetries_that_keep_it():
    game = small("anadil")
    assert [k for k in range(8) if keeps_start(game, k)] == [0, 2, 4, 6]
    assert all(keeps_start(small("sunder"), k) for k in range(12))


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_a_moved_game_shows_the_moved_planes_and_masks_at_every_ply(name):
    game = small(name)
    for k in (k for k in range(len(game.symmetries)) if keeps_start(game, k)):
        rng = random.Random(k)
        state, moved = game.start(), game.start()
        while not state.is_over and state.ply < 60:
            obs, mask = game.transform(k, state.observation(), state.legal_action_mask())
            assert np.array_equal(obs, moved.observation()), (k, state.record())
            assert np.array_equal(mask, moved.legal_action_mask()), (k, state.record())
            action = int(rng.choice(state.legal_actions()))
            state.play(action)
            moved.play(int(game.symmetries[k][action]))
        assert moved.winner == state.winner
        assert moved.returns() == state.returns()


def test_batches_move_along_their_last_axes():
    game = small("esgrad")
    states = [game.start() for _ in range(3)]
    states[1].play("b2")
    batch = stonefield.observations(states)
    policy = np.random.default_rng(0).random((3, game.num_actions))
    for k in range(12):
        obs, moved_policy = game.transform(k, batch, policy)
        assert obs is not None and moved_policy is not None
        for i in range(3):
            single, single_policy = game.transform(k, batch[i], policy[i])
            assert np.array_equal(obs[i], single)
            assert np.array_equal(moved_policy[i], single_policy)
        inverse = int(
            np.flatnonzero(
                (game.symmetries[k][game.symmetries] == np.arange(game.num_actions)).all(axis=1)
            )[0]
        )
        back, back_policy = game.transform(inverse, obs, moved_policy)
        assert np.array_equal(back, batch) and np.array_equal(back_policy, policy)
    assert game.transform(3) == (None, None)


def test_bad_arguments_are_refused():
    game = small("sunder")
    with pytest.raises(StonefieldError, match="symmetries 0 to 11, got 12"):
        game.transform(12, policy=np.zeros(game.num_actions))
    with pytest.raises(StonefieldError, match="has 20 actions"):
        game.transform(1, policy=np.zeros(5))
    with pytest.raises(StonefieldError, match=r"ends in \(5, 5\)"):
        game.transform(1, observation=np.zeros((7, 4, 4)))
