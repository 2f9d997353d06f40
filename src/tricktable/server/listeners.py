"""The table service's listeners: sockets connecting and leaving, each one's own view queued, presence
across processes (``server/bus.py`` calls ``adopt``, ``changed_elsewhere``, ``forget_table``, ``presence_changed``).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tricktable.server.clock import uses_grace
from tricktable.server.errors import ServiceError
from tricktable.server.fanout import Encoded, Outbox
from tricktable.server.limits import CLOSE_EXPIRED
from tricktable.server.service_core import ServiceCore, Subscription, _lang
from tricktable.server.table import Table, as_changes, position


class Listeners(ServiceCore):
    """Listeners of tables: who hears what, and a player's grace period after the last socket closes."""

    async def connect(self, table_id: str, token: str | None, lang: str | None = "en",
                      players: tuple[str, ...] = ()) -> Subscription:
        """Listen to a table as the token's seat (no token: the seat ``players`` hold, else a spectator). The
        first view is already queued.

        A player who was away has their seat back at once; the stand-in bot's pending move is dropped.
        """
        table = await self._table(table_id)
        seat = await self._fresh_seat_of(table, token) if token else table.seat_of_player(players)
        listener = Subscription(table.id, seat, _lang(lang), Outbox(self.settings.limits.queue_messages),
                                player=players[0] if players else None)
        self.subscribers.setdefault(table.id, set()).add(listener)
        if seat is None or table.seats[seat].kind != "human":
            self._queue_view(table, listener, 0)
            return listener
        place = table.seats[seat]
        # counted before the first wait: a socket closed (its handler cancelled) while the mark below is
        # stored is then counted out again here, and its seat's grace period starts as for any close
        place.connections += 1
        self._sockets_changed(table, seat, +1)
        if place.leaving is not None:
            place.leaving.cancel()
            place.leaving, place.leaving_until = None, None
        place.away = False
        try:
            async with table.lock:
                try:
                    if place.uses_socket:
                        self._notify(table)
                    else:
                        await self._commit(table, seats={seat: {"uses_socket": True}})  # (it notifies)
                except ServiceError:  # logged; the mark is stored with the next change that succeeds
                    place.uses_socket = True
                    self._notify(table)
        except BaseException:
            self._closed(listener)
            raise
        return listener

    async def disconnect(self, listener: Subscription) -> None:
        """Stop listening. A player whose last connection this was has ``grace`` seconds to come back."""
        self._closed(listener)

    def _closed(self, listener: Subscription) -> None:
        """``disconnect``, with no wait in it: it also runs where a cancelled ``connect`` unwinds."""
        self.subscribers.get(listener.table_id, set()).discard(listener)
        table = self.tables.get(listener.table_id)
        if table is None or listener.seat is None or table.seats[listener.seat].kind != "human":
            return
        place = table.seats[listener.seat]
        place.connections = max(0, place.connections - 1)
        self._sockets_changed(table, listener.seat, -1)
        if place.connections == 0 and place.leaving is None:
            self._start_leaving(table, listener.seat)
        self._notify(table)

    def set_lang(self, listener: Subscription, lang: str | None) -> None:
        """Switch a listener's language and queue a view in it."""
        listener.lang = _lang(lang)
        table = self.tables.get(listener.table_id)
        if table is not None:
            self._queue_view(table, listener, 0)  # the whole log again, in the new language

    def resync(self, listener: Subscription, since: int) -> None:
        """Queue a view with the log lines from ``since`` on: a client that saw a gap asks from where it stands."""
        table = self.tables.get(listener.table_id)
        if table is not None:
            self._queue_view(table, listener, since)

    def send_changes(self, listener: Subscription) -> None:
        """From now on send this listener its views as changes from the last one (docs/protocol.md)."""
        listener.changes = True

    @staticmethod
    def _queue_view(table: Table, listener: Subscription, since: int) -> None:
        """Queue a full view (the whole position, the log from ``since``)."""
        message = table.view(listener.seat, listener.lang, since)
        listener.sent += 1
        listener.log_next, listener.shown = message["log_next"], position(message)
        listener.queue.put_nowait({**message, "pos": listener.sent})

    def _notify(self, table: Table, only: int | None = None) -> None:
        """Queue each listener's own view of the table with the log lines it has not had (built once per
        seat, language and place in the log: listeners of one seat share it, encoded once: ``server/fanout.py``);
        ``only``: tell that seat's listeners alone (the others' views have not changed, and hearing of it
        would tell)."""
        built: dict[tuple[int | None, str, int], tuple[Encoded, dict[str, Any]]] = {}
        as_edits: dict[tuple[int | None, str, int, int], tuple[dict[str, Any], Encoded]] = {}
        names = tuple(place.name for place in table.seats)
        renamed = only is None and self._names_shown.get(table.id, names) != names
        if only is None:
            self._names_shown[table.id] = names
        for listener in list(self.subscribers.get(table.id, ())):
            if renamed:  # a seat was taken (or given to a bot): lines said "Player 2" till now
                listener.log_next = 0  # the whole log again, with the names (the client replaces its lines)
            if only is not None and listener.seat != only:
                continue
            key = (listener.seat, listener.lang, listener.log_next)
            if key not in built:
                message = table.view(*key)
                built[key] = Encoded(message), position(message)
            encoded, shown = built[key]
            listener.sent += 1
            if listener.changes and listener.shown is not None:
                edit_key = (*key, id(listener.shown))  # listeners given one position share its changes
                cached = as_edits.get(edit_key)
                if cached is None or cached[0] is not listener.shown:  # (the entry holds it: ids stay unique)
                    cached = as_edits[edit_key] = listener.shown, Encoded(as_changes(encoded, listener.shown))
                listener.queue.put_nowait(cached[1].plus({"pos": listener.sent}))
            else:
                listener.queue.put_nowait(encoded.plus({"pos": listener.sent}))
            listener.log_next, listener.shown = encoded["log_next"], shown

    def _sockets_changed(self, table: Table, seat: int, delta: int) -> None:
        key = (table.id, seat)
        self._local[key] = max(0, self._local.get(key, 0) + delta)
        if self.cluster is not None:
            self.cluster.publish_presence(table.id, seat, self._local[key])
        if not self._local[key]:
            del self._local[key]

    def presence_changed(self, table: Table, seat: int, delta: int) -> None:
        """Sockets of ``seat`` opened or closed on another process."""
        place = table.seats[seat]
        if place.kind != "human" or not delta:
            return
        place.connections = max(0, place.connections + delta)
        if place.connections > 0:
            if place.leaving is not None:
                place.leaving.cancel()
                place.leaving, place.leaving_until = None, None
            place.away = False
        elif place.leaving is None:
            self._start_leaving(table, seat)
        self._notify(table)

    def adopt(self, table: Table) -> None:
        """A live table another process created: serve it here too."""
        self.tables[table.id] = table
        table.undos_per_turn = self.settings.undos_per_turn
        self._notify(table)
        self._schedule_bots(table)

    def changed_elsewhere(self, table: Table) -> None:
        """A table reloaded after another process changed it: tell our sockets, wake our bots."""
        self._notify(table)
        if table.status == "over":
            self._forget_finished()
        self._schedule_bots(table)

    def forget_table(self, table_id: str) -> None:
        """Another process deleted the table (it expired)."""
        table = self.tables.pop(table_id, None)
        self._forget_watchers(table_id)
        gone = ServiceError("table/expired", f"table {table_id} waited too long for players and was closed")
        for listener in self.subscribers.pop(table_id, set()):
            listener.closing = CLOSE_EXPIRED
            listener.queue.put_nowait(gone.to_json())
        if table is not None:
            self._notify(table)

    def _start_leaving(self, table: Table, seat: int) -> None:
        """A player's last connection closed: the grace runs, shown to everyone as a countdown
        (``leaving_until`` in the table summary), after which the stand-in plays for them."""
        place = table.seats[seat]
        if uses_grace(table.seats):
            place.leaving_until = time.time() + self.settings.grace
        place.leaving = self._spawn(self._leave_after_grace(table, seat))

    async def _leave_after_grace(self, table: Table, seat: int) -> None:
        if not uses_grace(table.seats):  # turn-based: a player who closes the page keeps the seat; the clock acts
            table.seats[seat].leaving = None
            return
        await asyncio.sleep(self.settings.grace)
        place = table.seats[seat]
        place.leaving, place.leaving_until = None, None
        if place.connections == 0 and table.status != "over":
            place.away = True
            self._notify(table)
            self._schedule_bots(table)
