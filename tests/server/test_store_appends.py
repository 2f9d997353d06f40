"""Issue 10, the load target: a move's save does not grow with the game.

A table is stored as a header row and one row per action (``tricktable_actions``): a move rewrites the header
and appends its action, so the rows and bytes a save sends are the same at step 10 and at step 400 (counted
at the database cursor, not timed). Old databases are migrated when opened; a kill -9 of the server still
loses no announced move; other processes read only the actions they lack; the saves of tables that change
at once share a transaction. SQLite always, PostgreSQL when ``TRICKTABLE_TEST_POSTGRES_URL`` is set.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy
from sqlalchemy import event
from test_persistence import stores, url  # noqa: F401  (fixtures: a fresh SQLite or PostgreSQL database)

from conftest import FAST, TOY, seated_table, serve
from tricktable.engine import GameRecord, load_game
from tricktable.server import MemoryStore, SqlStore, Store, TableRow, TableService
from tricktable.server.commits import GroupCommit
from tricktable.server.store import StaleRow
from tricktable.server.table import Seat, Table

ROOT = Path(__file__).resolve().parents[2]


class Counter:
    """SQL statements that write, their rows and bytes (statement text and parameter values), sent by one store."""

    def __init__(self, store: SqlStore) -> None:
        self.statements = self.rows = self.bytes = 0
        event.listen(store.engine, "before_cursor_execute", self.count)

    def count(self, connection: Any, cursor: Any, statement: str, parameters: Any, context: Any,
              executemany: bool) -> None:
        if not statement.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE", "SELECT PG_NOTIFY")):
            return  # reads, and what a new connection asks the server about itself
        if isinstance(parameters, dict) and str(parameters.get("payload", "")).startswith(("alive", "presence")):
            return  # the cluster's heartbeat (every few seconds), not a save
        sets = parameters if executemany else [parameters]
        values = [v for p in sets for v in (p.values() if isinstance(p, dict) else p or ())]
        self.statements += 1
        self.rows += len(sets)
        self.bytes += len(statement.encode()) + sum(len(str(v).encode()) for v in values)

    def snapshot(self) -> tuple[int, int, int]:
        return self.statements, self.rows, self.bytes


def with_fair(table: Any, state: Any) -> dict[str, Any]:
    """The record's JSON as the table stores it: with its deal's fairness block when it has one."""
    record: dict[str, Any] = state.record().to_json()
    return {**record, "fair": table.fair} if table.fair is not None else record


def test_a_move_writes_the_same_rows_and_bytes_at_step_10_and_at_step_400(url: str) -> None:  # noqa: F811
    async def main() -> list[tuple[int, int, int]]:
        store = SqlStore(url)
        service = TableService(store, FAST)
        await service.start()
        try:
            table_id = (await service.create_table("trickster", 4, {"rounds": 6}, seats=[{"kind": "human"}] * 4,
                                                   seed=11))["id"]
            tokens = [(await service.take_seat(table_id, seat, f"P{seat + 1}"))["token"] for seat in range(4)]
            table, rng = service.tables[table_id], random.Random(3)
            counter, per_move = Counter(store), []
            while table.step < 420:
                seat = table.state.actors[0]
                before = counter.snapshot()
                await service.act(table_id, tokens[seat], rng.choice(table.state.legal_actions(seat)).text)
                per_move.append(tuple(a - b for a, b in zip(counter.snapshot(), before, strict=True)))
            stored = store.load(table_id)
            assert stored is not None and stored.record == with_fair(table, table.state)
            return per_move  # type: ignore[return-value]
        finally:
            await service.stop()
            store.close()

    per_move = asyncio.run(main())
    early, late = per_move[5:25], per_move[400:420]
    assert {m[:2] for m in early} == {m[:2] for m in late}, "the same statements and rows early and late"
    assert len({m[:2] for m in per_move}) == 1, "every move: the header update and one action row"
    early_bytes = sum(m[2] for m in early) / len(early)
    late_bytes = sum(m[2] for m in late) / len(late)
    # what grows is digits (version numbers) and the words of actions: tens of bytes, not the record
    # (whose JSON alone is over 8 KB at step 400)
    assert abs(late_bytes - early_bytes) < 64, (early_bytes, late_bytes)
    assert late_bytes < 2000


def test_rows_loaded_back_hold_every_action_and_an_undo_rewrites_them(url: str, stores: list[Store]) -> None:  # noqa: F811
    store = SqlStore(url)
    stores.append(store)
    row, header = _save_three_moves(store, "appends")
    again = SqlStore(url)
    stores.append(again)
    loaded = again.load("appends")
    assert loaded is not None and loaded.record == {**header, "actions": [[0, "bid 1"], [1, "bid 0"], [0, "play 3"]]}
    assert again.load_changes("appends", 2, 2) == (_with(loaded, [[0, "play 3"]]), 2), "only what a copy lacks"
    # an undo: fewer actions, written whole; a copy from before cannot just append
    row.record["actions"], row.stored_actions = [[0, "bid 1"]], None
    row.version = store.save(row)
    loaded = again.load("appends")
    assert loaded is not None and loaded.record["actions"] == [[0, "bid 1"]]
    changes = again.load_changes("appends", 3, 3)
    assert changes is not None and changes[1] == 0 and changes[0].record["actions"] == [[0, "bid 1"]]
    engine = sqlalchemy.create_engine(url)
    with engine.connect() as connection:
        stored = connection.execute(sqlalchemy.text(
            "SELECT record FROM tricktable_tables WHERE id = 'appends'")).scalar_one()
        count = connection.execute(sqlalchemy.text(
            "SELECT count(*) FROM tricktable_actions WHERE table_id = 'appends'")).scalar_one()
    engine.dispose()
    assert "actions" not in json.loads(stored) and count == 1


def _save_three_moves(store: Store, table_id: str) -> tuple[TableRow, dict[str, Any]]:
    """A new row, then a save of its first two actions, then one appending a third: the row and its header."""
    header = {"game": TOY, "version": "1", "players": 2, "seed": 1, "options": {}}
    row = TableRow(id=table_id, game=TOY, players=2, status="playing", seats=[], record={**header, "actions": []})
    row.version = store.save(row)
    row.record["actions"], row.stored_actions = [[0, "bid 1"], [1, "bid 0"]], 0
    row.version = store.save(row)
    row.record["actions"], row.stored_actions = [*row.record["actions"], [0, "play 3"]], 2
    row.version = store.save(row)
    return row, header


def _with(row: TableRow, taken: list[list[Any]]) -> TableRow:
    return TableRow(id=row.id, game=row.game, players=row.players, status=row.status, seats=row.seats,
                    record={**row.record, "actions": taken}, created=row.created, updated=row.updated,
                    version=row.version)


def test_a_database_from_before_the_actions_table_is_migrated_and_its_games_go_on(
        url: str, stores: list[Store]) -> None:  # noqa: F811
    # a table half played by the old code: its whole record, actions and all, in the record column
    memory = MemoryStore()
    with serve(memory) as client:
        table_id, tokens = seated_table(client, players=2, seed=5)
        for seat, token in enumerate(tokens):
            assert client.post(f"/api/tables/{table_id}/actions",
                               json={"token": token, "action": f"bid {seat}"}).status_code == 200
    old = memory.rows[table_id]
    assert len(old.record["actions"]) == 2
    engine = sqlalchemy.create_engine(url)
    with engine.begin() as connection:
        for name in ("tricktable_actions", "tricktable_tables"):
            connection.execute(sqlalchemy.text(f"DROP TABLE IF EXISTS {name}"))
        connection.execute(sqlalchemy.text(
            "CREATE TABLE tricktable_tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(40) NOT NULL, "
            "players INTEGER NOT NULL, status VARCHAR(16) NOT NULL, seats TEXT NOT NULL, record TEXT NOT NULL, "
            "created TIMESTAMP NOT NULL, updated TIMESTAMP NOT NULL, version INTEGER NOT NULL DEFAULT 0)"))
        insert = sqlalchemy.text("INSERT INTO tricktable_tables VALUES (:id, :game, :players, :status, :seats, "
                                 ":record, :created, :updated, :version)")
        connection.execute(insert, {"id": table_id, "game": old.game, "players": old.players, "status": old.status,
                                    "seats": json.dumps(old.seats), "record": json.dumps(old.record),
                                    "created": old.created, "updated": old.updated, "version": 3})
        connection.execute(insert, {"id": "damaged", "game": TOY, "players": 2, "status": "playing", "seats": "[]",
                                    "record": "{not json", "created": old.created, "updated": old.updated,
                                    "version": 1})
    store = SqlStore(url)  # migrates
    stores.append(store)
    loaded = store.load(table_id)
    assert loaded is not None and loaded.record == old.record and loaded.version == 3
    with engine.connect() as connection:
        header = json.loads(connection.execute(sqlalchemy.text(
            "SELECT record FROM tricktable_tables WHERE id = :id"), {"id": table_id}).scalar_one())
        damaged = connection.execute(sqlalchemy.text(
            "SELECT record FROM tricktable_tables WHERE id = 'damaged'")).scalar_one()
    assert "actions" not in header and damaged == "{not json"
    with serve(store) as client:  # the old game resumes and plays on to its end
        while (summary := client.get(f"/api/tables/{table_id}").json())["status"] != "over":
            actor = summary["actors"][0]
            legal = client.get(f"/api/tables/{table_id}/view", params={"token": tokens[actor]}).json()["legal"]
            assert client.post(f"/api/tables/{table_id}/actions",
                               json={"token": tokens[actor], "action": legal[0]["action"]}).status_code == 200
        record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["actions"][:2] == old.record["actions"] and len(record["actions"]) > 2
    again = SqlStore(url)  # opening it again migrates nothing more
    stores.append(again)
    reloaded = again.load(table_id)
    assert reloaded is not None and reloaded.record["actions"] == record["actions"]
    engine.dispose()


# --- kill -9 ---------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(database: str, port: int) -> subprocess.Popen[bytes]:
    # tests/server for toygame.py, tests/ for the toy it re-exports (tests/toy.py)
    paths = (ROOT / "src", ROOT / "tests" / "server", ROOT / "tests")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in paths)}
    code = ("import sys; from tricktable.engine.registry import GAMES; GAMES['toytrick'] = 'toygame'; "
            "from tricktable.cli.main import main; sys.exit(main(sys.argv[1:]))")
    process = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--db", database, "--port", str(port), "--bot-delay", "0",
         "--bot-workers", "0", "--rate", "0"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read().decode() if process.stderr else "the server died"
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1).raise_for_status()
            return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not come up")


def test_a_killed_server_loses_no_announced_move(url: str) -> None:  # noqa: F811
    port = free_port()
    server = start_server(url, port)
    try:
        base = f"http://127.0.0.1:{port}"
        table = httpx.post(f"{base}/api/tables", json={"game": TOY, "players": 2, "options": {"hand": 4},
                                                       "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        assert "id" in table, table
        tid = table["id"]
        tokens = [httpx.post(f"{base}/api/tables/{tid}/seats/{s}", json={"name": f"P{s}"}).json()["token"]
                  for s in range(2)]
        played = []
        for _ in range(8):
            summary = httpx.get(f"{base}/api/tables/{tid}").json()
            actor = summary["actors"][0]
            legal = httpx.get(f"{base}/api/tables/{tid}/view", params={"token": tokens[actor]}).json()["legal"]
            reply = httpx.post(f"{base}/api/tables/{tid}/actions",
                               json={"token": tokens[actor], "action": legal[-1]["action"]})
            assert reply.status_code == 200  # announced: the move is stored
            played.append(legal[-1]["action"])
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        server = start_server(url, port)
        summary = httpx.get(f"{base}/api/tables/{tid}").json()
        assert summary["step"] == 8 and summary["status"] == "playing"
        view = httpx.get(f"{base}/api/tables/{tid}/view", params={"token": tokens[summary["actors"][0]]}).json()
        assert view["legal"], "the game goes on where it was"
    finally:
        server.kill()
        server.wait(timeout=10)
    store = SqlStore(url)
    row = store.load(tid)
    store.close()
    assert row is not None and [a for _, a in row.record["actions"]] == played


# --- group commit ------------------------------------------------------------------------------------------


def test_a_stale_row_in_a_batch_is_refused_alone(url: str, stores: list[Store]) -> None:  # noqa: F811
    store = SqlStore(url)
    stores.append(store)
    rows = []
    for i in range(3):
        row = TableRow(id=f"batch{i}", game=TOY, players=2, status="playing", seats=[],
                       record={"game": TOY, "players": 2, "seed": 1, "actions": []})
        row.version = store.save(row)
        rows.append(row)
    rows[1].version = 7  # not what is stored
    results = store.save_many(rows)
    assert results[0] == 2 and isinstance(results[1], StaleRow) and results[2] == 2
    with pytest.raises(ValueError):
        store.save_many([TableRow(id="new", game=TOY, players=2, status="waiting", seats=[], record={})])


def test_tables_that_change_at_once_share_a_transaction(url: str) -> None:  # noqa: F811
    async def main() -> GroupCommit:
        store = SqlStore(url)
        service = TableService(store, FAST)
        await service.start()
        try:
            tables = []
            for _ in range(12):
                table_id = (await service.create_table(TOY, 2, seats=[{"kind": "human"}] * 2, seed=9))["id"]
                tokens = [(await service.take_seat(table_id, s, f"P{s}"))["token"] for s in range(2)]
                tables.append((table_id, tokens))
            service.commits.batches = service.commits.rows = 0

            async def move(table_id: str, tokens: list[str]) -> None:
                table = service.tables[table_id]
                seat = table.state.actors[0]
                await service.act(table_id, tokens[seat], table.state.legal_actions(seat)[0].text)

            await asyncio.gather(*(move(*t) for t in tables))
            for table_id, _ in tables:  # every move stored and announced
                row = store.load(table_id)
                assert row is not None and len(row.record["actions"]) == 1 == service.tables[table_id].step
            return service.commits
        finally:
            await service.stop()
            store.close()

    commits = asyncio.run(main())
    assert commits.rows == 12 and commits.batches < 12


def test_the_record_a_save_sends_is_the_states_whatever_came_before() -> None:
    """``Table.record_json`` keeps the record's actions and adds the new ones; an undo (a replayed state),
    a copy the store refused and the table's own state all give exactly ``state.record().to_json()``."""
    game = load_game("megalomania", 4)
    table = Table(id="t", state=game.new_state(5), seats=[Seat("bot", "random") for _ in range(4)])
    rng = random.Random(5)
    for _ in range(80):
        state = table.state.clone()
        actor = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(actor)), actor)
        assert table.record_json(state) == with_fair(table, state)
        if rng.random() < 0.2:  # the store refused this copy: the table keeps its state
            assert table.record_json(table.state) == with_fair(table, table.state)
        else:
            table.state = state
    record = table.state.record()
    undone = GameRecord(game=record.game, version=record.version, players=record.players, seed=record.seed,
                        options=record.options, actions=record.actions[:-3]).replay()
    assert table.record_json(undone) == with_fair(table, undone)


def test_the_memory_store_appends_a_moves_actions_and_keeps_its_own_copy() -> None:
    store = MemoryStore()
    row, header = _save_three_moves(store, "m")
    row.record["actions"][0][1] = "edited"  # the caller's list is not the store's
    loaded = store.load("m")
    assert loaded is not None and loaded.record == {**header, "actions": [[0, "bid 1"], [1, "bid 0"], [0, "play 3"]]}
    row.record["actions"], row.stored_actions = [[0, "bid 1"]], None  # an undo: written whole
    row.version = store.save(row)
    loaded = store.load("m")
    assert loaded is not None and loaded.record["actions"] == [[0, "bid 1"]] and loaded.version == 4
