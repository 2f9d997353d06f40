"""Properties of random play over seeds, player counts and options (hypothesis)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tricktable.engine import GameRecord, IllegalAction, Rng, load_game
from tricktable.games.megalomania.game import MegalomaniaState
from tricktable.games.megalomania.phases import Phase


@st.composite
def setups(draw: st.DrawFn) -> tuple[int, dict[str, Any]]:
    players = draw(st.integers(min_value=2, max_value=4))
    options: dict[str, Any] = {"rounds": draw(st.sampled_from([8, 12]))}
    if players == 4 and draw(st.booleans()):
        options["pairs"] = True
    allowed = [m for m in range(1, 26) if players == 4 or m not in (8, 20, 21)]
    options["mission_order"] = [draw(st.sampled_from(allowed))]
    for name, values in [("free_powers", [False, True]), ("explorer_may_decline", [False, True]),
                         ("programmed_follow", [False, True]), ("pass_to", ["left", "right"]),
                         ("split_picker", ["left", "right"]), ("dominant_order", ["cycle", "random"]),
                         ("resources", [3, 2, 5])]:
        options[name] = draw(st.sampled_from(values))
    if players == 3:
        options["rotate_after"] = draw(st.sampled_from(["trick", "card"]))
    return players, options


def views(state: MegalomaniaState) -> str:
    return json.dumps([state.observe(p) for p in (None, *range(state.players))], sort_keys=True)


def check_resample(state: MegalomaniaState, rng: Rng) -> None:
    """Resampling keeps every observation and never gives a hand a card its holder showed they lack."""
    n = state.players
    for p in range(n):
        view = state.observe(p)
        world = state.resample(p, rng)
        assert world.observe(p) == view
        assert sorted(world.all_cards()) == sorted(state.all_cards())
        for q in range(n):
            if q != p:
                known = state.known[p * (n + 1) + q] | state.shown[q]
                assert not world.hands[q] & state.lacks[q] & ~known


@given(seed=st.integers(min_value=0, max_value=2**32), setup=setups())
def test_random_play_with_any_options_keeps_every_invariant(seed: int, setup: tuple[int, dict[str, Any]]) -> None:
    players, options = setup
    state = load_game("megalomania", players, **options).new_state(seed)
    assert isinstance(state, MegalomaniaState)
    cards = sorted(state.all_cards())
    assert len(cards) == 32
    rng = Rng(seed)
    steps = 0
    while not state.is_over:
        player = rng.choice(state.actors)
        legal = state.legal_actions(player)
        assert legal
        if steps % 97 == 0:
            before = views(state)
            unlisted = [a for a in state.game.actions if a not in legal]
            for action in rng.sample(unlisted, 5):
                with pytest.raises(IllegalAction):
                    state.apply(action, player)
            assert views(state) == before
            check_resample(state, rng)
        state.apply(rng.choice(legal), player)
        steps += 1
        assert sorted(state.all_cards()) == cards
        for q in range(players):  # what a hand is known to lack, it does lack (shown cards aside)
            assert not state.hands[q] & state.lacks[q] & ~state.shown[q]
    assert len(state.scores()) == players and state.winners()
    assert len(state.results) == options["rounds"]
    again = GameRecord.loads(state.record().to_text()).replay()
    assert views(again) == views(state) and again.scores() == state.scores()


def test_resample_never_gives_a_player_a_colour_they_showed_they_lack() -> None:
    from megalomania_helpers import play, ready, setup

    hands = ["B1 B2 B4 R1 R2 R4 Y1 Y2", "B6 B7 B9 B12 B15 Y4 Y6 Y12", "R6 R7 R9 K6 K7 K9 Y7 Y9"]
    state = setup(3, hands, mission=1, dominant="K")
    ready(state)
    play(state, "play R1", "play B6")  # seat 1 shows no red and no black (the dominant colour)
    assert state.lacks[1]
    rng = Rng(3)
    for _ in range(60):
        world = state.resample(0, rng)
        hand = world.hands[1]
        assert not hand & (0xFF << 16) and not hand & (0xFF << 24)
        assert world.observe(0) == state.observe(0)


@given(seed=st.integers(min_value=0, max_value=2**32), steps=st.integers(min_value=0, max_value=300))
# two Redeals: seat 0 put a card out of play, another seat drew it back; seat 0 still "knew" it was out
@example(seed=718158, steps=159)
def test_resampling_depends_only_on_what_the_seat_knows(seed: int, steps: int) -> None:
    state = load_game("megalomania", 4).new_state(seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            return
        p = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(p)), p)
    if state.is_over or state.phase == Phase.PREPARATION:  # secret preparation choices are kept as they are
        return
    seat = state.actors[0]
    twin = state.resample(seat, Rng(seed + 1))
    one, two = state.resample(seat, Rng(7)), twin.resample(seat, Rng(7))
    assert views(one) == views(two)
    assert one.hands == two.hands and one.scroll_deck == two.scroll_deck and one.mission_deck == two.mission_deck
