"""The ``stonefield`` command: simulate random games, analyse a game's
balance, show a record, play, print the rules, serve the web app."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import NoReturn

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from stonefield import registry
from stonefield._core import GAME_NAMES, OptionError, OptionSpec, StonefieldError, option_table
from stonefield.analyze import BOTS as ANALYSIS_BOTS
from stonefield.analyze import (
    DEFAULT_EVALUATED_GAMES,
    DEFAULT_EVALUATION_ITERATIONS,
    BalanceReport,
    PlayReport,
    analyze,
)
from stonefield.bots import Bot
from stonefield.colour import Colour
from stonefield.game import OptionValue, game
from stonefield.metrics.skill_trace import DEFAULT_BASE, DEFAULT_GAMES, DEFAULT_LEVELS
from stonefield.metrics.tables import crosstable, measures_table, ratings_table, skill_trace_table
from stonefield.metrics.tournament import DEFAULT_GAMES_PER_PAIR, tournament
from stonefield.notation import load
from stonefield.play import BOTS, Session, load_record_argument
from stonefield.playthrough import write_playthrough
from stonefield.rules import rules_text
from stonefield.simulate import SimulationResult, simulate
from stonefield.svg import svg
from stonefield.web.server import serve

GAME_CHOICE = ", ".join(GAME_NAMES[:-1]) + f" or {GAME_NAMES[-1]}"
"""The games a command takes, for its help: ``sunder, anda, ... or esgrad``."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line and exits 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"stonefield: error: {message}\n")


def _option_flags() -> dict[str, list[tuple[str, OptionSpec]]]:
    """Every game's options by name, each with the games that have it, from
    the games' option tables."""
    flags: dict[str, list[tuple[str, OptionSpec]]] = {}
    for name in sorted(registry.GAMES):
        for spec in option_table(name):
            flags.setdefault(spec.name, []).append((name, spec))
    return flags


def _flag(name: str, specs: list[tuple[str, OptionSpec]]) -> str:
    """The command-line flag of an option: ``--size``, or ``--no-pie`` for a
    flag that is on by default."""
    spec = specs[0][1]
    on = spec.kind == "flag" and spec.default is True
    return f"--no-{name}" if on else f"--{name}"


def _add_option_flags(parser: argparse.ArgumentParser) -> None:
    """One flag per option of any game, its help from the option tables."""
    for name, specs in _option_flags().items():
        docs = {spec.doc for _, spec in specs}
        doc = docs.pop() if len(docs) == 1 else f"the game's {name}"
        defaults = ", ".join(f"{game} {spec.default!r}" for game, spec in specs)
        first = specs[0][1]
        if first.kind == "flag":
            parser.add_argument(
                _flag(name, specs),
                dest=name,
                action="store_const",
                const=not first.default,
                help=f"turn off: {doc} (on in {', '.join(game for game, _ in specs)})",
            )
        else:
            parser.add_argument(
                _flag(name, specs), dest=name, type=_number, help=f"{doc} (default: {defaults})"
            )


def _options(args: argparse.Namespace) -> dict[str, OptionValue]:
    """The game options given on the command line."""
    options: dict[str, OptionValue] = {}
    for name in _option_flags():
        value = getattr(args, name, None)
        if value is not None:
            options[name] = value
    return options


def _number(text: str) -> float | int:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None


def _summary_table(result: SimulationResult) -> Table:
    s = result.summary
    table = Table(title=f"{result.game!r}\n{s.games:,} random games, seed {result.seed}")
    table.add_column("", style="bold")
    table.add_column("value", justify="right")

    def rate(value: float, interval: tuple[float, float]) -> str:
        return f"{value:.1%}  [{interval[0]:.1%}, {interval[1]:.1%}]"

    table.add_row("Black wins (95% interval)", rate(s.black_win_rate, s.black_win_interval))
    table.add_row("White wins (95% interval)", rate(s.white_win_rate, s.white_win_interval))
    if s.unfinished:
        table.add_row(f"unfinished after {result.max_moves} moves", f"{s.unfinished_share:.1%}")
    if s.no_winner:
        table.add_row("ended with no winner", f"{s.no_winner:,}")
    q = s.length_quantiles
    table.add_row("game length, mean", f"{s.mean_length:.1f}")
    if q:
        table.add_row(
            "game length, 5/25/50/75/95 %",
            " / ".join(f"{q[k]:.0f}" for k in ("p5", "p25", "p50", "p75", "p95")),
        )
    table.add_row("games per second", f"{s.games_per_second:,.0f}")
    table.add_row("moves per second", f"{s.moves_per_second:,.0f}")
    table.add_row("wall time", f"{s.seconds:.2f} s")
    return table


@contextmanager
def _progress(
    console: Console, description: str, shown: bool
) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar while the block runs, as a ``progress(done, total)``
    callback for :func:`simulate` and :func:`analyze`; None when not shown."""
    if not shown:
        yield None
        return
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(description, total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


@contextmanager
def _stage_progress(
    console: Console, shown: bool
) -> Iterator[Callable[[str, int, int], None] | None]:
    """A progress bar per stage while the block runs, as a
    ``stage_progress(stage, done, total)`` callback; None when not shown."""
    if not shown:
        yield None
        return
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        tasks: dict[str, TaskID] = {}

        def update(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total)
            bar.update(tasks[stage], completed=done, total=total)

        yield update


def _simulate(args: argparse.Namespace, console: Console) -> int:
    played = game(args.game, **_options(args))
    with _progress(
        console, f"{played.name} random games", shown=not (args.json or args.quiet)
    ) as progress:
        result = simulate(
            played,
            args.games,
            seed=args.seed,
            threads=args.threads,
            max_moves=args.max_moves,
            progress=progress,
        )
    if args.json:
        s = result.summary
        print(
            json.dumps(
                {
                    "game": played.name,
                    "options": played.options,
                    "seed": args.seed,
                    "max_moves": result.max_moves,
                    **s.__dict__,
                },
                indent=2,
            )
        )
    else:
        console.print(_summary_table(result))
    return 0


def _komi_range(text: str) -> tuple[float, float]:
    low, sep, high = text.partition(":")
    try:
        if not sep:
            raise ValueError
        return (float(low), float(high))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a komi range is LOW:HIGH, got {text!r}") from None


def _percent(value: float, interval: tuple[float, float]) -> str:
    return f"{value:.1%}  [{interval[0]:.1%}, {interval[1]:.1%}]"


def _report_tables(report: BalanceReport) -> list[Table]:
    tables = []
    for r in report.reports:
        tables.append(_play_table(report, r))
        if r.komi:
            komi = Table(
                title=f"{r.bot}: Black's win rate by komi ({r.komi[0].games:,} games each)"
            )
            komi.add_column("komi", justify="right")
            komi.add_column("Black wins (95% interval)", justify="right")
            for p in r.komi:
                komi.add_row(f"{p.komi:g}", _percent(p.black_win_rate, p.black_win_interval))
            fair = "not in range" if r.fair_komi is None else f"{r.fair_komi:.2f}"
            komi.caption = f"fair komi (Black's rate crosses 50%): {fair}"
            tables.append(komi)
    return tables


def _play_table(report: BalanceReport, r: PlayReport) -> Table:
    who = "random games" if r.iterations is None else f"MCTS self-play games ({r.iterations} it.)"
    table = Table(title=f"{report.game!r}: {r.games:,} {who} (seed {report.seed})")
    table.add_column("", style="bold")
    table.add_column("value", justify="right")
    table.add_row("Black wins (95% interval)", _percent(r.black_win_rate, r.black_win_interval))
    table.add_row("unfinished (stopped at the cap)", f"{r.unfinished_share:.1%}")
    for ending, count in r.endings.items():
        table.add_row(f"  {ending}", f"{count:,}")
    q = r.length_quantiles
    table.add_row("game length, mean", f"{r.length_mean:.1f}")
    if q:
        table.add_row(
            "game length, 5/25/50/75/95 %",
            " / ".join(f"{q[k]:.0f}" for k in ("p5", "p25", "p50", "p75", "p95")),
        )
    table.add_row("legal moves per turn, mean", f"{r.branching_mean:.1f}")
    by_ply = r.branching_by_ply
    if by_ply:
        marks = sorted({0, len(by_ply) // 4, len(by_ply) // 2, 3 * len(by_ply) // 4})
        table.add_row(
            "legal moves at ply " + " / ".join(str(k) for k in marks),
            " / ".join(f"{by_ply[k]:.1f}" for k in marks),
        )
    table.add_row("wall time", f"{r.seconds:.2f} s")
    return table


def _analyze(args: argparse.Namespace, console: Console) -> int:
    played = game(args.game, **_options(args))
    kwargs = dict(
        games=args.games,
        seed=args.seed,
        bot=args.bot,
        komi_range=args.komi_range,
        iterations=args.iterations,
        mcts_games=args.mcts_games,
        threads=args.threads,
        max_moves=args.max_moves,
        evaluated_games=args.evaluated_games,
        evaluation_iterations=args.evaluation_iterations,
        skill_levels=args.skill_levels,
        skill_games=args.skill_games,
        skill_base=args.skill_base,
    )
    if args.plot or args.report:
        # Fail before the games, not after them, when plots cannot be drawn.
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            flag = "--plot" if args.plot else "--report"
            raise OptionError(f"{flag} needs matplotlib: pip install 'stonefield[plot]'") from None
    with _stage_progress(console, shown=not (args.json or args.quiet)) as stages:
        report = analyze(played, stage_progress=stages, **kwargs)
        if args.players:
            report = report.with_tournament(
                tournament(
                    played,
                    args.players,
                    games_per_pair=args.tournament_games,
                    seed=args.seed,
                    threads=args.threads,
                    max_moves=args.max_moves,
                    progress=None if stages is None else partial(stages, "tournament"),
                )
            )
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, allow_nan=False))
    else:
        for table in _report_tables(report):
            console.print(table)
        console.print(measures_table(report))
        if report.skill_trace is not None:
            console.print(skill_trace_table(report.skill_trace))
        if report.tournament is not None:
            console.print(crosstable(report.tournament))
            console.print(ratings_table(report.tournament))
    if args.plot:
        from stonefield.plots import write_plots

        for path in write_plots(report, args.plot):
            if not args.json:
                console.print(f"wrote {path}")
    if args.report:
        from stonefield.metrics.report import write_report

        for path in write_report(report, args.report):
            if not args.json:
                console.print(f"wrote {path}")
    return 0


def _tournament(args: argparse.Namespace, console: Console) -> int:
    played = game(args.game, **_options(args))
    with _progress(
        console, f"{played.name} tournament games", shown=not (args.json or args.quiet)
    ) as progress:
        result = tournament(
            played,
            args.players,
            games_per_pair=args.games,
            seed=args.seed,
            threads=args.threads,
            max_moves=args.max_moves,
            progress=progress,
        )
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, allow_nan=False))
    else:
        console.print(crosstable(result))
        console.print(ratings_table(result))
    return 0


def _show(args: argparse.Namespace, console: Console) -> int:
    state = load(load_record_argument(args.record))
    if args.svg is None and (args.overlay is not None or args.at is not None):
        raise StonefieldError("--overlay and --at draw on a picture: add --svg FILE")
    if args.svg is not None:
        picture = svg(state, overlay=args.overlay, at=args.at)
        _write(args.svg, picture + "\n")
    if args.playthrough is not None:
        _write_with(args.playthrough, lambda path: write_playthrough(state, path))
    if args.svg is None and args.playthrough is None:
        console.print(str(state), highlight=False)
    return 0


def _write(path: str, text: str) -> None:
    def write(to: str) -> None:
        Path(to).write_text(text, encoding="utf-8")

    _write_with(path, write)


def _write_with(path: str, write: Callable[[str], None]) -> None:
    try:
        write(path)
    except OSError as error:
        raise StonefieldError(f"cannot write {path}: {error.strerror}") from None


def _play(args: argparse.Namespace, console: Console) -> int:
    if args.load is not None:
        state = load(load_record_argument(args.load))
        if _options(args):
            raise StonefieldError("--load takes the game's options from the record")
        if state.game.name != args.game.lower():
            raise StonefieldError(f"the record is a game of {state.game.name}, not {args.game}")
    else:
        state = game(args.game, **_options(args)).start()
    human_seat = 0 if args.as_colour == Colour.BLACK else 1
    bots: dict[int, Bot | None] = {}
    if args.vs != "human":
        bots[1 - human_seat] = BOTS[args.vs](args.seed)
    console.print(
        f"{state.game!r}: type a move (e5), or help. "
        f"You play {'both sides' if not bots else args.as_colour.value}.",
        highlight=False,
    )
    return Session(state, bots, console).run()


def _rules(args: argparse.Namespace, console: Console) -> int:
    # Plain print: the Markdown is laid out already, and a pipe gets it as is.
    print(rules_text(args.game), end="")
    return 0


def _serve(args: argparse.Namespace, console: Console) -> int:
    return serve(args.host, args.port, open_browser=args.open)


def build_parser() -> argparse.ArgumentParser:
    """The command's argument parser."""
    parser = _Parser(prog="stonefield", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    sim = commands.add_parser("simulate", help="play random games and summarise them")
    sim.add_argument("game", help=GAME_CHOICE)
    sim.add_argument("--games", type=int, default=10_000, help="how many games (10000)")
    _add_option_flags(sim)
    sim.add_argument("--threads", type=int, help="worker threads (all cores)")
    sim.add_argument("--seed", type=int, default=0, help="batch seed (0)")
    sim.add_argument("--max-moves", type=int, help="stop a game after this many moves")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(run=_simulate)

    ana = commands.add_parser(
        "analyze", help="balance report: win rates, fair komi, length, branching, endings"
    )
    ana.add_argument("game", help=GAME_CHOICE)
    ana.add_argument("--games", type=int, default=2000, help="random games per komi (2000)")
    _add_option_flags(ana)
    ana.add_argument(
        "--bot", choices=ANALYSIS_BOTS, default="random", help="mcts adds MCTS self-play (random)"
    )
    ana.add_argument(
        "--komi-range", type=_komi_range, metavar="A:B", help="also play every komi from A to B"
    )
    ana.add_argument("--iterations", type=int, default=200, help="MCTS iterations per move (200)")
    ana.add_argument("--mcts-games", type=int, help="MCTS self-play games per komi (100)")
    ana.add_argument("--threads", type=int, help="worker threads (all cores)")
    ana.add_argument("--seed", type=int, default=0, help="batch seed (0)")
    ana.add_argument("--max-moves", type=int, help="stop a game after this many moves")
    ana.add_argument(
        "--evaluated-games",
        type=int,
        default=DEFAULT_EVALUATED_GAMES,
        help=f"games per player whose positions MCTS values ({DEFAULT_EVALUATED_GAMES})",
    )
    ana.add_argument(
        "--evaluation-iterations",
        type=int,
        help=f"iterations of each evaluation ({DEFAULT_EVALUATION_ITERATIONS}; fewer, long games)",
    )
    ana.add_argument(
        "--skill-levels",
        type=int,
        help=f"skill trace levels, 0 for none ({DEFAULT_LEVELS}, fewer for long games)",
    )
    ana.add_argument(
        "--skill-games",
        type=int,
        default=DEFAULT_GAMES,
        help=f"skill trace games per level ({DEFAULT_GAMES})",
    )
    ana.add_argument(
        "--skill-base",
        type=int,
        help=f"the weaker player's iterations at level 1 ({DEFAULT_BASE}, fewer for long games)",
    )
    ana.add_argument(
        "--players", nargs="+", metavar="PLAYER", help="also run a tournament (random, mcts:N)"
    )
    ana.add_argument(
        "--tournament-games",
        type=int,
        default=DEFAULT_GAMES_PER_PAIR,
        help=f"tournament games per pair ({DEFAULT_GAMES_PER_PAIR})",
    )
    ana.add_argument("--json", action="store_true", help="print the report as JSON")
    ana.add_argument("--plot", metavar="DIR", help="write PNG plots into DIR (needs matplotlib)")
    ana.add_argument(
        "--report",
        metavar="FILE",
        help="write the whole report as one HTML page, or as Markdown and PNGs for FILE.md",
    )
    ana.add_argument("--quiet", action="store_true", help="no progress bar")
    ana.set_defaults(run=_analyze)

    tour = commands.add_parser(
        "tournament", help="round robin between players: crosstable and Elo ratings"
    )
    tour.add_argument("game", help=GAME_CHOICE)
    tour.add_argument(
        "--players", nargs="+", required=True, metavar="PLAYER", help="random, mcts:N, ..."
    )
    tour.add_argument(
        "--games",
        type=int,
        default=DEFAULT_GAMES_PER_PAIR,
        help=f"games per pair, half with each moving first ({DEFAULT_GAMES_PER_PAIR})",
    )
    _add_option_flags(tour)
    tour.add_argument("--threads", type=int, help="worker threads (all cores)")
    tour.add_argument("--seed", type=int, default=0, help="batch seed (0)")
    tour.add_argument("--max-moves", type=int, help="a game still going after this is a draw")
    tour.add_argument("--json", action="store_true", help="print the result as JSON")
    tour.add_argument("--quiet", action="store_true", help="no progress bar")
    tour.set_defaults(run=_tournament)

    show = commands.add_parser("show", help="print the final position of a game record, or draw it")
    show.add_argument(
        "record", help="the record text, a file holding it, or - to read standard input"
    )
    show.add_argument("--svg", metavar="FILE", help="write the board as an SVG picture")
    show.add_argument("--overlay", metavar="NAME", help="draw one of the game's overlays")
    show.add_argument("--at", metavar="POINT", help="the group an overlay shows (last stone)")
    show.add_argument("--playthrough", metavar="FILE", help="write the game, ply by ply, as JSON")
    show.set_defaults(run=_show)

    play = commands.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", help=GAME_CHOICE)
    _add_option_flags(play)
    play.add_argument(
        "--vs",
        choices=["human", *sorted(BOTS)],
        default="human",
        help="the opponent: another person at this keyboard (default) or a bot",
    )
    play.add_argument(
        "--as",
        dest="as_colour",
        type=Colour,
        choices=list(Colour),
        default=Colour.BLACK,
        help="the colour you start with against a bot (black moves first)",
    )
    play.add_argument("--seed", type=int, help="the bot's seed, to replay the same game")
    play.add_argument("--load", metavar="RECORD", help="go on from a record (text or file)")
    play.set_defaults(run=_play)

    rules = commands.add_parser("rules", help="print a game's rules as the engine plays them")
    rules.add_argument("game", nargs="?", help=f"{GAME_CHOICE} (none: what all share)")
    rules.set_defaults(run=_rules)

    web = commands.add_parser(
        "serve", help="play and study in the browser (needs the web extra: stonefield[web])"
    )
    web.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    web.add_argument("--port", type=int, default=8000, help="the port (8000; 0 picks a free one)")
    web.add_argument("--open", action="store_true", help="open the page in the web browser")
    web.set_defaults(run=_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command; returns its exit status."""
    args = build_parser().parse_args(argv)
    console = Console()
    try:
        status: int = args.run(args, console)
    except StonefieldError as error:
        print(f"stonefield: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("stonefield: interrupted", file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
