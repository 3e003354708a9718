"""Strict JSON for the package's results: every number a JSON number, and a
rate that has no value (no game decided) ``null``, never ``NaN``."""

from __future__ import annotations

import dataclasses
import enum
import json
import math
from typing import Any

import numpy as np


def json_ready(value: Any) -> Any:
    """``value`` as plain JSON data: NaN and infinities become None, tuples
    lists, enums their values, numpy numbers and arrays Python ones, and
    dataclasses or objects with ``to_dict()`` dicts.

    >>> import math
    >>> json_ready({"rate": math.nan, "interval": (0.0, 1.0), "games": np.int64(3)})
    {'rate': None, 'interval': [0.0, 1.0], 'games': 3}
    """
    if isinstance(value, enum.Enum):
        return json_ready(value.value)
    if isinstance(value, np.generic | np.ndarray):
        return json_ready(value.tolist())
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {json_ready(k): json_ready(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_ready(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return json_ready(dataclasses.asdict(value))
    if hasattr(value, "to_dict"):
        return json_ready(value.to_dict())
    return value


def dumps(value: Any, indent: int | None = 2) -> str:
    """``value`` as strict JSON text (see :func:`json_ready`).

    >>> print(dumps({"black_win_rate": float("nan")}, indent=None))
    {"black_win_rate": null}
    """
    return json.dumps(json_ready(value), indent=indent, allow_nan=False)
