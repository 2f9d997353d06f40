"""The WebSocket: views pushed on every change, errors that leave the game going, reconnects, stand-in bots."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from conftest import FAST, TOY, new_table, seat_socket, seated_table, serve, take
from tricktable.server import MemoryStore, Settings


def until(ws: WebSocketTestSession, test: Any) -> dict[str, Any]:
    """Read messages until one passes ``test``; return it."""
    for _ in range(10_000):
        message: dict[str, Any] = ws.receive_json()
        if test(message):
            return message
    raise AssertionError("the awaited message never came")


def at_step(step: int) -> Any:
    return lambda m: m["type"] == "view" and m["table"]["step"] >= step


def test_a_spectator_sees_the_table_but_no_hand(client: TestClient) -> None:
    table_id, _ = seated_table(client)
    with seat_socket(client, table_id) as ws:
        first = ws.receive_json()
        assert first["type"] == "view" and first["seat"] is None
        assert first["view"]["hand"] == [] and first["legal"] == []
        assert first["view"]["hand_sizes"] == [3, 3]
        ws.send_json({"type": "action", "action": "bid 1"})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "auth/token"
        ws.send_json({"type": "ping"})
        assert until(ws, lambda m: m["type"] != "view") == {"type": "pong"}


@pytest.mark.parametrize(("table", "token", "code", "close"), [
    ("real", "wrong", "auth/token", 4403), ("nosuchtable", None, "table/unknown", 4404)])
def test_a_bad_connection_gets_one_error_and_is_closed(client: TestClient, table: str, token: str | None,
                                                       code: str, close: int) -> None:
    table_id, _ = seated_table(client)
    with seat_socket(client, table_id if table == "real" else table, token) as ws:
        assert ws.receive_json()["code"] == code
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == close


def test_two_players_play_a_whole_game_over_sockets(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=2, seed=9)
    with seat_socket(client, table_id, tokens[0]) as one, \
            seat_socket(client, table_id, tokens[1], "ja") as two:
        sockets = [one, two]
        views = [until(ws, lambda m: m["type"] == "view" and all(s["connected"] for s in m["table"]["seats"]))
                 for ws in sockets]
        assert views[1]["legal"][1]["label"] == "1 をビッド"
        step = 0
        while not views[0]["view"]["is_over"]:
            actor = views[0]["table"]["actors"][0]
            sockets[actor].send_json({"type": "action", "action": views[actor]["legal"][0]["action"]})
            step += 1
            views = [until(ws, at_step(step)) for ws in sockets]
            assert views[0]["table"]["step"] == views[1]["table"]["step"] == step
        assert views[0]["table"]["status"] == "over" and views[0]["table"]["winners"]
        assert views[0]["view"]["scores"] == views[1]["view"]["scores"]


def test_bad_socket_messages_get_errors_and_the_game_goes_on(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=2)
    with seat_socket(client, table_id, tokens[0]) as ws:
        until(ws, lambda m: m["type"] == "view")
        for bad, code in [("{oops", "message/malformed"), ("[1]", "message/malformed"),
                          ('{"type": "shout"}', "message/malformed"), ('{"type": "action"}', "message/malformed"),
                          ('{"type": "action", "action": "play C1"}', "action/illegal"),
                          ('{"type": "action", "action": "fly"}', "action/illegal")]:
            ws.send_text(bad)
            error = until(ws, lambda m: m["type"] == "error")
            assert error["code"] == code, bad
        ws.send_json({"type": "action", "action": "bid 0"})
        after = until(ws, at_step(1))
        assert after["view"]["table"]["bid"] == 0 and after["legal"] == []
        ws.send_json({"type": "action", "action": "bid 1"})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "action/not-your-turn"
        ws.send_json({"type": "lang", "lang": "ja"})
        assert until(ws, lambda m: m["type"] == "view" and m["lang"] == "ja")["table"]["step"] == 1


def test_a_player_who_reconnects_gets_the_current_view_and_carries_on(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=2)
    with seat_socket(client, table_id, tokens[0]) as ws:
        until(ws, lambda m: m["type"] == "view")
        ws.send_json({"type": "action", "action": "bid 1"})
        until(ws, at_step(1))
    client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[1], "action": "bid 0"})
    with seat_socket(client, table_id, tokens[0]) as ws:
        back = ws.receive_json()
        assert back["table"]["step"] == 2 and back["view"]["table"]["bid"] == 1
        if back["table"]["actors"] == [0]:
            ws.send_json({"type": "action", "action": back["legal"][0]["action"]})
            assert until(ws, at_step(3))["view"]["trick"][0]["seat"] == 0


def test_a_bot_stands_in_for_a_player_who_left_and_hands_the_seat_back() -> None:
    settings = Settings(grace=0.2, bot_delay=0.1, bot_workers=0, limits=FAST.limits)
    with serve(MemoryStore(), settings) as client:
        table = new_table(client, players=2, seats=[{"kind": "human", "bot": "random"}, {"kind": "bot"}],
                          options={"hand": 4}, seed=3)
        token = take(client, table["id"], 0)
        summary = f"/api/tables/{table['id']}"
        with seat_socket(client, table["id"], token) as ws:
            until(ws, lambda m: m["type"] == "view")
        time.sleep(0.1)
        spectator = client.get(f"{summary}/view").json()
        assert not spectator["view"]["table"]["has_bid"][0], "within the grace period nobody plays for seat 0"
        deadline = time.monotonic() + 10
        while client.get(summary).json()["step"] < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        left = client.get(summary).json()
        assert left["seats"][0]["away"] and left["step"] >= 3 and left["status"] == "playing"
        with seat_socket(client, table["id"], token) as ws:
            back = until(ws, lambda m: m["type"] == "view" and not m["table"]["seats"][0]["away"])
            mine = until(ws, lambda m: m["type"] == "view" and (m["legal"] or m["table"]["status"] == "over"))
            if mine["legal"]:
                time.sleep(0.15)  # longer than a bot move (0.1), shorter than the turn's grace (0.2)
                assert client.get(summary).json()["step"] == mine["table"]["step"], "the stand-in must stop"
            assert back["table"]["seats"][0]["connected"]


def test_bots_think_in_worker_processes_and_finish_a_game() -> None:
    with serve(MemoryStore(), Settings(bot_delay=0.0, bot_workers=1)) as client:
        table = new_table(client, players=3, seats=[{"kind": "bot", "bot": "random"}] * 3, seed=4)
        assert table["status"] == "playing"
        with seat_socket(client, table["id"]) as ws:
            end = until(ws, lambda m: m["type"] == "view" and m["table"]["status"] == "over")
        assert end["table"]["step"] == 3 + 3 * 3 and end["table"]["winners"]
        assert client.get(f"/api/tables/{table['id']}/record").json()["game"] == TOY


def test_stopping_the_server_ends_its_bot_processes() -> None:
    with serve(MemoryStore(), Settings(bot_delay=0.0, bot_workers=1)) as client:
        table = new_table(client, players=2, seats=[{"kind": "bot", "bot": "random"}] * 2, seed=2)
        with seat_socket(client, table["id"]) as ws:
            until(ws, lambda m: m["table"]["status"] == "over")
        executor = client.app.state.service.executor  # type: ignore[attr-defined]
        workers = list(executor._processes.values())
        assert workers and all(w.is_alive() for w in workers)
    assert not any(w.is_alive() for w in workers)


def test_every_table_stays_responsive_while_a_bot_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    import tricktable.server.service as service_module

    real_think = service_module.think

    def slow_think(*args: Any) -> str:
        time.sleep(2.5)  # a long search, in the worker
        return real_think(*args)

    monkeypatch.setattr(service_module, "think", slow_think)
    with serve(MemoryStore(), Settings(bot_delay=0.0, bot_workers=0, any_table_setups=True)) as client:
        thinking = new_table(client, players=2, seats=[{"kind": "bot", "bot": "random"}] * 2)
        table_id, tokens = seated_table(client, players=2)
        time.sleep(0.2)
        assert client.get(f"/api/tables/{thinking['id']}").json()["thinking"], "the bots are thinking"
        started = time.monotonic()
        for seat, token in enumerate(tokens):
            response = client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": f"bid {seat}"})
            assert response.status_code == 200
        client.get("/api/tables")
        assert time.monotonic() - started < 2.0, "the other table waited for the bot"


@pytest.mark.parametrize("answer", ["play C99", "crash"])
def test_a_failing_bot_is_replaced_by_a_random_move_and_the_game_goes_on(
        monkeypatch: pytest.MonkeyPatch, answer: str) -> None:
    import tricktable.server.service as service_module

    def broken_think(*args: Any) -> str:
        if answer == "crash":
            raise RuntimeError("the bot fell over")
        return answer

    monkeypatch.setattr(service_module, "think", broken_think)
    with serve(MemoryStore(), Settings(bot_delay=0.0, bot_workers=0)) as client:
        table = new_table(client, players=2, seats=[{"kind": "bot", "bot": "random"}] * 2, seed=6)
        with seat_socket(client, table["id"]) as ws:
            end = until(ws, lambda m: m["type"] == "view" and m["table"]["status"] == "over")
        assert end["table"]["step"] == 2 + 2 * 3
