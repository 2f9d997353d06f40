"""Group commit: the saves of many tables that arrive together go to the database in one transaction.

Every move is saved before it is announced (``TableService._commit``). A commit costs a flush to disk on
PostgreSQL (milliseconds) and a thread hop either way; with a hundred tables moving, saving them one by
one queues them behind each other. ``GroupCommit.save`` queues a row and waits; one writer at a time takes
everything queued so far and stores it with ``Store.save_many``, in one transaction, then wakes each
waiter with its row's new version. While it writes, the next saves queue up for the next batch, so under
load a batch holds the moves of one flush time and a quiet server saves a move alone, at once. On
PostgreSQL a few writers run at once (``SqlStore.writers``: each statement is a round trip, and the server
flushes concurrent commits together); SQLite takes one writer at a time anyway.

Atomicity is per row, as before: a stale row (another process saved that table first) gets ``StaleRow`` and
the others are saved; a failing database fails every row of the batch, and each table stays as it was.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Protocol

from tricktable.server.store import StaleRow, TableRow


class Saves(Protocol):
    def save_many(self, rows: Sequence[TableRow], origin: str = "") -> list[int | StaleRow]: ...


class GroupCommit:
    """``await commits.save(row)``: the row's new version once it is stored with whatever else was queued;
    at most ``writers`` transactions at once, each of at most ``most`` rows."""

    def __init__(self, store: Saves, origin: str = "", most: int = 256, writers: int = 1) -> None:
        self.store, self.origin, self.most, self.writers = store, origin, most, max(1, writers)
        self.pending: list[tuple[TableRow, asyncio.Future[int]]] = []
        self._tasks: set[asyncio.Task[None]] = set()  # the writers (held: the loop keeps only weak references)
        self.active = 0  # writers running
        self.batches = 0  # how many transactions, and rows in them (for tests and figures)
        self.rows = 0

    async def save(self, row: TableRow) -> int:
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.pending.append((row, done))
        if self.active < self.writers:
            self.active += 1  # counted here and at the writer's last step, never in a callback in between
            task = asyncio.get_running_loop().create_task(self._write())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return await done

    async def _write(self) -> None:
        """One writer: store what is queued, batch after batch, until nothing is."""
        try:
            await self._write_batches()
        finally:
            self.active -= 1

    async def _write_batches(self) -> None:
        while self.pending:
            batch, self.pending = self.pending[:self.most], self.pending[self.most:]
            try:
                results = await asyncio.to_thread(self.store.save_many, [row for row, _ in batch], self.origin)
            except Exception as error:  # nothing of the batch was stored: every waiter hears why
                for _, done in batch:
                    if not done.done():
                        done.set_exception(error)
                continue
            self.batches, self.rows = self.batches + 1, self.rows + len(batch)
            for (_, done), result in zip(batch, results, strict=True):
                if done.done():
                    continue  # its waiter was cancelled; the row is stored all the same
                if isinstance(result, StaleRow):
                    done.set_exception(result)
                else:
                    done.set_result(result)
