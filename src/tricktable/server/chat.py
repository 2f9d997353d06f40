"""Table chat: what seats and spectators say at a table, checked, rate-limited and stored with the game.

A message is plain text (the client renders it as text, never as HTML), trimmed, at most
``Limits.chat_chars`` characters, without control or direction-changing characters (newlines and tabs
become spaces). Each speaker (a seat, or a spectator's connection) may say ``Limits.chat_burst`` messages
at once and ``Limits.chat_rate`` a second after that. A spectator speaks as "Spectator N" (``watcher``: N,
numbered per table in the order they first speak; the client words it in its language). Messages are
stored (``ChatStore``: a table of the store's database, or memory) so a restart keeps them; a connection
gets the latest ``Limits.chat_keep`` when it opens. Muting someone is the listener's own business: the
client hides a seat's messages in that browser (docs/protocol.md, "Chat").
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Column, DateTime, Integer, String, Table, Text, func, insert, inspect, select
from sqlalchemy import text as sql
from sqlalchemy.engine import Engine

from tricktable.server.errors import ServiceError
from tricktable.server.limits import Limits, RateLimiter
from tricktable.server.store import MemoryStore, SqlStore, Store, _aware, metadata, now

_REFUSED = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}  # as in names: nothing invisible or reordering

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


def clean_text(text: Any, limits: Limits) -> str:
    """A chat message's text as it is stored, or ``chat/bad`` saying what is wrong."""
    if not isinstance(text, str):
        raise ServiceError("message/malformed", 'a chat message is {"type": "chat", "text": "..."}')
    text = "".join(" " if char in "\n\r\t" else char for char in text)
    for char in text:
        if unicodedata.category(char) in _REFUSED:
            raise ServiceError("chat/bad", f"a message may not contain the character U+{ord(char):04X}")
    text = " ".join(text.split())
    if not text:
        raise ServiceError("chat/bad", "an empty message")
    if len(text) > limits.chat_chars:
        raise ServiceError("chat/too-long", f"a message has at most {limits.chat_chars} characters, not {len(text)}")
    return str(text)


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
        chat_table.create(engine, checkfirst=True)
        with engine.begin() as connection:  # a database made before spectators had numbers
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
        return [_entry(r["n"], r["seat"], r["name"], r["text"], _aware(r["at"]), r["watcher"]) for r in reversed(rows)]

    def watchers(self, table_id: str) -> int:
        query = select(func.max(chat_table.c.watcher)).where(chat_table.c.table_id == table_id)
        with self.engine.connect() as connection:
            return int(connection.execute(query).scalar() or 0)


def chat_store_for(store: Store) -> ChatStore:
    """Where ``store``'s tables keep their chat: its database, or (a memory store) memory beside it."""
    if isinstance(store, SqlStore):
        return SqlChat(store.engine)
    if isinstance(store, MemoryStore):
        chat: MemoryChat | None = getattr(store, "chat", None)  # one per store: an app made again keeps it
        if chat is None:
            chat = MemoryChat()
            setattr(store, "chat", chat)  # noqa: B010 (an attribute MemoryStore does not declare)
        return chat
    return MemoryChat()


class ChatRates:
    """Each speaker's own token bucket (``chat_rate`` a second, ``chat_burst`` at once), per table."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.buckets = RateLimiter(limits.chat_rate, limits.chat_burst)

    def check(self, speaker: str) -> None:
        if not self.buckets.allow(speaker):
            raise ServiceError("chat/rate", f"at most {self.limits.chat_burst} messages at once and "
                                            f"{self.limits.chat_rate:g} a second after that: wait a moment")
