"""The optional dependency an adapter imports when it is first used."""

from __future__ import annotations

import importlib
from types import ModuleType


def require(module: str, adapter: str, needs: str) -> ModuleType:
    """Imports ``module`` for ``stonefield.adapters.<adapter>``.

    Raises:
        ImportError: when it is not installed, naming what the adapter
            ``needs`` and its extra, which has the adapter's name.

    >>> require("json", "gymnasium", "Gymnasium").__name__
    'json'
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ImportError(
            f"stonefield.adapters.{adapter} needs {needs}: pip install 'stonefield[{adapter}]'"
        ) from error
