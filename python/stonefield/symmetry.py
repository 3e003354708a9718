"""The board's symmetries, for data augmentation: observation planes and
per-action vectors (policies, masks, visit counts) moved together.

A game's symmetries (:attr:`Game.symmetries`) are numbered in one order on
both boards, with ``R`` rotations (6 on the hexagon, 4 on the square):
``k < R`` is the rotation by ``k`` steps of 60° or 90° counterclockwise
(rows counted up the page; ``k = 0`` is the identity), and ``k >= R`` is the
reflection exchanging column and row (it keeps ``a1``), then the rotation by
``k - R`` steps. Row ``k`` of :attr:`Game.symmetries` gives each action's
image: points move, special actions stay.

The rules commute with every symmetry: a game whose every action is moved by
``k`` is the same game moved (tested for every game). Anadil's start, whose
corners alternate in colour, is kept only by symmetries 0, 2 (the half turn),
4 and 6 (the two diagonal reflections); its other positions augment through
set-up (:meth:`Game.setup`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

import numpy as np
import numpy.typing as npt

from stonefield._core import StonefieldError

if TYPE_CHECKING:
    from stonefield.game import Game

Array = TypeVar("Array", bound=npt.NDArray[np.generic])


@lru_cache(maxsize=64)
def _gathers(game: Game) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Per symmetry, the source of each grid cell and of each action:
    ``moved[..., i] = original[..., source[i]]``."""
    # Each row is a permutation, so sorting it lists the inverse.
    return np.argsort(game.symmetry_cells, axis=1), np.argsort(game.symmetries, axis=1)


def _check(game: Game, k: int) -> None:
    count = len(game.symmetries)
    if not 0 <= k < count:
        raise StonefieldError(f"{game!r} has symmetries 0 to {count - 1}, got {k!r}")


def move_observation(game: Game, k: int, observation: Array) -> Array:
    """``observation`` (planes on the grid, any leading batch axes) of the
    position moved by symmetry ``k``."""
    _check(game, k)
    cells, _ = _gathers(game)
    rows, columns = observation.shape[-2:]
    if (rows, columns) != game.observation_shape[1:]:
        raise StonefieldError(
            f"an observation of {game!r} ends in {game.observation_shape[1:]}, "
            f"got shape {observation.shape}"
        )
    flat = observation.reshape(*observation.shape[:-2], rows * columns)
    return flat[..., cells[k]].reshape(observation.shape)  # type: ignore[return-value]


def move_policy(game: Game, k: int, policy: Array) -> Array:
    """``policy`` (one value per action, any leading batch axes) moved by
    symmetry ``k``."""
    _check(game, k)
    _, actions = _gathers(game)
    if policy.shape[-1] != game.num_actions:
        raise StonefieldError(
            f"a policy of {game!r} has {game.num_actions} actions, got shape {policy.shape}"
        )
    return policy[..., actions[k]]  # type: ignore[return-value]
