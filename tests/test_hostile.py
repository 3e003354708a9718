"""Hostile input: every public name of the package and every command of the
CLI, given wrong types, numbers out of range or too large for 64 bits, NaN
and infinities, lone surrogates and control characters, and empty and huge
text, raises a documented exception and leaves every state as it was.

The convention (docs/ARCHITECTURE.md, "Errors"): a bad value raises a
``StonefieldError`` (a ``ValueError``) naming what was wrong; a value of the
wrong Python type raises ``TypeError``, and for options and arguments that
is ``OptionTypeError``, both a ``TypeError`` and an ``OptionError``.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import io
import math
import sys
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
import stonefield
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stonefield import NotationError, OptionError, OptionTypeError, RecordError, StonefieldError
from stonefield.cli import build_parser, main

#: The exceptions a bad argument may raise: the package's own, or TypeError
#: for a value of the wrong Python type (as Python's own functions raise).
DOCUMENTED = (StonefieldError, TypeError)

#: Values no public call should ever turn into a crash or a stray exception.
HOSTILE: list[Any] = [
    None,
    True,
    -1,
    2**64,
    -(2**63) - 1,
    2**200,
    10**5000,
    1.5,
    math.nan,
    math.inf,
    -math.inf,
    "",
    "\ud800",
    "b2\udcff",
    "\x00\x07\x1b[2J",
    "x" * 100_000,
    b"b2",
    [],
    {},
    object(),
    np.int64(-1),
    np.float64(math.nan),
]


def hostile_id(value: Any) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**100 else "10**big"
    return text if len(text) < 20 else f"{text[:16]}...({len(text)})"


def fingerprint(state: stonefield.State) -> tuple[Any, ...]:
    """Everything a caller sees of a state, to compare before and after."""
    return (state.record(), state.board_string(), state.to_move, state.ply, state.is_over)


def started(name: str) -> stonefield.State:
    """A small game of ``name`` a few moves in."""
    state = stonefield.game(name, size=4 if name != "anadil" else 5).start()
    for _ in range(3):
        state.play(state.legal_moves()[len(state.legal_moves()) // 2])
    return state


class Outcome:
    """Whether the block of :func:`documented_or_none` was refused."""

    refused = False


@contextlib.contextmanager
def documented_or_none(
    also: type[Exception] | tuple[type[Exception], ...] | None = None,
) -> Iterator[Outcome]:
    """Lets the block succeed or raise a documented exception (or ``also``,
    see :data:`PATH_ERRORS` and :data:`BASE_CONVENTION`); anything else
    (OverflowError, AttributeError, UnicodeEncodeError, RuntimeError, a Rust
    panic, which is a BaseException) fails the test."""
    outcome = Outcome()
    try:
        yield outcome
    except DOCUMENTED:
        outcome.refused = True
    except Exception as error:
        if also is None or not isinstance(error, also):
            raise
        outcome.refused = True


# --- The cases found by hand, each in its own test -------------------------


@pytest.mark.parametrize("seat", [-1, 2, 2**70, -(2**70), 1.5, "0", None, math.nan])
def test_a_seat_that_is_not_0_or_1_is_a_notation_error(seat):
    state = stonefield.Sunder(size=3).start()
    with pytest.raises(NotationError, match="a seat is 0 or 1"):
        state.colour_of(seat)
    assert state.colour_of(np.int64(1)) is stonefield.Colour.WHITE


@pytest.mark.parametrize("action", [-1, 20, 2**70, -(2**70), 1.5, "b2", None])
def test_an_action_text_of_no_action_is_a_notation_error(action):
    state = stonefield.Sunder(size=3).start()
    with pytest.raises(NotationError):
        state.action_text(action)
    assert state.action_text(np.uint8(4)) == state.action_text(4)


@pytest.mark.parametrize("name", [None, 123, 1.5, b"sunder", ["sunder"]])
def test_a_game_name_that_is_not_text_is_an_option_type_error(name):
    with pytest.raises(OptionTypeError, match="a game's name is text") as caught:
        stonefield.game(name)
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, OptionError)


def test_an_option_type_error_is_both_a_type_error_and_an_option_error():
    assert issubclass(OptionTypeError, TypeError) and issubclass(OptionTypeError, OptionError)
    assert OptionTypeError.__module__ == "stonefield"
    with pytest.raises(OptionTypeError, match="size must be a number"):
        stonefield.Sunder(size="7")  # type: ignore[arg-type]
    with pytest.raises(OptionTypeError, match="games must be a whole number"):
        stonefield.simulate("sunder", games=1.5)  # type: ignore[arg-type]
    with pytest.raises(OptionTypeError, match="iterations must be a whole number"):
        stonefield.bots.MCTS(iterations="100")  # type: ignore[arg-type]


@pytest.mark.parametrize("item", [1, "b2", None, stonefield.Sunder(size=3)])
def test_observations_of_what_is_not_a_state_names_the_item(item):
    states = [stonefield.Sunder(size=3).start(), item]
    with pytest.raises(OptionTypeError, match="item 1 is"):
        stonefield.observations(states)  # type: ignore[list-item]


@pytest.mark.parametrize(
    "text", ["\ud800", "b\udcff2", "\udfff" * 10_000, "pa\ud83dss", "\x00", "b2\x00"]
)
def test_lone_surrogates_and_control_characters_in_a_move(text):
    state = stonefield.Sunder(size=3).start()
    before = fingerprint(state)
    for call in (state.play, state.action, state.stone_at):
        with pytest.raises(NotationError) as caught:
            call(text)
        assert len(str(caught.value)) < 400
    assert state.is_legal(text) is False
    assert fingerprint(state) == before


@pytest.mark.parametrize(
    ("record", "line", "column"),
    [
        ("sunder ; \udcff", 1, 10),
        ("sunder si\ud800ze=3 ; b2", 1, 10),
        ("sunder size=3 ;\n# \ud800\nb2", 2, 3),
        ("\ud800", 1, 1),
    ],
)
def test_a_lone_surrogate_in_a_record_is_a_record_error_with_line_and_column(record, line, column):
    with pytest.raises(RecordError, match="lone surrogate") as caught:
        stonefield.load(record)
    assert (caught.value.line, caught.value.column) == (line, column)


@pytest.mark.parametrize("colour", ["\ud800", "", "red", 1, None])
def test_a_colour_that_names_none_is_a_notation_error(colour):
    state = stonefield.Sunder(size=3).start()
    with pytest.raises(NotationError, match="is not a colour"):
        state.seat_of(colour)
    if colour is not None:  # None is the observation's default perspective
        with pytest.raises(NotationError, match="is not a colour"):
            state.observation(colour)


@pytest.mark.parametrize(
    "number",
    [np.int64(3), np.int32(3), np.uint16(3), np.intp(3)],
    ids=lambda n: type(n).__name__,
)
def test_numpy_integers_are_actions(number):
    played = stonefield.Sunder(size=3).start()
    played.play(number)
    expected = stonefield.Sunder(size=3).start()
    expected.play(3)
    assert played == expected
    assert expected.is_legal(number) is False and played.action(number) == 3
    with_move = stonefield.Sunder(size=3).start()
    with_move.play(stonefield.Move(number, "d1"))  # type: ignore[arg-type]
    assert with_move == expected


@pytest.mark.parametrize("number", [np.float64(3.0), 3.0, np.bool_(True)], ids=repr)
def test_numbers_that_are_not_integers_are_not_actions(number):
    state = stonefield.Sunder(size=3).start()
    with pytest.raises(NotationError, match="a move is text, an action number or a Move"):
        state.play(number)
    assert state.ply == 0


# --- Every public name of the package ---------------------------------------


def public_callables() -> list[tuple[str, Callable[..., Any]]]:
    """Every function and class in ``stonefield.__all__``, and the public
    ones the modules there (``bots``, ``evaluators``) define."""
    found = []
    for name in stonefield.__all__:
        value = getattr(stonefield, name)
        if inspect.ismodule(value):
            for inner, member in vars(value).items():
                if not inner.startswith("_") and getattr(member, "__module__", None) == (
                    value.__name__
                ):
                    found.append((f"{name}.{inner}", member))
        elif callable(value) and not isinstance(value, type(stonefield.Colour.BLACK)):
            found.append((name, value))
    return [(n, v) for n, v in found if not (inspect.isclass(v) and issubclass(v, BaseException))]


PUBLIC = public_callables()

#: Classes that follow their Python base's own convention: ``Colour`` is an
#: enum (``Colour("red")`` raises ValueError), ``Prison`` an int
#: (``Prison("x")`` raises as ``int("x")`` does).
BASE_CONVENTION: dict[str, type[Exception] | tuple[type[Exception], ...]] = {
    "Colour": ValueError,
    "Prison": (ValueError, OverflowError),
}


def test_the_sweep_sees_every_public_name():
    names = {name for name, _ in PUBLIC}
    assert {"game", "load", "simulate", "observations", "svg", "State", "Sunder"} <= names
    assert {"bots.MCTS", "bots.play_match", "evaluators.Rollouts"} <= names


@pytest.mark.parametrize(("name", "call"), PUBLIC, ids=[name for name, _ in PUBLIC])
def test_every_public_callable_refuses_hostile_first_arguments(name, call, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for value in HOSTILE:
        with documented_or_none(BASE_CONVENTION.get(name, PATH_ERRORS if name in WRITES else None)):
            call(value)


@pytest.mark.parametrize("game", stonefield.GAMES)
def test_every_option_of_every_game_refuses_hostile_values(game):
    for spec in stonefield._core.option_table(game):
        for value in HOSTILE:
            if isinstance(value, bool) and spec.kind == "flag":
                continue
            with documented_or_none():
                made = stonefield.game(game, **{spec.name: value})
                # Accepted: only a value of the option's own range.
                assert made.options[spec.name] == value


def state_methods(state: stonefield.State) -> list[str]:
    """The public methods of a state's class, its game's own included."""
    return sorted(
        name
        for name, member in inspect.getmembers(type(state))
        if not name.startswith("_") and callable(member) and not isinstance(member, type)
    )


#: Methods and functions that take a path: run in a temporary folder, and
#: a path that names no file raises as Python's own ``open`` does: OSError,
#: or ValueError for a NUL or a lone surrogate in it.
WRITES = {"save", "read"}
PATH_ERRORS = (OSError, ValueError)


@pytest.mark.parametrize("game", stonefield.GAMES)
def test_every_state_method_refuses_hostile_arguments_and_keeps_the_state(
    game, tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    state = started(game)
    before = fingerprint(state)
    methods = state_methods(state)
    assert {"play", "undo", "legal_moves", "observation", "colour_of", "save"} <= set(methods)
    for method in methods:
        for value in HOSTILE:
            subject = state.copy()
            with documented_or_none(PATH_ERRORS if method in WRITES else None) as outcome:
                getattr(subject, method)(value)
            if outcome.refused:
                assert fingerprint(subject) == before, f"{method}({hostile_id(value)}) changed it"


@pytest.mark.parametrize("game", stonefield.GAMES)
def test_game_methods_refuse_hostile_arguments(game):
    made = stonefield.game(game, size=4 if game != "anadil" else 5)
    for name, member in inspect.getmembers(type(made)):
        if name.startswith("_") or not callable(member) or isinstance(member, type):
            continue
        for value in HOSTILE:
            with documented_or_none():
                getattr(made, name)(value)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=40), st.integers(min_value=0, max_value=60))
def test_any_text_in_a_record_is_read_or_a_record_error(text, at):
    base = "sunder size=3 ; b2 a1"
    record = base[:at] + text + base[at:]
    try:
        state = stonefield.load(record)
    except RecordError as error:
        assert error.line is not None and error.column is not None
        assert 1 <= error.line <= record.count("\n") + 1
    else:
        assert stonefield.load(state.record()) == state


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        st.text(max_size=12),
        st.integers(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.none(),
        st.booleans(),
    )
)
def test_any_move_is_played_or_refused_with_the_state_unchanged(move):
    state = started("anda")
    before = fingerprint(state)
    try:
        state.play(move)
    except StonefieldError:
        assert fingerprint(state) == before
    else:
        assert state.ply == before[3] + 1
        state.undo()
        assert fingerprint(state) == before


# --- Every command of the CLI -----------------------------------------------

HOSTILE_WORDS = ["nan", "inf", "-1", str(2**64), str(10**400), "", "\udcff", "\x00", "1e9999"]

#: For each command, arguments that make it quick when a hostile value is
#: accepted (the smallest board, a few games); ``serve`` is only given
#: values it must refuse, as it would otherwise serve.
QUICK = {
    "simulate": ["sunder", "--games", "2", "--size", "3", "--quiet"],
    "analyze": [
        "sunder",
        "--games",
        "2",
        "--size",
        "3",
        "--mcts-games",
        "0",
        "--evaluated-games",
        "0",
        "--skill-levels",
        "0",
        "--tournament-games",
        "2",
        "--quiet",
    ],
    "tournament": ["sunder", "--players", "random,random", "--games", "2", "--size", "3"],
    "show": ["sunder size=3 ; b2"],
    "play": ["sunder", "--size", "3"],
    "rules": [],
    "selfplay": [
        "sunder",
        "--games",
        "1",
        "--simulations",
        "2",
        "--concurrent",
        "1",
        "--size",
        "3",
        "--out",
        "out.npz",
        "--quiet",
    ],
    "serve": None,
}


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """Each command's parser, once (an alias shares its command's)."""
    parser = build_parser()
    choices = next(a for a in parser._actions if a.dest == "command").choices
    found: dict[str, argparse.ArgumentParser] = {}
    for name, sub in choices.items():  # type: ignore[union-attr]
        if sub not in found.values():
            found[name] = sub
    return found


def hostile_command_lines() -> list[list[str]]:
    """Each command with each hostile word as its positional argument, and
    with each hostile word given to each flag that takes a value."""
    lines = []
    for command, sub in subcommands().items():
        quick = QUICK[command]
        for action in sub._actions:
            if action.dest == "help" or action.nargs == 0:
                continue
            for word in HOSTILE_WORDS:
                if not action.option_strings:
                    lines.append([command, word, *(quick or [])[1:]])
                elif quick is None:
                    # Only the numbers: any host would be served on.
                    if action.type is not None:
                        lines.append([command, action.option_strings[-1], word])
                else:
                    lines.append([command, *quick, action.option_strings[-1], word])
        if quick is not None:
            lines.append([command, "x" * 100_000, *quick[1:]])
    return lines


COMMAND_LINES = hostile_command_lines()


def command_line_param(argv: list[str]) -> Any:
    return pytest.param(argv, id=" ".join(map(hostile_id, argv)))


@pytest.mark.parametrize("argv", [command_line_param(line) for line in COMMAND_LINES])
def test_every_command_refuses_hostile_arguments_in_one_line(argv, capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    # Interactive play reads moves from standard input: here it has none.
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    try:
        status = main(argv)
    except SystemExit as exit:
        status = exit.code  # argparse's refusal: code 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    if status not in (0, None):
        assert status == 2, captured.err
        assert "error" in captured.err and len(captured.err.strip().splitlines()) <= 3
