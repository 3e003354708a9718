"""The ``stonefield`` command, run as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


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
        "sunder",
        "--size",
        "3",
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

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "stonefield.cli",
            "simulate",
            "sunder",
            "--games",
            "100000000",
            "--quiet",
        ],
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
