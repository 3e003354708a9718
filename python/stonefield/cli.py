"""The ``stonefield`` command: simulate random games, analyse a game's
balance, show a record, play, print the rules, serve the web app.

Data (tables, diagrams, JSON) goes to standard output; notes on what was
written or made go to standard error, so ``--json`` output stays pure.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any, NoReturn, Protocol, TypeVar

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Column, Table

from stonefield import __version__, registry
from stonefield._core import (
    GAME_NAMES,
    OptionError,
    OptionSpec,
    RecordError,
    StonefieldError,
    option_table,
)
from stonefield.analyze import BOTS as ANALYSIS_BOTS
from stonefield.analyze import (
    DEFAULT_DETAILED_GAMES,
    DEFAULT_EVALUATED_GAMES,
    DEFAULT_EVALUATION_ITERATIONS,
    DEFAULT_MCTS_GAMES,
    BalanceReport,
    PlayReport,
    analyze,
)
from stonefield.bots import Bot
from stonefield.colour import Colour
from stonefield.game import Game, OptionValue, State, game
from stonefield.jsondata import dumps
from stonefield.metrics.report import skill_trace_left_out
from stonefield.metrics.skill_trace import DEFAULT_BASE, DEFAULT_GAMES, DEFAULT_LEVELS
from stonefield.metrics.tables import (
    crosstable,
    measures_table,
    numbers_table,
    ratings_table,
    skill_trace_table,
)
from stonefield.metrics.tournament import DEFAULT_GAMES_PER_PAIR, tournament
from stonefield.notation import decode, load, read
from stonefield.play import BOTS, Session, enable_line_editing, score_breakdown, score_table
from stonefield.playthrough import snapshot, write_playthrough
from stonefield.render import rich_diagram
from stonefield.rules import rules_text
from stonefield.simulate import SimulationResult, simulate
from stonefield.svg import svg
from stonefield.web.server import serve

GAME_CHOICE = ", ".join(GAME_NAMES[:-1]) + f" or {GAME_NAMES[-1]}"
"""The games a command takes, for its help: ``sunder, anda, ... or esgrad``."""

DESCRIPTION = f"""\
Simulate random games, analyse a game's balance, run a tournament, show a
record, play in the terminal or in a browser, or print the rules. Games:
{", ".join(GAME_NAMES)}.
'stonefield COMMAND --help' tells more about each command."""


class _Reported(Protocol):
    def to_dict(self) -> dict[str, object]: ...


_Result = TypeVar("_Result", bound=_Reported)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line and exits 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"stonefield: error: {message}\n")


class _HelpFormatter(argparse.HelpFormatter):
    """Help that ends each option's line with its default, where it has one
    worth saying (not for on/off switches, nor when the help gives it)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        unsaid = default is None or default is False or default == argparse.SUPPRESS
        if unsaid or "default" in text or not action.option_strings:
            return text
        return f"{text} (default: %(default)s)"


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


def _some_games(count: int, flag: str) -> None:
    """Refuses no games, which leave nothing to summarise (a negative count
    is refused with the library's message)."""
    if count == 0:
        raise StonefieldError(f"{flag} 0: no games leave nothing to summarise; give 1 or more")


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


def _port(text: str) -> int:
    """A TCP port, 0 to 65535 (the operating system would take others
    modulo 65536, or refuse them with a traceback)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, got {port}")
    return port


def _summary_table(result: SimulationResult) -> Table:
    s = result.summary
    table = numbers_table(
        f"{result.game!r}\n{s.games:,} random games, seed {result.seed}", "", ("value",)
    )

    def rate(value: float, interval: tuple[float, float]) -> str:
        return f"{value:.1%}  [{interval[0]:.1%}, {interval[1]:.1%}]"

    table.add_row("Black wins (95% interval)", rate(s.black_win_rate, s.black_win_interval))
    table.add_row("White wins (95% interval)", rate(s.white_win_rate, s.white_win_interval))
    if s.unfinished:
        table.add_row(f"unfinished after {result.max_moves} moves", f"{s.unfinished_share:.1%}")
    if s.no_winner:
        table.add_row("ended with no winner", f"{s.no_winner:,}")
    q = s.length_quantiles
    table.add_row("game length, mean", f"{s.length_mean:.1f}")
    if q:
        table.add_row(
            "game length, 5/25/50/75/95 %",
            " / ".join(f"{q[k]:.0f}" for k in ("p5", "p25", "p50", "p75", "p95")),
        )
    table.add_row("games per second", f"{s.games_per_second:,.0f}")
    table.add_row("moves per second", f"{s.moves_per_second:,.0f}")
    table.add_row("wall time", f"{s.seconds:.2f} s")
    return table


def _bar(console: Console) -> Progress:
    """The progress display of the commands: a bar per task, with its count
    and the time left, gone once done."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


@contextmanager
def _progress(
    console: Console, description: str, shown: bool
) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar while the block runs, as a ``progress(done, total)``
    callback for :func:`simulate` and :func:`analyze`; None when not shown."""
    if not shown:
        yield None
        return
    with _bar(console) as bar:
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
    with _bar(console) as bar:
        tasks: dict[str, TaskID] = {}

        def update(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total)
            bar.update(tasks[stage], completed=done, total=total)

        yield update


def _batch(
    args: argparse.Namespace,
    console: Console,
    what: str,
    play: Callable[[Game, Callable[[int, int], None] | None], _Result],
    tables: Callable[[_Result], list[Table]],
) -> int:
    """Plays a batch of ``what`` (its ``--games``, with a progress bar unless
    ``--json`` or ``--quiet``), then prints its tables or its JSON."""
    played = game(args.game, **_options(args))
    _some_games(args.games, "--games")
    with _progress(
        console, f"{played.name} {what}", shown=not (args.json or args.quiet)
    ) as progress:
        result = play(played, progress)
    if args.json:
        print(dumps(result.to_dict()))
    else:
        for table in tables(result):
            console.print(table)
    return 0


def _simulate(args: argparse.Namespace, console: Console) -> int:
    return _batch(
        args,
        console,
        "random games",
        lambda played, progress: simulate(
            played, args.games, progress=progress, **_batch_keywords(args)
        ),
        lambda result: [_summary_table(result)],
    )


#: The built-in evaluators ``stonefield selfplay --evaluator`` takes.
EVALUATORS = ("rollouts", "uniform")


def _selfplay(args: argparse.Namespace, console: Console) -> int:
    from stonefield.evaluators import Rollouts, Uniform
    from stonefield.selfplay import selfplay

    played = game(args.game, **_options(args))
    evaluator = Rollouts(args.playouts) if args.evaluator == "rollouts" else Uniform()
    with _progress(console, f"{played.name} self-play games", shown=not args.quiet) as progress:
        data = selfplay(
            played,
            evaluator,
            args.games,
            concurrent=args.concurrent,
            simulations=args.simulations,
            temperature_moves=args.temperature_moves,
            dirichlet_alpha=args.dirichlet_alpha,
            seed=args.seed,
            symmetries=args.symmetries,
            threads=args.threads,
            progress=progress,
        )
    _write_with(args.out, data.save)
    # Plain print: a long path is not wrapped.
    print(
        f"{args.games} games, {len(data.ply)} rows of {played!r} written to {_printable(args.out)}"
    )
    return 0


def _komi_range(text: str) -> tuple[float, float] | str:
    if text in ("auto", "none"):
        return text
    low, sep, high = text.partition(":")
    try:
        if not sep:
            raise ValueError
        return (float(low), float(high))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a komi range is LOW:HIGH, auto or none, got {text!r}"
        ) from None


def _percent(value: float, interval: tuple[float, float]) -> str:
    return f"{value:.1%}  [{interval[0]:.1%}, {interval[1]:.1%}]"


def _report_tables(report: BalanceReport) -> list[Table]:
    tables = []
    for r in report.reports:
        tables.append(_play_table(report, r))
        if r.komi:
            komi = numbers_table(
                f"{r.bot}: Black's win rate by komi ({r.komi[0].games:,} games each)",
                Column("komi", justify="right"),
                ("Black wins (95% interval)",),
            )
            for p in r.komi:
                komi.add_row(f"{p.komi:g}", _percent(p.black_win_rate, p.black_win_interval))
            fair = "not in range" if r.fair_komi is None else f"{r.fair_komi:.2f}"
            komi.caption = f"fair komi (Black's rate crosses 50%): {fair}"
            tables.append(komi)
    return tables


def _play_table(report: BalanceReport, r: PlayReport) -> Table:
    who = "random games" if r.iterations is None else f"MCTS self-play games ({r.iterations} it.)"
    table = numbers_table(
        f"{report.game!r}: {r.games:,} {who} (seed {report.seed})", "", ("value",)
    )
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
    _some_games(args.games, "--games")
    if args.bot == "mcts" and args.mcts_games is not None:
        _some_games(args.mcts_games, "--mcts-games")
    # A report draws the komi curve unless told otherwise; a table does not.
    komi_range = args.komi_range or ("auto" if args.report else "none")
    kwargs = dict(
        games=args.games,
        seed=args.seed,
        bot=args.bot,
        komi_range=None if komi_range == "none" else komi_range,
        iterations=args.iterations,
        mcts_games=args.mcts_games,
        threads=args.threads,
        max_moves=args.max_moves,
        evaluated_games=args.evaluated_games,
        evaluation_iterations=args.evaluation_iterations,
        detailed_games=args.detailed_games,
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
    if args.plot:
        _plot_folder(args.plot)
    with _stage_progress(console, shown=not (args.json or args.quiet)) as stages:
        report = analyze(played, stage_progress=stages, **kwargs)
        if args.players:
            report = report.with_tournament(
                tournament(
                    played,
                    args.players,
                    games_per_pair=args.tournament_games,
                    progress=None if stages is None else partial(stages, "tournament"),
                    **_batch_keywords(args),
                )
            )
    if args.json:
        print(dumps(report.to_dict()))
    else:
        for table in _report_tables(report):
            console.print(table)
        console.print(measures_table(report))
        if report.skill_trace is not None:
            console.print(skill_trace_table(report.skill_trace))
        left_out = skill_trace_left_out(report)
        if left_out is not None:
            console.print(left_out)
        if report.tournament is not None:
            console.print(crosstable(report.tournament))
            console.print(ratings_table(report.tournament))
    if args.plot:
        from stonefield.plots import write_plots

        _write_with(args.plot, lambda folder: _note_written(write_plots(report, folder)))
    if args.report:
        from stonefield.metrics.report import write_report

        _write_with(args.report, lambda path: _note_written(write_report(report, path)))
    return 0


def _tournament(args: argparse.Namespace, console: Console) -> int:
    return _batch(
        args,
        console,
        "tournament games",
        lambda played, progress: tournament(
            played,
            args.players,
            games_per_pair=args.games,
            progress=progress,
            **_batch_keywords(args),
        ),
        lambda result: [crosstable(result), ratings_table(result)],
    )


def _plot_folder(path: str) -> None:
    """Makes the folder ``--plot`` names, saying so, unless it is there; a
    file there is an error."""
    _refuse_nul(path)
    folder = Path(path)
    if folder.is_dir():
        return
    if folder.exists():
        raise StonefieldError(f"--plot takes a folder, and {path} is not one")
    try:
        folder.mkdir(parents=True)
    except OSError as error:
        raise StonefieldError(f"cannot make the folder {path}: {error.strerror}") from None
    _note(f"made the folder {path}")


def _note(text: str) -> None:
    print(_printable(text), file=sys.stderr)


def _printable(text: str) -> str:
    """``text`` with any lone surrogate escaped: a file's name may hold one
    (a byte that is not UTF-8), and printing it must not fail."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _refuse_nul(path: str) -> None:
    """A NUL character names no file: say so before anything is written."""
    if "\x00" in path:
        raise StonefieldError(f"cannot write {path!r}: a file's name cannot hold a NUL character")


def _note_written(paths: Sequence[Path | str]) -> None:
    for path in paths:
        _note(f"wrote {path}")


def _show(args: argparse.Namespace, console: Console) -> int:
    if args.at is not None and args.overlay is None:
        raise StonefieldError("--at names the group an overlay shows: add --overlay NAME")
    if args.svg is None and args.overlay is not None:
        raise StonefieldError("--overlay draws on a picture: add --svg FILE")
    state = _at_ply(_record_argument(args.record), args.ply)
    if args.svg is not None:
        picture = svg(state, overlay=args.overlay, at=args.at)
        _write(args.svg, picture + "\n")
        _note_written([args.svg])
    if args.playthrough is not None:
        _write_with(args.playthrough, lambda path: write_playthrough(state, path))
        _note_written([args.playthrough])
    if args.json:
        print(dumps(_position_data(state)))
    elif args.svg is None and args.playthrough is None:
        # Never wrapped: a diagram cut at the console's width is scrambled.
        console.print(rich_diagram(state), highlight=False, soft_wrap=True)
        breakdown = score_breakdown(state)
        if breakdown is not None:
            console.print(score_table(breakdown))
    return 0


def _at_ply(state: State, ply: int | None) -> State:
    """``state`` taken back to the position after its first ``ply`` moves."""
    if ply is None:
        return state
    if not 0 <= ply <= state.ply:
        raise StonefieldError(
            f"--ply must be from 0 to {state.ply} (the record's moves), got {ply}"
        )
    while state.ply > ply:
        state.undo()
    return state


def _position_data(state: State) -> dict[str, object]:
    """What ``show --json`` prints: the game, the record, the position
    (:func:`~stonefield.playthrough.snapshot`) and its score."""
    return {
        "game": state.game.name,
        "options": dict(state.game.options),
        "record": state.record(),
        "moves": list(state.moves),
        **snapshot(state),
        "notes": state.board_notes(),
        "score": score_breakdown(state),
    }


def _record_argument(text: str) -> State:
    """The state of a record given on the command line: ``-`` reads it from
    standard input, a file's name from that file (a file named like a game
    is a file), and any other text is the record itself.

    Raises:
        RecordError: for a file or input that cannot be read as a record,
            or a word that looks like a file name (``game.txt``,
            ``games/one``) and names no file.
    """
    if text == "-":
        return load(decode(sys.stdin.buffer.read(), "standard input"))
    path = Path(text)
    if path.is_file():
        return read(path)
    if (
        len(text.split()) == 1
        and ";" not in text
        and "=" not in text
        and any(c in text for c in "./")
    ):
        reason = "it is a folder" if path.is_dir() else "there is no such file"
        raise RecordError(f"cannot read the record file {text}: {reason}")
    return load(text)


def _write(path: str, text: str) -> None:
    def write(to: str) -> None:
        Path(to).write_text(text, encoding="utf-8")

    _write_with(path, write)


def _write_with(path: str, write: Callable[[str], None]) -> None:
    _refuse_nul(path)
    try:
        write(path)
    except OSError as error:
        raise StonefieldError(f"cannot write {path}: {error.strerror}") from None


def _play(args: argparse.Namespace, console: Console) -> int:
    if args.load is not None:
        state = _record_argument(args.load)
        if _options(args):
            raise StonefieldError("--load takes the game's options from the record")
        if args.game is not None and state.game.name != args.game.lower():
            raise StonefieldError(f"the record is a game of {state.game.name}, not {args.game}")
    elif args.game is None:
        raise StonefieldError("play needs a game (stonefield play sunder) or --load RECORD")
    else:
        state = game(args.game, **_options(args)).start()
    if args.vs == "human" and args.as_colour is not None:
        raise StonefieldError(
            "--as picks your colour against a bot: add --vs random or --vs mcts "
            "(two people at one keyboard play both colours)"
        )
    bots: dict[int, Bot | None] = {}
    names: dict[int, str] = {}
    if args.vs != "human":
        human_seat = 1 if args.as_colour == Colour.WHITE else 0
        bots[1 - human_seat] = BOTS[args.vs](args.seed)
        names = {human_seat: "you", 1 - human_seat: f"the {args.vs} bot"}
    you = "both sides" if not bots else (args.as_colour or Colour.BLACK).value
    console.print(
        f"{state.game!r}: type a move (e5), or help. You play {you}.",
        highlight=False,
    )
    session = Session(state, bots, console, names=names)
    if sys.stdin.isatty():
        enable_line_editing(session.complete)
    return session.run()


def _rules(args: argparse.Namespace, console: Console) -> int:
    # Plain print: the Markdown is laid out already, and a pipe gets it as is.
    print(rules_text(args.game), end="")
    return 0


def _serve(args: argparse.Namespace, console: Console) -> int:
    return serve(args.host, args.port, open_browser=args.open)


#: What ``--max-moves`` does in a batch of random or self-play games.
STOP_AFTER = "stop a game after this many moves (default: 10 per point)"


def _batch_flags(parser: argparse.ArgumentParser, max_moves: str) -> None:
    """The flags of every batch of games: threads, seed, and the move cap
    (what it does: ``max_moves``)."""
    parser.add_argument("--threads", type=int, help="worker threads (default: every core)")
    parser.add_argument("--seed", type=int, default=0, help="batch seed")
    parser.add_argument("--max-moves", type=int, help=max_moves)


def _output_flags(parser: argparse.ArgumentParser, what: str) -> None:
    """``--json`` (printing ``what`` as JSON) and ``--quiet``."""
    parser.add_argument("--json", action="store_true", help=f"print the {what} as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def _batch_keywords(args: argparse.Namespace) -> dict[str, Any]:
    """The values of :func:`_batch_flags`, as the keywords of a batch."""
    return {"seed": args.seed, "threads": args.threads, "max_moves": args.max_moves}


def build_parser() -> argparse.ArgumentParser:
    """The command's argument parser."""
    parser = _Parser(prog="stonefield", description=DESCRIPTION, formatter_class=_HelpFormatter)
    parser.add_argument("--version", action="version", version=f"stonefield {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def command(name: str, text: str, aliases: Sequence[str] = ()) -> argparse.ArgumentParser:
        return commands.add_parser(
            name, help=text, description=text, aliases=aliases, formatter_class=_HelpFormatter
        )

    sim = command("simulate", "play random games and summarise them")
    sim.add_argument("game", help=GAME_CHOICE)
    sim.add_argument("--games", type=int, default=10_000, help="how many games")
    _add_option_flags(sim)
    _batch_flags(sim, STOP_AFTER)
    _output_flags(sim, "summary")
    sim.set_defaults(run=_simulate)

    ana = command(
        "analyze",
        "balance report: win rates, fair komi, length, branching, endings",
        aliases=["analyse"],
    )
    ana.add_argument("game", help=GAME_CHOICE)
    ana.add_argument("--games", type=int, default=2000, help="random games per komi")
    _add_option_flags(ana)
    ana.add_argument(
        "--bot", choices=ANALYSIS_BOTS, default="random", help="mcts adds MCTS self-play"
    )
    ana.add_argument(
        "--komi-range",
        type=_komi_range,
        metavar="A:B|auto|none",
        help=(
            "also play every komi from A to B (-3:3 works as it is); auto finds the range "
            "where komi matters (the default with --report); none for no komi curve"
        ),
    )
    ana.add_argument("--iterations", type=int, default=200, help="MCTS iterations per move")
    ana.add_argument(
        "--mcts-games",
        type=int,
        help=f"MCTS self-play games per komi (default: {DEFAULT_MCTS_GAMES}, at most --games)",
    )
    _batch_flags(ana, STOP_AFTER)
    ana.add_argument(
        "--evaluated-games",
        type=int,
        default=DEFAULT_EVALUATED_GAMES,
        help="games per player whose positions MCTS values",
    )
    ana.add_argument(
        "--evaluation-iterations",
        type=int,
        help=(
            f"iterations of each evaluation "
            f"(default: {DEFAULT_EVALUATION_ITERATIONS}, fewer for long games)"
        ),
    )
    ana.add_argument(
        "--detailed-games",
        type=int,
        default=DEFAULT_DETAILED_GAMES,
        help="games per player whose every legal move is counted, for branching and choice",
    )
    ana.add_argument(
        "--skill-levels",
        type=int,
        help=f"skill trace levels, 0 for none (default: {DEFAULT_LEVELS}, fewer for long games)",
    )
    ana.add_argument(
        "--skill-games", type=int, default=DEFAULT_GAMES, help="skill trace games per level"
    )
    ana.add_argument(
        "--skill-base",
        type=int,
        help=(
            f"the weaker player's iterations at level 1 "
            f"(default: {DEFAULT_BASE}, fewer for long games)"
        ),
    )
    ana.add_argument(
        "--players",
        nargs="+",
        metavar="PLAYER",
        help="also run a tournament (random, mcts:N, puct:N)",
    )
    ana.add_argument(
        "--tournament-games",
        type=int,
        default=DEFAULT_GAMES_PER_PAIR,
        help="tournament games per pair",
    )
    ana.add_argument("--json", action="store_true", help="print the report as JSON")
    ana.add_argument(
        "--plot",
        metavar="DIR",
        help="write PNG plots into the folder DIR, made if missing (needs matplotlib)",
    )
    ana.add_argument(
        "--report",
        metavar="FILE",
        help="write the whole report as one HTML page, or as Markdown and PNGs for FILE.md",
    )
    ana.add_argument("--quiet", action="store_true", help="no progress bar")
    ana.set_defaults(run=_analyze)

    tour = command("tournament", "round robin between players: crosstable and Elo ratings")
    tour.add_argument("game", help=GAME_CHOICE)
    tour.add_argument(
        "--players",
        nargs="+",
        required=True,
        metavar="PLAYER",
        help="random, mcts:N (N iterations a move), puct:N (N simulations a move)",
    )
    tour.add_argument(
        "--games",
        type=int,
        default=DEFAULT_GAMES_PER_PAIR,
        help="games per pair, half with each moving first",
    )
    _add_option_flags(tour)
    _batch_flags(tour, "a game still going after this is a draw")
    _output_flags(tour, "result")
    tour.set_defaults(run=_tournament)

    show = command("show", "print a position of a game record, or draw it")
    show.add_argument(
        "record", help="the record text, a file holding it, or - to read standard input"
    )
    show.add_argument(
        "--ply", type=int, metavar="N", help="the position after move N (default: the last)"
    )
    show.add_argument("--json", action="store_true", help="print the position's data as JSON")
    show.add_argument("--svg", metavar="FILE", help="write the board as an SVG picture")
    show.add_argument("--overlay", metavar="NAME", help="draw one of the game's overlays (--svg)")
    show.add_argument(
        "--at",
        metavar="POINT",
        help="the group the overlay shows (--overlay; default: the last stone)",
    )
    show.add_argument("--playthrough", metavar="FILE", help="write the game, ply by ply, as JSON")
    show.set_defaults(run=_show)

    play = command("play", "play a game in the terminal")
    play.add_argument("game", nargs="?", help=f"{GAME_CHOICE} (none with --load)")
    _add_option_flags(play)
    play.add_argument(
        "--vs",
        choices=["human", *sorted(BOTS)],
        default="human",
        help="the opponent: another person at this keyboard, or a bot",
    )
    play.add_argument(
        "--as",
        dest="as_colour",
        type=Colour,
        choices=list(Colour),
        help="your colour against a bot (default: black, who moves first)",
    )
    play.add_argument("--seed", type=int, help="the bot's seed, to replay the same game")
    play.add_argument(
        "--load", metavar="RECORD", help="go on from a record (text, a file, or - for stdin)"
    )
    play.set_defaults(run=_play)

    rules = command("rules", "print a game's rules as the engine plays them")
    rules.add_argument("game", nargs="?", help=f"{GAME_CHOICE} (none: what all share)")
    rules.set_defaults(run=_rules)
    selfplay = commands.add_parser(
        "selfplay", help="play PUCT self-play games and save their training rows (.npz)"
    )
    selfplay.add_argument("game", help=GAME_CHOICE)
    selfplay.add_argument(
        "--evaluator", choices=EVALUATORS, default="rollouts", help="leaf evaluator (rollouts)"
    )
    selfplay.add_argument("--playouts", type=int, default=1, help="playouts per leaf (1)")
    selfplay.add_argument("--games", type=int, default=100, help="how many games (100)")
    selfplay.add_argument("--out", required=True, help="the .npz file to write")
    _add_option_flags(selfplay)
    selfplay.add_argument("--simulations", type=int, default=64, help="per move (64)")
    selfplay.add_argument("--concurrent", type=int, default=256, help="games at once (256)")
    selfplay.add_argument(
        "--temperature-moves", type=int, default=0, help="plies drawn from the visits (0)"
    )
    selfplay.add_argument("--dirichlet-alpha", type=float, help="root noise (none)")
    selfplay.add_argument("--symmetries", action="store_true", help="add every board symmetry")
    selfplay.add_argument("--threads", type=int, help="worker threads (all cores)")
    selfplay.add_argument("--seed", type=int, default=0, help="seed (0)")
    selfplay.add_argument("--quiet", action="store_true", help="no progress bar")
    selfplay.set_defaults(run=_selfplay)

    web = command("serve", "play and study in the browser (needs the web extra: stonefield[web])")
    web.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    web.add_argument("--port", type=_port, default=8000, help="the port (0 picks a free one)")
    web.add_argument("--open", action="store_true", help="open the page in the web browser")
    web.set_defaults(run=_serve)

    return parser


#: Options whose value may start with ``-`` (``--komi-range -3:3``), which
#: argparse would otherwise take for an option.
_SIGNED_VALUES = ("--komi-range",)


def _joined(argv: Sequence[str]) -> list[str]:
    """``argv`` with ``--komi-range -3:3`` written ``--komi-range=-3:3``."""
    joined: list[str] = []
    for word in argv:
        if joined and joined[-1] in _SIGNED_VALUES and word.startswith("-"):
            joined[-1] += "=" + word
        else:
            joined.append(word)
    return joined


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command; returns its exit status."""
    parser = build_parser()
    args = parser.parse_args(_joined(sys.argv[1:] if argv is None else argv))
    if args.command is None:
        parser.print_help()
        return 0
    console = Console()
    try:
        status: int = args.run(args, console)
    except StonefieldError as error:
        print(f"stonefield: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("stonefield: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader left (| head): stop quietly, and keep Python's exit
        # from failing on the closed pipe too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as error:
        # A file named on the command line that cannot be read or written.
        print(f"stonefield: error: {error}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
