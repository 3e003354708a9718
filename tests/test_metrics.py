"""The design measures, each on a case worked out by hand: a constructed
batch, or a board small enough to count."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
import stonefield
from stonefield import OptionError
from stonefield.analyze import BalanceReport
from stonefield.metrics import (
    Trajectory,
    board_coverage,
    branching_change,
    branching_factor,
    branching_max,
    completion,
    decision_moves,
    decisiveness,
    drama,
    duration,
    first_player_advantage,
    game_tree_complexity,
    lead_changes,
    mean_of,
    share_of,
    skill_trace,
    stability,
)


def sunder_2(**budgets: Any) -> BalanceReport:
    """The analysis of 40 random games of Sunder 2 without the pie rule (seed
    2): its games last a few plies, so the budgets alone decide what runs."""
    return stonefield.analyze("sunder", games=40, seed=2, size=2, pie=False, **budgets)


def sunder_3(games: int, seed: int, evaluated_games: int = 0, **budgets: Any) -> BalanceReport:
    """The analysis of ``games`` random games of Sunder 3 (seed ``seed``)
    with no skill trace, and no evaluated game unless asked for."""
    return stonefield.analyze(
        "sunder",
        games=games,
        seed=seed,
        size=3,
        evaluated_games=evaluated_games,
        skill_levels=0,
        **budgets,
    )


def test_a_share_has_its_wilson_interval_and_a_mean_its_normal_one():
    share = share_of(8, 10)
    assert share.value == 0.8 and share.spread is None
    assert share.low == pytest.approx(0.4902, abs=1e-4)
    assert share.high == pytest.approx(0.9433, abs=1e-4)
    mean = mean_of([2.0, 4.0, 6.0, 8.0])
    sd = math.sqrt(20 / 3)
    assert (mean.value, mean.spread) == (5.0, pytest.approx(sd))
    assert mean.high - mean.value == pytest.approx(1.96 * sd / 2)
    empty = mean_of([])
    assert math.isnan(empty.value) and empty.n == 0
    assert empty.to_dict()["value"] is None, "JSON gets null, never NaN"


def test_outcome_and_duration_measures_by_hand():
    winners = np.array([0, 0, 1, -1, 0], dtype=np.int8)
    advantage = first_player_advantage(winners)
    assert (advantage.value, advantage.n) == (0.75, 4), "a game with no winner does not count"
    assert completion(np.array([True, False, True, True])).value == 0.75
    length = duration(np.array([10, 12, 14], dtype=np.uint32))
    assert (length.value, length.spread) == (12.0, 2.0)


def test_branching_measures_of_a_constructed_batch():
    # Game 0: legal moves 5, 4, 3 over 3 plies. Game 1: 2, 1 over 2 plies.
    total, longest = np.array([12, 3]), np.array([5, 2])
    first, last, lengths = np.array([5, 2]), np.array([3, 1]), np.array([3, 2])
    assert branching_factor(total, lengths).value == pytest.approx((4 + 1.5) / 2)
    assert branching_max(longest, lengths).value == 3.5
    assert branching_change(first, last, lengths).value == pytest.approx((-1 + -1) / 2)
    # Game 1's second ply is forced: 1 of its 2 plies had a choice.
    assert decision_moves(np.array([3, 1]), lengths).value == pytest.approx((1 + 0.5) / 2)
    expected = (3 * math.log10(4) + 2 * math.log10(1.5)) / 2
    assert game_tree_complexity(total, lengths).value == pytest.approx(expected)
    assert board_coverage(np.array([3, 2]), 5).value == pytest.approx(0.5)


def test_a_forced_sequence_has_no_decision_moves():
    forced = decision_moves(np.array([0, 0]), np.array([4, 7]))
    assert (forced.value, forced.low, forced.high) == (0.0, 0.0, 0.0)
    free = decision_moves(np.array([4, 7]), np.array([4, 7]))
    assert free.value == 1.0


def test_measures_of_sunder_side_two_match_a_count_by_hand():
    # Sunder side 2 without swap: 7 points and no captures, so ply k offers
    # exactly 7 - k points, and every placement covers a new point.
    report = stonefield.analyze(
        "sunder", games=300, seed=3, size=2, pie=False, evaluated_games=0, skill_levels=0
    )
    random = report.report("random")
    lengths = stonefield.simulate("sunder", games=300, seed=3, size=2, pie=False).lengths
    mean_branching = [np.mean([7 - k for k in range(n)]) for n in lengths]
    m = random.measures
    assert random.branching_by_ply[:3] == [7.0, 6.0, 5.0]
    assert m.branching_factor.value == pytest.approx(np.mean(mean_branching))
    assert m.branching_max.value == 7.0
    assert m.branching_change.value == pytest.approx(-1.0)
    assert m.board_coverage.value == pytest.approx(lengths.mean() / 7)
    complexity = np.mean([n * math.log10(b) for n, b in zip(lengths, mean_branching, strict=True)])
    assert m.game_tree_complexity.value == pytest.approx(complexity)
    # Only a game that fills the board has a forced ply: its last.
    forced = np.mean([1 / 7 if n == 7 else 0 for n in lengths])
    assert m.decision_moves.value == pytest.approx(1 - forced)
    assert m.evaluation is None and report.skill_trace is None


def trajectory(values, winner, plies=None, length=None):
    values = np.array(values, dtype=np.float64)
    plies = np.arange(len(values)) if plies is None else np.array(plies)
    return Trajectory(plies, values, winner, len(values) if length is None else length)


def test_lead_changes_count_sign_changes_past_even_positions():
    assert lead_changes([trajectory([0.1, 0.2, 0.3], 0)]).value == 0
    assert lead_changes([trajectory([0.1, -0.2, 0.3, -0.1], 1)]).value == 3
    # An even position is nobody's lead: + 0 + is no change.
    assert lead_changes([trajectory([0.1, 0.0, 0.2], 0)]).value == 0
    both = lead_changes([trajectory([0.1, 0.2], 0), trajectory([0.1, -0.2], 1)])
    assert (both.value, both.n) == (0.5, 2)


def test_drama_is_the_winners_mean_deficit():
    # White won (w = -1): White's value is -v, behind by 0.4 then 0.2.
    comeback = trajectory([0.4, 0.2, -0.5, -0.9], 1)
    assert drama([comeback]).value == pytest.approx((0.4 + 0.2) / 4)
    assert drama([trajectory([0.3, 0.6], 0)]).value == 0.0
    unfinished = drama([trajectory([0.3, -0.6], -1)])
    assert unfinished.n == 0, "a game with no winner has no drama"


def test_stability_is_the_variance_of_the_evaluation():
    assert stability([trajectory([0.5, 0.5, 0.5], 0)]).value == 0.0
    assert stability([trajectory([0.2, -0.2], 0)]).value == pytest.approx(0.04)


def test_decisiveness_is_where_the_winners_value_stays_above_the_threshold():
    # Black won a game of 10 plies sampled every 2 plies; above 0.5 from ply
    # 6 on (ply 2 was above too, but it fell back).
    g = trajectory([0.1, 0.7, 0.2, 0.6, 0.8], 0, plies=[0, 2, 4, 6, 8], length=10)
    assert decisiveness([g]).value == pytest.approx(0.6)
    assert decisiveness([g], threshold=0.0).value == 0.0
    never = trajectory([0.1, 0.2, 0.3], 0, length=3)
    assert decisiveness([never]).value == 1.0


def test_evaluated_games_are_the_games_of_the_batch():
    plain = sunder_3(60, 5)
    evaluated = sunder_3(60, 5, evaluated_games=10, evaluation_iterations=50)
    a, b = plain.report("random"), evaluated.report("random")
    assert (a.black_wins, a.length_histogram) == (b.black_wins, b.length_histogram)
    assert a.measures.board_coverage == b.measures.board_coverage
    e = b.measures.evaluation
    assert e is not None and e.games == 10 and e.iterations == 50
    for t in e.trajectories:
        assert t.plies[0] == 0 and np.all(np.diff(t.plies) == e.every)
        assert np.all(np.abs(t.values) <= 1)
    assert 0 <= e.drama.value <= 1 and 0 <= e.decisiveness.value <= 1


def test_skill_trace_on_sunder_side_four_rewards_more_iterations():
    trace = skill_trace(stonefield.Sunder(size=4), levels=3, games=24, base=16, seed=2)
    assert [(lv.strong, lv.weak) for lv in trace.levels] == [(32, 16), (64, 32), (128, 64)]
    for lv in trace.levels:
        assert lv.strong_wins + lv.weak_wins + lv.draws == 24
        assert lv.score.low <= lv.score.value <= lv.score.high
    assert trace.overall.low > 0.5, trace.overall
    assert trace.slope is not None and trace.trend_centre is not None
    again = skill_trace(stonefield.Sunder(size=4), levels=3, games=24, base=16, seed=2)
    assert [lv.strong_wins for lv in again.levels] == [lv.strong_wins for lv in trace.levels]


def test_skill_trace_with_an_executor_is_the_same_trace():
    from concurrent.futures import ThreadPoolExecutor

    game = stonefield.Sunder(size=3)
    here = skill_trace(game, levels=2, games=8, base=8, seed=4)
    with ThreadPoolExecutor(2) as pool:
        there = skill_trace(game, levels=2, games=8, base=8, seed=4, executor=pool, chunks=3)
    assert here.levels == there.levels


def test_bad_measure_arguments_raise_option_error():
    with pytest.raises(OptionError, match="levels"):
        skill_trace(stonefield.Sunder(size=3), levels=0)
    with pytest.raises(OptionError, match="games"):
        skill_trace(stonefield.Sunder(size=3), games=1)
    with pytest.raises(OptionError, match="evaluated_games"):
        stonefield.analyze("sunder", games=10, size=3, evaluated_games=-1)
    with pytest.raises(OptionError, match="evaluation_iterations"):
        stonefield.analyze("sunder", games=10, size=3, evaluation_iterations=0)


def test_left_out_budgets_are_fitted_to_the_games_length():
    from stonefield.metrics.budget import fit_evaluation_iterations, fit_skill_trace

    # Short games keep the full defaults; the longer a game, the less search.
    assert fit_skill_trace(60, 20, 4, 16) == (4, 16)
    fitted = [fit_skill_trace(length, 20, 4, 16) for length in (100, 200, 400, 800, 1600)]
    assert fitted == sorted(fitted, reverse=True) and fitted[-1] == (0, 8)
    assert 16 <= fit_evaluation_iterations(2000, 20, 20, 200) < 32, "never below 16"
    report = sunder_2(skill_games=2)
    trace = report.skill_trace
    assert trace is not None and [lv.weak for lv in trace.levels] == [16, 32, 64, 128]
    evaluation = report.report("random").measures.evaluation
    assert evaluation is not None and evaluation.iterations == 200
    # A budget given is kept: only what is left out is fitted.
    given = sunder_2(skill_games=2, skill_base=3)
    assert given.skill_trace is not None and given.skill_trace.levels[0].weak == 3


def test_the_measures_of_choice_come_from_the_first_games_alone():
    # 200 games with the first 50 detailed give those 50 games' branching,
    # and every game's outcome and length.
    part = sunder_3(200, 3, detailed_games=50)
    first = sunder_3(50, 3)
    everything = sunder_3(200, 3, detailed_games=200)
    p, f, e = part.report("random"), first.report("random"), everything.report("random")
    assert p.detailed_games == 50 and p.games == 200
    for name in ("branching_factor", "decision_moves", "board_coverage", "game_tree_complexity"):
        assert getattr(p.measures, name) == getattr(f.measures, name), name
        assert getattr(p.measures, name).n == 50
    assert p.branching_by_ply == f.branching_by_ply and p.games_by_ply[0] == 50
    assert p.measures.duration == e.measures.duration and p.measures.duration.n == 200
    assert (p.black_wins, p.length_histogram) == (e.black_wins, e.length_histogram)
    with pytest.raises(OptionError, match="detailed_games"):
        stonefield.analyze("sunder", games=10, size=3, detailed_games=0)


def test_a_fitted_skill_trace_drops_levels_before_it_searches_too_little():
    from stonefield.metrics.budget import INFORMATIVE_BASE, fit_skill_trace, skill_trace_cost

    # Within a budget for two levels at base 16, the top levels go first.
    plies = skill_trace_cost(200, 20, 2, 16)
    assert fit_skill_trace(200, 20, 4, 16, plies=plies) == (2, 16)
    # Below it, the base halves, never under the informative base, then the
    # levels go, down to none; every fit is within its budget.
    for length in (100, 300, 700):
        levels, base = fit_skill_trace(length, 20, 4, 16, plies=1e7)
        assert skill_trace_cost(length, 20, levels, base) <= 1e7
        assert base >= INFORMATIVE_BASE
    assert fit_skill_trace(200, 20, 4, 16, plies=1e7) == (1, 8)
    assert fit_skill_trace(700, 20, 4, 16, plies=1e7) == (0, 8)


def test_a_skill_trace_too_costly_for_one_level_is_left_out_and_the_report_says_so():
    from stonefield.metrics.budget import INFORMATIVE_BASE, skill_trace_cost
    from stonefield.metrics.report import html_report

    # Sunder 2's games last a few plies; 1e6 games a level cannot fit.
    report = sunder_2(evaluated_games=0, skill_games=10**6)
    assert report.skill_trace is None
    mean_length = report.report("random").measures.duration.value
    expected = skill_trace_cost(mean_length, 10**6, 1, INFORMATIVE_BASE)
    left_out = report.skill_trace_left_out
    assert left_out is not None and left_out.base == INFORMATIVE_BASE
    assert left_out.plies == pytest.approx(expected)
    assert report.to_dict()["skill_trace_left_out"] == {
        "base": INFORMATIVE_BASE,
        "plies": pytest.approx(expected),
    }
    assert f"--skill-levels 1 --skill-base {INFORMATIVE_BASE} runs it" in html_report(report)
    # A base given is the base the report names and costs.
    based = sunder_2(
        evaluated_games=0,
        skill_games=10**6,
        skill_base=3,
    )
    assert based.skill_trace_left_out is not None and based.skill_trace_left_out.base == 3
    assert based.skill_trace_left_out.plies == pytest.approx(
        skill_trace_cost(mean_length, 10**6, 1, 3)
    )
    assert "6 against 3 iterations" in html_report(based)
    # A trace asked for is never left out, and one that fits leaves nothing to say.
    asked = sunder_2(
        evaluated_games=0,
        skill_levels=1,
        skill_games=2,
    )
    assert asked.skill_trace is not None and asked.skill_trace_left_out is None


def test_left_out_budgets_follow_the_measured_cost_and_the_report_says_so():
    from stonefield.metrics.report import html_report

    # 1,500 games of Sunder 7 without their legal moves counted: enough plies to time.
    report = stonefield.analyze("sunder", games=2000, seed=1, evaluated_games=2, skill_games=2)
    assert report.ply_seconds is not None and 0 < report.ply_seconds < 1e-3
    trace = report.skill_trace
    assert trace is not None
    page = html_report(report)
    assert f"--skill-levels {len(trace.levels)} --skill-base {trace.levels[0].weak}" in page
    # Budgets given are kept.
    given = sunder_2(
        skill_games=2,
        skill_base=3,
        skill_levels=1,
        evaluation_iterations=20,
    )
    assert given.skill_trace is not None and given.skill_trace.levels[0].weak == 3
