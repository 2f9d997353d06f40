"""Fair sharing of the bot pool between tables.

``FairPool`` sits in front of the bot workers: at most ``slots`` moves are thought at once, and when a slot
frees up it goes to the waiting table that has used the least thinking time so far. A table of slow
(``hard``) bots therefore takes its share and no more: a table of quick bots waits for at most the moves
already being thought, not for the whole queue of another table's searches.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")


class FairPool:
    """``await pool.run(key, call)``: run ``call()`` when a slot is free and it is ``key``'s fair turn."""

    def __init__(self, slots: int) -> None:
        self.slots = max(1, slots)
        self.busy = 0
        self.used: dict[str, float] = {}  # seconds of thinking per key (a table id)
        self.waiting: dict[str, deque[asyncio.Future[None]]] = {}

    async def run(self, key: str, call: Callable[[], Awaitable[T]]) -> T:
        loop = asyncio.get_running_loop()
        if key not in self.used:  # a newcomer starts level with the least-served waiting key, not at 0 for ever
            self.used[key] = min((self.used.get(k, 0.0) for k in self.waiting), default=0.0)
        if self.busy < self.slots and not self.waiting:
            self.busy += 1
        else:
            turn: asyncio.Future[None] = loop.create_future()
            self.waiting.setdefault(key, deque()).append(turn)
            try:
                await turn
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():
                    self._release()  # the slot was handed to us just as we were cancelled: pass it on
                else:
                    self._withdraw(key, turn)
                raise
        started = loop.time()
        try:
            return await call()
        finally:
            self.used[key] = self.used.get(key, 0.0) + loop.time() - started
            self._release()

    def forget(self, key: str) -> None:
        """A table is over: drop its account (it stays if moves of it still wait)."""
        if key not in self.waiting:
            self.used.pop(key, None)

    def _withdraw(self, key: str, turn: asyncio.Future[None]) -> None:
        queue = self.waiting.get(key)
        if queue is not None and turn in queue:
            queue.remove(turn)
            if not queue:
                del self.waiting[key]

    def _release(self) -> None:
        """Hand the freed slot to the least-served waiting key, or free it."""
        while self.waiting:
            key = min(self.waiting, key=lambda k: self.used.get(k, 0.0))
            queue = self.waiting[key]
            turn = queue.popleft()
            if not queue:
                del self.waiting[key]
            if not turn.done():
                turn.set_result(None)
                return
        self.busy -= 1
