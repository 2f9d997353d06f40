"""Browser protections: security headers on every HTTP response, and the WebSocket's Origin check.

The web client is same-origin static files with no inline script or style, so the policy allows only
this origin; the API docs pages (``/docs``, ``/redoc``) load FastAPI's assets from its CDN and get a
policy that allows that. Nothing may frame the site (clickjacking).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tricktable.server.errors import new_error_id, server_failure

log = logging.getLogger("tricktable.server")

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https:; "
            "worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
COMMON = [(b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"),
          (b"referrer-policy", b"no-referrer")]


class SecurityHeaders:
    """ASGI middleware: adds the headers to every HTTP response (errors and static files too).

    It also answers an unexpected exception itself (``server/error``: its id only, the details logged),
    rather than leaving it to Starlette's outermost error handler, whose reply would lack the headers.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        policy = DOCS_CSP if path.startswith(("/docs", "/redoc")) else CSP
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *COMMON,
                                      (b"content-security-policy", policy.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception as error:
            if started:
                raise
            error_id = new_error_id()
            log.error("%s %s failed (error id %s)", scope.get("method"), path, error_id, exc_info=error)
            reply = JSONResponse(server_failure(error_id).to_json(), status_code=500)
            await reply(scope, receive, send_with_headers)


def origin_allowed(headers: Headers, allowed: Iterable[str] = ()) -> bool:
    """Whether a WebSocket handshake may go on: no Origin (not a browser), the same host, or an allowed origin.

    ``allowed`` holds origins such as ``https://cards.example`` (scheme and host, as browsers send them),
    or ``*`` for any. A browser always sends Origin, so another site's page cannot open a seat's socket.
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    allowed = set(allowed)
    if "*" in allowed or origin.rstrip("/") in {a.rstrip("/") for a in allowed}:
        return True
    return bool(urlsplit(origin).netloc) and urlsplit(origin).netloc.lower() == headers.get("host", "").lower()
