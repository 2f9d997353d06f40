"""The server's own cost of one move, early and late in a game: the save and the fan-out, in one process.

    PYTHONPATH=src python benchmarks/move_cost.py                 # SQLite in a temporary folder
    PYTHONPATH=src python benchmarks/move_cost.py --db postgres   # TRICKTABLE_TEST_POSTGRES_URL's server

Plays one long Trickster table (4 people, ``--rounds`` rounds, random legal moves from a fixed seed) through
``TableService.act_as`` (a socket's action message) with a listener on every seat and ``--spectators``
spectators, and measures each move's save (``Store.save``, or ``save_many`` with group commit: wall time,
the saving thread's CPU time, SQL statements, rows and bytes sent to the database) and fan-out
(``_notify``: CPU time to build and encode every listener's view). Prints one JSON line with the medians
over the moves around each step of ``--at`` (a window of ``--window`` moves). CPU times and
byte counts hardly depend on how loaded the machine is; wall times do. Runs against the code on PYTHONPATH,
so the same script measures another branch: ``PYTHONPATH=/path/to/other/src python benchmarks/move_cost.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event

from tricktable.server.limits import Limits
from tricktable.server.service import Settings, TableService
from tricktable.server.store import SqlStore

PG = os.environ.get("TRICKTABLE_TEST_POSTGRES_URL", "postgresql+psycopg://tricktable:tricktable@127.0.0.1:5432/tricktable")
PG_DATABASE = "tricktable_move_cost"


def database(kind: str, folder: Path) -> str:
    if kind == "sqlite":
        return f"sqlite:///{folder / 'cost.db'}"
    import psycopg

    with psycopg.connect(PG.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {PG_DATABASE} WITH (FORCE)")
        connection.execute(f"CREATE DATABASE {PG_DATABASE}")
    return PG.rsplit("/", 1)[0] + "/" + PG_DATABASE


class Meter:
    """Per-move figures: the store's save and the service's fan-out wrapped, SQL counted at the cursor."""

    def __init__(self, store: SqlStore, service: TableService) -> None:
        self.current: dict[str, float] = {}
        self.moves: list[dict[str, float]] = []
        notify = service._notify

        def counted(connection: Any, cursor: Any, statement: str, parameters: Any, context: Any,
                    executemany: bool) -> None:
            sets = parameters if executemany else [parameters]
            values = [v for p in sets for v in (p.values() if isinstance(p, dict) else p or ())]
            self.add("statements", 1)
            self.add("rows", len(sets) if executemany else 1)
            self.add("bytes", len(statement.encode()) + sum(len(str(v).encode()) for v in values))

        def timed(save: Any) -> Any:
            def timed_save(*args: Any, **kwargs: Any) -> Any:
                wall, cpu = time.perf_counter(), time.thread_time()
                try:
                    return save(*args, **kwargs)
                finally:
                    self.add("save_ms", 1000 * (time.perf_counter() - wall))
                    self.add("save_cpu_ms", 1000 * (time.thread_time() - cpu))
            return timed_save

        def timed_notify(*args: Any, **kwargs: Any) -> Any:
            cpu = time.thread_time()
            try:
                return notify(*args, **kwargs)
            finally:
                self.add("fanout_cpu_ms", 1000 * (time.thread_time() - cpu))

        event.listen(store.engine, "before_cursor_execute", counted)
        store.save = timed(store.save)  # type: ignore[method-assign]
        if hasattr(store, "save_many"):  # group commit (one table moving: a batch of one)
            store.save_many = timed(store.save_many)
        service._notify = timed_notify  # type: ignore[method-assign]

    def add(self, key: str, value: float) -> None:
        self.current[key] = self.current.get(key, 0.0) + value

    def next_move(self) -> None:
        self.moves.append(self.current)
        self.current = {}


async def play(args: argparse.Namespace, url: str) -> dict[str, Any]:
    store = SqlStore(url)
    limits = Limits(rate=0, tables_per_client=0, tables_total=0, waiting_ttl=0, queue_messages=0)
    service = TableService(store, Settings(grace=3600.0, bot_delay=0.0, bot_workers=0, any_table_setups=True,
                                           limits=limits))
    await service.start()
    try:
        table_id = (await service.create_table("trickster", 4, {"rounds": args.rounds},
                                               seats=[{"kind": "human"}] * 4, seed=args.seed))["id"]
        tokens = [(await service.take_seat(table_id, seat, f"P{seat + 1}"))["token"] for seat in range(4)]
        listeners = [await service.connect(table_id, token) for token in tokens]
        listeners += [await service.connect(table_id, None) for _ in range(args.spectators)]
        table = service.tables[table_id]
        meter = Meter(store, service)
        rng = random.Random(args.seed)
        last = max(args.at) + args.window
        while table.step < last and table.status == "playing":
            seat = table.state.actors[0]
            action = rng.choice(table.state.legal_actions(seat)).text
            meter.current = {}
            await service.act_as(listeners[seat], action)  # as a socket's message does
            meter.next_move()
            for listener in listeners:  # read what was sent, as a socket would
                while not listener.queue.empty():
                    listener.queue.get_nowait()
    finally:
        await service.stop()
        store.close()
    out: dict[str, Any] = {"db": args.db, "steps_played": len(meter.moves), "listeners": len(listeners)}
    for at in args.at:
        window = meter.moves[max(0, at - args.window // 2): at + args.window // 2 + 1]
        keys = sorted({key for move in window for key in move})
        out[f"step_{at}"] = {key: round(statistics.median(m.get(key, 0.0) for m in window), 3) for key in keys}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--rounds", type=int, default=8, help="Trickster rounds (about 100 moves each)")
    parser.add_argument("--at", type=int, nargs="+", default=[10, 400], help="steps to measure around")
    parser.add_argument("--window", type=int, default=40, help="moves averaged around each step")
    parser.add_argument("--spectators", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(play(args, database(args.db, Path(folder))))
    figures["loadavg"] = os.getloadavg()[0]
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
