"""Batched environments for learners: many games of one kind stepped at once
in Rust, over a bounded pool of threads with the GIL released, writing into
numpy arrays made once.

Every env's observation is exactly :meth:`State.observation` of its position
(float32 planes; with ``observation_dtype="uint8"`` each value times 255,
rounded, so 0/1 planes are 0/255 and counts keep their fraction to within
1/510), its mask is :meth:`State.legal_action_mask`, and a step is the same
engine call as :meth:`State.play`.

The arrays a call returns are the env's own, read-only, and rewritten by the
next call: copy what you keep (``obs.copy()``).

A step is short, so a Python loop of steps sees Ctrl-C between two of them.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from stonefield import _core
from stonefield.game import Game, State, game

Autoreset = Literal["next_step", "same_step", "off"]
Illegal = Literal["raise", "lose"]
ObservationDtype = Literal["float32", "uint8"]


def _read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    view = array.view()
    view.flags.writeable = False
    return view


class VecEnv:
    """``num_envs`` games of one kind, stepped together in Rust.

    Args:
        game: a :class:`Game` or a game's name (with ``**options``).
        num_envs: how many envs.
        seed: env ``i``'s ``k``-th game draws from a generator seeded
            ``(seed, i, k)`` (for :meth:`random_actions`), so a run is the
            same for any ``threads``.
        threads: threads stepping the envs (None: one per core).
        max_moves: actions after which an unfinished game is cut and
            ``truncated`` (None: as :func:`simulate`).
        autoreset: as Gymnasium's modes: ``"next_step"`` (the step after a
            game ends resets that env and ignores its action),
            ``"same_step"`` (the ending step resets it at once; the ended
            game's last observation is ``info["final_obs"]`` where
            ``info["_final_obs"]``), or ``"off"`` (stepping an ended env
            raises; :meth:`reset` it).
        illegal: ``"raise"`` (an illegal action raises
            :class:`IllegalMoveError` naming the env, and no env changes) or
            ``"lose"`` (the mover loses that game at once: -1, opponent +1).
        observation_dtype: ``"float32"`` or ``"uint8"``.
        **options: the game's options when ``game`` is a name.

    Raises:
        OptionError: for an unknown game, option or mode.

    >>> import numpy as np
    >>> import stonefield
    >>> env = stonefield.VecEnv("sunder", 4, size=5, seed=1)
    >>> obs, info = env.reset()
    >>> obs.shape, info["action_mask"].shape
    ((4, 7, 9, 9), (4, 62))
    >>> obs, rewards, terminated, truncated, info = env.step(env.random_actions())
    >>> rewards.shape, info["ply"].tolist(), info["to_move"].tolist()
    ((4, 2), [1, 1, 1, 1], [1, 1, 1, 1])
    >>> state = env.state(0)
    >>> bool(np.array_equal(state.observation(), obs[0]))
    True
    """

    def __init__(
        self,
        game_or_name: Game | str,
        num_envs: int,
        *,
        seed: int = 0,
        threads: int | None = None,
        max_moves: int | None = None,
        autoreset: Autoreset = "next_step",
        illegal: Illegal = "raise",
        observation_dtype: ObservationDtype = "float32",
        **options: Any,
    ) -> None:
        if isinstance(game_or_name, str):
            rules = game(game_or_name, **options)
        elif options:
            raise _core.OptionError(f"options {sorted(options)} go with a game's name, not a Game")
        else:
            rules = game_or_name
        self.game: Game = rules
        self.autoreset: Autoreset = autoreset
        self._core = _core.VecEnv(
            rules,
            num_envs,
            seed=seed,
            threads=threads,
            max_moves=max_moves,
            autoreset=autoreset,
            illegal=illegal,
            observation_dtype=observation_dtype,
        )
        buffers = {name: _read_only(a) for name, a in self._core.buffers().items()}
        self._observations = buffers["observations"]
        self._rewards = buffers["rewards"]
        self._terminated = buffers["terminated"]
        self._truncated = buffers["truncated"]
        self._info: dict[str, npt.NDArray[Any]] = {
            name: buffers[name] for name in ("action_mask", "to_move", "current_player", "ply")
        }
        if autoreset == "same_step":
            self._info["final_obs"] = buffers["final_observations"]
            self._info["_final_obs"] = buffers["has_final"]

    @property
    def num_envs(self) -> int:
        """The number of envs."""
        return self._core.num_envs

    @property
    def max_moves(self) -> int:
        """Actions after which an unfinished game is truncated."""
        return self._core.max_moves

    def reset(
        self, seed: int | None = None, mask: npt.ArrayLike | None = None
    ) -> tuple[npt.NDArray[Any], dict[str, npt.NDArray[Any]]]:
        """Starts a new game in every env.

        Args:
            seed: reseeds the batch (each reset env's games count from 0).
            mask: one bool per env: reset only where true.

        Returns:
            ``(observations, info)``.
        """
        flags = None if mask is None else np.ascontiguousarray(mask, dtype=np.bool_)
        self._core.reset(seed, flags)
        return self._observations, self._info

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[Any],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, npt.NDArray[Any]],
    ]:
        """Plays one action per env.

        Args:
            actions: integers, shape ``(num_envs,)``.

        Returns:
            ``(observations, rewards, terminated, truncated, info)``:
            ``rewards`` is ``(num_envs, 2)`` per seat (the game's returns on
            the step that ends it, else 0); ``info`` holds ``action_mask``,
            ``to_move`` (0 Black, 1 White), ``current_player`` (seat, after
            swaps) and ``ply``.

        Raises:
            IllegalMoveError: for an action the rules forbid (with
                ``illegal="raise"``) or an ended env (``autoreset="off"``);
                its ``env`` names the first such env. No env has changed.
            NotationError: for a number that is no action.
        """
        array = np.asarray(actions)
        if array.dtype.kind not in "iu":
            raise _core.OptionError(f"actions are integers, not {array.dtype}")
        self._core.step(np.ascontiguousarray(array, dtype=np.int64))
        return self._observations, self._rewards, self._terminated, self._truncated, self._info

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A random legal action per env under the playout policy, from each
        env's own seeded generator (0 for an env whose game has ended)."""
        return self._core.random_actions()

    def state(self, env: int) -> State:
        """A copy of env ``env``'s position as a :class:`State`, with its
        history (so ``record()``, ``svg()`` and ``undo()`` work)."""
        history, _ = self._core.history(env)
        state = self.game.start()
        for action in history:
            state.play(action)
        return state

    def set_state(
        self, env: int, state: State
    ) -> tuple[npt.NDArray[Any], dict[str, npt.NDArray[Any]]]:
        """Puts ``state``'s position (and history) into env ``env``; a
        finished position waits for the env's reset.

        Returns:
            ``(observations, info)``, env ``env``'s row rewritten.

        Raises:
            OptionError: for a state of another game or other options.
            PositionError: for a state set up by hand
                (:meth:`Game.setup`), which has no moves from the start.
        """
        if state.game != self.game:
            raise _core.OptionError(f"env {env} plays {self.game!r}, not {state.game!r}")
        if state.is_set_up:
            raise _core.PositionError(
                f"env {env} keeps its game's moves from the start, and a position set up "
                "by hand has none: play it on a State"
            )
        self._core.set_state(env, state)
        return self._observations, self._info
