"""Group commit: the saves of many tables that arrive together go to the database in one transaction.

Every move is saved before it is announced (``TableService._commit``). A commit costs a flush to disk on
PostgreSQL (milliseconds) and a thread hop either way; with a hundred tables moving, saving them one by
one queues them behind each other. ``GroupCommit.save`` queues a row and waits; one writer at a time takes
everything queued so far and stores it with ``Store.save_many``, in one transaction, then wakes each
waiter with its row's new version. While it writes, the next saves queue up for the next batch, so under
load a batch holds the moves of one flush time and a quiet server saves a move alone, at once.

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
    """``await commits.save(row)``: the row's new version once it is stored with whatever else was queued."""

    def __init__(self, store: Saves, origin: str = "", most: int = 256) -> None:
        self.store, self.origin, self.most = store, origin, most
        self.pending: list[tuple[TableRow, asyncio.Future[int]]] = []
        self.writing = False
        self._task: asyncio.Task[None] | None = None  # the writer (held: the loop keeps only weak references)
        self.batches = 0  # how many transactions, and rows in them (for tests and figures)
        self.rows = 0

    async def save(self, row: TableRow) -> int:
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.pending.append((row, done))
        if not self.writing:
            self.writing = True
            self._task = asyncio.get_running_loop().create_task(self._write())
        return await done

    async def _write(self) -> None:
        try:
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
        finally:
            self.writing = False
