"""The balance report: numbers, JSON, plots and the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest
import stonefield
from stonefield import OptionError
from stonefield.analyze import KomiPoint, fair_komi, length_histogram

#: Only the games' outcomes, lengths and branching: no evaluated positions
#: and no skill trace, which tests/test_metrics.py covers on small boards.
PLAY_ONLY = {"evaluated_games": 0, "skill_levels": 0}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stonefield.cli", *args], capture_output=True, text=True, timeout=300
    )


def test_random_play_matches_simulate_game_for_game():
    report = stonefield.analyze("sunder", games=500, seed=4, size=5, **PLAY_ONLY)
    random = report.report("random")
    simulated = stonefield.simulate("sunder", games=500, seed=4, size=5).summary
    assert random.black_wins == simulated.black_wins
    assert random.length_mean == pytest.approx(simulated.length_mean)
    assert random.games_by_ply[0] == 500
    # On the empty 61-point board every point is legal; then swap joins in.
    assert random.branching_by_ply[:2] == [61.0, 61.0]
    assert random.branching_by_ply[2] == 59.0
    assert sum(random.endings.values()) == 500
    assert set(random.endings) <= {"black wins after a placement", "white wins after a placement"}
    counts, edges = random.length_histogram
    assert sum(counts) == 500 and len(edges) == len(counts) + 1
    assert report.report("mcts") is None


def test_komi_sweep_finds_where_black_stops_winning():
    report = stonefield.analyze(
        "sunder", games=600, seed=1, size=4, komi_range=(-4, 4), **PLAY_ONLY
    )
    points = report.report("random").komi
    assert [p.komi for p in points] == [k / 2 for k in range(-8, 9)]
    rates = [p.black_win_rate for p in points]
    assert rates[0] > 0.6 and rates[-1] < 0.4, rates
    fair = report.report("random").fair_komi
    assert fair is not None and -4 < fair < 4
    for p in points:
        assert p.black_win_interval[0] <= p.black_win_rate <= p.black_win_interval[1]


def test_mcts_self_play_is_reported_beside_random_play():
    report = stonefield.analyze("sunder", games=200, seed=2, size=3, bot="mcts", iterations=100)
    mcts = report.report("mcts")
    assert mcts is not None and mcts.games == 100 and mcts.iterations == 100
    assert mcts.black_wins + mcts.white_wins + mcts.no_winner + mcts.unfinished == 100
    assert mcts.branching_mean > 0


def test_fair_komi_is_where_the_fitted_rate_crosses_half():
    def point(komi, rate):
        black = round(rate * 1000)
        return KomiPoint(komi, 1000, black, 1000 - black, rate, (0.0, 1.0))

    assert fair_komi([point(0, 0.7), point(1, 0.5), point(2, 0.3)]) == pytest.approx(1.0)
    # Noise at one komi moves the estimate a little, not to that komi.
    noisy = [point(k, r) for k, r in [(0, 0.7), (1, 0.62), (2, 0.48), (3, 0.53), (4, 0.3)]]
    assert 2 < fair_komi(noisy) < 3
    assert fair_komi([point(0, 0.7), point(1, 0.6)]) is None, "no crossing in range"
    assert fair_komi([point(0, 0.3), point(1, 0.7)]) is None, "rate rising with komi"
    assert fair_komi([point(0, 0.5)]) is None


def test_bad_arguments_raise_option_error():
    with pytest.raises(OptionError, match="bot must be"):
        stonefield.analyze("sunder", games=10, bot="alphazero")
    with pytest.raises(OptionError, match="komi range"):
        stonefield.analyze("sunder", games=10, komi_range=(2, -2))
    with pytest.raises(OptionError, match="komi"):
        stonefield.analyze("sunder", games=10, size=3, komi_range=(-20, 0))


def test_the_command_prints_tables_json_and_plots(tmp_path):
    done = run("analyze", "sunder", "--size", "4", "--games", "300", "--komi-range=-2:2")
    assert done.returncode == 0, done.stderr
    assert "Black wins" in done.stdout and "fair komi" in done.stdout
    done = run(
        "analyze", "sunder", "--size", "3", "--games", "200", "--bot", "mcts",
        "--iterations", "50", "--mcts-games", "20", "--komi-range", "0:1",
        "--json", "--plot", str(tmp_path),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [r["bot"] for r in data["reports"]] == ["random", "mcts"]
    assert data["reports"][1]["games"] == 20
    assert len(data["reports"][0]["komi"]) == 3
    for name in ("komi.png", "lengths.png", "branching.png"):
        assert (tmp_path / name).read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("analyze", "sunder", "--komi-range", "1"), "a komi range is LOW:HIGH"),
        (("analyze", "sunder", "--bot", "best"), "invalid choice"),
        (("analyze", "sunder", "--games", "10", "--size", "3", "--komi-range=0:99"), "komi"),
    ],
)
def test_the_command_reports_bad_arguments_in_one_line(args, message):
    done = run(*args)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_plots_need_matplotlib_and_say_so(monkeypatch, tmp_path):
    import stonefield.plots as plots

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    report = stonefield.analyze("sunder", games=20, size=3)
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'stonefield\[plot\]'"):
        plots.write_plots(report, tmp_path)


@pytest.mark.parametrize("span", [1, 2, 39, 40, 41, 61, 79, 80, 81, 130])
def test_length_histogram_bins_hold_whole_lengths_alike(span):
    # Every length from 30 on equally often: every bin must count the same,
    # where 40 bins of width 1.525 over 61 lengths alternated 10s and 20s.
    lengths = np.repeat(np.arange(30, 30 + span), 10)
    counts, edges = length_histogram(lengths)
    widths = np.diff(edges)
    assert len(counts) <= 40 and len(edges) == len(counts) + 1 and sum(counts) == len(lengths)
    assert np.all(widths == widths[0]) and widths[0] == int(widths[0]) >= 1
    assert edges[0] == 29.5 and edges[-1] >= 29.5 + span
    assert counts[:-1] == [10 * int(widths[0])] * (len(counts) - 1)
    # The last bin may reach past the longest game, never beyond one bin.
    assert edges[-1] - widths[0] < 29.5 + span


def test_a_report_bins_its_lengths_on_whole_numbers():
    report = stonefield.analyze("sunder", games=3000, seed=3, size=7, **PLAY_ONLY)
    counts, edges = report.report("random").length_histogram
    simulated = stonefield.simulate("sunder", 3000, seed=3, size=7)
    assert counts == length_histogram(simulated.lengths)[0]
    assert all(edge % 1 == 0.5 for edge in edges)
    assert len(set(np.diff(edges))) == 1


def fair_komi_labels(report):
    """The window boxes of the komi picture's fair-komi labels, the axes'
    and the legend's."""
    pytest.importorskip("matplotlib")
    from stonefield.plots import komi_figure

    figure = komi_figure(report)
    renderer = figure.canvas.get_renderer()
    (axes,) = figure.axes
    labels = [t for t in axes.texts if t.get_text().startswith("fair komi")]
    boxes = [t.get_window_extent(renderer) for t in labels]
    return boxes, axes.get_window_extent(renderer), axes.get_legend().get_window_extent(renderer)


@pytest.mark.parametrize("fair", [(-1.0, -1.0), (0.0, 0.25), (1.9, 2.0), (-2.0, 2.0), (1.0, None)])
def test_the_fair_komi_labels_of_two_players_never_overlap(fair):
    import dataclasses

    report = stonefield.analyze(
        "sunder",
        games=60,
        seed=1,
        size=3,
        bot="mcts",
        iterations=20,
        komi_range=(-2, 2),
        **PLAY_ONLY,
    )
    report = dataclasses.replace(
        report,
        reports=tuple(
            dataclasses.replace(r, fair_komi=k) for r, k in zip(report.reports, fair, strict=True)
        ),
    )
    boxes, axes, legend = fair_komi_labels(report)
    assert len(boxes) == sum(k is not None for k in fair)
    for i, box in enumerate(boxes):
        assert axes.x0 <= box.x0 and box.x1 <= axes.x1 and axes.y0 <= box.y0 and box.y1 <= axes.y1
        assert not box.overlaps(legend)
        assert not any(box.overlaps(other) for other in boxes[i + 1 :])


def test_branching_arrays_are_plain_lists_for_json():
    report = stonefield.analyze("sunder", games=50, size=3)
    random = report.report("random")
    assert isinstance(random.branching_by_ply, list)
    json.dumps(report.to_dict())
    assert np.isfinite(random.branching_mean)


def test_an_automatic_komi_range_spans_where_komi_turns_the_game():
    from stonefield.metrics.komi_range import FAR_ABOVE, FAR_BELOW, probe_komi_range

    game = stonefield.Sunder(size=4)
    low, high = probe_komi_range(game, seed=1)
    assert low < 0 < high
    # The probes' own games: 100 random games at each end.
    for komi, holds in ((low, lambda r: r >= FAR_ABOVE), (high, lambda r: r <= FAR_BELOW)):
        rate = stonefield.simulate(stonefield.Sunder(size=4, komi=komi), games=100, seed=1)
        assert holds(rate.summary.black_win_rate), komi
    report = stonefield.analyze(game, games=1000, seed=1, komi_range="auto", **PLAY_ONLY)
    random = report.report("random")
    assert random.komi[0].komi == low and random.komi[-1].komi <= high
    assert 2 <= len(random.komi) <= 17 and {p.games for p in random.komi} == {400}
    assert random.komi[0].black_win_rate > 0.5 > random.komi[-1].black_win_rate
    assert random.fair_komi is not None and low < random.fair_komi < high
    lingarda = stonefield.analyze("lingarda", games=50, size=3, komi_range="auto", **PLAY_ONLY)
    assert lingarda.report("random").komi == ()
