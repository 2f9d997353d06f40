"""Provably fair deals (tricktable/deals.py): a commitment shown from the start, players' contributions,
the seed made from both, the proof published with the record; ``tricktable verify`` on records from the web
table and from ``tricktable play``; a changed secret, contribution or action fails."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from conftest import FAST, TOY, serve
from tricktable import deals
from tricktable.cli.main import main
from tricktable.server import MemoryStore

MINE, YOURS = "00c0ffee" * 8, "5eed" * 4


def finished_table(client: TestClient) -> tuple[str, dict[str, Any]]:
    """A toy table of two people who each add randomness, played to the end over HTTP; its id and the
    commitment shown before the first card."""
    made = client.post("/api/tables", json={"game": TOY, "players": 2, "seats": [{"kind": "human"}] * 2,
                                            "options": {"hand": 3}}).json()
    shown = made["fair"]
    assert shown["commitment"] and "secret" not in shown  # committed before anyone sits
    tokens = [client.post(f"/api/tables/{made['id']}/seats/{seat}",
                          json={"name": name, "contribution": value}).json()["token"]
              for seat, (name, value) in enumerate((("Ann", MINE), ("Bea", YOURS)))]
    playing = client.get(f"/api/tables/{made['id']}").json()
    assert playing["fair"]["commitment"] == shown["commitment"] and playing["fair"]["contributed"] == [0, 1]
    chooser = random.Random(1)
    for _ in range(500):
        found = client.get(f"/api/tables/{made['id']}").json()
        if found["status"] == "over":
            break
        for seat in found["actors"]:
            view = client.get(f"/api/tables/{made['id']}/view", params={"token": tokens[seat]}).json()
            if view["legal"]:
                client.post(f"/api/tables/{made['id']}/actions",
                            json={"token": tokens[seat], "action": chooser.choice(view["legal"])["action"]})
    return made["id"], shown


def test_a_web_tables_record_verifies_and_its_seed_comes_from_the_secret_and_both_contributions(
        tmp_path: Path) -> None:
    with serve(MemoryStore(), FAST) as client:
        table_id, shown = finished_table(client)
        live = client.app.state.service.tables[table_id]  # type: ignore[attr-defined]
        record = client.get(f"/api/tables/{table_id}/record").json()
        text = client.get(f"/api/tables/{table_id}/record", params={"format": "text"}).text
    fair = record["fair"]
    assert fair["commitment"] == shown["commitment"] and fair["contributions"] == [[0, MINE], [1, YOURS]]
    assert int(record["seed"]) == deals.seed_of(table_id, fair["secret"], {0: MINE, 1: YOURS}) == live.state.seed
    assert deals.check(record) == []
    assert deals.check(deals.read(text)) == []
    for name, body in (("web.json", json.dumps(record)), ("web.txt", text)):
        (tmp_path / name).write_text(body)
        assert main(["verify", str(tmp_path / name)]) == 0


def test_a_changed_secret_contribution_or_action_fails() -> None:
    with serve(MemoryStore(), FAST) as client:
        table_id, _ = finished_table(client)
        record = client.get(f"/api/tables/{table_id}/record").json()
    secret = copy.deepcopy(record)
    secret["fair"]["secret"] = "f" + secret["fair"]["secret"][1:]
    assert "the secret does not match the commitment shown at the start" in deals.check(secret)
    contribution = copy.deepcopy(record)
    contribution["fair"]["contributions"][1][1] = "5eed5eed5eed5eef"
    assert deals.check(contribution)[0] == "the seed is not the one the secret and the contributions make"
    action = copy.deepcopy(record)
    seat, text = action["actions"][-1]
    action["actions"][-1] = [seat, text + "x"]
    assert any("do not replay" in problem for problem in deals.check(action))
    other_seed = copy.deepcopy(record)
    other_seed["seed"] = str(int(record["seed"]) + 1)
    assert deals.check(other_seed)[0] == "the seed is not the one the secret and the contributions make"


def test_the_secret_is_never_sent_before_the_end() -> None:
    with serve(MemoryStore(), FAST) as client:
        made = client.post("/api/tables", json={"game": TOY, "players": 2, "seats": [{"kind": "human"}] * 2}).json()
        token = client.post(f"/api/tables/{made['id']}/seats/0", json={"name": "Ann", "contribution": MINE}).json()
        secret = client.app.state.service.tables[made["id"]].fair["secret"]  # type: ignore[attr-defined]
        sent = json.dumps([made, token, client.get("/api/tables").json(),
                           client.get(f"/api/tables/{made['id']}").json(),
                           client.get(f"/api/tables/{made['id']}/view", params={"token": token["token"]}).json()])
        assert secret not in sent and secret[:16] not in sent
        assert client.get(f"/api/tables/{made['id']}/record").json()["code"] == "record/hidden"


def test_a_bad_contribution_is_refused_with_a_typed_error() -> None:
    with serve(MemoryStore(), FAST) as client:
        made = client.post("/api/tables", json={"game": TOY, "players": 2, "seats": [{"kind": "human"}] * 2}).json()
        refused = client.post(f"/api/tables/{made['id']}/seats/0", json={"name": "Ann", "contribution": "XYZ!"})
        assert refused.status_code == 422 and refused.json()["code"] == "options/bad"


def test_a_game_of_tricktable_play_verifies_and_a_chosen_seed_does_not(tmp_path: Path) -> None:
    saved = tmp_path / "play.txt"
    assert main(["play", "trickster", "--players", "3", "--seat", "-1", "--bots", "random",
                 "--save", str(saved)]) == 0
    assert "fair-commitment:" in saved.read_text()
    assert main(["verify", str(saved)]) == 0
    assert main(["verify", str(saved), "--lang", "ja"]) == 0
    chosen = tmp_path / "chosen.txt"
    assert main(["play", "trickster", "--players", "3", "--seat", "-1", "--bots", "random", "--seed", "7",
                 "--save", str(chosen)]) == 0
    assert main(["verify", str(chosen)]) == 1  # nothing was committed to: it says so


@pytest.mark.parametrize("bad", ["", "{not json", "game: x\n\n0 y\n"])
def test_verify_says_an_unreadable_record_cannot_be_read(tmp_path: Path, bad: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(bad)
    assert main(["verify", str(path)]) == 2
