"""The PettingZoo adapter, held to PettingZoo's own API test."""

from __future__ import annotations

import sys

import numpy as np
import pytest
import stonefield

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test
from stonefield.adapters import pettingzoo


def small(name: str) -> dict[str, int]:
    return {"size": 5 if stonefield.game(name).shape == "square" else 3}


# The observation is a dict of planes and action mask, as in PettingZoo's
# own board games; api_test warns of any observation that is not one array.
@pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)
@pytest.mark.parametrize("name", stonefield.GAMES)
def test_pettingzoo_api_test_passes(name):
    api_test(pettingzoo.env(name, **small(name)), num_cycles=300)


def test_a_game_object_and_a_name_make_the_same_environment():
    by_name = pettingzoo.env("sunder", size=3, komi=0.5).unwrapped
    by_game = pettingzoo.env(stonefield.Sunder(size=3, komi=0.5)).unwrapped
    assert by_name.rules == by_game.rules
    with pytest.raises(stonefield.OptionError, match="name"):
        pettingzoo.env(stonefield.Sunder(), size=3)
    with pytest.raises(stonefield.OptionError, match="unknown option"):
        pettingzoo.env("sunder", colour=1)


def test_spaces_and_observations_per_agent():
    env = pettingzoo.env("sunder", size=3)
    env.reset()
    space = env.observation_space("player_1")
    assert space["observation"].shape == (7, 5, 5)
    assert space["observation"].dtype == np.float32
    assert env.action_space("player_0").n == 20
    env.step(4)  # b2 by player_0, Black
    first, second = env.observe("player_0"), env.observe("player_1")
    assert np.array_equal(first["observation"][0], second["observation"][1])
    assert second["action_mask"].sum() == 19  # 18 empty points and swap
    assert first["action_mask"].sum() == 0  # not its turn
    assert space.contains(second)


def test_swap_gives_the_turn_back_to_the_first_agent():
    env = pettingzoo.env("sunder", size=3)
    env.reset()
    env.step(4)
    assert env.agent_selection == "player_1"
    env.step(19)  # swap: the first player now plays White, still to move
    assert env.agent_selection == "player_0"
    assert env.unwrapped.position.colour_of(0) == stonefield.Colour.WHITE


def test_one_agent_places_both_stones_of_an_anda_first_turn():
    env = pettingzoo.env("anda", size=3)
    env.reset()
    env.step(0)  # a1
    assert env.agent_selection == "player_0"
    assert env.observe("player_0")["action_mask"].sum() > 0
    env.step(18)  # e5
    assert env.agent_selection == "player_1"


def test_a_whole_game_rewards_the_winner():
    env = pettingzoo.env("sunder", size=3, pie=False)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert sorted(rewards.values()) == [-1.0, 1.0]


def test_illegal_actions_raise_and_long_games_are_truncated():
    env = pettingzoo.env("sunder", size=3, max_moves=2)
    env.reset()
    env.step(4)
    with pytest.raises(stonefield.IllegalMoveError):
        env.step(4)
    env.step(5)
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_render_modes():
    env = pettingzoo.env("sunder", size=3, render_mode="ansi")
    env.reset()
    assert "Black to move" in env.render()
    with pytest.raises(stonefield.OptionError, match="render_mode"):
        pettingzoo.env("sunder", render_mode="rgb_array")


def test_a_missing_pettingzoo_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    pettingzoo._env_class.cache_clear()
    try:
        with pytest.raises(ImportError, match=r"stonefield\[pettingzoo\]"):
            pettingzoo.env("sunder")
    finally:
        pettingzoo._env_class.cache_clear()
