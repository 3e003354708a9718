"""Every design measure of one batch of games, in one record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from stonefield.metrics.batches import Played
from stonefield.metrics.branching import (
    branching_change,
    branching_factor,
    branching_max,
    decision_moves,
    game_tree_complexity,
)
from stonefield.metrics.coverage import board_coverage
from stonefield.metrics.duration import duration
from stonefield.metrics.estimate import Estimate
from stonefield.metrics.evaluation import (
    DECISIVE,
    Trajectory,
    decisiveness,
    drama,
    lead_changes,
    stability,
    trajectories,
)
from stonefield.metrics.outcome import completion, first_player_advantage


@dataclass(frozen=True)
class EvaluationMeasures:
    """What an MCTS evaluator saw over the first games of a batch.

    Attributes:
        games: games evaluated.
        every: plies between two evaluated positions.
        iterations: iterations of each evaluation's search.
        lead_changes, drama, stability, decisiveness: see
            :mod:`stonefield.metrics.evaluation`.
        threshold: the winner's value that counts as decided.
        trajectories: each evaluated game's plies and Black's values.
    """

    games: int
    every: int
    iterations: int
    lead_changes: Estimate
    drama: Estimate
    stability: Estimate
    decisiveness: Estimate
    threshold: float
    trajectories: tuple[Trajectory, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {
            "games": self.games,
            "every": self.every,
            "iterations": self.iterations,
            "lead_changes": self.lead_changes.to_dict(),
            "drama": self.drama.to_dict(),
            "stability": self.stability.to_dict(),
            "decisiveness": self.decisiveness.to_dict(),
            "threshold": self.threshold,
            "trajectories": [
                {
                    "plies": t.plies.tolist(),
                    "values": [round(v, 4) for v in t.values.tolist()],
                    "winner": t.winner,
                    "length": t.length,
                }
                for t in self.trajectories
            ],
        }


@dataclass(frozen=True)
class Measures:
    """The design measures of a batch of games (see the README's "For
    designers"); each an :class:`Estimate` with its 95 % interval."""

    first_player_advantage: Estimate
    completion: Estimate
    duration: Estimate
    branching_factor: Estimate
    branching_max: Estimate
    branching_change: Estimate
    decision_moves: Estimate
    board_coverage: Estimate
    game_tree_complexity: Estimate
    evaluation: EvaluationMeasures | None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values."""
        out: dict[str, Any] = {
            name: getattr(self, name).to_dict()
            for name in self.__dataclass_fields__
            if name != "evaluation"
        }
        out["evaluation"] = None if self.evaluation is None else self.evaluation.to_dict()
        return out


def design_measures(
    played: Played,
    points: int,
    evaluation: tuple[int, int, int] | None = None,
    threshold: float = DECISIVE,
    detailed: Played | None = None,
) -> Measures:
    """The measures of a batch played with branching counted (and, for
    ``evaluation = (games, every, iterations)``, its first games evaluated),
    on a board of ``points`` points; with ``detailed``, the batch's first
    games, those alone had branching counted and give the measures of
    choice (branching, decisions, coverage, complexity)."""
    counted = played if detailed is None else detailed
    evaluated = None
    if evaluation is not None:
        games = tuple(
            trajectories(
                played.evaluated_game,
                played.evaluated_ply,
                played.evaluation,
                played.winners,
                played.lengths,
            )
        )
        evaluated = EvaluationMeasures(
            games=len(games),
            every=evaluation[1],
            iterations=evaluation[2],
            lead_changes=lead_changes(games),
            drama=drama(games),
            stability=stability(games),
            decisiveness=decisiveness(games, threshold),
            threshold=threshold,
            trajectories=games,
        )
    return Measures(
        first_player_advantage=first_player_advantage(played.winners),
        completion=completion(played.finished),
        duration=duration(played.lengths),
        branching_factor=branching_factor(counted.legal_total, counted.lengths),
        branching_max=branching_max(counted.legal_max, counted.lengths),
        branching_change=branching_change(counted.legal_first, counted.legal_last, counted.lengths),
        decision_moves=decision_moves(counted.decisions, counted.lengths),
        board_coverage=board_coverage(counted.covered, points),
        game_tree_complexity=game_tree_complexity(counted.legal_total, counted.lengths),
        evaluation=evaluated,
    )
