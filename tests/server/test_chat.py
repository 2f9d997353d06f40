"""Table chat: seats and spectators talk at a table; text is stored as sent (the client shows it as text),
checked for length and characters, rate-limited per speaker, and kept over a restart."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time
from typing import Any

import pytest
from test_persistence import url  # noqa: F401 (the fixture: a SQLite file, and PostgreSQL when it is set)

from conftest import FAST, TOY, seat_socket, seated_table, serve
from tricktable.server import MemoryStore, SqlStore, TableService
from tricktable.server.bus import Cluster
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
                assert entry["text"] == PAYLOAD and entry["seat"] == 0 and entry["name"] == "Person 0"
            watcher.send_json({"type": "chat", "text": "good luck"})
            heard = receive(ann)["messages"][0]
            assert heard["seat"] is None and heard["name"] == "" and heard["text"] == "good luck"
            assert heard["watcher"] == 1  # the client words it "Spectator 1" / 観戦者1
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
        assert [(m["seat"], m["name"], m["text"]) for m in messages] == [(1, "Person 1", "see you tomorrow")]
    again.close()


def test_the_chat_of_an_unknown_table_is_refused() -> None:
    with serve(MemoryStore()) as client:
        assert client.get("/api/tables/nosuch/chat").json()["code"] == "table/unknown"


def spectator(client: Any, table_id: str, guest: str | None) -> Any:
    """A spectator's socket, as a browser with the guest cookie ``guest`` (None: no cookie) opens it."""
    headers = {"cookie": f"tricktable_guest={guest}"} if guest else {}
    return client.websocket_connect(f"/ws/tables/{table_id}", headers=headers)


def test_spectators_speak_as_spectator_1_2_in_the_order_they_first_speak_and_keep_their_number(url: str) -> None:  # noqa: F811
    store = SqlStore(url)
    with serve(store) as client:
        table_id, tokens = seated_table(client)
        with seat_socket(client, table_id, tokens[0]) as ann:
            opened(ann)
            first, second = (client.app.state.hub.guests.issue() for _ in range(2))  # type: ignore[attr-defined]
            for guest, text in ((first, "hi"), (second, "hello"), (first, "me again")):
                with spectator(client, table_id, guest) as ws:
                    ws.send_json({"type": "hello", "lang": "en"})
                    ws.send_json({"type": "chat", "text": text})
                    entry = receive(ann)["messages"][0]
                    assert entry["text"] == text and entry["seat"] is None and entry["name"] == ""
            ann.send_json({"type": "chat", "text": "welcome"})
            receive(ann)
        said = client.get(f"/api/tables/{table_id}/chat").json()["messages"]
        assert [(m["text"], m["watcher"]) for m in said] == [("hi", 1), ("hello", 2), ("me again", 1),
                                                              ("welcome", None)]
    store.close()
    again = SqlStore(url)
    with serve(again) as client, spectator(client, table_id, client.app.state.hub.guests.issue()) as ws:  # type: ignore[attr-defined]
        ws.send_json({"type": "hello"})
        opened(ws)
        ws.send_json({"type": "chat", "text": "after the restart"})
        assert receive(ws)["messages"][0]["watcher"] == 3  # numbered after those already in the chat
    again.close()


def test_a_chat_message_reaches_the_sockets_of_another_process_over_the_bus() -> None:
    """Two server processes over one database (the bus, server/bus.py), without PostgreSQL: what one
    publishes is what the other hears. A spectator on A speaks; a seat on B hears it, named by its number."""
    published: list[str] = []

    class Store(MemoryStore):
        def publish(self, payload: str) -> None:
            published.append(payload)

    async def scenario() -> tuple[dict[str, Any], list[str]]:
        store = Store()
        a, b = TableService(store, FAST), TableService(store, FAST)
        await a.start()
        a.cluster = Cluster(a, "postgresql://unused")
        table_id = (await a.create_table(TOY, 2, seats=[{"kind": "human"}] * 2))["id"]
        token = (await a.take_seat(table_id, 0, "Ann"))["token"]
        await b.start()  # B loads the table from the store
        b.cluster = Cluster(b, "postgresql://unused")
        try:
            ann = await b.connect(table_id, token)
            await b.send_chat(ann)
            watcher = await a.connect(table_id, None, players=("guest:abc",))
            await a.say(watcher, "  good <b>luck</b> ")
            for _ in range(50):  # the sender thread
                if any(p.startswith("chat ") for p in published):
                    break
                await asyncio.sleep(0.01)
            for payload in published:
                if payload.startswith("chat "):
                    await b.cluster._heard(payload)
            messages = []
            while not ann.queue.empty():
                message = ann.queue.get_nowait()
                if message.get("type") == "chat" and not message.get("whole"):
                    messages.extend(message["messages"])
            assert len(messages) == 1, messages
            return messages[0], published
        finally:
            await b.stop()
            await a.stop()

    entry, _ = asyncio.run(scenario())
    assert entry["text"] == "good <b>luck</b>" and entry["seat"] is None and entry["watcher"] == 1


def test_what_a_process_publishes_is_sent_in_the_order_it_was_said() -> None:
    """A seat's sockets going 1 then 0 must reach the other processes in that order, however long each
    publish takes (each used to go on its own thread, and a later one could overtake)."""
    published: list[str] = []

    class Store(MemoryStore):
        def publish(self, payload: str) -> None:
            time.sleep(random.random() / 200)
            published.append(payload)

    async def scenario() -> None:
        service = TableService(Store(), FAST)
        cluster = Cluster(service, "postgresql://unused")
        for n in range(40):
            cluster.publish_presence("t", 0, n)
        for _ in range(400):
            if len(published) == 40:
                break
            await asyncio.sleep(0.01)
        await cluster.stop()

    asyncio.run(scenario())
    assert [int(p.split()[-1]) for p in published] == list(range(40))
