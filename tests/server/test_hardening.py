"""Issue 10, findings 2, 9, 10 and 11: practice tables, names, Megalomania's preparation, headers and origins."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from conftest import new_table, seat_socket, serve, take
from tricktable.server import MemoryStore, Settings, create_app

LIVE = Settings(grace=30.0, bot_delay=0.0, bot_workers=0)  # the default rules: no chosen deals among people
BOT = {"kind": "bot", "bot": "random"}
HUMAN = {"kind": "human"}


@pytest.fixture
def live() -> Iterator[TestClient]:
    with serve(MemoryStore(), LIVE) as client:
        yield client


def create(client: TestClient, **body: Any) -> Any:
    return client.post("/api/tables", json=body)


# --- finding 2: practice tables ----------------------------------------------------------------------

TRICKSTER_HANDS = {"heroes": "beginner", "hands": [["red Guard"], ["red Magician"], ["yellow Magician"]]}


@pytest.mark.parametrize(("game", "players", "extra"), [
    ("toytrick", 2, {"seed": 7}),
    ("masquerade", 3, {"options": {"deal": [["R1", "K2"], ["B3", "G4"], ["R5", "K6"]]}}),
    ("megalomania", 3, {"options": {"shuffle_scrolls": False}}),
])
def test_a_chosen_seed_or_deal_needs_a_table_with_at_most_one_person(live: TestClient, game: str, players: int,
                                                                     extra: dict[str, Any]) -> None:
    refused = create(live, game=game, players=players, seats=[HUMAN, HUMAN, *[BOT] * (players - 2)], **extra)
    assert refused.status_code == 422 and refused.json()["code"] == "options/practice"
    practice = create(live, game=game, players=players, seats=[HUMAN, *[BOT] * (players - 1)], **extra)
    assert practice.status_code == 201, practice.text
    assert practice.json()["practice"] is True


def test_a_fixed_deal_never_appears_in_the_public_summary(live: TestClient) -> None:
    body = {"game": "masquerade", "players": 3, "seats": [HUMAN, BOT, BOT],
            "options": {"deal": [["R1", "K2"], ["B3", "G4"], ["R5", "K6"]], "first_player": 0}}
    table = create(live, **body).json()
    seen = [table, live.get(f"/api/tables/{table['id']}").json(), *live.get("/api/tables").json(),
            live.get(f"/api/tables/{table['id']}/view").json()]
    for summary in seen:
        text = str(summary)
        assert "deal" not in summary.get("options", summary.get("table", {}).get("options", {}))
        # whole words: a random table id such as "uB3ehlZl" may hold the letters
        assert not re.search(r"\b(B3|K6)\b", text), text
    assert table["options"] == {"first_player": 0} and table["practice"] is True


def test_an_ordinary_table_is_not_practice(live: TestClient) -> None:
    table = new_table(live, players=2)
    assert table["practice"] is False and table["options"] == {}


# --- finding 9: names -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "code"), [
    ("席2", "name/reserved"), ("Seat 1", "name/reserved"), ("Bot (random)", "name/reserved"),
    ("Player 2", "name/reserved"), ("Random", "name/reserved"), ("Heuristic", "name/reserved"),
    ("Spectator 2", "name/reserved"), ("観戦者2", "name/reserved"), ("プレイヤー２", "name/reserved"),
    ("ランダム 3", "name/reserved"), ("Hard", "name/reserved"),
    ("Ann\u202e", "name/invalid"), ("A\u0000B", "name/invalid"), ("\u200b\u200b", "name/invalid"),
    ("\u3164", "name/invalid"), ("line\nbreak", "name/invalid"), ("x" * 33, "name/invalid"),
    ("ann", "name/taken"), ("ＡＮＮ", "name/taken"),
])
def test_names_that_would_mislabel_or_hide_a_seat_are_refused(live: TestClient, name: str, code: str) -> None:
    table = new_table(live, players=3, seats=[HUMAN, HUMAN, BOT])
    take(live, table["id"], 0, "Ann")
    refused = live.post(f"/api/tables/{table['id']}/seats/1", json={"name": name})
    assert refused.status_code in (409, 422) and refused.json()["code"] == code, refused.text
    assert live.get(f"/api/tables/{table['id']}").json()["seats"][1]["taken"] is False


def test_names_are_trimmed_and_may_look_like_ordinary_words(live: TestClient) -> None:
    table = new_table(live, players=3, seats=[HUMAN, HUMAN, HUMAN])
    take(live, table["id"], 0, "  Bo    Peep ")
    take(live, table["id"], 1, "Botany")
    take(live, table["id"], 2, "Søren 席")
    names = [s["name"] for s in live.get(f"/api/tables/{table['id']}").json()["seats"]]
    assert names == ["Bo Peep", "Botany", "Søren 席"]


def test_log_lines_tell_two_bots_of_one_level_apart_by_the_names_the_seats_show() -> None:
    from tricktable import new_game
    from tricktable.server.table import Seat, Table

    state = new_game("masquerade", players=3, seed=5)
    seats = [Seat(kind="human", bot="random", name="Ann"), Seat(kind="bot", bot="random", name="Bot (random)"),
             Seat(kind="bot", bot="random", name="Bot (random)")]
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    table = Table(id="t", state=state, seats=seats, status="playing")
    assert table.names("en") == ["Ann", "Random 2", "Random 3"]
    assert table.names("ja") == ["Ann", "ランダム 2", "ランダム 3"]
    lines = [line["text"] for line in table.view(0, "en")["log"]]
    assert any("Random 2" in line for line in lines) and any("Random 3" in line for line in lines), lines
    assert not any("Bot (" in line for line in lines), lines


# --- finding 10: Megalomania's preparation --------------------------------------------------------------


def settled(ws: Any) -> dict[str, Any]:
    """The socket's latest view, read up to the answer of a ping: everything queued for it before then."""
    latest: dict[str, Any] = {}
    ws.send_json({"type": "ping"})
    while (message := ws.receive_json())["type"] != "pong":
        latest = message
    assert latest.get("type") == "view", latest
    return latest


def test_a_scroll_used_at_the_preparation_shows_nowhere_until_the_reveal() -> None:
    settings = Settings(grace=30.0, bot_delay=0.0, bot_workers=0, any_table_setups=True)
    with serve(MemoryStore(), settings) as client:
        table = new_table(client, game="megalomania", players=3, seed=0)  # seat 0 holds an extra-cube scroll
        tokens = [take(client, table["id"], seat) for seat in range(3)]
        with seat_socket(client, table["id"], tokens[1]) as other, seat_socket(client, table["id"]) as spectator:
            # each socket's latest view once the connections have settled: seat 1's connecting is stored and
            # announced to whoever listens by then (the spectator may already, or not yet: a second view, or none)
            before = [settled(ws) for ws in (other, spectator)]
            public_before = client.get(f"/api/tables/{table['id']}").json()
            used = client.post(f"/api/tables/{table['id']}/actions",
                               json={"token": tokens[0], "action": "use extra-cube"})
            assert used.status_code == 200
            assert used.json()["table"]["step"] == 1  # the seat itself knows of its action
            for ws in (other, spectator):  # nothing was pushed to the others: the next message is the pong
                ws.send_json({"type": "ping"})
                assert ws.receive_json() == {"type": "pong"}
            public = client.get(f"/api/tables/{table['id']}").json()
            assert public["step"] == 0 and public["actors"] == [0, 1, 2]
            assert public == public_before
            after = client.get(f"/api/tables/{table['id']}/view", params={"token": tokens[1]}).json()
            assert after["view"] == before[0]["view"] and after["table"] == before[0]["table"]
            for seat, action in ((0, "ready 3/0"), (1, "ready 3/0"), (2, "ready 3/0")):
                client.post(f"/api/tables/{table['id']}/actions", json={"token": tokens[seat], "action": action})
            revealed = client.get(f"/api/tables/{table['id']}/view", params={"token": tokens[1]}).json()
            assert revealed["view"]["table"]["cubes"][0] == 1  # the reveal shows the extra cube to everyone
            assert revealed["table"]["step"] == 3  # the readies; the use was never a step to the others


def test_log_positions_count_only_the_seats_own_lines_so_hidden_events_cannot_be_counted() -> None:
    settings = Settings(grace=30.0, bot_delay=0.0, bot_workers=0, any_table_setups=True)
    with serve(MemoryStore(), settings) as client:
        table = new_table(client, game="megalomania", players=3, seed=0)  # seat 0 holds an extra-cube scroll
        tokens = [take(client, table["id"], seat) for seat in range(3)]
        view = f"/api/tables/{table['id']}/view"
        before = client.get(view, params={"token": tokens[1]}).json()
        client.post(f"/api/tables/{table['id']}/actions", json={"token": tokens[0], "action": "use extra-cube"})
        for seat in range(3):
            client.post(f"/api/tables/{table['id']}/actions", json={"token": tokens[seat], "action": "ready 3/0"})
        after = client.get(view, params={"token": tokens[1]}).json()
        # the same game without the scroll's use: seat 1 sees the same lines at the same positions
        plain = new_table(client, game="megalomania", players=3, seed=0)
        others = [take(client, plain["id"], seat) for seat in range(3)]
        for seat in range(3):
            client.post(f"/api/tables/{plain['id']}/actions", json={"token": others[seat], "action": "ready 3/0"})
        control = client.get(f"/api/tables/{plain['id']}/view", params={"token": others[1]}).json()
    assert [line["i"] for line in after["log"]] == list(range(after["log_next"]))
    assert before["log_next"] == len(before["log"])
    revealed = [line for line in after["log"] if line["i"] >= before["log_next"]]
    same = [line for line in control["log"] if line["i"] >= before["log_next"]]
    # the reveal differs (the extra cube shows), but no position was spent on the hidden use
    assert [line["i"] for line in revealed] == [line["i"] for line in same]


# --- finding 11: headers, origins, the token out of the URL ---------------------------------------------


@pytest.mark.parametrize("path", ["/", "/api/tables", "/api/tables/nosuch", "/static/js/api.js", "/api/games"])
def test_every_response_has_the_security_headers(live: TestClient, path: str) -> None:
    headers = live.get(path).headers
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_a_socket_from_another_sites_page_is_refused(live: TestClient) -> None:
    table = new_table(live, players=2)
    with live.websocket_connect(f"/ws/tables/{table['id']}", headers={"origin": "https://evil.example"}) as ws:
        assert ws.receive_json()["code"] == "auth/origin"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    with live.websocket_connect(f"/ws/tables/{table['id']}", headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["type"] == "view"


def test_serve_may_allow_other_origins() -> None:
    app = create_app(store=MemoryStore(), settings=LIVE, origins=("https://cards.example",))
    with TestClient(app) as client:
        table = new_table(client, players=2)
        with client.websocket_connect(f"/ws/tables/{table['id']}", headers={"origin": "https://cards.example"}) as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "view"


def test_the_seat_token_goes_in_the_first_message_never_the_url(live: TestClient) -> None:
    table = new_table(live, players=2)
    token = take(live, table["id"], 0)
    with live.websocket_connect(f"/ws/tables/{table['id']}?token={token}") as ws:
        assert ws.receive_json()["code"] == "auth/token-in-url"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400
    with live.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": token, "lang": "ja"})
        first = ws.receive_json()
        assert first["seat"] == 0 and first["lang"] == "ja"
    with live.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": "wrong"})
        assert ws.receive_json()["code"] == "auth/token"


def test_the_web_client_says_hello_and_keeps_the_token_out_of_the_url() -> None:
    from tricktable.server.app import STATIC

    source = (STATIC / "js" / "api.js").read_text(encoding="utf-8")
    assert 'params.set("token"' not in source and 'type: "hello"' in source


def test_a_server_failure_replies_with_an_id_only_and_the_headers(live: TestClient,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> None:
        raise RuntimeError("[parameters: ('seed 12345', 'token_hash abc')]")

    monkeypatch.setattr(live.app.state.service, "lobby", broken)  # type: ignore[attr-defined]
    reply = live.get("/api/tables")
    assert reply.status_code == 500 and reply.json()["code"] == "server/error"
    assert reply.json()["id"] in reply.json()["message"]
    assert "parameters" not in reply.text and "token_hash" not in reply.text and "RuntimeError" not in reply.text
    assert reply.headers["x-frame-options"] == "DENY" and "content-security-policy" in reply.headers
