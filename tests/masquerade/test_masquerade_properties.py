"""Properties of random Masquerade games under every option: they end, keep the 72 cards, refuse illegal
actions without change, replay exactly, leak nothing hidden, and resample consistently."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.engine import GameRecord, IllegalAction, Rng
from tricktable.games.masquerade import Masquerade
from tricktable.games.masquerade.cards import TEXT, texts
from tricktable.games.masquerade.game import MasqueradeState
from tricktable.games.masquerade.phases import Phase

VARIANTS: list[dict[str, Any]] = [
    {},
    {"challenge": "off"},
    {"specials": "none"},
    {"b16": "lead", "challenge_order": "leader"},
    {"specials": "effects", "tiebreak": "strict"},
    {"specials": "bonuses", "first_player": 1},
    {"challenge_order": "together"},
]
seeds = st.integers(min_value=0, max_value=2**32)
players = st.integers(min_value=3, max_value=6)
variants = st.sampled_from(range(len(VARIANTS)))
steps = st.integers(min_value=0, max_value=500)
CARD = re.compile(r"^[RKBG]\d{1,2}$")


def new(n: int, variant: int, seed: int) -> MasqueradeState:
    return Masquerade(n, **VARIANTS[variant]).new_state(seed)


def advance(state: MasqueradeState, rng: Rng, count: int) -> MasqueradeState:
    for _ in range(count):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def snapshot(state: MasqueradeState) -> str:
    views = [state.observe(p) for p in [None, *range(state.players)]]
    return json.dumps([views, [(p, a.text) for p, a in state.history]], sort_keys=True)


def strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*strings(k), *strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


@given(n=players, variant=variants, seed=seeds)
def test_random_games_end_with_every_card_kept_and_every_hand_empty(n: int, variant: int, seed: int) -> None:
    state = new(n, variant, seed)
    rng = Rng(seed)
    deck = sorted(TEXT)
    while not state.is_over:
        advance(state, rng, 1)
        assert sorted(state.all_cards()) == deck
        assert len(state.events) < 5000
    assert state.hands == [0] * n
    assert sum(w.bit_count() for w in state.won) + state.out.bit_count() == 72
    assert state.winners() and state.legal_actions() == []
    assert state.events[-1].kind == "game_over"


@given(n=players, variant=variants, seed=seeds, count=steps)
def test_actions_not_listed_are_refused_and_change_nothing(n: int, variant: int, seed: int, count: int) -> None:
    state = advance(new(n, variant, seed), Rng(seed), count)
    if state.is_over:
        return
    legal = state.legal_actions()
    before = snapshot(state)
    for action in Rng(seed).sample([a for a in state.game.actions if a not in legal], 30):
        with pytest.raises(IllegalAction):
            state.apply(action)
    for seat in range(n):
        if seat not in state.actors:
            with pytest.raises(IllegalAction):
                state.apply(legal[0], seat)
    assert snapshot(state) == before


@given(n=players, variant=variants, seed=seeds, count=steps)
def test_a_record_replays_to_exactly_the_same_game(n: int, variant: int, seed: int, count: int) -> None:
    state = advance(new(n, variant, seed), Rng(seed), count)
    again = GameRecord.loads(state.record().to_text()).replay()
    assert snapshot(again) == snapshot(state)
    assert again.hands == state.hands and again.out == state.out


def test_a_record_of_a_fixed_deal_replays() -> None:
    game = Masquerade(3, deal=[["R1", "K2"], ["B3", "G4"], ["R5", "K6"]], first_player=2)
    state = advance(game.new_state(9), Rng(1), 40)
    assert state.is_over
    assert snapshot(GameRecord.loads(state.record().dumps()).replay()) == snapshot(state)


@given(n=players, variant=variants, seed=seeds, count=steps)
def test_no_observation_names_a_card_hidden_from_its_seat(n: int, variant: int, seed: int, count: int) -> None:
    state = advance(new(n, variant, seed), Rng(seed), count)
    for seat in [None, *range(n)]:
        hidden = state.out
        for q in range(n):
            if q != seat:
                hidden |= state.hands[q] & ~state.known[q]
        secret = set(texts(hidden))
        words = {w for s in strings(state.observe(seat)) for w in re.split(r"[\s,:]+", s) if CARD.match(w)}
        assert not words & secret


@given(n=players, variant=variants, seed=seeds, count=steps)
def test_resampled_worlds_keep_everything_the_seat_knows(n: int, variant: int, seed: int, count: int) -> None:
    state = advance(new(n, variant, seed), Rng(seed), count)
    before = snapshot(state)
    deck = sorted(state.all_cards())
    for seat in range(n):
        view = state.observe(seat)
        for k in range(2):
            world = state.resample(seat, Rng(seed + 97 * k))
            assert world.observe(seat) == view
            assert sorted(world.all_cards()) == deck
            assert world.hands[seat] == state.hands[seat]
            for q in range(n):
                assert world.hands[q] & state.void[q] == 0, "a proven void was refilled"
                assert world.hands[q] & state.known[q] == state.known[q], "a withdrawn card left its hand"
            if state.phase == Phase.MUST_FOLLOW:
                assert world.hands[state.challenged] & world.follow_mask()
            if k == 0:
                advance(world, Rng(seed), 10_000)
                assert world.is_over
    assert snapshot(state) == before


@given(seed=seeds)
def test_resampling_redraws_the_hidden_cards(seed: int) -> None:
    state = new(4, 0, seed)
    worlds = {tuple(state.resample(0, Rng(seed + k)).hands) for k in range(4)}
    assert len(worlds) > 1


@given(n=players, seed=seeds)
def test_the_same_seed_and_actions_give_the_same_game(n: int, seed: int) -> None:
    one = advance(new(n, 0, seed), Rng(seed), 10_000)
    two = advance(new(n, 0, seed), Rng(seed), 10_000)
    assert snapshot(one) == snapshot(two)


def test_an_unconstrained_resample_spreads_every_hidden_card_evenly() -> None:
    # 3 players: seat 0 sees its 18 cards; 54 are hidden in seat 1, seat 2 and the out-of-game pile, 18 each
    state = Masquerade(3, first_player=0).new_state(5)
    in_seat_1 = dict.fromkeys(range(72), 0)
    for k in range(300):
        world = state.resample(0, Rng(k))
        for card in range(72):
            in_seat_1[card] += world.hands[1] >> card & 1
    hidden = [c for c in range(72) if not state.hands[0] >> c & 1]
    assert len(hidden) == 54
    assert all(40 <= in_seat_1[c] <= 160 for c in hidden)  # expected 100 each (sd about 8)
    assert all(in_seat_1[c] == 0 for c in range(72) if c not in hidden)


def test_a_world_a_bot_samples_from_its_seat_view_plays_on_like_the_game() -> None:
    # the view deep-copies the state: nothing in the rules may hang on the identity of a copied value
    from tricktable.bots import SeatView

    for order in ("left", "together"):
        state = Masquerade(4, challenge_order=order).new_state(3)
        rng = Rng(3)
        for _ in range(40):
            seat = state.actors[0]
            world = SeatView(state, seat).sample(Rng(7))
            assert world.actors == state.actors and world.legal_actions(seat) == state.legal_actions(seat)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
