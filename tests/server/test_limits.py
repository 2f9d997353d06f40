"""Finding 6: limits everywhere, each refused with a typed error (docs/protocol.md, "Limits")."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from conftest import FAST, TOY, new_table, seat_socket, seated_table, serve
from tricktable.server import MemoryStore, Settings, TableService
from tricktable.server.fanout import CLOSE_SLOW, Outbox, pump
from tricktable.server.limits import CLOSE_BINARY, CLOSE_EXPIRED, Limits, RateLimiter


def limited(**changes: Any) -> Settings:
    return dataclasses.replace(FAST, limits=dataclasses.replace(FAST.limits, **changes))


@pytest.fixture
def small() -> Iterator[TestClient]:
    with serve(MemoryStore(), limited(body_bytes=2000, message_bytes=500, json_depth=8)) as client:
        yield client




def next_not_view(ws: Any) -> dict[str, Any]:
    while (message := ws.receive_json())["type"] == "view":
        pass
    return dict(message)


def test_an_oversized_body_is_refused_before_it_is_read_whole(small: TestClient) -> None:
    response = small.post("/api/tables", content=b'{"game": "' + b"x" * 10_000 + b'"}',
                          headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.json()["code"] == "message/too-large"
    assert small.get("/api/tables").json() == []


def test_deep_json_is_a_typed_error_not_a_server_error(small: TestClient) -> None:
    for depth in (20, 1000, 100_000 // 2):
        body = '{"game": ' + "[" * depth + "]" * depth + "}"
        if len(body) > 2000:  # past the body cap the size is what is refused
            continue
        response = small.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert response.status_code == 400 and response.json()["code"] == "message/too-deep", response.text
    with serve(MemoryStore(), FAST) as roomy:  # a 100k-deep body within the default size cap
        body = "[" * 30_000 + "]" * 30_000
        response = roomy.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert response.status_code == 400 and response.json()["code"] == "message/too-deep"


def test_an_illegal_action_is_not_echoed_back_in_full(client: TestClient) -> None:
    table_id, tokens = seated_table(client)
    response = client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[0], "action": "x" * 60_000})
    assert response.status_code == 422 and len(response.text) < 2000


def test_socket_input_each_gets_its_typed_error_and_the_game_goes_on(small: TestClient) -> None:
    table_id, tokens = seated_table(small)
    with seat_socket(small, table_id, tokens[0]) as ws:
        ws.send_text("[" * 50 + "]" * 50)
        assert next_not_view(ws)["code"] == "message/too-deep"
        ws.send_text(json.dumps({"type": "action", "action": "x" * 1000}))
        assert next_not_view(ws)["code"] == "message/too-large"
        ws.send_text("{not json")
        assert next_not_view(ws)["code"] == "message/malformed"
        ws.send_json({"type": "ping"})
        assert next_not_view(ws) == {"type": "pong"}
        ws.send_json({"type": "action", "action": "bid 1"})
        while (view := ws.receive_json())["type"] != "view" or view["table"]["step"] < 1:
            pass


def test_a_binary_frame_gets_an_error_and_a_close_code(small: TestClient) -> None:
    table_id, tokens = seated_table(small)
    with seat_socket(small, table_id, tokens[0]) as ws:
        ws.send_bytes(b"\x00\x01binary")
        assert next_not_view(ws)["code"] == "message/binary"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == CLOSE_BINARY


def test_requests_past_the_rate_are_refused_then_allowed_again() -> None:
    now = [1000.0]  # the limiter's clock, moved by hand: a busy machine's slow requests refill no bucket
    with serve(MemoryStore(), limited(rate=20, burst=5)) as client:
        client.app.state.rates.clock = lambda: now[0]  # type: ignore[attr-defined]
        codes = [client.get("/api/tables").status_code for _ in range(6)]
        assert codes == [200] * 5 + [429]
        assert client.get("/api/tables").json()["code"] == "limit/rate"
        now[0] += 0.2  # 20 a second: four more
        assert [client.get("/api/tables").status_code for _ in range(5)] == [200] * 4 + [429]


def test_socket_messages_past_the_rate_get_an_error() -> None:
    with serve(MemoryStore(), limited(rate=1, burst=20)) as client:
        table = new_table(client, players=2)
        with seat_socket(client, table["id"]) as ws:
            for _ in range(30):
                ws.send_json({"type": "ping"})
            replies = [next_not_view(ws) for _ in range(30)]
        assert replies.count({"type": "pong"}) < 30
        assert any(r.get("code") == "limit/rate" for r in replies)


def test_a_client_may_hold_only_so_many_live_tables() -> None:
    with serve(MemoryStore(), limited(tables_per_client=2, tables_total=3)) as client:
        new_table(client)
        new_table(client)
        refused = client.post("/api/tables", json={"game": TOY, "players": 2})
        assert refused.status_code == 429 and refused.json()["code"] == "limit/tables"
        service: TableService = client.app.state.service  # type: ignore[attr-defined]
        service.quota.by_client.clear()  # as if the tables were another client's: now the total is the limit
        new_table(client)
        assert client.post("/api/tables", json={"game": TOY, "players": 2}).json()["code"] == "limit/tables"


def test_a_waiting_table_expires_and_its_listeners_are_told() -> None:
    store = MemoryStore()
    with serve(store, limited(waiting_ttl=0.3)) as client:
        waiting = new_table(client, players=2)
        playing, _ = seated_table(client)
        with seat_socket(client, waiting["id"]) as ws:
            assert ws.receive_json()["type"] == "view"
            assert next_not_view(ws)["code"] == "table/expired"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == CLOSE_EXPIRED
        assert client.get(f"/api/tables/{waiting['id']}").json()["code"] == "table/unknown"
        assert [t["id"] for t in client.get("/api/tables").json()] == [playing]
        assert waiting["id"] not in store.rows and playing in store.rows


def test_a_listener_that_never_reads_holds_a_bounded_queue() -> None:
    async def main() -> Outbox:
        service = TableService(MemoryStore(), limited(queue_messages=5))
        await service.start()
        try:
            summary = await service.create_table(TOY, 2, {"hand": 4}, [{"kind": "human"}] * 2, seed=3)
            tokens = [(await service.take_seat(summary["id"], seat, f"P{seat}"))["token"] for seat in (0, 1)]
            listener = await service.connect(summary["id"], None)
            for step in range(10):
                view = await service.view(summary["id"], tokens[0])
                actor = view["table"]["actors"][0] if step else 0
                mine = await service.view(summary["id"], tokens[actor])
                await service.act(summary["id"], tokens[actor], mine["legal"][0]["action"])
            return listener.queue
        finally:
            await service.stop()

    queue = asyncio.run(main())
    assert queue.overflowed and queue.qsize() == 0


class StuckSocket:
    """A client that never reads: every send waits for ever."""

    def __init__(self) -> None:
        self.sent = 0
        self.closed: int | None = None

    async def send_text(self, data: str) -> None:
        self.sent += 1
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = code


def test_a_slow_consumer_is_dropped_with_a_close_code_even_mid_send() -> None:
    @dataclasses.dataclass
    class Listener:
        queue: Outbox
        closing: int | None = None

    async def main() -> StuckSocket:
        from tricktable.server.fanout import pump_task

        socket, listener = StuckSocket(), Listener(Outbox(limit=3))
        task = pump_task(socket, listener)
        for i in range(10):
            listener.queue.put_nowait({"type": "error", "code": "x", "message": str(i)})
            await asyncio.sleep(0)
        await asyncio.wait_for(task, 2)
        return socket

    socket = asyncio.run(main())
    assert socket.sent == 1 and socket.closed == CLOSE_SLOW
    assert pump is not None


def test_a_view_is_encoded_once_per_seat_view_not_per_connection(client: TestClient,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    table_id, tokens = seated_table(client)
    with contextlib.ExitStack() as stack:
        spectators = [stack.enter_context(seat_socket(client, table_id)) for _ in range(20)]
        for ws in spectators:
            ws.receive_json()
        encoded: list[Any] = []
        dumps = json.dumps

        def counting(value: Any, *args: Any, **kwargs: Any) -> str:
            if isinstance(value, dict) and value.get("type") == "view":
                encoded.append(value)
            return dumps(value, *args, **kwargs)

        monkeypatch.setattr(json, "dumps", counting)
        assert client.post(f"/api/tables/{table_id}/actions", json={"token": tokens[0], "action": "bid 1"}).is_success
        for ws in spectators:
            assert ws.receive_json()["table"]["step"] == 1
        monkeypatch.setattr(json, "dumps", dumps)
        assert 1 <= len(encoded) <= 2  # the spectators' view (and the HTTP reply's), not one per spectator


def test_the_rate_limiter_refills_and_forgets_idle_clients() -> None:
    moment = [0.0]
    rates = RateLimiter(rate=2, burst=2, clock=lambda: moment[0])
    assert [rates.allow("a") for _ in range(3)] == [True, True, False]
    moment[0] = 0.5
    assert rates.allow("a") and not rates.allow("a")
    assert RateLimiter(rate=0, burst=0).allow("anyone")


def test_every_limit_is_a_serve_option_and_documented() -> None:
    from pathlib import Path

    from tricktable.cli.main import parser

    help_text = parser().parse_args(["serve"])
    protocol = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    for f in dataclasses.fields(Limits):
        option = "--" + f.name.replace("_", "-")
        assert hasattr(help_text, f.name), f"tricktable serve has no {option}"
        assert f"`{option}`" in protocol, f"docs/protocol.md does not list {option}"
    for code in ("message/too-large", "message/too-deep", "message/binary", "limit/rate", "limit/tables",
                 "table/expired"):
        assert f"`{code}`" in protocol
