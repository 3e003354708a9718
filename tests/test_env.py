"""VecEnv agrees with the same moves played on States: observations plane by
plane, masks, rewards, end flags and turn facts, in every autoreset mode, for
both observation types and any thread count; refusals change nothing."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import stonefield
from stonefield import Colour, IllegalMoveError, NotationError, OptionError, VecEnv

SMALL = {"sunder": 3, "anda": 3, "anadil": 5, "lingarda": 3, "esgrad": 3}


def _expected_row(state: stonefield.State, done: bool, dtype: str) -> dict[str, Any]:
    observation = state.observation()
    if dtype == "uint8":
        observation = np.round(observation * 255).astype(np.uint8)
    mask = np.zeros_like(state.legal_action_mask()) if done else state.legal_action_mask()
    return {
        "observation": observation,
        "action_mask": mask,
        "to_move": 0 if state.to_move == Colour.BLACK else 1,
        "current_player": state.seat_of(state.to_move),
        "ply": state.ply,
    }


def _check_rows(
    obs: np.ndarray, info: dict[str, np.ndarray], states: list[Any], done: list[bool], dtype: str
) -> None:
    for i, state in enumerate(states):
        expected = _expected_row(state, done[i], dtype)
        for plane, name in enumerate(state.game.observation_planes):
            np.testing.assert_array_equal(
                obs[i, plane], expected["observation"][plane], err_msg=f"env {i}: {name}"
            )
        np.testing.assert_array_equal(info["action_mask"][i], expected["action_mask"])
        for key in ("to_move", "current_player", "ply"):
            assert info[key][i] == expected[key], (i, key)


def _run(
    name: str, autoreset: str, threads: int, dtype: str, steps: int = 60
) -> list[tuple[np.ndarray, ...]]:
    """Steps random games, checking every row against States; returns every
    step's outputs."""
    game = stonefield.game(name, size=SMALL[name])
    max_moves = 20
    env = VecEnv(
        game,
        6,
        seed=5,
        threads=threads,
        max_moves=max_moves,
        autoreset=autoreset,  # type: ignore[arg-type]
        observation_dtype=dtype,  # type: ignore[arg-type]
    )
    obs, info = env.reset()
    assert obs.dtype == np.dtype(dtype) and obs.shape == (6, *game.observation_shape)
    states = [game.start() for _ in range(6)]
    done = [False] * 6
    _check_rows(obs, info, states, done, dtype)
    seen = []
    ended = 0
    for _ in range(steps):
        actions = env.random_actions()
        obs, rewards, terminated, truncated, info = env.step(actions)
        for i, state in enumerate(states):
            expect_rewards, expect_term, expect_trunc = (0.0, 0.0), False, False
            if done[i]:
                states[i], done[i] = game.start(), False
            else:
                state.play(int(actions[i]))
                expect_term = state.is_over
                expect_trunc = not expect_term and state.ply >= max_moves
                if expect_term:
                    expect_rewards = state.returns()
                done[i] = expect_term or expect_trunc
            assert tuple(rewards[i]) == expect_rewards, i
            assert (terminated[i], truncated[i]) == (expect_term, expect_trunc), i
            if autoreset == "same_step":
                assert info["_final_obs"][i] == done[i]
                if done[i]:
                    last = _expected_row(states[i], True, dtype)["observation"]
                    np.testing.assert_array_equal(info["final_obs"][i], last)
                    states[i], done[i] = game.start(), False
                    ended += 1
            elif done[i]:
                ended += 1
        _check_rows(obs, info, states, done, dtype)
        seen.append(tuple(a.copy() for a in (obs, rewards, terminated, truncated, info["ply"])))
    assert ended > 6, "games ended and restarted"
    return seen


@pytest.mark.parametrize("name", sorted(SMALL))
@pytest.mark.parametrize("autoreset", ["next_step", "same_step"])
def test_every_game_steps_as_states_do(name: str, autoreset: str) -> None:
    _run(name, autoreset, threads=2, dtype="float32")


@pytest.mark.parametrize("name", ["sunder", "anadil"])
def test_byte_observations_are_the_float_planes_times_255(name: str) -> None:
    _run(name, "next_step", threads=1, dtype="uint8", steps=45)


def test_a_run_is_the_same_for_any_thread_count() -> None:
    one = _run("lingarda", "next_step", threads=1, dtype="float32")
    two = _run("lingarda", "next_step", threads=2, dtype="float32")
    for a, b in zip(one, two, strict=True):
        for x, y in zip(a, b, strict=True):
            np.testing.assert_array_equal(x, y)


def test_the_default_size_steps_as_states_do() -> None:
    env = VecEnv("sunder", 3, seed=2)
    obs, info = env.reset()
    states = [env.game.start() for _ in range(3)]
    for _ in range(10):
        actions = env.random_actions()
        obs, *_, info = env.step(actions)
        for state, a in zip(states, actions, strict=True):
            state.play(int(a))
        _check_rows(obs, info, states, [False] * 3, "float32")


def test_an_illegal_action_names_the_env_and_changes_nothing() -> None:
    env = VecEnv("sunder", 3, size=3)
    obs, *_ = env.step([0, 1, 2])
    kept = obs.copy()
    before = [env.state(i).record() for i in range(3)]
    with pytest.raises(IllegalMoveError, match="env 1: b1: ") as raised:
        env.step([4, 1, 5])
    assert (raised.value.env, raised.value.move) == (1, "b1")  # type: ignore[attr-defined]
    assert raised.value.reason  # type: ignore[attr-defined]
    with pytest.raises(NotationError, match="env 2: action 99: 99 is not an action"):
        env.step([4, 5, 99])
    assert [env.state(i).record() for i in range(3)] == before
    np.testing.assert_array_equal(obs, kept)


def test_an_illegal_action_loses_at_once_when_asked() -> None:
    env = VecEnv("sunder", 2, size=3, illegal="lose")
    env.step([0, 0])
    _, rewards, terminated, _, info = env.step([0, 1])
    assert rewards.tolist() == [[1.0, -1.0], [0.0, 0.0]]
    assert terminated.tolist() == [True, False]
    assert not info["action_mask"][0].any()
    _, rewards, terminated, _, info = env.step([7, 2])
    assert info["ply"].tolist() == [0, 3], "the next step resets env 0"


def test_with_autoreset_off_an_ended_game_must_be_reset() -> None:
    env = VecEnv("sunder", 2, size=3, max_moves=2, autoreset="off")
    env.step([0, 0])
    _, _, _, truncated, _ = env.step([1, 1])
    assert truncated.tolist() == [True, True]
    with pytest.raises(IllegalMoveError, match="reset the env first"):
        env.step([2, 2])
    _, info = env.reset(mask=[False, True])
    assert info["ply"].tolist() == [2, 0]


def test_a_state_copy_has_its_history_and_a_state_put_in_is_stepped_on() -> None:
    env = VecEnv("anda", 2, size=3, seed=4)
    for _ in range(5):
        env.step(env.random_actions())
    state = env.state(1)
    assert state.ply == 5 and len(state.actions) == 5
    record = state.record()
    state.undo()
    assert state.ply == 4
    assert stonefield.load(record).actions == env.state(1).actions
    obs, info = env.set_state(0, state)
    np.testing.assert_array_equal(obs[0], state.observation())
    np.testing.assert_array_equal(info["action_mask"][0], state.legal_action_mask())
    assert info["ply"][0] == 4
    assert env.state(0).actions == state.actions
    with pytest.raises(OptionError, match="env 0 plays"):
        env.set_state(0, stonefield.game("anda", size=4).start())


def test_returned_arrays_are_read_only() -> None:
    obs, info = VecEnv("esgrad", 2, size=3).reset()
    with pytest.raises(ValueError, match="read-only"):
        obs[0, 0, 0, 0] = 1
    with pytest.raises(ValueError, match="read-only"):
        info["action_mask"][0, 0] = True


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"autoreset": "sometimes"}, "autoreset is"),
        ({"illegal": "ignore"}, "illegal is"),
        ({"observation_dtype": "float16"}, "observation_dtype is"),
        ({"threads": 0}, "threads must be at least 1"),
        ({"max_moves": 0}, "max_moves must be at least 1"),
        ({"size": 99}, "size"),
    ],
)
def test_bad_settings_raise_option_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        VecEnv("sunder", 2, **kwargs)


def test_bad_calls_raise_clear_errors() -> None:
    with pytest.raises(OptionError, match="num_envs must be at least 1"):
        VecEnv("sunder", 0)
    env = VecEnv("sunder", 2, size=3)
    with pytest.raises(OptionError, match="one action per env"):
        env.step([0, 1, 2])
    with pytest.raises(OptionError, match="actions are integers"):
        env.step([0.5, 1.0])
    with pytest.raises(NotationError, match="-1 is not an action"):
        env.step([-1, 0])
    with pytest.raises(OptionError, match="one flag per env"):
        env.reset(mask=[True])
    with pytest.raises(OptionError, match="there is no env 2"):
        env.state(2)
    with pytest.raises(OptionError, match="go with a game's name"):
        VecEnv(stonefield.game("sunder"), 2, size=3)
