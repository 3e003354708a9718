"""The OpenSpiel adapter, held to OpenSpiel's own conformance test."""

from __future__ import annotations

import sys

import numpy as np
import pytest
import stonefield

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from stonefield.adapters import openspiel  # noqa: E402

NAMES = openspiel.register()


def small(name: str) -> str:
    square = stonefield.game(name).shape == "square"
    return f"stonefield_{name}(size={5 if square else 3})"


def test_every_game_is_registered_once():
    assert [f"stonefield_{name}" for name in stonefield.GAMES] == NAMES
    assert openspiel.register() == NAMES
    assert set(NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_openspiel_random_simulation_test_passes(name):
    game = pyspiel.load_game(small(name))
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


def test_options_are_game_parameters():
    game = pyspiel.load_game("stonefield_sunder(size=5,komi=1.5,pie=False)")
    rules = game.new_initial_state().position.game
    assert rules == stonefield.Sunder(size=5, komi=1.5, pie=False)
    assert game.num_distinct_actions() == 61
    assert game.observation_tensor_shape() == [7, 9, 9]
    assert game.max_game_length() == 610  # 10 times the number of points
    with pytest.raises(pyspiel.SpielError, match="komi"):
        pyspiel.load_game("stonefield_sunder(komi=1)")  # OpenSpiel wants 1.0
    with pytest.raises(stonefield.OptionError, match="size"):
        pyspiel.load_game("stonefield_sunder(size=99)")


def test_swap_hands_the_turn_back_to_the_first_seat():
    state = pyspiel.load_game("stonefield_sunder(size=3)").new_initial_state()
    state.apply_action(state.string_to_action("b2"))
    assert state.current_player() == 1
    state.apply_action(state.string_to_action("swap"))
    assert state.current_player() == 0  # now White, still to move
    assert state.position.colour_of(0) == stonefield.Colour.WHITE
    clone = state.clone()
    assert clone.history() == state.history() and str(clone) == str(state)
    assert "first player: white" in str(state)


def test_the_same_player_places_both_stones_of_an_anda_first_turn():
    state = pyspiel.load_game("stonefield_anda(size=3)").new_initial_state()
    state.apply_action(state.string_to_action("a1"))
    assert state.current_player() == 0
    state.apply_action(state.string_to_action("c3"))
    assert state.current_player() == 1


def test_the_observation_tensor_is_the_players_view():
    state = pyspiel.load_game("stonefield_sunder(size=3)").new_initial_state()
    state.apply_action(state.string_to_action("b2"))
    for player, colour in [(0, "black"), (1, "white")]:
        tensor = np.array(state.observation_tensor(player), np.float32)
        assert np.array_equal(tensor, state.position.observation(colour).ravel())


def test_max_moves_cuts_a_game_with_no_winner():
    state = pyspiel.load_game("stonefield_sunder(size=3,max_moves=2)").new_initial_state()
    state.apply_action(0)
    state.apply_action(1)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_openspiel_mcts_plays_whole_games():
    game = pyspiel.load_game("stonefield_sunder(size=3)")
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
    bots = [mcts.MCTSBot(game, 1.4, 40, evaluator, random_state=rng) for _ in range(2)]
    for _ in range(3):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert sorted(returns) == [-1.0, 1.0]  # komi 0: a full board has a winner


def test_a_missing_openspiel_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    with pytest.raises(ImportError, match=r"stonefield\[openspiel\]"):
        openspiel.register()
