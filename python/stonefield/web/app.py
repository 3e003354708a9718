"""The web app: a JSON API over ``State``, the bots and ``stonefield.svg``,
and the page that plays through it (``static/``), as one FastAPI app.

Every refusal is a 4xx answer whose body is a :class:`Problem`: the engine's
own errors keep their message and fields (an illegal move is 409 with the
move and the reason ``State.play`` gives), and the game is left as it was.
Searches run on threads of their own, off the event loop.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> game = client.post("/api/games", json={"game": "sunder", "options": {"size": 3}}).json()
>>> answer = client.post(f"/api/games/{game['id']}/moves", json={"move": "b2"})
>>> answer.status_code, answer.json()["moves"], answer.json()["to_move"]
(200, ['b2'], 'white')
>>> refused = client.post(f"/api/games/{game['id']}/moves", json={"move": "b2"})
>>> refused.status_code, refused.json()["reason"]
(409, 'the point is occupied')
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Mapping
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, FastAPI, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stonefield import registry
from stonefield._core import IllegalMoveError, OptionError, RecordError, StonefieldError
from stonefield.game import game
from stonefield.notation import load
from stonefield.overlays import available
from stonefield.web.games import Games, Limits, RequestError
from stonefield.web.models import (
    Analyse,
    Analysis,
    BotInfo,
    BotMove,
    Catalogue,
    GameInfo,
    LimitsInfo,
    NewGame,
    NewRecord,
    OptionInfo,
    PlayMove,
    Position,
    Problem,
    Undo,
)
from stonefield.web.players import BOTS, analyser, make_bot
from stonefield.web.views import analysis as analysis_view
from stonefield.web.views import position, state_at

STATIC = Path(str(files("stonefield.web") / "static"))

# The page loads nothing from elsewhere and runs no inline script.
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:",
    "X-Content-Type-Options": "nosniff",
}

A = TypeVar("A")
T = TypeVar("T")


class Server:
    """What the app holds: its games, its limits and the searches under way."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.games = Games(limits)
        self.searches = asyncio.Semaphore(limits.searches)

    async def search(self, work: Callable[[A], T], argument: A) -> T:
        """Runs ``work(argument)`` on a thread of its own, at most
        :attr:`Limits.searches` at a time. The thread is a daemon, so a
        server stopped with Ctrl-C does not wait for a search to end."""
        async with self.searches:
            loop = asyncio.get_running_loop()
            done: asyncio.Future[T] = loop.create_future()

            def settle(result: T | None, error: BaseException | None) -> None:
                if done.cancelled():
                    return
                if error is not None:
                    done.set_exception(error)
                else:
                    done.set_result(result)  # type: ignore[arg-type]

            def run() -> None:
                try:
                    result = work(argument)
                except BaseException as error:  # handed to the request
                    loop.call_soon_threadsafe(settle, None, error)
                else:
                    loop.call_soon_threadsafe(settle, result, None)

            threading.Thread(target=run, name="stonefield search", daemon=True).start()
            return await done


def _server(request: Request) -> Server:
    server: Server = request.app.state.server
    return server


ServerDep = Annotated[Server, Depends(_server)]

REFUSALS: dict[int | str, dict[str, Any]] = {
    status: {"model": Problem, "description": description}
    for status, description in [
        (400, "a bad option, move text, record, overlay or budget"),
        (404, "no game has that id"),
        (409, "an illegal move, or a game that changed meanwhile"),
        (413, "a body or game longer than the server takes"),
        (422, "a request that does not fit its schema"),
    ]
}

router = APIRouter(prefix="/api", responses=REFUSALS)


@router.get("/catalogue")
async def catalogue(server: ServerDep) -> Catalogue:
    """The games, their options and overlays, the bots, and the limits."""
    return Catalogue(
        games=[_game_info(name) for name in sorted(registry.GAMES)],
        bots=[
            BotInfo(name=name, doc=kind.doc, searches=kind.searches) for name, kind in BOTS.items()
        ],
        limits=LimitsInfo(
            games=server.limits.games,
            moves=server.limits.moves,
            body_bytes=server.limits.body_bytes,
            iterations=server.limits.iterations,
            seconds=server.limits.seconds,
        ),
    )


def _game_info(name: str) -> GameInfo:
    played = game(name)
    return GameInfo(
        name=name,
        options=[
            OptionInfo(
                name=spec.name,
                kind=spec.kind,  # type: ignore[arg-type]
                default=spec.default,
                min=spec.min,
                max=spec.max,
                takes=spec.takes,
                doc=spec.doc,
            )
            for spec in played.option_specs
        ],
        specials=list(played.specials),
        overlays=available(name),
        scores=callable(getattr(played.start(), "score", None)),
    )


@router.post("/games", status_code=201)
async def new_game(body: NewGame, server: ServerDep) -> Position:
    """Starts a game (``stonefield.game(name, **options).start()``)."""
    state = game(body.game, **body.options).start()
    game_id, entry = server.games.add(state)
    return position(game_id, entry)


@router.post("/records", status_code=201)
async def new_record(body: NewRecord, server: ServerDep) -> Position:
    """Starts a game from a record (``stonefield.load(record)``), at its
    last move."""
    state = await server.search(load, body.record)
    game_id, entry = server.games.add(state)
    return position(game_id, entry)


@router.get("/games/{game_id}")
async def get_position(
    game_id: str,
    server: ServerDep,
    ply: Annotated[int | None, Query(description="after this many moves (all)")] = None,
    overlay: Annotated[str | None, Query(description="one of the game's overlays")] = None,
    at: Annotated[str | None, Query(description="the point an overlay is about")] = None,
) -> Position:
    """A position of the game, its picture with an overlay if asked."""
    return position(game_id, server.games.get(game_id), ply, overlay, at)


@router.delete("/games/{game_id}", status_code=204)
async def forget(game_id: str, server: ServerDep) -> Response:
    """Forgets the game."""
    server.games.remove(game_id)
    return Response(status_code=204)


@router.get(
    "/games/{game_id}/record",
    response_model=None,
    responses={
        200: {
            "content": {"text/plain": {"schema": {"type": "string"}}},
            "description": "the record, as State.save writes it",
        }
    },
)
async def record(game_id: str, server: ServerDep) -> PlainTextResponse:
    """The game's record as a text file, as ``State.save`` writes it."""
    entry = server.games.get(game_id)
    name = f"{entry.state.game.name}-{game_id[:8]}.txt"
    return PlainTextResponse(
        entry.state.record() + "\n",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.post("/games/{game_id}/moves")
async def play(game_id: str, body: PlayMove, server: ServerDep) -> Position:
    """Plays a move (``State.play``)."""
    entry = server.games.get(game_id)
    entry.check(body.version)
    server.games.check_length(entry.state.ply + 1)
    entry.state.play(body.move)
    entry.changed()
    return position(game_id, entry)


@router.post("/games/{game_id}/undo")
async def undo(game_id: str, body: Undo, server: ServerDep) -> Position:
    """Takes back the last ``count`` moves (``State.undo``)."""
    entry = server.games.get(game_id)
    entry.check(body.version)
    state = entry.state
    if body.count < 1:
        raise RequestError(400, "bad_count", f"count must be at least 1, got {body.count}")
    if state.ply == 0:
        state.undo()  # refused as the package refuses it
    if body.count > state.ply:
        raise RequestError(
            409, "bad_count", f"cannot take back {body.count} moves: {state.ply} were played"
        )
    for _ in range(body.count):
        state.undo()
    entry.changed()
    return position(game_id, entry)


@router.post("/games/{game_id}/bot-move")
async def bot_move(game_id: str, body: BotMove, server: ServerDep) -> Position:
    """A bot chooses the move and it is played. The bot thinks on a copy of
    the position; if the game changed meanwhile, nothing is played (409)."""
    entry = server.games.get(game_id)
    entry.check(body.version)
    bot = make_bot(body.bot, body, server.limits)
    server.games.check_length(entry.state.ply + 1)
    version = entry.version
    move = await server.search(bot.choose, entry.state.copy())
    entry = server.games.get(game_id)
    entry.check(version)
    entry.state.play(move)
    entry.changed()
    return position(game_id, entry)


@router.post("/games/{game_id}/analysis")
async def analyse(game_id: str, body: Analyse, server: ServerDep) -> Analysis:
    """An MCTS search of a position (``MCTS.analyse``): visits, shares and
    values per move, and the board with the visit shares drawn on it."""
    entry = server.games.get(game_id)
    shown = state_at(entry.state, body.ply).copy()
    search = analyser(body, server.limits)
    found = await server.search(search.analyse, shown)
    return analysis_view(game_id, entry, shown, found)


def _problem(error: Exception) -> tuple[int, Problem]:
    """The status and body of a refusal."""
    if isinstance(error, RequestError):
        return error.status, Problem(error=error.error, message=error.message)
    message = str(error)
    if isinstance(error, IllegalMoveError):
        return 409, Problem(
            error="illegal_move", message=message, move=error.move, reason=error.reason
        )
    if isinstance(error, RecordError):
        return 400, Problem(
            error="bad_record",
            message=message,
            reason=error.reason,
            line=error.line,
            column=error.column,
            move_number=error.move_number,
            word=error.word,
        )
    if isinstance(error, OptionError):
        return 400, Problem(error="bad_option", message=message, option=error.option)
    kind = "bad_notation" if type(error).__name__ == "NotationError" else "bad_request"
    return 400, Problem(error=kind, message=message)


def _answer(
    status: int, problem: Problem, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(problem.model_dump(exclude_none=True), status, headers=headers)


async def _refused(request: Request, error: Exception) -> JSONResponse:
    return _answer(*_problem(error))


async def _invalid(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    parts = [f"{'.'.join(str(p) for p in item['loc'])}: {item['msg']}" for item in error.errors()]
    return _answer(422, Problem(error="invalid_request", message="; ".join(parts)))


async def _http(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, HTTPException)
    kinds = {400: "invalid_request", 404: "not_found", 405: "method_not_allowed"}
    kind = kinds.get(error.status_code, "http")
    return _answer(error.status_code, Problem(error=kind, message=str(error.detail)), error.headers)


class BodyLimit:
    """Refuses (413) a request body longer than ``limit`` bytes, whether it
    says its length or not: the body is read here, at most ``limit`` bytes
    of it, before the app sees it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(scope, receive, send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if len(body) > self.limit:
                await self._refuse(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()
            delivered = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = f"the request body is longer than {self.limit} bytes"
        response = _answer(413, Problem(error="too_large", message=message))
        await response(scope, receive, send)


def create_app(limits: Limits | None = None, hosts: list[str] | None = None) -> FastAPI:
    """The app: the page at ``/``, its files under ``/static``, the API
    under ``/api`` and its schema at ``/openapi.json``.

    Args:
        limits: what the server bounds (:class:`Limits` by default).
        hosts: the host names requests may be addressed to (all when None);
            a server on a loopback address takes only its own names, so a
            page elsewhere cannot reach it through DNS rebinding.
    """
    limits = limits or Limits()
    app = FastAPI(
        title="stonefield",
        summary="Play and study Sunder, Anda, Anadil, Lingarda and Esgrad",
        version="0.1.0",
        # FastAPI's documentation pages load their scripts from a CDN: the
        # schema at /openapi.json is served instead.
        docs_url=None,
        redoc_url=None,
    )
    app.state.server = Server(limits)
    app.include_router(router)
    for error in (StonefieldError, RequestError):
        app.add_exception_handler(error, _refused)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(HTTPException, _http)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    app.add_middleware(BodyLimit, limit=limits.body_bytes)
    if hosts is not None:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=hosts)
    return app
