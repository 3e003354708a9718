"""The web API's OpenAPI schema, fuzzed with schemathesis: whatever the
request, the answer is never a 5xx, and it is one the schema describes.
Half the requests about a game name a real one, so moves, undos, bot moves
and analyses are tried on live games too."""

from __future__ import annotations

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from stonefield.web.app import create_app
from stonefield.web.games import Limits

# Searches are kept short so that the fuzzing stays quick.
app = create_app(Limits(iterations=2000, seconds=0.2))
schema = schemathesis.openapi.from_asgi("/openapi.json", app)
client = TestClient(app)
LIVE = [
    client.post("/api/records", json={"record": record}).json()["id"]
    for record in [
        "sunder size=3 ; b2",
        "anda size=2 ; a1",
        "anadil size=5 komi=1 ; c3",
        "lingarda size=2 ; b2",
        "esgrad size=2 ; a1 pass",
    ]
]

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_no_request_gets_a_server_error(case):
    if case.path_parameters and "game_id" in case.path_parameters:
        drawn = case.path_parameters["game_id"]
        if len(drawn) % 2 == 0:
            case.path_parameters["game_id"] = LIVE[len(drawn) % len(LIVE)]
    case.call_and_validate(checks=CHECKS)
