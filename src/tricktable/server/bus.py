"""More than one server process over one PostgreSQL database: every process sees every change.

The database is the truth; each process keeps the tables it serves in memory as a copy. A save is
optimistic (``store.StaleRow``: a save over a newer row is refused, and the process reloads the table) and
sends ``NOTIFY tricktable`` in its transaction. ``Cluster`` listens on that channel (psycopg, autocommit)
and, for a change made by another process, reloads the table in place, pushes the new view to this
process's sockets and wakes its bots. Presence (how many sockets a seat has open on each process) is
published the same way, so a player connected to one process is not taken over by another.

Bots: the process that saved last is the table's owner and thinks at once; the others wait ``takeover``
seconds first and think only if the table has not moved meanwhile (the owner died, or is slow), so a
move is thought once and a table never stops because one process did. Two processes deciding at once are
harmless: moves are deterministic and the second save is refused as stale.

Presence is a lease: each process says ``alive`` every ``heartbeat`` seconds (any message of it counts),
and the sockets of a process not heard from for ``lease`` seconds (killed with -9, cut off) stop counting,
so its players' seats are left and, after the grace period, played by their stand-ins.

Chat is carried the same way: a message said on one process (already stored) goes to every process, each
giving it to its own sockets that hear the chat. What a process publishes is sent in the order it was
said, one message after the other: a seat's "1 socket" then "0 sockets" must not arrive the other way round
(the seat would stay connected there for ever).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from tricktable.server.database import CHANNEL
from tricktable.server.rules_cache import replay
from tricktable.server.store import Store, TableRow
from tricktable.server.table import Seat, Table


class TableService(Protocol):
    """What the cluster needs of its process's table service (``server/service.py``), which imports this
    module: the service is described here rather than imported, so the two import in one direction."""

    origin: str
    store: Store
    tables: dict[str, Table]
    writers: dict[str, str]

    def keep(self, task: asyncio.Task[Any]) -> None: ...
    def adopt(self, table: Table) -> None: ...
    def changed_elsewhere(self, table: Table) -> None: ...
    def forget_table(self, table_id: str) -> None: ...
    def presence_changed(self, table: Table, seat: int, delta: int) -> None: ...
    def chat_elsewhere(self, table_id: str, entry: dict[str, Any]) -> None: ...

log = logging.getLogger("tricktable.server")


def refresh(table: Table, row: TableRow, start: int = 0) -> None:
    """Make ``table`` the stored ``row`` in place (tasks hold the object), keeping this process's presence.

    ``start``: the row's record holds only the actions from that index on (``Store.load_changes``), and the
    table's state has exactly the ones before: they are applied to a copy of it (each checked), so a
    change costs its new actions, not a replay of the game."""
    if start:
        state = table.state.clone()
        if len(state.history) != start:
            raise ValueError(f"table {table.id}: {len(state.history)} actions here, the change starts at {start}")
        for player, text in row.record["actions"]:
            state.apply(str(text), int(player))
        table.state = state
    else:
        table.state = replay(row.record)
    table.status, table.updated, table.version = row.status, row.updated, row.version
    for place, stored in zip(table.seats, row.seats, strict=True):  # the same objects: tasks hold them
        new = Seat.from_json(stored)
        place.kind, place.bot, place.name = new.kind, new.bot, new.name
        place.token_hash, place.uses_socket = new.token_hash, new.uses_socket
        place.standin_events = new.standin_events
        place.clock, place.notes = new.clock, new.notes  # (server/clock.py, server/notes.py)
        place.player = new.player
    table.__post_init__()  # what it derives from the seats (the stand-in moves)


class Cluster:
    """This process's part in a cluster of server processes over one PostgreSQL database."""

    def __init__(self, service: TableService, url: str, takeover: float = 3.0, heartbeat: float = 5.0,
                 lease: float = 20.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.service, self.url, self.takeover = service, _libpq_url(url), takeover
        self.remote: dict[tuple[str, int], dict[str, int]] = {}  # (table, seat) -> origin -> open sockets
        # presence is a lease: every process says it is alive every ``heartbeat`` seconds, and the sockets
        # of one not heard from for ``lease`` seconds (killed, cut off) stop counting
        self.heartbeat, self.lease, self.clock = heartbeat, lease, clock
        self.heard: dict[str, float] = {}  # origin -> when it was last heard from
        self._task: asyncio.Task[None] | None = None
        self._beat: asyncio.Task[None] | None = None
        self._outbox: collections.deque[str] = collections.deque()  # what to publish, in order
        self._sender: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()  # set once LISTEN is in place

    async def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._listen())
        self._beat = asyncio.get_running_loop().create_task(self._keep_lease())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ready.wait(), 10)

    async def stop(self) -> None:
        for task in (self._task, self._beat, self._sender):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)

    async def _keep_lease(self) -> None:
        """Say we are alive, and forget the sockets of processes that have gone silent, every heartbeat."""
        while True:
            self._publish(f"alive - 0 {self.service.origin}")
            self.expire_silent()
            await asyncio.sleep(self.heartbeat)

    def expire_silent(self) -> None:
        """Sockets of a process not heard from for ``lease`` seconds stop counting: its seats are left (their
        grace period starts, then the stand-in plays), as when those sockets close."""
        moment = self.clock()
        for origin in [o for o, last in self.heard.items() if moment - last > self.lease]:
            del self.heard[origin]
            log.warning("server process %s has not been heard from for %gs: its sockets no longer count",
                        origin, self.lease)
            for (table_id, seat), counts in list(self.remote.items()):
                if counts.get(origin):
                    self.presence_elsewhere(table_id, seat, origin, 0)
                counts.pop(origin, None)

    async def _listen(self) -> None:
        import psycopg

        pause = 0.5
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    if self.ready.is_set():
                        await self._catch_up()  # notifications sent while we were not listening are lost
                    self.ready.set()
                    pause = 0.5
                    async for note in connection.notifies():
                        try:
                            await self._heard(note.payload)
                        except Exception:
                            log.exception("a table change from another process failed here: %s", note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("listening for other server processes failed (%s); again in %.1fs", error, pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 10.0)

    async def _heard(self, payload: str) -> None:
        kind, table_id, number, origin, *rest = [*payload.split(" ", 4), ""]  # (a chat's JSON holds spaces)
        if origin == self.service.origin:
            return
        if origin:
            self.heard[origin] = self.clock()  # any message renews its lease
        if kind == "save":
            await self.saved_elsewhere(table_id, int(number), origin)
        elif kind == "delete":
            self.service.forget_table(table_id)
        elif kind == "presence":
            self.presence_elsewhere(table_id, int(number), origin, int(rest[0] or 0))
        elif kind == "chat":
            entry = json.loads(rest[0])
            if isinstance(entry, dict):
                self.service.chat_elsewhere(table_id, entry)

    async def saved_elsewhere(self, table_id: str, version: int, origin: str) -> None:
        service = self.service
        table = service.tables.get(table_id)
        if table is not None and table.version >= version:
            return
        # a copy here: read only the actions it lacks (a move costs one action, not the whole game)
        known = (table.version, len(table.state.history)) if table is not None else (0, 0)
        found = await asyncio.to_thread(service.store.load_changes, table_id, *known)
        if found is None:
            return
        row, start = found
        service.writers[table_id] = origin
        table = service.tables.get(table_id)  # again: it may have been loaded here while we read the row
        if table is None:
            if row.status == "over":
                return  # a finished game is loaded when someone asks for it
            whole = row if not start else await asyncio.to_thread(service.store.load, table_id)
            if whole is not None:
                service.adopt(Table.from_row(whole))
            return
        async with table.lock:
            if row.version <= table.version:
                pass
            elif not start:
                refresh(table, row)
            elif (table.version, len(table.state.history)) == known:
                refresh(table, row, start)
            else:  # it changed here while the row was read: read it whole (rare)
                whole = await asyncio.to_thread(service.store.load, table_id)
                if whole is not None and whole.version > table.version:
                    refresh(table, whole)
        service.changed_elsewhere(table)

    def presence_elsewhere(self, table_id: str, seat: int, origin: str, count: int) -> None:
        counts = self.remote.setdefault((table_id, seat), {})
        before = counts.get(origin, 0)
        counts[origin] = count
        table = self.service.tables.get(table_id)
        if table is not None and 0 <= seat < len(table.seats):
            self.service.presence_changed(table, seat, count - before)

    def remote_connections(self, table_id: str, seat: int) -> int:
        return sum(self.remote.get((table_id, seat), {}).values())

    def publish_presence(self, table_id: str, seat: int, local: int) -> None:
        self._publish(f"presence {table_id} {seat} {self.service.origin} {local}")

    def publish_chat(self, table_id: str, entry: dict[str, Any]) -> None:
        """A chat message (stored already) for the other processes' sockets; at most ``chat_chars`` characters,
        so well under NOTIFY's 8000 bytes."""
        self._publish(f"chat {table_id} {entry.get('n', 0)} {self.service.origin} "
                      f"{json.dumps(entry, ensure_ascii=False, separators=(',', ':'))}")

    def _publish(self, payload: str) -> None:
        """Queue ``payload``; one sender publishes the queue in order (a thread each would race)."""
        if getattr(self.service.store, "publish", None) is None:
            return
        self._outbox.append(payload)
        if self._sender is None or self._sender.done():
            self._sender = asyncio.get_running_loop().create_task(self._send_queued())
            self.service.keep(self._sender)

    async def _send_queued(self) -> None:
        publish = getattr(self.service.store, "publish")  # noqa: B009 (not every store has it)
        while self._outbox:
            payload = self._outbox.popleft()
            try:
                await asyncio.to_thread(publish, payload)
            except Exception as error:  # the database is away: this one is lost, the next ones are still tried
                log.warning("telling the other server processes failed (%s): %.80s", error, payload)

    async def _catch_up(self) -> None:
        """After the listening connection was lost: reload every live table that changed meanwhile."""
        rows = await asyncio.to_thread(self.service.store.list, ("waiting", "playing"), 100_000)
        for row in rows:
            await self.saved_elsewhere(row.id, row.version, "")


def _libpq_url(url: str) -> str:
    """A SQLAlchemy URL (``postgresql+psycopg://``) as psycopg takes it (``postgresql://``)."""
    scheme, _, rest = url.partition("://")
    return f"{scheme.split('+')[0]}://{rest}"


def cluster_for(service: TableService) -> Cluster | None:
    """A cluster when the service's store is PostgreSQL (others cannot notify), else None."""
    store: Any = service.store
    if getattr(store, "notifies", False):
        return Cluster(service, str(store.url))
    return None
