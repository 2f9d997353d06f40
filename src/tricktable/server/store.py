"""The tables' store: where tables live between restarts. One row per table (its seats, clocks and game
record's header) and one row per action taken (``tricktable_actions``): a move appends one small row and
rewrites the table's header row (status, seats, times), so what a save writes does not grow with the game.
Replays read finished tables from here too.

The service speaks only the ``Store`` interface. ``SqlStore`` is the real one (SQLAlchemy: SQLite by
default, PostgreSQL by URL); ``MemoryStore`` keeps rows in a dict, for tests and throwaway servers.
Stores are synchronous; the service calls them from a worker thread so the event loop never waits on disk.

Saves are optimistic: a row carries the ``version`` it was read at, a save succeeds only if the stored row
is still at that version (then it is one more), and raises ``StaleRow`` otherwise: another server process
changed the table meanwhile, and the caller must reload it. ``TableRow.stored_actions`` tells a save how many
of the record's actions the stored row already holds (it appends only the rest; None: it replaces them all,
e.g. after an undo), and ``load_changes`` gives a copy at a known version only the actions after it. A
database made before the actions table is migrated when it is opened (each record's actions moved to
their rows). On PostgreSQL every save also sends
``NOTIFY tricktable`` in its own transaction, so the other processes hear of it once it is committed
(``server/bus.py``).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import logging
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Integer,
    String,
    Table,
    Text,
    TextClause,
    bindparam,
    false,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from tricktable.server.database import aware, connect, create_tables, default_url, in_memory, metadata, notify, now

STATUSES = ("waiting", "playing", "over")
log = logging.getLogger("tricktable.server")


class StaleRow(Exception):
    """The stored row is newer than the one saved: another process changed it. Reload, then try again."""


@dataclass(slots=True)
class TableRow:
    """A stored table. ``seats`` are JSON objects (kind, bot, name, token hash); ``record`` a GameRecord's JSON."""

    id: str
    game: str
    players: int
    status: str
    seats: list[dict[str, Any]]
    record: dict[str, Any]
    created: datetime = field(default_factory=now)
    updated: datetime = field(default_factory=now)
    version: int = 0  # 0: never stored
    rated: bool = False  # a rated table (accounts only): its result moves the players' ratings (server/ratings.py)
    # the stored row (at ``version``) holds exactly the first this-many actions of ``record``: a save appends
    # only the others; None: unknown (a new row, an undo): the save writes every action again
    stored_actions: int | None = None


class Store(Protocol):
    """The persistence interface of the table service."""

    def save(self, row: TableRow, origin: str = "") -> int:
        """Store the row if the stored one is still at ``row.version`` (none: version 0); returns the new
        version; raises ``StaleRow`` if it is not. ``origin`` names the saving process in the notification."""

    def save_many(self, rows: Sequence[TableRow], origin: str = "") -> list[int | StaleRow]:
        """Save several rows of stored tables in one transaction (``save``'s result or ``StaleRow`` for each);
        any other failure saves none and is raised."""

    def load(self, table_id: str) -> TableRow | None:
        """The row with that id, or None."""

    def load_changes(self, table_id: str, version: int, actions: int) -> tuple[TableRow, int] | None:
        """For a copy of the row at ``version`` whose record has ``actions`` actions: the stored row and the
        index its record's actions start at (only the newer ones, when the first ``actions`` are unchanged
        since ``version``; else 0: the whole record); None: no such row."""

    def list(self, statuses: Iterable[str], limit: int = 200) -> list[TableRow]:
        """Rows whose status is one of ``statuses``, most recently updated first."""

    def delete(self, table_id: str, origin: str = "") -> None:
        """Remove the row (an expired waiting table); nothing happens when there is none."""

    def close(self) -> None:
        """Release connections. The store is not used afterwards."""


class MemoryStore:
    """A store in a dict: nothing survives the process. Rows are copied in and out."""

    def __init__(self) -> None:
        self.rows: dict[str, TableRow] = {}

    def save(self, row: TableRow, origin: str = "") -> int:
        stored = self.rows.get(row.id)
        if (stored.version if stored else 0) != row.version:
            raise StaleRow(row.id)
        kept, taken = row.stored_actions, row.record.get("actions") or []
        if stored is not None and kept is not None and kept == len(stored.record.get("actions") or ()):
            # a move: the stored actions stay as they are and the new ones are appended (a save costs the
            # move, not the game, as in the database)
            actions = stored.record["actions"]
            actions.extend(copy.deepcopy(taken[kept:]))
        else:
            actions = copy.deepcopy(taken)
        saved = copy.deepcopy(dataclasses.replace(row, record={k: v for k, v in row.record.items() if k != "actions"}))
        saved.record["actions"] = actions
        saved.version = row.version + 1
        self.rows[row.id] = saved
        return saved.version

    def save_many(self, rows: Sequence[TableRow], origin: str = "") -> list[int | StaleRow]:
        results: list[int | StaleRow] = []
        for row in rows:
            try:
                results.append(self.save(row, origin))
            except StaleRow as stale:
                results.append(stale)
        return results

    def load(self, table_id: str) -> TableRow | None:
        row = self.rows.get(table_id)
        return copy.deepcopy(row) if row else None

    def load_changes(self, table_id: str, version: int, actions: int) -> tuple[TableRow, int] | None:
        row = self.load(table_id)
        return (row, 0) if row else None

    def list(self, statuses: Iterable[str], limit: int = 200) -> list[TableRow]:
        wanted = set(statuses)
        rows = sorted((r for r in self.rows.values() if r.status in wanted), key=lambda r: r.updated, reverse=True)
        return [copy.deepcopy(r) for r in rows[:limit]]

    def delete(self, table_id: str, origin: str = "") -> None:
        self.rows.pop(table_id, None)

    def close(self) -> None:
        pass


tables = Table(
    "tricktable_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("seats", Text, nullable=False),
    Column("record", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False, index=True),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("rated", Boolean, nullable=False, server_default=false()),
    Column("actions", Integer, nullable=False, server_default="0"),  # how many action rows the table has
    # the version at which its action rows were last written whole (a new table, an undo): a copy older
    # than that cannot just append the newer actions
    Column("actions_rewritten", Integer, nullable=False, server_default="0"),
)
# one row per action of a table's record, in order (``n`` from 0); the record's header is in ``record``
actions = Table(
    "tricktable_actions", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
)
HEADER_KEYS = ("game", "version", "players", "seed", "options", "fair")  # a record's JSON without its actions
ActionRows = list[list[Any]]  # a record's actions as JSON: ``[[seat, text], ...]``


class SqlStore:
    """Tables in a SQL database through SQLAlchemy: ``sqlite:///path`` or ``postgresql+psycopg://...``."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine: Engine = connect(self.url)
        self.notifies = self.engine.dialect.name == "postgresql"
        self.writers = 4 if self.notifies else 1  # transactions saving at once (server/commits.py)
        with self.engine.begin() as connection:
            create_tables(connection)  # every resource's tables known so far, under the start-up lock
            self._add_version_column(connection)
            self._add_rated_column(connection)
            self._move_actions_to_rows(connection)

    @staticmethod
    def _add_version_column(connection: Any) -> None:
        """A database made before versions: add the column (every row at version 0)."""
        if "version" not in {c["name"] for c in inspect(connection).get_columns(tables.name)}:
            connection.execute(text(f"ALTER TABLE {tables.name} ADD COLUMN version INTEGER NOT NULL DEFAULT 0"))

    @staticmethod
    def _add_rated_column(connection: Any) -> None:
        """A database made before rated tables: add the column (every table unrated)."""
        if "rated" not in {c["name"] for c in inspect(connection).get_columns(tables.name)}:
            connection.execute(text(f"ALTER TABLE {tables.name} ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE"))

    @staticmethod
    def _move_actions_to_rows(connection: Any) -> None:
        """A database made before the actions table: each record's actions become action rows, the record
        column keeps its header (one transaction; a row that is not JSON is left as it is)."""
        if "actions" in {c["name"] for c in inspect(connection).get_columns(tables.name)}:
            return
        for name in ("actions", "actions_rewritten"):
            connection.execute(text(f"ALTER TABLE {tables.name} ADD COLUMN {name} INTEGER NOT NULL DEFAULT 0"))
        moved = 0
        for table_id, stored, version in connection.execute(select(tables.c.id, tables.c.record, tables.c.version)):
            try:
                record = json.loads(stored)
                taken = [(int(seat), str(action)) for seat, action in record.get("actions") or ()]
            except (ValueError, TypeError, AttributeError):
                continue  # damaged: skipped at start-up as before, and left in the database
            if taken:
                connection.execute(insert(actions), [{"table_id": table_id, "n": n, "seat": seat, "action": action}
                                                     for n, (seat, action) in enumerate(taken)])
            connection.execute(update(tables).where(tables.c.id == table_id).values(
                record=json.dumps(_header(record)), actions=len(taken), actions_rewritten=version))
            moved += len(taken)
        log.info("moved %d stored actions to their own rows (tricktable_actions)", moved)

    def save(self, row: TableRow, origin: str = "") -> int:
        with self.engine.begin() as connection:
            return self._write(connection, row, origin)

    def save_many(self, rows: Sequence[TableRow], origin: str = "") -> list[int | StaleRow]:
        """Save rows of existing tables (version above 0) in one transaction: one commit for all (on
        PostgreSQL one flush of its log to disk). Each row's new version, or its ``StaleRow``: a stale row
        changes nothing and the others are saved. Any other failure saves none of them and is raised."""
        if any(row.version == 0 for row in rows):
            raise ValueError("save_many stores changes of stored tables; a new table is saved alone")
        results: list[int | StaleRow] = []
        with self.engine.begin() as connection:
            for row in rows:
                try:
                    results.append(self._write(connection, row, origin))
                except StaleRow as stale:  # refused before it wrote anything: the transaction goes on
                    results.append(stale)
        return results

    def _write(self, connection: Any, row: TableRow, origin: str) -> int:
        """One save in the caller's transaction: the header row, the new action rows, the notification."""
        version = row.version + 1
        values = {"game": row.game, "players": row.players, "status": row.status,
                  "seats": json.dumps(row.seats), "record": json.dumps(row.record),
                  "created": row.created, "updated": row.updated, "version": version,
                  "rated": row.rated}
        taken = row.record.get("actions") or []
        kept = row.stored_actions if row.version and row.stored_actions is not None else None
        values["record"] = json.dumps(_header(row.record))  # the actions go to their own rows
        values["actions"] = len(taken)
        if kept is None:
            values["actions_rewritten"] = version
        if row.version == 0:
            try:
                connection.execute(insert(tables).values(id=row.id, **values))
            except IntegrityError as error:  # the id is taken: someone else stored it first
                raise StaleRow(row.id) from error
        else:
            done = connection.execute(_update_statement(tuple(values)),
                                      {**values, "id": row.id, "read_at": row.version})
            if done.rowcount == 0:
                raise StaleRow(row.id)
            if kept is None:  # every action again (an undo, a caller that does not say)
                connection.execute(actions.delete().where(actions.c.table_id == row.id))
        new = [{"table_id": row.id, "n": n, "seat": int(seat), "action": str(action)}
               for n, (seat, action) in enumerate(taken[kept or 0:], start=kept or 0)]
        if new:
            connection.execute(APPEND, new)
        if self.notifies:  # delivered when this transaction commits, never for a refused save
            notify(connection, f"save {row.id} {version} {origin}")
        return version

    def load(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as connection:
            found = connection.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            taken = self._actions(connection, [table_id]) if found else {}
        return _with_actions(self._row(found), taken.get(table_id, [])) if found else None

    def load_changes(self, table_id: str, version: int, actions: int) -> tuple[TableRow, int] | None:
        with self.engine.connect() as connection:
            found = connection.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if found is None:
                return None
            row = self._row(found)
            unchanged = (found["actions_rewritten"] <= version and found["actions"] >= actions
                         and isinstance(row.record, dict) and not row.record.get("actions"))  # (edited by hand)
            start = actions if unchanged else 0
            taken = self._actions(connection, [table_id], start).get(table_id, [])
        return _with_actions(row, taken), start

    def list(self, statuses: Iterable[str], limit: int = 200) -> list[TableRow]:
        query = (select(tables).where(tables.c.status.in_(list(statuses)))
                 .order_by(tables.c.updated.desc()).limit(limit))
        with self.engine.connect() as connection:
            found_rows = list(connection.execute(query).mappings())
            taken: dict[str, ActionRows] = {}
            ids = [found["id"] for found in found_rows]
            for first in range(0, len(ids), 500):  # bounded IN lists
                taken.update(self._actions(connection, ids[first:first + 500]))
        rows = []
        for found in found_rows:
            try:
                rows.append(_with_actions(self._row(found), taken.get(found["id"], [])))
            except (ValueError, TypeError, AttributeError) as error:  # not JSON (a ValueError): skip, keep it stored
                log.warning("table %s has a damaged row (left in the database): %s", found["id"], error)
        return rows

    @staticmethod
    def _actions(connection: Any, ids: Sequence[str], start: int = 0) -> dict[str, ActionRows]:
        """The action rows of those tables from index ``start`` on, in order, as record JSON (``[seat, text]``)."""
        out: dict[str, ActionRows] = {}
        query = (select(actions.c.table_id, actions.c.seat, actions.c.action)
                 .where(actions.c.table_id.in_(ids), actions.c.n >= start)
                 .order_by(actions.c.table_id, actions.c.n))
        for table_id, seat, action in connection.execute(query):
            out.setdefault(table_id, []).append([seat, action])
        return out

    def delete(self, table_id: str, origin: str = "") -> None:
        with self.engine.begin() as connection:
            connection.execute(tables.delete().where(tables.c.id == table_id))
            connection.execute(actions.delete().where(actions.c.table_id == table_id))
            if self.notifies:
                notify(connection, f"delete {table_id} 0 {origin}")

    def publish(self, payload: str) -> None:
        """Tell the other processes something that is not a saved change (presence). PostgreSQL only."""
        if self.notifies:
            with self.engine.begin() as connection:
                notify(connection, payload)

    def close(self) -> None:
        self.engine.dispose()

    @staticmethod
    def _row(found: Any) -> TableRow:
        return TableRow(id=found["id"], game=found["game"], players=found["players"], status=found["status"],
                        seats=json.loads(found["seats"]), record=json.loads(found["record"]),
                        created=aware(found["created"]), updated=aware(found["updated"]),
                        version=found["version"], rated=bool(found["rated"]))


# A move's statements, written out once: building them with the expression language on every save would
# cost more CPU than the database spends running them; the column types still convert each value (times,
# flags) as the expression language would.
APPEND = text(f"INSERT INTO {actions.name} (table_id, n, seat, action) VALUES (:table_id, :n, :seat, :action)")


@functools.cache
def _update_statement(columns: tuple[str, ...]) -> TextClause:
    """The header's optimistic update of these columns (only at the version the row was read at)."""
    assignments = ", ".join(f"{name} = :{name}" for name in columns)
    statement = text(f"UPDATE {tables.name} SET {assignments} WHERE id = :id AND version = :read_at")
    return statement.bindparams(*(bindparam(name, type_=tables.c[name].type) for name in columns))


def _header(record: dict[str, Any]) -> dict[str, Any]:
    """A record's JSON without its actions (they are stored as rows)."""
    return {key: record[key] for key in HEADER_KEYS if key in record}


def _with_actions(row: TableRow, taken: ActionRows) -> TableRow:
    """The row whose record (its stored header) gets its action rows; a header of a database edited by
    hand may still hold actions of its own: those come first."""
    if not isinstance(row.record, dict):
        raise TypeError(f"a record is a JSON object, not {type(row.record).__name__}")
    row.record["actions"] = [*(row.record.get("actions") or ()), *taken]
    return row


def open_store(url: str | None = None) -> Store:
    """The store for ``url``: ``memory://`` keeps nothing, anything else is a SQLAlchemy URL (default SQLite)."""
    if url == "memory://":
        return MemoryStore()
    return SqlStore(url)


_BESIDE: weakref.WeakKeyDictionary[Any, Engine] = weakref.WeakKeyDictionary()


def engine_for(store: Store) -> Engine:
    """The database of ``store``, where the other resources keep their rows: a ``SqlStore``'s own, or an
    SQLite database in memory that lives as long as the (memory) store does, so a server started again over
    the same store finds its accounts and ratings."""
    if isinstance(store, SqlStore):
        return store.engine
    engine = _BESIDE.get(store)
    if engine is None:
        engine = _BESIDE[store] = in_memory()
    return engine
