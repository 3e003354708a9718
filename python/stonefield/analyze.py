"""The balance report: is a game fair, what komi makes it fair, how long does
it last, how wide is it, and how do its games end, under random play and
under MCTS self-play.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from stonefield._core import GameBatch, OptionError, OptionTypeError
from stonefield.bots import DEFAULT_EXPLORATION
from stonefield.game import Game, OptionValue
from stonefield.game import game as make_game
from stonefield.jsondata import json_ready
from stonefield.messages import shown
from stonefield.metrics.batches import Batching, EvaluationPlan, Played, join, play_parts
from stonefield.metrics.budget import (
    EVALUATION_PLIES,
    EVALUATION_SECONDS,
    PLIES_TO_TIME,
    SKILL_PLIES,
    SKILL_SECONDS,
    fit_evaluation_iterations,
    fit_skill_trace,
    plies_within,
    skill_trace_cost,
)
from stonefield.metrics.design import Measures, design_measures
from stonefield.metrics.komi_range import komi_grid_step, probe_komi_range
from stonefield.metrics.skill_trace import (
    DEFAULT_BASE,
    DEFAULT_GAMES,
    DEFAULT_LEVELS,
    LeftOutSkillTrace,
    SkillTrace,
    skill_trace,
)
from stonefield.metrics.tournament import Tournament
from stonefield.simulate import BLACK, WHITE, WinRates, check_batch_arguments

#: The largest count of iterations or games one analysis takes.
MAX_COUNT = 2**63 - 1

BOTS = ("random", "mcts")
"""The players :func:`analyze` can report on."""

#: MCTS iterations per move in self-play, when not given.
DEFAULT_ITERATIONS = 200

#: Self-play games with MCTS, when not given: each costs a search per move.
DEFAULT_MCTS_GAMES = 100

#: Games of each player whose positions an MCTS search evaluates, when not
#: given, and that search's iterations.
DEFAULT_EVALUATED_GAMES = 20
DEFAULT_EVALUATION_ITERATIONS = 200

#: About how many positions of each evaluated game are evaluated.
EVALUATED_POSITIONS = 20

#: Games of each player whose every ply is looked at for the measures of
#: choice (branching, decisions, coverage, complexity), when not given:
#: counting every legal move of every ply costs up to ten times the game.
DEFAULT_DETAILED_GAMES = 500

#: Random games at each komi of a range found by probing (``komi_range=
#: "auto"``), at most.
AUTO_KOMI_GAMES = 400

#: What the last action of a game was, by the code Rust reports.
_LAST_ACTION = {0: "no move", 1: "a placement", 2: "two passes", 3: "a swap", 4: "a release"}


@dataclass(frozen=True)
class KomiPoint:
    """Black's win rate at one komi."""

    komi: float
    games: int
    black_wins: int
    white_wins: int
    black_win_rate: float
    black_win_interval: tuple[float, float]


@dataclass(frozen=True)
class PlayReport:
    """What games between two copies of one player say about a game.

    Attributes:
        bot: ``"random"`` or ``"mcts"``.
        iterations: MCTS iterations per move (None for random play).
        games: games played at the game's own komi.
        black_wins, white_wins: games won by each colour.
        no_winner: finished games with no winner.
        unfinished: games stopped at ``max_moves``.
        black_win_rate: Black's share of the decided games.
        black_win_interval: its 95 % Wilson interval.
        unfinished_share: share of games stopped at ``max_moves``.
        endings: how games ended (outcome and last move) to their counts.
        length_mean: mean number of actions.
        length_quantiles: ``p5`` ... ``p95`` of the number of actions.
        length_histogram: ``(counts, edges)`` of the number of actions, in
            bins of whole lengths (see :func:`length_histogram`).
        detailed_games: the first games, whose legal moves were counted at
            every ply: the branching and the measures of choice are theirs.
        branching_mean: legal moves per turn, over every turn of the
            detailed games.
        branching_by_ply: mean legal moves at each ply, over the detailed
            games still going then.
        games_by_ply: how many detailed games were still going at each ply.
        komi: Black's win rate at each komi of the range asked for.
        fair_komi: where Black's win rate crosses 50 % (see
            :func:`fair_komi`), or None.
        measures: the design measures of these games, each with its
            interval (see :class:`~stonefield.metrics.design.Measures`).
        seconds: wall time.
    """

    bot: str
    iterations: int | None
    games: int
    black_wins: int
    white_wins: int
    no_winner: int
    unfinished: int
    black_win_rate: float
    black_win_interval: tuple[float, float]
    unfinished_share: float
    endings: dict[str, int]
    length_mean: float
    length_quantiles: dict[str, float]
    length_histogram: tuple[list[int], list[float]]
    detailed_games: int
    branching_mean: float
    branching_by_ply: list[float]
    games_by_ply: list[int]
    komi: tuple[KomiPoint, ...]
    fair_komi: float | None
    measures: Measures
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values, NaN as None."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "measures"}
        out["komi"] = [asdict(p) for p in self.komi]
        out["measures"] = self.measures.to_dict()
        return dict(json_ready(out))


@dataclass(frozen=True)
class BalanceReport:
    """The result of :func:`analyze`: one :class:`PlayReport` per player,
    the skill trace when one was run, a tournament when one was added (see
    :meth:`with_tournament`), and the measured seconds a random-game ply
    took, which sized the searches' budgets left out (None when too few
    plies were timed, or when every budget was given). When the fitted
    skill trace was left out because even one level would exceed its
    time, ``skill_trace_left_out`` says at which base and what that level
    would cost (None otherwise)."""

    game: Game
    seed: int
    max_moves: int
    reports: tuple[PlayReport, ...]
    skill_trace: SkillTrace | None = None
    tournament: Tournament | None = None
    ply_seconds: float | None = None
    skill_trace_left_out: LeftOutSkillTrace | None = None

    def with_tournament(self, tournament: Tournament) -> BalanceReport:
        """This report with ``tournament``'s crosstable and ratings."""
        return replace(self, tournament=tournament)

    def report(self, bot: str) -> PlayReport | None:
        """The report for ``bot`` (``"random"`` or ``"mcts"``), if run."""
        return next((r for r in self.reports if r.bot == bot), None)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values: a value that has none (a rate of no
        decided game) is None, never NaN."""
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "max_moves": self.max_moves,
            "reports": [r.to_dict() for r in self.reports],
            "skill_trace": None if self.skill_trace is None else self.skill_trace.to_dict(),
            "tournament": None if self.tournament is None else self.tournament.to_dict(),
            "ply_seconds": self.ply_seconds,
            "skill_trace_left_out": None
            if self.skill_trace_left_out is None
            else asdict(self.skill_trace_left_out),
        }


def _rate(winners: npt.NDArray[np.int8]) -> tuple[int, int, float, tuple[float, float]]:
    rates = WinRates.of(winners)
    return rates.black, rates.white, rates.black_rate, rates.black_interval


def fair_komi(points: Sequence[KomiPoint]) -> float | None:
    """The komi at which Black's win rate is 50 %, from a logistic fit of
    Black's wins against komi over every point (maximum likelihood), so
    that noise at one komi does not move it much. None when the fitted rate
    does not fall as komi grows or crosses 50 % outside the range played.

    >>> def point(komi, black):
    ...     return KomiPoint(komi, 100, black, 100 - black, black / 100, (0.0, 1.0))
    >>> fair_komi([point(0, 70), point(1, 50), point(2, 30)])
    1.0
    >>> fair_komi([point(0, 70), point(1, 65)]) is None
    True
    """
    rated = [p for p in points if p.black_wins + p.white_wins > 0]
    if len(rated) < 2:
        return None
    komi = np.array([p.komi for p in rated], dtype=np.float64)
    wins = np.array([p.black_wins for p in rated], dtype=np.float64)
    trials = wins + np.array([p.white_wins for p in rated], dtype=np.float64)
    centre = float(komi.mean())
    x = komi - centre
    beta = np.zeros(2)
    # Newton's method on the binomial log-likelihood of logit(rate) = a + b x.
    for _ in range(100):
        rate = 1 / (1 + np.exp(-(beta[0] + beta[1] * x)))
        weight = trials * rate * (1 - rate) + 1e-12
        residual = wins - trials * rate
        gradient = np.array([residual.sum(), (residual * x).sum()])
        hessian = np.array(
            [[weight.sum(), (weight * x).sum()], [(weight * x).sum(), (weight * x * x).sum()]]
        )
        try:
            step = np.linalg.solve(hessian, gradient)
        except np.linalg.LinAlgError:
            return None
        beta += step
        if not np.all(np.isfinite(beta)) or np.abs(step).max() < 1e-10:
            break
    if not np.all(np.isfinite(beta)) or beta[1] >= 0:
        return None
    fair = centre - float(beta[0] / beta[1])
    if not komi.min() <= fair <= komi.max():
        return None
    # Rounded: the estimate is far coarser than float noise.
    return round(fair, 3)


def _endings(played: Played) -> dict[str, int]:
    counts: dict[str, int] = {}
    for winner, finished, last in zip(
        played.winners.tolist(), played.finished.tolist(), played.last.tolist(), strict=True
    ):
        if not finished:
            key = f"unfinished after {played.max_moves} moves"
        else:
            who = {BLACK: "black wins", WHITE: "white wins"}.get(winner, "no winner")
            key = f"{who} after {_LAST_ACTION[last]}"
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def length_histogram(
    lengths: npt.NDArray[np.integer[Any]], max_bins: int = 40
) -> tuple[list[int], list[float]]:
    """Counts of game lengths in at most ``max_bins`` bins of equal, whole
    width: each bin holds the same number of whole lengths, so a bin's
    count does not rise and fall with how many lengths it happens to
    cover. The edges sit half-way between lengths.

    Returns:
        ``(counts, edges)``, with ``len(edges) == len(counts) + 1``; both
        empty when there are no lengths.

    >>> length_histogram(np.array([3, 4, 4, 6]))
    ([1, 2, 0, 1], [2.5, 3.5, 4.5, 5.5, 6.5])
    >>> length_histogram(np.arange(10, 20), max_bins=4)
    ([3, 3, 3, 1], [9.5, 12.5, 15.5, 18.5, 21.5])
    """
    if len(lengths) == 0:
        return [], []
    low, high = int(lengths.min()), int(lengths.max())
    width = -(-(high - low + 1) // max_bins)
    bins = -(-(high - low + 1) // width)
    edges = low - 0.5 + width * np.arange(bins + 1)
    counts, _ = np.histogram(lengths, bins=edges)
    return counts.tolist(), edges.tolist()


def _report(
    bot: str,
    iterations: int | None,
    played: Played,
    detailed: Played,
    komi: tuple[KomiPoint, ...],
    measures: Measures,
    seconds: float,
) -> PlayReport:
    games = len(played.winners)
    black, white, rate, interval = _rate(played.winners)
    unfinished = int(np.count_nonzero(~played.finished))
    lengths = played.lengths.astype(np.float64)
    quantiles = (
        {f"p{q}": float(np.percentile(lengths, q)) for q in (5, 25, 50, 75, 95)} if games else {}
    )
    going = detailed.reached > 0
    by_ply = np.zeros(len(detailed.reached))
    by_ply[going] = detailed.branching[going] / detailed.reached[going]
    turns = int(detailed.reached.sum())
    return PlayReport(
        bot=bot,
        iterations=iterations,
        games=games,
        black_wins=black,
        white_wins=white,
        no_winner=games - black - white - unfinished,
        unfinished=unfinished,
        black_win_rate=rate,
        black_win_interval=interval,
        unfinished_share=unfinished / games if games else math.nan,
        endings=_endings(played),
        length_mean=float(lengths.mean()) if games else math.nan,
        length_quantiles=quantiles,
        length_histogram=length_histogram(played.lengths),
        detailed_games=detailed.games,
        branching_mean=float(detailed.branching.sum()) / turns if turns else math.nan,
        branching_by_ply=by_ply[: int(np.flatnonzero(going)[-1]) + 1 if going.any() else 0]
        .round(4)
        .tolist(),
        games_by_ply=detailed.reached[going].astype(int).tolist(),
        komi=komi,
        fair_komi=fair_komi(komi),
        measures=measures,
        seconds=seconds,
    )


def komi_values(game: Game, low: float, high: float, step: float | None = None) -> list[float]:
    """The komi values from ``low`` to ``high`` the game accepts: every half
    point for games with half-point komi, every point (as ints) otherwise.

    Raises:
        OptionError: when the game has no komi, or the range is empty or
            outside what the game accepts.

    >>> import stonefield
    >>> komi_values(stonefield.Sunder(size=5), -1, 1)
    [-1.0, -0.5, 0.0, 0.5, 1.0]
    """
    komi = next((spec for spec in game.option_specs if spec.name == "komi"), None)
    if komi is None:
        raise OptionError(f"{game.name} has no komi")
    if not (math.isfinite(low) and math.isfinite(high)) or low > high:
        raise OptionError(f"the komi range must run from low to high, got {low}:{high}")
    if step is None:
        step = 0.5 if komi.kind == "halves" else 1.0
    if step <= 0:
        raise OptionError(f"the komi step must be > 0, got {step}")
    count = math.floor((high - low) / step + 1e-9) + 1
    if count > 201:
        raise OptionError(f"the komi range {low}:{high} has {count} values; 201 at most")
    values: list[float] = [low + k * step for k in range(count)]
    if komi.kind == "int":
        # Whole komi as ints, which every game with whole komi takes.
        values = [int(v) if float(v).is_integer() else v for v in values]
    for k in (values[0], values[-1]):
        make_game(game.name, **{**game.options, "komi": k})  # raises for a bad komi
    return values


def analyze(
    game: Game | str,
    games: int = 2000,
    seed: int = 0,
    bot: str = "random",
    komi_range: tuple[float, float] | Literal["auto"] | None = None,
    iterations: int = DEFAULT_ITERATIONS,
    mcts_games: int | None = None,
    exploration: float = DEFAULT_EXPLORATION,
    threads: int | None = None,
    max_moves: int | None = None,
    executor: Executor | None = None,
    chunks: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    evaluated_games: int = DEFAULT_EVALUATED_GAMES,
    evaluation_iterations: int | None = None,
    detailed_games: int = DEFAULT_DETAILED_GAMES,
    skill_levels: int | None = None,
    skill_games: int = DEFAULT_GAMES,
    skill_base: int | None = None,
    stage_progress: Callable[[str, int, int], None] | None = None,
    **options: OptionValue,
) -> BalanceReport:
    """The balance report of a game: who wins, at which komi it is fair, how
    long games last, how many moves a turn offers, how games end, every
    design measure of :mod:`stonefield.metrics` with its interval, and the
    skill trace.

    Random play always runs; ``bot="mcts"`` adds MCTS self-play. Game ``i``
    of each batch is seeded from ``(seed, i)``, so the report is the same
    for any ``threads``, ``executor`` and ``chunks``.

    Args:
        game: a :class:`Game`, or a game's name (then ``options`` apply).
        games: random games per komi value.
        seed: the batch seed (0 to 2**64 - 1).
        bot: ``"random"``, or ``"mcts"`` to add MCTS self-play.
        komi_range: ``(low, high)``: also play at every komi in it (games
            with komi only) and estimate the fair komi. ``"auto"``: random
            play only, over the range where Black's rate falls from 65 % to
            35 % (see :func:`~stonefield.metrics.komi_range.probe_komi_range`),
            at most 17 komi values of at most 400 games each; nothing for a
            game with no komi.
        iterations: MCTS iterations per move in self-play.
        mcts_games: self-play games per komi value (default
            ``min(games, 100)``).
        exploration: the MCTS exploration constant.
        threads: worker threads per chunk (None: every core).
        max_moves: stop a game unfinished after this many actions.
        executor: any :class:`concurrent.futures.Executor` to run chunks on.
        chunks: chunks per batch (see :func:`stonefield.simulate`).
        progress: called as ``progress(done, total)`` in games, over every
            stage but the skill trace.
        evaluated_games: games of each player whose positions are valued by
            an MCTS search, about 20 positions a game, for lead changes,
            drama, stability and decisiveness (0: none).
        evaluation_iterations: iterations of each of those searches
            (None: 200, fewer for long games; see
            :mod:`stonefield.metrics.budget`).
        detailed_games: games of each player whose legal moves are counted
            at every ply, for the branching, decision moves, coverage and
            complexity (the first games; at least the evaluated ones).
        skill_levels: levels of the skill trace (0: none; None: 4, fewer
            for long games, none when one level would exceed its time).
        skill_games: games per level of the skill trace.
        skill_base: MCTS iterations of the weaker player at level 1 (None:
            16, fewer for long games).
        stage_progress: called as ``stage_progress(stage, done, total)`` in
            games, for each stage by name.
        **options: the game's options, when ``game`` is a name.

    Returns:
        A :class:`BalanceReport`.

    Raises:
        OptionError: for a bad game, option, bot, count or komi range.

    >>> import stonefield
    >>> report = stonefield.analyze("sunder", games=400, seed=1, size=4, komi_range=(-1, 1),
    ...                             evaluated_games=4, skill_levels=2, skill_games=6)
    >>> random = report.report("random")
    >>> random.games, [p.komi for p in random.komi]
    (400, [-1.0, -0.5, 0.0, 0.5, 1.0])
    >>> random.unfinished, round(random.branching_by_ply[0])
    (0, 37)
    >>> random.measures.board_coverage.n, random.measures.evaluation.games
    (400, 4)
    >>> [level.strong for level in report.skill_trace.levels]
    [32, 64]
    """
    if isinstance(game, str):
        game = make_game(game, **options)
    elif options:
        raise OptionError("give options either in the Game or as keywords, not both")
    if not isinstance(game, Game):
        raise OptionTypeError(f"game must be a Game or a game's name, got {shown(game)}")
    if bot not in BOTS:
        raise OptionError(f"bot must be one of {', '.join(BOTS)}, got {bot!r}")
    check_batch_arguments(games, seed, threads, max_moves)
    # Each skill level doubles the iterations of the one below: past 40
    # levels a move would take more than 10**13 of them.
    for name, value, least, most in (
        ("iterations", iterations, 1, MAX_COUNT),
        ("evaluation_iterations", evaluation_iterations, 1, MAX_COUNT),
        ("evaluated_games", evaluated_games, 0, MAX_COUNT),
        ("detailed_games", detailed_games, 1, MAX_COUNT),
        ("skill_levels", skill_levels, 0, 40),
        ("skill_base", skill_base, 1, MAX_COUNT),
        ("skill_games", skill_games, 0, MAX_COUNT),
    ):
        if value is None and name not in ("iterations", "evaluated_games", "detailed_games"):
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
            raise OptionError(
                f"{name} must be a whole number from {least} to {most}, got {shown(value)}"
            )
    mcts_games = min(games, DEFAULT_MCTS_GAMES) if mcts_games is None else mcts_games
    check_batch_arguments(mcts_games, seed, threads, max_moves)
    komis = komi_values(game, *komi_range) if isinstance(komi_range, tuple) else []
    plan: list[tuple[str, int | None, int]] = [("random", None, games)]
    if bot == "mcts":
        plan.append(("mcts", iterations, mcts_games))
    total = sum(n * (1 + len(komis)) for _, _, n in plan)
    done = 0

    def counter(stage: str, stage_total: int) -> Callable[[int], None]:
        stage_done = 0
        if stage_progress is not None:
            stage_progress(stage, 0, stage_total)

        def advance(count: int) -> None:
            nonlocal done, stage_done
            done += count
            stage_done += count
            if progress is not None:
                progress(done, total)
            if stage_progress is not None:
                stage_progress(stage, stage_done, stage_total)

        return advance

    batching = Batching(threads, max_moves, executor, chunks)

    def play(
        on: Game,
        per_move: int | None,
        first: int,
        count: int,
        evaluation: EvaluationPlan | None,
        advance: Callable[[int], None],
        branching: bool = True,
    ) -> list[GameBatch]:
        return play_parts(
            on,
            seed,
            ((per_move, exploration), (per_move, exploration)),
            count,
            offset=first,
            batching=batching,
            branching=branching,
            evaluation=evaluation,
            progress=advance,
        )

    reports = []
    cap = max_moves if max_moves is not None else game.default_max_moves
    every, mean_length = 1, 0.0
    ply_seconds: float | None = None
    for name, per_move, count in plan:
        started = time.perf_counter()
        who = "random games" if per_move is None else f"MCTS self-play ({per_move} it.)"
        evaluated = min(evaluated_games, count)
        detailed = max(evaluated, min(detailed_games, count))
        advance = counter(who, count - evaluated)
        timed = time.perf_counter()
        plain = play(game, per_move, detailed, count - detailed, None, advance, branching=False)
        timed = time.perf_counter() - timed
        detail = play(game, per_move, evaluated, detailed - evaluated, None, advance)
        if name == "random":
            lengths = join(detail + plain, cap).lengths
            mean_length = float(lengths.mean()) if len(lengths) else 0.0
            every = max(1, round(mean_length / EVALUATED_POSITIONS))
            # The searches' budgets come from what a ply of random play cost
            # here (a game too few to time keeps the fixed fallbacks).
            plain_plies = sum(int(np.sum(p.lengths)) for p in plain)
            ply_seconds = timed / plain_plies if plain_plies >= PLIES_TO_TIME else None
            if evaluation_iterations is None:
                evaluation_iterations = fit_evaluation_iterations(
                    mean_length,
                    evaluated,
                    EVALUATED_POSITIONS,
                    DEFAULT_EVALUATION_ITERATIONS,
                    plies=EVALUATION_PLIES
                    if ply_seconds is None
                    else plies_within(EVALUATION_SECONDS, ply_seconds),
                )
        assert evaluation_iterations is not None
        plan_evaluation = EvaluationPlan(evaluated, every, evaluation_iterations, exploration)
        if evaluated:
            detail = (
                play(
                    game,
                    per_move,
                    0,
                    evaluated,
                    plan_evaluation,
                    counter(f"{who}: evaluating positions", evaluated),
                )
                + detail
            )
        played, detail_played = join(detail + plain, cap), join(detail, cap)
        cap = played.max_moves or cap
        points = []
        komi_games = count
        if komi_range == "auto" and name == "random":
            probed = probe_komi_range(
                game, seed, threads=threads, max_moves=max_moves, executor=executor, chunks=chunks
            )
            if probed is not None:
                komis = komi_values(game, *probed, step=komi_grid_step(game, *probed))
                komi_games = min(count, AUTO_KOMI_GAMES)
                total += komi_games * len(komis)
        elif komi_range == "auto":
            komis = []
        by_komi = counter(f"{who} by komi", komi_games * len(komis))
        for k in komis:
            at = join(
                play(
                    make_game(game.name, **{**game.options, "komi": k}),
                    per_move,
                    0,
                    komi_games,
                    None,
                    by_komi,
                    branching=False,
                ),
                cap,
            )
            black, white, rate, interval = _rate(at.winners)
            points.append(KomiPoint(k, komi_games, black, white, rate, interval))
        measures = design_measures(
            played,
            game.num_points,
            (evaluated, every, evaluation_iterations) if evaluated else None,
            detailed=detail_played,
        )
        seconds = time.perf_counter() - started
        reports.append(
            _report(name, per_move, played, detail_played, tuple(points), measures, seconds)
        )
    trace, left_out = None, None
    if skill_levels is None or skill_base is None:
        fitted = fit_skill_trace(
            mean_length,
            skill_games,
            DEFAULT_LEVELS if skill_levels is None else skill_levels,
            DEFAULT_BASE if skill_base is None else skill_base,
            plies=SKILL_PLIES if ply_seconds is None else plies_within(SKILL_SECONDS, ply_seconds),
        )
        if skill_levels is None and fitted[0] == 0:
            left_out = LeftOutSkillTrace(
                fitted[1], skill_trace_cost(mean_length, skill_games, 1, fitted[1])
            )
        skill_levels = fitted[0] if skill_levels is None else skill_levels
        skill_base = fitted[1] if skill_base is None else skill_base
    if skill_levels:
        trace = skill_trace(
            game,
            levels=skill_levels,
            games=skill_games,
            base=skill_base,
            seed=seed,
            exploration=exploration,
            threads=threads,
            max_moves=max_moves,
            executor=executor,
            chunks=chunks,
            progress=None
            if stage_progress is None
            else lambda d, t: stage_progress("skill trace", d, t),
        )
    return BalanceReport(
        game=game,
        seed=seed,
        max_moves=cap,
        reports=tuple(reports),
        skill_trace=trace,
        ply_seconds=ply_seconds,
        skill_trace_left_out=left_out,
    )
