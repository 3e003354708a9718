"""The design measures by name: how each is called and printed, and a
sentence on what it says about a game, for the terminal tables and the HTML
report alike."""

from __future__ import annotations

from collections.abc import Callable


def percent(x: float) -> str:
    """A share as a percentage with one decimal."""
    return f"{x:.1%}"


def number(x: float) -> str:
    """A number with two decimals (one past 100)."""
    return f"{x:.2f}" if abs(x) < 100 else f"{x:.1f}"


def elo(x: float) -> str:
    """An Elo rating or difference, signed and whole (so never "-0")."""
    return f"{round(x):+d}"


#: Each measure of a play report: its attribute, its name on the page, how
#: its numbers print, and what it says about a game.
MEASURES: tuple[tuple[str, str, Callable[[float], str], str], ...] = (
    (
        "first_player_advantage",
        "First-player advantage",
        percent,
        "Black's share of the decided games. 50 % is fair; an interval that "
        "leaves out 50 % means the first player (or the second) is favoured.",
    ),
    (
        "completion",
        "Completion",
        percent,
        "The share of games that end by the rules within the move cap; the rest "
        "are unfinished, a sign that play can go on without progress.",
    ),
    (
        "duration",
        "Duration (actions)",
        number,
        "How many actions a game lasts; the spread says how much games vary.",
    ),
    (
        "branching_factor",
        "Branching factor",
        number,
        "Legal moves per ply, averaged over each game: how wide a choice a turn offers.",
    ),
    (
        "branching_max",
        "Branching, widest ply",
        number,
        "The most legal moves at any ply of a game, averaged over games.",
    ),
    (
        "branching_change",
        "Branching change per ply",
        number,
        "How the number of legal moves grows (positive) or shrinks (negative) "
        "from the first ply to the last, per ply.",
    ),
    (
        "decision_moves",
        "Decision moves",
        percent,
        "The share of plies with more than one legal move; low values mean many forced moves.",
    ),
    (
        "board_coverage",
        "Board coverage",
        percent,
        "The share of the board's points ever occupied in a game: whether the "
        "whole board takes part.",
    ),
    (
        "game_tree_complexity",
        "Game-tree complexity (log10)",
        number,
        "log10 of the game tree's size, length \u00d7 log10(mean branching): chess is "
        "near 120, Go near 360.",
    ),
)

EVALUATION_MEASURES: tuple[tuple[str, str, Callable[[float], str], str], ...] = (
    (
        "lead_changes",
        "Lead changes",
        number,
        "How many times a game the evaluator's expected winner changes: more "
        "means a livelier struggle.",
    ),
    (
        "drama",
        "Drama",
        number,
        "How far behind the eventual winner was, on average over the game (0: the "
        "winner always led; the scale is the evaluator's, -1 to 1).",
    ),
    (
        "stability",
        "Stability (variance)",
        number,
        "The variance of the evaluation over a game: 0 is steady; high values "
        "mean the outlook swings.",
    ),
    (
        "decisiveness",
        "Decisiveness",
        percent,
        "The share of the game played before the winner's value stays above the "
        "threshold for good: low values mean games are decided early and then "
        "played out.",
    ),
)
