"""Clocks: a time control chosen at creation, shown to everyone, charged by the server, kept over a restart;
a seat whose time runs out has that move played by its stand-in (marked in the log), and the disconnect
grace applies to real-time tables only."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_persistence import url  # noqa: F401 (the fixture: a SQLite file, and PostgreSQL when it is set)

from conftest import FAST, TOY, seat_socket, serve, take
from tricktable.engine import load_game
from tricktable.server import MemoryStore, SqlStore, TableService
from tricktable.server.clock import charge, new_clock, parse_time_control
from tricktable.server.table import Seat

QUICK = dataclasses.replace(FAST, grace=0.3)
TWO = [{"kind": "human", "bot": "random"}] * 2


def create(client: TestClient, clock: Any, seats: list[dict[str, Any]] = TWO) -> Any:
    return client.post("/api/tables", json={"game": TOY, "players": len(seats), "seats": seats, "seed": 3,
                                            "clock": clock})


def summary(client: TestClient, table_id: str) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
    return found


def wait_for(client: TestClient, table_id: str, test: Any, seconds: float = 15.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = summary(client, table_id)
        if test(found):
            return found
        time.sleep(0.05)
    raise AssertionError(f"the table never got there: {summary(client, table_id)}")


@pytest.mark.parametrize("clock", [
    "bullet", "", 7, [1], {"kind": "realtime", "move": 1}, {"kind": "realtime", "move": 30, "reserve": -1},
    {"kind": "realtime", "move": 30.5}, {"kind": "realtime", "move": True}, {"kind": "realtime"},
    {"kind": "realtime", "move": 30, "hours": 2}, {"kind": "turn", "hours": 0}, {"kind": "turn", "hours": 10**9},
    {"kind": "turn", "move": 30}, {"kind": "fischer", "move": 30}, {"move": 30}, "x" * 5000,
])
def test_a_bad_time_control_is_refused_and_no_table_is_made(clock: Any) -> None:
    with serve(MemoryStore(), QUICK) as client:
        response = create(client, clock)
        assert response.status_code in (400, 422), response.text
        assert response.json()["code"] in ("clock/bad", "message/malformed")
        assert len(response.json()["message"]) <= 1000
        assert client.get("/api/tables").json() == []


def test_presets_and_custom_controls_are_read() -> None:
    assert parse_time_control("blitz") == {"kind": "realtime", "move": 10, "reserve": 120}
    assert parse_time_control({"kind": "turn", "hours": 48}) == {"kind": "turn", "move": 48 * 3600, "reserve": 0}
    assert parse_time_control({"kind": "realtime", "move": 20}) == {"kind": "realtime", "move": 20, "reserve": 0}
    assert parse_time_control(None) is None and parse_time_control("none") is None


def test_time_beyond_the_move_comes_out_of_the_reserve_and_a_seat_to_act_starts_its_clock() -> None:
    game = load_game(TOY, players=2)
    before = game.new_state(1)
    seats = [Seat(kind="human", bot="random", clock=new_clock({"kind": "realtime", "move": 10, "reserve": 60}))
             for _ in range(2)]
    started = charge(seats, before, before, "playing", when=1000.0)
    for seat in (0, 1):
        seats[seat].clock = started[seat]["clock"]
        assert seats[seat].clock is not None and seats[seat].clock["since"] == 1000.0  # both bid at once
    after = before.clone()
    after.apply("bid 1", 0)
    charged = charge(seats, before, after, "playing", when=1030.0)  # 30 s: 20 beyond the move
    assert charged[0]["clock"]["left"] == 40.0 and charged[0]["clock"]["since"] is None
    assert 1 not in charged  # seat 1 is still thinking: its clock runs on


def test_the_summary_shows_every_human_seats_clock_ticking_from_the_server_time() -> None:
    with serve(MemoryStore(), QUICK) as client:
        table = create(client, "blitz", [{"kind": "human"}, {"kind": "bot", "bot": "random"}]).json()
        assert table["clock"]["kind"] == "realtime" and table["clock"]["move"] == 10
        assert table["clock"]["seats"] == [{"seat": 0, "left": 120.0, "deadline": None}]  # not started yet
        take(client, table["id"], 0)
        found = summary(client, table["id"])
        mine = found["clock"]["seats"][0]
        assert mine["deadline"] == pytest.approx(found["clock"]["now"] + 130, abs=2)
        plain = client.post("/api/tables", json={"game": TOY, "players": 2}).json()
        assert plain["clock"] is None


def test_a_real_time_clock_that_runs_out_has_the_stand_in_play_that_move_marked_in_the_log() -> None:
    with serve(MemoryStore(), QUICK) as client:
        table = create(client, {"kind": "realtime", "move": 5, "reserve": 0}).json()
        tokens = [take(client, table["id"], seat) for seat in (0, 1)]
        with seat_socket(client, table["id"], tokens[0]), seat_socket(client, table["id"], tokens[1]):
            started = time.monotonic()
            found = wait_for(client, table["id"], lambda s: s["step"] >= 2)  # both bids, by their stand-ins
            assert time.monotonic() - started > 4.0  # not before the clock ran out (grace is 0.3 s)
            assert not any(seat["away"] for seat in found["seats"])  # connected players keep their seats
            view = client.get(f"/api/tables/{table['id']}/view", params={"token": tokens[0]}).json()
        assert any(line.get("by_standin") for line in view["log"])
        notes = [n for n in view["notes"] if n["kind"] == "timeout"]
        assert {n["seat"] for n in notes} == {0, 1}
        assert "time ran out" in notes[0]["text"]
        ja = client.get(f"/api/tables/{table['id']}/view", params={"token": tokens[0], "lang": "ja"}).json()
        assert "持ち時間が切れた" in ja["notes"][0]["text"]


def test_a_clock_that_ran_out_while_the_server_was_down_acts_at_start_up() -> None:
    store = MemoryStore()
    with serve(store, QUICK) as client:
        table = create(client, {"kind": "turn", "hours": 24}).json()
        tokens = [take(client, table["id"], seat) for seat in (0, 1)]
        client.post(f"/api/tables/{table['id']}/actions", json={"token": tokens[0], "action": "bid 0"})
        found = summary(client, table["id"])
        assert found["step"] == 1
        clock = found["clock"]["seats"][1]
        assert clock["deadline"] == pytest.approx(time.time() + 24 * 3600, abs=5)
    row = store.rows[table["id"]]
    row.seats[1]["clock"]["since"] -= 25 * 3600  # a day and an hour pass while the server is down
    with serve(store, QUICK) as client:
        found = wait_for(client, table["id"], lambda s: s["step"] >= 2)
        view = client.get(f"/api/tables/{table['id']}/view", params={"token": tokens[1]}).json()
        assert [n["kind"] for n in view["notes"]] == ["timeout"] and view["notes"][0]["seat"] == 1
        assert not found["seats"][1]["away"]


def test_a_turn_based_seat_is_never_taken_over_for_leaving_but_a_real_time_one_is() -> None:
    with serve(MemoryStore(), QUICK) as client:
        days = create(client, {"kind": "turn", "hours": 72}).json()
        fast = create(client, "normal").json()
        for table in (days, fast):
            tokens = [take(client, table["id"], seat) for seat in (0, 1)]
            with seat_socket(client, table["id"], tokens[0]), seat_socket(client, table["id"], tokens[1]):
                pass  # both players close the page at once
        wait_for(client, fast["id"], lambda s: all(seat["away"] for seat in s["seats"]), 30)
        found = summary(client, days["id"])
        assert not any(seat["away"] for seat in found["seats"]) and found["step"] == 0


@pytest.mark.parametrize("where", ["waiting for the table", "storing the seat's socket mark"])
def test_a_socket_closed_while_it_is_being_connected_counts_as_a_close(where: str) -> None:
    """The race behind the test above: a socket that closes at once has its handler cancelled (the test
    client does so; a server shutting down too) while ``connect`` still waits. Its seat must neither keep a
    connection nobody holds nor miss its grace period: both players are away after it, as for any close."""

    async def scenario() -> list[tuple[int, bool]]:
        service = TableService(MemoryStore(), QUICK)
        await service.start()
        try:
            table_id = (await service.create_table(TOY, 2, seats=TWO, clock="normal"))["id"]
            table = service.tables[table_id]
            tokens = [(await service.take_seat(table_id, seat, f"P{seat}"))["token"] for seat in (0, 1)]
            stuck = asyncio.Event()
            if where == "storing the seat's socket mark":
                async def slow_commit(*args: Any, **kwargs: Any) -> None:
                    await stuck.wait()
                service._commit = slow_commit  # type: ignore[method-assign]
                attempts = [asyncio.create_task(service.connect(table_id, token)) for token in tokens]
                await asyncio.sleep(0.05)
            else:
                async with table.lock:  # another change of the table is being saved
                    attempts = [asyncio.create_task(service.connect(table_id, token)) for token in tokens]
                    await asyncio.sleep(0.05)
                    for attempt in attempts:
                        attempt.cancel()
            for attempt in attempts:
                attempt.cancel()
            await asyncio.gather(*attempts, return_exceptions=True)
            await asyncio.sleep(QUICK.grace + 0.3)
            return [(place.connections, place.away) for place in table.seats]
        finally:
            await service.stop()

    assert asyncio.run(scenario()) == [(0, True), (0, True)]


def test_the_clocks_are_stored_with_the_table(url: str) -> None:  # noqa: F811 (the fixture)
    store = SqlStore(url)
    with serve(store, QUICK) as client:
        table = create(client, "relaxed").json()
        for seat in (0, 1):
            take(client, table["id"], seat)
        before = summary(client, table["id"])["clock"]["seats"]
    store.close()
    again = SqlStore(url)
    with serve(again, QUICK) as client:
        after = summary(client, table["id"])["clock"]["seats"]
    again.close()
    assert after == before and all(seat["deadline"] for seat in after)


def test_a_waiting_turn_based_table_outlives_the_waiting_limit_a_real_time_one_does_not() -> None:
    settings = dataclasses.replace(QUICK, limits=dataclasses.replace(QUICK.limits, waiting_ttl=0.3))
    with serve(MemoryStore(), settings) as client:
        days = create(client, "three-days").json()
        fast = create(client, "blitz").json()
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{fast['id']}").status_code != 404:
            assert time.monotonic() < deadline, "the waiting real-time table never expired"
            time.sleep(0.05)
        assert summary(client, days["id"])["status"] == "waiting"  # friends have a week to come
