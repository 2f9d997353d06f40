"""The chat's store: each table's messages, in the tables' database (``SqlChat``: SQLite or PostgreSQL) or in
memory beside a memory store (``MemoryChat``). What may be said, and how often, is ``server/chat.py``'s.
"""

from __future__ import annotations

import weakref
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Column, DateTime, Integer, String, Table, Text, func, insert, inspect, select
from sqlalchemy import text as sql
from sqlalchemy.engine import Engine

from tricktable.server.database import aware, create_tables, metadata, now
from tricktable.server.store import MemoryStore, SqlStore, Store

chat_table = Table(
    "tricktable_chat", metadata,
    Column("n", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), nullable=False, index=True),
    Column("seat", Integer, nullable=True),  # null: a spectator
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("watcher", Integer, nullable=True),  # a spectator's number at the table ("Spectator 2"); null: a seat
)


class ChatStore(Protocol):
    def add(self, table_id: str, seat: int | None, name: str, text: str,
            watcher: int | None = None) -> dict[str, Any]:
        """Store a message; returns it as sent: ``{"n", "seat", "name", "text", "at", "watcher"}``."""

    def latest(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        """The table's last ``limit`` messages, oldest first."""

    def watchers(self, table_id: str) -> int:
        """The highest spectator number that spoke at the table (0: none)."""


def _entry(n: int, seat: int | None, name: str, text: str, at: datetime, watcher: int | None) -> dict[str, Any]:
    return {"n": n, "seat": seat, "name": name, "text": text, "at": at.isoformat(), "watcher": watcher}


class MemoryChat:
    def __init__(self) -> None:
        self.rows: dict[str, list[dict[str, Any]]] = {}
        self.count = 0

    def add(self, table_id: str, seat: int | None, name: str, text: str,
            watcher: int | None = None) -> dict[str, Any]:
        self.count += 1
        entry = _entry(self.count, seat, name, text, now(), watcher)
        self.rows.setdefault(table_id, []).append(entry)
        return dict(entry)

    def latest(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        return [dict(e) for e in self.rows.get(table_id, [])[-limit:]]

    def watchers(self, table_id: str) -> int:
        return max((e["watcher"] or 0 for e in self.rows.get(table_id, [])), default=0)


class SqlChat:
    """Messages in the store's database (the same SQLAlchemy metadata: SQLite or PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        with engine.begin() as connection:
            create_tables(connection, [chat_table])
            # a database made before spectators had numbers
            if "watcher" not in {c["name"] for c in inspect(connection).get_columns(chat_table.name)}:
                connection.execute(sql(f"ALTER TABLE {chat_table.name} ADD COLUMN watcher INTEGER"))

    def add(self, table_id: str, seat: int | None, name: str, text: str,
            watcher: int | None = None) -> dict[str, Any]:
        at = now()
        with self.engine.begin() as connection:
            done = connection.execute(insert(chat_table).values(table_id=table_id, seat=seat, name=name,
                                                                text=text, at=at, watcher=watcher))
            key = done.inserted_primary_key
        return _entry(int(key[0]) if key else 0, seat, name, text, at, watcher)

    def latest(self, table_id: str, limit: int) -> list[dict[str, Any]]:
        query = (select(chat_table).where(chat_table.c.table_id == table_id)
                 .order_by(chat_table.c.n.desc()).limit(limit))
        with self.engine.connect() as connection:
            rows = list(connection.execute(query).mappings())
        return [_entry(r["n"], r["seat"], r["name"], r["text"], aware(r["at"]), r["watcher"]) for r in reversed(rows)]

    def watchers(self, table_id: str) -> int:
        query = select(func.max(chat_table.c.watcher)).where(chat_table.c.table_id == table_id)
        with self.engine.connect() as connection:
            return int(connection.execute(query).scalar() or 0)


_BESIDE: weakref.WeakKeyDictionary[Store, MemoryChat] = weakref.WeakKeyDictionary()


def chat_store_for(store: Store) -> ChatStore:
    """Where ``store``'s tables keep their chat: its database, or (a memory store) memory beside it, one per
    store, so an app made again over the same store keeps it."""
    if isinstance(store, SqlStore):
        return SqlChat(store.engine)
    if isinstance(store, MemoryStore):
        chat = _BESIDE.get(store)
        if chat is None:
            chat = _BESIDE[store] = MemoryChat()
        return chat
    return MemoryChat()
