"""The table WebSocket (docs/protocol.md): Origin checked, the seat token in the first message, then one
handler a message type; an error goes back to that socket only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from tricktable.server.errors import ServiceError, new_error_id, server_failure
from tricktable.server.fanout import pump_task
from tricktable.server.headers import origin_allowed
from tricktable.server.limits import CLOSE_BINARY, Limits, RateLimiter, read_message
from tricktable.server.networks import network_of
from tricktable.server.players_service import PlayerHub
from tricktable.server.service import Subscription, TableService
from tricktable.server.table import join_views

log = logging.getLogger("tricktable.server")
HELLO_WAIT = 1.0  # seconds the socket waits for a first "hello" before treating the client as a spectator


def router(service: TableService, hub: PlayerHub, origins: tuple[str, ...], rates: RateLimiter) -> APIRouter:
    """The table socket's route over ``service``."""
    routes = APIRouter()
    limits = service.settings.limits

    @routes.websocket("/ws/tables/{table_id}")
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

    return routes


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
