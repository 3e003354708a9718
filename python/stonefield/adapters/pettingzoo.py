"""Every stonefield game as a PettingZoo AEC environment.

>>> from stonefield.adapters import pettingzoo
>>> env = pettingzoo.env("sunder", size=3)
>>> env.reset(seed=0)
>>> env.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((7, 5, 5), 19)
>>> env.step(9)                    # the action index of b3
>>> env.agent_selection, env.action_space("player_1")
('player_1', Discrete(20))

Agents are the seats ``player_0`` (Black until a swap) and ``player_1``. The
agent to act is the seat of the colour to move, so after a ``swap`` (pie rule)
or during Anda's two-stone first turn the same agent acts twice. Each agent's
observation is a dict: ``observation``, the float32 planes of
:meth:`stonefield.State.observation` from that agent's colour, and
``action_mask``, an int8 mask of the legal actions (all zeros for the agent
not to act). Rewards are the game's returns at its end (+1 win, -1 loss, 0 for
no winner). A game that reaches ``max_moves`` actions (default 10 times the number
of points, the cap of random play in ``stonefield rules``) is truncated. An
illegal action raises :class:`stonefield.IllegalMoveError` and changes nothing.

PettingZoo is an optional dependency: ``pip install 'stonefield[pettingzoo]'``.
"""

from __future__ import annotations

import functools
import importlib
from types import ModuleType
from typing import Any, ClassVar

import numpy as np

import stonefield
from stonefield.adapters._optional import require
from stonefield.game import Game, OptionValue, State
from stonefield.observation import COMMON_PLANES

AGENTS = ("player_0", "player_1")
"""The agents, by seat: ``player_0`` moves first."""


def env(
    game: str | Game,
    *,
    max_moves: int | None = None,
    render_mode: str | None = None,
    **options: OptionValue,
) -> Any:
    """A PettingZoo AEC environment playing ``game``.

    Args:
        game: a game's name (``"sunder"``) or a :class:`stonefield.Game`.
        max_moves: actions after which a game is truncated (default 10 times the
            number of points).
        render_mode: ``"ansi"`` (``render()`` returns the text diagram),
            ``"human"`` (prints it) or None.
        **options: the game's options, when ``game`` is a name.

    Returns:
        The environment, wrapped in PettingZoo's order-enforcing wrapper as
        PettingZoo's own environments are.

    Raises:
        ImportError: when PettingZoo is not installed.
        OptionError: for an unknown game or option, or a bad value.

    >>> from stonefield.adapters import pettingzoo
    >>> pettingzoo.env("sunder", size=4).unwrapped.metadata["name"]
    'stonefield_sunder_v0'
    """
    rules = stonefield.game(game, **options) if isinstance(game, str) else game
    if options and not isinstance(game, str):
        raise stonefield.OptionError("give options with a game's name, not with a Game")
    limit = rules.default_max_moves if max_moves is None else max_moves
    if limit < 1:
        raise stonefield.OptionError(f"max_moves must be at least 1, got {limit}")
    modes = _env_class().metadata["render_modes"]
    if render_mode is not None and render_mode not in modes:
        raise stonefield.OptionError(f"render_mode must be one of {modes}, got {render_mode!r}")
    wrappers = importlib.import_module("pettingzoo.utils.wrappers")
    return wrappers.OrderEnforcingWrapper(_env_class()(rules, limit, render_mode))


def _require(module: str) -> ModuleType:
    return require(module, "pettingzoo", "PettingZoo and Gymnasium")


@functools.cache
def _env_class() -> Any:
    """The environment class, made on first use because it subclasses
    PettingZoo's ``AECEnv``."""
    aec_env = _require("pettingzoo").AECEnv
    spaces = _require("gymnasium").spaces

    class StonefieldEnv(aec_env):  # type: ignore[misc,valid-type]
        """A stonefield game as a two-agent AEC environment."""

        metadata: ClassVar[dict[str, Any]] = {
            "render_modes": ["ansi", "human"],
            "name": "stonefield_v0",
            "is_parallelizable": False,
        }

        def __init__(self, rules: Game, max_moves: int, render_mode: str | None) -> None:
            super().__init__()
            self.metadata = {**self.metadata, "name": f"stonefield_{rules.name}_v0"}  # type: ignore[misc]
            self.rules = rules
            self.max_moves = max_moves
            self.render_mode = render_mode
            self.possible_agents = list(AGENTS)
            shape = rules.observation_shape
            # Common planes are 0/1; a game's own planes hold counts too.
            high = np.ones(shape, np.float32)
            high[len(COMMON_PLANES) :] = np.inf
            self.observation_spaces = {
                agent: spaces.Dict(
                    {
                        "observation": spaces.Box(0.0, high, shape, np.float32),
                        "action_mask": spaces.Box(0, 1, (rules.num_actions,), np.int8),
                    }
                )
                for agent in AGENTS
            }
            self.action_spaces = {agent: spaces.Discrete(rules.num_actions) for agent in AGENTS}
            self.position: State = rules.start()
            self.reset()

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            """Starts a new game (the game has no randomness: ``seed`` and
            ``options`` change nothing)."""
            self.position = self.rules.start()
            self.agents = list(AGENTS)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
            self.agent_selection = self._agent_to_act()

        def _agent_to_act(self) -> str:
            return AGENTS[self.position.seat_of(self.position.to_move)]

        def observation_space(self, agent: str) -> Any:
            return self.observation_spaces[agent]

        def action_space(self, agent: str) -> Any:
            return self.action_spaces[agent]

        def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
            position = self.position
            colour = position.colour_of(AGENTS.index(agent))
            if agent == self.agent_selection and not position.is_over:
                mask = position.legal_action_mask().astype(np.int8)
            else:
                mask = np.zeros(self.rules.num_actions, np.int8)
            return {"observation": position.observation(colour), "action_mask": mask}

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self.position.play(int(action))
            self._cumulative_rewards[agent] = 0.0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            if self.position.is_over:
                returns = self.position.returns()
                self.rewards = {a: float(returns[AGENTS.index(a)]) for a in self.agents}
                self.terminations = dict.fromkeys(self.agents, True)
            elif self.position.ply >= self.max_moves:
                self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self._agent_to_act()
            self._accumulate_rewards()
            if self.render_mode == "human":
                self.render()

        def render(self) -> str | None:
            """The text diagram: returned in ``"ansi"`` mode, printed in
            ``"human"`` mode."""
            if self.render_mode == "ansi":
                return str(self.position)
            if self.render_mode == "human":
                print(self.position)
            return None

        def close(self) -> None:
            """Nothing to release."""

    return StonefieldEnv
