"""What a PUCT search asks about the positions it reaches: prior
probabilities over the actions and a value, from an evaluator.

An evaluator is either built in, running in Rust with no Python in the loop
(:class:`Uniform`, :class:`Rollouts`), or any Python callable
``evaluate(observations, masks) -> (priors, values)`` (see
:class:`Evaluator`), typically a network. A search gathers many leaves (with
self-play, those of many games) and asks about them in one call.

>>> import numpy as np
>>> import stonefield
>>> from stonefield.bots import PUCT
>>> def uniform(observations, masks):
...     return masks.astype(np.float32), np.zeros(len(masks), np.float32)
>>> state = stonefield.Sunder(size=3).start()
>>> bot = PUCT(uniform, simulations=16, batch_size=4)
>>> int(bot.analyse(state).visits.sum())
16
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from stonefield._core import EvaluatorError, Rollouts, Uniform
from stonefield.game import Game, State

__all__ = ["Evaluator", "EvaluatorError", "Leaves", "Rollouts", "Uniform"]


class Evaluator(Protocol):
    """A Python evaluator: called with a batch of ``B`` leaves, it answers a
    prior per action and a value per leaf.

    Args:
        observations: float32 ``(B, *game.observation_shape)``, each leaf
            seen by the player to move (as :meth:`State.observation`).
        masks: bool ``(B, game.num_actions)``, the legal actions of each leaf.

    Returns:
        ``(priors, values)``: ``priors`` of shape ``(B, num_actions)`` are
        probabilities (or any non-negative weights; the search divides them
        by their sum over the legal actions, so a softmax's output fits, raw
        logits do not), and only the legal actions' entries are read;
        ``values`` of shape ``(B,)`` are in [-1, 1] from the view of the
        player to move. Anything else raises :class:`EvaluatorError`.

    An evaluator with an attribute ``wants_leaves = True`` is called with a
    third argument, the :class:`Leaves` themselves.
    """

    def __call__(
        self, observations: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_], /
    ) -> tuple[npt.ArrayLike, npt.ArrayLike]: ...


@dataclass(frozen=True, eq=False)
class Leaves:
    """The leaves of one evaluator call, for evaluators that need more than
    their observations (``wants_leaves = True``).

    Attributes:
        game: the game they are positions of.
        histories: per leaf, the actions from the start of the game to it.
        keys: uint64 per leaf, a random number drawn from the search's seed:
            an evaluator that draws from it stays deterministic for the seed,
            whatever the batching (the built-in :class:`Rollouts` seeds leaf
            playout ``j`` with the generator of game ``j`` of a batch seeded
            ``key``).

    >>> import stonefield
    >>> leaves = Leaves(stonefield.Sunder(size=2), [(0, 3)], np.array([7], np.uint64))
    >>> leaves.states()[0].moves
    ['a1', 'b2']
    """

    game: Game
    histories: Sequence[tuple[int, ...]]
    keys: npt.NDArray[np.uint64]

    def states(self) -> list[State]:
        """Each leaf's position, rebuilt by playing its history."""
        states = []
        for history in self.histories:
            state = self.game.start()
            for action in history:
                state.play(action)
            states.append(state)
        return states
