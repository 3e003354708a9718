"""The Gymnasium adapters pass Gymnasium's own checks and agree with the
VecEnv and States they drive."""

from __future__ import annotations

import numpy as np
import pytest
import stonefield
from stonefield.adapters import gymnasium as sf_gym

gym = pytest.importorskip("gymnasium")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")


# The count planes (stones in prison, komi...) have no upper bound, which the
# checker warns of; it is the space's truth, not a fault.
@pytest.mark.filterwarnings("ignore:.*maximum value is infinity:UserWarning")
@pytest.mark.parametrize("name", ["sunder", "anda", "anadil", "lingarda", "esgrad"])
def test_the_single_agent_env_passes_gymnasiums_checker(name: str) -> None:
    size = 5 if name == "anadil" else 3
    for seat in (0, 1):
        env = sf_gym.single_agent_env(name, size=size, seat=seat)
        env_checker.check_env(env, skip_render_check=True)


def test_the_single_agent_env_plays_the_learners_seat_against_the_opponent() -> None:
    opponent = stonefield.RandomBot(3)
    env = sf_gym.single_agent_env("sunder", size=3, seat=1, opponent=opponent.choose)
    obs, info = env.reset(seed=1)
    assert env.state.ply == 1, "the opponent opened"
    reference = stonefield.game("sunder", size=3).start()
    reference.play(env.state.actions[0])
    total, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        mask = env.action_masks()
        np.testing.assert_array_equal(mask, info["action_mask"])
        np.testing.assert_array_equal(mask, reference.legal_action_mask())
        np.testing.assert_array_equal(obs, reference.observation(reference.colour_of(1)))
        action = int(np.flatnonzero(mask)[0])
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        for played in env.state.actions[reference.ply :]:
            reference.play(played)
    assert reference.is_over and total == reference.returns()[1]
    with pytest.raises(stonefield.StonefieldError, match="reset"):
        env.step(0)


def test_an_illegal_action_loses_the_single_agent_game() -> None:
    env = sf_gym.single_agent_env("sunder", size=3, seat=0)
    env.reset(seed=0)
    env.step(0)
    occupied = next(a for a in env.state.actions if a != 0) if env.state.ply > 1 else 0
    _, reward, terminated, truncated, info = env.step(occupied)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert not info["action_mask"].any()


def test_the_single_agent_env_renders_text_and_pictures() -> None:
    text = sf_gym.single_agent_env("anda", size=3, render_mode="ansi")
    text.reset(seed=0)
    assert text.render() == str(text.state)
    pytest.importorskip("cairosvg")
    picture = sf_gym.single_agent_env("anda", size=3, render_mode="rgb_array")
    picture.reset(seed=0)
    frame = picture.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 2, "a picture, not a blank"
    with pytest.raises(stonefield.OptionError, match="render_mode"):
        sf_gym.single_agent_env("anda", render_mode="human")


@pytest.mark.parametrize("autoreset", ["next_step", "same_step"])
def test_the_vector_env_runs_random_actions_through_the_vector_api(autoreset: str) -> None:
    envs = sf_gym.vector_env("lingarda", 5, size=3, seed=2, max_moves=15, autoreset=autoreset)
    assert isinstance(envs, gym.vector.VectorEnv)
    assert envs.metadata["autoreset_mode"] == gym.vector.AutoresetMode(
        {"next_step": "NextStep", "same_step": "SameStep"}[autoreset]
    )
    vec = stonefield.VecEnv(
        "lingarda",
        5,
        size=3,
        seed=2,
        max_moves=15,
        autoreset=autoreset,  # type: ignore[arg-type]
    )
    obs, info = envs.reset(seed=2)
    _, v_info = vec.reset(seed=2)
    seats = v_info["current_player"].copy()
    assert envs.observation_space.contains(obs)
    ended = 0
    for _ in range(40):
        actions = vec.random_actions()
        obs, rewards, terminated, truncated, info = envs.step(actions)
        v_obs, v_rewards, v_term, v_trunc, v_info = vec.step(actions)
        assert envs.observation_space.contains(obs)
        np.testing.assert_array_equal(obs, v_obs)
        np.testing.assert_array_equal(rewards, v_rewards[np.arange(5), seats])
        np.testing.assert_array_equal(terminated, v_term)
        np.testing.assert_array_equal(truncated, v_trunc)
        np.testing.assert_array_equal(info["action_mask"], v_info["action_mask"])
        seats = v_info["current_player"].copy()
        ended += int(terminated.sum() + truncated.sum())
    assert ended > 5
    envs.close()
