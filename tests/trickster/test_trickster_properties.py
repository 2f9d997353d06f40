"""Properties over random play, for every deck option and token rule: termination, the 56 cards, refusals,
replays, secrecy and resampling consistent with each player's knowledge."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from trickster_helpers import knowledge_errors

from playouts import random_playout
from tricktable.engine import GameRecord, IllegalAction, Rng, load_game
from tricktable.games.trickster.cards import CARD_TEXT
from tricktable.games.trickster.game import TricksterState

OPTIONS: list[dict[str, Any]] = [
    {}, {"deck": "strategist"}, {"deck": "random"}, {"deck": "draft"}, {"token": "off"}, {"token": "two_only"},
    {"deck": ["Explorer", "Brigand", "Witness", "Archivist", "Nomad", "Inventor", "Guard"]},
    {"deck": "strategist", "no_match": "lead_and_trickster", "explorer_reveal": "private", "witness_target": "any"},
    {"deck": "random", "empty_hand": "follower_skipped", "next_leader": "first_buster", "tiebreak_cards": "all_rounds"},
]
setups = st.tuples(st.integers(2, 7), st.sampled_from(range(len(OPTIONS))), st.integers(0, 2**32))


def new(players: int, which: int, seed: int) -> TricksterState:
    state = load_game("trickster", players, **OPTIONS[which]).new_state(seed)
    assert isinstance(state, TricksterState)
    return state


def step(state: TricksterState, rng: Rng) -> None:
    seat = rng.choice(state.actors)
    state.apply(rng.choice(state.legal_actions(seat)), seat)


def advance(state: TricksterState, rng: Rng, steps: int) -> TricksterState:
    for _ in range(steps):
        if state.is_over:
            break
        step(state, rng)
    return state


def views(state: TricksterState) -> str:
    return json.dumps([state.observe(p) for p in [None, *range(state.players)]], sort_keys=True)


@given(setup=setups)
def test_random_play_ends_and_keeps_the_56_cards_and_every_knowledge_record_true(setup: tuple[int, int, int]) -> None:
    players, which, seed = setup
    state = new(players, which, seed)
    rng = Rng(seed)
    while not state.heroes:
        step(state, rng)
    cards = sorted(state.all_cards())
    assert len(cards) == 56
    steps = 0
    while not state.is_over:
        step(state, rng)
        steps += 1
        assert sorted(state.all_cards()) == cards
        assert knowledge_errors(state) == []
        assert steps < 5000
    assert state.winners() and len(state.round_scores) == 3


@given(setup=setups, steps=st.integers(0, 300))
def test_unlisted_actions_are_refused_without_changing_anything(setup: tuple[int, int, int], steps: int) -> None:
    players, which, seed = setup
    state = advance(new(players, which, seed), Rng(seed), steps)
    if state.is_over:
        return
    before = views(state)
    for seat in range(players):
        legal = state.legal_actions(seat)
        for action in Rng(seed).sample([a for a in state.game.actions if a not in legal], 15):
            with pytest.raises(IllegalAction):
                state.apply(action, seat)
    assert views(state) == before


@given(setup=setups, steps=st.integers(0, 400))
def test_a_record_replays_to_the_same_game(setup: tuple[int, int, int], steps: int) -> None:
    players, which, seed = setup
    state = advance(new(players, which, seed), Rng(seed), steps)
    again = GameRecord.loads(state.record().to_text()).replay()
    assert views(again) == views(state)


def consistent(world: TricksterState, state: TricksterState, player: int) -> None:
    """``world`` keeps what ``player`` knows: facts in place, lacks honoured, the current Follower able to play."""
    assert world.observe(player) == state.observe(player)
    assert sorted(world.all_cards()) == sorted(state.all_cards())
    for c, place in state.know[player].items():
        if place >= 0:
            assert c in world.hands[place]
        else:
            assert world.deck.index(c) == state.deck.index(c)
    for q in range(state.players):
        mask = state.lacks[player][q]
        assert not [c for c in world.hands[q] if (mask >> c) & 1 and state.know[player].get(c) != q]
    assert knowledge_errors(world) == []  # other seats' records are trimmed to fit the world
    if not world.is_over:
        for seat in world.actors:
            assert world.legal_actions(seat)


@given(setup=setups, steps=st.integers(0, 400))
def test_resampled_worlds_keep_every_observation_fact_and_known_lack(setup: tuple[int, int, int], steps: int) -> None:
    players, which, seed = setup
    state = advance(new(players, which, seed), Rng(seed), steps)
    before = views(state)
    for player in range(players):
        for k in range(2):
            world = state.resample(player, Rng(seed + k))
            consistent(world, state, player)
            if k == 0:
                random_playout(world, Rng(seed))
    assert views(state) == before


@given(seed=st.integers(0, 2**32), players=st.integers(3, 7))
def test_a_buster_is_never_resampled_a_card_that_would_have_fitted(seed: int, players: int) -> None:
    state = new(players, 0, seed)
    rng = Rng(seed)
    seen = checked = 0
    while not state.is_over and checked < 3:
        step(state, rng)
        busts = [e for e in state.events if e.kind == "bust"]
        if len(busts) == seen:
            continue
        seen = len(busts)
        buster = busts[-1].data["seat"]
        watcher = (buster + 1) % players
        mask = state.lacks[watcher][buster]
        if busts[-1].data["reason"] != "cannot follow" or not mask:
            continue  # another kind of bust, or the round ended and knowledge was reset
        checked += 1
        known = state.know[watcher]
        assert not [c for c in state.hands[buster] if (mask >> c) & 1 and known.get(c) != buster]
        for k in range(4):
            world = state.resample(watcher, Rng(seed * 7 + k))
            assert not [c for c in world.hands[buster] if (mask >> c) & 1 and known.get(c) != buster]


@given(setup=setups, steps=st.integers(0, 300))
def test_nothing_hidden_shows_in_an_observation(setup: tuple[int, int, int], steps: int) -> None:
    players, which, seed = setup
    state = advance(new(players, which, seed), Rng(seed), steps)
    for player in range(players):
        view = json.dumps(state.observe(player))
        for k in range(3):
            world = state.resample(player, Rng(seed * 3 + k))
            assert json.dumps(world.observe(player)) == view
        if state.observe(None)["phase"] == "opening" and state.round == 1:
            # before the reveal, nobody else's cards (chosen or not) show anywhere
            others = [CARD_TEXT[c] for q in range(players) if q != player for c in state.hands[q]]
            assert not [t for t in others if f'"{t}"' in view]


def _snapshot(state: TricksterState) -> str:
    """Every zone, record and view of ``state``, as text (to see that playing a twin left it untouched)."""
    fields = {name: getattr(state, name) for name in (
        "hands", "tableaus", "trash", "deck", "trick", "trick_seats", "trick_moved", "know", "lacks",
        "round_scores", "totals", "suit_counts", "draft_pool", "drafted", "order", "choice")}
    views = [state.observe(seat) for seat in [None, *range(state.players)]]
    return repr(fields) + json.dumps(views, sort_keys=True, default=str)


@given(setups, st.integers(0, 120))
def test_a_clone_or_a_world_played_to_the_end_leaves_its_original_untouched(setup: tuple[int, int, int],
                                                                           steps: int) -> None:
    # clones share the copy-on-write zones (tableaus, Trash, deck, knowledge): a twin must replace them
    players, which, seed = setup
    rng = Rng(seed)
    state = advance(new(players, which, seed), rng, steps)
    before = _snapshot(state)
    twin = state.clone()
    world = state.resample(rng.choice(range(players)), rng)
    for other in (twin, world):
        while not other.is_over:
            step(other, rng)
    assert _snapshot(state) == before


def _fields(state: TricksterState) -> list[str]:
    """Every field of ``state``: its ``__dict__`` and, in the compiled build, the native fields mypyc lists."""
    return sorted({*vars(state), *getattr(type(state), "__mypyc_attrs__", ())} - {"__dict__", "_legal_cache"})


@pytest.mark.parametrize("players", [2, 4, 7])
def test_a_clone_copies_every_field_and_shares_the_log(players: int) -> None:
    # the compiled clone copies field by field: a field it forgot would be missing, or (``actors``) its default
    state = advance(new(players, 3, players), Rng(players), 40)
    twin = state.clone()
    assert _fields(twin) == _fields(state)
    for name in _fields(state):
        if name not in ("rng", "_log_shared"):
            assert getattr(twin, name) == getattr(state, name), name
    assert twin.rng is not state.rng and twin.rng.next64() == state.rng.clone().next64()
    assert twin.history is state.history and twin.events is state.events  # shared until either side applies
    assert twin.hands is not state.hands and all(a is not b for a, b in zip(twin.hands, state.hands, strict=True))


def test_a_world_shuffle_of_more_than_32_cards_is_uniform_from_a_few_draws() -> None:
    from tricktable.games.trickster import resample

    rng, size, rounds = Rng(3), 40, 8000
    seen = [[0] * size for _ in range(size)]  # seen[item][place]
    for _ in range(rounds):
        items = list(range(size))
        resample._shuffle(rng, items)
        assert sorted(items) == list(range(size))
        for place, item in enumerate(items):
            seen[item][place] += 1
    # log2(40!) + 64 bits: 4 draws, not one a card (a generator that drew as often is where this one is; not
    # a counting subclass: the compiled build's Rng cannot be subclassed in plain Python)
    same = Rng(3)
    for _ in range(4 * rounds):
        same.next64()
    assert rng.state == same.state
    expected = rounds / size
    # every item at every place about 1/40 of the time (chi-square per item, 39 degrees of freedom: the
    # 99.99% quantile is about 80)
    for item in range(size):
        assert sum((k - expected) ** 2 / expected for k in seen[item]) < 80, item
