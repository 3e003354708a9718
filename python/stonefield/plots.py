"""PNG pictures of a balance report, drawn with matplotlib (the optional
``plot`` extra: ``pip install 'stonefield[plot]'``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from stonefield.analyze import BalanceReport

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
    title = repr(report.game)
    written = []

    if any(r.komi for r in report.reports):
        fig, ax = plt.subplots(figsize=(7, 4.5))
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
                ax.annotate(
                    f"fair komi ~ {r.fair_komi:.2f}",
                    (r.fair_komi, 0.5),
                    textcoords="offset points",
                    xytext=(5, 8),
                    color=colour,
                )
        ax.axhline(0.5, color="grey", linewidth=0.8)
        ax.set(xlabel="komi", ylabel="Black's win rate", title=f"{title}: win rate by komi")
        ax.set_ylim(0, 1)
        ax.legend(fontsize="small")
        written.append(_save(fig, out / "komi.png", plt))

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for r in report.reports:
        counts, edges = r.length_histogram
        if counts:
            shares = [c / r.games for c in counts]
            ax.stairs(shares, edges, fill=True, alpha=0.4, color=_COLOURS.get(r.bot))
            ax.stairs(shares, edges, color=_COLOURS.get(r.bot), label=_label(r.bot, r.iterations))
            ax.axvline(r.length_mean, color=_COLOURS.get(r.bot), linestyle=":", linewidth=1)
    ax.set(xlabel="game length (actions)", ylabel="share of games", title=f"{title}: game length")
    ax.legend(fontsize="small")
    written.append(_save(fig, out / "lengths.png", plt))

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
        title=f"{title}: branching by move number",
    )
    ax.set_ylim(bottom=0)
    ax.legend(fontsize="small")
    written.append(_save(fig, out / "branching.png", plt))
    return written


def _save(fig: Any, path: Path, plt: Any) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
