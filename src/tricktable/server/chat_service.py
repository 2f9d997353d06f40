"""The table service's chat: messages said at a table, checked (``server/chat.py``) and stored beside it
(``server/chat_store.py``), to every socket that hears chat, here and on the other processes.
"""

from __future__ import annotations

from typing import Any

from tricktable.server.chat import clean_text
from tricktable.server.seats_service import Seats
from tricktable.server.service_core import Subscription


class Chat(Seats):
    """Table chat, with spectators numbered per table."""

    async def say(self, listener: Subscription, text: Any) -> None:
        """A chat message from a listener (a seat or a spectator) to everyone at its table, stored."""
        table = await self._table(listener.table_id)
        words = clean_text(text, self.settings.limits)
        who = f"seat {listener.seat}" if listener.seat is not None else f"watching {listener.address}"
        self.chat_rates.check(f"{table.id} {who}")
        name = table.seats[listener.seat].name if listener.seat is not None else ""
        watcher = None if listener.seat is not None else await self._watcher(table.id, listener)
        entry = await self._read(self.chat.add, table.id, listener.seat, name, words, watcher)
        self.chat_elsewhere(table.id, entry)  # (here: to our own sockets)
        if self.cluster is not None:
            self.cluster.publish_chat(table.id, entry)  # the sockets of the other processes

    def chat_elsewhere(self, table_id: str, entry: dict[str, Any]) -> None:
        """A chat message said at ``table_id`` (here or on another process): to every socket that hears chat."""
        watcher = entry.get("watcher")
        if isinstance(watcher, int) and watcher > self._watcher_top.get(table_id, 0):
            self._watcher_top[table_id] = watcher  # a spectator numbered there: the next one here comes after
        for other in list(self.subscribers.get(table_id, ())):
            if other.hears_chat:
                other.queue.put_nowait({"type": "chat", "messages": [entry]})

    async def _watcher(self, table_id: str, listener: Subscription) -> int:
        """A spectator's number at the table: the same person (account, guest, else address) keeps it."""
        key = (table_id, listener.player or f"address {listener.address}")
        number = self._watcher_of.get(key)
        if number is None:
            if table_id not in self._watcher_top:  # after a restart: after those already in the chat
                self._watcher_top[table_id] = await self._read(self.chat.watchers, table_id)
            number = self._watcher_of[key] = self._watcher_top[table_id] = self._watcher_top[table_id] + 1
        return number

    async def chat_history(self, table_id: str) -> list[dict[str, Any]]:
        """The table's latest chat messages (``limits.chat_keep``), oldest first."""
        table = await self._table(table_id)
        return await self._read(self.chat.latest, table.id, self.settings.limits.chat_keep)

    async def send_chat(self, listener: Subscription) -> None:
        """From now on the listener hears the table's chat; queue the latest messages (``"whole": true``)."""
        messages = await self.chat_history(listener.table_id)
        listener.hears_chat = True
        listener.queue.put_nowait({"type": "chat", "messages": messages, "whole": True})
