"""Every stonefield game as Gymnasium environments: a vector env over
:class:`stonefield.VecEnv`, and a single-agent env that plays one seat
against a given opponent.

>>> from stonefield.adapters import gymnasium as sf_gym
>>> envs = sf_gym.vector_env("sunder", 8, size=5, seed=0)
>>> obs, info = envs.reset()
>>> obs.shape, envs.single_action_space, envs.metadata["autoreset_mode"].value
((8, 7, 9, 9), Discrete(62), 'NextStep')
>>> obs, rewards, terminated, truncated, info = envs.step(envs.unwrapped.random_actions())
>>> rewards.shape, info["action_mask"].shape
((8,), (8, 62))
>>> env = sf_gym.single_agent_env("sunder", size=3, seat=0)
>>> obs, info = env.reset(seed=0)
>>> int(env.action_masks().sum())
19

Rewards are those of the player who moved: the vector env's ``rewards[i]``
is the return of the seat that played env ``i``'s action (+1 for a win on
the step that ends the game, -1 for a loss, else 0); the single-agent env's
reward is the learner's. A game cut at ``max_moves`` is truncated with zero
reward. The legal actions are ``info["action_mask"]`` (and, for the
single-agent env, :meth:`action_masks`, as sb3-contrib's MaskablePPO
expects). The single-agent env takes any action in its space, as
Gymnasium's checker demands: an illegal one loses the game at once.

Gymnasium is an optional dependency: ``pip install 'stonefield[gymnasium]'``.
"""

from __future__ import annotations

import functools
import importlib
import io
from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

import stonefield
from stonefield.adapters._optional import require
from stonefield.env import Autoreset, ObservationDtype, VecEnv
from stonefield.game import Game, Move, OptionValue, State
from stonefield.observation import COMMON_PLANES

Opponent = Callable[[State], Move | str | int]
"""A player for the other seat: a stonefield bot's ``choose`` or any
callable from a state to a move."""


def _require(module: str) -> ModuleType:
    return require(module, "gymnasium", "Gymnasium")


def _observation_space(rules: Game, dtype: ObservationDtype) -> Any:
    """The planes' space: common planes are 0/1, a game's own hold counts
    (a fraction of the points, or a number filling the board)."""
    spaces = _require("gymnasium").spaces
    shape = rules.observation_shape
    if dtype == "uint8":
        return spaces.Box(0, 255, shape, np.uint8)
    high = np.ones(shape, np.float32)
    high[len(COMMON_PLANES) :] = np.inf
    return spaces.Box(0.0, high, shape, np.float32)


def vector_env(
    game: str | Game,
    num_envs: int,
    *,
    seed: int = 0,
    threads: int | None = None,
    max_moves: int | None = None,
    autoreset: Autoreset = "next_step",
    observation_dtype: ObservationDtype = "float32",
    copy: bool = True,
    **options: OptionValue,
) -> Any:
    """A ``gymnasium.vector.VectorEnv`` of ``num_envs`` envs of ``game``,
    stepped by :class:`stonefield.VecEnv` (whose arguments these are; an
    illegal action raises). ``copy=False`` returns the batch's own read-only
    arrays, rewritten by the next step, instead of copies.
    ``envs.unwrapped`` is the VecEnv."""
    rules = stonefield.game(game, **options) if isinstance(game, str) else game
    vec = VecEnv(
        rules,
        num_envs,
        seed=seed,
        threads=threads,
        max_moves=max_moves,
        autoreset=autoreset,
        observation_dtype=observation_dtype,
    )
    return _vector_class()(vec, observation_dtype, copy)


@functools.cache
def _vector_class() -> Any:
    gym = _require("gymnasium")
    batch_space = gym.vector.utils.batch_space
    modes = {
        "next_step": gym.vector.AutoresetMode.NEXT_STEP,
        "same_step": gym.vector.AutoresetMode.SAME_STEP,
        "off": gym.vector.AutoresetMode.DISABLED,
    }

    class StonefieldVectorEnv(gym.vector.VectorEnv):  # type: ignore[misc,name-defined]
        """A stonefield VecEnv as a Gymnasium vector env."""

        def __init__(self, vec: VecEnv, dtype: ObservationDtype, copy: bool) -> None:
            self.vec = vec
            self.copy = copy
            self.num_envs = vec.num_envs
            self.metadata = {"autoreset_mode": modes[vec.autoreset], "render_modes": []}
            self.render_mode = None
            self.single_observation_space = _observation_space(vec.game, dtype)
            self.single_action_space = gym.spaces.Discrete(vec.game.num_actions)
            self.observation_space = batch_space(self.single_observation_space, self.num_envs)
            self.action_space = batch_space(self.single_action_space, self.num_envs)
            self._rows = np.arange(self.num_envs)
            self._seats = np.zeros(self.num_envs, np.int32)

        @property
        def unwrapped(self) -> VecEnv:
            return self.vec

        def _out(self, value: npt.NDArray[Any]) -> npt.NDArray[Any]:
            return value.copy() if self.copy else value

        def _info(self, info: dict[str, npt.NDArray[Any]]) -> dict[str, Any]:
            return {key: self._out(value) for key, value in info.items()}

        def reset(
            self, *, seed: int | None = None, options: dict[str, Any] | None = None
        ) -> tuple[npt.NDArray[Any], dict[str, Any]]:
            """Starts every env (``options["reset_mask"]``: only those)."""
            if seed is not None:
                self._np_random, self._np_random_seed = gym.utils.seeding.np_random(seed)
            mask = (options or {}).get("reset_mask")
            obs, info = self.vec.reset(seed=seed, mask=mask)
            self._seats[:] = info["current_player"]
            return self._out(obs), self._info(info)

        def step(self, actions: npt.ArrayLike) -> tuple[Any, ...]:
            obs, rewards, terminated, truncated, info = self.vec.step(actions)
            # The seat that moved in each env is the one to move before.
            mover_rewards = rewards[self._rows, self._seats]
            self._seats[:] = info["current_player"]
            return (
                self._out(obs),
                mover_rewards.astype(np.float32),
                self._out(terminated),
                self._out(truncated),
                self._info(info),
            )

        def close_extras(self, **kwargs: Any) -> None:
            """Nothing to release."""

    return StonefieldVectorEnv


def single_agent_env(
    game: str | Game,
    *,
    seat: int = 0,
    opponent: Opponent | None = None,
    max_moves: int | None = None,
    render_mode: str | None = None,
    **options: OptionValue,
) -> Any:
    """A ``gymnasium.Env`` where the learner plays seat ``seat`` (0 moves
    first) and ``opponent`` the other (default: a seeded
    :class:`stonefield.RandomBot`, reseeded by ``reset(seed=...)``).

    Args:
        game: a game's name or a :class:`stonefield.Game`.
        seat: the learner's seat.
        opponent: a bot's ``choose`` (``stonefield.bots.MCTS(...).choose``)
            or any callable from a state to a move.
        max_moves: actions after which a game is truncated (default as in
            :func:`stonefield.simulate`).
        render_mode: ``"ansi"`` (the text diagram) or ``"rgb_array"`` (the
            SVG picture rasterised; needs cairosvg and Pillow).
        **options: the game's options, when ``game`` is a name.
    """
    rules = stonefield.game(game, **options) if isinstance(game, str) else game
    if seat not in (0, 1):
        raise stonefield.OptionError(f"seat is 0 or 1, not {seat!r}")
    cls = _single_class()
    if render_mode is not None and render_mode not in cls.metadata["render_modes"]:
        raise stonefield.OptionError(
            f"render_mode must be one of {cls.metadata['render_modes']}, got {render_mode!r}"
        )
    limit = VecEnv(rules, 1, max_moves=max_moves).max_moves
    return cls(rules, seat, opponent, limit, render_mode)


@functools.cache
def _single_class() -> Any:
    gym = _require("gymnasium")

    class StonefieldEnv(gym.Env):  # type: ignore[misc,name-defined]
        """One seat of a stonefield game against an opponent."""

        metadata = {"render_modes": ["ansi", "rgb_array"]}  # noqa: RUF012

        def __init__(
            self,
            rules: Game,
            seat: int,
            opponent: Opponent | None,
            max_moves: int,
            render_mode: str | None,
        ) -> None:
            self.rules = rules
            self.seat = seat
            self.max_moves = max_moves
            self.render_mode = render_mode
            self._random = opponent is None
            self.opponent: Opponent = opponent or stonefield.RandomBot(0).choose
            self.observation_space = _observation_space(rules, "float32")
            self.action_space = gym.spaces.Discrete(rules.num_actions)
            self.state: State = rules.start()
            self._forfeit = False

        def _ours(self) -> bool:
            return self.state.seat_of(self.state.to_move) == self.seat

        def _reply(self) -> None:
            """Lets the opponent move until it is the learner's turn."""
            while not self.state.is_over and not self._ours() and not self._cut():
                self.state.play(self.opponent(self.state))

        def _cut(self) -> bool:
            return self.state.ply >= self.max_moves

        def _obs(self) -> npt.NDArray[np.float32]:
            return self.state.observation(self.state.colour_of(self.seat))

        def action_masks(self) -> npt.NDArray[np.bool_]:
            """The learner's legal actions (all false once the game is over)."""
            if self.state.is_over or self._forfeit or not self._ours():
                return np.zeros(self.rules.num_actions, np.bool_)
            return self.state.legal_action_mask()

        def reset(
            self, *, seed: int | None = None, options: dict[str, Any] | None = None
        ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
            super().reset(seed=seed)
            if seed is not None and self._random:
                self.opponent = stonefield.RandomBot(seed).choose
            self.state = self.rules.start()
            self._forfeit = False
            self._reply()
            return self._obs(), {"action_mask": self.action_masks()}

        def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
            action = int(action)
            if self.state.is_over or self._forfeit or self._cut():
                raise stonefield.StonefieldError("the game is over: reset the env first")
            if not self.state.is_legal(action):
                self._forfeit = True
                return self._obs(), -1.0, True, False, {"action_mask": self.action_masks()}
            self.state.play(action)
            self._reply()
            terminated = self.state.is_over
            reward = float(self.state.returns()[self.seat]) if terminated else 0.0
            truncated = not terminated and self._cut()
            return self._obs(), reward, terminated, truncated, {"action_mask": self.action_masks()}

        def render(self) -> str | npt.NDArray[np.uint8] | None:
            if self.render_mode == "ansi":
                return str(self.state)
            if self.render_mode == "rgb_array":
                cairosvg = importlib.import_module("cairosvg")
                image = importlib.import_module("PIL.Image")
                png = cairosvg.svg2png(bytestring=stonefield.svg(self.state).encode())
                with image.open(io.BytesIO(png)) as picture:
                    return np.asarray(picture.convert("RGB"))
            return None

    return StonefieldEnv
