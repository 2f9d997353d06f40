"""The engine on its own, driven by a tiny two-player game defined here."""

from __future__ import annotations

from typing import Any

import pytest

from toy import Toy, ToyOptions
from tricktable.engine import (
    BadOptions,
    GameRecord,
    IllegalAction,
    ParseError,
    Rng,
    UnknownGame,
    load_game,
)
from tricktable.engine import options as opts
from tricktable.engine.registry import GAMES


def HighCard(players: int, **options: Any) -> Toy:
    """The toy as a one-trick game without bids: two cards each, the higher card wins."""
    return Toy(players, **{"bids": 0, "hand": 2, "deck": 0, "draw": False, **options})


@pytest.fixture(autouse=True)
def registered() -> Any:
    GAMES["toy"] = "toy"
    yield
    del GAMES["toy"]


def test_the_same_seed_deals_the_same_cards() -> None:
    assert HighCard(2).new_state(5).hands == HighCard(2).new_state(5).hands


def test_rng_is_splitmix64_and_a_clone_draws_the_same_sequence() -> None:
    assert Rng(0).next64() == 0xE220A8397B1DCDAF  # SplitMix64's published first output for seed 0
    rng = Rng(42)
    rng.below(7)
    twin = rng.clone()
    assert [rng.below(1000) for _ in range(5)] == [twin.below(1000) for _ in range(5)]


def test_an_illegal_action_names_the_player_the_action_and_the_legal_ones() -> None:
    state = HighCard(2).new_state(1)
    mine = {a.text for a in state.legal_actions(0)}
    other = next(a for a in state.game.actions if a.text not in mine)
    with pytest.raises(IllegalAction) as raised:
        state.apply(other)
    message = str(raised.value)
    assert message.startswith(f"seat 0 cannot {other}")
    assert all(text in message for text in mine)
    assert state.history == []


def test_a_player_who_is_not_an_actor_is_refused() -> None:
    state = HighCard(2).new_state(1)
    with pytest.raises(IllegalAction, match="not their turn"):
        state.apply(state.legal_actions(0)[0], 1)


def test_text_actions_parse_and_unknown_text_is_a_parse_error() -> None:
    game = HighCard(2)
    assert game.parse_action("  play   C3 ") is game.actions[2]
    with pytest.raises(ParseError):
        game.parse_action("jump")


def test_a_record_round_trips_through_text_and_json_and_replays() -> None:
    state = load_game("toy", 2, bids=0, hand=2, deck=4, label="y").new_state(9)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[-1])
    record = state.record()
    assert record.options == {"bids": 0, "hand": 2, "deck": 4, "label": "y"}
    for text in (record.to_text(), record.dumps()):
        again = GameRecord.loads(text)
        assert again == record
        assert again.replay().observe(None) == state.observe(None)


def test_a_bad_record_is_a_parse_error() -> None:
    with pytest.raises(ParseError):
        GameRecord.loads('{"game": "toy"}')


def test_options_are_checked_against_their_choices_and_names() -> None:
    with pytest.raises(BadOptions, match="choices"):
        HighCard(2, hand=5)
    with pytest.raises(BadOptions, match="unknown option"):
        HighCard(2, colour="red")
    with pytest.raises(BadOptions, match="players"):
        HighCard(5)
    parsed = opts.parse_text(ToyOptions, {"hand": "2", "label": "plain words"})
    assert parsed == ToyOptions(hand=2, label="plain words")
    assert {i.name: i.tag for i in opts.describe(ToyOptions)}["label"] == "P"


def test_an_unknown_game_is_named_in_the_error() -> None:
    with pytest.raises(UnknownGame, match="chess"):
        load_game("chess", 2)


def test_the_log_stream_shows_only_visible_events_and_only_new_ones() -> None:
    state = HighCard(2).new_state(2)
    start = len(state.events)  # the deal: each seat's own hand
    state.log("secret", frozenset({1}), card=3)
    assert [e.kind for e in state.log_since(1, start)[1]] == ["secret"]
    assert state.log_since(0, start) == (start + 1, []) and state.log_since(None, start) == (start + 1, [])
    state.log("public", card=4)
    assert state.log_since(1, start + 1) == (start + 2, [state.events[start + 1]])
    assert state.log_entries(0, start) == (start + 2, [(start + 1, state.events[start + 1])])
    assert state.log_since(0, start + 2) == (start + 2, [])


def test_an_observation_is_the_position_without_the_log() -> None:
    state = HighCard(2).new_state(2)
    state.log("secret", frozenset({1}), card=3)
    assert all("log" not in state.observe(seat) for seat in (None, 0, 1))
