"""Records: the text format, files, pickling and the JSON playthrough."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys

import pytest
import stonefield
from hypothesis import given
from hypothesis import strategies as st
from stonefield import RecordError

from tests import vectors
from tests.test_cli import run

VECTOR_GAMES = [
    g for g in ("sunder", "anda", "anadil", "lingarda", "esgrad") if g in stonefield.GAMES
]


def random_game(name: str, seed: int, plies: int, **options) -> stonefield.State:
    state = stonefield.game(name, **options).start()
    bot = stonefield.bots.Random(seed)
    while not state.is_over and state.ply < plies:
        state.play(bot.choose(state))
    return state


def test_a_record_spreads_over_lines_with_comments():
    text = """
    # A Sunder game.
    sunder size=3   # options left out take their defaults
      pie=false ;
    b2 a1   # first two moves
    c3
    """
    state = stonefield.load(text)
    assert state.game == stonefield.Sunder(size=3, pie=False)
    assert state.moves == ["b2", "a1", "c3"]
    assert state.record() == "sunder size=3 komi=0 pie=false ; b2 a1 c3"


@given(st.sampled_from(list(stonefield.GAMES)), st.integers(0, 10_000), st.integers(0, 60))
def test_record_load_and_files_round_trip_exactly(name, seed, plies):
    options = {"size": 5} if name == "anadil" else {"size": 3}
    state = random_game(name, seed, plies, **options)
    assert stonefield.load(state.record()) == state
    assert stonefield.load(state.record()).record() == state.record()


def test_save_and_read(tmp_path):
    state = random_game("sunder", 3, 12, size=4)
    path = tmp_path / "game.txt"
    state.save(path)
    assert path.read_text() == state.record() + "\n"
    again = stonefield.read(path)
    assert again == state and again.moves == state.moves


def test_a_corrupt_file_names_the_file_line_and_move(tmp_path):
    path = tmp_path / "broken.txt"
    path.write_text("sunder size=3 ;\nb2 a1\nb2 c3\n")
    with pytest.raises(RecordError, match=r"broken.txt: line 3, column 1: move 3 'b2'"):
        stonefield.read(path)
    with pytest.raises(RecordError, match=r"line 2, column 4: move 2 'q7'"):
        stonefield.load("sunder size=3 ;\nb2 q7")
    with pytest.raises(RecordError, match=r"line 1, column 8: 'size' is not an option"):
        stonefield.load("sunder size ; b2")
    with pytest.raises(FileNotFoundError):
        stonefield.read(tmp_path / "missing.txt")


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_games_and_states_pickle(name):
    state = random_game(name, 8, 9, size=5)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and type(again) is type(state)
    assert again.game == state.game
    assert pickle.loads(pickle.dumps(state.game)) == state.game
    again.undo()
    assert again.ply == state.ply - 1


def strip_run_metadata(playout: dict) -> dict:
    """The vector playout without the fields of how it was generated."""
    return {k: v for k, v in playout.items() if k not in ("seed", "max_moves")}


@pytest.mark.parametrize("name", VECTOR_GAMES)
def test_playthrough_of_a_replayed_vector_matches_the_vector_field_by_field(name):
    for playout in vectors.playouts(name):
        state = stonefield.game(playout["game"], **playout["options"]).start()
        for move in playout["moves"]:
            state.play(move)
        export = json.loads(json.dumps(stonefield.playthrough(state)))
        expected = strip_run_metadata(playout)
        assert export.keys() == expected.keys()
        at = f"{name} seed {playout['seed']}"
        for key in expected:
            if key != "states":
                assert export[key] == expected[key], f"{at}: {key}"
        assert len(export["states"]) == len(expected["states"])
        for ply, (got, want) in enumerate(zip(export["states"], expected["states"], strict=True)):
            assert got.keys() == want.keys(), f"{at} ply {ply}"
            for key in want:
                if key == "to_move" and want["terminal"]:
                    continue  # nobody is to move in a finished game
                assert got[key] == want[key], f"{at} ply {ply}: {key}"


def test_show_writes_a_playthrough_and_a_picture(tmp_path):
    record = tmp_path / "game.txt"
    record.write_text("sunder size=2 pie=false ; a2 a1 c2 c3 b2\n")
    out_json, out_svg = tmp_path / "game.json", tmp_path / "game.svg"
    done = run(
        "show",
        str(record),
        "--playthrough",
        str(out_json),
        "--svg",
        str(out_svg),
        "--overlay",
        "cuts",
    )
    assert done.returncode == 0, done.stderr
    export = json.loads(out_json.read_text())
    assert export["moves"] == ["a2", "a1", "c2", "c3", "b2"] and len(export["states"]) == 6
    assert 'data-overlay="cuts"' in out_svg.read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--svg", "x.svg", "--overlay", "zones"), "sunder has no overlay 'zones' (it has: cuts)"),
        (("--overlay", "cuts"), "add --svg FILE"),
        (("--svg", "/no/such/dir/x.svg"), "cannot write /no/such/dir/x.svg"),
    ],
)
def test_show_reports_bad_pictures_in_one_line(args, message, tmp_path):
    done = run("show", "sunder size=3 ; b2", *args)
    assert done.returncode == 2, done.stdout
    assert message in done.stderr and "Traceback" not in done.stderr


def test_a_byte_order_mark_and_a_semicolon_without_spaces_are_read():
    assert stonefield.load("\ufeffsunder size=3; b2").moves == ["b2"]
    assert stonefield.load("sunder size=3;b2").moves == ["b2"]


@pytest.mark.parametrize(
    ("record", "line", "column", "message"),
    [
        ("sunder size=3 size=4 ; b2", 1, 15, "size is given twice"),
        ("sunder\n  pie=no ; b2", 2, 3, "'pie=no': pie must be true or false, got 'no'"),
        ("sunder size=3 sise=4 ;", 1, 15, "unknown option 'sise' for sunder"),
        ("sunder size=2 komi=3.5 ;", 1, 15, "komi must be less than half the board"),
        ("anda size=3 komi=0.5 ;", 1, 13, "komi must be a whole number"),
        ("sunder size=3 ; b2\n a1 \ud800", 2, 5, r"lone surrogate \(U\+D800\)"),
    ],
)
def test_header_errors_name_line_and_column_as_attributes(record, line, column, message):
    with pytest.raises(RecordError, match=message) as caught:
        stonefield.load(record)
    error = caught.value
    assert (error.line, error.column) == (line, column)
    assert str(error).startswith(f"line {line}, column {column}: ")


def test_move_errors_carry_the_move_and_the_reason():
    with pytest.raises(RecordError) as caught:
        stonefield.load("sunder size=3 ;\nb2 a1\nb2")
    error = caught.value
    assert (error.line, error.column, error.move_number, error.word) == (3, 1, 3, "'b2'")
    assert error.reason == "b2: the point is occupied" and error.path is None


def test_a_comment_runs_to_the_newline_only():
    assert stonefield.load("sunder size=3 ; # note\x0cb2\u2028c3\na1").moves == ["a1"]


def test_quoted_input_is_cut_in_messages():
    with pytest.raises(RecordError) as caught:
        stonefield.load("sunder ; " + "x" * 1_000_000)
    assert len(str(caught.value)) < 300 and "1000000 characters" in str(caught.value)


def test_a_huge_record_fails_fast_at_its_first_bad_move_with_bounded_memory():
    code = """
import resource, time, stonefield
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
for text in [" " * 50_000_000, "anda size=2 ; a1 " + "pass " * 10_000_000]:
    started = time.perf_counter()
    try:
        stonefield.load(text)
    except stonefield.RecordError as error:
        print(error.move_number)
    print(round(time.perf_counter() - started, 2))
    del text
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    lines = done.stdout.split()
    assert done.returncode == 0, done.stderr
    assert lines[0] == "None" and lines[2] == "2", lines
    assert float(lines[1]) < 2 and float(lines[3]) < 2, lines
    # The texts themselves take 50 MB each; nothing grows with their words.
    assert int(lines[4]) < 200, lines


def test_an_illegal_move_carries_its_fields():
    state = stonefield.Sunder(size=3).start()
    state.play("b2")
    with pytest.raises(stonefield.IllegalMoveError) as caught:
        state.play("b2")
    error = caught.value
    assert (error.move, error.reason, error.record) == (
        "b2",
        "the point is occupied",
        "sunder size=3 komi=0 pie=true ; b2",
    )
    with pytest.raises(stonefield.NotationError, match="lone surrogate"):
        state.play("\ud800")
    assert state.moves == ["b2"]


def test_an_option_error_names_the_option():
    with pytest.raises(stonefield.OptionError) as caught:
        stonefield.Anda(komi=2**70)
    assert caught.value.option == "komi"
