"""Where tables live between restarts: one row per table, its seats and its game record.

The service speaks only the ``Store`` interface. ``SqlStore`` is the real one (SQLAlchemy: SQLite by
default, PostgreSQL by URL); ``MemoryStore`` keeps rows in a dict, for tests and throwaway servers.
Stores are synchronous; the service calls them from a worker thread so the event loop never waits on disk.
"""

from __future__ import annotations

import copy
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

import platformdirs
from sqlalchemy import (
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine

STATUSES = ("waiting", "playing", "over")
log = logging.getLogger("tricktable.server")


def now() -> datetime:
    return datetime.now(UTC)


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


class Store(Protocol):
    """The persistence interface of the table service."""

    def save(self, row: TableRow) -> None:
        """Insert or replace the row with ``row.id``."""

    def load(self, table_id: str) -> TableRow | None:
        """The row with that id, or None."""

    def list(self, statuses: Iterable[str], limit: int = 200) -> list[TableRow]:
        """Rows whose status is one of ``statuses``, most recently updated first."""

    def close(self) -> None:
        """Release connections. The store is not used afterwards."""


class MemoryStore:
    """A store in a dict: nothing survives the process. Rows are copied in and out."""

    def __init__(self) -> None:
        self.rows: dict[str, TableRow] = {}

    def save(self, row: TableRow) -> None:
        self.rows[row.id] = copy.deepcopy(row)

    def load(self, table_id: str) -> TableRow | None:
        row = self.rows.get(table_id)
        return copy.deepcopy(row) if row else None

    def list(self, statuses: Iterable[str], limit: int = 200) -> list[TableRow]:
        wanted = set(statuses)
        rows = sorted((r for r in self.rows.values() if r.status in wanted), key=lambda r: r.updated, reverse=True)
        return [copy.deepcopy(r) for r in rows[:limit]]

    def close(self) -> None:
        pass


metadata = MetaData()
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
)


def default_url() -> str:
    """SQLite in the user's data folder (created if missing), e.g. ``~/.local/share/tricktable/tricktable.db``."""
    folder = Path(platformdirs.user_data_dir("tricktable"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tricktable.db'}"


def _aware(moment: datetime) -> datetime:
    """SQLite hands datetimes back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class SqlStore:
    """Tables in a SQL database through SQLAlchemy: ``sqlite:///path`` or ``postgresql+psycopg://...``."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        connect_args = {"check_same_thread": False} if self.url.startswith("sqlite") else {}
        self.engine: Engine = create_engine(self.url, connect_args=connect_args, pool_pre_ping=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

    def save(self, row: TableRow) -> None:
        values = {"game": row.game, "players": row.players, "status": row.status,
                  "seats": json.dumps(row.seats), "record": json.dumps(row.record),
                  "created": row.created, "updated": row.updated}
        with self.engine.begin() as connection:
            done = connection.execute(update(tables).where(tables.c.id == row.id).values(**values))
            if done.rowcount == 0:
                connection.execute(insert(tables).values(id=row.id, **values))

    def load(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as connection:
            found = connection.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
        return self._row(found) if found else None

    def list(self, statuses: Iterable[str], limit: int = 200) -> list[TableRow]:
        query = (select(tables).where(tables.c.status.in_(list(statuses)))
                 .order_by(tables.c.updated.desc()).limit(limit))
        with self.engine.connect() as connection:
            found_rows = list(connection.execute(query).mappings())
        rows = []
        for found in found_rows:
            try:
                rows.append(self._row(found))
            except (ValueError, TypeError) as error:  # not JSON (JSONDecodeError is a ValueError): skip, keep it stored
                log.warning("table %s has a damaged row (left in the database): %s", found["id"], error)
        return rows

    def close(self) -> None:
        self.engine.dispose()

    @staticmethod
    def _row(found: Any) -> TableRow:
        return TableRow(id=found["id"], game=found["game"], players=found["players"], status=found["status"],
                        seats=json.loads(found["seats"]), record=json.loads(found["record"]),
                        created=_aware(found["created"]), updated=_aware(found["updated"]))


def _sqlite_pragmas(connection: Any, record: Any) -> None:
    """Write-ahead logging with normal sync: a commit is safe from a crash of the server (what a restart
    must survive) without waiting for the disk on every action; readers never block the writer."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def open_store(url: str | None = None) -> Store:
    """The store for ``url``: ``memory://`` keeps nothing, anything else is a SQLAlchemy URL (default SQLite)."""
    if url == "memory://":
        return MemoryStore()
    return SqlStore(url)
