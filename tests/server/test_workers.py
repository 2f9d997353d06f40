"""Finding 12: more than one server process. Two real uvicorn processes on 127.0.0.1 over one PostgreSQL
database serve the same tables: one lobby, a seat taken once, a token good on both, every move seen on
both, bots played once. With SQLite, ``--workers 2`` is refused with a clear message.

Needs PostgreSQL (``TRICKTABLE_TEST_POSTGRES_URL``); the test makes its own database
``tricktable_scale_workers`` (the role has CREATEDB). In CI a missing URL is a failure, not a skip.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy
from sqlalchemy.engine import make_url

from conftest import drop_database, in_ci

ROOT = Path(__file__).resolve().parents[2]


def fresh_database() -> tuple[str, str]:
    """A database of this test's own (xdist may run the tests of this file at once), and its URL."""
    base = os.environ.get("TRICKTABLE_TEST_POSTGRES_URL")
    if not base:
        if in_ci():
            pytest.fail("TRICKTABLE_TEST_POSTGRES_URL is not set (CI must run the PostgreSQL tests)")
        pytest.skip("TRICKTABLE_TEST_POSTGRES_URL is not set: the two-worker test needs PostgreSQL")
    name = f"tricktable_workers_{uuid.uuid4().hex[:12]}"
    admin = sqlalchemy.create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sqlalchemy.text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return name, make_url(base).set(database=name).render_as_string(hide_password=False)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_worker(url: str, port: int, errors: Path) -> subprocess.Popen[bytes]:
    path = [ROOT / "src", ROOT / "tests" / "server", ROOT / "tests"]  # toygame.py presets tests/toy.py
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in path)}
    code = ("import sys; from tricktable.engine.registry import GAMES; GAMES['toytrick'] = 'toygame'; "
            "from tricktable.cli.main import main; sys.exit(main(sys.argv[1:]))")
    return subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--db", url, "--port", str(port), "--bot-delay", "0",
         "--bot-workers", "0", "--rate", "0", "--grace", "30"],
        env=env, stdout=subprocess.DEVNULL, stderr=errors.open("wb"))  # a file: a full pipe would stall it


def wait_up(port: int, process: subprocess.Popen[bytes], errors: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the worker died: {errors.read_text()}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1).raise_for_status()
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError("the worker did not come up")


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[list[str]]:
    name, url = fresh_database()
    ports = [free_port(), free_port()]
    errors = [tmp_path / f"worker-{port}.err" for port in ports]
    processes = [start_worker(url, port, log) for port, log in zip(ports, errors, strict=True)]
    try:
        for port, process, log in zip(ports, processes, errors, strict=True):
            wait_up(port, process, log)
        yield [f"127.0.0.1:{port}" for port in ports]
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=10)
        admin = sqlalchemy.create_engine(os.environ["TRICKTABLE_TEST_POSTGRES_URL"], isolation_level="AUTOCOMMIT")
        drop_database(admin, name)
        admin.dispose()


def eventually(test: Any, seconds: float = 10.0) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        result = test()
        if result or time.monotonic() > deadline:
            return result
        time.sleep(0.02)


def test_two_workers_play_one_table_and_see_every_move(workers: list[str]) -> None:
    from websockets.sync.client import connect

    a, b = (httpx.Client(base_url=f"http://{w}", timeout=10) for w in workers)
    table = a.post("/api/tables", json={"game": "toytrick", "players": 3, "options": {"hand": 3},
                                        "seats": [{"kind": "human"}, {"kind": "human"},
                                                  {"kind": "bot", "bot": "random"}]}).json()
    tid = table["id"]
    # one lobby: the table made on A is listed on B
    assert eventually(lambda: [t["id"] for t in b.get("/api/tables").json()] == [tid])
    token0 = a.post(f"/api/tables/{tid}/seats/0", json={"name": "Ann"}).json()["token"]
    # a seat taken on A is taken on B too (B may not have heard yet: then its save is refused as stale)
    for _ in range(50):
        again = b.post(f"/api/tables/{tid}/seats/0", json={"name": "Eve"})
        if again.json()["code"] != "table/conflict":
            break
    assert again.status_code == 409 and again.json()["code"] == "seat/taken"
    taken = b.post(f"/api/tables/{tid}/seats/1", json={"name": "Bob"})
    while taken.status_code == 409 and taken.json()["code"] == "table/conflict":
        taken = b.post(f"/api/tables/{tid}/seats/1", json={"name": "Bob"})
    token1 = taken.json()["token"]
    # a token is good on the other worker
    assert eventually(lambda: b.get(f"/api/tables/{tid}/view", params={"token": token0}).json().get("seat") == 0)
    with connect(f"ws://{workers[0]}/ws/tables/{tid}") as ws0, connect(f"ws://{workers[1]}/ws/tables/{tid}") as ws1, \
            connect(f"ws://{workers[1]}/ws/tables/{tid}") as watcher:
        for ws, token in ((ws0, token0), (ws1, token1), (watcher, None)):
            ws.send(json.dumps({"type": "hello", "token": token}))
        sockets = [ws0, ws1]
        seen: dict[str, list[int]] = {"ws0": [], "ws1": [], "watcher": []}
        latest: dict[str, dict[str, Any]] = {}

        def read(name: str, ws: Any, step: int) -> dict[str, Any]:
            if name in latest and latest[name]["table"]["step"] >= step:
                return latest[name]  # read already (it came with a later step than was awaited then)
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                try:
                    message = json.loads(ws.recv(timeout=15))
                except TimeoutError:
                    break
                if message["type"] != "view":
                    continue
                seen[name].append(message["table"]["step"])
                latest[name] = message
                if message["table"]["step"] >= step:
                    return message
            raise AssertionError(f"{name} never saw step {step}: {seen[name][-5:]}; last {latest.get(name)}")

        step, final, deadline = 0, None, time.monotonic() + 60
        while time.monotonic() < deadline:  # bounded in time; a game of the toy is a few dozen steps
            views = {name: read(name, ws, step) for name, ws in (("ws0", ws0), ("ws1", ws1), ("watcher", watcher))}
            summary = views["watcher"]["table"]
            if summary["status"] == "over":
                final = summary
                break
            humans = [s for s in summary["actors"] if s in (0, 1)]
            if not humans:
                step = summary["step"] + 1  # the bot's turn: wait for its move
                continue
            seat = humans[0]
            mine = views[f"ws{seat}"]
            if mine["table"]["step"] != summary["step"] or not mine["legal"]:
                # the seat's socket and the watcher's are at different steps: read the next view of the one behind
                step = min(mine["table"]["step"], summary["step"])
                latest.pop("watcher" if mine["table"]["step"] > summary["step"] else f"ws{seat}", None)
                continue
            sockets[seat].send(json.dumps({"type": "action", "action": mine["legal"][0]["action"]}))
            step = summary["step"] + 1
        assert final is not None, "the game did not finish"
    record = a.get(f"/api/tables/{tid}/record").json()
    assert len(record["actions"]) == final["step"]
    # every move reached the sockets on both workers, the bot's included, each step once at most in order
    for name in seen:
        assert seen[name] == sorted(seen[name]) and seen[name][-1] == final["step"]
    assert {seat for seat, _ in record["actions"]} == {0, 1, 2}
    assert b.get(f"/api/tables/{tid}/record").json() == record


def test_more_than_one_worker_over_sqlite_is_refused(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "tricktable.cli.main", "serve", "--db",
                           f"sqlite:///{tmp_path / 'x.db'}", "--workers", "2", "--port", str(free_port())],
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "needs PostgreSQL" in done.stderr


def test_chat_said_on_one_worker_reaches_the_sockets_of_the_other(workers: list[str]) -> None:
    from websockets.sync.client import connect

    a = httpx.Client(base_url=f"http://{workers[0]}", timeout=10)
    table = a.post("/api/tables", json={"game": "toytrick", "players": 2, "seats": [{"kind": "human"}] * 2}).json()
    tid = table["id"]
    token = a.post(f"/api/tables/{tid}/seats/0", json={"name": "Ann"}).json()["token"]

    def heard(ws: Any, text: str) -> dict[str, Any]:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            message = json.loads(ws.recv(timeout=15))
            if message["type"] == "chat":
                for entry in message["messages"]:
                    if entry["text"] == text:
                        found: dict[str, Any] = entry
                        return found
        raise AssertionError(f"{text!r} never arrived")

    assert eventually(lambda: httpx.get(f"http://{workers[1]}/api/tables/{tid}").status_code == 200)
    with connect(f"ws://{workers[0]}/ws/tables/{tid}") as ann, connect(f"ws://{workers[1]}/ws/tables/{tid}") as watcher:
        for ws, hello in ((ann, token), (watcher, None)):
            ws.send(json.dumps({"type": "hello", "token": hello}))
            ws.send(json.dumps({"type": "chat_open"}))
        watcher.send(json.dumps({"type": "chat", "text": "good luck from the other worker"}))
        entry = heard(ann, "good luck from the other worker")
        assert entry["seat"] is None and entry["watcher"] == 1
        ann.send(json.dumps({"type": "chat", "text": "thanks"}))
        assert heard(watcher, "thanks")["name"] == "Ann"
