"""The suite every game must pass: invariants of random play, text forms, records, clones and secrecy."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from playouts import game_setups, random_playout
from tricktable.engine import GameRecord, IllegalAction, Rng, State, load_game

SETUPS = game_setups()
seeds = st.integers(min_value=0, max_value=2**32)


def everything(state: State) -> object:
    """All that can be seen of a state from every seat (position and log), plus its history: equal means equal."""
    seats = [None, *range(state.players)]
    views = [state.observe(p) for p in seats]
    logs = [[e.to_json() for e in state.visible_events(p)] for p in seats]
    return json.dumps([views, logs, [(p, a.text) for p, a in state.history]], sort_keys=True)


def advance(state: State, rng: Rng, steps: int) -> State:
    for _ in range(steps):
        if state.is_over:
            break
        player = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(player)), player)
    return state


@pytest.mark.parametrize(("name", "players"), SETUPS)
@given(seed=seeds)
def test_random_play_ends_with_scores_and_winners(name: str, players: int, seed: int) -> None:
    state = load_game(name, players).new_state(seed)
    cards = sorted(state.all_cards())
    rng = Rng(seed)
    while not state.is_over:
        advance(state, rng, 1)
        assert sorted(state.all_cards()) == cards, "a card appeared or vanished"
    scores = state.scores()
    assert len(scores) == players
    assert state.winners() and set(state.winners()) <= set(range(players))
    assert state.legal_actions() == []


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_every_action_text_parses_back_to_itself(name: str, players: int) -> None:
    game = load_game(name, players)
    for index, action in enumerate(game.actions):
        assert game.parse_action(str(action)) is action
        assert game.action_index(action) == index


@pytest.mark.parametrize(("name", "players"), SETUPS)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=400))
def test_listed_actions_apply_and_unlisted_ones_raise_without_change(
        name: str, players: int, seed: int, steps: int) -> None:
    state = advance(load_game(name, players).new_state(seed), Rng(seed + 1), steps)
    if state.is_over:
        return
    for player in state.actors:
        legal = state.legal_actions(player)
        assert legal, "an actor must have a legal action"
        for action in legal:
            state.clone().apply(action, player)
        before = everything(state)
        unlisted = [a for a in state.game.actions if a not in legal]
        for action in Rng(seed).sample(unlisted, min(len(unlisted), 20)):
            with pytest.raises(IllegalAction) as raised:
                state.apply(action, player)
            assert str(action) in str(raised.value)
            assert everything(state) == before
    idle = [p for p in range(players) if p not in state.actors]
    for player in idle:
        with pytest.raises(IllegalAction):
            state.apply(state.legal_actions()[0], player)
    assert everything(state) == before


@pytest.mark.parametrize(("name", "players"), SETUPS)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=400))
def test_a_record_replays_to_an_identical_state(name: str, players: int, seed: int, steps: int) -> None:
    state = advance(load_game(name, players).new_state(seed), Rng(seed), steps)
    record = state.record()
    for text in (record.to_text(), record.dumps()):
        again = GameRecord.loads(text).replay()
        assert everything(again) == everything(state)


@pytest.mark.parametrize(("name", "players"), SETUPS)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=400))
def test_a_clone_is_independent(name: str, players: int, seed: int, steps: int) -> None:
    state = advance(load_game(name, players).new_state(seed), Rng(seed), steps)
    before = everything(state)
    twin = state.clone()
    assert everything(twin) == before
    advance(twin, Rng(seed + 7), 30)
    assert everything(state) == before


@pytest.mark.parametrize(("name", "players"), SETUPS)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=400))
def test_resampling_hidden_information_never_changes_an_observation(
        name: str, players: int, seed: int, steps: int) -> None:
    state = advance(load_game(name, players).new_state(seed), Rng(seed), steps)
    before = everything(state)
    for player in range(players):
        view = state.observe(player)
        for k in range(3):
            world = state.resample(player, Rng(seed * 31 + k))
            assert world.observe(player) == view
            assert sorted(world.all_cards()) == sorted(state.all_cards())
            # a resampled world is a real game: it plays on to the end
            if k == 0:
                random_playout(world, Rng(seed + k))
    assert everything(state) == before


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_the_same_seed_and_actions_give_the_same_game(name: str, players: int) -> None:
    game = load_game(name, players)
    one, two = game.new_state(11), game.new_state(11)
    random_playout(one, Rng(5))
    random_playout(two, Rng(5))
    assert everything(one) == everything(two)
    assert one.scores() == two.scores()


@pytest.mark.parametrize(("name", "players"), SETUPS)
@given(seed=seeds)
def test_the_log_stream_in_increments_is_each_seats_visible_log_and_observations_carry_none(
        name: str, players: int, seed: int) -> None:
    state = load_game(name, players).new_state(seed)
    rng = Rng(seed)
    seats = [None, *range(players)]
    cursor = dict.fromkeys(seats, 0)
    streamed: dict[int | None, list[int]] = {seat: [] for seat in seats}
    while not state.is_over:
        advance(state, rng, rng.below(4))  # increments of 0-3 actions
        for seat in seats:
            assert "log" not in state.observe(seat)
            cursor[seat], entries = state.log_entries(seat, cursor[seat])
            assert cursor[seat] == len(state.events)
            for i, event in entries:
                assert event is state.events[i]
                # decided from the event's own field, not through is_visible_to: the stream's filter is checked
                assert event.visible is None or (seat is not None and seat in event.visible), (seat, event)
            streamed[seat] += [i for i, _ in entries]
    for seat in seats:
        hidden = [i for i, e in enumerate(state.events) if e.visible is not None and seat not in e.visible]
        assert sorted(streamed[seat] + hidden) == list(range(len(state.events))), "an event was lost or repeated"
        assert [state.events[i] for i in streamed[seat]] == state.log_since(seat, 0)[1] == state.visible_events(seat)


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_observations_are_plain_json(name: str, players: int) -> None:
    state = advance(load_game(name, players).new_state(3), Rng(3), 25)
    for player in [None, *range(players)]:
        view = state.observe(player)
        assert json.loads(json.dumps(view)) == copy.deepcopy(view)


@pytest.mark.parametrize(("name", "players"), SETUPS)
@given(seed=seeds)
def test_the_games_hot_path_plays_as_the_engines_state(name: str, players: int, seed: int) -> None:
    """The shipped games run ``apply``, ``legal_actions`` and ``log`` as ``NativeState``'s (compiled with the
    game in the compiled build): the same game as ``State``'s own methods give, refusals included."""
    game = load_game(name, players)  # one game: its actions are interned, equal when identical
    ours, engines = game.new_state(seed), game.new_state(seed)
    rng = Rng(seed)
    while not ours.is_over:
        player = rng.choice(ours.actors)
        legal = ours.legal_actions(player)
        assert legal == State.legal_actions(engines, player)
        other = next((p for p in range(players) if p not in ours.actors), None)
        if other is not None:  # not their turn: refused alike, nothing changes
            assert ours.legal_actions(other) == []
            with pytest.raises(IllegalAction):
                ours.apply(legal[0], other)
        action = rng.choice(legal)
        how = rng.below(3)
        if how == 0:
            ours.apply(action, player)
        elif how == 1:
            ours.apply(action.text, player)  # text goes to the engine's parser
        else:
            ours.apply(action, player, check=False)
        State.apply(engines, action, player)
    assert [(p, a.text) for p, a in ours.history] == [(p, a.text) for p, a in engines.history]
    assert everything(ours) == everything(engines)
