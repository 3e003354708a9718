"""Each game's options come from its one table in Rust: the keyword
arguments, defaults, docstrings, command-line flags and adapter parameters,
and every value out of range is refused with a message that gives the range."""

from __future__ import annotations

import inspect

import pytest
import stonefield
from stonefield import OptionError
from stonefield._core import option_table
from stonefield.cli import build_parser


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_signature_and_docstring_come_from_the_option_table(name):
    cls = type(stonefield.game(name))
    table = option_table(name)
    parameters = inspect.signature(cls).parameters
    assert list(parameters) == [spec.name for spec in table]
    for spec in table:
        assert parameters[spec.name].default == spec.default
        assert parameters[spec.name].kind is inspect.Parameter.KEYWORD_ONLY
        assert f"    {spec.name}: {spec.doc}" in (cls.__doc__ or "")
    assert cls().options == {spec.name: spec.default for spec in table}
    # No game class writes its defaults again.
    assert "__init__" not in vars(cls) and "__new__" not in vars(cls)


@pytest.mark.parametrize("name", stonefield.GAMES)
def test_the_command_line_has_a_flag_per_option(name):
    args = build_parser().parse_args(["simulate", name])
    for spec in option_table(name):
        assert hasattr(args, spec.name)


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        ("anda", {"komi": -(2**63)}, "komi must be from -1000000000 to 1000000000, got -9223"),
        ("anda", {"komi": 2**62}, "komi must be from -1000000000 to 1000000000, got 4611"),
        ("anda", {"komi": 2**64}, "komi must be from -1000000000 to 1000000000, got 1844"),
        ("anda", {"komi": 10**5000}, "komi must be from -1000000000 to 1000000000"),
        ("anda", {"komi": 0.3}, "komi must be a whole number from"),
        ("anda", {"komi": 0.5}, "komi must be a whole number from"),
        ("sunder", {"komi": 0.3}, "komi must be a multiple of 0.5 from -900 to 900, got 0.3"),
        ("sunder", {"komi": 10**30}, "komi must be from -900 to 900"),
        ("anadil", {"komi": -1}, "komi must be from 0 to 1000000000, got -1"),
        ("lingarda", {"size": 2**70}, "size must be from 2 to 25"),
        ("lingarda", {"pie": "no"}, "pie must be a number or true/false"),
        ("esgrad", {"size": float("nan")}, "size must be a whole number from 2 to 25, got NaN"),
        ("anadil", {"size": 4}, "size must be from 5 to 25"),
        ("anadil", {"size": 27}, "size must be from 5 to 25"),
        ("anadil", {"size": 6}, "size must be odd"),
        ("anadil", {"komi": -1}, "komi must be from 0"),
        ("anadil", {"komi": 1.5}, "komi must be a whole number"),
        ("anadil", {"pie": True}, "unknown option 'pie'"),
        ("anda", {"size": 1}, "size must be from 2 to 25"),
        ("anda", {"size": 26}, "size must be from 2 to 25"),
        ("anda", {"komi": 0.5}, "komi must be a whole number"),
        ("anda", {"komi": True}, "komi must be a number"),
        ("anda", {"pie": True}, "unknown option 'pie'"),
        ("esgrad", {"size": 1}, "size must be from 2 to 25"),
        ("esgrad", {"size": 26}, "size must be from 2 to 25"),
        ("esgrad", {"komi": 0.5}, "komi must be a whole number"),
        ("esgrad", {"komi": True}, "komi must be a number"),
        ("esgrad", {"komi": 2_000_000_000}, "komi must be from"),
        ("esgrad", {"pie": True}, "unknown option 'pie'"),
        ("lingarda", {"size": 1}, "size must be from 2 to 25"),
        ("lingarda", {"size": 26}, "size must be from 2 to 25"),
        ("lingarda", {"size": 7.5}, "size must be a whole number"),
        ("lingarda", {"pie": 1}, "pie must be true or false"),
        ("lingarda", {"komi": 1}, "unknown option 'komi'"),
        ("sunder", {"size": 1}, "size must be from 2 to 25"),
        ("sunder", {"size": 26}, "size must be from 2 to 25"),
        ("sunder", {"size": 7.5}, "size must be a whole number"),
        ("sunder", {"komi": 0.3}, "komi must be a multiple of 0.5"),
        ("sunder", {"size": 2, "komi": 3.5}, "komi must be less than half the board"),
        ("sunder", {"pie": 1}, "pie must be true or false"),
        ("sunder", {"sise": 5}, "unknown option 'sise'"),
    ],
)
def test_bad_options_raise_option_error_naming_what_is_wrong(game, options, message):
    with pytest.raises(OptionError, match=message.replace("(", r"\(")):
        stonefield.game(game, **options)


def test_numpy_integers_are_option_values():
    np = pytest.importorskip("numpy")
    assert stonefield.Sunder(size=np.int64(4)).options["size"] == 4


def test_whole_komi_range_of_anadil_is_accepted():
    from stonefield.analyze import komi_values

    assert komi_values(stonefield.Anadil(size=5), 0, 2) == [0, 1, 2]
    with pytest.raises(OptionError, match="komi must be from 0"):
        komi_values(stonefield.Anadil(size=5), -1, 1)
