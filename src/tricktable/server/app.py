"""The ASGI app: thin HTTP and WebSocket routes over the table service (docs/protocol.md).

``create_app(store=..., settings=...)`` builds it; uvicorn serves it (``tricktable serve``). Every error is
``{"type": "error", "code": ..., "message": ...}`` with a 4xx status, and changes nothing; a server failure
is a 5xx with an error ``id`` whose details are in the server log only. Every response has the security
headers (``server/headers.py``); the WebSocket checks Origin and takes the seat token in its first message.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from tricktable import deals
from tricktable.server.errors import ServiceError, new_error_id, server_failure
from tricktable.server.fanout import pump_task
from tricktable.server.headers import SecurityHeaders, origin_allowed
from tricktable.server.limits import CLOSE_BINARY, Limits, RateLimiter, RequestGuard, read_message
from tricktable.server.networks import network_of
from tricktable.server.players_routes import PlayerHub, check_origin
from tricktable.server.players_routes import router as players_router
from tricktable.server.reference import game_reference
from tricktable.server.service import Settings, Subscription, TableService
from tricktable.server.store import Store, open_store
from tricktable.server.table import join_views
from tricktable.server.tutorial import router as tutorial_router

log = logging.getLogger("tricktable.server")
STATIC = Path(str(resources.files("tricktable") / "web" / "static"))
PLACEHOLDER = """<!doctype html><meta charset="utf-8"><title>tricktable</title>
<h1>tricktable</h1><p>The web client is not installed. The API is at <a href="/docs">/docs</a>.</p>"""


class SeatSpec(BaseModel):
    kind: Literal["human", "bot"]
    bot: str | None = None


class CreateTable(BaseModel):
    game: str
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = None
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    clock: str | dict[str, Any] | None = None  # a time control: a preset name or an object (server/clock.py)
    rated: bool = False  # accounts only; never with a chosen seed or set-up deal (server/ratings.py)


class TakeSeat(BaseModel):
    name: str = Field(min_length=1, max_length=80)
    contribution: str | None = Field(default=None, max_length=64)  # the player's randomness for the deal


class StartTable(BaseModel):
    token: str | None = None


class PlayAction(BaseModel):
    token: str | None = None
    action: str
    seat: int | None = None
    lang: str = "en"


def _error(error: ServiceError) -> JSONResponse:
    return JSONResponse(error.to_json(), status_code=error.status)


def _malformed(request: Request, error: Exception) -> JSONResponse:
    problems = error.errors() if isinstance(error, RequestValidationError) else []
    where = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}" for e in problems)
    return _error(ServiceError("message/malformed", f"the request is not what this call takes ({where})"))


HELLO_WAIT = 1.0  # seconds the socket waits for a first "hello" before treating the client as a spectator


def create_app(store: Store | None = None, settings: Settings | None = None, db: str | None = None,
               origins: tuple[str, ...] = ()) -> FastAPI:
    """The web table app over ``store`` (default: ``open_store(db)``, SQLite in the user data folder).

    The service starts with the app (resuming stored tables) and stops with it; a store passed in is
    left open for the caller, a store opened here is closed. ``origins``: web origins besides this host
    whose pages may open table sockets (``*``: any).
    """
    own_store = store is None
    the_store: Store = store if store is not None else open_store(db)
    service = TableService(the_store, settings)
    hub = PlayerHub(service, the_store, origins)  # accounts, guests, ratings (server/players_routes.py)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        service.keep(asyncio.get_running_loop().create_task(hub.catch_up()))
        try:
            yield
        finally:
            await service.stop()
            hub.close()
            if own_store:
                the_store.close()

    app = FastAPI(title="tricktable", summary="Trick-taking card games at a web table", lifespan=lifespan)
    app.state.service = service
    app.state.hub = hub
    app.add_middleware(SecurityHeaders)
    limits = service.settings.limits
    rates = RateLimiter(limits.rate, limits.burst)  # one bucket per client address for HTTP and sockets
    app.state.rates = rates  # (tests set its clock)
    app.add_middleware(RequestGuard, limits=limits, rates=rates)
    if service.settings.trusted_proxies:  # outermost: every limit sees the client behind a trusted proxy
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(service.settings.trusted_proxies))

    async def service_error(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, ServiceError)
        return _error(error)

    async def server_error(request: Request, error: Exception) -> JSONResponse:
        # the reply carries only an id: an exception's text may hold a database statement's parameters
        error_id = new_error_id()
        log.error("%s %s failed (error id %s)", request.method, request.url.path, error_id, exc_info=error)
        return _error(server_failure(error_id))

    app.add_exception_handler(ServiceError, service_error)
    app.add_exception_handler(RequestValidationError, _malformed)
    app.add_exception_handler(Exception, server_error)

    # --- games ---------------------------------------------------------------------------------

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return await asyncio.to_thread(service.games)

    @app.get("/api/games/{name}/rules")
    async def rules(name: str, lang: str = "en") -> dict[str, Any]:
        return service.rules(name, lang)

    @app.get("/api/games/{name}/reference")
    async def games_reference(name: str, lang: str = "en") -> dict[str, Any]:
        return game_reference(name, lang)  # the tooltips' text where there is no table (its defaults)

    # --- tables --------------------------------------------------------------------------------

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
        client = hub.network(request)  # per network: an IPv6 /64 is one client (server/networks.py)
        if body.rated and (await hub.identify(request.cookies)).account is None:
            raise ServiceError("account/needed", "log in or sign up to create a rated table")
        return await service.create_table(body.game, body.players, body.options, seats, body.seed, client=client,
                                          clock=body.clock, rated=body.rated)

    @app.get("/api/tables")
    async def lobby(request: Request) -> list[dict[str, Any]]:
        return service.lobby((await hub.identify(request.cookies)).players)

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str) -> dict[str, Any]:
        return await service.summary(table_id)

    @app.get("/api/tables/{table_id}/reference")
    async def reference(table_id: str, lang: str = "en") -> dict[str, Any]:
        return await service.reference(table_id, lang)

    @app.post("/api/tables/{table_id}/seats/{seat}")
    async def take_seat(table_id: str, seat: int, body: TakeSeat, request: Request) -> dict[str, Any]:
        who = await hub.identify(request.cookies)  # the seat is held by this player too (account, or guest)
        if who.player:
            check_origin(request, origins)
        name = who.account.name if who.account else body.name  # an account plays under its own name
        taken = await service.take_seat(table_id, seat, name, player=who.player, contribution=body.contribution)
        if who.player:
            await asyncio.to_thread(hub.players.sat_down, who.player, table_id, seat)
        return taken

    @app.post("/api/tables/{table_id}/start")
    async def start_table(table_id: str, body: StartTable, request: Request) -> dict[str, Any]:
        players = (await hub.identify(request.cookies)).players
        if players:
            check_origin(request, origins)
        return await service.start_table(table_id, body.token, players)

    @app.get("/api/tables/{table_id}/view")
    async def view(table_id: str, request: Request, token: str | None = None, lang: str = "en",
                   since: int = 0) -> dict[str, Any]:
        return await service.view(table_id, token, lang, since, (await hub.identify(request.cookies)).players)

    @app.get("/api/tables/{table_id}/hint")
    async def hint(table_id: str, request: Request, token: str | None = None, lang: str = "en") -> dict[str, Any]:
        return await service.hint(table_id, token, lang, (await hub.identify(request.cookies)).players)

    @app.post("/api/tables/{table_id}/actions")
    async def act(table_id: str, body: PlayAction, request: Request) -> dict[str, Any]:
        players = (await hub.identify(request.cookies)).players
        if players:
            check_origin(request, origins)
        return await service.act(table_id, body.token, body.action, body.seat, body.lang, players)

    @app.post("/api/tables/{table_id}/undo")
    async def undo(table_id: str, body: StartTable) -> dict[str, Any]:
        return await service.undo(table_id, body.token)

    @app.get("/api/tables/{table_id}/chat")
    async def chat(table_id: str) -> dict[str, Any]:
        return {"type": "chat", "messages": await service.chat_history(table_id), "whole": True}

    @app.get("/api/tables/{table_id}/record", response_model=None)
    async def record(table_id: str, format: Literal["json", "text"] = "json") -> dict[str, Any] | Response:
        found = await service.record(table_id)
        fair = await service.fair_proof(table_id)  # the deal's proof (tricktable/deals.py), with the record
        if format == "text":
            return PlainTextResponse(deals.with_proof_text(found.to_text(), fair))
        data: dict[str, Any] = found.to_json()
        if fair is not None:
            data["fair"] = fair
        return data

    @app.get("/api/tables/{table_id}/verify")
    async def verify(table_id: str) -> dict[str, Any]:
        """A finished game's deal checked (tricktable/deals.py): commitment, seed and replay."""
        found = await service.record(table_id)
        data = {**found.to_json(), "fair": await service.fair_proof(table_id)}
        problems = await asyncio.to_thread(deals.check, data) if data["fair"] else ["no fair block"]
        return {"holds": not problems, "problems": problems}

    @app.get("/api/replays")
    async def replays() -> list[dict[str, Any]]:
        return await service.replays()

    @app.get("/api/replays/{table_id}")
    async def replay(table_id: str, step: int | None = None, seat: int | None = None,
                     lang: str = "en") -> dict[str, Any]:
        return await service.replay(table_id, step, seat, lang)

    @app.get("/api/replays/{table_id}/review")
    async def review(table_id: str, seat: int, lang: str = "en") -> dict[str, Any]:
        return await service.review(table_id, seat, lang)

    # --- the WebSocket -------------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def socket(websocket: WebSocket, table_id: str, lang: str = "en") -> None:
        await websocket.accept()
        try:
            if not origin_allowed(websocket.headers, origins):
                raise ServiceError("auth/origin", f"pages from {websocket.headers.get('origin')} may not open "
                                   "table sockets here (tricktable serve --origin adds origins)")
            if "token" in websocket.query_params:
                raise ServiceError("auth/token-in-url", 'a seat token goes in the first message, '
                                   '{"type": "hello", "token": ...}, never in the URL (URLs are logged)')
            try:
                token, lang, first = await _hello(websocket, lang)
            except WebSocketDisconnect:
                return
            players = (await hub.identify(websocket.cookies)).players  # a seat held by this account or guest
            listener = await service.connect(table_id, token, lang, players)
        except ServiceError as error:
            await websocket.send_json(error.to_json())
            codes = {"table/unknown": 4404, "auth/token-in-url": 4400, "message/malformed": 4400}
            await websocket.close(code=codes.get(error.code, 4403))
            return
        sender = pump_task(websocket, listener, join_views)
        address = network_of(websocket.client.host if websocket.client else None, limits.ipv6_prefix)
        listener.address = address
        try:
            if first is not None:  # a client that began with another message: answered as a spectator's
                await _dispatch(service, listener, first, limits)
            while not sender.done():
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                if frame.get("text") is None:  # a binary frame: not this protocol
                    listener.queue.put_nowait(ServiceError(
                        "message/binary", "messages are JSON text frames, not binary").to_json())
                    listener.closing = CLOSE_BINARY
                    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                        await sender
                    break
                if not rates.allow(address):
                    listener.queue.put_nowait(ServiceError(
                        "limit/rate", f"too many messages: at most {limits.rate:g} a second").to_json())
                    continue
                await _dispatch(service, listener, frame["text"], limits)
        except WebSocketDisconnect:
            pass
        finally:
            sender.cancel()
            await service.disconnect(listener)

    app.include_router(players_router(hub))  # accounts, My games, ratings: before the client's catch-all
    app.include_router(tutorial_router(service, hub))  # the guided first game (server/tutorial.py)

    # --- the web client ------------------------------------------------------------------------

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/{path:path}", include_in_schema=False, response_model=None)
    async def client(path: str) -> Response:
        if path.startswith(("api/", "ws/", "static/")):
            return _error(ServiceError("message/malformed", f"no such call: /{path}"))
        index = STATIC / "index.html"
        return FileResponse(index) if index.is_file() else HTMLResponse(PLACEHOLDER)

    return app


async def _hello(websocket: WebSocket, lang: str) -> tuple[str | None, str, str | None]:
    """The first message: ``{"type": "hello", "token"?: ..., "lang"?: ...}`` -> (token, lang, None).

    No token: a spectator. A client that sends nothing within ``HELLO_WAIT`` seconds, or begins with another
    message, is a spectator too; that message is returned to be handled once connected.
    """
    try:
        text = await asyncio.wait_for(websocket.receive_text(), HELLO_WAIT)
    except (TimeoutError, KeyError):  # KeyError: a binary first frame (ignored: a spectator)
        return None, lang, None
    try:
        message = json.loads(text)
    except (json.JSONDecodeError, RecursionError):  # handled as the first message: a typed error
        return None, lang, text
    if not isinstance(message, dict) or message.get("type") != "hello":
        return None, lang, text
    token, chosen = message.get("token"), message.get("lang", lang)
    if token is not None and not isinstance(token, str):
        raise ServiceError("message/malformed", 'a hello is {"type": "hello", "token": "<seat token>", "lang": "en"}')
    return token or None, chosen if isinstance(chosen, str) else lang, None


async def _on_action(service: TableService, listener: Subscription, message: dict[str, Any]) -> None:
    action = message.get("action")
    if not isinstance(action, str):
        raise ServiceError("message/malformed", 'an action message is {"type": "action", "action": "<text>"}')
    await service.act_as(listener, action)


async def _on_lang(service: TableService, listener: Subscription, message: dict[str, Any]) -> None:
    service.set_lang(listener, message.get("lang"))


async def _on_resync(service: TableService, listener: Subscription, message: dict[str, Any]) -> None:
    since = message.get("since", 0)
    if not isinstance(since, int) or isinstance(since, bool) or since < 0:
        raise ServiceError("message/malformed", 'a resync message is {"type": "resync", "since": <log index>}')
    service.resync(listener, since)


async def _on_changes(service: TableService, listener: Subscription, message: dict[str, Any]) -> None:
    service.send_changes(listener)


async def _on_ping(service: TableService, listener: Subscription, message: dict[str, Any]) -> None:
    listener.queue.put_nowait({"type": "pong"})


async def _on_undo(service: TableService, listener: Subscription, message: dict[str, Any]) -> None:
    await service.undo_as(listener)


async def _on_chat(service: TableService, listener: Subscription, message: dict[str, Any]) -> None:
    await service.say(listener, message.get("text"))


async def _on_chat_open(service: TableService, listener: Subscription, message: dict[str, Any]) -> None:
    await service.send_chat(listener)


async def _on_hello(service: TableService, listener: Subscription, message: dict[str, Any]) -> None:
    raise ServiceError("message/malformed", "hello is the first message only: reconnect to change seats")


HANDLERS: dict[str, Callable[[TableService, Subscription, dict[str, Any]], Awaitable[None]]] = {
    "action": _on_action,
    "lang": _on_lang,
    "ping": _on_ping,
    "resync": _on_resync,
    "changes": _on_changes,
    "hello": _on_hello,
    "undo": _on_undo,
    "chat": _on_chat,
    "chat_open": _on_chat_open,
}


async def _dispatch(service: TableService, listener: Subscription, text: str, limits: Limits) -> None:
    """Handle one client message; any error goes back to this listener only."""
    try:
        message = read_message(text, limits)
        handler = HANDLERS.get(str(message.get("type")))
        if handler is None:
            raise ServiceError("message/malformed", f"message types: {', '.join(HANDLERS)}")
        await handler(service, listener, message)
    except ServiceError as error:
        listener.queue.put_nowait(error.to_json())
    except Exception:
        error_id = new_error_id()
        log.exception("a socket message failed (error id %s): %r", error_id, text[:200])
        listener.queue.put_nowait(server_failure(error_id).to_json())
