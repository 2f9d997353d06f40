"""Fixtures for the server tests: a toy game registered as ``toytrick``, apps over fresh stores, and helpers."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tricktable.engine.registry import GAMES
from tricktable.server import Settings, SqlStore, Store, create_app
from tricktable.server.limits import Limits
from tricktable.server.service import playable

TOY = "toytrick"
GAMES.setdefault(TOY, "toygame")  # tests/server is on sys.path (rootdir conftest import mode)
# the games every whole-game test runs over: the toy, and each real game complete enough to load
GAMES_UNDER_TEST = [TOY, *(g for g in playable() if g != TOY)]
del GAMES[TOY]  # registered only while a server test runs (see the autouse fixture), not for other suites

# tests seat several people at seeded tables to replay known deals; the practice rule has its own tests;
# they drive a table much faster than a person: no per-client rate (tests/server/test_limits.py checks it)
FAST = Settings(grace=30.0, bot_delay=0.0, bot_workers=0, any_table_setups=True, limits=Limits(rate=0),
                undo_window=0.0)


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[None]:
    GAMES[TOY] = "toygame"
    yield
    GAMES.pop(TOY, None)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@contextmanager
def serve(store: Store, settings: Settings = FAST) -> Iterator[TestClient]:
    """A running app over ``store`` (its lifespan started: stored tables resume)."""
    with TestClient(create_app(store=store, settings=settings)) as client:
        yield client


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    store = SqlStore(db_url)
    with serve(store) as running:
        yield running
    store.close()


def new_table(client: TestClient, game: str = TOY, players: int = 2, seats: list[dict[str, Any]] | None = None,
              **extra: Any) -> dict[str, Any]:
    seats = seats if seats is not None else [{"kind": "human"}] * players
    response = client.post("/api/tables", json={"game": game, "players": players, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    summary: dict[str, Any] = response.json()
    return summary


def take(client: TestClient, table_id: str, seat: int, name: str | None = None) -> str:
    response = client.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": name or f"Person {seat}"})
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def seated_table(client: TestClient, players: int = 2, game: str = TOY, seed: int = 5) -> tuple[str, list[str]]:
    """A started table of ``players`` humans; returns its id and each seat's token."""
    table = new_table(client, game=game, players=players, seed=seed)
    return table["id"], [take(client, table["id"], seat) for seat in range(players)]


@contextmanager
def seat_socket(client: TestClient, table_id: str, token: str | None = None,
                lang: str = "en") -> Iterator[WebSocketTestSession]:
    """A table socket that says hello first: as the token's seat, or (no token) as a spectator."""
    with client.websocket_connect(f"/ws/tables/{table_id}?lang={lang}") as ws:
        ws.send_json({"type": "hello", "token": token, "lang": lang})
        yield ws


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def drop_database(admin: Any, name: str) -> None:
    """Drops a test database through an AUTOCOMMIT SQLAlchemy engine, forcing its connections closed.

    ``WITH (FORCE)`` refuses a role without ``pg_signal_backend`` while an autovacuum worker is in the database
    (the worker has no role, so PostgreSQL finds no membership); the worker leaves within moments, so retry.
    """
    for attempt in range(20):
        try:
            with admin.connect() as connection:
                connection.execute(sqlalchemy.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            return
        except sqlalchemy.exc.DBAPIError:
            if attempt == 19:
                raise
            time.sleep(0.25)
