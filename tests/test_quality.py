"""The typed API: the stub matches the extension, and every docstring
example runs."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import stonefield


def test_stub_matches_the_extension():
    pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "stonefield._core"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def modules():
    yield stonefield
    for info in pkgutil.walk_packages(stonefield.__path__, "stonefield."):
        if not info.name.startswith("stonefield._"):
            yield importlib.import_module(info.name)


@pytest.mark.parametrize("module", list(modules()), ids=lambda m: m.__name__)
def test_docstring_examples_run(module):
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_the_package_ships_its_type_marker():
    assert (Path(stonefield.__file__).parent / "py.typed").is_file()
    assert shutil.which("stonefield") is not None, "the console script is installed"


def test_the_extension_loaded_is_the_one_abi3_build():
    # Python prefers `_core.cpython-3XX-*.so` to `_core.abi3.so`, so one left
    # by an older, version-specific build would shadow every new build.
    core = Path(stonefield._core.__file__)
    stale = [p.name for p in core.parent.glob("_core.*") if p.suffix == ".so" and p != core]
    assert core.name == "_core.abi3.so" and not stale, f"remove the older build: {stale}"


SOURCE = Path(__file__).resolve().parents[1] / "python" / "stonefield"


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_ruff_is_clean():
    done = subprocess.run(["ruff", "check", str(SOURCE)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def test_mypy_strict_is_clean():
    pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(SOURCE)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout
