"""The table service: tables, seats, tokens, actions, bots, presence and replays. No HTTP in here.

Routes (``server/routes_*.py``) call these coroutines and turn ``ServiceError`` into responses. Every change
to a table happens under its lock and is atomic (``_commit``): it is made on a copy, the copy is stored
(the header and the new actions; the saves of many tables at once share one transaction,
``server/commits.py``), and only then does the table become the copy and every subscriber hear of it, as
that subscriber's own view message. When the store fails, the table is exactly as before.

The class is built in layers, one module per resource (``server/service_core.py`` explains them); here
are its life (start, stop) and the two calls tests reach through this module (``think``, ``KEEP_FINISHED``).
"""

from __future__ import annotations

import asyncio
import gc
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from tricktable.engine import Rng
from tricktable.server.bots import game_levels, make_executor, stop_executor, think
from tricktable.server.bus import cluster_for
from tricktable.server.service_core import Settings, Subscription, log, playable, retry_conflicts
from tricktable.server.table import Table
from tricktable.server.tables_service import Tables

KEEP_FINISHED = 200  # finished tables kept in memory; older ones are read from the store when asked for

__all__ = ["KEEP_FINISHED", "Settings", "Subscription", "TableService", "playable", "retry_conflicts", "think"]


class TableService(Tables):
    """Every table of one server. Create it, ``await start()``, use it, ``await stop()``."""

    async def start(self) -> None:
        """Start the bot workers and resume every stored table that is not over."""
        self.executor = make_executor(self.settings.bot_workers)
        await asyncio.to_thread(lambda: [game_levels(name) for name in playable()])  # probes, once, off the loop
        self.cluster = cluster_for(self)
        if self.cluster is not None:
            await self.cluster.start()  # listening before loading: no change is missed in between
        rows = await asyncio.to_thread(self.store.list, ("waiting", "playing"), 100_000)
        for row in rows:
            try:
                table = Table.from_row(row)
            except Exception as error:  # a record this version cannot replay, or a damaged row: leave it, skip it
                log.warning("table %s cannot be resumed (left in the store): %s: %s", row.id,
                            type(error).__name__, error)
                continue
            self.tables[table.id] = table
            table.undos_per_turn = self.settings.undos_per_turn
            # after a restart nobody is connected: players who used a socket get the grace period to come back
            for seat, place in enumerate(table.seats):
                if place.kind == "human" and place.uses_socket:
                    self._start_leaving(table, seat)
            self._schedule_bots(table)
        if self.settings.limits.waiting_ttl > 0:
            self._spawn(self._expire_waiting())
        if self.settings.gc_freeze:
            gc.collect()
            gc.freeze()

    async def stop(self) -> None:
        """Cancel timers and bot moves (a move not yet applied is simply thought again after a restart)."""
        if self.cluster is not None:
            await self.cluster.stop()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.executor is not None:
            await asyncio.to_thread(stop_executor, self.executor)
            self.executor = None

    def _forget_finished(self) -> None:
        finished = [t for t in self.tables.values() if t.status == "over" and not self.subscribers.get(t.id)]
        if len(finished) > KEEP_FINISHED:
            for old in sorted(finished, key=lambda t: t.updated)[:len(finished) - KEEP_FINISHED]:
                del self.tables[old.id]
                self.subscribers.pop(old.id, None)
                self._forget_watchers(old.id)

    async def _think(self, record: dict[str, Any], seat: int, level: str, seed: int, table_id: str = "") -> str:
        """A bot's choice from a worker; a failing bot is replaced by a random move so the table never stalls."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, think, record, seat, level, seed, self.origin + table_id)
        except asyncio.CancelledError:
            raise
        except BrokenProcessPool:
            log.warning("the bot worker pool broke; starting a new one")
            if self.executor is not None:
                stop_executor(self.executor)
            self.executor = make_executor(self.settings.bot_workers)
        except Exception:
            log.exception("bot %s failed for seat %d; playing a random move instead", level, seat)
        return await asyncio.to_thread(_random_move, record, seat, seed)


def _random_move(record: dict[str, Any], seat: int, seed: int) -> str:
    from tricktable.engine import GameRecord

    state = GameRecord.from_json(record).replay()
    return Rng(seed).choice(state.legal_actions(seat)).text
