"""Logins that resist guessing without locking anyone out, sign-ups and guests per network, a bounded hash
queue, limits per network (IPv6 by /64) and Secure cookies on request (server/logins.py, server/networks.py)."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from devices import PASSWORD
from fastapi.testclient import TestClient

from conftest import FAST, TOY
from tricktable.server import MemoryStore, Settings, SqlStore, create_app
from tricktable.server.accounts import Players, engine_for
from tricktable.server.errors import ServiceError
from tricktable.server.limits import Limits
from tricktable.server.logins import MAX_DELAY, HashGate, delay_after
from tricktable.server.networks import network_of

HOME, GUESSER, CAFE = ("198.51.100.7", 1000), ("203.0.113.9", 1000), ("192.0.2.44", 1000)


@contextmanager
def networks(settings: Settings = FAST, store: Any = None) -> Iterator[dict[tuple[str, int], TestClient]]:
    """One server, and a client from each of three networks."""
    app = create_app(store=store or MemoryStore(), settings=settings)
    with TestClient(app, client=HOME) as home:
        yield {HOME: home, GUESSER: TestClient(app, client=GUESSER), CAFE: TestClient(app, client=CAFE)}


def log_in(client: TestClient, password: str, name: str = "Ann") -> Any:
    client.cookies.clear()
    return client.post("/api/account/login", json={"name": name, "password": password})


def test_each_wrong_password_beyond_the_free_ones_waits_longer() -> None:
    assert [delay_after(n, 3) for n in range(1, 9)] == [0, 0, 0, 1, 2, 4, 8, 16]
    assert delay_after(40, 3) == MAX_DELAY


def test_ten_guesses_no_longer_lock_the_owner_out() -> None:
    """Finding 4: after many wrong passwords for a name, its owner's right one from a clean network logs in."""
    with networks(dataclasses.replace(FAST, limits=Limits(rate=0))) as at:
        assert at[HOME].post("/api/account/signup", json={"name": "Ann", "password": PASSWORD}).status_code == 201
        codes = [log_in(at[GUESSER], f"guess {i:04}").json()["code"] for i in range(12)]
        assert codes[:3] == ["account/login"] * 3 and "limit/login" in codes  # the guesser is slowed at once
        refused = log_in(at[GUESSER], PASSWORD)  # even the right password waits, from the guessing network
        assert refused.status_code == 429 and refused.json()["code"] == "limit/login"
        assert "try again in" in refused.json()["message"]
        assert log_in(at[CAFE], PASSWORD).status_code == 200  # the owner, elsewhere: in at once
        assert log_in(at[HOME], PASSWORD).status_code == 200


def test_a_name_under_delay_keeps_a_network_that_failed_waiting() -> None:
    with networks(dataclasses.replace(FAST, limits=Limits(rate=0, login_failures=1))) as at:
        at[HOME].post("/api/account/signup", json={"name": "Ann", "password": PASSWORD})
        assert log_in(at[GUESSER], "guess 0001").json()["code"] == "account/login"
        assert log_in(at[GUESSER], "guess 0002").json()["code"] == "account/login"
        # the name now waits: the guesser's network, which failed, waits; a clean network is heard
        assert log_in(at[GUESSER], "guess 0003").json()["code"] == "limit/login"
        assert log_in(at[CAFE], "wrong 9999").json()["code"] == "account/login"
        assert log_in(at[HOME], PASSWORD).status_code == 200


def test_the_counts_are_in_the_database_for_every_worker_and_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    stores = [SqlStore(url), SqlStore(url)]
    try:
        one, two = (Players(engine_for(store), Limits(login_failures=2)) for store in stores)
        one.sign_up("Ann", PASSWORD)
        for players in (one, two, one):  # three wrong passwords over two "workers"
            with pytest.raises(ServiceError, match="wrong name or password"):
                players.log_in("Ann", "guess 1234", "203.0.113.9")
        with pytest.raises(ServiceError) as waited:
            two.log_in("Ann", "guess 1234", "203.0.113.9")
        assert waited.value.code == "limit/login"
        again = Players(engine_for(stores[1]), Limits(login_failures=2))  # a restart: the count holds
        with pytest.raises(ServiceError) as still:
            again.log_in("Ann", PASSWORD, "203.0.113.9")
        assert still.value.code == "limit/login"
        assert again.log_in("Ann", PASSWORD, "192.0.2.44").name == "Ann"
    finally:
        for store in stores:
            store.close()


def test_a_full_hash_queue_answers_at_once() -> None:
    async def scenario() -> list[str]:
        gate, release = HashGate(1, 1), threading.Event()
        running = [asyncio.create_task(gate.run(release.wait)) for _ in range(2)]  # one hashing, one waiting
        await asyncio.sleep(0.05)
        try:
            await gate.run(lambda: None)
        except ServiceError as error:
            answer = [error.code, str(error.status)]
        else:
            answer = ["accepted"]
        release.set()
        await asyncio.gather(*running)
        await gate.run(lambda: None)  # room again
        return answer

    assert asyncio.run(scenario()) == ["limit/busy", "503"]


def test_sign_ups_and_guest_identities_are_limited_per_network() -> None:
    with networks(dataclasses.replace(FAST, limits=Limits(rate=0, signups_per_hour=2, guests_per_hour=2))) as at:
        for i in range(2):
            at[GUESSER].cookies.clear()
            made = at[GUESSER].post("/api/account/signup", json={"name": f"Sock {i}", "password": PASSWORD})
            assert made.status_code == 201
        at[GUESSER].cookies.clear()
        third = at[GUESSER].post("/api/account/signup", json={"name": "Sock 9", "password": PASSWORD})
        assert third.status_code == 429 and third.json()["code"] == "limit/signup"
        assert at[CAFE].post("/api/account/signup", json={"name": "Ann", "password": PASSWORD}).status_code == 201
        for _ in range(2):
            at[GUESSER].cookies.clear()
            assert at[GUESSER].post("/api/account/guest", json={}).status_code == 200
        at[GUESSER].cookies.clear()
        assert at[GUESSER].post("/api/account/guest", json={}).json()["code"] == "limit/signup"


def test_ipv6_addresses_count_by_their_64_and_ipv4_by_address() -> None:
    assert network_of("2001:db8:5:6:1::1") == network_of("2001:db8:5:6:ffff::2") == "2001:db8:5:6::/64"
    assert network_of("2001:db8:5:7::1") != network_of("2001:db8:5:6::1")
    assert network_of("2001:db8:5:6:1::1", 48) == network_of("2001:db8:5:7::1", 48) == "2001:db8:5::/48"
    assert network_of("198.51.100.7") != network_of("198.51.100.8")


def test_a_64_fills_its_table_quota_once_whatever_addresses_it_uses() -> None:
    """Finding 7: the live-table cap per client counts a whole IPv6 /64 as one client."""
    settings = dataclasses.replace(FAST, limits=Limits(rate=0, tables_per_client=3))
    app = create_app(store=MemoryStore(), settings=settings)
    with TestClient(app, client=("2001:db8:5:6::1", 1)):
        codes = []
        for i in range(4):
            client = TestClient(app, client=(f"2001:db8:5:6:{i + 1:x}::{i + 7:x}", 1))
            codes.append(client.post("/api/tables", json={"game": TOY, "players": 2}).status_code)
        assert codes == [201, 201, 201, 429]
        other = TestClient(app, client=("2001:db8:5:7::1", 1))
        assert other.post("/api/tables", json={"game": TOY, "players": 2}).status_code == 201


@pytest.mark.parametrize("secure", [True, False])
def test_secure_cookies_on_request_even_over_plain_http_behind_a_tls_proxy(secure: bool) -> None:
    settings = dataclasses.replace(FAST, secure_cookies=secure)
    with TestClient(create_app(store=MemoryStore(), settings=settings)) as client:
        response = client.post("/api/account/guest", json={})
        assert ("Secure" in response.headers["set-cookie"]) is secure
