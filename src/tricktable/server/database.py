"""The one database every resource's store writes to, and how each store reaches it.

Each resource keeps its own tables in its own module: the tables, their seats, clocks and records in
``server/store.py``; accounts, sessions and memberships in ``server/accounts.py`` (login throttles in
``server/logins.py``, the guest key in ``server/identity.py``); chat in ``server/chat_store.py``; ratings in
``server/ratings.py``. They share what is here: one SQLAlchemy ``metadata`` (so one database holds them
all: SQLite by default, PostgreSQL by URL), how a connection is opened, how a store creates its tables when
several server processes start at once, and the times every row is stamped with.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import MetaData, Table, create_engine, event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import StaticPool

metadata = MetaData()
CHANNEL = "tricktable"  # the PostgreSQL NOTIFY channel of table changes (server/bus.py listens to it)
_STARTUP_LOCK = 727172  # the PostgreSQL advisory lock held while a process creates or migrates tables


def now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """A stored time as an aware UTC time (SQLite hands datetimes back without their zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def default_url() -> str:
    """SQLite in the user's data folder (created if missing), e.g. ``~/.local/share/tricktable/tricktable.db``."""
    folder = Path(platformdirs.user_data_dir("tricktable"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tricktable.db'}"


def connect(url: str) -> Engine:
    """The engine of a database URL (``sqlite:///path`` or ``postgresql+psycopg://...``); SQLite writes
    ahead (see ``_sqlite_pragmas``)."""
    connect_args = {"check_same_thread": False} if url.startswith("sqlite") else {}
    engine = create_engine(url, connect_args=connect_args, pool_pre_ping=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def in_memory() -> Engine:
    """An SQLite database in memory, one connection shared by every thread (beside a memory store)."""
    return create_engine("sqlite://", connect_args={"check_same_thread": False}, poolclass=StaticPool)


def create_tables(connection: Connection, tables: Sequence[Table] | None = None) -> None:
    """Create a store's tables that are missing (``None``: every table of ``metadata``), in the caller's
    transaction. On PostgreSQL several processes may start at once: one creates, the others wait."""
    if connection.dialect.name == "postgresql":
        connection.execute(text(f"SELECT pg_advisory_xact_lock({_STARTUP_LOCK})"))
    metadata.create_all(connection, tables=None if tables is None else list(tables))


def notify(connection: Connection, payload: str) -> None:
    """Tell the other server processes ``payload`` once the caller's transaction commits (PostgreSQL only)."""
    connection.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})


def _sqlite_pragmas(connection: Any, record: Any) -> None:
    """Write-ahead logging with normal sync: a commit is safe from a crash of the server (what a restart
    must survive) without waiting for the disk on every action; readers never block the writer."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
