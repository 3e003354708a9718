"""``stonefield play``, driven through standard input as a person would."""

from __future__ import annotations

import subprocess
import sys

import pytest
import stonefield
from stonefield.bots import Random
from stonefield.play import score_table

from tests.test_cli import SUNDER_3, run


def play(*args: str, moves: str) -> subprocess.CompletedProcess[str]:
    return run("play", *args, stdin=moves)


def test_two_people_play_a_game_to_the_end():
    done = play("sunder", "--size", "2", "--no-pie", moves="a2\na1\nc2\nc3\nb2\n")
    assert done.returncode == 0, done.stderr
    assert "Black wins" in done.stdout
    assert "sunder size=2 komi=0 pie=false ; a2 a1 c2 c3 b2" in done.stdout
    assert "Traceback" not in done.stderr


def test_illegal_input_gets_the_reason_and_a_new_prompt():
    done = play(
        "sunder",
        "--size",
        "2",
        "--no-pie",
        moves="a2\na2\nzz9\nswap\nhello world\n\na1\nquit\n",
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "a2: the point is occupied" in out
    assert "zz9" in out and "swap" in out
    assert "one move at a time" in out
    # After every rejected line the same player is asked again.
    assert out.count("white (2)> ") == 6
    assert "sunder size=2 komi=0 pie=false ; a2 a1" in out
    assert "Traceback" not in done.stderr


def test_undo_pass_swap_help_and_moves():
    done = play("sunder", "--size", "3", moves="b2\nswap\nundo\nundo\nundo\nhelp\nmoves\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "nothing to undo" in out
    assert "take back your last move" in out  # the help text
    assert "a1 b1 c1" in out  # the legal moves
    assert out.rstrip().endswith("sunder size=3 komi=0 pie=true ;")
    # Sunder has no pass: the engine says so and play goes on.
    done = play("sunder", "--size", "3", moves="pass\nscore\nquit\n")
    assert "'pass' is not an action of sunder" in done.stdout
    assert "sunder has no score" in done.stdout


def test_save_writes_a_record_that_loads(tmp_path):
    path = tmp_path / "game.txt"
    done = play("sunder", "--size", "3", moves=f"b2\na1\nsave {path}\nquit\n")
    assert done.returncode == 0, done.stderr
    assert f"saved to {path}" in done.stdout
    assert stonefield.read(path).moves == ["b2", "a1"]
    done = play("sunder", "--size", "3", moves=f"save {tmp_path}/no/such/dir/g.txt\nsave\nquit\n")
    assert "cannot save" in done.stdout and "save needs a file name" in done.stdout


def test_load_goes_on_from_a_record(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("sunder size=2 pie=false ; a2 a1 c2\n")
    done = play("sunder", "--load", str(path), moves="c3\nb2\n")
    assert done.returncode == 0, done.stderr
    assert "Black wins" in done.stdout
    done = play("sunder", "--load", "sunder size=2 pie=false ; a2 a1", moves="quit\n")
    assert "sunder size=2 komi=0 pie=false ; a2 a1" in done.stdout


def test_against_the_random_bot_the_game_ends_with_a_winner():
    # The person plays White and always picks the first legal move; the bot
    # plays Black. The board is small, so a handful of lines ends the game.
    state = stonefield.Sunder(size=3).start()
    lines = []
    bot = Random(seed=4)
    for _ in range(40):
        if state.is_over:
            break
        if state.to_move == "black":
            state.play(bot.choose(state))
        else:
            move = next(m for m in state.legal_moves() if m != "swap")
            lines.append(move)
            state.play(move)
    done = play(
        *SUNDER_3,
        "--vs",
        "random",
        "--as",
        "white",
        "--seed",
        "4",
        moves="\n".join(lines) + "\n",
    )
    assert done.returncode == 0, done.stderr
    assert f"{state.winner.value.capitalize()} wins" in done.stdout
    assert state.record() in done.stdout
    assert "Black plays" in done.stdout


def test_undo_against_a_bot_takes_back_its_reply_too():
    done = play(
        *SUNDER_3,
        "--vs",
        "random",
        "--seed",
        "1",
        moves="b2\nundo\nquit\n",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("sunder size=3 komi=0 pie=true ;")


def test_puct_plays_through_the_terminal():
    from stonefield.bots import PUCT
    from stonefield.evaluators import Rollouts

    done = play(
        "sunder", "--size", "3", "--vs", "puct", "--as", "white", "--seed", "2", moves="quit\n"
    )
    assert done.returncode == 0, done.stderr
    opening = PUCT(Rollouts(1), simulations=1000, seed=2).choose(stonefield.Sunder(size=3).start())
    assert f"Black plays {opening.text}" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("go",), "unknown game 'go'"),
        (("sunder", "--size", "99"), "size must be from 2 to 25"),
        (("sunder", "--vs", "god"), "invalid choice"),
        (("sunder", "--as", "red"), "invalid Colour value"),
        (("sunder", "--load", "sunder size=3 ; b2 b2"), "move 2 'b2'"),
        (("sunder", "--load", "sunder size=3 ; b2", "--size", "4"), "--load takes"),
        (("sunder", "--load", "no/such/game.txt"), "cannot read the record file no/such/game.txt"),
        (("anything", "--load", "sunder size=3 ; b2"), "the record is a game of sunder"),
    ],
)
def test_bad_arguments_print_one_line_and_exit_2(args, message):
    done = play(*args, moves="quit\n")
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_end_of_input_stops_quietly():
    done = play("sunder", "--size", "3", moves="b2\n")
    assert done.returncode == 0 and "end of input" in done.stdout


def test_score_table_lists_each_number_per_colour():
    table = score_table(
        {
            stonefield.Colour.BLACK: {"groups": [1, 2], "komi": 0, "total": 3.0},
            stonefield.Colour.WHITE: {"groups": [1], "komi": 2, "total": 3.5},
        }
    )
    cells = [list(column.cells) for column in table.columns]
    assert cells == [["groups", "komi", "total"], ["2", "0", "3"], ["1", "2", "3.5"]]


def test_the_command_is_a_module_entry_point():
    done = subprocess.run(
        [sys.executable, "-m", "stonefield.cli", "play", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "--vs" in done.stdout and "random" in done.stdout


@pytest.mark.skipif("esgrad" not in stonefield.GAMES, reason="esgrad is not built in")
def test_a_scoring_game_ends_with_its_score_breakdown():
    done = play("esgrad", "--size", "2", moves="a1\nscore\npass\npass\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Black wins" in out
    final = out[out.index("Black wins") :]
    assert "half point" in final and "total" in final and "group values" in final
    assert "esgrad size=2 komi=0 ; a1 pass pass" in final
    assert out.count("score") >= 2  # the score command showed it mid-game too


@pytest.mark.skipif("anadil" not in stonefield.GAMES, reason="anadil is not built in")
def test_release_is_typed_like_any_move():
    done = play("anadil", "--size", "5", "--komi", "1", moves="c3\nrelease\nrelease\nquit\n")
    assert done.returncode == 0, done.stderr
    # White frees the one black prisoner; then the prison holds no white
    # stone for Black to release.
    assert "anadil size=5 komi=1 ; c3 release" in done.stdout
    assert "release:" in done.stdout


def test_one_winner_line_that_names_the_seat_after_a_swap():
    done = play("sunder", "--size", "2", moves="a2\nswap\na1\nc2\nc3\nb2\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Black wins: the second player, Black since the swap" in out
    # The swap itself says who now plays which colour, once.
    assert out.count("Black: the second player, White: the first player\n") == 1
    assert "Black won" not in out and out.count(" wins") == 1
    done = play("sunder", "--size", "2", "--no-pie", moves="a2\na1\nc2\nc3\nb2\n")
    assert "Black wins: the first player\n" in done.stdout and "Black won" not in done.stdout


def test_against_a_bot_the_winner_line_says_you_or_the_bot():
    # The bot (Black) opens; the person (White) plays the first legal move.
    from stonefield.play import BOTS

    state, bot, lines = stonefield.Sunder(size=2, pie=False).start(), BOTS["mcts"](1), []
    while not state.is_over:
        if state.to_move == "black":
            state.play(bot.choose(state))
        else:
            lines.append(state.legal_moves()[0])
            state.play(lines[-1])
    done = play(
        "sunder", "--size", "2", "--no-pie", "--vs", "mcts", "--as", "white", "--seed", "1",
        moves="\n".join(lines) + "\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    who = "the mcts bot" if state.winner == "black" else "you"
    assert f"{state.winner.value.capitalize()} wins: {who}\n" in done.stdout


def test_a_swap_against_a_bot_says_that_you_now_play_black():
    done = play(
        "sunder", "--size", "2", "--vs", "random", "--as", "white", "--seed", "3",
        moves="swap\nquit\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Black: you, White: the random bot\n" in done.stdout


@pytest.mark.parametrize("colour", ["white", "black"])
def test_as_against_a_person_is_an_error(colour):
    done = play("sunder", "--as", colour, moves="quit\n")
    assert done.returncode == 2 and done.stdout == ""
    assert "--as picks your colour against a bot: add --vs random or --vs mcts" in done.stderr


def test_end_of_input_prints_the_record_as_quit_does():
    ended = play("sunder", "--size", "3", moves="b2\na1\n")
    quit = play("sunder", "--size", "3", moves="b2\na1\nquit\n")
    record = "sunder size=3 komi=0 pie=true ; b2 a1"
    assert ended.stdout.rstrip().endswith(f"end of input; the record so far:\n{record}")
    assert quit.stdout.rstrip().endswith(f"stopped; the record so far:\n{record}")


def test_ctrl_c_at_the_prompt_prints_the_record_and_exits_130():
    import signal

    process = subprocess.Popen(
        [sys.executable, "-m", "stonefield.cli", "play", "sunder", "--size", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # However pytest was started, the child takes Ctrl-C as a person's.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("b2\n")
    process.stdin.flush()
    seen = ""
    while "White to move" not in seen:  # the move is played: the prompt is next
        seen += process.stdout.readline()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    record = "sunder size=3 komi=0 pie=true ; b2"
    assert out.rstrip().endswith(f"interrupted; the record so far:\n{record}")
    assert "Traceback" not in err


def test_help_explains_the_turn_of_each_game_from_its_rules():
    from stonefield.rules import turn_rules

    for name in stonefield.GAMES:
        done = play(name, "--size", "5" if name == "anadil" else "3", moves="help\nquit\n")
        assert turn_rules(name) in done.stdout, name
    done = play("anda", "--size", "3", moves="help\nc3\nquit\n")
    assert "On each player's first turn,\nplace two stones, the second not next to the first." in (
        done.stdout
    )
    # Between the two stones the board says that a second is due.
    assert "Black's first turn: a second stone, not next to c3\nBlack to move" in done.stdout


def test_play_shows_anadils_prison():
    done = play("anadil", "--size", "5", "--komi", "2", moves="c3\nrelease\nquit\n")
    assert "prison: 2 black stones\nBlack to move" in done.stdout
    assert "prison: 1 black stone\nBlack to move" in done.stdout


def test_load_needs_no_game_name_and_a_file_named_like_a_game_is_a_file(tmp_path):
    (tmp_path / "sunder").write_text("sunder size=2 pie=false ; a2 a1 c2\n")
    done = subprocess.run(
        [sys.executable, "-m", "stonefield.cli", "play", "--load", "sunder"],
        input="c3\nb2\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "Black wins" in done.stdout
    assert "sunder size=2 komi=0 pie=false ; a2 a1 c2 c3 b2" in done.stdout
    done = play(moves="")
    assert done.returncode == 2
    assert "play needs a game (stonefield play sunder) or --load RECORD" in done.stderr


def test_the_prompt_completes_legal_moves_and_commands():
    from rich.console import Console
    from stonefield.play import Session

    state = stonefield.Sunder(size=2).start()
    state.play("a2")
    session = Session(state, {}, Console())
    found = []
    while (word := session.complete("s", len(found))) is not None:
        found.append(word)
    assert found == ["swap", "save", "score"]
    assert session.complete("b", 0) == "b1" and session.complete("zz", 0) is None


def test_a_terminal_gets_line_editing_and_history():
    # A real pseudo-terminal: Up recalls the last line, as readline gives it.
    import os
    import pty
    import select
    import time

    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.executable, [sys.executable, "-m", "stonefield.cli", "play", "sunder"])
    seen = b""

    def until(text: bytes) -> None:
        nonlocal seen
        deadline = time.monotonic() + 60
        while text not in seen and time.monotonic() < deadline:
            if select.select([fd], [], [], 1)[0]:
                seen += os.read(fd, 65536)
        assert text in seen, seen.decode(errors="replace")

    try:
        until(b"black (1)> ")
        os.write(fd, b"d4\n")
        until(b"white (2)> ")
        os.write(fd, b"\x1b[A\n")  # Up, Enter: d4 again
        until(b"d4: the point is occupied")
        os.write(fd, b"quit\n")
        until(b"the record so far")
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)
