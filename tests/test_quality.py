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


def runtime_imports(path: Path) -> set[str]:
    """The stonefield modules a module imports when it is loaded (imports
    inside functions and under ``TYPE_CHECKING`` left out)."""
    import ast

    found = set()
    for node in ast.parse(path.read_text()).body:
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("stonefield")
        ):
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("stonefield"))
    return found


def test_the_modules_import_one_another_without_a_cycle():
    modules = {
        "stonefield." + ".".join(p.relative_to(SOURCE).with_suffix("").parts): p
        for p in SOURCE.rglob("*.py")
        if p.name != "__init__.py"
    }
    graph = {name: runtime_imports(path) & modules.keys() for name, path in modules.items()}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for child in graph[name]:
            visit(child, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())
    # Functions no longer import the modules above them lazily to dodge one.
    for name in ("stonefield.render", "stonefield.svg", "stonefield.overlays"):
        assert "stonefield.game" not in graph[name], name
