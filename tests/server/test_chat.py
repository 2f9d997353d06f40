"""Table chat: seats and spectators talk at a table; text is stored as sent (the client shows it as text),
checked for length and characters, rate-limited per speaker, and kept over a restart."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from test_persistence import url  # noqa: F401 (the fixture: a SQLite file, and PostgreSQL when it is set)

from conftest import FAST, seat_socket, seated_table, serve
from tricktable.server import MemoryStore, SqlStore
from tricktable.server.limits import Limits

PAYLOAD = '<img src=x onerror="alert(1)"><script>alert(2)</script> & ｓｏ'


def receive(ws: Any) -> dict[str, Any]:
    """The next message that is not a view (players connecting send views too)."""
    while (message := ws.receive_json())["type"] == "view":
        pass
    found: dict[str, Any] = message
    return found


def opened(ws: Any) -> list[dict[str, Any]]:
    """Open the chat on a socket; the chat so far."""
    ws.send_json({"type": "chat_open"})
    answer = receive(ws)
    assert answer["type"] == "chat" and answer["whole"] is True
    messages: list[dict[str, Any]] = answer["messages"]
    return messages


def test_a_seat_and_a_spectator_talk_and_html_is_kept_as_plain_text() -> None:
    with serve(MemoryStore()) as client:
        table_id, tokens = seated_table(client)
        with seat_socket(client, table_id, tokens[0]) as ann, seat_socket(client, table_id) as watcher:
            assert opened(ann) == [] and opened(watcher) == []
            ann.send_json({"type": "chat", "text": f"  {PAYLOAD}\n  "})
            for ws in (ann, watcher):
                said = receive(ws)
                assert said["type"] == "chat" and len(said["messages"]) == 1
                entry = said["messages"][0]
                assert entry["text"] == PAYLOAD and entry["seat"] == 0 and entry["name"] == "Player 0"
            watcher.send_json({"type": "chat", "text": "good luck"})
            heard = receive(ann)["messages"][0]
            assert heard["seat"] is None and heard["name"] == "" and heard["text"] == "good luck"
        history = client.get(f"/api/tables/{table_id}/chat").json()
        assert [m["text"] for m in history["messages"]] == [PAYLOAD, "good luck"]


def test_a_socket_that_did_not_open_the_chat_hears_none_of_it() -> None:
    with serve(MemoryStore()) as client:
        table_id, tokens = seated_table(client)
        with seat_socket(client, table_id, tokens[0]) as ann, seat_socket(client, table_id, tokens[1]) as bob:
            opened(ann)
            ann.send_json({"type": "chat", "text": "hello"})
            receive(ann)
            bob.send_json({"type": "ping"})
            assert receive(bob) == {"type": "pong"}


@pytest.mark.parametrize(("text", "code"), [
    ("x" * 501, "chat/too-long"), ("", "chat/bad"), ("   \n\t ", "chat/bad"), ("hi\x00there", "chat/bad"),
    ("\u202egnp.exe", "chat/bad"), ("zero\u200bwidth", "chat/bad"), (None, "message/malformed"),
    (42, "message/malformed"), (["hi"], "message/malformed"), ({"text": "hi"}, "message/malformed"),
    ("x" * 20_000, "message/too-large"),
])
def test_every_bad_chat_message_is_refused_with_its_code_and_stored_nowhere(text: Any, code: str) -> None:
    with serve(MemoryStore()) as client:
        table_id, tokens = seated_table(client)
        with seat_socket(client, table_id, tokens[0]) as ws:
            opened(ws)
            ws.send_json({"type": "chat", "text": text} if text is not None else {"type": "chat"})
            error = receive(ws)
            assert error["type"] == "error" and error["code"] == code, error
            assert len(error["message"]) <= 1000
            ws.send_json({"type": "ping"})
            assert receive(ws) == {"type": "pong"}  # the socket stays open
        assert client.get(f"/api/tables/{table_id}/chat").json()["messages"] == []


def test_a_speaker_who_talks_too_fast_is_refused_and_others_may_still_talk() -> None:
    settings = dataclasses.replace(FAST, limits=Limits(rate=0, chat_rate=0.01, chat_burst=3))
    with serve(MemoryStore(), settings) as client:
        table_id, tokens = seated_table(client)
        with seat_socket(client, table_id, tokens[0]) as ann, seat_socket(client, table_id, tokens[1]) as bob:
            opened(ann)
            opened(bob)
            for n in range(3):
                ann.send_json({"type": "chat", "text": f"spam {n}"})
                assert receive(ann)["type"] == "chat"
                receive(bob)
            ann.send_json({"type": "chat", "text": "spam 3"})
            error = receive(ann)
            assert error["code"] == "chat/rate", error
            bob.send_json({"type": "chat", "text": "calm down"})
            assert receive(bob)["messages"][0]["text"] == "calm down"
        assert len(client.get(f"/api/tables/{table_id}/chat").json()["messages"]) == 4


def test_the_chat_is_kept_over_a_restart(url: str) -> None:  # noqa: F811 (the fixture)
    store = SqlStore(url)
    with serve(store) as client:
        table_id, tokens = seated_table(client)
        with seat_socket(client, table_id, tokens[1]) as ws:
            opened(ws)
            ws.send_json({"type": "chat", "text": "see you tomorrow"})
            receive(ws)
    store.close()
    again = SqlStore(url)
    with serve(again) as client, seat_socket(client, table_id, tokens[0]) as ws:
        messages = opened(ws)
        assert [(m["seat"], m["name"], m["text"]) for m in messages] == [(1, "Player 1", "see you tomorrow")]
    again.close()


def test_the_chat_of_an_unknown_table_is_refused() -> None:
    with serve(MemoryStore()) as client:
        assert client.get("/api/tables/nosuch/chat").json()["code"] == "table/unknown"
