"""The HTTP API: games, tables, seats, and every bad input refused with a clear error and no change."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from conftest import GAMES_UNDER_TEST, TOY, new_table, seated_table, take
from tricktable.server import create_app


def view(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}/view", params={"token": token} if token else {})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def everything(client: TestClient, table_id: str, tokens: list[str]) -> list[Any]:
    """Every seat's view and the spectator's, without timestamps: equal means the game did not change."""
    views = [view(client, table_id, t) for t in [None, *tokens]]
    for v in views:
        v["table"].pop("updated", None)  # (view messages leave it out; docs/protocol.md)
    return views


def act(client: TestClient, table_id: str, token: str | None, action: str, **extra: Any) -> Any:
    return client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": action, **extra})


def assert_error(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["type"] == "error" and body["code"] == code
    assert body["message"], "an error must say what went wrong"


def test_games_lists_each_playable_game_with_options_and_bots(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    toy = games[TOY]
    assert (toy["title"], toy["min_players"], toy["max_players"]) == ("Toy Trick", 2, 4)
    assert [{k: v for k, v in o.items() if k != "words"} for o in toy["options"]] == [
        {"name": "hand", "default": 3, "tag": "D", "doc": "cards dealt to each player", "choices": [2, 3, 4],
         "bounds": [-1000, 1000], "max_len": 64, "items": ""}]
    assert toy["options"][0]["words"]["label"] == {"en": "hand", "ja": "hand"}  # a game without a text module
    assert "random" in toy["bots"] and toy["default_bot"] in toy["bots"]


def test_rules_of_an_unknown_game_are_refused(client: TestClient) -> None:
    assert_error(client.get("/api/games/chess/rules"), 404, "game/unknown")


def test_a_new_table_waits_for_its_human_seats_then_starts(client: TestClient) -> None:
    table = new_table(client, players=3, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"},
                                                {"kind": "human"}])
    assert table["status"] == "waiting" and table["step"] == 0
    assert [s["taken"] for s in table["seats"]] == [False, True, False]
    assert table["id"] in [t["id"] for t in client.get("/api/tables").json()]
    take(client, table["id"], 0, "Ann")
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "waiting"
    take(client, table["id"], 2, "Bo")
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["status"] in ("playing", "over")
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bot (random)", "Bo"]


def test_start_turns_free_human_seats_into_bots(client: TestClient) -> None:
    table = new_table(client, players=3)
    token = take(client, table["id"], 0)
    assert_error(client.post(f"/api/tables/{table['id']}/start", json={"token": "nope"}), 403, "auth/token")
    summary = client.post(f"/api/tables/{table['id']}/start", json={"token": token}).json()
    assert summary["status"] == "playing"
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "bot"]


@pytest.mark.parametrize(("body", "code", "status"), [
    ({"game": "chess", "players": 2}, "game/unknown", 404),
    ({"game": TOY, "players": 9}, "options/bad", 422),
    ({"game": TOY, "players": 2, "options": {"hand": 7}}, "options/bad", 422),
    ({"game": TOY, "players": 2, "options": {"colour": 1}}, "options/bad", 422),
    ({"game": TOY, "players": 2, "options": {"hand": "three"}}, "options/bad", 422),
    ({"game": TOY, "players": 2, "seats": [{"kind": "human"}]}, "options/bad", 422),
    ({"game": TOY, "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "genius"}]}, "options/bad", 422),
    ({"game": TOY, "players": 2, "seats": [{"kind": "robot"}, {"kind": "human"}]}, "message/malformed", 400),
    ({"game": TOY}, "message/malformed", 400),
    ({"players": 2}, "message/malformed", 400),
])
def test_a_bad_table_is_refused(client: TestClient, body: dict[str, Any], code: str, status: int) -> None:
    before = client.get("/api/tables").json()
    assert_error(client.post("/api/tables", json=body), status, code)
    assert client.get("/api/tables").json() == before


def test_a_taken_bot_or_missing_seat_cannot_be_taken(client: TestClient) -> None:
    table = new_table(client, players=2, seats=[{"kind": "human"}, {"kind": "bot"}])
    take(client, table["id"], 0)
    url = f"/api/tables/{table['id']}/seats"
    assert_error(client.post(f"{url}/0", json={"name": "Again"}), 409, "seat/taken")
    assert_error(client.post(f"{url}/1", json={"name": "Bot"}), 409, "seat/taken")
    assert_error(client.post(f"{url}/5", json={"name": "Far"}), 404, "seat/unknown")
    assert_error(client.post(f"{url}/0", json={}), 400, "message/malformed")
    assert_error(client.post("/api/tables/nothere/seats/0", json={"name": "X"}), 404, "table/unknown")


def test_an_action_before_the_table_starts_is_refused(client: TestClient) -> None:
    table = new_table(client, players=2)
    token = take(client, table["id"], 0)
    assert_error(act(client, table["id"], token, "bid 1"), 409, "table/not-started")
    assert view(client, table["id"], token)["legal"] == []


def test_a_legal_action_returns_the_new_view(client: TestClient) -> None:
    table_id, tokens = seated_table(client)
    response = act(client, table_id, tokens[1], "bid 1", lang="ja")
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["seat"] == 1 and after["table"]["step"] == 1 and after["legal"] == []
    assert after["view"]["table"]["bid"] == 1
    first = view(client, table_id, tokens[0])
    assert [a["action"] for a in first["legal"]] == ["bid 0", "bid 1"]
    assert first["legal"][0]["label"] == "Bid 0"


class TestEveryBadActionChangesNothing:
    """Each bad action gets its own error; every seat's view and the spectator's are exactly as before."""

    def check(self, client: TestClient, table_id: str, tokens: list[str], response: Any, status: int,
              code: str, before: list[Any]) -> None:
        assert_error(response, status, code)
        assert everything(client, table_id, tokens) == before

    def playing(self, client: TestClient) -> tuple[str, list[str], list[Any]]:
        table_id, tokens = seated_table(client, players=3)
        for seat, token in enumerate(tokens):  # the bids, so one seat is to play
            assert act(client, table_id, token, f"bid {seat % 2}").status_code == 200
        return table_id, tokens, everything(client, table_id, tokens)

    def test_out_of_turn(self, client: TestClient) -> None:
        table_id, tokens, before = self.playing(client)
        actor = view(client, table_id)["table"]["actors"][0]
        idle = (actor + 1) % 3
        card = view(client, table_id, tokens[idle])["view"]["hand"][0]
        response = act(client, table_id, tokens[idle], f"play {card}")
        self.check(client, table_id, tokens, response, 409, "action/not-your-turn", before)
        assert f"seat {actor}" in response.json()["message"]

    def test_for_another_seat(self, client: TestClient) -> None:
        table_id, tokens, before = self.playing(client)
        actor = view(client, table_id)["table"]["actors"][0]
        idle = (actor + 1) % 3
        card = view(client, table_id, tokens[actor])["view"]["hand"][0]
        response = act(client, table_id, tokens[idle], f"play {card}", seat=actor)
        self.check(client, table_id, tokens, response, 403, "auth/token", before)

    def test_with_a_wrong_token(self, client: TestClient) -> None:
        table_id, tokens, before = self.playing(client)
        actor = view(client, table_id)["table"]["actors"][0]
        card = view(client, table_id, tokens[actor])["view"]["hand"][0]
        response = act(client, table_id, tokens[actor] + "x", f"play {card}")
        self.check(client, table_id, tokens, response, 403, "auth/token", before)
        _, other_tokens = seated_table(client)
        response = act(client, table_id, other_tokens[0], f"play {card}")
        self.check(client, table_id, tokens, response, 403, "auth/token", before)

    def test_without_a_token(self, client: TestClient) -> None:
        table_id, tokens, before = self.playing(client)
        response = client.post(f"/api/tables/{table_id}/actions", json={"action": "play C1"})
        self.check(client, table_id, tokens, response, 403, "auth/token", before)
        assert_error(client.get(f"/api/tables/{table_id}/view", params={"token": "bad"}), 403, "auth/token")

    def test_illegal_for_the_engine(self, client: TestClient) -> None:
        table_id, tokens, before = self.playing(client)
        actor = view(client, table_id)["table"]["actors"][0]
        idle = (actor + 1) % 3
        card = view(client, table_id, tokens[idle])["view"]["hand"][0]  # not in the actor's hand
        response = act(client, table_id, tokens[actor], f"play {card}")
        self.check(client, table_id, tokens, response, 422, "action/illegal", before)
        assert "legal:" in response.json()["message"]
        for nonsense in ("bid 1", "play C99", "dance", ""):
            response = act(client, table_id, tokens[actor], nonsense)
            self.check(client, table_id, tokens, response, 422, "action/illegal", before)

    def test_malformed_json(self, client: TestClient) -> None:
        table_id, tokens, before = self.playing(client)
        url = f"/api/tables/{table_id}/actions"
        for body in ("{not json", "[1, 2]", '"play C1"', '{"token": 5}', ""):
            response = client.post(url, content=body, headers={"content-type": "application/json"})
            self.check(client, table_id, tokens, response, 400, "message/malformed", before)

    def test_unknown_table(self, client: TestClient) -> None:
        table_id, tokens, before = self.playing(client)
        response = act(client, "nosuchtable", tokens[0], "play C1")
        self.check(client, table_id, tokens, response, 404, "table/unknown", before)
        for url in ("/api/tables/nosuchtable", "/api/tables/nosuchtable/view", "/api/replays/nosuchtable",
                    "/api/tables/nosuchtable/record"):
            assert_error(client.get(url), 404, "table/unknown")


def play_out(client: TestClient, table_id: str, tokens: list[str]) -> None:
    """Play the first legal action of whoever is to act until the game is over."""
    while True:
        spectator = view(client, table_id)
        if spectator["table"]["status"] == "over":
            return
        actor = spectator["table"]["actors"][0]
        legal = view(client, table_id, tokens[actor])["legal"]
        assert act(client, table_id, tokens[actor], legal[-1]["action"]).status_code == 200


def test_the_record_and_replay_open_only_when_the_game_is_over(client: TestClient) -> None:
    table_id, tokens = seated_table(client)
    assert_error(client.get(f"/api/tables/{table_id}/record"), 409, "record/hidden")
    assert_error(client.get(f"/api/replays/{table_id}"), 409, "record/hidden")
    play_out(client, table_id, tokens)
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record["game"] == TOY and record["seed"] == 5 and len(record["actions"]) == 2 + 2 * 3
    text = client.get(f"/api/tables/{table_id}/record", params={"format": "text"}).text
    assert text.startswith("game: toytrick") and "0 bid" in text
    assert table_id in [r["id"] for r in client.get("/api/replays").json()]
    assert table_id not in [t["id"] for t in client.get("/api/tables").json()]


def test_a_replay_frame_shows_the_view_and_every_hand_at_that_step(client: TestClient) -> None:
    table_id, tokens = seated_table(client)
    play_out(client, table_id, tokens)
    start = client.get(f"/api/replays/{table_id}", params={"step": 0}).json()
    assert (start["step"], start["steps"], start["seat"]) == (0, 8, None)
    assert sorted(start["hands"][0] + start["hands"][1]) == sorted(f"C{c}" for c in range(1, 7))
    assert start["view"]["hand"] == [] and start["log"] == []
    assert len(start["actions"]) == 8 and start["actions"][0]["label"].startswith("Bid")
    seat_view = client.get(f"/api/replays/{table_id}", params={"step": 4, "seat": 1}).json()
    assert seat_view["view"]["seat"] == 1 and len(seat_view["view"]["hand"]) == 2
    end = client.get(f"/api/replays/{table_id}", params={"step": 99}).json()
    assert end["step"] == 8 and end["view"]["is_over"] and end["hands"] == [[], []]
    assert_error(client.get(f"/api/replays/{table_id}", params={"seat": 4}), 404, "seat/unknown")


def test_the_root_serves_the_web_client(client: TestClient) -> None:
    for path in ("/", "/tables/abc"):
        response = client.get(path)
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/html")
    assert_error(client.get("/api/nothing"), 400, "message/malformed")


@pytest.mark.parametrize("game", GAMES_UNDER_TEST)
def test_each_game_has_a_rules_page_in_markdown(client: TestClient, game: str) -> None:
    english = client.get(f"/api/games/{game}/rules").json()
    assert english["game"] == game and english["lang"] == "en" and english["markdown"].startswith("#")
    japanese = client.get(f"/api/games/{game}/rules", params={"lang": "ja"}).json()
    assert japanese["lang"] in ("en", "ja") and japanese["markdown"]


def test_finished_tables_forgotten_from_memory_are_read_back_from_the_store(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import tricktable.server.service as service_module

    monkeypatch.setattr(service_module, "KEEP_FINISHED", 1)
    finished = []
    for _ in range(3):
        table_id, tokens = seated_table(client)
        play_out(client, table_id, tokens)
        finished.append(table_id)
    client.get("/api/replays")
    for table_id in finished:
        frame = client.get(f"/api/replays/{table_id}", params={"step": 2}).json()
        assert frame["table"]["status"] == "over" and frame["step"] == 2
    assert len([t for t in client.app.state.service.tables.values()  # type: ignore[attr-defined]
                if t.status == "over"]) <= 2


def test_a_server_failure_is_an_error_message_too(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktable.server import SqlStore
    from tricktable.server.service import TableService

    def broken(self: TableService) -> list[Any]:
        raise RuntimeError("boom")

    monkeypatch.setattr(TableService, "lobby", broken)
    with TestClient(create_app(store=SqlStore(db_url)), raise_server_exceptions=False) as client:
        assert_error(client.get("/api/tables"), 500, "server/error")
