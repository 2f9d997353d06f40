"""An undo never refills the clock, a seat takes back at most a few moves a turn, and a rated table follows
Board Game Arena's rule (at most one take-back a turn, only while the seat is still to act): server/undos.py,
server/clock.py."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from fastapi.testclient import TestClient

from conftest import FAST, TOY, serve, take
from tricktable.engine import load_game
from tricktable.server import MemoryStore
from tricktable.server.clock import charge, new_clock
from tricktable.server.table import Seat
from tricktable.server.undos import why_capped


def play(client: TestClient, table_id: str, token: str, action: str) -> Any:
    return client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": action})


def take_back(client: TestClient, table_id: str, token: str) -> Any:
    return client.post(f"/api/tables/{table_id}/undo", json={"token": token})


def first_legal(client: TestClient, table_id: str, token: str) -> str:
    action: str = client.get(f"/api/tables/{table_id}/view", params={"token": token}).json()["legal"][0]["action"]
    return action


def move(client: TestClient, table_id: str, token: str) -> Any:
    return play(client, table_id, token, first_legal(client, table_id, token))


def leading(client: TestClient, clock: Any = None) -> tuple[str, list[str], int]:
    """A toy table of two people past their secret bids: its id, the tokens, and the seat that leads."""
    body = {"game": TOY, "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 5, "clock": clock}
    table = client.post("/api/tables", json=body).json()
    tokens = [take(client, table["id"], seat) for seat in (0, 1)]
    for token in tokens:
        assert play(client, table["id"], token, "bid 0").status_code == 200
    leader: int = client.get(f"/api/tables/{table['id']}").json()["actors"][0]
    return table["id"], tokens, leader


def test_an_undo_puts_the_clock_back_where_the_turn_began_not_afresh() -> None:
    game = load_game(TOY, players=2)
    state = game.new_state(5)
    state.apply("bid 0", 0)
    state.apply("bid 0", 1)
    leader = state.actors[0]
    seats = [Seat(kind="human", bot="random", clock=new_clock({"kind": "realtime", "move": 5, "reserve": 10}))
             for _ in range(2)]
    for seat, values in charge(seats, state, state, "playing", when=1000.0).items():
        seats[seat].clock = values["clock"]
    after = state.clone()
    after.apply(after.legal_actions(leader)[0], leader)
    for seat, values in charge(seats, state, after, "playing", when=1007.0).items():  # 2 s of reserve spent
        seats[seat].clock = values["clock"]
    assert seats[leader].clock is not None and seats[leader].clock["left"] == 8.0
    back = charge(seats, after, state, "playing", when=1007.5)[leader]["clock"]
    assert back["since"] == 1000.0 and back["left"] == 10.0  # the turn runs on from 1000: deadline 1015
    for seat, values in charge(seats, after, state, "playing", when=1007.5).items():
        seats[seat].clock = values["clock"]
    again = state.clone()
    again.apply(again.legal_actions(leader)[0], leader)
    assert charge(seats, state, again, "playing", when=1009.0)[leader]["clock"]["left"] == 6.0  # 9 s - 5 s


def test_playing_and_taking_back_over_the_api_never_moves_the_deadline() -> None:
    with serve(MemoryStore()) as client:
        table_id, tokens, leader = leading(client, {"kind": "realtime", "move": 30, "reserve": 0})
        deadline = client.get(f"/api/tables/{table_id}").json()["clock"]["seats"][leader]["deadline"]
        for _ in range(3):
            assert move(client, table_id, tokens[leader]).status_code == 200
            assert take_back(client, table_id, tokens[leader]).status_code == 200
            after = client.get(f"/api/tables/{table_id}").json()["clock"]["seats"][leader]["deadline"]
            assert after == pytest.approx(deadline, abs=0.01)


def test_a_seat_takes_back_at_most_three_moves_before_another_player_acts() -> None:
    with serve(MemoryStore()) as client:
        table_id, tokens, leader = leading(client)
        for _ in range(3):
            assert move(client, table_id, tokens[leader]).status_code == 200
            assert take_back(client, table_id, tokens[leader]).status_code == 200
        assert move(client, table_id, tokens[leader]).status_code == 200
        refused = take_back(client, table_id, tokens[leader])
        assert refused.status_code == 409 and refused.json()["code"] == "undo/refused"
        assert "3 moves a turn" in refused.json()["message"]
        view = client.get(f"/api/tables/{table_id}/view", params={"token": tokens[leader]}).json()
        assert view["undo"] is False  # the client is not offered what would be refused


def test_the_count_starts_again_when_another_player_has_acted() -> None:
    settings = dataclasses.replace(FAST, undos_per_turn=1)
    with serve(MemoryStore(), settings) as client:
        table_id, tokens, leader = leading(client)
        assert move(client, table_id, tokens[leader]).status_code == 200
        assert take_back(client, table_id, tokens[leader]).status_code == 200
        table = client.app.state.service.tables[table_id]  # type: ignore[attr-defined]
        assert table.seats[leader].turn_undos == 1
        assert move(client, table_id, tokens[leader]).status_code == 200
        other = 1 - leader
        assert move(client, table_id, tokens[other]).status_code == 200
        assert table.seats[leader].turn_undos == 0


def test_a_rated_table_allows_one_take_back_a_turn_where_others_allow_three() -> None:
    assert why_capped(0, True, 3) is None and why_capped(1, True, 3) is not None
    assert why_capped(2, False, 3) is None and why_capped(3, False, 3) is not None
    assert why_capped(0, False, 0) == "this server takes no moves back"


def test_at_a_rated_table_a_second_take_back_in_one_turn_is_refused_over_the_api() -> None:
    with serve(MemoryStore()) as client:
        table_id, tokens, leader = leading(client)
        table = client.app.state.service.tables[table_id]  # type: ignore[attr-defined]
        assert move(client, table_id, tokens[leader]).status_code == 200
        assert take_back(client, table_id, tokens[leader]).status_code == 200
        table.rated = True  # from now on (online players' flag, set at creation)
        assert move(client, table_id, tokens[leader]).status_code == 200
        refused = take_back(client, table_id, tokens[leader])
        assert refused.status_code == 409 and "take back 1 move a turn" in refused.json()["message"]
