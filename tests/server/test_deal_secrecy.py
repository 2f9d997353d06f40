"""Issue 10, finding 1: a seat could recover the table's seed from its own first view, and with it every card.

The attack: deal every seed of the space the server draws from and keep those that give the seat its own
hand. Here it runs at reduced scale (2**14 seeds instead of 2**31) to show it works on SplitMix64 seeds and
on the secure generator alike when the unknown part of the seed is that small, and that a live table's
seed has 256 unknown bits, so the same search is out of reach; the seed is never in what a seat is sent.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from conftest import new_table, serve, take
from tricktable.engine import GameRecord, Rng, SecureRng, load_game, secure_seed
from tricktable.engine.rng import SECURE_FROM, rng_for
from tricktable.server import MemoryStore, Settings

GAME, PLAYERS = "masquerade", 3
SPACE = 1 << 14  # the reduced search: 2**14 candidates (the real one was 2**31)
LIVE = Settings(grace=30.0, bot_delay=0.0, bot_workers=0)  # the default rules: no chosen seeds with people


def hand_of(seed: int, seat: int = 0) -> list[str]:
    hand: list[str] = load_game(GAME, PLAYERS).new_state(seed).observe(seat)["hand"]
    return hand


def search(hand: list[str], base: int = 0) -> list[int]:
    """Every seed ``base + k`` (k below SPACE) that deals seat 0 exactly ``hand``."""
    game = load_game(GAME, PLAYERS)
    return [base + k for k in range(SPACE) if game.new_state(base + k).observe(0)["hand"] == hand]


def test_the_search_recovers_a_small_splitmix_seed_and_every_hidden_card() -> None:
    secret = 9_871  # somewhere in the searched space, as the server's 31-bit seeds were in theirs
    state = load_game(GAME, PLAYERS).new_state(secret)
    assert isinstance(state.rng, Rng) and not isinstance(state.rng, SecureRng)
    found = search(state.observe(0)["hand"])
    assert found == [secret]
    recovered = load_game(GAME, PLAYERS).new_state(found[0])
    assert [recovered.observe(p)["hand"] for p in (1, 2)] == [state.observe(p)["hand"] for p in (1, 2)]


def test_the_search_also_breaks_the_secure_generator_when_only_14_bits_are_unknown() -> None:
    # the method is not tied to SplitMix64: what protects a live table is that its seed has 256 unknown bits
    base = SECURE_FROM << 100
    secret = base + 4_242
    state = load_game(GAME, PLAYERS).new_state(secret)
    assert isinstance(state.rng, SecureRng)
    assert search(state.observe(0)["hand"], base) == [secret]


def test_a_live_tables_seed_is_out_of_reach_and_never_sent_until_the_end() -> None:
    with serve(MemoryStore(), LIVE) as client:
        table = new_table(client, game=GAME, players=PLAYERS)  # three people, no seed: a live table
        token = take(client, table["id"], 0)
        view = client.get(f"/api/tables/{table['id']}/view", params={"token": token}).json()
        sent = json.dumps([view, client.get("/api/tables").json(), client.get(f"/api/tables/{table['id']}").json()])
        live = client.app.state.service.tables[table["id"]].state  # type: ignore[attr-defined]
        seed = live.seed
        assert isinstance(live.rng, SecureRng)
        assert table["practice"] is False
        # the old seed space holds nothing that deals this hand
        assert search(view["view"]["hand"]) == []
        # the seed: 256 random bits above the marker; the search over it, at this machine's measured speed
        assert seed >> 256 == 1 and (seed & ((1 << 256) - 1)).bit_length() > 200
        started = time.perf_counter()
        search(view["view"]["hand"], base=SECURE_FROM << 10)
        per_candidate = (time.perf_counter() - started) / SPACE
        years = per_candidate * 2**256 / 3.2e7
        assert years > 1e60
        # nothing a seat or the lobby is sent carries the seed or a piece of it
        for piece in (str(seed), hex(seed)[2:18], str(seed & 0xFFFFFFFF), str(seed % 2**31)):
            assert piece not in sent
        assert client.get(f"/api/tables/{table['id']}/record").json()["code"] == "record/hidden"


def test_the_record_publishes_the_secure_seed_at_the_end_and_replays_bit_for_bit() -> None:
    with serve(MemoryStore(), LIVE) as client:
        seats = [{"kind": "bot", "bot": "random"}] * 2
        table = new_table(client, game="toytrick", players=2, seats=seats, options={"hand": 3})
        for _ in range(2000):
            if client.get(f"/api/tables/{table['id']}").json()["status"] == "over":
                break
            time.sleep(0.01)
        data: dict[str, Any] = client.get(f"/api/tables/{table['id']}/record").json()
        text = client.get(f"/api/tables/{table['id']}/record", params={"format": "text"}).text
    assert isinstance(data["seed"], str) and int(data["seed"]) >= SECURE_FROM  # a string: JavaScript keeps it whole
    record = GameRecord.from_json(data)
    assert GameRecord.loads(text).seed == record.seed
    replayed = record.replay()
    assert replayed.is_over and replayed.record().to_json() == {k: v for k, v in data.items() if k != "fair"}


def test_old_records_with_small_seeds_still_replay_on_splitmix() -> None:
    old = GameRecord(game=GAME, players=PLAYERS, seed=7)
    assert GameRecord.loads(old.dumps()).replay().observe(0)["hand"] == hand_of(7)
    assert type(rng_for(7)) is Rng and rng_for(7).next64() == Rng(7).next64()


def test_the_secure_generator_is_deterministic_and_clones_exactly() -> None:
    one, two = SecureRng(SECURE_FROM + 5), SecureRng(SECURE_FROM + 5)
    draws = [one.next64() for _ in range(20)]
    assert draws == [two.next64() for _ in range(20)]
    twin = one.clone()
    assert [one.below(52) for _ in range(30)] == [twin.below(52) for _ in range(30)]
    assert SecureRng(SECURE_FROM + 6).next64() != SecureRng(SECURE_FROM + 5).next64()


@pytest.mark.parametrize(("game", "players"), [("megalomania", 3), ("trickster", 3), ("masquerade", 3)])
def test_a_whole_game_on_a_secure_seed_replays_and_clones_bit_for_bit(game: str, players: int) -> None:
    options = {"rounds": 8} if game == "megalomania" else {}
    state = load_game(game, players, **options).new_state(secure_seed())
    chooser, twin = Rng(3), None
    while not state.is_over:
        if len(state.history) == 40:
            twin = state.clone()
        state.apply(chooser.choice(state.legal_actions(state.actors[0])), state.actors[0])
    replayed = GameRecord.from_json(json.loads(json.dumps(state.record().to_json()))).replay()
    assert [replayed.observe(p) for p in range(players)] == [state.observe(p) for p in range(players)]
    assert twin is not None
    for seat, action in state.history[40:]:  # the clone draws what the original drew
        twin.apply(action.text, seat)
    assert twin.record().to_json() == state.record().to_json() and twin.observe(None) == state.observe(None)


def test_a_bots_seed_tells_nothing_of_a_secure_table_seed() -> None:
    from tricktable.server.bots import bot_seed

    seed = secure_seed()
    same_low_bits = seed ^ (1 << 100)  # another table whose seed agrees in every bit the old formula used
    assert bot_seed(seed, 4, 1) == bot_seed(seed, 4, 1)  # still the same after a restart
    assert bot_seed(seed, 4, 1) != bot_seed(same_low_bits, 4, 1)
    assert bot_seed(7, 4, 1) == (7 * 1_000_003 + 4 * 7919 + 104_729) % 2**32  # small seeds: as before
