"""Self-play training data: many games at once in Rust, every move chosen by
a PUCT search, the leaves of all the games' searches answered by one
evaluator call per round.

>>> import stonefield
>>> from stonefield.evaluators import Rollouts
>>> data = stonefield.selfplay(stonefield.Sunder(size=3), Rollouts(1), games=4, simulations=16)
>>> data.observations.shape[1:], data.policies.shape[1:]
((7, 5, 5), (20,))
>>> bool((data.game_index[-1] == 3) and abs(data.policies.sum(axis=1) - 1).max() < 1e-6)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from stonefield import _core
from stonefield._core import OptionError
from stonefield.bots import _seed
from stonefield.game import Game, OptionValue
from stonefield.game import game as make_game

if TYPE_CHECKING:
    from stonefield.evaluators import Evaluator, Rollouts, Uniform


@dataclass(frozen=True, eq=False)
class SelfPlayData:
    """The rows of a self-play run, one per ply of every game (and, with
    symmetries, one per ply and symmetry), and its games.

    Attributes:
        observations: float32 ``(rows, *game.observation_shape)``, each
            position seen by the player to move.
        masks: bool ``(rows, num_actions)``, the legal actions.
        policies: float32 ``(rows, num_actions)``, the search's visit
            distribution at the root: it sums to 1 over the legal actions and
            is 0 elsewhere (one-hot for a forced move, played unsearched).
        to_move: int8 per row, the colour to move (0 Black, 1 White).
        game_index: int64 per row, the game it comes from.
        ply: int32 per row, the actions played before it in its game.
        outcomes: float32 per row: +1 when the player to move went on to win,
            -1 when it lost, 0 for a game with no winner or stopped unfinished.
        symmetry: int64 per row, the board symmetry it was moved by (0 for
            the positions as played; see :meth:`Game.transform`).
        records: each game's record (:func:`stonefield.read` replays it).
        winners: int8 per game, the winning colour (0 Black, 1 White, -1 none).
        finished: bool per game, whether it reached its end.
        lengths: int64 per game, the actions played.
    """

    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.bool_]
    policies: npt.NDArray[np.float32]
    to_move: npt.NDArray[np.int8]
    game_index: npt.NDArray[np.int64]
    ply: npt.NDArray[np.int32]
    outcomes: npt.NDArray[np.float32]
    symmetry: npt.NDArray[np.int64]
    records: list[str]
    winners: npt.NDArray[np.int8]
    finished: npt.NDArray[np.bool_]
    lengths: npt.NDArray[np.int64]

    #: The per-row arrays, in the order :meth:`save` writes them.
    ROWS = (
        "observations",
        "masks",
        "policies",
        "to_move",
        "game_index",
        "ply",
        "outcomes",
        "symmetry",
    )

    def save(self, path: str) -> None:
        """Writes every array, and the records, to a numpy ``.npz`` file."""
        arrays = {name: getattr(self, name) for name in self.ROWS}
        np.savez_compressed(
            path,
            **arrays,
            records=np.array(self.records),
            winners=self.winners,
            finished=self.finished,
            lengths=self.lengths,
        )


def selfplay(
    game: Game | str,
    evaluator: Uniform | Rollouts | Evaluator,
    games: int,
    *,
    concurrent: int = 256,
    simulations: int = 64,
    c_puct: float = 1.25,
    virtual_loss: float = 1.0,
    batch_size: int = 8,
    temperature_moves: int = 0,
    dirichlet_alpha: float | None = None,
    dirichlet_fraction: float = 0.25,
    max_moves: int | None = None,
    seed: int = 0,
    symmetries: bool = False,
    threads: int | None = None,
    progress: Callable[[int, int], object] | None = None,
    **options: OptionValue,
) -> SelfPlayData:
    """Plays ``games`` games by PUCT self-play, ``concurrent`` at a time, and
    returns their training rows.

    The games run in Rust with the GIL released. Each round gathers up to
    ``batch_size`` leaves from every game under way and hands them all to
    ``evaluator`` in one call, so a network sees batches of about
    ``concurrent * batch_size``. Game ``i`` draws its randomness from
    ``(seed, i)`` only: for a deterministic evaluator it does not depend on
    ``concurrent`` or ``threads``. Ctrl-C stops a run between rounds; an
    exception raised by the evaluator comes out as itself.

    Args:
        game: a :class:`Game`, or a game's name (then ``options`` apply).
        evaluator: as for :class:`stonefield.bots.PUCT`.
        games: games in all.
        concurrent: games played at once.
        simulations, c_puct, virtual_loss, batch_size, dirichlet_alpha,
            dirichlet_fraction: each move's search, as for
            :class:`~stonefield.bots.PUCT`.
        temperature_moves: the first this many plies of a game are drawn in
            proportion to the root's visits (exploration); later ones take
            the most visited move.
        max_moves: a game stops unfinished after this many actions (default
            :attr:`Game.default_max_moves`).
        seed: 0 to 2**64 - 1.
        symmetries: also give every row moved by each other symmetry of the
            board (:attr:`Game.symmetries`), for data augmentation.
        threads: threads for the Rust work (None: every core).
        progress: called as ``progress(done, total)`` as games finish.
        **options: the game's options, when ``game`` is a name.

    Returns:
        The rows in game order, ply by ply (then, with symmetries, the same
        rows moved by symmetry 1, 2, ...), and the games.

    Raises:
        OptionError: for a bad game, option or count.
        EvaluatorError: when the evaluator's answer is unusable.
    """
    if isinstance(game, str):
        game = make_game(game, **options)
    elif options:
        raise OptionError("options go with a game's name, not with a Game")
    config = _core.PuctConfig(
        simulations=simulations,
        c_puct=c_puct,
        virtual_loss=virtual_loss,
        batch_size=batch_size,
        dirichlet_alpha=dirichlet_alpha,
        dirichlet_fraction=dirichlet_fraction,
        temperature=1.0,
    )
    found = _core.selfplay(
        game,
        evaluator,
        config,
        games=games,
        concurrent=concurrent,
        temperature_moves=temperature_moves,
        max_moves=max_moves,
        seed=_seed(seed),
        threads=threads,
        progress=progress,
    )
    rows = {name: found[name] for name in SelfPlayData.ROWS if name != "symmetry"}
    rows["symmetry"] = np.zeros(len(rows["ply"]), np.int64)
    if symmetries:
        rows = _with_symmetries(game, rows)
    return SelfPlayData(
        **rows,
        records=list(found["records"]),
        winners=found["winners"],
        finished=found["finished"],
        lengths=found["lengths"],
    )


def _with_symmetries(
    game: Game, rows: dict[str, npt.NDArray[np.generic]]
) -> dict[str, npt.NDArray[np.generic]]:
    """The rows followed by their images under every other symmetry."""
    blocks = [rows]
    for k in range(1, len(game.symmetries)):
        observations, policies = game.transform(k, rows["observations"], rows["policies"])
        _, masks = game.transform(k, None, rows["masks"])
        assert observations is not None and policies is not None and masks is not None
        moved = dict(rows, observations=observations, policies=policies, masks=masks)
        moved["symmetry"] = np.full(len(rows["ply"]), k, np.int64)
        blocks.append(moved)
    return {name: np.concatenate([block[name] for block in blocks]) for name in rows}
