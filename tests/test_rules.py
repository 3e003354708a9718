"""The rules page: the text the package ships, what `stonefield rules`
prints, the engine's rulings and options it must name, and docs/rules.md
made from it with pictures."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
import stonefield
from stonefield.overlays import overlay_marks
from stonefield.rules import COMMON, rules_text, sections

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stonefield.cli", *args], capture_output=True, text=True, timeout=60
    )


def pictures():
    spec = importlib.util.spec_from_file_location("pictures", ROOT / "docs" / "pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_is_its_opening_the_shared_part_and_one_part_per_game():
    titles = list(sections())
    assert titles == ["", COMMON, *(t.capitalize() for t in titles[2:])]
    assert sorted(t.lower() for t in titles[2:]) == sorted(stonefield.GAMES)


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_the_command_prints_one_games_part(name):
    done = run("rules", name.upper())
    assert done.returncode == 0, done.stderr
    assert done.stdout == rules_text(name)
    headings = re.findall(r"^## .*$", done.stdout, flags=re.MULTILINE)
    assert headings == [f"## {name.capitalize()}"]


def test_the_command_without_a_game_prints_what_every_game_shares():
    done = run("rules")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("# The rules of the five games\n")
    assert re.findall(r"^## .*$", done.stdout, flags=re.MULTILINE) == [f"## {COMMON}"]
    assert "### The hexagonal board" in done.stdout and "### The square board" in done.stdout


def test_the_command_names_the_games_for_an_unknown_one():
    done = run("rules", "chess")
    assert done.returncode == 2
    assert done.stderr == (
        "stonefield: error: unknown game 'chess' (games: anadil, anda, esgrad, lingarda, sunder)\n"
    )


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_each_part_gives_every_option_with_the_engines_default(name):
    def text(value: object) -> str:
        return str(value).lower() if isinstance(value, bool) else str(value)

    options = stonefield.game(name).options
    given = re.findall(r"`(\w+)=([^`]+)`", rules_text(name).split("\nOptions: ")[1])
    assert given == [(option, text(value)) for option, value in options.items()]


def engine_rulings(name: str) -> set[str]:
    """The rulings named in the doc comments of the game's Rust code (its
    tests and literal reference transcriptions left out)."""
    games = ROOT / "rust" / "games"
    files = [games / f"{name}.rs", *(games / name).rglob("*.rs")]
    code = "".join(
        f.read_text() for f in files if f.name not in ("tests.rs", "naive.rs") and f.is_file()
    )
    return set(re.findall(r"///.*?Ruling \(([a-z -]+)\)", code))


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_each_ruling_of_the_engine_is_settled_in_its_games_part(name):
    rulings = engine_rulings(name)
    assert rulings, f"no ruling found in the Rust code of {name}"
    settled = set(re.findall(r"\*\*Settled \(([a-z -]+)\)\.\*\*", rules_text(name)))
    assert settled == rulings


def test_docs_rules_md_is_the_package_text_with_its_pictures():
    made = pictures()
    assert (ROOT / "docs" / "rules.md").read_text() == made.rules_page()
    for name in stonefield.GAMES:
        assert (ROOT / "docs" / "rules" / f"{name}.svg").read_text() == made.rule_picture(name)
        assert f"](rules/{name}.svg)" in made.rules_page()


def test_each_rules_picture_shows_what_its_caption_says():
    made = pictures()

    def drawn(name: str) -> tuple[stonefield.State, dict[str, tuple[str, ...]]]:
        record, overlay, at, _ = made.RULE_PICTURES[name]
        state = stonefield.load(record)
        marks = overlay_marks(state, overlay, at).marks
        return state, {m.role: m.points for m in marks}

    state, marks = drawn("sunder")
    assert state.winner == stonefield.Colour.BLACK and state.ply == 9
    assert sorted(len(marks[role]) for role in ("largest-cut", "cut")) == [7, 7]
    state, marks = drawn("anda")
    assert state.prisoners[stonefield.Colour.BLACK] == 1 and state.stone_at("b1") is None
    assert marks["obstructed"] == ("a1", "b1") and len(marks["free"]) == 5
    state, marks = drawn("anadil")
    assert marks["free"] == ("b2",) and len(marks["obstructed"]) == 5
    assert str(state.prison) == "2 white stones"
    state, _ = drawn("lingarda")
    preview = state.preview("a2")
    assert preview.legal and preview.flips == ["a1", "c1"]
    state, marks = drawn("esgrad")
    (white,) = state.score()[stonefield.Colour.WHITE].groups
    assert white.partitions == 3 and white.value == 6 and "c3" in white.points
