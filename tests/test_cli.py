"""The ``stonefield`` command, run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import stonefield

#: The small game most commands here are run on.
SUNDER_3 = ("sunder", "--size", "3")


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stonefield.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_simulate_prints_a_summary_table():
    done = run("simulate", "sunder", "--games", "500", "--size", "5", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "Black wins" in done.stdout and "moves per second" in done.stdout


def test_simulate_json_is_machine_readable():
    done = run("simulate", "sunder", "--games", "300", "--size", "4", "--json", "--threads", "1")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 300 and summary["options"]["size"] == 4
    assert summary["black_wins"] + summary["white_wins"] == 300


def test_selfplay_writes_training_rows_that_match_the_library(tmp_path):
    import numpy as np
    import stonefield
    from stonefield.evaluators import Rollouts

    out = tmp_path / "data.npz"
    done = run(
        "selfplay",
        *SUNDER_3,
        "--games",
        "3",
        "--simulations",
        "8",
        "--seed",
        "4",
        "--out",
        str(out),
    )
    assert done.returncode == 0, done.stderr
    assert f"written to {out}" in done.stdout
    data = stonefield.selfplay(stonefield.Sunder(size=3), Rollouts(1), 3, simulations=8, seed=4)
    with np.load(out) as saved:
        assert np.array_equal(saved["policies"], data.policies)
        assert list(saved["records"]) == data.records
    bad = run("selfplay", "sunder", "--playouts", "0", "--out", str(out))
    assert bad.returncode == 2 and "playouts must be" in bad.stderr


def test_show_prints_the_final_position():
    done = run("show", "sunder size=2 pie=false ; a2 a1 c2 c3 b2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("Black won")
    from_stdin = run("show", "-", stdin="sunder size=2 ; b2")
    assert "White to move" in from_stdin.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "go"), "unknown game 'go'"),
        (("simulate", "sunder", "--size", "40"), "size must be from 2 to 25"),
        (("simulate", "sunder", "--games", "many"), "invalid int value"),
        (("simulate", "sunder", "--threads", "0"), "threads must be at least 1"),
        (("show", "sunder size=3 ; b2 b2"), "move 2 'b2'"),
        (("fly",), "invalid choice"),
    ],
)
def test_bad_arguments_print_one_line_and_exit_2(args, message):
    done = run(*args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 or lines[0].startswith("usage:"), done.stderr
    assert message in done.stderr and "Traceback" not in done.stderr


def test_ctrl_c_stops_a_long_simulation_quickly():
    import signal
    import time

    command = (
        "import sys, stonefield.cli; "
        "sys.exit(stonefield.cli.main(['simulate', 'sunder', '--games', '100000000', '--quiet']))"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # Ready once the batch's worker threads (named stonefield-N) run: the
    # imports before them can take seconds on a loaded machine.
    tasks = Path(f"/proc/{process.pid}/task")
    deadline = time.perf_counter() + 60
    while time.perf_counter() < deadline and not any(
        (task / "comm").read_text().startswith("stonefield-") for task in tasks.iterdir()
    ):
        time.sleep(0.05)
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    sent = time.perf_counter()
    _, stderr = process.communicate(timeout=60)
    assert time.perf_counter() - sent < 10
    assert process.returncode == 130
    assert "interrupted" in stderr and "Traceback" not in stderr


#: What keeps an analysis to its play tables: no evaluated positions, no
#: skill trace (each costs minutes on a full-size board).
PLAY_ONLY = ("--evaluated-games", "0", "--skill-levels", "0")


def strict_json(text: str) -> object:
    """JSON as a strict reader takes it: NaN and Infinity are refused."""

    def refuse(constant: str) -> object:
        raise AssertionError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


def test_simulate_json_is_strict_and_names_keys_as_analyze_does():
    # Ten games of Anadil stopped at move 10 decide nothing: no rate at all.
    done = run("simulate", "anadil", "--games", "10", "--max-moves", "10", "--json")
    assert done.returncode == 0, done.stderr
    summary = strict_json(done.stdout)
    assert summary["black_win_rate"] is None and summary["white_win_rate"] is None
    assert summary["unfinished"] == 10
    done = run(
        "analyze", "anadil", "--games", "10", "--max-moves", "10", "--json", "--quiet", *PLAY_ONLY
    )
    assert done.returncode == 0, done.stderr
    (report,) = strict_json(done.stdout)["reports"]
    assert report["black_win_rate"] is None
    shared = {
        "games", "black_wins", "white_wins", "no_winner", "unfinished", "black_win_rate",
        "black_win_interval", "unfinished_share", "length_mean", "length_quantiles", "seconds",
    }  # fmt: skip
    assert shared <= summary.keys() and shared <= report.keys()
    for key in shared - {"seconds"}:
        assert summary[key] == report[key], key


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "sunder", "--games", "0"),
        ("analyze", "sunder", "--games", "0"),
        ("analyze", "sunder", "--games", "10", "--bot", "mcts", "--mcts-games", "0"),
        ("simulate", "sunder", "--games", "0", "--json"),
    ],
)
def test_no_games_leave_nothing_to_summarise(args):
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert "nothing to summarise" in done.stderr and len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    "data",
    [
        bytes(range(256)),  # random bytes
        "sunder size=3 ; b2 # café\n".encode("latin-1"),
        "sunder size=3 ; b2\n".encode("utf-16"),
    ],
    ids=["binary", "latin-1", "utf-16"],
)
def test_a_record_file_that_is_not_utf8_gives_one_line_naming_it(data, tmp_path):
    path = tmp_path / "game.txt"
    path.write_bytes(data)
    for args in (("show", str(path)), ("play", "--load", str(path))):
        done = run(*args)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith(f"stonefield: error: {path}: not UTF-8 text (byte ")
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "stonefield.cli", "show", "-"],
        input=data,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.decode().startswith("stonefield: error: standard input: not UTF-8 text")


def test_a_utf16_file_is_named_as_such(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("sunder size=3 ; b2\n", encoding="utf-16")
    done = run("show", str(path))
    assert done.stderr.rstrip().endswith("(it is UTF-16: save it as UTF-8)")
    with pytest.raises(stonefield.RecordError, match=f"^{path}: not UTF-8 text") as caught:
        stonefield.read(path)
    assert caught.value.path == str(path)
    assert caught.value.reason.startswith("not UTF-8 text (byte 0 is 0xff)")


@pytest.mark.parametrize("target", ["file", "/dev/null"])
def test_plot_into_a_file_is_one_line_before_any_game(target, tmp_path):
    pytest.importorskip("matplotlib")
    path = str(tmp_path / "game.txt") if target == "file" else target
    if target == "file":
        (tmp_path / "game.txt").write_text("sunder ;")
    done = run("analyze", "sunder", "--games", "100000000", "--quiet", "--plot", path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"stonefield: error: --plot takes a folder, and {path} is not one\n"


def test_plot_says_which_folder_it_made_and_what_it_wrote(tmp_path):
    pytest.importorskip("matplotlib")
    folder = tmp_path / "new" / "plots"
    done = run(
        "analyze",
        *SUNDER_3,
        "--games",
        "20",
        "--json",
        *PLAY_ONLY,
        "--plot",
        str(folder),
    )
    assert done.returncode == 0, done.stderr
    strict_json(done.stdout)  # the notes stay out of the JSON
    assert done.stderr.splitlines() == [
        f"made the folder {folder}",
        f"wrote {folder / 'lengths.png'}",
        f"wrote {folder / 'branching.png'}",
    ]
    again = run(
        "analyze", "sunder", "--size", "3", "--games", "20", *PLAY_ONLY, "--plot", str(folder)
    )
    assert "made the folder" not in again.stderr and "wrote" in again.stderr


def test_version_from_the_package_metadata():
    from importlib.metadata import version

    assert stonefield.__version__ == version("stonefield")
    done = run("--version")
    assert done.returncode == 0 and done.stdout == f"stonefield {stonefield.__version__}\n"


def test_python_dash_m_stonefield_is_the_command_and_no_arguments_print_the_help():
    done = subprocess.run(
        [sys.executable, "-m", "stonefield"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: stonefield") and "simulate" in done.stdout
    assert done.stdout == run("--help").stdout


def test_analyse_is_analyze_and_a_negative_komi_range_needs_no_equals_sign():
    spelled = ("--size", "3", "--games", "200", "--quiet", "--json", *PLAY_ONLY, "--komi-range")
    one = run("analyse", "sunder", *spelled, "-1:1")
    other = run("analyze", "sunder", *spelled[:-1], "--komi-range=-1:1")
    assert one.returncode == 0, one.stderr
    komi = [p["komi"] for p in strict_json(one.stdout)["reports"][0]["komi"]]
    assert komi == [-1.0, -0.5, 0.0, 0.5, 1.0]
    drop = {"seconds"}
    a, b = strict_json(one.stdout)["reports"][0], strict_json(other.stdout)["reports"][0]
    assert {k: v for k, v in a.items() if k not in drop} == {
        k: v for k, v in b.items() if k not in drop
    }


def _helps() -> dict[str, str]:
    return {name: run(*name.split(), "--help").stdout for name in ("", *COMMANDS)}


COMMANDS = ("simulate", "analyze", "tournament", "show", "play", "rules", "serve")


def test_help_gives_every_default_and_no_markup():
    from stonefield.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command").choices
    for name, text in _helps().items():
        assert "``" not in text and ":func:" not in text, name
        if not name:
            continue
        for action in commands[name]._actions:
            if action.default not in (None, False, "==SUPPRESS==") and action.option_strings:
                said = " ".join(text.split())
                assert f"default: {action.default}" in said, (name, action.dest)


def test_the_readme_synopsis_gives_the_parsers_defaults():
    import re
    from pathlib import Path

    from stonefield._core import option_table
    from stonefield.cli import build_parser

    readme = (Path(__file__).parent.parent / "README.md").read_text()
    synopsis = readme[readme.index("## The command line") :]
    synopsis = synopsis[: synopsis.index("```\n\n")]
    commands = next(a for a in build_parser()._actions if a.dest == "command").choices
    checked = 0
    for line in synopsis.splitlines():
        words = line.split()
        if len(words) < 2 or words[0] != "stonefield":
            continue
        parser = commands[words[1]]
        for flag, value in re.findall(r"\[(--[a-z-]+) (\d+)\]", line):
            action = next(a for a in parser._actions if flag in a.option_strings)
            default = action.default
            if default is None:
                # A game's option defaults to the game's own value, in its table.
                options = {spec.name: spec.default for spec in option_table(words[2])}
                default = options[action.dest]
            assert default == int(value), (line, flag)
            checked += 1
    assert checked >= 6


def test_a_closed_pipe_ends_quietly():
    import os

    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone, as after `| head -1`
    done = subprocess.run(
        [sys.executable, "-m", "stonefield.cli", "rules", "sunder"],
        stdout=write_end,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
    )
    os.close(write_end)
    assert done.returncode == 1 and done.stderr == ""


@pytest.mark.parametrize(
    "record",
    ["sunder size=25 ;", "anda size=20 ; a1 c5", "esgrad size=14 ; a1 g7", "lingarda size=16 ; e5"],
)
def test_show_never_wraps_a_board_into_a_file_or_pipe(record):
    state = stonefield.load(record)
    done = run("show", record)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(str(state) + "\n"), "the diagram, line for line"
    assert max(len(line) for line in done.stdout.splitlines()) > 80  # would have wrapped


def test_show_gives_anadils_prison():
    done = run("show", "anadil size=5 komi=2 ; c3 release")
    assert "prison: 1 black stone\nBlack to move" in done.stdout


def test_show_gives_the_score_breakdown_of_a_scoring_game():
    done = run("show", "esgrad size=2 ; a1 pass pass")
    out = done.stdout
    assert "Black won" in out
    assert "group values" in out and "half point" in out and "total" in out
    # Sunder has no score: the diagram alone.
    sunder = "sunder size=2 ; b2"
    assert run("show", sunder).stdout == str(stonefield.load(sunder)) + "\n"


def test_show_ply_is_the_position_after_that_many_moves():
    record = "sunder size=3 pie=false ; b2 a1 c3"
    for ply in range(4):
        state = stonefield.load(record)
        while state.ply > ply:
            state.undo()
        assert run("show", record, "--ply", str(ply)).stdout.startswith(str(state) + "\n")
    done = run("show", record, "--ply", "4")
    assert done.returncode == 2
    assert done.stderr == (
        "stonefield: error: --ply must be from 0 to 3 (the record's moves), got 4\n"
    )


def test_show_json_is_the_positions_data():
    record = "esgrad size=2 ; a1 pass"
    done = run("show", record, "--json", "--ply", "1")
    assert done.returncode == 0, done.stderr
    data = strict_json(done.stdout)
    state = stonefield.load("esgrad size=2 ; a1")
    assert data["game"] == "esgrad" and data["options"] == {"size": 2, "komi": 0}
    assert data["record"] == state.record() and data["moves"] == ["a1"]
    assert (data["ply"], data["to_move"], data["board"]) == (1, "white", state.board_string())
    assert data["legal"] == list(state.legal_moves()) and data["terminal"] is False
    assert data["score"]["black"]["total"] == state.scores()[stonefield.Colour.BLACK]
    prison = strict_json(run("show", "anadil size=5 komi=2 ;", "--json").stdout)
    assert prison["prison"] == 2 and prison["notes"] == ["prison: 2 black stones"]
    assert prison["score"] is None


def test_show_says_what_it_wrote(tmp_path):
    picture, export = tmp_path / "board.svg", tmp_path / "game.json"
    done = run("show", "sunder size=3 ; b2", "--svg", str(picture), "--playthrough", str(export))
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert done.stderr.splitlines() == [f"wrote {picture}", f"wrote {export}"]


def test_show_at_without_an_overlay_is_an_error(tmp_path):
    done = run("show", "sunder size=3 ; b2", "--svg", str(tmp_path / "x.svg"), "--at", "b2")
    assert done.returncode == 2 and not (tmp_path / "x.svg").exists()
    assert done.stderr == (
        "stonefield: error: --at names the group an overlay shows: add --overlay NAME\n"
    )


def test_a_file_named_like_a_game_is_a_file(tmp_path):
    (tmp_path / "sunder").write_text("sunder size=2 ; b2\n")
    done = subprocess.run(
        [sys.executable, "-m", "stonefield.cli", "show", "sunder"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.stdout == str(stonefield.load("sunder size=2 ; b2")) + "\n"
    assert run("show", "no/such/game.txt").stderr == (
        "stonefield: error: cannot read the record file no/such/game.txt: there is no such file\n"
    )


def test_a_bom_in_a_record_file_is_skipped(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("sunder size=3; b2\n", encoding="utf-8-sig")
    assert path.read_bytes()[:3] == b"\xef\xbb\xbf"
    assert stonefield.read(path).moves == ["b2"]
    done = run("show", str(path))
    assert done.returncode == 0 and done.stdout.rstrip().endswith("White to move")
