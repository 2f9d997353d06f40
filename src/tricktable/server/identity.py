"""Guest identities the server issues and signs (docs/protocol.md, "Players").

A guest cookie is ``<random>.<signature>``: 24 random bytes and their HMAC-SHA256 under the server's key,
cut to 32 hex digits. Only the server can make one, so a client that picks its own cookie value is a
stranger (no guest identity at all: a spectator is then known by its network, ``server/networks.py``), and
a mute, a spectator's number or a seat held by a guest holds: a new identity needs the server, which
issues them at a limited rate per network (``limits.guests_per_hour``).

The key is made once, at random, and kept in the database (``tricktable_keys``) so that every worker and
every restart signs alike; a database in memory gets a key of its own.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from sqlalchemy import Column, String, insert, select
from sqlalchemy import Table as SqlTable
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from tricktable.server.database import metadata

keys = SqlTable(
    "tricktable_keys", metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)
GUEST_KEY = "guest-signing"


def stored_key(engine: Engine, name: str) -> bytes:
    """The server key called ``name``, made at random the first time (the first of racing workers wins)."""
    keys.create(engine, checkfirst=True)
    with engine.begin() as connection:
        found = connection.execute(select(keys.c.value).where(keys.c.name == name)).scalar()
    if found is None:
        try:
            with engine.begin() as connection:
                connection.execute(insert(keys).values(name=name, value=secrets.token_hex(32)))
        except IntegrityError:
            pass  # another worker made it first: use theirs
        with engine.begin() as connection:
            found = connection.execute(select(keys.c.value).where(keys.c.name == name)).scalar()
    return bytes.fromhex(str(found))


class GuestSigner:
    """Issues guest cookies and reads them back: ``player(cookie)`` is ``guest:<digest>`` only for one of ours."""

    def __init__(self, key: bytes) -> None:
        self.key = key

    def _sign(self, body: str) -> str:
        return hmac.new(self.key, body.encode(), hashlib.sha256).hexdigest()[:32]

    def issue(self) -> str:
        body = secrets.token_urlsafe(24)
        return f"{body}.{self._sign(body)}"

    def player(self, cookie: str | None) -> str | None:
        """The guest player of a cookie this server issued; None for no cookie or any other value."""
        if not cookie or len(cookie) > 80 or "." not in cookie:
            return None
        body, _, signature = cookie.partition(".")
        if not hmac.compare_digest(signature, self._sign(body)):
            return None
        return f"guest:{hashlib.sha256(cookie.encode()).hexdigest()[:32]}"
