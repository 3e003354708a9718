"""Every stonefield game as an OpenSpiel game.

:func:`register` adds each game to OpenSpiel under ``stonefield_<name>``, with
the game's options as OpenSpiel game parameters, so OpenSpiel's algorithms and
tools (MCTS, ``evaluate_bots``, the random-simulation test) run on it:

>>> import pyspiel
>>> from stonefield.adapters import openspiel
>>> names = openspiel.register()
>>> "stonefield_sunder" in names
True
>>> game = pyspiel.load_game("stonefield_sunder(size=3,pie=False)")
>>> state = game.new_initial_state()
>>> state.apply_action(state.string_to_action("b2"))
>>> state.current_player(), game.observation_tensor_shape()
(1, [7, 5, 5])

Parameters keep OpenSpiel's types: a half-point option such as Sunder's komi
is a float parameter (``komi=1.0``, not ``komi=1``).

Players are seats: player 0 plays Black until a ``swap`` (pie rule)
exchanges the seats' colours, after which player 0 plays White and moves
again at once, as it does during Anda's two-stone first turn. Actions are the
engine's action indices and ``returns()`` are the engine's (+1 win, -1 loss,
0 for no winner). The observation tensor is :meth:`stonefield.State.observation`
seen from the player asked about. Games that may not end (Anda, Anadil) are
cut after ``max_moves`` actions (parameter ``max_moves``; 0 means 10 times the
number of points, the cap of random play in ``stonefield rules``): the state is
then terminal with returns of 0.

OpenSpiel is an optional dependency: ``pip install 'stonefield[openspiel]'``.
"""

from __future__ import annotations

import functools
import importlib
import math
from types import ModuleType
from typing import Any

import numpy as np

import stonefield
from stonefield import _core
from stonefield.adapters._optional import require
from stonefield.game import OPTION_TYPES, Game, OptionValue, State

PREFIX = "stonefield_"
"""The start of every registered game's OpenSpiel name."""


def _pyspiel() -> ModuleType:
    return require("pyspiel", "openspiel", "OpenSpiel")


def register() -> list[str]:
    """Registers every stonefield game with OpenSpiel (once; later calls
    only list them).

    Returns:
        The OpenSpiel names of the games (``stonefield_sunder``, ...), to give
        ``pyspiel.load_game`` with parameters, as in
        ``pyspiel.load_game("stonefield_sunder(size=7,komi=0.5)")``.

    Raises:
        ImportError: when OpenSpiel is not installed.

    >>> from stonefield.adapters import openspiel
    >>> "stonefield_sunder" in openspiel.register()
    True
    """
    pyspiel = _pyspiel()
    known = set(pyspiel.registered_names())
    names = []
    for name in stonefield.GAMES:
        short_name = PREFIX + name
        if short_name not in known:
            game_type = _game_type(pyspiel, name)
            # OpenSpiel keeps the creator until the process ends, past the
            # interpreter's finalisation: a class (kept alive by its own
            # method resolution order) is never freed then; a closure would
            # be, without the GIL, and abort the process.
            game_class = type(
                f"Stonefield{name.capitalize()}Game",
                (_game_classes()[0],),
                {"game_name": name, "game_type": game_type},
            )
            pyspiel.register_game(game_type, game_class)
        names.append(short_name)
    return names


def _parameters(name: str) -> dict[str, OptionValue]:
    """The game's options with their defaults, from its option table, typed
    for OpenSpiel (komi is a float where halves are allowed), and
    ``max_moves``."""
    parameters: dict[str, OptionValue] = {
        spec.name: OPTION_TYPES[spec.kind](spec.default) for spec in _core.option_table(name)
    }
    parameters["max_moves"] = 0
    return parameters


def _game_type(pyspiel: ModuleType, name: str) -> Any:
    kind = pyspiel.GameType
    return kind(
        short_name=PREFIX + name,
        long_name=f"stonefield {name.capitalize()}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.DETERMINISTIC,
        information=kind.Information.PERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(name),
    )


@functools.cache
def _game_classes() -> tuple[type, type, type]:
    """The OpenSpiel game, state and observer classes, made on first use
    because they subclass OpenSpiel's own."""
    pyspiel = _pyspiel()
    public_info_observer = importlib.import_module(
        "open_spiel.python.observation"
    ).IIGObserverForPublicInfoGame

    class StonefieldGame(pyspiel.Game):  # type: ignore[misc,name-defined]
        """A stonefield game with its options, as an OpenSpiel game."""

        game_name: str
        game_type: Any

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            name = self.game_name
            given = {**_parameters(name), **(params or {})}
            max_moves = int(given.pop("max_moves"))
            self.rules: Game = stonefield.game(name, **given)
            if max_moves < 0:
                raise stonefield.OptionError(f"max_moves must be at least 0, got {max_moves}")
            self.max_moves = max_moves or self.rules.default_max_moves
            info = pyspiel.GameInfo(
                num_distinct_actions=self.rules.num_actions,
                max_chance_outcomes=0,
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=self.max_moves,
            )
            super().__init__(self.game_type, info, {**given, "max_moves": max_moves})

        def new_initial_state(self) -> Any:
            """The start position."""
            return StonefieldState(self)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> Any:
            """The board observer, or OpenSpiel's history-based one for
            perfect-recall information states."""
            if iig_obs_type is None or (
                iig_obs_type.public_info and not iig_obs_type.perfect_recall
            ):
                return StonefieldObserver(self.rules, params)
            return public_info_observer(iig_obs_type, params)

    class StonefieldState(pyspiel.State):  # type: ignore[misc,name-defined]
        """An OpenSpiel state holding a stonefield state."""

        def __init__(self, game: StonefieldGame) -> None:
            super().__init__(game)
            self.position: State = game.rules.start()
            self.max_moves = game.max_moves

        def current_player(self) -> int:
            """The seat to move, or OpenSpiel's terminal player id."""
            if self.is_terminal():
                return int(pyspiel.PlayerId.TERMINAL)
            return self.position.seat_of(self.position.to_move)

        def _legal_actions(self, player: int) -> list[int]:
            return [int(a) for a in self.position.legal_actions()]

        def _apply_action(self, action: int) -> None:
            self.position.play(int(action))

        def _action_to_string(self, player: int, action: int) -> str:
            return self.position.action_text(int(action))

        def is_terminal(self) -> bool:
            """Whether the game is over or was cut at ``max_moves``."""
            return self.position.is_over or self.position.ply >= self.max_moves

        def returns(self) -> list[float]:
            """+1 for the winner's seat, -1 for the loser's, else 0."""
            return list(self.position.returns())

        def __str__(self) -> str:
            return _describe(self.position)

    class StonefieldObserver:
        """OpenSpiel's observer protocol: the observation planes of a state
        from a player's seat, as a flat tensor and a shaped view of it."""

        def __init__(self, rules: Game, params: dict[str, Any] | None) -> None:
            if params:
                raise ValueError(f"stonefield observers take no parameters, got {params}")
            shape = rules.observation_shape
            self.tensor = np.zeros(math.prod(shape), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}

        def set_from(self, state: StonefieldState, player: int) -> None:
            position = state.position
            self.dict["observation"][...] = position.observation(position.colour_of(player))

        def string_from(self, state: StonefieldState, player: int) -> str:
            return _describe(state.position)

    return StonefieldGame, StonefieldState, StonefieldObserver


def _describe(position: State) -> str:
    """The diagram, and which colour the first player plays (it changes with
    a swap, which the board does not show)."""
    return f"{position}\nfirst player: {position.colour_of(0).value}"
