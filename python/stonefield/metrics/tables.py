"""The design measures, the skill trace and a tournament as terminal
tables (rich)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from rich.table import Column, Table

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


def numbers_table(title: str, lead: str | Column, numbers: Iterable[str]) -> Table:
    """A table titled ``title`` whose first column (``lead``, bold when
    given by name) says what each row is, and whose other columns, headed
    ``numbers``, hold figures aligned right.

    >>> [c.justify for c in numbers_table("speed", "game", ("moves/s",)).columns]
    ['left', 'right']
    """
    if isinstance(lead, str):
        lead = Column(lead, style="bold")
    return Table(lead, *(Column(n, justify="right") for n in numbers), title=title)


def measures_table(report: BalanceReport) -> Table:
    """Every design measure of each player, with its 95 % interval."""
    table = numbers_table(
        f"{report.game!r}: design measures (95% intervals)",
        "measure",
        (
            "random play" if r.iterations is None else f"MCTS ({r.iterations} it.)"
            for r in report.reports
        ),
    )
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
    table = numbers_table(
        "skill trace: MCTS against MCTS with half its iterations",
        Column("iterations", justify="right"),
        ("won-lost-drawn", "stronger's score (95%)"),
    )
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
    table = numbers_table(
        f"{t.game!r}: {t.games_per_pair} games a pair (row moves first)",
        "first \\ second",
        t.players,
    )
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
    table = numbers_table(
        "Elo by maximum likelihood, centred on the field (95% intervals)",
        "player",
        ("Elo", "interval", "points"),
    )
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
