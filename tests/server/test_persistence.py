"""Every game is stored after every action: stopping the server and starting it again loses nothing.

Runs against SQLite always, and against PostgreSQL when ``TRICKTABLE_TEST_POSTGRES_URL`` is set (CI sets
it, and there a missing URL is a failure, not a skip).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

from conftest import FAST, drop_database, in_ci, new_table, seated_table, serve, take
from tricktable.server import Settings, SqlStore, Store, TableRow

POSTGRES = os.environ.get("TRICKTABLE_TEST_POSTGRES_URL")


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def url(request: pytest.FixtureRequest, db_url: str) -> Iterator[str]:
    """A database of its own for each test: a SQLite file, or a PostgreSQL database made and dropped here."""
    if request.param == "sqlite":
        yield db_url
        return
    if not POSTGRES:
        if in_ci():
            pytest.fail("CI must test against PostgreSQL: set TRICKTABLE_TEST_POSTGRES_URL")
        pytest.skip("TRICKTABLE_TEST_POSTGRES_URL is not set")
    name = f"tricktable_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except DBAPIError:  # a role without CREATEDB: share the given database (test tables have random ids)
        admin.dispose()
        yield POSTGRES
        return
    try:
        yield make_url(POSTGRES).set(database=name).render_as_string(hide_password=False)
    finally:
        drop_database(admin, name)
        admin.dispose()


@pytest.fixture
def stores(url: str) -> Iterator[list[Store]]:
    """Opens a fresh store on the same database each time it is called, as a restarted server does."""
    opened: list[Store] = []
    yield opened
    for store in opened:
        store.close()


def reopen(url: str, opened: list[Store]) -> Store:
    store = SqlStore(url)
    opened.append(store)
    return store


def views(client: TestClient, table_id: str, tokens: list[str]) -> list[Any]:
    out = []
    for token in [None, *tokens]:
        data = client.get(f"/api/tables/{table_id}/view", params={"token": token} if token else {}).json()
        out.append([data["view"], data["legal"], data["log"], data["table"]["step"], data["table"]["status"]])
    return out


def test_a_store_saves_loads_and_lists_rows(url: str, stores: list[Store]) -> None:
    store = reopen(url, stores)
    row = TableRow(id="row1", game="toytrick", players=2,
                   status="playing", seats=[{"kind": "human", "bot": "random", "name": "Ann", "token_hash": "ab"}],
                   record={"game": "toytrick", "players": 2, "seed": 1, "actions": []})
    row.version = store.save(row)
    row.status, row.record["actions"] = "over", [[0, "bid 1"]]
    assert store.save(row) == 2  # an optimistic save: at the version it was read at, then one more
    again = reopen(url, stores).load(row.id)
    assert again is not None
    assert (again.status, again.record["actions"], again.seats) == ("over", [[0, "bid 1"]], row.seats)
    assert again.created == row.created and again.updated.tzinfo is not None
    assert row.id in [r.id for r in store.list(["over"])]
    assert row.id not in [r.id for r in store.list(["waiting", "playing"])]
    assert store.load("missing-row") is None


def test_a_restart_resumes_every_table_where_it_was(url: str, stores: list[Store]) -> None:
    with serve(reopen(url, stores)) as client:
        table_id, tokens = seated_table(client, players=3, seed=12)
        for seat, token in enumerate(tokens):
            client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": f"bid {seat % 2}"})
        actor = client.get(f"/api/tables/{table_id}").json()["actors"][0]
        legal = client.get(f"/api/tables/{table_id}/view", params={"token": tokens[actor]}).json()["legal"]
        client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[actor], "action": legal[0]["action"]})
        waiting = new_table(client, players=2)
        take(client, waiting["id"], 0, "Early")
        before = views(client, table_id, tokens)
    assert before[0][3] == 4
    with serve(reopen(url, stores)) as client:
        assert views(client, table_id, tokens) == before, "the restarted server shows exactly the same game"
        lobby = {t["id"]: t for t in client.get("/api/tables").json()}
        assert lobby[table_id]["status"] == "playing"
        assert lobby[waiting["id"]]["status"] == "waiting" and lobby[waiting["id"]]["seats"][0]["name"] == "Early"
        take(client, waiting["id"], 1, "Late")  # the old seat token still works after the restart
        while (summary := client.get(f"/api/tables/{table_id}").json())["status"] != "over":
            actor = summary["actors"][0]
            legal = client.get(f"/api/tables/{table_id}/view", params={"token": tokens[actor]}).json()["legal"]
            response = client.post(f"/api/tables/{table_id}/actions",
                                   json={"token": tokens[actor], "action": legal[0]["action"]})
            assert response.status_code == 200, response.text
    with serve(reopen(url, stores)) as client:
        assert table_id not in [t["id"] for t in client.get("/api/tables").json()]
        assert table_id in [r["id"] for r in client.get("/api/replays").json()]
        assert len(client.get(f"/api/tables/{table_id}/record").json()["actions"]) == 3 + 9


def test_bots_carry_on_after_a_restart(url: str, stores: list[Store]) -> None:
    slow = Settings(grace=30.0, bot_delay=0.2, bot_workers=0, limits=FAST.limits)
    with serve(reopen(url, stores), slow) as client:
        table = new_table(client, players=2, seats=[{"kind": "bot", "bot": "random"}] * 2, options={"hand": 4})
        while client.get(f"/api/tables/{table['id']}").json()["step"] < 2:
            pass
    stopped = reopen(url, stores).load(table["id"])
    assert stopped is not None and stopped.status == "playing" and 2 <= len(stopped.record["actions"]) < 10
    with serve(reopen(url, stores), FAST) as client:
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            while (message := ws.receive_json())["table"]["status"] != "over":
                pass
        assert message["table"]["step"] == 2 + 8
        assert client.get(f"/api/tables/{table['id']}/record").json()["actions"][:2] == stopped.record["actions"][:2]
