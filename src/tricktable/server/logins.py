"""Logins that resist guessing without locking anyone out (docs/operations.md, "Logins").

The policy:

- **Growing delays, per name and per network.** Each wrong password counts against the account name and
  against the network it came from (``server/networks.py``). The first ``login_failures`` (3) cost nothing;
  after that each further try must wait 1, 2, 4, ... seconds (at most ``MAX_DELAY``) after the last failure.
  A count is forgotten ``WINDOW`` seconds after its last failure.
- **No lockout of the owner.** A name under delay still accepts a login from a network with no failures on
  record: the password is checked, and a right one logs in. Only a network that has itself failed waits for
  the name's delay. A guesser with many networks gets a handful of tries from each, each one slowed.
- **Kept in the database** (``tricktable_throttle``), so the counts hold across every worker and restart.
- **Sign-ups and guest identities per network**: at most ``signups_per_hour`` accounts and
  ``guests_per_hour`` guest identities an hour from one network (``limit/signup``).
- **A bounded hash queue** (``HashGate``): at most ``HASHES_AT_ONCE`` password hashes run at once and at
  most ``hash_queue`` wait; a request beyond that gets ``limit/busy`` (503) at once instead of waiting.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Column, Float, Integer, String, delete, insert, select, update
from sqlalchemy import Table as SqlTable
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from tricktable.server.database import metadata
from tricktable.server.errors import ServiceError
from tricktable.server.limits import Limits

WINDOW = 3600.0  # seconds after its last failure that a count is forgotten
MAX_DELAY = 300.0  # the longest wait between two tries, in seconds
HOUR = 3600.0

throttle = SqlTable(
    "tricktable_throttle", metadata,
    Column("key", String(200), primary_key=True),  # "name:<name key>", "net:<network>", "signup:<network>" ...
    Column("count", Integer, nullable=False),
    Column("first", Float, nullable=False),  # epoch seconds of the first event counted
    Column("last", Float, nullable=False),  # ... and of the last
)


def delay_after(failures: int, free: int) -> float:
    """Seconds a try must wait after the last of ``failures`` wrong passwords (``free`` cost nothing)."""
    beyond = failures - max(0, free)
    return 0.0 if beyond <= 0 else min(MAX_DELAY, 2.0 ** (beyond - 1))


class Throttle:
    """Counts in SQL, shared by every worker. Synchronous: called from a thread, like ``accounts.Players``."""

    def __init__(self, engine: Engine, limits: Limits, begin: Callable[[], Any],
                 clock: Callable[[], float] = time.time) -> None:
        self.limits, self._begin, self._clock = limits, begin, clock
        with begin() as connection:
            metadata.create_all(connection, tables=[throttle])

    def _row(self, connection: Any, key: str) -> tuple[int, float, float] | None:
        found = connection.execute(select(throttle.c.count, throttle.c.first, throttle.c.last)
                                   .where(throttle.c.key == key)).first()
        return None if found is None else (int(found[0]), float(found[1]), float(found[2]))

    def _count(self, key: str, window: float) -> tuple[int, float, float]:
        """(count, first, last) of ``key`` within ``window`` seconds of its last event (else nothing)."""
        with self._begin() as connection:
            row = self._row(connection, key)
        if row is None or row[2] < self._clock() - window:
            return 0, 0.0, 0.0
        return row

    def _add(self, key: str, window: float) -> None:
        moment = self._clock()
        for _ in range(3):  # two workers adding the first event at once: one inserts, the other updates
            try:
                with self._begin() as connection:
                    row = self._row(connection, key)
                    if row is None:
                        connection.execute(insert(throttle).values(key=key, count=1, first=moment, last=moment))
                    elif row[2] < moment - window:
                        connection.execute(update(throttle).where(throttle.c.key == key)
                                           .values(count=1, first=moment, last=moment))
                    else:
                        connection.execute(update(throttle).where(throttle.c.key == key)
                                           .values(count=throttle.c.count + 1, last=moment))
                return
            except IntegrityError:
                continue

    def _clear(self, key: str) -> None:
        with self._begin() as connection:
            connection.execute(delete(throttle).where(throttle.c.key == key))

    # --- logins --------------------------------------------------------------------------------

    def _wait(self, key: str) -> float:
        count, _, last = self._count(key, WINDOW)
        return max(0.0, last + delay_after(count, self.limits.login_failures) - self._clock()) if count else 0.0

    def before_login(self, name_key: str, network: str) -> None:
        """Refuse a try now (``limit/login``, with the wait) if its network must wait, or the name must and
        this network has failed before. A network with no failures always gets its try."""
        if not self.limits.login_failures:
            return
        from_here = self._wait(f"net:{network}")
        if from_here > 0:
            raise ServiceError("limit/login", f"too many wrong passwords from your network: try again in "
                                              f"{int(from_here) + 1} s")
        clean = self._count(f"net:{network}", WINDOW)[0] == 0
        for_name = self._wait(f"name:{name_key}")
        if for_name > 0 and not clean:
            raise ServiceError("limit/login", f"too many wrong passwords for this name: try again in "
                                              f"{int(for_name) + 1} s")

    def failed_login(self, name_key: str, network: str) -> None:
        if self.limits.login_failures:
            self._add(f"name:{name_key}", WINDOW)
            self._add(f"net:{network}", WINDOW)

    def logged_in(self, name_key: str) -> None:
        """The owner is in: the name's count starts again (the guessers' networks keep theirs)."""
        if self.limits.login_failures:
            self._clear(f"name:{name_key}")

    # --- sign-ups and guests -------------------------------------------------------------------

    def new_identity(self, kind: str, network: str) -> None:
        """Count one new account (``kind`` "signup") or guest ("guest") from ``network``, or refuse it
        (``limit/signup``) when the network has had its share this hour."""
        most = self.limits.signups_per_hour if kind == "signup" else self.limits.guests_per_hour
        if not most:
            return
        key = f"{kind}:{network}"
        count, first, _ = self._count(key, HOUR)
        if count and first < self._clock() - HOUR:  # a new hour: count from here
            self._clear(key)
            count = 0
        if count >= most:
            what = "accounts" if kind == "signup" else "guest identities"
            raise ServiceError("limit/signup", f"{most} new {what} an hour from one network: try again later")
        self._add(key, HOUR)


class HashGate:
    """At most ``at_once`` password hashes running and ``queue`` waiting; one more is refused at once."""

    def __init__(self, at_once: int, queue: int) -> None:
        self.slots = asyncio.Semaphore(max(1, at_once))
        self.queue, self.inside = max(0, queue), 0
        self.at_once = max(1, at_once)

    @contextmanager
    def _counted(self) -> Iterator[None]:
        self.inside += 1
        try:
            yield
        finally:
            self.inside -= 1

    async def run(self, work: Callable[[], Any]) -> Any:
        """``work()`` in a thread once a slot is free; ``limit/busy`` now if the queue is full."""
        if self.inside >= self.at_once + self.queue:
            raise ServiceError("limit/busy", "the server is checking many passwords right now: try again in a moment")
        with self._counted():
            async with self.slots:
                return await asyncio.to_thread(work)
