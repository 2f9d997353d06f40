"""No message sent to a seat ever names a card that seat may not know, over whole games of every game.

Each message is checked against the game replayed to the message's step: its ``view`` must be exactly the
engine's observation for that seat, and every card text anywhere in the message (labels, log lines, the
summary) must also appear in that observation. The engine's shared suite checks observations leak
nothing; this checks the server adds nothing to them.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections import defaultdict
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from conftest import GAMES_UNDER_TEST, new_table, seat_socket, take
from tricktable.engine import GameRecord, Rng, game_class, load_game
from tricktable.server.table import POSITION, apply_changes, base_of

WORD = re.compile(r"[^\s\"',.:;()\[\]{}]+")


def words(data: Any) -> set[str]:
    return set(WORD.findall(json.dumps(data, ensure_ascii=False)))


def players_for(game: str) -> int:
    """Three players where the game allows (hidden hands on both sides of a seat), else its least."""
    cls = game_class(game)
    return max(cls.min_players, min(3, cls.max_players))


# a whole game with fewer steps where the game publishes a short form (megalomania: the 8-round game)
SHORT = {"megalomania": {"rounds": 8}}


def first_index(record: GameRecord, seat: int | None) -> dict[int, int]:
    """A seat's step (the actions it knows of: not the others' secret ones) -> the first index of the record
    at which it has that step. Later secret actions of others must not change what the seat sees."""
    game = load_game(record.game, record.players, **record.options)
    known, first = 0, {0: 0}
    for i, (player, text) in enumerate(record.actions, start=1):
        if player == seat or not game.is_secret(game.parse_action(text)):
            known += 1
            first[known] = i
    return first


def check_messages(game: str, record: dict[str, Any], received: dict[int | None, list[dict[str, Any]]]) -> int:
    """Check every view message against the replayed game; returns how many were checked.

    The log comes in increments: a message's lines must be exactly the events the seat may see from its
    ``log_from`` to its ``log_next``, and the increments of a connection, appended, its whole visible log.
    """
    replay = GameRecord.from_json(record)
    state = load_game(replay.game, replay.players, **replay.options).new_state(replay.seed)
    cards = set(state.all_cards())
    by_step: dict[int, list[tuple[int | None, dict[str, Any]]]] = defaultdict(list)
    for seat, messages in received.items():
        first = first_index(replay, seat)
        for message in messages:
            if message["type"] == "view":
                by_step[first[message["table"]["step"]]].append((seat, message))
    checked = 0
    for step in range(len(replay.actions) + 1):
        if step:
            player, text = replay.actions[step - 1]
            state.apply(text, player)
        for seat, message in by_step.get(step, []):
            observation = state.observe(seat)
            # the view is the observation but for what the message says in words: the actions, the result
            said = {key: value for key, value in observation.items() if key not in ("legal", "result")}
            assert message["view"] == said, f"{game} step {step}: seat {seat} got another view"
            if message["table"]["status"] == "playing":
                assert [a["action"] for a in message["legal"]] == observation["legal"]
            assert (message["result"] is None) == (observation.get("result") is None)
            # positions count the seat's own log: every event it may see, and nothing of the others'
            visible = state.visible_events(seat)
            assert message["log_next"] == len(visible), f"{game} step {step}: the log stands elsewhere"
            entries = visible[message["log_from"]:]
            assert [line["i"] for line in message["log"]] == list(range(message["log_from"], len(visible)))
            assert [line["kind"] for line in message["log"]] == [e.kind for e in entries], f"{game} step {step}: log"
            # what the seat may know: its position and the events it may see (the engine's own checks)
            known = (words(observation) | words([e.to_json() for e in state.visible_events(seat)])) & cards
            rest = {key: value for key, value in message.items() if key != "view"}  # the view was compared whole
            leaked = (words(rest) & cards) - known
            assert not leaked, f"{game} step {step}: seat {seat} was sent hidden cards {sorted(leaked)}"
            checked += 1
    for seat, messages in received.items():
        lines = appended([m for m in messages if m["type"] == "view"])
        last = [m for m in messages if m["type"] == "view"][-1]
        kinds = [e.kind for e in state.visible_events(seat)][:last["log_next"]]
        assert [line["i"] for line in lines] == list(range(last["log_next"])), f"{game}: seat {seat}'s log has a gap"
        assert [line["kind"] for line in lines] == kinds, f"{game}: seat {seat}'s log is not its visible log"
    return checked


def appended(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A client's log: each view's lines appended (the lines from ``log_from`` on replaced), no gap allowed."""
    lines: list[dict[str, Any]] = []
    at = 0
    for view in views:
        assert view["log_from"] <= at, f"a gap: the log is at {at}, the message starts at {view['log_from']}"
        lines = [line for line in lines if line["i"] < view["log_from"]] + view["log"]
        at = view["log_next"]
    return lines


class Rebuilt:
    """A socket's view messages made whole again (what the client's ViewStream does), each keeping the
    message as sent under ``sent``, so the words of the changes themselves are checked too."""

    def __init__(self) -> None:
        self.pos: int | None = None
        self.position: dict[str, Any] = {}

    def take(self, message: dict[str, Any]) -> dict[str, Any]:
        if message["type"] != "view":
            return message
        if "changes" in message:
            assert base_of(message) == self.pos, "a changes message that does not follow the last view"
            position = apply_changes(self.position, message["changes"])
        else:
            position = {key: message[key] for key in POSITION}
        self.pos, self.position = message["pos"], position
        rest = {key: value for key, value in message.items() if key not in ("changes", "pos_base")}
        return {**rest, **position, "sent": message}


def drain(ws: WebSocketTestSession, into: list[dict[str, Any]], step: int, rebuilt: Rebuilt | None = None
          ) -> dict[str, Any]:
    """Read views into ``into`` until one is at ``step`` or later; return it."""
    rebuilt = rebuilt or Rebuilt()
    while True:
        message = rebuilt.take(ws.receive_json())
        into.append(message)
        if message["type"] == "view" and message["table"]["step"] >= step:
            return message


@pytest.mark.parametrize("as_changes", [False, True], ids=["whole", "changes"])
@pytest.mark.parametrize("game", GAMES_UNDER_TEST)
def test_no_player_or_spectator_is_sent_a_hidden_card_in_a_whole_game(client: TestClient, game: str,
                                                                      as_changes: bool) -> None:
    players = players_for(game)
    table = new_table(client, game=game, players=players, seed=21, options=SHORT.get(game, {}))
    tokens = [take(client, table["id"], seat) for seat in range(players)]
    received: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in [None, *range(players)]}
    rng = Rng(21)
    with contextlib.ExitStack() as opened:
        sockets = {seat: opened.enter_context(seat_socket(client, table["id"], token))
                   for seat, token in [(None, None), *enumerate(tokens)]}
        rebuilt = {seat: Rebuilt() for seat in sockets}
        views = {seat: drain(ws, received[seat], 0, rebuilt[seat]) for seat, ws in sockets.items()}
        if as_changes:
            for ws in sockets.values():
                ws.send_json({"type": "changes"})
        known = dict.fromkeys(sockets, 0)  # each seat's step: a secret action is told to its seat only
        rules = load_game(game, players, **SHORT.get(game, {}))
        while views[None]["table"]["status"] != "over":
            actor = rng.choice(views[None]["table"]["actors"])
            choice = rng.choice(views[actor]["legal"])["action"]
            sockets[actor].send_json({"type": "action", "action": choice})
            told = [actor] if rules.is_secret(rules.parse_action(choice)) else list(sockets)
            for seat in told:
                known[seat] += 1
                views[seat] = drain(sockets[seat], received[seat], known[seat], rebuilt[seat])
    record = client.get(f"/api/tables/{table['id']}/record").json()
    secret = sum(rules.is_secret(rules.parse_action(text)) for _, text in record["actions"])
    public = len(record["actions"]) - secret
    assert check_messages(game, record, received) >= (players + 1) * public + secret
    if as_changes:
        sent = [m["sent"] for messages in received.values() for m in messages if m["type"] == "view"]
        assert sum("changes" in m for m in sent) >= players * public, "changes were sent"


@pytest.mark.parametrize("game", GAMES_UNDER_TEST)
def test_a_player_among_bots_is_sent_no_hidden_card(client: TestClient, game: str) -> None:
    players = players_for(game)
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    table = new_table(client, game=game, players=players, seats=seats, seed=8, options=SHORT.get(game, {}))
    token = take(client, table["id"], 0)
    received: dict[int | None, list[dict[str, Any]]] = {0: []}
    rng, acted = Rng(8), -1
    with seat_socket(client, table["id"], token, "ja") as ws:
        while True:
            message = ws.receive_json()
            received[0].append(message)
            if message["type"] != "view":
                continue
            if message["table"]["status"] == "over":
                break
            if message["legal"] and message["table"]["step"] != acted:
                acted = message["table"]["step"]
                ws.send_json({"type": "action", "action": rng.choice(message["legal"])["action"]})
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert check_messages(game, record, received) >= len(record["actions"]) // 10  # a slow reader skips views
