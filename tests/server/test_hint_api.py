"""The hint endpoint (issue 14.5): the search's ranked choices for the token's seat, and nobody else's."""

from __future__ import annotations

from fastapi.testclient import TestClient
from test_api import assert_error, view

from conftest import seated_table


def test_a_seat_to_move_gets_ranked_legal_hints_in_its_language(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=4, game="masquerade")
    actor = view(client, table_id)["table"]["actors"][0]
    response = client.get(f"/api/tables/{table_id}/hint", params={"token": tokens[actor], "lang": "ja"})
    assert response.status_code == 200, response.text
    body = response.json()
    legal = [a["action"] for a in view(client, table_id, tokens[actor])["legal"]]
    assert body["type"] == "hint" and body["seat"] == actor and 1 <= len(body["hints"]) <= 3
    for hint in body["hints"]:
        assert hint["action"] in legal
        if hint["win_chance"] is not None:
            assert 0.0 <= hint["low"] <= hint["win_chance"] <= hint["high"] <= 1.0 and hint["simulations"] > 0
            assert "このゲームに勝つ見込み" in hint["sure_ja"] and "Estimated chance of winning" in hint["sure"]
        assert hint["why"].endswith(".") and hint["why_ja"].endswith("。")
    shown = [h["win_chance"] for h in body["hints"] if h["win_chance"] is not None]
    assert shown == sorted(shown, reverse=True)


def test_hints_need_the_seats_token_and_its_turn(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=4, game="masquerade")
    actor = view(client, table_id)["table"]["actors"][0]
    assert_error(client.get(f"/api/tables/{table_id}/hint"), 403, "auth/token")
    assert_error(client.get(f"/api/tables/{table_id}/hint", params={"token": "nobody"}), 403, "auth/token")
    waiting = tokens[(actor + 1) % 4]
    assert_error(client.get(f"/api/tables/{table_id}/hint", params={"token": waiting}), 409, "action/not-your-turn")


def test_a_rated_table_gives_no_hints_a_typed_error_says_why(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=4, game="masquerade")
    actor = view(client, table_id)["table"]["actors"][0]
    client.app.state.service.tables[table_id].rated = True  # type: ignore[attr-defined]
    response = client.get(f"/api/tables/{table_id}/hint", params={"token": tokens[actor]})
    assert_error(response, 403, "hint/rated")
    assert "rated" in response.json()["message"]
