"""Undo: the engine decides (``engine/undo.py``); the server takes a move back for its player, logs it in
words, and refuses (``undo/refused``) after another player acted, after hidden information was revealed,
to spectators, and at rated tables once the turn has passed."""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from conftest import FAST, GAMES_UNDER_TEST, TOY, seat_socket, seated_table, serve
from tricktable.engine import load_game
from tricktable.engine.undo import can_undo, undo, why_not_undo
from tricktable.server import MemoryStore


def play(client: TestClient, table_id: str, token: str, action: str) -> Any:
    return client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": action})


def take_back(client: TestClient, table_id: str, token: str | None) -> Any:
    return client.post(f"/api/tables/{table_id}/undo", json={"token": token})


def bid_both(client: TestClient, table_id: str, tokens: list[str]) -> None:
    for token in tokens:
        assert play(client, table_id, token, "bid 0").status_code == 200


def to_play(client: TestClient, table_id: str, token: str) -> str:
    view = client.get(f"/api/tables/{table_id}/view", params={"token": token}).json()
    legal: str = view["legal"][0]["action"]
    return legal


def test_a_card_led_to_a_trick_can_be_taken_back_but_not_the_card_that_ends_it() -> None:
    state = load_game(TOY, players=2).new_state(5)
    state.apply("bid 0", 0)
    state.apply("bid 1", 1)
    assert why_not_undo(state, 1) == "it showed someone hidden cards"  # a bid is told to its bidder only
    leader = state.actors[0]
    before = state.clone()
    state.apply(state.legal_actions(leader)[0], leader)
    assert can_undo(state, leader, before) and can_undo(state, leader)  # with or without the state before
    assert not can_undo(state, 1 - leader)  # not one's own last action
    again = undo(state.record(), leader)
    assert again.observe(leader) == before.observe(leader) and again.events == before.events
    follower = state.actors[0]
    state.apply(state.legal_actions(follower)[0], follower)
    assert why_not_undo(state, follower) is not None  # the trick is won: a reveal
    with pytest.raises(ValueError):
        undo(state.record(), leader)


@pytest.mark.parametrize("game", GAMES_UNDER_TEST)
def test_an_allowed_undo_gives_back_exactly_the_game_before(game: str) -> None:
    players = max(load_game(game, players=4).min_players, 3) if game != TOY else 2
    state = load_game(game, players=players).new_state(11)
    chooser, allowed = random.Random(2), 0
    while not state.is_over and allowed < 5:
        player = state.actors[0]
        before = state.clone()
        state.apply(chooser.choice(state.legal_actions(player)), player)
        if can_undo(state, player, before):
            allowed += 1
            again = undo(state.record(), player)
            for seat in [None, *range(players)]:
                assert again.observe(seat) == before.observe(seat)
            assert again.events == before.events
    assert allowed, f"no action of {game} could be taken back in a whole game"


def test_an_undo_over_the_socket_takes_the_move_back_and_says_so_in_the_log() -> None:
    with serve(MemoryStore()) as client:
        table_id, tokens = seated_table(client)
        bid_both(client, table_id, tokens)
        leader = client.get(f"/api/tables/{table_id}").json()["actors"][0]
        with seat_socket(client, table_id, tokens[leader]) as ws, seat_socket(client, table_id) as watcher:
            first = ws.receive_json()
            watcher.receive_json()
            step = first["table"]["step"]
            ws.send_json({"type": "action", "action": to_play(client, table_id, tokens[leader])})
            played = ws.receive_json()
            watcher.receive_json()
            assert played["undo"] is True and played["table"]["step"] == step + 1
            ws.send_json({"type": "undo"})
            back = ws.receive_json()
            assert back["table"]["step"] == step and back["undo"] is False and back["legal"]
            assert back["log_from"] == first["log_next"]  # the client drops the lines of the move taken back
            seen = watcher.receive_json()
            for _ in range(5):  # a view about something else (a seat's presence, its clock) may come first
                if seen["table"]["step"] == step:
                    break
                seen = watcher.receive_json()
            assert [n["kind"] for n in seen["notes"]] == ["undo"]
            assert "took back a move: Play C" in seen["notes"][0]["text"]
            assert seen["notes"][0]["after"] == len(watcher_lines(client, table_id))
        ja = client.get(f"/api/tables/{table_id}/view", params={"lang": "ja"}).json()
        assert "一手戻しました" in ja["notes"][0]["text"]


def watcher_lines(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = client.get(f"/api/tables/{table_id}/view").json()["log"]
    return lines


def test_an_undo_is_refused_after_another_player_acted_or_a_trick_was_won() -> None:
    with serve(MemoryStore()) as client:
        table_id, tokens = seated_table(client)
        refused = take_back(client, table_id, tokens[0])
        assert refused.status_code == 409 and refused.json()["code"] == "undo/refused"  # nothing played yet
        bid_both(client, table_id, tokens)
        assert take_back(client, table_id, tokens[1]).json()["code"] == "undo/refused"  # a secret told to one
        leader = client.get(f"/api/tables/{table_id}").json()["actors"][0]
        assert play(client, table_id, tokens[leader], to_play(client, table_id, tokens[leader])).status_code == 200
        other = 1 - leader
        assert play(client, table_id, tokens[other], to_play(client, table_id, tokens[other])).status_code == 200
        for seat in (leader, other):  # another player acted since / the trick's winner is known
            response = take_back(client, table_id, tokens[seat])
            assert response.status_code == 409 and response.json()["code"] == "undo/refused", response.text
        assert "cannot take back" in take_back(client, table_id, tokens[other]).json()["message"]
        assert take_back(client, table_id, None).json()["code"] == "auth/token"
        assert take_back(client, table_id, "nope").json()["code"] == "auth/token"
        assert take_back(client, "nosuch", tokens[0]).json()["code"] == "table/unknown"
        with seat_socket(client, table_id) as watcher:
            watcher.receive_json()
            watcher.send_json({"type": "undo"})
            assert watcher.receive_json()["code"] == "auth/token"


def test_at_a_rated_table_no_undo_once_the_turn_has_passed() -> None:
    with serve(MemoryStore()) as client:
        table_id, tokens = seated_table(client)
        bid_both(client, table_id, tokens)
        table = client.app.state.service.tables[table_id]  # type: ignore[attr-defined]
        table.rated = True  # online-players' flag (Table.rated)
        leader = table.state.actors[0]
        assert play(client, table_id, tokens[leader], to_play(client, table_id, tokens[leader])).status_code == 200
        response = take_back(client, table_id, tokens[leader])
        assert response.status_code == 409 and "rated" in response.json()["message"]
        table.rated = False
        table._undo = None  # the cached answer was for the rated table
        assert take_back(client, table_id, tokens[leader]).status_code == 200


def test_a_waiting_table_has_no_undo() -> None:
    with serve(MemoryStore()) as client:
        table = client.post("/api/tables", json={"game": TOY, "players": 2, "seats": [{"kind": "human"}] * 2}).json()
        token = client.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Ann"}).json()["token"]
        assert take_back(client, table["id"], token).json()["code"] == "undo/refused"


def test_a_bot_waits_the_undo_window_after_a_move_that_can_be_taken_back_and_drops_its_thought() -> None:
    settings = dataclasses.replace(FAST, undo_window=1.0)
    with serve(MemoryStore(), settings) as client:
        table = client.post("/api/tables", json={"game": TOY, "players": 2, "seed": 5, "seats": [
            {"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
        token = client.post(f"/api/tables/{table['id']}/seats/0", json={"name": "Ann"}).json()["token"]
        assert play(client, table["id"], token, "bid 0").status_code == 200
        wait_until(client, table["id"], lambda s: s["actors"] == [0])  # the bot bid; Ann leads
        step = client.get(f"/api/tables/{table['id']}").json()["step"]
        started = time.monotonic()
        played = play(client, table["id"], token, to_play(client, table["id"], token)).json()
        assert played["undo"] is True
        assert take_back(client, table["id"], token).status_code == 200  # within the window: the bot waits
        assert time.monotonic() - started < 1.0
        time.sleep(1.2)  # the bot's thought was for the position taken back: it never lands
        found = client.get(f"/api/tables/{table['id']}").json()
        assert found["step"] == step and found["actors"] == [0]
        started = time.monotonic()
        play(client, table["id"], token, to_play(client, table["id"], token))
        wait_until(client, table["id"], lambda s: s["step"] >= step + 2)
        assert time.monotonic() - started >= 0.9  # the bot answered only once the window had passed


def wait_until(client: TestClient, table_id: str, test: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not test(client.get(f"/api/tables/{table_id}").json()):
        found = client.get(f"/api/tables/{table_id}").json()
        assert time.monotonic() < deadline, (found["step"], found["actors"], found["thinking"], found["status"])
        time.sleep(0.02)
