"""Issue 10, findings 3, 4 and 8: a change the database refuses changes nothing and says only an error id;
bots try again once the database is back; start-up skips damaged rows and leaves them stored.

Outages are real: an SQLite file locked by another connection, and a PostgreSQL database of this test's
own that stops accepting connections (its backends terminated), so no other test's database is touched.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from conftest import FAST, drop_database, new_table, seated_table, serve
from tricktable.engine import GameRecord
from tricktable.server import Settings, SqlStore

POSTGRES = os.environ.get("TRICKTABLE_TEST_POSTGRES_URL")
RETRY = Settings(grace=30.0, bot_delay=0.0, bot_workers=0, any_table_setups=True, retry=0.05, retry_max=0.2)
# bots that take their time, so a bot table is still playing when the database goes away (a loaded machine)
SLOW_BOTS = Settings(grace=30.0, bot_delay=0.3, bot_workers=0, any_table_setups=True, retry=0.05, retry_max=0.2)
LEAKS = ("INSERT", "UPDATE", "parameters", "token_hash", "sqlalchemy", "sqlite3", "psycopg", '"seed"')


def wait_for(test: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError("the awaited state never came")
        time.sleep(0.02)


def everything(client: TestClient, table_id: str, tokens: list[str]) -> list[Any]:
    """What every seat and the lobby see of a table (to compare before and after a refused change)."""
    views = [client.get(f"/api/tables/{table_id}/view", params={"token": t}).json() for t in tokens]
    return [client.get(f"/api/tables/{table_id}").json(), *views]


def memory_matches_store(client: TestClient, store: SqlStore, table_id: str) -> None:
    table = client.app.state.service.tables[table_id]  # type: ignore[attr-defined]
    row = store.load(table_id)
    assert row is not None and row.record == table.record_json(table.state) and row.status == table.status
    replayed = GameRecord.from_json(row.record).replay()
    for seat in range(replayed.players):
        assert replayed.observe(seat) == table.state.observe(seat)


# --- SQLite: a lock held by another connection -------------------------------------------------------


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    return tmp_path / "locked.db"


def lock(path: Path) -> sqlite3.Connection:
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    return holder


def test_a_move_the_locked_database_refuses_changes_nothing_and_leaks_nothing(sqlite_path: Path) -> None:
    store = SqlStore(f"sqlite:///{sqlite_path}?timeout=0.2")
    with serve(store, FAST) as client:
        table_id, tokens = seated_table(client, players=2, seed=3)
        before = everything(client, table_id, tokens)
        actor = before[0]["actors"][0]
        action = before[1 + actor]["legal"][0]["action"]
        holder = lock(sqlite_path)
        try:
            refused = client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[actor], "action": action})
            assert refused.status_code == 503
            error = refused.json()
            assert error["code"] == "server/unavailable" and error["id"] in error["message"]
            assert not any(leak in refused.text for leak in LEAKS), refused.text
            assert everything(client, table_id, tokens) == before  # exactly as before, for everyone
        finally:
            holder.rollback()
            holder.close()
        memory_matches_store(client, store, table_id)
        done = client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[actor], "action": action})
        assert done.status_code == 200 and done.json()["table"]["step"] == 1
        memory_matches_store(client, store, table_id)
    store.close()


def test_a_refused_seat_or_new_table_changes_nothing(sqlite_path: Path) -> None:
    store = SqlStore(f"sqlite:///{sqlite_path}?timeout=0.2")
    with serve(store, FAST) as client:
        table = new_table(client, players=2)
        holder = lock(sqlite_path)
        try:
            taken = client.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Ann"})
            created = client.post("/api/tables", json={"game": "toytrick", "players": 2})
            for refused in (taken, created):
                assert refused.status_code == 503 and refused.json()["code"] == "server/unavailable"
                assert not any(leak in refused.text for leak in LEAKS), refused.text
            assert client.get(f"/api/tables/{table['id']}").json()["seats"][0]["taken"] is False
            assert [t["id"] for t in client.get("/api/tables").json()] == [table["id"]]
        finally:
            holder.rollback()
            holder.close()
        assert client.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Ann"}).status_code == 200
    store.close()


def test_bots_wait_out_a_locked_database_and_finish_the_game(sqlite_path: Path) -> None:
    store = SqlStore(f"sqlite:///{sqlite_path}?timeout=0.1")
    with serve(store, RETRY) as client:
        holder = lock(sqlite_path)  # locked before the table exists: its creation is refused ...
        created = client.post("/api/tables", json={"game": "toytrick", "players": 2,
                                                   "seats": [{"kind": "bot", "bot": "random"}] * 2})
        assert created.status_code == 503
        holder.rollback()
        table = new_table(client, players=2, seats=[{"kind": "bot", "bot": "random"}] * 2, options={"hand": 4})
        holder.execute("BEGIN EXCLUSIVE")  # ... and locked again while the bots play
        try:
            time.sleep(1.0)
            service = client.app.state.service  # type: ignore[attr-defined]
            playing = service.tables[table["id"]]
            assert playing.status == "playing"  # the bots could not save, so they could not move on
            stuck = client.get(f"/api/tables/{table['id']}").json()["step"]
            time.sleep(0.5)
            assert client.get(f"/api/tables/{table['id']}").json()["step"] == stuck
        finally:
            holder.rollback()
            holder.close()
        wait_for(lambda: client.get(f"/api/tables/{table['id']}").json()["status"] == "over")
        memory_matches_store(client, store, table["id"])
    store.close()


# --- PostgreSQL: a database of our own that goes away -----------------------------------------------


@pytest.fixture
def own_postgres() -> Iterator[tuple[str, sqlalchemy.Engine]]:
    if not POSTGRES:
        pytest.skip("TRICKTABLE_TEST_POSTGRES_URL is not set: the PostgreSQL outage test did not run")
    admin = sqlalchemy.create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    name = f"tricktable_core_outage_{os.getpid()}"
    drop_database(admin, name)
    with admin.connect() as connection:
        connection.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(POSTGRES).set(database=name).render_as_string(hide_password=False), admin
    finally:
        with admin.connect() as connection:
            connection.execute(sqlalchemy.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
        drop_database(admin, name)
        admin.dispose()


def outage(admin: sqlalchemy.Engine, name: str, down: bool) -> None:
    """Our database refuses new connections and loses its open ones (or takes connections again)."""
    with admin.connect() as connection:
        connection.execute(sqlalchemy.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS {"false" if down else "true"}'))
        if down:
            connection.execute(sqlalchemy.text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :name "
                "AND pid <> pg_backend_pid()"), {"name": name})


def test_a_postgresql_outage_changes_nothing_and_the_table_goes_on_after(
        own_postgres: tuple[str, sqlalchemy.Engine]) -> None:
    url, admin = own_postgres
    name = make_url(url).database
    assert name is not None
    store = SqlStore(url)
    with serve(store, SLOW_BOTS) as client:
        table_id, tokens = seated_table(client, players=2, seed=4)
        bots = new_table(client, players=2, seats=[{"kind": "bot", "bot": "random"}] * 2, options={"hand": 4})
        wait_for(lambda: client.get(f"/api/tables/{bots['id']}").json()["step"] >= 1)
        before = everything(client, table_id, tokens)
        actor = before[0]["actors"][0]
        action = before[1 + actor]["legal"][0]["action"]
        outage(admin, name, down=True)
        try:
            refused = client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[actor], "action": action})
            assert refused.status_code == 503 and refused.json()["code"] == "server/unavailable"
            assert not any(leak in refused.text for leak in LEAKS), refused.text
            assert everything(client, table_id, tokens) == before
            stuck = client.get(f"/api/tables/{bots['id']}").json()["step"]
            time.sleep(1.0)
            assert client.get(f"/api/tables/{bots['id']}").json()["step"] == stuck
            assert client.get(f"/api/tables/{bots['id']}").json()["status"] == "playing"
        finally:
            outage(admin, name, down=False)
        wait_for(lambda: client.get(f"/api/tables/{bots['id']}").json()["status"] == "over")
        assert client.post(f"/api/tables/{table_id}/actions",
                           json={"token": tokens[actor], "action": action}).status_code == 200
        memory_matches_store(client, store, table_id)
        memory_matches_store(client, store, bots["id"])
    store.close()


# --- start-up ------------------------------------------------------------------------------------------


def test_start_up_skips_damaged_rows_and_leaves_them_stored(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'damaged.db'}"
    store = SqlStore(url)
    with serve(store, FAST) as client:
        ids = [new_table(client, players=2)["id"] for _ in range(4)]
    store.close()
    damage = {ids[0]: ("record", "{not json"), ids[1]: ("seats", '[{"kind": 1}]'),
              ids[2]: ("record", '{"game": "toytrick", "players": 2, "seed": 1, "actions": [[0, "fly away"]]}')}
    raw = sqlalchemy.create_engine(url)
    with raw.begin() as connection:
        for table_id, (column, value) in damage.items():
            connection.execute(sqlalchemy.text(f"UPDATE tricktable_tables SET {column} = :v WHERE id = :id"),
                               {"v": value, "id": table_id})
    store = SqlStore(url)
    with serve(store, FAST) as client:
        assert [t["id"] for t in client.get("/api/tables").json()] == [ids[3]]
        assert client.get(f"/api/tables/{ids[2]}").json()["code"] == "table/unknown"
    store.close()
    with raw.connect() as connection:
        kept = dict(connection.execute(sqlalchemy.text("SELECT id, record FROM tricktable_tables")).all())
    assert set(kept) == set(ids) and kept[ids[0]] == "{not json"
    raw.dispose()


def test_a_damaged_row_asked_for_by_id_answers_with_an_id_only(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    store = SqlStore(url)
    with serve(store, FAST) as client:
        table = new_table(client, players=2)
        seats = [{"kind": "bot", "bot": "random"}] * 2
        over = new_table(client, players=2, seats=seats, options={"hand": 2})
        wait_for(lambda: client.get(f"/api/tables/{over['id']}").json()["status"] == "over")
    raw = sqlalchemy.create_engine(url)
    with raw.begin() as connection:
        connection.execute(sqlalchemy.text("UPDATE tricktable_tables SET seats = '[{\"kind\"' WHERE id = :id"),
                           {"id": over["id"]})
    raw.dispose()
    store = SqlStore(url)
    with serve(store, FAST) as client:
        reply = client.get(f"/api/replays/{over['id']}")
        assert reply.status_code == 404 and reply.json()["code"] == "table/unknown" and "id" in reply.json()
        assert "seats" not in reply.text and "JSON" not in reply.text
        assert client.get(f"/api/tables/{table['id']}").status_code == 200  # the others are fine
    store.close()
