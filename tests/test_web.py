"""The web app's JSON API, through FastAPI's test client: it agrees with
`State` move for move, and every bad request is a 4xx answer with the
Python API's reason and the game unchanged."""

from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest
import stonefield
from fastapi.testclient import TestClient
from stonefield.bots import MCTS, PUCT, Random
from stonefield.colour import Colour
from stonefield.evaluators import Rollouts
from stonefield.play import score_rows
from stonefield.web.app import create_app
from stonefield.web.games import Limits
from stonefield.web.models import Position

SMALL = {"sunder": 3, "anda": 3, "anadil": 5, "lingarda": 3, "esgrad": 3}


@pytest.fixture
def client():
    with TestClient(create_app()) as client:
        yield client


def new_game(client, game, **options):
    answer = client.post("/api/games", json={"game": game, "options": options})
    assert answer.status_code == 201, answer.text
    return answer.json()


def refusal(answer, status):
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) >= {"error", "message"}
    return body


def python_error(call):
    with pytest.raises(stonefield.StonefieldError) as caught:
        call()
    return caught.value


def assert_same_position(shown, state):
    """Everything the API says about a position is what `State` says."""
    assert shown["board"] == state.board_string()
    assert shown["legal_moves"] == list(state.legal_moves())
    assert shown["to_move"] == state.to_move.value
    assert shown["is_over"] == state.is_over
    assert shown["winner"] == (None if state.winner is None else state.winner.value)
    assert shown["swapped"] == state.swapped
    assert shown["ply"] == state.ply
    scores = state.scores()
    assert shown["scores"] == (None if scores is None else {c.value: v for c, v in scores.items()})
    if callable(getattr(state, "score", None)):
        rows = score_rows(state.score())
        assert [(r["part"], r["black"], r["white"]) for r in shown["score"]] == [
            (part, values[Colour.BLACK], values[Colour.WHITE]) for part, values in rows
        ]
    else:
        assert shown["score"] is None


@pytest.mark.parametrize("name", sorted(SMALL))
def test_a_game_played_through_the_api_is_the_same_game_on_state(client, name):
    shown = new_game(client, name, size=SMALL[name])
    state = stonefield.game(name, size=SMALL[name]).start()
    draw = random.Random(name)
    assert_same_position(shown, state)
    while not state.is_over and state.ply < 60:
        move = draw.choice(shown["legal_moves"])
        answer = client.post(f"/api/games/{shown['id']}/moves", json={"move": move})
        assert answer.status_code == 200, answer.text
        shown = answer.json()
        state.play(move)
        assert_same_position(shown, state)
    assert shown["moves"] == state.moves
    assert shown["record"] == state.record()
    assert stonefield.load(shown["record"]) == state
    # Every earlier position, viewed by ply, is the one State had then.
    replay = stonefield.game(name, size=SMALL[name]).start()
    for ply in range(state.ply + 1):
        viewed = client.get(f"/api/games/{shown['id']}", params={"ply": ply}).json()
        assert_same_position(viewed, replay)
        if ply < state.ply:
            assert viewed["movers"][ply] == replay.to_move.value
            replay.play(state.actions[ply])


def test_the_catalogue_lists_every_game_with_its_option_table(client):
    catalogue = client.get("/api/catalogue").json()
    assert [g["name"] for g in catalogue["games"]] == sorted(stonefield.GAMES)
    for info in catalogue["games"]:
        specs = stonefield._core.option_table(info["name"])
        assert [(o["name"], o["default"], o["min"], o["max"]) for o in info["options"]] == [
            (s.name, s.default, s.min, s.max) for s in specs
        ]
        assert info["specials"] == list(stonefield.game(info["name"]).specials)
        assert info["overlays"] == stonefield.overlays.available(info["name"])
    assert {b["name"] for b in catalogue["bots"]} >= {"random", "mcts"}


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("chess", {}),
        ("sunder", {"size": 99}),
        ("sunder", {"size": 7.5}),
        ("anda", {"komi": 0.5}),
        ("anadil", {"size": 6}),
        ("sunder", {"colour": 1}),
        ("lingarda", {"pie": 1}),
    ],
)
def test_bad_options_get_the_python_reason(client, game, options):
    expected = python_error(lambda: stonefield.game(game, **options))
    body = refusal(client.post("/api/games", json={"game": game, "options": options}), 400)
    assert body["error"] == "bad_option"
    assert body["message"] == str(expected)


def test_an_illegal_move_gets_the_engine_reason_and_leaves_the_game_alone(client):
    shown = new_game(client, "sunder", size=3)
    url = f"/api/games/{shown['id']}"
    for move in ["b2", "a1"]:
        client.post(f"{url}/moves", json={"move": move})
    before = client.get(url).json()
    state = stonefield.load(before["record"])
    for move in ["b2", "swap"]:
        expected = python_error(lambda move=move: state.play(move))
        body = refusal(client.post(f"{url}/moves", json={"move": move}), 409)
        assert body["error"] == "illegal_move"
        assert (body["message"], body["move"], body["reason"]) == (
            str(expected),
            expected.move,
            expected.reason,
        )
        assert body["reason"]
    assert client.get(url).json() == before


@pytest.mark.parametrize("move", ["zz9", "", "pass", "e5 f4", "release"])
def test_bad_notation_is_400_with_the_python_reason(client, move):
    shown = new_game(client, "sunder", size=3)
    state = stonefield.Sunder(size=3).start()
    expected = python_error(lambda: state.play(move))
    body = refusal(client.post(f"/api/games/{shown['id']}/moves", json={"move": move}), 400)
    assert body["message"] == str(expected)
    assert client.get(f"/api/games/{shown['id']}").json()["moves"] == []


def test_a_record_is_loaded_and_a_broken_one_says_where_it_broke(client):
    record = "anda size=3 komi=2 ; a1 c3 # a comment\n pass"
    answer = client.post("/api/records", json={"record": record})
    assert answer.status_code == 201
    assert_same_position(answer.json(), stonefield.load(record))
    broken = "sunder size=3;\nb2 b2"
    expected = python_error(lambda: stonefield.load(broken))
    body = refusal(client.post("/api/records", json={"record": broken}), 400)
    assert body["error"] == "bad_record"
    assert body["message"] == str(expected)
    assert (body["line"], body["column"], body["move_number"], body["word"]) == (
        expected.line,
        expected.column,
        expected.move_number,
        expected.word,
    )


def test_the_record_downloads_as_a_text_file(client):
    shown = new_game(client, "esgrad", size=2)
    client.post(f"/api/games/{shown['id']}/moves", json={"move": "b2"})
    answer = client.get(f"/api/games/{shown['id']}/record")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    assert "attachment" in answer.headers["content-disposition"]
    assert answer.text == "esgrad size=2 komi=0 ; b2\n"


def test_unknown_ids_and_routes_are_404(client):
    for answer in [
        client.get("/api/games/nope"),
        client.post("/api/games/nope/moves", json={"move": "a1"}),
        client.post("/api/games/nope/undo", json={}),
        client.delete("/api/games/nope"),
        client.get("/api/nothing"),
    ]:
        refusal(answer, 404)


def test_ids_are_unguessable_and_a_forgotten_game_is_gone(client):
    ids = {new_game(client, "sunder", size=2)["id"] for _ in range(20)}
    assert len(ids) == 20 and all(len(i) >= 22 for i in ids)
    game_id = ids.pop()
    assert client.delete(f"/api/games/{game_id}").status_code == 204
    refusal(client.get(f"/api/games/{game_id}"), 404)


def test_the_number_of_games_is_bounded_the_least_recently_used_go_first():
    with TestClient(create_app(Limits(games=2))) as client:
        first = new_game(client, "sunder", size=2)["id"]
        second = new_game(client, "sunder", size=2)["id"]
        client.get(f"/api/games/{first}")  # now the second is the oldest
        new_game(client, "sunder", size=2)
        assert client.get(f"/api/games/{first}").status_code == 200
        refusal(client.get(f"/api/games/{second}"), 404)


def test_a_game_is_bounded_in_length():
    with TestClient(create_app(Limits(moves=3))) as client:
        body = refusal(
            client.post("/api/records", json={"record": "sunder size=3 ; a1 b1 c1 a2"}), 413
        )
        assert body["error"] == "too_long"
        shown = new_game(client, "sunder", size=3)
        for move in ["a1", "b1", "c1"]:
            client.post(f"/api/games/{shown['id']}/moves", json={"move": move})
        refusal(client.post(f"/api/games/{shown['id']}/moves", json={"move": "a2"}), 413)
        refusal(client.post(f"/api/games/{shown['id']}/bot-move", json={"bot": "random"}), 413)
        assert client.get(f"/api/games/{shown['id']}").json()["moves"] == ["a1", "b1", "c1"]


def test_oversized_bodies_are_413_whether_or_not_they_give_a_length():
    with TestClient(create_app(Limits(body_bytes=1000))) as client:
        record = "sunder size=9 ; " + "a1 " * 400
        body = refusal(client.post("/api/records", json={"record": record}), 413)
        assert body["error"] == "too_large"

        def chunks():
            yield b'{"record": "'
            yield b"x" * 2000
            yield b'"}'

        refusal(
            client.post(
                "/api/records", content=chunks(), headers={"content-type": "application/json"}
            ),
            413,
        )


@pytest.mark.parametrize(
    ("body", "status"),
    [
        (b"not json", 422),
        (b'{"game": 3}', 422),
        (b'{"game": "sunder", "options": {"size": "7"}}', 422),
        (b'{"game": "sunder", "options": {"size": [7]}}', 422),
        (b'{"game": "sunder", "extra": true}', 422),
        (b"[" * 5000, 400),  # too deep for the JSON reader
    ],
)
def test_malformed_requests_are_refused(client, body, status):
    answer = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert refusal(answer, status)["error"] == "invalid_request"


def test_undo_takes_moves_back_and_refuses_what_cannot_be_undone(client):
    shown = new_game(client, "anda", size=3)
    url = f"/api/games/{shown['id']}"
    state = stonefield.Anda(size=3).start()
    expected = python_error(state.undo)
    body = refusal(client.post(f"{url}/undo", json={}), 409)
    assert body["message"] == str(expected)
    for move in ["a1", "c3", "b2"]:
        client.post(f"{url}/moves", json={"move": move})
        state.play(move)
    refusal(client.post(f"{url}/undo", json={"count": 4}), 409)
    refusal(client.post(f"{url}/undo", json={"count": 0}), 400)
    answer = client.post(f"{url}/undo", json={"count": 2})
    state.undo()
    state.undo()
    assert_same_position(answer.json(), state)


def test_a_change_meant_for_another_version_is_refused(client):
    shown = new_game(client, "sunder", size=3)
    url = f"/api/games/{shown['id']}"
    played = client.post(f"{url}/moves", json={"move": "a1", "version": shown["version"]}).json()
    assert played["version"] == shown["version"] + 1
    body = refusal(
        client.post(f"{url}/moves", json={"move": "b1", "version": shown["version"]}), 409
    )
    assert body["error"] == "changed"
    assert client.get(url).json()["moves"] == ["a1"]


@pytest.mark.parametrize("name", sorted(SMALL))
def test_bots_choose_what_the_package_bots_choose(client, name):
    shown = new_game(client, name, size=SMALL[name])
    url = f"/api/games/{shown['id']}"
    state = stonefield.game(name, size=SMALL[name]).start()
    for k in range(4):
        if state.is_over:
            break
        if k % 2:
            request = {"bot": "mcts", "iterations": 200, "seed": k}
            expected = MCTS(iterations=200, seed=k).choose(state)
        else:
            request = {"bot": "random", "seed": k}
            expected = Random(seed=k).choose(state)
        answer = client.post(f"{url}/bot-move", json=request)
        assert answer.status_code == 200, answer.text
        state.play(expected)
        assert_same_position(answer.json(), state)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_puct_chooses_what_the_package_puct_chooses(client, name):
    shown = new_game(client, name, size=SMALL[name])
    state = stonefield.game(name, size=SMALL[name]).start()
    answer = client.post(
        f"/api/games/{shown['id']}/bot-move", json={"bot": "puct", "iterations": 50, "seed": 3}
    )
    assert answer.status_code == 200, answer.text
    state.play(PUCT(Rollouts(1), simulations=50, seed=3).choose(state))
    assert_same_position(answer.json(), state)


def test_puct_thinks_no_longer_than_the_servers_seconds():
    # Without a budget of its own a bot searches its default simulations
    # within the server's seconds; with seconds alone it searches for them.
    with TestClient(create_app(Limits(seconds=0.5))) as client:
        for request in [{"bot": "puct", "seed": 1}, {"bot": "puct", "seconds": 0.4}]:
            shown = new_game(client, "anadil", size=19)
            started = time.perf_counter()
            answer = client.post(f"/api/games/{shown['id']}/bot-move", json=request)
            took = time.perf_counter() - started
            assert answer.status_code == 200, answer.text
            assert len(answer.json()["moves"]) == 1
            assert took < 3.0, f"{request} took {took:.1f} s"


@pytest.mark.parametrize(
    ("request_body", "status"),
    [
        ({"bot": "alphago"}, 400),
        ({"bot": "puct", "iterations": 0}, 400),
        ({"bot": "puct", "seconds": 0}, 400),
        ({"bot": "puct", "iterations": 10**9}, 400),
        ({"bot": "puct", "seconds": 3600}, 400),
        ({"bot": "mcts", "iterations": 0}, 400),
        ({"bot": "mcts", "seconds": -1}, 400),
        ({"bot": "mcts", "seed": -1}, 400),
        ({"bot": "mcts", "iterations": 10**9}, 400),
        ({"bot": "mcts", "seconds": 3600}, 400),
        ({"bot": "mcts", "iterations": "many"}, 422),
    ],
)
def test_bad_bot_requests_are_refused_with_the_game_unchanged(client, request_body, status):
    shown = new_game(client, "sunder", size=3)
    refusal(client.post(f"/api/games/{shown['id']}/bot-move", json=request_body), status)
    assert client.get(f"/api/games/{shown['id']}").json()["version"] == shown["version"]


def test_bot_budget_reasons_are_the_python_ones(client):
    shown = new_game(client, "sunder", size=3)
    expected = python_error(lambda: MCTS(iterations=0))
    body = refusal(
        client.post(f"/api/games/{shown['id']}/bot-move", json={"bot": "mcts", "iterations": 0}),
        400,
    )
    assert body["message"] == str(expected)


def test_a_finished_game_has_no_bot_move_or_analysis(client):
    record = "sunder size=2 pie=false ; a2 a1 c2 c3 b2"
    shown = client.post("/api/records", json={"record": record}).json()
    assert shown["is_over"] and shown["winner"] == "black"
    state = stonefield.load(record)
    expected = python_error(lambda: MCTS(iterations=10).choose(state))
    for path, body in [("bot-move", {"bot": "mcts"}), ("analysis", {})]:
        problem = refusal(client.post(f"/api/games/{shown['id']}/{path}", json=body), 409)
        assert problem["message"] == str(expected)


def test_analysis_gives_the_visit_shares_of_mcts_analyse(client):
    shown = new_game(client, "esgrad", size=3)
    url = f"/api/games/{shown['id']}"
    client.post(f"{url}/moves", json={"move": "c3"})
    found = client.post(f"{url}/analysis", json={"iterations": 300, "seed": 4, "ply": 1}).json()
    state = stonefield.load(client.get(url).json()["record"])
    expected = MCTS(iterations=300, seed=4).analyse(state)
    assert found["best"] == expected.best.text
    assert [m["move"] for m in found["moves"]] == list(expected.moves)
    assert [m["visits"] for m in found["moves"]] == expected.visits.tolist()
    assert sum(m["share"] for m in found["moves"]) == pytest.approx(1)
    assert 'data-overlay="analyse"' in found["svg"] and 'class="share"' in found["svg"]
    # An earlier position can be analysed too.
    start = client.post(f"{url}/analysis", json={"iterations": 50, "ply": 0}).json()
    assert start["ply"] == 0 and len(start["moves"]) == len(
        stonefield.Esgrad(size=3).start().legal_moves()
    )


def test_positions_carry_an_overlay_and_targets_on_every_point(client):
    shown = new_game(client, "anda", size=3)
    url = f"/api/games/{shown['id']}"
    client.post(f"{url}/moves", json={"move": "a1"})
    viewed = client.get(url, params={"overlay": "territory"}).json()
    state = stonefield.load(viewed["record"])
    assert (
        viewed["overlay"]["caption"]
        == stonefield.overlays.overlay_marks(state, "territory").caption
    )
    assert viewed["svg"] == stonefield.svg(state, size=None, overlay="territory", targets=True)
    assert viewed["svg"].count('class="target"') == state.game.num_points
    body = refusal(client.get(url, params={"overlay": "cuts"}), 400)
    assert body["message"] == str(python_error(lambda: stonefield.svg(state, overlay="cuts")))
    refusal(client.get(url, params={"overlay": "breaths", "at": "z99"}), 400)
    refusal(client.get(url, params={"ply": 5}), 400)
    refusal(client.get(url, params={"ply": -1}), 400)


def test_the_page_and_its_files_are_served_with_no_outside_address(client):
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert page.headers["content-security-policy"].startswith("default-src 'self'")
    for path in ["/static/app.js", "/static/style.css", "/static/icon.svg"]:
        answer = client.get(path)
        assert answer.status_code == 200, path
        text = answer.text.replace("http://www.w3.org/2000/svg", "")  # a name, not a place
        assert "http://" not in text and "https://" not in text, path


def test_no_page_loads_scripts_from_elsewhere(client):
    for path in ["/docs", "/redoc"]:
        refusal(client.get(path), 404)


def test_the_schema_describes_every_route(client):
    schema = client.get("/openapi.json").json()
    assert set(schema["paths"]) >= {
        "/api/catalogue",
        "/api/games",
        "/api/records",
        "/api/games/{game_id}",
        "/api/games/{game_id}/moves",
        "/api/games/{game_id}/undo",
        "/api/games/{game_id}/bot-move",
        "/api/games/{game_id}/analysis",
        "/api/games/{game_id}/record",
    }
    assert "Position" in schema["components"]["schemas"]
    assert Position.model_json_schema()["required"]


def test_the_core_install_does_not_import_the_web_stack():
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, stonefield, stonefield.cli; "
            "print(sorted(m for m in ('fastapi', 'uvicorn', 'starlette') if m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "[]"
