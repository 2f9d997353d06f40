"""No table is held hostage, and no present player is hurried by a hidden limit: a seat whose player left
(its socket closed past a grace shown to everyone as a countdown) or never opened one (an HTTP-only seat) is
played by its stand-in bot; at a table without a clock a connected player thinks as long as they like."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from fastapi.testclient import TestClient

from conftest import FAST, new_table, seat_socket, serve, take
from tricktable.server import MemoryStore

QUICK = dataclasses.replace(FAST, grace=0.3)


def summary(client: TestClient, table_id: str) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
    return found


def wait_for(client: TestClient, table_id: str, test: Any, seconds: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = summary(client, table_id)
        if test(found):
            return found
        time.sleep(0.02)
    raise AssertionError(f"the table never got there: {summary(client, table_id)}")


def test_an_http_only_seat_that_never_acts_is_played_by_its_stand_in() -> None:
    with serve(MemoryStore(), QUICK) as client:
        table = new_table(client, players=2, seats=[{"kind": "human", "bot": "random"}] * 2)
        tokens = [take(client, table["id"], seat) for seat in (0, 1)]
        started = time.monotonic()
        # seat 0 plays over HTTP whenever it is its turn; seat 1's player took the seat and went away
        while (found := summary(client, table["id"]))["status"] != "over":
            assert time.monotonic() - started < 20, f"the table is held hostage: {found}"
            if 0 in found["actors"]:
                view = client.get(f"/api/tables/{table['id']}/view", params={"token": tokens[0]}).json()
                if view["legal"]:
                    client.post(f"/api/tables/{table['id']}/actions",
                                json={"token": tokens[0], "action": view["legal"][0]["action"]})
            time.sleep(0.02)
        assert found["seats"][1]["away"] and not found["seats"][0]["away"]
        record = client.get(f"/api/tables/{table['id']}/record").json()
        assert {seat for seat, _ in record["actions"]} == {0, 1}


def test_a_connected_seat_at_a_table_without_a_clock_keeps_its_move_however_long_it_thinks() -> None:
    """No hidden limit: at a "No clock" table a present player is never played for (issue 36, finding 3)."""
    with serve(MemoryStore(), QUICK) as client:
        table = new_table(client, players=2, seats=[{"kind": "human", "bot": "random"}] * 2)
        tokens = [take(client, table["id"], seat) for seat in (0, 1)]
        with seat_socket(client, table["id"], tokens[0]), seat_socket(client, table["id"], tokens[1]):
            time.sleep(10 * QUICK.grace)  # ten grace periods: the old hidden limit would have moved twice
            found = summary(client, table["id"])
            assert found["step"] == 0 and sorted(found["actors"]) == [0, 1]
            assert not any(seat["away"] for seat in found["seats"])
            assert not any("leaving_in" in seat for seat in found["seats"])


def test_a_player_who_leaves_is_shown_a_countdown_then_the_stand_in_plays() -> None:
    with serve(MemoryStore(), dataclasses.replace(FAST, grace=1.0)) as client:
        table = new_table(client, players=2, seats=[{"kind": "human", "bot": "random"}] * 2)
        tokens = [take(client, table["id"], seat) for seat in (0, 1)]
        with seat_socket(client, table["id"], tokens[0]):
            with seat_socket(client, table["id"], tokens[1]):
                pass  # seat 1 opens the table and leaves
            left = summary(client, table["id"])["seats"][1]
            assert not left["connected"] and 0 < left["leaving_in"] <= 1.0  # everyone sees the countdown
            found = wait_for(client, table["id"], lambda s: s["seats"][1]["away"])
            assert "leaving_in" not in found["seats"][1]


def test_the_player_who_acts_again_is_back() -> None:
    with serve(MemoryStore(), QUICK) as client:
        table = new_table(client, players=2, seats=[{"kind": "human", "bot": "random"}] * 2, options={"hand": 4})
        tokens = [take(client, table["id"], seat) for seat in (0, 1)]
        wait_for(client, table["id"], lambda s: s["seats"][0]["away"] and s["seats"][1]["away"])
        found = summary(client, table["id"])
        if found["status"] != "over":
            actor = found["actors"][0]
            view = client.get(f"/api/tables/{table['id']}/view", params={"token": tokens[actor]}).json()
            client.post(f"/api/tables/{table['id']}/actions",
                        json={"token": tokens[actor], "action": view["legal"][0]["action"] if view["legal"] else "x"})
            assert not summary(client, table["id"])["seats"][actor]["away"]
