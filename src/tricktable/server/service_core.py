"""The table service's core: its shared state, and how a table is loaded, changed and stored.

``TableService`` (``server/service.py``) is one class built in layers, one module per resource, each
layer over the one below: this core, then listeners, clocks and bots, seats and actions, chat,
replays, tables. A layer calls only what is below it; the three calls that go up (``_notify``,
``_schedule_bots``, ``_forget_finished``) are named here and made by the layer that owns them.

Every change to a table happens under its lock and is atomic (``_commit``): it is made on a copy, the copy
is stored (the header and the new actions; the saves of many tables at once share one transaction,
``server/commits.py``), and only then does the table become the copy and every subscriber hear of it, as
that subscriber's own view message. When the store fails, the table is exactly as before.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from tricktable.engine import State, available, game_class
from tricktable.server.bus import Cluster, refresh
from tricktable.server.chat import ChatRates
from tricktable.server.chat_store import chat_store_for
from tricktable.server.clock import charge
from tricktable.server.commits import GroupCommit
from tricktable.server.database import now
from tricktable.server.errors import ServiceError, new_error_id, store_failure
from tricktable.server.fair import FairPool
from tricktable.server.fanout import Outbox
from tricktable.server.limits import Limits, TableQuota
from tricktable.server.store import StaleRow, Store, TableRow
from tricktable.server.table import LANGS, Seat, Table, grown_from
from tricktable.server.undos import reset_counts

log = logging.getLogger("tricktable.server")
T = TypeVar("T")
P = ParamSpec("P")
WEEK = 7 * 24 * 3600.0  # the least a waiting turn-based table lives
THINKING_SHOWN_AFTER = 0.1  # seconds a bot thinks before its listeners are shown it thinking


@dataclass(frozen=True)
class Settings:
    """How the service behaves. ``grace``: seconds a player may be gone before their stand-in bot plays;
    ``bot_delay``: least seconds a bot move takes, so people can follow; ``bot_workers``: bot processes
    (0: one thread, for tests); ``undo_window``: least seconds a bot waits after a person's move that
    can still be taken back (so it can be: engine/undo.py); ``retry``: seconds before a bot move the store
    refused is tried again (doubling up to ``retry_max``); ``any_table_setups``: allow a chosen seed or
    set-up deal at tables of several people too (tests, friends who agree; they are still labelled
    practice); ``limits``: sizes, rates and counts (``server/limits.py``); ``trusted_proxies``: addresses or
    networks (``10.0.0.0/8``) of reverse proxies whose ``X-Forwarded-For`` names the client (only a request
    from one of them is believed; without any, the client is the socket's peer); ``gc_freeze``: after
    start-up, move every object made so far out of the garbage collector's sight (``gc.freeze``: its full
    collections, which stop the event loop, then scan only what the tables made since; ``tricktable serve``
    sets it)."""

    grace: float = 30.0
    bot_delay: float = 0.5
    bot_workers: int = 2
    retry: float = 1.0
    retry_max: float = 30.0
    any_table_setups: bool = False
    limits: Limits = field(default_factory=Limits)
    undo_window: float = 1.5  # after a person's move that can still be taken back, the next bot waits this long
    trusted_proxies: tuple[str, ...] = ()
    gc_freeze: bool = False
    undos_per_turn: int = 3  # moves a seat may take back before another player acts (server/undos.py)
    secure_cookies: bool = False  # cookies always Secure: the site is served over https (a TLS proxy in front)


@dataclass(eq=False)
class Subscription:
    """One listener of a table (a WebSocket, or a test): its seat (None: spectator), language and queue.

    ``log_next`` is where its log stands: the next view queued for it carries the lines from there on.
    ``sent`` counts the views queued for it (each message's ``pos``) and ``shown`` is the last position
    queued: a listener that asked for ``changes`` gets later positions as changes from it.
    """

    table_id: str
    seat: int | None
    lang: str
    queue: Outbox = field(default_factory=Outbox)
    log_next: int = 0
    changes: bool = False
    sent: int = 0
    shown: dict[str, Any] | None = None
    closing: int | None = None  # a close code: the server ends this listener (its table expired)
    address: str = ""  # the client's address (a spectator's chat rate is counted by it)
    hears_chat: bool = False  # it asked for the chat ("chat_open")
    player: str | None = None  # who it is (an account or a guest), if the browser says: a spectator's number


def retry_conflicts(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Run a change again (up to 3 times) when another server process saved the table first
    (``table/conflict``): the table has been reloaded by then, so the change is checked afresh."""

    @functools.wraps(method)
    async def again(*args: P.args, **kwargs: P.kwargs) -> T:
        for attempt in range(3):
            try:
                return await method(*args, **kwargs)
            except ServiceError as error:
                if error.code != "table/conflict" or attempt == 2:
                    raise
        raise AssertionError("unreachable")

    return again


def playable() -> list[str]:
    """The games that can be played here: installed, and complete enough to name their ``GAME`` class."""
    names = []
    for name in available():
        try:
            game_class(name)
        except Exception as error:  # a game still being written, or broken: the others still play
            log.warning("game %s is not playable here: %s", name, error)
            continue
        names.append(name)
    return names


def _lang(lang: str | None) -> str:
    return lang if lang in LANGS else "en"


def _bot_name(level: str) -> str:
    return f"Bot ({level})"


class ServiceCore:
    """The service's state and the store side: loading, committing and saving tables (the layers above use it)."""

    # what the layers above do, named here for the core to call
    def _notify(self, table: Table, only: int | None = None) -> None:
        raise NotImplementedError  # server/listeners.py

    def _schedule_bots(self, table: Table) -> None:
        raise NotImplementedError  # server/clocks_service.py

    def _forget_finished(self) -> None:
        raise NotImplementedError  # server/service.py

    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.tables: dict[str, Table] = {}
        self.subscribers: dict[str, set[Subscription]] = {}
        self.executor: Executor | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.quota = TableQuota(self.settings.limits)
        self.fair = FairPool(self.settings.bot_workers)  # bot thinking shared fairly between tables
        # (table id, seat) -> (step, timer): a human actor's turn clock; (table id, seat) -> step: that
        # seat's turn at that step is overdue and its stand-in plays it (see _idle_after_grace)
        self._turn_clocks: dict[tuple[str, int], tuple[int, asyncio.Task[None]]] = {}
        self._overdue: dict[tuple[str, int], int] = {}
        # several processes over one PostgreSQL database (server/bus.py): who we are, who saved each table
        # last (its owner runs its bots), and how many sockets each seat has open here
        self.origin = secrets.token_hex(4)
        self.writers: dict[str, str] = {}
        self.cluster: Cluster | None = None
        self._local: dict[tuple[str, int], int] = {}
        self.chat = chat_store_for(store)  # table chat, stored beside the tables (server/chat_store.py)
        self.chat_rates = ChatRates(self.settings.limits)
        # spectators who spoke, numbered per table ("Spectator 2"): (table id, who) -> number; table -> highest
        self._watcher_of: dict[tuple[str, str], int] = {}
        self._watcher_top: dict[str, int] = {}
        self._names_shown: dict[str, tuple[str, ...]] = {}  # table id -> its seats' names at the last _notify
        # called (as tasks) with each table whose game this process saw end: ratings (server/ratings.py)
        self.finished: list[Callable[[Table], Coroutine[Any, Any, None]]] = []
        # the saves of one moment in one transaction (a few at once where the database takes that well)
        self.commits = GroupCommit(store, self.origin, writers=getattr(store, "writers", 1))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def keep(self, task: asyncio.Task[Any]) -> None:
        """Hold a background task until it ends (stopped with the service)."""
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _read(self, read: Callable[..., T], *args: Any) -> T:
        """A store read off the loop; a failing store becomes ``server/unavailable`` with an id, as in ``_store``."""
        try:
            return await asyncio.to_thread(read, *args)
        except (ValueError, TypeError, KeyError) as error:  # a damaged row (not JSON, say): left in the store
            error_id = new_error_id()
            log.warning("a stored table cannot be read (error id %s): %s: %s", error_id, type(error).__name__, error)
            raise ServiceError("table/unknown", f"that table cannot be read (error id {error_id})", error_id) from None
        except Exception:
            error_id = new_error_id()
            log.exception("reading the store failed (error id %s)", error_id)
            raise store_failure(error_id, reading=True) from None

    async def _store(self, row: TableRow) -> int:
        """Save a row at its next version (returned); a failing store becomes ``server/unavailable`` with an
        id, its details logged only (the exception may carry the statement's parameters: the record with its
        seed, token hashes). ``StaleRow`` (another process saved first) passes through."""
        try:
            if row.version:  # a change of a stored table: with whatever other tables save now (server/commits.py)
                return await self.commits.save(row)
            return await asyncio.to_thread(self.store.save, row, self.origin)
        except StaleRow:
            raise
        except Exception:
            error_id = new_error_id()
            log.exception("saving table %s failed (error id %s)", row.id, error_id)
            raise store_failure(error_id) from None

    async def _table(self, table_id: str) -> Table:
        """The table, from memory or (a finished game) from the store."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        row = await self._read(self.store.load, table_id)
        if row is None:
            raise ServiceError("table/unknown", f"there is no table {table_id!r}")
        try:
            table = Table.from_row(row)
        except Exception as error:  # a damaged row: the details go to the log only
            error_id = new_error_id()
            log.warning("table %s cannot be replayed (error id %s): %s: %s", table_id, error_id,
                        type(error).__name__, error)
            raise ServiceError("table/unknown", f"table {table_id!r} cannot be replayed (error id {error_id})",
                               error_id) from error
        self._remember(table)
        if table.status != "over":
            self._schedule_bots(table)
        return table

    def _remember(self, table: Table) -> Table:
        """Keep a table in memory; beyond ``KEEP_FINISHED`` finished ones, forget the oldest unwatched
        (they stay stored and are loaded again when asked for)."""
        self.tables[table.id] = table
        table.undos_per_turn = self.settings.undos_per_turn
        self._forget_finished()
        return table

    def _forget_watchers(self, table_id: str) -> None:
        """A table no longer served here: its spectators' numbers (read again from its chat if it comes back)."""
        self._names_shown.pop(table_id, None)
        if self._watcher_top.pop(table_id, None) is not None:
            for key in [k for k in self._watcher_of if k[0] == table_id]:
                del self._watcher_of[key]

    async def _commit(self, table: Table, state: State | None = None, seats: dict[int, dict[str, Any]] | None = None,
                      status: str | None = None, secret: int | None = None) -> None:
        """Make a change atomically: store the table as it will be, then become it and tell its listeners.

        ``state`` replaces the game state (a changed copy); ``seats`` maps a seat to new values of its stored
        fields; ``status`` is the new status; ``secret``: the seat whose secret action this was (only its
        listeners hear of it, and the table's public time stays). Call with the lock held. When the store
        fails, nothing changed and ``server/unavailable`` (with an error id; details in the log) is raised.
        """
        state = state if state is not None else table.state
        status = status if status is not None else table.status
        seats = reset_counts(table.seats, table.state, state, seats or {})  # take-backs this turn
        changes = charge(table.seats, table.state, state, status, pending=seats, secret=secret)  # the clocks
        updated = now() if secret is None else table.updated
        row = TableRow(id=table.id, game=state.game.name, players=state.players, status=status,
                       seats=[{**p.to_json(), **changes.get(i, {})} for i, p in enumerate(table.seats)],
                       record=table.record_json(state), created=table.created, updated=updated,
                       version=table.version, rated=table.rated)
        row.stored_actions = _stored_prefix(table.state, state)  # the store appends only the new actions
        try:
            version = await self._store(row)
        except StaleRow:  # another process saved the table first: become what is stored, refuse this change
            fresh = await self._read(self.store.load, table.id)
            if fresh is not None:
                refresh(table, fresh)
            self._spawn(self._after_reload(table))
            raise ServiceError("table/conflict", "the table changed on another server process meanwhile: "
                                                 "look at it again and retry") from None
        table.version, self.writers[table.id] = version, self.origin
        for seat, values in changes.items():
            for name, value in values.items():
                setattr(table.seats[seat], name, value)
        if any("standin_events" in values for values in changes.values()):
            table.__post_init__()  # the stand-in marks, before the listeners hear of the lines they mark
        if state is not table.state:  # kept for the undo check (engine/undo.py): it saves a replay
            table.before = table.state if len(state.history) == len(table.state.history) + 1 else None
        ended = status == "over" and table.status != "over"
        table.state, table.status, table.updated = state, status, updated
        self._notify(table, only=secret)
        for hook in self.finished if ended else ():
            self._spawn(hook(table))
        if table.status == "over":
            self._forget_finished()

    async def _after_reload(self, table: Table) -> None:
        self._notify(table)
        self._schedule_bots(table)

    @staticmethod
    def _place(table: Table, seat: int) -> Seat:
        if not 0 <= seat < len(table.seats):
            raise ServiceError("seat/unknown", f"table {table.id} has seats 0-{len(table.seats) - 1}, not {seat}")
        return table.seats[seat]

    @staticmethod
    def _seat_of(table: Table, token: str | None, players: tuple[str, ...] = ()) -> int:
        if not token:
            held = table.seat_of_player(players)
            if held is not None:  # no token, but the request's account or guest holds a seat here
                return held
            raise ServiceError("auth/token", "this needs your seat token (or the account that holds the seat)")
        seat = table.seat_of(token)
        if seat is None:
            raise ServiceError("auth/token", f"that token holds no seat at table {table.id}")
        return seat

    async def _fresh_seat_of(self, table: Table, token: str | None, players: tuple[str, ...] = ()) -> int:
        """The token's seat; with several processes, a token this copy does not know yet (the seat was just
        taken on another process) is looked up again in the store before it is refused."""
        try:
            return self._seat_of(table, token, players)
        except ServiceError:
            if self.cluster is None or not (token or players):
                raise
        row = await asyncio.to_thread(self.store.load, table.id)
        if row is not None:
            async with table.lock:
                if row.version > table.version:
                    refresh(table, row)
        return self._seat_of(table, token, players)


def _stored_prefix(stored: State, new: State) -> int | None:
    """How many actions the stored row holds when ``new`` replaces ``stored`` (the table's state, as saved):
    all of stored's when new only adds actions after them (a move), else None (an undo: write them all)."""
    old = stored.history
    return len(old) if new is stored or not old or grown_from(new.history, len(old), old[-1]) else None
