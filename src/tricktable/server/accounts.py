"""Who a player is: accounts (a name and a password), their sessions, and guests (docs/protocol.md, "Players").

A seat is held by a **player**, not by a browser tab: ``account:<id>`` for someone who signed up, or
``guest:<digest>`` for a browser that plays without an account (a value the server issued and signed, in
an HttpOnly cookie: ``server/identity.py``; a guest identity needs no row). Either opens the same seat on every
device or tab that carries it; the seat token of the older protocol keeps working beside it (bots,
programs, tests).

Passwords are hashed with argon2id (argon2-cffi's defaults: RFC 9106's second recommended profile); a
session is a random token in an HttpOnly, SameSite=Lax cookie whose SHA-256 is stored with its account
and expiry, so logging out ends it everywhere it was copied. ``Players`` keeps accounts, sessions and
"which player sits where" (for My games) in the tables' database (``server/database.py``), or in an
SQLite database in memory beside a memory store (``store.engine_for``).
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import Column, DateTime, Integer, String, delete, insert, select, update
from sqlalchemy import Table as SqlTable
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from tricktable.server.database import create_tables, metadata, now
from tricktable.server.errors import ServiceError
from tricktable.server.limits import Limits
from tricktable.server.logins import Throttle
from tricktable.server.names import clean_name, name_key
from tricktable.server.store import engine_for as engine_for  # where a store keeps its players

SESSION_COOKIE = "tricktable_session"
GUEST_COOKIE = "tricktable_guest"
SESSION_DAYS = 30  # a session lasts this long without logging in again
GUEST_DAYS = 365
MIN_PASSWORD = 8  # characters

accounts = SqlTable(
    "tricktable_accounts", metadata,
    Column("id", String(24), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("name_key", String(160), nullable=False, unique=True),  # names.name_key: ``ＡＮＮ`` and ``ann`` are one
    Column("password", String(255), nullable=False),  # the argon2 hash, with its parameters and salt
    Column("created", DateTime(timezone=True), nullable=False),
)
sessions = SqlTable(
    "tricktable_sessions", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account", String(24), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False),
)
memberships = SqlTable(  # which player took which seat: My games across tables and devices
    "tricktable_memberships", metadata,
    Column("player", String(64), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False, index=True),
)
PLAYER_TABLES = [accounts, sessions, memberships]


@dataclass(frozen=True)
class Account:
    """Someone who signed up. ``player`` is what their seats are held by."""

    id: str
    name: str
    created: datetime

    @property
    def player(self) -> str:
        return f"account:{self.id}"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "created": self.created.isoformat()}


@dataclass(frozen=True)
class Identity:
    """Who made a request: their account (a valid session cookie) and/or their guest identity (cookie)."""

    account: Account | None = None
    guest: str | None = None  # ``guest:<digest>``

    @property
    def player(self) -> str | None:
        """The player a seat taken now is held by: the account when logged in, else the guest."""
        return self.account.player if self.account else self.guest

    @property
    def players(self) -> tuple[str, ...]:
        """Every player this request speaks for (a guest who then signed up keeps their guest seats)."""
        return tuple(p for p in (self.account.player if self.account else None, self.guest) if p)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(24)


class Players:
    """Accounts, sessions and seat memberships in SQL. Synchronous: the routes call it from a thread."""

    def __init__(self, engine: Engine, limits: Limits | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.limits = limits or Limits()
        self.hasher = PasswordHasher()
        self._dummy = self.hasher.hash(new_secret())  # checked for unknown names: a login takes as long either way
        # an SQLite database in memory has one connection for every thread: take turns
        self._lock = threading.Lock() if engine.url.database in (None, "", ":memory:") else None
        with self._begin() as connection:
            create_tables(connection, PLAYER_TABLES)
        self.throttle = Throttle(engine, self.limits, self._begin, clock)  # logins, sign-ups (server/logins.py)

    @contextmanager
    def _begin(self) -> Iterator[Any]:
        if self._lock is None:
            with self.engine.begin() as connection:
                yield connection
            return
        with self._lock, self.engine.begin() as connection:
            yield connection

    # --- accounts ------------------------------------------------------------------------------

    def check_password(self, password: str) -> None:
        if len(password) < MIN_PASSWORD:
            raise ServiceError("account/password", f"a password has at least {MIN_PASSWORD} characters")
        if len(password.encode()) > self.limits.password_bytes:
            raise ServiceError("account/password", f"a password has at most {self.limits.password_bytes} bytes")

    def sign_up(self, name: str, password: str, network: str = "unknown") -> Account:
        """A new account (``name/invalid``, ``account/password``, ``account/name-taken``, ``limit/signup``
        when ``network`` has made its share this hour, otherwise)."""
        name = clean_name(name, [])  # the seat-name rules: an account's name is its name at every table
        self.check_password(password)
        self.throttle.new_identity("signup", network)
        account = Account(id=secrets.token_urlsafe(12), name=name, created=now())
        hashed = self.hasher.hash(password)
        try:
            with self._begin() as connection:
                connection.execute(insert(accounts).values(id=account.id, name=name, name_key=name_key(name),
                                                           password=hashed, created=account.created))
        except IntegrityError:
            raise ServiceError("account/name-taken", f"someone is already called {name!r}: choose another "
                                                     "name, or log in") from None
        return account

    def log_in(self, name: str, password: str, network: str = "unknown") -> Account:
        """The account if the password is right; ``account/login`` (the same for an unknown name) otherwise.
        Wrong passwords slow the name and the network down (``server/logins.py``: ``limit/login``)."""
        key = name_key(" ".join(name.split()))
        self.throttle.before_login(key, network)
        if len(password.encode()) > self.limits.password_bytes:
            raise ServiceError("account/password", f"a password has at most {self.limits.password_bytes} bytes")
        with self._begin() as connection:
            found = connection.execute(select(accounts).where(accounts.c.name_key == key)).mappings().first()
        try:
            self.hasher.verify(found["password"] if found else self._dummy, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            found = None
        if found is None:
            self.throttle.failed_login(key, network)
            raise ServiceError("account/login", "wrong name or password")
        if self.hasher.check_needs_rehash(found["password"]):  # stronger parameters since it was stored
            with self._begin() as connection:
                connection.execute(update(accounts).where(accounts.c.id == found["id"])
                                   .values(password=self.hasher.hash(password)))
        self.throttle.logged_in(key)
        return _account(found)

    def names(self, ids: list[str]) -> dict[str, str]:
        """Account id -> name, for those that exist."""
        if not ids:
            return {}
        with self._begin() as connection:
            rows = connection.execute(select(accounts.c.id, accounts.c.name).where(accounts.c.id.in_(ids)))
            return {row.id: row.name for row in rows}

    # --- sessions ------------------------------------------------------------------------------

    def new_session(self, account: Account) -> str:
        """A session token for ``account`` (the cookie's value; only its digest is stored)."""
        token = new_secret()
        moment = now()
        with self._begin() as connection:
            connection.execute(insert(sessions).values(token_hash=digest(token), account=account.id, created=moment,
                                                       expires=moment + timedelta(days=SESSION_DAYS)))
            connection.execute(delete(sessions).where(sessions.c.account == account.id, sessions.c.expires < moment))
        return token

    def session_account(self, token: str | None) -> Account | None:
        """The account of a live session token, or None."""
        if not token or len(token) > 64:
            return None
        query = (select(accounts).join(sessions, sessions.c.account == accounts.c.id)
                 .where(sessions.c.token_hash == digest(token), sessions.c.expires > now()))
        with self._begin() as connection:
            found = connection.execute(query).mappings().first()
        return _account(found) if found else None

    def end_session(self, token: str | None) -> None:
        if token:
            with self._begin() as connection:
                connection.execute(delete(sessions).where(sessions.c.token_hash == digest(token)))

    # --- where players sit ---------------------------------------------------------------------

    def sat_down(self, player: str, table_id: str, seat: int) -> None:
        """Remember that ``player`` took ``seat`` at ``table_id`` (My games lists it, finished or not)."""
        try:
            with self._begin() as connection:
                connection.execute(insert(memberships).values(player=player, table_id=table_id, seat=seat,
                                                              created=now()))
        except IntegrityError:  # already remembered
            pass

    def tables_of(self, players: tuple[str, ...], limit: int = 100) -> list[tuple[str, int]]:
        """(table id, seat) of the tables ``players`` sat at, newest first."""
        if not players:
            return []
        query = (select(memberships.c.table_id, memberships.c.seat).where(memberships.c.player.in_(players))
                 .order_by(memberships.c.created.desc()).limit(limit))
        with self._begin() as connection:
            return [(row.table_id, row.seat) for row in connection.execute(query)]

    def close(self) -> None:
        """Nothing to release: the engine is the store's (or lives as long as the memory store)."""


def _account(found: Any) -> Account:
    created = found["created"]
    return Account(id=found["id"], name=found["name"], created=created if created.tzinfo else
                   created.replace(tzinfo=now().tzinfo))
