"""Fan-out: a table's change reaches every listener, each message encoded once per seat view.

``Encoded`` is a message dict that carries its JSON text: built and encoded once for every listener that
gets the same view (the same seat and language), and sent as that text to each of them. ``Outbox`` is a
listener's bounded queue: when a listener has ``limit`` messages waiting (it reads too slowly, or not at
all) it is marked ``overflowed``, nothing more is queued for it, and its socket is closed with
``CLOSE_SLOW`` (the client may reconnect: it gets the whole view again). The server's memory per listener
is so bounded whatever the client does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from starlette.websockets import WebSocketDisconnect

log = logging.getLogger("tricktable.server")
CLOSE_SLOW = 1013  # "try again later": the listener read too slowly and was dropped; reconnecting is fine


class Encoded(dict[str, Any]):
    """A message with its JSON text, encoded once, when it is first sent (a dict subclass: readable as
    before). A seat's whole view is built for every change but sent only to listeners without changes:
    the others never pay for its text."""

    __slots__ = ("_text",)

    def __init__(self, message: dict[str, Any], text: str | None = None) -> None:
        super().__init__(message)
        self._text = text

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = json.dumps(self, ensure_ascii=False, separators=(",", ":"))
        return self._text

    def plus(self, extra: dict[str, Any]) -> Encoded:
        """This message with a few more (new) keys, e.g. a listener's own sequence number: the shared text
        is reused and only ``extra`` is encoded."""
        if not self:
            return Encoded(extra)
        tail = json.dumps(extra, ensure_ascii=False, separators=(",", ":"))
        return Encoded({**self, **extra}, self.text[:-1] + "," + tail[1:] if extra else self.text)


def text_of(message: dict[str, Any]) -> str:
    """The JSON text to send: an ``Encoded`` message's own, else encoded now (errors, pongs, joined views)."""
    return message.text if isinstance(message, Encoded) else json.dumps(message, ensure_ascii=False,
                                                                        separators=(",", ":"))


class Overflow(Exception):
    """The listener fell ``limit`` messages behind and was dropped."""


class Outbox:
    """A bounded FIFO of messages for one listener, with the part of ``asyncio.Queue``'s API the server uses."""

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self.overflowed = False
        self.on_overflow: Callable[[], None] | None = None  # called once, when the limit is passed
        self._items: deque[dict[str, Any]] = deque()
        self._ready = asyncio.Event()

    def put_nowait(self, message: dict[str, Any]) -> None:
        if self.overflowed:
            return
        if self.limit and len(self._items) >= self.limit:
            self.overflowed = True
            self._items.clear()  # free what it holds now: the socket is closed, not served
            if self.on_overflow is not None:
                self.on_overflow()
        else:
            self._items.append(message)
        self._ready.set()

    async def get(self) -> dict[str, Any]:
        """The next message; raises ``Overflow`` once the listener has been dropped."""
        while not self._items and not self.overflowed:
            self._ready.clear()
            await self._ready.wait()
        if self.overflowed:
            raise Overflow(f"more than {self.limit} messages waiting")
        return self._items.popleft()

    def get_nowait(self) -> dict[str, Any]:
        if self.overflowed:
            raise Overflow(f"more than {self.limit} messages waiting")
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.popleft()

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items)


class Socket(Protocol):
    """What ``pump`` needs of a WebSocket (Starlette's has it)."""

    def send_text(self, data: str) -> Awaitable[None]: ...

    def close(self, code: int = 1000, reason: str | None = None) -> Awaitable[None]: ...


class Pumped(Protocol):
    @property
    def queue(self) -> Outbox: ...

    @property
    def closing(self) -> int | None: ...


Join = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]


async def pump(socket: Socket, listener: Pumped, join: Join | None = None) -> None:
    """The only writer of the socket: everything for this listener goes through its queue.

    A client that falls behind skips positions: of the views waiting, only the newest is sent, joined with
    the ones before it by ``join`` (which carries all their log lines; without it the newest alone); errors
    and pongs are all sent, in order. A message goes out as the text it was encoded to once for every
    listener of the same view (a joined view is encoded for this listener alone: only slow ones get it).
    The pump ends, closing the socket, when the server ends the listener
    (``listener.closing``: after its last message) or when the queue overflows (``CLOSE_SLOW``, also while a
    send is stuck on a client that does not read: the overflow cancels the send).
    """
    queue = listener.queue
    try:
        while True:
            waiting = [await queue.get()]
            while not queue.empty():
                waiting.append(queue.get_nowait())
            views = [i for i, m in enumerate(waiting) if m.get("type") == "view"]
            newest = views[-1] if views else -1
            if len(views) > 1 and join is not None:
                joined = waiting[views[0]]
                for i in views[1:]:
                    joined = join(joined, waiting[i])
                waiting[newest] = joined
            for i, message in enumerate(waiting):
                if message.get("type") != "view" or i == newest:
                    await socket.send_text(text_of(message))
            if listener.closing is not None and queue.empty():
                await socket.close(code=listener.closing)
                return
    except (WebSocketDisconnect, RuntimeError):
        return  # the client went away (a send or close on a closed socket): nothing left to do
    except (Overflow, asyncio.CancelledError):
        if not queue.overflowed:
            raise
        log.info("a listener read too slowly and was dropped (more than %d messages waiting)", queue.limit)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(socket.close(code=CLOSE_SLOW, reason="slow consumer: reconnect"), 5.0)


def pump_task(socket: Socket, listener: Pumped, join: Join | None = None) -> asyncio.Task[None]:
    """Start ``pump``; an overflow of the listener's queue cancels it (a send may be stuck) and it closes."""
    task = asyncio.get_running_loop().create_task(pump(socket, listener, join))

    def dropped() -> None:
        task.cancel()

    listener.queue.on_overflow = dropped
    return task
