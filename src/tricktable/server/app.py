"""The ASGI app: thin HTTP and WebSocket routes over the table service (docs/protocol.md).

``create_app(store=..., settings=...)`` builds it from the routes of each resource (``server/routes_*.py``,
``server/routes_players.py``); uvicorn serves it (``tricktable serve``). Every error is
``{"type": "error", "code": ..., "message": ...}`` with a 4xx status, and changes nothing; a server failure
is a 5xx with an error ``id`` whose details are in the server log only. Every response has the security
headers (``server/headers.py``); the WebSocket checks Origin and takes the seat token in its first message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from tricktable.server.errors import ServiceError, new_error_id, server_failure
from tricktable.server.headers import SecurityHeaders
from tricktable.server.limits import RateLimiter, RequestGuard
from tricktable.server.players_service import PlayerHub
from tricktable.server.routes_play import router as play_router
from tricktable.server.routes_players import router as players_router
from tricktable.server.routes_replays import router as replays_router
from tricktable.server.routes_socket import router as socket_router
from tricktable.server.routes_tables import router as tables_router
from tricktable.server.service import Settings, TableService
from tricktable.server.store import Store, open_store
from tricktable.server.tutorial import router as tutorial_router

log = logging.getLogger("tricktable.server")
STATIC = Path(str(resources.files("tricktable") / "web" / "static"))
PLACEHOLDER = """<!doctype html><meta charset="utf-8"><title>tricktable</title>
<h1>tricktable</h1><p>The web client is not installed. The API is at <a href="/docs">/docs</a>.</p>"""


def _error(error: ServiceError) -> JSONResponse:
    return JSONResponse(error.to_json(), status_code=error.status)


def _malformed(request: Request, error: Exception) -> JSONResponse:
    problems = error.errors() if isinstance(error, RequestValidationError) else []
    where = "; ".join(f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}" for e in problems)
    return _error(ServiceError("message/malformed", f"the request is not what this call takes ({where})"))


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
    hub = PlayerHub(service, the_store, origins)  # accounts, guests, ratings (server/players_service.py)

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

    _add_error_handlers(app)
    # the routes by resource (server/routes_*.py), the players' last: all before the catch-all
    app.include_router(tables_router(service, hub, origins))
    app.include_router(play_router(service, hub, origins))
    app.include_router(replays_router(service))
    app.include_router(socket_router(service, hub, origins, rates))
    app.include_router(players_router(hub))
    app.include_router(tutorial_router(service, hub))  # the guided first game (server/tutorial.py)

    _serve_client(app)  # after every other route: its catch-all takes what they do not
    return app


def _add_error_handlers(app: FastAPI) -> None:
    """Every error as an error message: a refusal with its code, a failure with an error id only."""

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


def _serve_client(app: FastAPI) -> None:
    """The web client: its files, and its page for every other path outside the API."""
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/{path:path}", include_in_schema=False, response_model=None)
    async def client(path: str) -> Response:
        if path.startswith(("api/", "ws/", "static/")):
            return _error(ServiceError("message/malformed", f"no such call: /{path}"))
        index = STATIC / "index.html"
        return FileResponse(index) if index.is_file() else HTMLResponse(PLACEHOLDER)
