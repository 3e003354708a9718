"""The design report: one self-contained HTML page that parsers and a real
browser read, JSON that keeps all of it, and the command line."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser

import pytest
import stonefield
from stonefield.metrics import tournament
from stonefield.metrics.report import html_report

from tests.test_cli import SUNDER_3

pytest.importorskip("matplotlib")

VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "wbr"}


class TagChecker(HTMLParser):
    """Checks that every element is closed in order, and collects what a
    page would fetch."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.errors: list[str] = []
        self.fetches: list[str] = []
        self.counts: dict[str, int] = {}

    def handle_starttag(self, tag, attrs):
        self.counts[tag] = self.counts.get(tag, 0) + 1
        for name, value in attrs:
            if name in {"src", "href", "xlink:href"} and value and not value.startswith("#"):
                self.fetches.append(f"{tag} {name}={value}")
        if tag in {"script", "link", "img", "iframe", "object", "embed"}:
            self.fetches.append(tag)
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.counts[tag] = self.counts.get(tag, 0) + 1

    def handle_endtag(self, tag):
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()


@pytest.fixture(scope="module")
def report():
    analysed = stonefield.analyze(
        "sunder",
        games=300,
        seed=1,
        size=3,
        komi_range=(-1, 1),
        bot="mcts",
        iterations=40,
        mcts_games=10,
        evaluated_games=4,
        evaluation_iterations=40,
        skill_levels=2,
        skill_games=4,
        skill_base=8,
    )
    played = tournament(analysed.game, ["random", "mcts:30"], games_per_pair=4, seed=1)
    return analysed.with_tournament(played)


def test_the_page_is_well_formed_and_fetches_nothing(report):
    page = html_report(report)
    checker = TagChecker()
    checker.feed(page)
    checker.close()
    assert page.startswith("<!DOCTYPE html>")
    assert checker.errors == [] and checker.open == []
    assert checker.fetches == []
    # The komi curve, lengths, branching, evaluations and skill trace.
    assert checker.counts["svg"] == 5
    for heading in (
        "Measures",
        "Komi",
        "Game length",
        "Branching by move number",
        "The evaluator's view",
        "Skill trace",
        "Tournament",
        "How games end",
    ):
        assert f"<h2>{heading}</h2>" in page
    for label in (
        "First-player advantage",
        "Decision moves",
        "Board coverage",
        "Game-tree complexity",
        "Lead changes",
        "Drama",
        "Stability",
        "Decisiveness",
    ):
        assert label in page
    assert not re.search(r"\bnan\b", page, re.IGNORECASE)
    assert "&amp;" not in page, "text is escaped once"


@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs Debian's chromium")
def test_a_real_browser_reads_the_whole_page(report, tmp_path):
    page = tmp_path / "report.html"
    page.write_text(html_report(report), encoding="utf-8")
    done = subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    assert "<title>Design report: Sunder(size=3" in dom
    assert dom.count("<svg") == 5 and dom.count("<table") == 5
    assert "How games end" in dom


def test_json_keeps_every_measure_and_is_strict(report):
    data = json.loads(json.dumps(report.to_dict(), allow_nan=False))
    measures = data["reports"][0]["measures"]
    for name in (
        "first_player_advantage",
        "completion",
        "duration",
        "branching_factor",
        "branching_max",
        "branching_change",
        "decision_moves",
        "board_coverage",
        "game_tree_complexity",
    ):
        assert set(measures[name]) == {"value", "low", "high", "spread", "n"}
    assert set(measures["evaluation"]) >= {"lead_changes", "drama", "stability", "decisiveness"}
    assert len(data["skill_trace"]["levels"]) == 2
    assert data["tournament"]["players"] == ["random", "mcts:30"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stonefield.cli", *args], capture_output=True, text=True, timeout=300
    )


def test_the_command_writes_the_report_and_strict_json(tmp_path):
    page = tmp_path / "r.html"
    done = run(
        "analyze",
        *SUNDER_3,
        "--games",
        "100",
        "--evaluated-games",
        "2",
        "--skill-levels",
        "1",
        "--skill-games",
        "2",
        "--players",
        "random",
        "mcts:20",
        "--tournament-games",
        "2",
        "--report",
        str(page),
        "--json",
    )
    assert done.returncode == 0, done.stderr

    def no_constants(name: str) -> None:
        raise AssertionError(f"{name} in JSON")

    data = json.loads(done.stdout, parse_constant=no_constants)
    assert data["tournament"]["games_per_pair"] == 2
    assert "<h2>Tournament</h2>" in page.read_text(encoding="utf-8")


def test_the_tournament_command_prints_a_crosstable_and_ratings():
    done = run(
        "tournament",
        *SUNDER_3,
        "--players",
        "random",
        "mcts:50",
        "puct:50",
        "--games",
        "4",
        "--seed",
        "2",
    )
    assert done.returncode == 0, done.stderr
    assert "first \\ second" in done.stdout and "Elo" in done.stdout
    assert "puct:50" in done.stdout
    bad = run("tournament", "sunder", "--players", "random", "nobody")
    assert bad.returncode == 2 and "a player is" in bad.stderr


def test_the_markdown_form_has_every_table_and_its_pictures_beside_it(report, tmp_path):
    from stonefield.metrics.report import write_report

    written = write_report(report, tmp_path / "sunder.md")
    page, pictures = written[0], written[1:]
    text = page.read_text(encoding="utf-8")
    assert [p.name for p in pictures] == [
        f"sunder-{name}.png"
        for name in ("komi", "lengths", "branching", "evaluation", "skill-trace")
    ]
    for picture in pictures:
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"]({picture.name})" in text
    # Every row of a table has as many cells as its header.
    tables = [block.splitlines() for block in text.split("\n\n") if block.startswith("|")]
    assert len(tables) == 5
    for rows in tables:
        widths = {len(re.findall(r"(?<!\\)\|", row)) for row in rows}
        assert len(widths) == 1, rows
    for heading in ("Measures", "Komi", "Skill trace", "Tournament", "How games end"):
        assert f"\n## {heading}\n" in text
    assert "Decisiveness" in text and not re.search(r"\bnan\b", text, re.IGNORECASE)
