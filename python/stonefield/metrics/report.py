"""The design report as one page: every measure with its interval and a
sentence on what it says, and the pictures of the komi curve, game lengths,
branching by move number, the evaluator's view of each game, the skill
trace and a tournament's crosstable.

The page is built once as a list of blocks (headings, paragraphs, tables
and figures) and written either as one self-contained HTML page, its
pictures inline SVG drawn by matplotlib and nothing fetched from a network,
or as Markdown with its pictures as PNG files beside it, which a code host
shows as a page.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from html import escape as _escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stonefield.metrics.budget import (
    EVALUATION_SECONDS,
    SKILL_SECONDS,
    search_seconds,
)
from stonefield.metrics.estimate import Estimate
from stonefield.metrics.labels import EVALUATION_MEASURES, MEASURES, elo, percent

if TYPE_CHECKING:
    from stonefield.analyze import BalanceReport, PlayReport
    from stonefield.metrics.skill_trace import SkillTrace
    from stonefield.metrics.tournament import Tournament


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str
    note: bool = False
    """Printed smaller: a remark on how the numbers were made."""


@dataclass(frozen=True)
class Cell:
    text: str
    detail: str = ""
    """A second, smaller line (the spread and the number of games)."""
    kind: str = "n"
    """``n`` for a number (right-aligned), ``what`` for an explanation."""


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, tuple[Cell, ...]], ...]
    """Each row's heading and its cells."""


@dataclass(frozen=True)
class Figure:
    name: str
    """The picture's file name (without suffix) in the Markdown form."""
    draw: Callable[[], Any]
    """Draws the matplotlib figure."""
    caption: str


Block = Heading | Paragraph | Table | Figure


def escape(text: str) -> str:
    """Text for an HTML element's content (quotes need no escaping there)."""
    return _escape(text, quote=False)


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


def _estimate(e: Estimate, fmt: Callable[[float], str]) -> Cell:
    if not math.isfinite(e.value):
        return Cell("\u2013")
    spread = "" if e.spread is None else f"sd {fmt(e.spread)}, "
    return Cell(f"{fmt(e.value)} [{fmt(e.low)}, {fmt(e.high)}]", f"{spread}{e.n:,} games")


def _who(r: PlayReport) -> str:
    return "random play" if r.iterations is None else f"MCTS self-play ({r.iterations} it.)"


def _measures_table(report: BalanceReport) -> Table:
    rows = []
    for name, label, fmt, meaning in MEASURES:
        cells = tuple(_estimate(getattr(r.measures, name), fmt) for r in report.reports)
        rows.append((label, (*cells, Cell(meaning, kind="what"))))
    if any(r.measures.evaluation is not None for r in report.reports):
        for name, label, fmt, meaning in EVALUATION_MEASURES:
            cells = tuple(
                Cell("\u2013")
                if r.measures.evaluation is None
                else _estimate(getattr(r.measures.evaluation, name), fmt)
                for r in report.reports
            )
            rows.append((label, (*cells, Cell(meaning, kind="what"))))
    header = ("measure", *(_who(r) for r in report.reports), "what it says")
    return Table(header, tuple(rows))


def _verdict_first_player(r: PlayReport) -> str:
    e = r.measures.first_player_advantage
    if not math.isfinite(e.value):
        return "No game was decided."
    if e.low > 0.5:
        return f"Under {_who(r)} Black, who moves first, is favoured: {percent(e.value)}."
    if e.high < 0.5:
        return f"Under {_who(r)} White, who moves second, is favoured: {percent(1 - e.value)}."
    return f"Under {_who(r)} neither colour wins significantly more ({percent(e.value)} for Black)."


def _skill_verdict(trace: SkillTrace) -> str:
    overall = trace.overall
    verdict = (
        f"The stronger player scores {percent(overall.value)} over all levels "
        f"[{percent(overall.low)}, {percent(overall.high)}]: "
        + (
            "the game rewards more thinking."
            if overall.low > 0.5
            else "these games do not show that more thinking wins more."
        )
    )
    if trace.slope is not None:
        s = trace.slope
        verdict += (
            f" The score changes by {s.value:+.3f} per doubling [{s.low:+.3f}, {s.high:+.3f}]"
            + (
                ": the score rises as budgets grow."
                if s.low > 0
                else "; a falling score means play nears the game's depth (or its draws)."
                if s.high < 0
                else ", which these games cannot tell from no trend."
            )
        )
    return verdict


def _skill_blocks(report: BalanceReport, trace: SkillTrace) -> list[Block]:
    from stonefield.plots import skill_trace_figure

    rows = tuple(
        (
            str(lv.level),
            (
                Cell(f"{lv.strong} vs {lv.weak}"),
                Cell(f"{lv.strong_wins}\u2013{lv.weak_wins}\u2013{lv.draws}"),
                _estimate(lv.score, percent),
            ),
        )
        for lv in trace.levels
    )
    return [
        Heading("Skill trace"),
        Paragraph(
            "MCTS with twice the iterations of its opponent, at doubling budgets, "
            "each moving first in half the games."
        ),
        Figure(
            "skill-trace",
            lambda: skill_trace_figure(report, trace),
            "The stronger player's score (a draw counts half) at each level, with its "
            "95 % Wilson interval; the dashed line is the weighted trend.",
        ),
        Paragraph(_skill_verdict(trace)),
        Table(
            (
                "level",
                "iterations",
                "stronger: won\u2013lost\u2013drawn",
                "stronger's score [95 %]",
            ),
            rows,
        ),
    ]


def _tournament_blocks(t: Tournament) -> list[Block]:
    n = len(t.players)
    crosstable = tuple(
        (
            t.players[i],
            tuple(
                Cell(
                    ""
                    if i == j
                    else f"{t.first_wins[i, j]}\u2013{t.second_wins[i, j]}\u2013{t.draws[i, j]}"
                )
                for j in range(n)
            ),
        )
        for i in range(n)
    )
    scores = t.scores
    ranked = sorted(range(n), key=lambda i: -t.ratings[i].elo)
    ratings = tuple(
        (
            t.players[i],
            (
                Cell(elo(t.ratings[i].elo)),
                Cell(f"[{elo(t.ratings[i].low)}, {elo(t.ratings[i].high)}]"),
                Cell(f"{scores[i].sum():g} / {(n - 1) * t.games_per_pair}"),
            ),
        )
        for i in ranked
    )
    return [
        Heading("Tournament"),
        Paragraph(
            f"A round robin of {t.games_per_pair} games a pair, each player moving first "
            "in half of them. A cell gives the row player's games moving first (opening "
            "as Black) against the column player: won by the row player \u2013 won by the "
            "column player \u2013 no winner."
        ),
        Table(("first \\ second", *t.players), crosstable),
        Paragraph(
            "Elo ratings by maximum likelihood (a draw counts half; one virtual draw "
            "a pair, as in BayesElo), centred on the field's mean, with 95 % intervals."
        ),
        Table(("player", "Elo", "95 % interval", "points"), ratings),
    ]


def skill_trace_left_out(report: BalanceReport) -> str | None:
    """Why the report has no skill trace, when the fit left it out."""
    left_out = report.skill_trace_left_out
    if left_out is None:
        return None
    cost = (
        f"about {search_seconds(left_out.plies, report.ply_seconds):,.0f} s here"
        if report.ply_seconds is not None
        else f"about {left_out.plies:.2g} playout plies"
    )
    return (
        f"The skill trace was left out: its games are so long that even one level, "
        f"{2 * left_out.base} against {left_out.base} iterations, would take {cost}, "
        f"over its {SKILL_SECONDS:.0f} s. "
        f"--skill-levels 1 --skill-base {left_out.base} runs it."
    )


def _budget_note(report: BalanceReport) -> str:
    """What sized the searches' budgets, and how to repeat them."""
    if report.ply_seconds is None:
        return ""
    flags = []
    evaluated = [r.measures.evaluation for r in report.reports if r.measures.evaluation]
    if evaluated:
        flags.append(f"--evaluation-iterations {evaluated[0].iterations}")
    if report.skill_trace is not None and report.skill_trace.levels:
        flags.append(
            f"--skill-levels {len(report.skill_trace.levels)} "
            f"--skill-base {report.skill_trace.levels[0].weak}"
        )
    return (
        "The search budgets that were not given were fitted to this run's measured cost, "
        f"{report.ply_seconds * 1e6:.2g} \u00b5s a ply of random play on all cores, "
        f"so that the skill trace takes about {SKILL_SECONDS:.0f} s and the evaluations "
        f"about {EVALUATION_SECONDS:.0f} s; "
        + (f"{' '.join(flags)} repeats them on any machine." if flags else "no search ran.")
    )


def title(report: BalanceReport) -> str:
    """The report's title."""
    return f"Design report: {report.game!r}"


def blocks(report: BalanceReport) -> list[Block]:
    """Everything on the page after its title, in order."""
    from stonefield.plots import branching_figure, evaluation_figure, komi_figure, lengths_figure

    out: list[Block] = [
        Paragraph(
            "; ".join(f"{r.games:,} games of {_who(r)} ({r.seconds:.1f} s)" for r in report.reports)
            + f"; seed {report.seed}; games stop unfinished after {report.max_moves} actions. "
            "Every interval is 95 %: Wilson's for a share of games, and mean ± 1.96 "
            "standard errors for a mean over games."
        ),
        Heading("Measures"),
        Paragraph(" ".join(_verdict_first_player(r) for r in report.reports)),
        _measures_table(report),
    ]
    partly = [r for r in report.reports if r.detailed_games < r.games]
    if partly:
        out.append(
            Paragraph(
                "The branching rows, decision moves, coverage and complexity count every "
                "legal move of every ply, in the first "
                + " and ".join(f"{r.detailed_games:,} games of {_who(r)}" for r in partly)
                + "; the other rows are over every game.",
                note=True,
            )
        )
    budget = _budget_note(report)
    if budget:
        out.append(Paragraph(budget, note=True))
    evaluated = [r.measures.evaluation for r in report.reports if r.measures.evaluation]
    if evaluated:
        e = evaluated[0]
        out.append(
            Paragraph(
                f"The last four rows come from an MCTS search of {e.iterations} iterations "
                f"valuing the position every {e.every} plies in the first {e.games} games "
                "of each player; a game is decided once the winner's value stays above "
                f"{e.threshold:g}.",
                note=True,
            )
        )
    if any(r.komi for r in report.reports):
        fair = "; ".join(
            f"{_who(r)}: "
            + ("not within the range played" if r.fair_komi is None else f"{r.fair_komi:.2f}")
            + f" ({r.komi[0].games:,} games at each komi)"
            for r in report.reports
            if r.komi
        )
        out += [
            Heading("Komi"),
            Figure(
                "komi",
                lambda: komi_figure(report),
                "Black's win rate at each komi with its 95 % Wilson band. The fair komi "
                "is where a logistic fit of the rate crosses 50 %.",
            ),
            Paragraph(f"Fair komi: {fair}."),
        ]
    out += [
        Heading("Game length"),
        Figure(
            "lengths",
            lambda: lengths_figure(report),
            "The share of games of each length; dotted lines mark the means. A long "
            "tail of games at the cap would show games that do not end.",
        ),
        Heading("Branching by move number"),
        Figure(
            "branching",
            lambda: branching_figure(report),
            "Mean legal moves at each ply, over the games still going then: how the "
            "choice narrows (or widens) as the game goes on.",
        ),
    ]
    if evaluated:
        out += [
            Heading("The evaluator's view"),
            Figure(
                "evaluation",
                lambda: evaluation_figure(report),
                "Black's value of each evaluated position (+1: Black surely wins, -1: "
                "White), one line a game, coloured by who won. Lines crossing zero are "
                "lead changes; a winner's line below zero is drama.",
            ),
        ]
    if report.skill_trace is not None:
        out += _skill_blocks(report, report.skill_trace)
    left_out = skill_trace_left_out(report)
    if left_out is not None:
        out += [Heading("Skill trace"), Paragraph(left_out)]
    if report.tournament is not None:
        out += _tournament_blocks(report.tournament)
    endings = tuple(
        (f"{_who(r)}: {ending}", (Cell(f"{count:,}"),))
        for r in report.reports
        for ending, count in r.endings.items()
    )
    out += [
        Heading("How games end"),
        Table((), endings),
        Paragraph("Made by stonefield's analyze --report.", note=True),
    ]
    return out


def _html_table(table: Table) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in table.header)
    rows = []
    for heading, cells in table.rows:
        tds = "".join(
            f'<td class="{c.kind}">{escape(c.text)}'
            + (f"<br><small>{escape(c.detail)}</small>" if c.detail else "")
            + "</td>"
            if c.text or c.detail
            else "<td></td>"
            for c in cells
        )
        rows.append(f"<tr><th>{escape(heading)}</th>{tds}</tr>")
    return f"<table>{f'<tr>{head}</tr>' if head else ''}{''.join(rows)}</table>"


def html_report(report: BalanceReport) -> str:
    """The whole report as one HTML page.

    Raises:
        ModuleNotFoundError: when matplotlib is not installed.
    """
    from stonefield.plots import _pyplot, svg_text

    _pyplot()  # fail early, before any part is drawn, without matplotlib
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title(report))}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(title(report))}</h1>",
    ]
    for block in blocks(report):
        if isinstance(block, Heading):
            parts.append(f"<h2>{escape(block.text)}</h2>")
        elif isinstance(block, Paragraph):
            opening = '<p class="note">' if block.note else "<p>"
            parts.append(f"{opening}{escape(block.text)}</p>")
        elif isinstance(block, Table):
            parts.append(_html_table(block))
        else:
            svg = svg_text(block.draw())
            parts.append(f"<figure>{svg}<figcaption>{escape(block.caption)}</figcaption></figure>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _md(text: str) -> str:
    """Text for a Markdown table cell or paragraph: pipes and emphasis
    characters escaped."""
    for char in "\\|*_[]":
        text = text.replace(char, "\\" + char)
    return text


def markdown_report(report: BalanceReport, path: str | Path) -> list[Path]:
    """Writes the report as Markdown to ``path`` and its pictures as PNG
    files beside it (``<stem>-komi.png`` and so on).

    Returns:
        The files written, the page first.

    Raises:
        ModuleNotFoundError: when matplotlib is not installed.
        OSError: when a file cannot be written.
    """
    from stonefield.plots import _pyplot

    plt = _pyplot()
    page = Path(path)
    written = [page]
    lines = [f"# {_md(title(report))}", ""]
    for block in blocks(report):
        if isinstance(block, Heading):
            lines += [f"## {_md(block.text)}", ""]
        elif isinstance(block, Paragraph):
            lines += [f"<small>{_md(block.text)}</small>" if block.note else _md(block.text), ""]
        elif isinstance(block, Table):
            header = block.header or ("", *("" for _ in block.rows[0][1]))
            lines.append("| " + " | ".join(_md(h) for h in header) + " |")
            lines.append(
                "|---|" + "".join("---|" if c.kind == "what" else "--:|" for c in block.rows[0][1])
            )
            for heading, cells in block.rows:
                shown = [
                    _md(c.text) + (f" <small>({_md(c.detail)})</small>" if c.detail else "")
                    for c in cells
                ]
                lines.append(f"| **{_md(heading)}** | " + " | ".join(shown) + " |")
            lines.append("")
        else:
            picture = page.with_name(f"{page.stem}-{block.name}.png")
            figure = block.draw()
            figure.savefig(picture, dpi=90)
            plt.close(figure)
            written.append(picture)
            lines += [f"![{_md(block.caption)}]({picture.name})", "", f"*{_md(block.caption)}*", ""]
    page.write_text("\n".join(lines), encoding="utf-8")
    return written


def write_report(report: BalanceReport, path: str | Path) -> list[Path]:
    """Writes the report to ``path``: Markdown with PNG pictures beside it
    for a ``.md`` path, one self-contained HTML page otherwise.

    Returns:
        The files written, the page first.

    Raises:
        ModuleNotFoundError: when matplotlib is not installed.
        OSError: when a file cannot be written.
    """
    out = Path(path)
    if out.suffix.lower() == ".md":
        return markdown_report(report, out)
    out.write_text(html_report(report), encoding="utf-8")
    return [out]
