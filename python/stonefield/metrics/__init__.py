"""Design measures of a game from simulated play, after Ludii's
``Evaluation/src/metrics``: one function per measure, each with its formula
in its docstring and its 95 % interval; the skill trace; round-robin
tournaments with Elo ratings; and the HTML report that shows them all.

>>> import numpy as np
>>> from stonefield.metrics import decision_moves
>>> decision_moves(np.array([4, 3]), np.array([4, 4])).value
0.875
"""

from stonefield.metrics.branching import (
    branching_change,
    branching_factor,
    branching_max,
    decision_moves,
    game_tree_complexity,
)
from stonefield.metrics.coverage import board_coverage
from stonefield.metrics.design import EvaluationMeasures, Measures, design_measures
from stonefield.metrics.duration import duration
from stonefield.metrics.estimate import Estimate, mean_of, share_of
from stonefield.metrics.evaluation import (
    Trajectory,
    decisiveness,
    drama,
    lead_changes,
    stability,
)
from stonefield.metrics.outcome import completion, first_player_advantage
from stonefield.metrics.ratings import Rating, elo_ratings
from stonefield.metrics.skill_trace import SkillLevel, SkillTrace, skill_trace
from stonefield.metrics.tournament import Tournament, tournament

__all__ = [
    "Estimate",
    "EvaluationMeasures",
    "Measures",
    "Rating",
    "SkillLevel",
    "SkillTrace",
    "Tournament",
    "Trajectory",
    "board_coverage",
    "branching_change",
    "branching_factor",
    "branching_max",
    "completion",
    "decision_moves",
    "decisiveness",
    "design_measures",
    "drama",
    "duration",
    "elo_ratings",
    "first_player_advantage",
    "game_tree_complexity",
    "lead_changes",
    "mean_of",
    "share_of",
    "skill_trace",
    "stability",
    "tournament",
]
