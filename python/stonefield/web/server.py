"""``stonefield serve``: the web app on a local address, with uvicorn.

This module imports neither FastAPI nor uvicorn until it serves, so the
command can say what is missing when the ``web`` extra is not installed.
"""

from __future__ import annotations

import ipaddress
import socket
import webbrowser
from collections.abc import Callable
from contextlib import suppress
from importlib.util import find_spec

from stonefield._core import StonefieldError

EXTRA = ("fastapi", "uvicorn")
"""The packages the ``web`` extra brings."""


def missing_extra() -> list[str]:
    """The packages of the ``web`` extra that are not installed."""
    return [name for name in EXTRA if find_spec(name) is None]


def address(host: str, port: int) -> str:
    """The page's address for a host and port.

    >>> address("127.0.0.1", 8000), address("::1", 8000)
    ('http://127.0.0.1:8000/', 'http://[::1]:8000/')
    """
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host`` and ``port`` (0 picks a free port).

    Raises:
        StonefieldError: when the address cannot be had.
    """
    try:
        family, kind, proto, _, where = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        listener = socket.socket(family, kind, proto)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(where)
    except OSError as error:
        raise StonefieldError(f"cannot serve on {host} port {port}: {error.strerror}") from None
    listener.listen(128)
    return listener


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    open_browser: bool = False,
    say: Callable[[str], None] = print,
) -> int:
    """Serves the web app until Ctrl-C; returns the exit status (0).

    Args:
        host: the address to listen on; 127.0.0.1 keeps it on this machine.
        port: the port (0 picks a free one).
        open_browser: whether to open the page in the default browser.
        say: where the address and notices go.

    Raises:
        StonefieldError: when the ``web`` extra is not installed, or the
            address cannot be had.
    """
    missing = missing_extra()
    if missing:
        raise StonefieldError(
            f"stonefield serve needs the web extra ({', '.join(missing)} not installed): "
            "pip install 'stonefield[web]'"
        )
    import uvicorn

    from stonefield.web.app import create_app

    listener = _listen(host, port)
    bound_port = listener.getsockname()[1]
    hosts = None
    if _is_loopback(host):
        hosts = ["localhost", "127.0.0.1", "[::1]", "::1", host]
    app = create_app(hosts=hosts)
    config = uvicorn.Config(
        app, log_level="warning", timeout_graceful_shutdown=1, server_header=False
    )
    where = address(host, bound_port)
    say(f"stonefield: serving on {where} (Ctrl-C stops)")
    if hosts is None:
        say(f"stonefield: {host} can be reached from other machines: anyone there can play")
    if open_browser:
        webbrowser.open(where)
    with suppress(KeyboardInterrupt):  # Ctrl-C is how the server is meant to stop
        uvicorn.Server(config).run(sockets=[listener])
    say("stonefield: stopped")
    return 0
