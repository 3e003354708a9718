"""The design measures, the skill trace and a tournament as terminal
tables (rich)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.table import Table

from stonefield.metrics.estimate import Estimate
from stonefield.metrics.labels import EVALUATION_MEASURES, MEASURES, elo, percent

if TYPE_CHECKING:
    from stonefield.analyze import BalanceReport
    from stonefield.metrics.skill_trace import SkillTrace
    from stonefield.metrics.tournament import Tournament


def _cell(e: Estimate | None, fmt: Callable[[float], str]) -> str:
    if e is None or not math.isfinite(e.value):
        return "-"
    return f"{fmt(e.value)}  [{fmt(e.low)}, {fmt(e.high)}]"


def measures_table(report: BalanceReport) -> Table:
    """Every design measure of each player, with its 95 % interval."""
    table = Table(title=f"{report.game!r}: design measures (95% intervals)")
    table.add_column("measure", style="bold")
    for r in report.reports:
        who = "random play" if r.iterations is None else f"MCTS ({r.iterations} it.)"
        table.add_column(who, justify="right")
    for name, label, fmt, _ in MEASURES:
        table.add_row(label, *(_cell(getattr(r.measures, name), fmt) for r in report.reports))
    if any(r.measures.evaluation is not None for r in report.reports):
        for name, label, fmt, _ in EVALUATION_MEASURES:
            table.add_row(
                label,
                *(
                    _cell(
                        None
                        if r.measures.evaluation is None
                        else getattr(r.measures.evaluation, name),
                        fmt,
                    )
                    for r in report.reports
                ),
            )
    return table


def skill_trace_table(trace: SkillTrace) -> Table:
    """The stronger player's record and score at each level, and the trend."""
    table = Table(title="skill trace: MCTS against MCTS with half its iterations")
    table.add_column("iterations", justify="right")
    table.add_column("won-lost-drawn", justify="right")
    table.add_column("stronger's score (95%)", justify="right")
    for lv in trace.levels:
        table.add_row(
            f"{lv.strong} vs {lv.weak}",
            f"{lv.strong_wins}-{lv.weak_wins}-{lv.draws}",
            _cell(lv.score, percent),
        )
    caption = f"over all levels: {_cell(trace.overall, percent)}"
    if trace.slope is not None:
        caption += f"; trend per doubling: {_cell(trace.slope, lambda x: f'{x:+.3f}')}"
    table.caption = caption
    return table


def crosstable(t: Tournament) -> Table:
    """Each pair's games: the row player moving first against the column
    player, as won-lost-drawn for the row player."""
    table = Table(title=f"{t.game!r}: {t.games_per_pair} games a pair (row moves first)")
    table.add_column("first \\ second", style="bold")
    for name in t.players:
        table.add_column(name, justify="right")
    for i, name in enumerate(t.players):
        table.add_row(
            name,
            *(
                "" if i == j else f"{t.first_wins[i, j]}-{t.second_wins[i, j]}-{t.draws[i, j]}"
                for j in range(len(t.players))
            ),
        )
    return table


def ratings_table(t: Tournament) -> Table:
    """The players by Elo rating, with 95 % intervals and points."""
    table = Table(title="Elo by maximum likelihood, centred on the field (95% intervals)")
    table.add_column("player", style="bold")
    table.add_column("Elo", justify="right")
    table.add_column("interval", justify="right")
    table.add_column("points", justify="right")
    scores = t.scores
    for i in sorted(range(len(t.players)), key=lambda i: -t.ratings[i].elo):
        r = t.ratings[i]
        table.add_row(
            r.player,
            elo(r.elo),
            f"[{elo(r.low)}, {elo(r.high)}]",
            f"{scores[i].sum():g} / {(len(t.players) - 1) * t.games_per_pair}",
        )
    return table
