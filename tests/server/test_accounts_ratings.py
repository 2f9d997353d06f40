"""Rated tables, ratings, the leaderboard and My games, over restarts (SQLite, and PostgreSQL when
``TRICKTABLE_TEST_POSTGRES_URL`` is set)."""

from __future__ import annotations

import doctest
import json
import time
from pathlib import Path
from typing import Any

import pytest
from devices import Device, error_of, sign_up
from fastapi.testclient import TestClient
from test_persistence import url  # noqa: F401  (the SQLite / PostgreSQL database fixture)

from conftest import TOY, new_table, serve, take
from tricktable.server import MemoryStore, SqlStore, ratings
from tricktable.server.ratings import Ratings, ranks_of, shown


def play_out(device: Device, table_id: str, limit: float = 20.0) -> dict[str, Any]:
    """Play the first legal move whenever it is this device's player's turn, until the game is over."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        view: dict[str, Any] = device.get(f"/api/tables/{table_id}/view").json()
        if view["view"]["is_over"]:
            return view
        if view["legal"]:
            response = device.post(f"/api/tables/{table_id}/actions", json={"action": view["legal"][0]["action"]})
            assert response.status_code in (200, 409), response.text  # 409: a bot moved in between
        else:
            time.sleep(0.01)
    raise AssertionError("the game did not end")


def rated_table(device: Device, client: TestClient, **extra: Any) -> str:
    response = device.post("/api/tables", json={"game": TOY, "players": 2, "options": {"hand": 2}, "rated": True,
                                                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                                **extra})
    assert response.status_code == 201, response.text
    table_id: str = response.json()["id"]
    assert response.json()["rated"] is True
    assert device.post(f"/api/tables/{table_id}/seats/0", json={"name": "x"}).status_code == 200
    return table_id


def wait_rated(device: Device, table_id: str) -> list[dict[str, Any]]:
    for _ in range(500):
        changes = device.get(f"/api/tables/{table_id}/ratings").json()["changes"]
        if changes is not None:
            return list(changes)
        time.sleep(0.01)
    raise AssertionError("never rated")


def test_ranks_put_winners_first_and_tie_equal_scores() -> None:
    assert doctest.testmod(ratings).failed == 0
    assert ranks_of([3, 3, 1], [0, 1], True) == [1, 1, 2]
    assert ranks_of([0, 0, 0, 0], [0, 1, 2, 3], True) == [1, 1, 1, 1]
    assert shown(25.0, 25 / 3) == 1000


def test_a_rated_table_needs_an_account_and_a_real_deal() -> None:
    with serve(MemoryStore()) as app:
        body = {"game": TOY, "players": 2, "rated": True, "seats": [{"kind": "human"}, {"kind": "bot"}]}
        error_of(Device(app).post("/api/tables", json=body), 403, "account/needed")
        ann = Device(app)
        sign_up(ann)
        error_of(ann.post("/api/tables", json={**body, "seed": 4}), 422, "options/rated")
        error_of(ann.post("/api/tables", json={**body, "seats": [{"kind": "bot"}] * 2}), 422, "options/rated")
        error_of(ann.post("/api/tables", json={**body, "rated": "yes please"}), 400, "message/malformed")
        table = ann.post("/api/tables", json={**body, "seats": [{"kind": "human"}] * 2}).json()
        assert table["rated"] is True and new_table(app)["rated"] is False
        guest = Device(app)
        guest.post("/api/account/guest", json={})
        error_of(guest.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Gus"}), 403, "account/needed")
        error_of(app.post(f"/api/tables/{table['id']}/seats/1", json={"name": "Bot"}), 403, "account/needed")


def test_a_finished_rated_game_moves_the_ratings_of_the_account_and_the_bot_level_once() -> None:
    store = MemoryStore()
    with serve(store) as app:
        ann = Device(app)
        sign_up(ann)
        table_id = rated_table(ann, app)
        play_out(ann, table_id)
        changes = wait_rated(ann, table_id)
        assert [c["seat"] for c in changes] == [0, 1] and all(c["before"] == 1000 for c in changes)
        won = changes[0]["rank"] < changes[1]["rank"]
        assert (changes[0]["after"] > changes[1]["after"]) == won and changes[0]["after"] != 1000
        mine = ann.get("/api/account").json()["ratings"]
        assert mine == {TOY: {"rating": changes[0]["after"], "games": 1}}
        board = app.get(f"/api/ratings/{TOY}").json()["rows"]
        assert {(r["kind"], r["name"], r["level"], r["games"]) for r in board} == {
            ("account", "Ann", None, 1), ("bot", "", "random", 1)}
        assert [r["rank"] for r in board] == [1, 2] and board[0]["rating"] >= board[1]["rating"]
        assert not any(r["you"] for r in board) and any(r["you"] for r in ann.get(f"/api/ratings/{TOY}").json()["rows"])
        # an unrated game moves nothing
        plain = ann.post("/api/tables", json={"game": TOY, "players": 2, "options": {"hand": 2},
                                              "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
        ann.post(f"/api/tables/{plain['id']}/seats/0", json={"name": "x"})
        play_out(ann, plain["id"])
        assert app.get(f"/api/tables/{plain['id']}/ratings").json() == {"rated": False, "changes": None}
        assert ann.get("/api/account").json()["ratings"][TOY]["games"] == 1


def test_a_rating_lost_to_a_stop_is_made_at_the_next_start(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SqlStore(db_url)
    real = Ratings.rate
    monkeypatch.setattr(Ratings, "rate", lambda *args, **kw: (_ for _ in ()).throw(RuntimeError("stopped")))
    with serve(store) as app:
        ann = Device(app)
        sign_up(ann)
        table_id = rated_table(ann, app)
        play_out(ann, table_id)
        time.sleep(0.2)
        assert app.get(f"/api/tables/{table_id}/ratings").json()["changes"] is None
        cookies = ann.cookies
    monkeypatch.setattr(Ratings, "rate", real)
    for _ in range(2):  # rated at the first start, and not again at the second
        with serve(store) as app:
            ann = Device(app)
            ann.cookies = cookies
            changes = wait_rated(ann, table_id)
            assert len(changes) == 2
            assert ann.get("/api/account").json()["ratings"][TOY]["games"] == 1
    store.close()


def test_the_leaderboard_of_an_unknown_game_is_refused() -> None:
    with serve(MemoryStore()) as app:
        error_of(app.get("/api/ratings/chess"), 404, "game/unknown")
        error_of(app.get("/api/tables/nope/ratings"), 404, "table/unknown")
        assert app.get(f"/api/ratings/{TOY}").json() == {"game": TOY, "rows": []}
        error_of(app.get(f"/api/ratings/{TOY}", params={"limit": "many"}), 400, "message/malformed")


# --- My games ------------------------------------------------------------------------------------------

def test_my_games_lists_waiting_playing_and_finished_with_your_turn_across_devices_and_restarts(url: str) -> None:  # noqa: F811
    store = SqlStore(url)
    with serve(store) as app:
        ann, bob = Device(app), Device(app)
        sign_up(ann, "Ann")
        sign_up(bob, "Bob")
        waiting = new_table(app, players=3, seats=[{"kind": "human"}] * 3, seed=2)["id"]
        ann.post(f"/api/tables/{waiting}/seats/0", json={"name": "x"})
        duel = new_table(app, players=2, seats=[{"kind": "human"}] * 2, seed=2, options={"hand": 2})["id"]
        ann.post(f"/api/tables/{duel}/seats/0", json={"name": "x"})
        bob.post(f"/api/tables/{duel}/seats/1", json={"name": "x"})
        ann_cookies, bob_cookies = ann.cookies, bob.cookies
        assert Device(app).get("/api/me/games").json() == {"your_turn": [], "waiting": [], "playing": [],
                                                           "finished": []}
    with serve(SqlStore(url)) as app:  # a restart, and the phone of each player
        ann, bob = Device(app), Device(app)
        ann.cookies, bob.cookies = ann_cookies, bob_cookies
        mine = ann.get("/api/me/games").json()
        assert [e["table"]["id"] for e in mine["waiting"]] == [waiting]
        assert [e["table"]["id"] for e in mine["playing"]] == [duel]
        assert [(e["table"]["id"], e["seat"]) for e in mine["your_turn"]] == [(duel, 0)]  # the bids: both act
        ann.post(f"/api/tables/{duel}/actions", json={"action": "bid 0"})
        assert ann.get("/api/me/games").json()["your_turn"] == []
        assert [e["seat"] for e in bob.get("/api/me/games").json()["your_turn"]] == [1]
        bob.post(f"/api/tables/{duel}/actions", json={"action": "bid 1"})
        for _ in range(4):
            for device in (ann, bob):
                turn = device.get("/api/me/games").json()["your_turn"]
                if turn:
                    view = device.get(f"/api/tables/{duel}/view").json()
                    device.post(f"/api/tables/{duel}/actions", json={"action": view["legal"][0]["action"]})
        done = ann.get("/api/me/games").json()
        assert [e["table"]["id"] for e in done["finished"]] == [duel] and done["playing"] == []
        assert done["finished"][0]["table"]["status"] == "over"
    with serve(SqlStore(url)) as app:  # finished games stay listed after another restart
        bob = Device(app)
        bob.cookies = bob_cookies
        assert [e["table"]["id"] for e in bob.get("/api/me/games").json()["finished"]] == [duel]
    store.close()


def test_my_games_of_a_guest(tmp_path: Path) -> None:
    with serve(MemoryStore()) as app:
        guest = Device(app)
        guest.post("/api/account/guest", json={})
        table = new_table(app, players=2, seats=[{"kind": "human"}] * 2, seed=1)["id"]
        guest.post(f"/api/tables/{table}/seats/1", json={"name": "Gus"})
        take(app, table, 0)  # someone by token
        mine = guest.get("/api/me/games").json()
        assert [(e["table"]["id"], e["seat"], e["your_turn"]) for e in mine["playing"]] == [(table, 1, True)]


# --- bots rated from `tricktable simulate` -----------------------------------------------------------------

def test_simulate_results_rate_the_bot_levels_once(tmp_path: Path, db_url: str) -> None:
    from tricktable.cli.main import main

    folder = tmp_path / "sim"
    assert main(["simulate", TOY, "--bots", "heuristic,random", "--games", "8", "--workers", "1",
                 "--out", str(folder), "--seed", "3"]) == 0
    assert main(["ratings", "import", str(folder), "--db", db_url]) == 0
    assert main(["ratings", "import", str(folder), "--db", db_url]) == 0  # again: nothing twice
    store = SqlStore(db_url)
    board = {r.subject: r for r in Ratings(store.engine).board(TOY)}
    store.close()
    assert set(board) == {"bot:heuristic", "bot:random"}
    assert board["bot:heuristic"].games == board["bot:random"].games == 8
    lines = (folder / "records.jsonl").read_text().splitlines()
    assert len(lines) == 8 and all(json.loads(line)["bots"] for line in lines)
