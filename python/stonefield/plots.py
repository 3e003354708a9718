"""PNG pictures of a balance report, drawn with matplotlib (the optional
``plot`` extra: ``pip install 'stonefield[plot]'``)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from stonefield.analyze import BalanceReport
    from stonefield.metrics.skill_trace import SkillTrace

#: One colour per player, so every picture tells them apart alike.
_COLOURS = {"random": "tab:blue", "mcts": "tab:orange"}


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ModuleNotFoundError(
            "plots need matplotlib: pip install 'stonefield[plot]'", name="matplotlib"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _label(bot: str, iterations: int | None) -> str:
    return f"MCTS self-play ({iterations} iterations)" if iterations else "random play"


def write_plots(report: BalanceReport, directory: str | Path) -> list[Path]:
    """Writes ``komi.png`` (when a komi range was played), ``lengths.png``
    and ``branching.png`` into ``directory`` (made if missing).

    Returns:
        The paths written.

    Raises:
        ModuleNotFoundError: when matplotlib is not installed.
    """
    plt = _pyplot()
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    if any(r.komi for r in report.reports):
        written.append(_save(komi_figure(report), out / "komi.png", plt))
    written.append(_save(lengths_figure(report), out / "lengths.png", plt))
    written.append(_save(branching_figure(report), out / "branching.png", plt))
    return written


def komi_figure(report: BalanceReport) -> Any:
    """Black's win rate by komi with its 95 % interval, one line per player,
    and each player's fair komi marked and labelled.

    Returns:
        A matplotlib figure.
    """
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 5.5))
    low = min(p.komi for r in report.reports for p in r.komi)
    high = max(p.komi for r in report.reports for p in r.komi)
    labelled = 0
    for r in report.reports:
        if not r.komi:
            continue
        komi = [p.komi for p in r.komi]
        colour = _COLOURS.get(r.bot)
        ax.fill_between(
            komi,
            [p.black_win_interval[0] for p in r.komi],
            [p.black_win_interval[1] for p in r.komi],
            color=colour,
            alpha=0.2,
            label=f"95 % interval, {r.komi[0].games} games per komi",
        )
        ax.plot(
            komi,
            [p.black_win_rate for p in r.komi],
            "o-",
            color=colour,
            label=_label(r.bot, r.iterations),
        )
        if r.fair_komi is not None:
            ax.axvline(r.fair_komi, color=colour, linestyle=":", linewidth=1)
            # Each label on a row of its own, so that two players' labels
            # cannot overlap even at the same komi. Black's rate falls as
            # komi grows, so the corner right of the crossing and above
            # 50 %, or left of it and below, is clear of the line; the side
            # with more room is taken.
            right = r.fair_komi <= (low + high) / 2
            row = 6 + 16 * labelled
            ax.annotate(
                f"fair komi ≈ {r.fair_komi:.2f}",
                (r.fair_komi, 0.5),
                textcoords="offset points",
                xytext=(5, row) if right else (-5, -row),
                ha="left" if right else "right",
                va="bottom" if right else "top",
                color=colour,
                bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.8, "pad": 1},
            )
            labelled += 1
    ax.axhline(0.5, color="grey", linewidth=0.8)
    ax.set(xlabel="komi", ylabel="Black's win rate", title=f"{report.game!r}: win rate by komi")
    ax.set_ylim(0, 1)
    # Below the axes, where it can cover neither the lines nor the labels.
    ax.legend(fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2)
    fig.tight_layout()
    return fig


def lengths_figure(report: BalanceReport) -> Any:
    """The distribution of game lengths, one histogram per player, with its
    mean marked. A bar's height is the share of games of each length it
    covers, so players binned at different widths compare alike.

    Returns:
        A matplotlib figure.
    """
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for r in report.reports:
        counts, edges = r.length_histogram
        if counts:
            width = edges[1] - edges[0]
            shares = [c / r.games / width for c in counts]
            ax.stairs(shares, edges, fill=True, alpha=0.4, color=_COLOURS.get(r.bot))
            ax.stairs(shares, edges, color=_COLOURS.get(r.bot), label=_label(r.bot, r.iterations))
            ax.axvline(r.length_mean, color=_COLOURS.get(r.bot), linestyle=":", linewidth=1)
    ax.set(
        xlabel="game length (actions)",
        ylabel="share of games of each length",
        title=f"{report.game!r}: game length",
    )
    ax.legend(fontsize="small")
    fig.tight_layout()
    return fig


def branching_figure(report: BalanceReport) -> Any:
    """Mean legal moves by ply, over the games still going, one line per
    player.

    Returns:
        A matplotlib figure.
    """
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for r in report.reports:
        ax.plot(
            range(len(r.branching_by_ply)),
            r.branching_by_ply,
            color=_COLOURS.get(r.bot),
            label=_label(r.bot, r.iterations),
        )
    ax.set(
        xlabel="ply (actions played)",
        ylabel="legal moves, mean over games still going",
        title=f"{report.game!r}: branching by move number",
    )
    ax.set_ylim(bottom=0)
    ax.legend(fontsize="small")
    fig.tight_layout()
    return fig


def skill_trace_figure(report: BalanceReport, trace: SkillTrace) -> Any:
    """The stronger player's score at each level of the skill trace with
    its 95 % interval, the even score marked, and the weighted trend line.

    Returns:
        A matplotlib figure.
    """
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.5))
    k = [lv.level for lv in trace.levels]
    score = [lv.score.value for lv in trace.levels]
    below = [lv.score.value - lv.score.low for lv in trace.levels]
    above = [lv.score.high - lv.score.value for lv in trace.levels]
    ax.errorbar(
        k,
        score,
        yerr=[below, above],
        fmt="o-",
        color=_COLOURS["mcts"],
        capsize=4,
        label=f"stronger player's score, 95 % interval ({trace.levels[0].games} games a level)",
    )
    if trace.slope is not None and trace.trend_centre is not None:
        centre_k, centre = trace.trend_centre
        ends = [k[0], k[-1]]
        ax.plot(
            ends,
            [centre + trace.slope.value * (x - centre_k) for x in ends],
            color="grey",
            linestyle="--",
            linewidth=1,
            label=f"trend: {trace.slope.value:+.3f} per doubling",
        )
    ax.axhline(0.5, color="grey", linewidth=0.8)
    ax.set_xticks(k, [f"{lv.strong} vs {lv.weak}" for lv in trace.levels])
    ax.set(
        xlabel="MCTS iterations per move: stronger vs weaker",
        ylabel="stronger player's score",
        title=f"{report.game!r}: skill trace",
    )
    ax.set_ylim(0, 1)
    ax.legend(fontsize="small", loc="lower right")
    fig.tight_layout()
    return fig


def evaluation_figure(report: BalanceReport) -> Any:
    """Black's value by ply in each evaluated game, one panel per player,
    each line coloured by who won in the end.

    Returns:
        A matplotlib figure.
    """
    plt = _pyplot()
    shown = [r for r in report.reports if r.measures.evaluation is not None]
    fig, axes = plt.subplots(
        1, len(shown), figsize=(7 if len(shown) == 1 else 11, 4.5), squeeze=False, sharey=True
    )
    winner_colours = {0: "black", 1: "tab:red"}
    for ax, r in zip(axes[0], shown, strict=True):
        evaluation = r.measures.evaluation
        assert evaluation is not None
        for t in evaluation.trajectories:
            ax.plot(
                t.plies,
                t.values,
                color=winner_colours.get(t.winner, "grey"),
                alpha=0.45,
                linewidth=1,
            )
        ax.axhline(0, color="grey", linewidth=0.8)
        ax.set(
            xlabel="ply",
            title=f"{_label(r.bot, r.iterations)}: {evaluation.games} games",
        )
        ax.set_ylim(-1.05, 1.05)
    axes[0][0].set_ylabel("Black's value (MCTS, +1 Black wins)")
    handles = [
        plt.Line2D([], [], color="black", label="Black won"),
        plt.Line2D([], [], color="tab:red", label="White won"),
    ]
    axes[0][-1].legend(handles=handles, fontsize="small", loc="lower right")
    fig.suptitle(f"{report.game!r}: the evaluator's view of each game")
    fig.tight_layout()
    return fig


def svg_text(fig: Any) -> str:
    """The figure as an SVG element with its text kept as text, to embed
    in a page, and the figure closed."""
    plt = _pyplot()
    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "stonefield"}):
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _save(fig: Any, path: Path, plt: Any) -> Path:
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
