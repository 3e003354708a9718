"""``stonefield serve``: it prints its address, serves the page and the API
there, binds to this machine unless told otherwise, stops on Ctrl-C, and
says how to get the web extra when it is missing."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import urllib.request

import pytest
import stonefield.web.server
from stonefield.cli import main
from stonefield.web.server import serve


def start(*arguments):
    """A running ``stonefield serve --port 0`` and the address it printed."""
    server = subprocess.Popen(
        [sys.executable, "-m", "stonefield.cli", "serve", "--port", "0", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = server.stdout.readline()  # printed once the socket listens
    found = re.search(r"http://\S+/", line)
    if found is None:
        server.kill()
        pytest.fail(f"no address in {line!r}: {server.communicate()}")
    return server, found.group(0)


def stop(server):
    server.send_signal(signal.SIGINT)
    try:
        return server.wait(timeout=10)
    finally:
        server.kill()


def test_serve_prints_a_loopback_address_and_serves_the_page_and_api_there():
    server, where = start()
    try:
        assert where.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(where, timeout=10) as page:
            assert b"<title>stonefield</title>" in page.read()
        request = urllib.request.Request(
            where + "api/games",
            data=json.dumps({"game": "sunder", "options": {"size": 3}}).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 201
            assert json.load(answer)["to_move"] == "black"
    finally:
        status = stop(server)
    assert status == 0


def test_a_request_addressed_to_another_host_name_is_refused_on_loopback():
    server, where = start()
    try:
        request = urllib.request.Request(where, headers={"Host": "evil.example"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 400
    finally:
        stop(server)


def test_without_the_web_extra_serve_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setattr(stonefield.web.server, "missing_extra", lambda: ["fastapi", "uvicorn"])
    assert main(["serve"]) == 2
    error = capsys.readouterr().err
    assert "fastapi, uvicorn not installed" in error
    assert "pip install 'stonefield[web]'" in error


def test_an_address_that_cannot_be_had_is_a_clear_error():
    with pytest.raises(stonefield.StonefieldError, match=r"cannot serve on 192\.0\.2\.1"):
        serve("192.0.2.1", 0, say=lambda line: None)
