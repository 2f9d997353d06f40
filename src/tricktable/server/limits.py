"""Limits of the web table: sizes, depths, rates and counts, each refused with a typed error.

``Limits`` holds every limit (each is a ``tricktable serve`` option; docs/protocol.md, "Limits").
``RequestGuard`` is the ASGI middleware for HTTP: body size, JSON depth and the per-client rate, checked
before a route runs. ``read_message`` does the same for one WebSocket message. ``RateLimiter`` is a token
bucket per client address; ``TableQuota`` counts the live tables each client address has created.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from tricktable.server.errors import ServiceError
from tricktable.server.networks import IPV6_PREFIX, network_of

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# WebSocket close codes (RFC 6455 and ours)
CLOSE_BINARY = 1003  # unsupported data: the protocol is JSON text only
CLOSE_TOO_BIG = 1009  # a frame over uvicorn's hard cap (--ws-max-size); under it we reply with an error
CLOSE_EXPIRED = 4410  # the table expired while waiting


@dataclass(frozen=True)
class Limits:
    """Every limit of one server; 0 switches a count or rate limit off (sizes and depths always apply)."""

    body_bytes: int = 64 * 1024  # an HTTP request body
    message_bytes: int = 16 * 1024  # a WebSocket text message
    json_depth: int = 32  # nesting of arrays and objects in a body or message
    rate: float = 20.0  # requests and socket messages per second per client address (sustained)
    burst: int = 100  # ... and at once
    tables_per_client: int = 20  # live (waiting or playing) tables a client address may have created
    tables_total: int = 2000  # live tables on this server
    waiting_ttl: float = 3600.0  # seconds a waiting table lives without a change
    queue_messages: int = 256  # messages waiting for one listener; beyond, it is dropped (close 1013)
    chat_chars: int = 500  # characters of one chat message
    chat_rate: float = 0.5  # chat messages a second per speaker at a table (sustained)
    chat_burst: int = 5  # ... and at once
    chat_keep: int = 100  # the latest chat messages a connection gets when it opens
    login_failures: int = 3  # wrong passwords for a name or from a network before tries wait (server/logins.py)
    signups_per_hour: int = 10  # new accounts an hour from one network
    guests_per_hour: int = 60  # new guest identities an hour from one network (a school behind one NAT: raise it)
    hash_queue: int = 8  # password checks waiting for a hash slot; beyond, limit/busy (503) at once
    ipv6_prefix: int = 64  # bits of an IPv6 address that make the network per-address limits count (networks.py)
    password_bytes: int = 1024  # a password's largest size (hashing is costly: never hash a megabyte)


# what each limit means, for ``tricktable serve --help`` and docs/protocol.md
HELP = {
    "body_bytes": "largest HTTP request body in bytes (413 message/too-large)",
    "message_bytes": "largest WebSocket message in bytes (message/too-large)",
    "json_depth": "deepest nesting of arrays and objects in a body or message (message/too-deep)",
    "rate": "requests and socket messages a second per client address, sustained; 0: no limit (limit/rate)",
    "burst": "requests and socket messages a client address may send at once (limit/rate)",
    "tables_per_client": "live tables one client address may create; 0: no limit (limit/tables)",
    "tables_total": "live tables on this server; 0: no limit (limit/tables)",
    "waiting_ttl": "seconds a waiting table lives without a change; 0: for ever (table/expired, close 4410)",
    "queue_messages": "messages waiting for one listener before it is dropped (close 1013); 0: no limit",
    "chat_chars": "characters of one chat message (chat/too-long)",
    "chat_rate": "chat messages a second per speaker at a table, sustained; 0: no limit (chat/rate)",
    "chat_burst": "chat messages a speaker may send at once (chat/rate)",
    "chat_keep": "the latest chat messages a connection is sent when it opens",
    "login_failures": "wrong passwords for a name or from a network before each further try waits 1, 2, 4 ... "
                      "s (a network without failures is never kept waiting); 0: no limit (limit/login)",
    "signups_per_hour": "new accounts an hour from one network; 0: no limit (limit/signup)",
    "guests_per_hour": "new guest identities an hour from one network; 0: no limit (limit/signup)",
    "hash_queue": "password checks that may wait for a hash at once; beyond, limit/busy (503) at once",
    "ipv6_prefix": "bits of an IPv6 address that name its network for the per-address limits (IPv4: the "
                   "address)",
    "password_bytes": "largest password in bytes (account/password)",
}


def json_depth(value: Any) -> int:
    """How deeply arrays and objects nest in ``value`` (a scalar: 0). Iterative: no recursion to exhaust."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def parse_json(text: str | bytes, limits: Limits) -> Any:
    """JSON text as data, or a typed error: ``message/malformed`` or ``message/too-deep``."""
    try:
        value = json.loads(text)
    except RecursionError as error:
        raise ServiceError("message/too-deep", f"JSON nests at most {limits.json_depth} deep") from error
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ServiceError("message/malformed", f"not JSON: {error}") from error
    if json_depth(value) > limits.json_depth:
        raise ServiceError("message/too-deep", f"JSON nests at most {limits.json_depth} deep")
    return value


def read_message(text: str, limits: Limits) -> dict[str, Any]:
    """One WebSocket text message as a JSON object, or a typed error (size first: nothing big is parsed)."""
    if len(text) > limits.message_bytes:  # characters, at least a quarter of the bytes: cheap and safe
        raise ServiceError("message/too-large", f"a socket message is at most {limits.message_bytes} bytes "
                                                f"(this one: {len(text.encode())})")
    if len(text.encode()) > limits.message_bytes:
        raise ServiceError("message/too-large", f"a socket message is at most {limits.message_bytes} bytes")
    message = parse_json(text, limits)
    if not isinstance(message, dict):
        raise ServiceError("message/malformed", "a socket message is a JSON object with a \"type\"")
    return message


class RateLimiter:
    """A token bucket per key (a client address): ``rate`` a second, up to ``burst`` at once."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def allow(self, key: str) -> bool:
        if self.rate <= 0:
            return True
        moment = self.clock()
        tokens, when = self._buckets.get(key, (float(self.burst), moment))
        tokens = min(float(self.burst), tokens + (moment - when) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, moment)
            return False
        self._buckets[key] = (tokens - 1.0, moment)
        if len(self._buckets) > 10_000:
            self._forget_full(moment)
        return True

    def check(self, key: str) -> None:
        if not self.allow(key):
            raise ServiceError("limit/rate", f"too many requests: at most {self.rate:g} a second "
                                             f"({self.burst} at once); wait a moment")

    def _forget_full(self, moment: float) -> None:
        """Drop buckets that have filled up again (their clients are idle): memory stays bounded."""
        full = [k for k, (tokens, when) in self._buckets.items()
                if tokens + (moment - when) * self.rate >= self.burst]
        for key in full:
            del self._buckets[key]


class TableQuota:
    """Which live tables each client address created, against the per-client and total limits."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.by_client: dict[str, set[str]] = {}

    def check(self, client: str | None, live: set[str]) -> None:
        """Refuse a new table (``limit/tables``) when the server or this client has as many as allowed."""
        total, mine = self.limits.tables_total, self.limits.tables_per_client
        if total and len(live) >= total:
            raise ServiceError("limit/tables", f"this server has its most live tables ({total}); try later")
        if client is not None and mine:
            held = self.by_client.get(client, set()) & live
            self.by_client[client] = held
            if len(held) >= mine:
                raise ServiceError("limit/tables", f"you have {len(held)} live tables, the most allowed; "
                                                   "finish or leave one first")

    def add(self, client: str | None, table_id: str) -> None:
        if client is not None:
            self.by_client.setdefault(client, set()).add(table_id)


def client_key(scope: Scope, ipv6_prefix: int = IPV6_PREFIX) -> str:
    """The network a request counts for (``server/networks.py``: IPv6 grouped by prefix)."""
    client = scope.get("client")
    return network_of(str(client[0]) if client else None, ipv6_prefix)


class RequestGuard:
    """ASGI middleware: every HTTP request under ``/api`` within the rate, every body within size and depth.

    A refused request gets the error shape of docs/protocol.md and never reaches a route. The body is read
    here (at most ``body_bytes`` of it) and handed on to the app unchanged.
    """

    def __init__(self, app: ASGIApp, limits: Limits, rates: RateLimiter) -> None:
        self.app, self.limits, self.rates = app, limits, rates

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith("/api/"):
            await self.app(scope, receive, send)
            return
        try:
            self.rates.check(client_key(scope, self.limits.ipv6_prefix))
            body = await self._body(scope, receive)
            if body:
                parse_json(body, self.limits)
        except ServiceError as error:
            await _reply(send, error)
            return
        replayed = False

        async def again() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()  # after the body: a disconnect, when it comes
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, again, send)

    async def _body(self, scope: Scope, receive: Receive) -> bytes:
        cap = self.limits.body_bytes
        too_big = ServiceError("message/too-large", f"a request body is at most {cap} bytes")
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > cap:
                raise too_big
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > cap:
                raise too_big
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)


async def _reply(send: Send, error: ServiceError) -> None:
    body = json.dumps(error.to_json()).encode()
    await send({"type": "http.response.start", "status": error.status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
