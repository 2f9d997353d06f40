"""Issue 10, two leftovers: the per-client limits behind a reverse proxy (``--trusted-proxy``), and the
sockets of a server process that was killed (a lease: they stop counting once it has been silent)."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest
import uvicorn

from conftest import FAST, TOY, serve
from tricktable.cli.main import main
from tricktable.server import MemoryStore, Settings, TableService
from tricktable.server.bus import Cluster
from tricktable.server.limits import Limits


def settings(**changes: Any) -> Settings:
    return dataclasses.replace(FAST, limits=Limits(rate=1, burst=2, tables_per_client=1), **changes)


def statuses(client: Any, forwarded: list[str]) -> list[int]:
    return [client.get("/api/tables", headers={"X-Forwarded-For": address}).status_code for address in forwarded]


def test_without_a_trusted_proxy_x_forwarded_for_is_ignored() -> None:
    with serve(MemoryStore(), settings()) as client:
        # one peer (the test client) however it names itself: one bucket
        assert statuses(client, ["1.1.1.1", "2.2.2.2", "3.3.3.3"]) == [200, 200, 429]


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_limits() -> None:
    with serve(MemoryStore(), settings(trusted_proxies=("testclient",))) as client:
        assert statuses(client, ["1.1.1.1", "2.2.2.2", "3.3.3.3"]) == [200, 200, 200]
        assert statuses(client, ["1.1.1.1", "1.1.1.1"]) == [200, 429], "one client, one bucket"
        # a client cannot pose as another by writing its own X-Forwarded-For: the proxy appends the peer it
        # saw, and the rightmost address not a trusted proxy is the client
        assert statuses(client, ["9.9.9.9, 1.1.1.1"]) == [429]
        # tables per client are counted by the forwarded client too
        first = client.post("/api/tables", json={"game": TOY, "players": 2}, headers={"X-Forwarded-For": "4.4.4.4"})
        again = client.post("/api/tables", json={"game": TOY, "players": 2}, headers={"X-Forwarded-For": "4.4.4.4"})
        other = client.post("/api/tables", json={"game": TOY, "players": 2}, headers={"X-Forwarded-For": "5.5.5.5"})
        assert (first.status_code, again.json()["code"], other.status_code) == (201, "limit/tables", 201)


def test_the_serve_option_names_trusted_proxies_and_uvicorn_trusts_nothing_itself(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    assert main(["serve", "--db", f"sqlite:///{tmp_path / 's.db'}", "--trusted-proxy", "10.0.0.1",
                 "--trusted-proxy", "192.168.0.0/16"]) == 0
    assert seen["app"].state.service.settings.trusted_proxies == ("10.0.0.1", "192.168.0.0/16")
    assert seen["proxy_headers"] is False  # uvicorn's default would believe any local peer's X-Forwarded-For
    assert main(["serve", "--db", f"sqlite:///{tmp_path / 't.db'}"]) == 0
    assert seen["app"].state.service.settings.trusted_proxies == ()


def test_the_sockets_of_a_process_gone_silent_stop_counting() -> None:
    now = [100.0]

    async def scenario() -> list[tuple[int, bool]]:
        service = TableService(MemoryStore(), dataclasses.replace(FAST, grace=0.05))
        await service.start()
        try:
            cluster = Cluster(service, "postgresql://unused", heartbeat=5.0, lease=20.0, clock=lambda: now[0])
            summary = await service.create_table(TOY, 2, seats=[{"kind": "human"}] * 2)
            table = service.tables[summary["id"]]
            for seat in range(2):
                await service.take_seat(table.id, seat, f"P{seat}")
            seen = []
            # two other processes hold sockets of seat 0 and seat 1; one of them keeps saying it is alive
            await cluster._heard(f"presence {table.id} 0 dead 1")
            await cluster._heard(f"presence {table.id} 1 alive 2")
            seen.append((table.seats[0].connections, table.seats[0].away))
            now[0] += 15
            await cluster._heard("alive - 0 alive")
            cluster.expire_silent()
            seen.append((table.seats[0].connections, table.seats[0].away))  # not silent long enough yet
            now[0] += 10  # "dead" silent for 25 s, "alive" for 10 s
            cluster.expire_silent()
            await asyncio.sleep(0.2)  # the grace period of the left seat
            seen.append((table.seats[0].connections, table.seats[0].away))
            seen.append((table.seats[1].connections, table.seats[1].away))
            assert cluster.remote_connections(table.id, 0) == 0 and cluster.remote_connections(table.id, 1) == 2
            return seen
        finally:
            await service.stop()

    assert asyncio.run(scenario()) == [(1, False), (1, False), (0, True), (2, False)]


def test_a_process_says_it_is_alive_every_heartbeat() -> None:
    published: list[str] = []

    class Store(MemoryStore):
        def publish(self, payload: str) -> None:
            published.append(payload)

    async def scenario() -> None:
        service = TableService(Store(), FAST)
        cluster = Cluster(service, "postgresql://unused", heartbeat=0.05)
        task = asyncio.get_running_loop().create_task(cluster._keep_lease())
        await asyncio.sleep(0.18)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await asyncio.sleep(0.05)

    asyncio.run(scenario())
    assert len(published) >= 3 and set(published) == {f"alive - 0 {published and published[0].split()[-1]}"}
