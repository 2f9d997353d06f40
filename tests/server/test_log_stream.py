"""The log as a stream on the socket: the whole log once, then only new lines; gaps resync exactly."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import WebSocketTestSession

from conftest import new_table, seat_socket, seated_table, serve, take
from tricktable.server import MemoryStore, Settings
from tricktable.server.table import POSITION, Seat, apply_changes, base_of, changes, join_views


def next_view(ws: WebSocketTestSession) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "view":
            return message


def whole_log(client: TestClient, table_id: str, token: str | None) -> list[dict[str, Any]]:
    params = {"token": token} if token else {}
    view = client.get(f"/api/tables/{table_id}/view", params=params).json()
    assert view["log_from"] == 0
    lines: list[dict[str, Any]] = view["log"]
    return lines


def append(log: list[dict[str, Any]], message: dict[str, Any]) -> list[dict[str, Any]]:
    """What the client does: keep the lines before ``log_from``, add the message's."""
    return [line for line in log if line["i"] < message["log_from"]] + message["log"]


def play_some(client: TestClient, table_id: str, tokens: list[str], count: int) -> None:
    for _ in range(count):
        view = client.get(f"/api/tables/{table_id}/view").json()
        actor = view["table"]["actors"][0]
        mine = client.get(f"/api/tables/{table_id}/view", params={"token": tokens[actor]}).json()
        response = client.post(f"/api/tables/{table_id}/actions",
                               json={"token": tokens[actor], "action": mine["legal"][0]["action"]})
        assert response.status_code == 200, response.text


def test_the_first_view_has_the_whole_log_and_later_ones_only_new_lines(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=2)
    with seat_socket(client, table_id, tokens[0]) as ws:
        first = next_view(ws)
        assert first["log_from"] == 0 and first["log"] == whole_log(client, table_id, tokens[0])
        assert first["log"], "the deal is logged"
        line = first["log"][0]
        assert set(line) - {"by_standin"} == {"i", "text", "seat", "kind"} and isinstance(line["text"], str)
        log, at = first["log"], first["log_next"]
        for _ in range(6):
            play_some(client, table_id, tokens, 1)
            message = next_view(ws)
            assert message["log_from"] == at, "each message starts where the last ended"
            assert all(line["i"] >= at for line in message["log"])
            log, at = append(log, message), message["log_next"]
        assert log == whole_log(client, table_id, tokens[0])
        assert "log" not in message["view"]


def test_a_client_that_missed_messages_resyncs_and_recovers_exactly(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=2)
    with seat_socket(client, table_id, tokens[1]) as ws:
        first = next_view(ws)
        log, at = first["log"], first["log_next"]
        play_some(client, table_id, tokens, 2)
        lost = next_view(ws)  # as if this message never arrived
        assert lost["log"], "the lost message had lines"
        gap = next_view(ws)
        assert gap["log_from"] > at, "the client sees a gap"
        ws.send_json({"type": "resync", "since": at})
        again = next_view(ws)
        assert again["log_from"] == at
        log, at = append(log, again), again["log_next"]
        assert log == whole_log(client, table_id, tokens[1])
        play_some(client, table_id, tokens, 1)
        after = next_view(ws)
        assert after["log_from"] == at, "after a resync the stream carries on from the resync's end"
        assert append(log, after) == whole_log(client, table_id, tokens[1])


def test_a_reconnect_gets_the_whole_log_once(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=2)
    with seat_socket(client, table_id, tokens[0]) as ws:
        next_view(ws)
    play_some(client, table_id, tokens, 3)
    with seat_socket(client, table_id, tokens[0]) as ws:
        back = next_view(ws)
        assert back["log_from"] == 0 and back["log"] == whole_log(client, table_id, tokens[0])
        assert back["log_next"] >= max(line["i"] for line in back["log"]) + 1


def test_a_spectator_stream_and_the_http_view_from_an_index(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=2)
    play_some(client, table_id, tokens, 4)  # two bids (the spectator sees neither, then both shown), two cards
    whole = whole_log(client, table_id, None)
    assert [line["kind"] for line in whole] == ["bids", "play", "play", "take"]
    part = client.get(f"/api/tables/{table_id}/view", params={"since": whole[0]["i"] + 1}).json()
    assert part["log_from"] == whole[0]["i"] + 1 and part["log"] == whole[1:]
    past = client.get(f"/api/tables/{table_id}/view", params={"since": 10**6}).json()
    assert past["log"] == [] and past["log_from"] == past["log_next"], "an index past the end is the end"


def test_a_bad_resync_gets_an_error_and_the_stream_goes_on(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=2)
    with seat_socket(client, table_id, tokens[0]) as ws:
        first = next_view(ws)
        for bad in ({"type": "resync", "since": -1}, {"type": "resync", "since": "3"},
                    {"type": "resync", "since": True}):
            ws.send_json(bad)
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "message/malformed"
        ws.send_json({"type": "resync"})  # no index: the whole log
        again = next_view(ws)
        assert again["log_from"] == 0 and again["log"] == first["log"]


def test_lines_of_a_stand_in_move_are_marked_and_the_marks_are_stored() -> None:
    settings = Settings(grace=0.1, bot_delay=0.0, bot_workers=0)
    with serve(MemoryStore(), settings) as client:
        table = new_table(client, players=2, seats=[{"kind": "human", "bot": "random"}, {"kind": "bot"}],
                          options={"hand": 4}, seed=3)
        token = take(client, table["id"], 0)
        with seat_socket(client, table["id"], token) as ws:
            next_view(ws)
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{table['id']}").json()["step"] < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        log = whole_log(client, table["id"], token)
        marked = [line for line in log if line.get("by_standin")]
        assert marked and all(line["seat"] == 0 for line in marked), "the stand-in's lines name seat 0"
        assert not any(line.get("by_standin") for line in log if line["seat"] == 1), "a bot seat has no stand-in"
        live = client.app.state.service.tables[table["id"]]  # type: ignore[attr-defined]
        stored = live.seats[0]
        # a line's position is in the seat's own log; the marks are stored by the game's event index
        events = [i for i, _ in live.state.log_entries(0, 0)[1]]
        # the stand-in's events the seat cannot see (the toy's bid as the others see it) are marked too
        assert {events[line["i"]] for line in marked} <= set(stored.standin_events)
        assert Seat.from_json(stored.to_json()).standin_events == stored.standin_events


def test_views_a_slow_sender_joins_keep_every_line() -> None:
    def message(start: int, end: int, step: int) -> dict[str, Any]:
        return {"type": "view", "table": {"step": step}, "log_from": start, "log_next": end,
                "log": [{"i": i, "text": f"line {i}"} for i in range(start, end)]}

    joined = join_views(join_views(message(0, 3, 1), message(3, 5, 2)), message(5, 9, 3))
    assert joined["table"]["step"] == 3 and [line["i"] for line in joined["log"]] == list(range(9))
    assert joined["log_from"] == 0 and joined["log_next"] == 9
    resynced = join_views(message(4, 6, 1), message(2, 7, 2))  # a resync reply repeats older lines
    assert resynced["log_from"] == 2 and [line["i"] for line in resynced["log"]] == list(range(2, 7))
    assert join_views(message(0, 3, 1), message(5, 7, 2))["log_from"] == 5, "a gap is left for the client"


def test_a_replay_frame_has_line_objects(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=2)
    while client.get(f"/api/tables/{table_id}").json()["status"] != "over":
        play_some(client, table_id, tokens, 1)
    frame = client.get(f"/api/replays/{table_id}", params={"step": 3, "seat": 0}).json()
    assert frame["log_from"] == 0 and frame["log"] and all(isinstance(line["text"], str) for line in frame["log"])
    end = client.get(f"/api/replays/{table_id}", params={"seat": 0}).json()
    assert end["log"] == whole_log(client, table_id, tokens[0])


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["a", "b", ""]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["x", "y", "a/b", "t~1", "-", "0"]), inner, max_size=4),
    max_leaves=12)
objects = st.dictionaries(st.sampled_from(["table", "view", "legal", "k/~"]), json_values, max_size=4)


@given(old=objects, new=objects)
def test_changes_turn_one_position_into_another_and_leave_the_old_one_alone(old: Any, new: Any) -> None:
    kept = repr(old)
    assert apply_changes(old, changes(old, new)) == new
    assert repr(old) == kept, "applying changes must copy, not edit, what it is given"
    assert changes(new, new) == []


def test_changes_send_a_list_that_grew_as_its_new_items_and_keep_nulls() -> None:
    old = {"view": {"trick": [1, 2], "leader": 3, "gone": 1, "sizes": [5, 5, 5, 5]}}
    new = {"view": {"trick": [1, 2, 7], "leader": None, "sizes": [5, 4, 5, 5]}}
    assert sorted(changes(old, new), key=str) == sorted(
        [["/view/gone"], ["/view/leader", None], ["/view/sizes/1", 4], ["/view/trick/-", [7]]], key=str)


def test_changes_send_a_list_that_lost_or_swapped_a_few_items_as_a_splice() -> None:
    hand, legal = ["B2", "B6", "Y4", "R2", "R12"], ["use insight", "use double-cube", "ready 0/3", "ready 1/2"]
    old = {"view": {"hand": hand}, "legal": legal}
    new = {"view": {"hand": ["B2", "B6", "R2", "R12"]}, "legal": legal[1:]}
    edits = changes(old, new)
    assert edits == [["/view/hand", 2, 1, []], ["/legal", 0, 1, []]]
    assert apply_changes(old, edits) == new and old["view"]["hand"] == hand, "a splice edits a copy"
    assert changes({"a": [1, 2]}, {"a": [3, 4, 5]}) == [["/a", [3, 4, 5]]], "nothing kept: the list whole"


def test_a_changes_listener_that_misses_one_resyncs_to_a_whole_view(client: TestClient) -> None:
    table_id, tokens = seated_table(client, players=2)
    with seat_socket(client, table_id, tokens[0]) as ws:
        first = next_view(ws)
        assert "changes" not in first and first["pos"] == 1
        ws.send_json({"type": "changes"})
        position, pos, log = {k: first[k] for k in POSITION}, first["pos"], first["log"]
        play_some(client, table_id, tokens, 1)
        one = next_view(ws)
        assert "changes" in one and "view" not in one and base_of(one) == pos
        position, pos, log = apply_changes(position, one["changes"]), one["pos"], append(log, one)
        play_some(client, table_id, tokens, 2)
        next_view(ws)  # lost
        gap = next_view(ws)
        assert base_of(gap) != pos, "the client can tell it missed a message"
        ws.send_json({"type": "resync", "since": log[-1]["i"] + 1 if log else 0})
        whole = next_view(ws)
        assert "changes" not in whole and whole["view"] == client.get(
            f"/api/tables/{table_id}/view", params={"token": tokens[0]}).json()["view"]
        assert append(log, whole) == whole_log(client, table_id, tokens[0])
        play_some(client, table_id, tokens, 1)
        after = next_view(ws)
        assert base_of(after) == whole["pos"], "changes carry on from the resync's view"


def test_views_a_slow_sender_joins_keep_every_change() -> None:
    full = {"type": "view", "pos": 4, "table": {"step": 1}, "view": {"hand": ["a", "b"]}, "legal": [],
            "seat": 0, "lang": "en", "why_not": {}, "prompt": "", "result": None, "undo": False, "notes": [],
            "log": [], "log_from": 0, "log_next": 0}
    one = {"type": "view", "pos": 5, "changes": [["/table/step", 2]], "log": [], "log_from": 0, "log_next": 0}
    two = {"type": "view", "pos": 6, "changes": [["/view/hand", ["a"]]], "log": [], "log_from": 0, "log_next": 0}
    both = join_views(one, two)
    assert base_of(both) == 4 and both["pos"] == 6 and both["changes"] == one["changes"] + two["changes"]
    whole = join_views(full, both)
    assert "changes" not in whole and whole["table"] == {"step": 2} and whole["view"] == {"hand": ["a"]}
    assert whole["pos"] == 6


def test_lines_written_before_a_seat_was_taken_are_sent_again_with_its_name(client: TestClient) -> None:
    """A line said while a seat was free names it "Player 2"; once someone sits there, every listener gets
    the whole log again (``log_from`` 0) in their names, so no line keeps a seat number."""
    table = new_table(client, game="trickster", players=3, seed=4, options={"rounds": 1})
    ann = take(client, table["id"], 0, "Ann")
    with seat_socket(client, table["id"], ann) as ws, seat_socket(client, table["id"]) as spectator:
        first = [next_view(w) for w in (ws, spectator)]
        assert any("Player 2" in line["text"] or "Player 3" in line["text"] for line in first[0]["log"])
        take(client, table["id"], 1, "Bob")
        take(client, table["id"], 2, "Cy")
        for w in (ws, spectator):
            view = next_view(w)
            while "Cy" not in " ".join(s["name"] for s in view["table"]["seats"]):
                view = next_view(w)
            assert view["log_from"] == 0 and view["log"], view["log_from"]
            assert not any("Player " in line["text"] for line in view["log"]), view["log"]
