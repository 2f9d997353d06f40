"""The web view message speaks the seat's language with the table's names (#12 items 3-5): log lines and
labels carry the seats' names (no "seat N"), `why_not` explains dimmed cards, `result` is translated."""

from __future__ import annotations

import re

from tricktable.engine import Rng, load_game
from tricktable.server.table import Seat, Table


def table_of(game: str, players: int, **options: object) -> Table:
    state = load_game(game, players, **options).new_state(7)
    names = ["Ann", "ボブ", "", "Dai"][:players]  # a blank name reads "Player 3"
    seats = [Seat(kind="human", bot="random", name=n) for n in names]
    return Table(id="t", state=state, seats=seats, status="playing")


def test_the_view_message_names_players_explains_dimmed_cards_and_the_result() -> None:
    table = table_of("megalomania", 3, rounds=8)
    state = table.state
    rng = Rng(1)
    explained = 0
    while not state.is_over:
        seat = rng.choice(state.actors)
        message = table.view(seat, "ja")
        # the cards a seat plays from: its hand, and its face-up cards on the table (mission 18's covered rows)
        covered = message["view"]["table"].get("covered") or []
        hand = set(message["view"]["hand"]) | (set(covered[seat]["face_up"]) if covered else set())
        assert set(message["why_not"]) <= hand
        assert message["prompt"] and re.search("[ぁ-んァ-ン]", message["prompt"])
        explained += len(message["why_not"])
        for line in [entry["text"] for entry in message["log"]] + [a["label"] for a in message["legal"]]:
            assert not re.search(r"席\d|seat \d|\[", line), line
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert explained > 0
    table.status = "over"
    message = table.view(0, "ja")
    assert message["why_not"] == {} and message["result"]["rows"]
    assert any("プレイヤー3" in line["text"] or "Ann" in line["text"] for line in message["log"])
    assert message["result"]["rows"][0]["parts"][0]["label"].startswith("ラウンド1")
    assert "result" not in message["view"], "the message says the result itself, in the seat's language"
    english = table.view(0, "en")
    assert "Ann" in " ".join(line["text"] for line in english["log"])
    assert english["result"]["rows"][0]["parts"][0]["label"].startswith("round")


def test_the_reference_of_a_table_follows_its_options() -> None:
    import asyncio

    from tricktable.server.service import TableService

    service = TableService.__new__(TableService)
    table = table_of("megalomania", 3, rounds=8, mission_points=[7] + [1] * 24)
    service.tables = {"t": table}
    reference = asyncio.run(service.reference("t", "ja"))
    missions = next(s for s in reference["sections"] if s["key"] == "missions")
    assert missions["items"][0]["text"].startswith("ちょうど3トリック: +7")
