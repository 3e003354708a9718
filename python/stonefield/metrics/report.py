"""The design report as one self-contained HTML page: every measure with
its interval and a sentence on what it says, and the pictures (inline SVG,
drawn by matplotlib) of the komi curve, game lengths, branching by move
number, the evaluator's view of each game, the skill trace and a
tournament's crosstable. Nothing on the page is fetched from a network.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from stonefield.metrics.estimate import Estimate
from stonefield.metrics.labels import EVALUATION_MEASURES, MEASURES, elo, percent

if TYPE_CHECKING:
    from stonefield.analyze import BalanceReport, PlayReport
    from stonefield.metrics.skill_trace import SkillTrace
    from stonefield.metrics.tournament import Tournament


_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 62rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2.2rem;
     border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.8rem 0; }
th, td { border: 1px solid #ccc; padding: 0.3rem 0.6rem; vertical-align: top; }
th { background: #f3f3f3; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.what { font-size: 0.9rem; color: #444; }
figure { margin: 1rem 0; } figure svg { max-width: 100%; height: auto; }
p.note { font-size: 0.9rem; color: #555; }
"""


def _estimate(e: Estimate, fmt: Callable[[float], str]) -> str:
    if not math.isfinite(e.value):
        return "&ndash;"
    text = f"{fmt(e.value)} [{fmt(e.low)}, {fmt(e.high)}]"
    if e.spread is not None:
        text += f"<br><small>sd {fmt(e.spread)}, {e.n:,} games</small>"
    else:
        text += f"<br><small>{e.n:,} games</small>"
    return text


def _who(r: PlayReport) -> str:
    return "random play" if r.iterations is None else f"MCTS self-play ({r.iterations} it.)"


def _measures_table(report: BalanceReport) -> str:
    head = "".join(f"<th>{escape(_who(r))}</th>" for r in report.reports)
    rows = []
    for name, label, fmt, meaning in MEASURES:
        cells = "".join(
            f'<td class="n">{_estimate(getattr(r.measures, name), fmt)}</td>'
            for r in report.reports
        )
        rows.append(f'<tr><th>{label}</th>{cells}<td class="what">{meaning}</td></tr>')
    if any(r.measures.evaluation is not None for r in report.reports):
        for name, label, fmt, meaning in EVALUATION_MEASURES:
            cells = "".join(
                '<td class="n">'
                + (
                    "&ndash;"
                    if r.measures.evaluation is None
                    else _estimate(getattr(r.measures.evaluation, name), fmt)
                )
                + "</td>"
                for r in report.reports
            )
            rows.append(f'<tr><th>{label}</th>{cells}<td class="what">{meaning}</td></tr>')
    return f"<table><tr><th>measure</th>{head}<th>what it says</th></tr>{''.join(rows)}</table>"


def _verdict_first_player(r: PlayReport) -> str:
    e = r.measures.first_player_advantage
    if not math.isfinite(e.value):
        return "No game was decided."
    if e.low > 0.5:
        return f"Under {_who(r)} Black, who moves first, is favoured: {percent(e.value)}."
    if e.high < 0.5:
        return f"Under {_who(r)} White, who moves second, is favoured: {percent(1 - e.value)}."
    return f"Under {_who(r)} neither colour wins significantly more ({percent(e.value)} for Black)."


def _figure(draw: Callable[[], object], caption: str) -> str:
    from stonefield.plots import svg_text

    return f"<figure>{svg_text(draw())}<figcaption>{caption}</figcaption></figure>"


def _skill_section(report: BalanceReport, trace: SkillTrace) -> str:
    from stonefield.plots import skill_trace_figure

    rows = "".join(
        f'<tr><td class="n">{lv.level}</td><td class="n">{lv.strong} vs {lv.weak}</td>'
        f'<td class="n">{lv.strong_wins}&ndash;{lv.weak_wins}&ndash;{lv.draws}</td>'
        f'<td class="n">{_estimate(lv.score, percent)}</td></tr>'
        for lv in trace.levels
    )
    overall = trace.overall
    if overall.low > 0.5:
        verdict = (
            f"The stronger player scores {percent(overall.value)} over all levels "
            f"[{percent(overall.low)}, {percent(overall.high)}]: the game rewards "
            "more thinking."
        )
    else:
        verdict = (
            f"The stronger player scores {percent(overall.value)} over all levels "
            f"[{percent(overall.low)}, {percent(overall.high)}]: these games do not "
            "show that more thinking wins more."
        )
    if trace.slope is not None:
        s = trace.slope
        verdict += (
            f" The score changes by {s.value:+.3f} per doubling "
            f"[{s.low:+.3f}, {s.high:+.3f}]"
            + (
                ", so the advantage of thinking more does not fade within these budgets."
                if s.low > -0.0
                else "; a falling score means play nears the game's depth, or games"
                " too few to tell."
                if s.high < 0
                else ", which these games cannot tell from no trend."
            )
        )
    figure = _figure(
        lambda: skill_trace_figure(report, trace),
        "The stronger player's score (a draw counts half) at each level, with its "
        "95 % Wilson interval; the dashed line is the weighted trend.",
    )
    return (
        "<h2>Skill trace</h2>"
        "<p>MCTS with twice the iterations of its opponent, at doubling budgets, "
        "each moving first in half the games.</p>"
        f"{figure}<p>{verdict}</p>"
        "<table><tr><th>level</th><th>iterations</th><th>stronger: won&ndash;lost&ndash;drawn</th>"
        f"<th>stronger's score [95 %]</th></tr>{rows}</table>"
    )


def _tournament_section(t: Tournament) -> str:
    names = [escape(p) for p in t.players]
    head = "".join(f"<th>{n}</th>" for n in names)
    rows = []
    for i, name in enumerate(names):
        cells = []
        for j in range(len(names)):
            if i == j:
                cells.append("<td></td>")
            else:
                cells.append(
                    f'<td class="n">{t.first_wins[i, j]}&ndash;{t.second_wins[i, j]}'
                    f"&ndash;{t.draws[i, j]}</td>"
                )
        rows.append(f"<tr><th>{name}</th>{''.join(cells)}</tr>")
    scores = t.scores
    ranked = sorted(range(len(names)), key=lambda i: -t.ratings[i].elo)
    ratings = "".join(
        f'<tr><th>{names[i]}</th><td class="n">{elo(t.ratings[i].elo)}</td>'
        f'<td class="n">[{elo(t.ratings[i].low)}, {elo(t.ratings[i].high)}]</td>'
        f'<td class="n">{scores[i].sum():g} / {(len(names) - 1) * t.games_per_pair}</td></tr>'
        for i in ranked
    )
    return (
        "<h2>Tournament</h2>"
        f"<p>A round robin of {t.games_per_pair} games a pair, each player moving first "
        "in half of them. A cell gives the row player's games moving first (opening "
        "as Black) against the column player: won by the row player &ndash; won by the "
        "column player &ndash; no winner.</p>"
        f"<table><tr><th>first \\ second</th>{head}</tr>{''.join(rows)}</table>"
        "<p>Elo ratings by maximum likelihood (a draw counts half; one virtual draw "
        "a pair, as in BayesElo), centred on the field's mean, with 95 % intervals.</p>"
        "<table><tr><th>player</th><th>Elo</th><th>95 % interval</th><th>points</th></tr>"
        f"{ratings}</table>"
    )


def html_report(report: BalanceReport) -> str:
    """The whole report as one HTML page.

    Raises:
        ModuleNotFoundError: when matplotlib is not installed.
    """
    from stonefield.plots import (
        _pyplot,
        branching_figure,
        evaluation_figure,
        komi_figure,
        lengths_figure,
    )

    _pyplot()  # fail early, before any part is written, without matplotlib
    title = f"Design report: {report.game!r}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        "<p>"
        + "; ".join(
            f"{r.games:,} games of {escape(_who(r))} ({r.seconds:.1f} s)" for r in report.reports
        )
        + f"; seed {report.seed}; games stop unfinished after {report.max_moves} actions. "
        "Every interval is 95 %: Wilson's for a share of games, and mean ± 1.96 "
        "standard errors for a mean over games.</p>",
        "<h2>Measures</h2>",
        "<p>" + " ".join(_verdict_first_player(r) for r in report.reports) + "</p>",
        _measures_table(report),
    ]
    evaluated = [r for r in report.reports if r.measures.evaluation is not None]
    if evaluated:
        e = evaluated[0].measures.evaluation
        assert e is not None
        parts.append(
            f'<p class="note">The last four rows come from an MCTS search of '
            f"{e.iterations} iterations valuing the position every {e.every} plies in the first "
            f"{e.games} games of each player; a game is decided once the winner's value "
            f"stays above {e.threshold:g}.</p>"
        )
    if any(r.komi for r in report.reports):
        fair = "; ".join(
            f"{escape(_who(r))}: "
            + ("not within the range played" if r.fair_komi is None else f"{r.fair_komi:.2f}")
            for r in report.reports
            if r.komi
        )
        parts += [
            "<h2>Komi</h2>",
            _figure(
                lambda: komi_figure(report),
                "Black's win rate at each komi with its 95 % Wilson band. The fair komi "
                "is where a logistic fit of the rate crosses 50 %.",
            ),
            f"<p>Fair komi: {fair}.</p>",
        ]
    parts += [
        "<h2>Game length</h2>",
        _figure(
            lambda: lengths_figure(report),
            "The share of games of each length; dotted lines mark the means. A long "
            "tail of games at the cap would show games that do not end.",
        ),
        "<h2>Branching by move number</h2>",
        _figure(
            lambda: branching_figure(report),
            "Mean legal moves at each ply, over the games still going then: how the "
            "choice narrows (or widens) as the game goes on.",
        ),
    ]
    if evaluated:
        parts += [
            "<h2>The evaluator's view</h2>",
            _figure(
                lambda: evaluation_figure(report),
                "Black's value of each evaluated position (+1: Black surely wins, -1: "
                "White), one line a game, coloured by who won. Lines crossing zero are "
                "lead changes; a winner's line below zero is drama.",
            ),
        ]
    if report.skill_trace is not None:
        parts.append(_skill_section(report, report.skill_trace))
    if report.tournament is not None:
        parts.append(_tournament_section(report.tournament))
    endings = "".join(
        f"<tr><th>{escape(_who(r))}: {escape(ending)}</th><td class='n'>{count:,}</td></tr>"
        for r in report.reports
        for ending, count in r.endings.items()
    )
    parts += [
        "<h2>How games end</h2>",
        f"<table>{endings}</table>",
        '<p class="note">Made by stonefield\'s <code>analyze --report</code>.</p>',
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def write_report(report: BalanceReport, path: str | Path) -> Path:
    """Writes :func:`html_report` to ``path``.

    Raises:
        ModuleNotFoundError: when matplotlib is not installed.
        OSError: when the file cannot be written.
    """
    out = Path(path)
    out.write_text(html_report(report), encoding="utf-8")
    return out
