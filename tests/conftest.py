"""Shared test set-up: hypothesis profiles with bounded example counts, and
pytest's detailed assertions in the helper modules the tests share."""

import os

import pytest
from hypothesis import HealthCheck, settings

pytest.register_assert_rewrite("tests.helpers", "tests.vectors")

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=200, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
