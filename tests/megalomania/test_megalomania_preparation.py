"""Preparation: simultaneous hidden choices, the resource split and every scroll."""

from __future__ import annotations

import json

from megalomania_helpers import events, legal, play, ready, setup

from tricktable.games.megalomania.cards import parse_card

HANDS4 = ["B1 B2 B4 B6 B7 B9 B12 B15", "Y1 Y2 Y4 Y6 Y7 Y9 Y12 Y15", "R1 R2 R4 R6 R7 R9 R12 R15",
          "K1 K2 K4 K6 K7 K9 K12 K15"]


def test_every_seat_prepares_at_once_and_choices_stay_hidden_until_all_are_ready() -> None:
    state = setup(3, ["B1 B2", "Y1 Y2", "R1 R2"])
    assert state.actors == (0, 1, 2)
    assert legal(state, 0) == ["ready 0/3", "ready 1/2", "ready 2/1", "ready 3/0"]
    state.apply("ready 1/2", 1)
    assert state.actors == (0, 2)
    assert state.observe(0)["table"]["crystals"] == [0, None, None]
    assert state.observe(1)["table"]["crystals"] == [None, 1, None]
    assert "ready" not in [e.kind for e in state.visible_events(0)]
    state.apply("ready 3/0", 0)
    state.apply("ready 0/3", 2)
    assert state.observe(0)["table"]["crystals"] == [3, 1, 0]
    assert state.observe(None)["table"]["cubes"] == [0, 2, 3]
    assert events(state, "revealed")[0]["crystals"] == [3, 1, 0]


def test_extra_crystal_extra_cube_and_double_cube_add_tokens_for_the_round() -> None:
    state = setup(3, ["B1 B2", "Y1 Y2", "R1 R2"], scrolls=("extra-crystal", "extra-cube", "double-cube"))
    state.apply("use extra-crystal", 0)
    state.apply("use extra-cube", 1)
    state.apply("use double-cube", 2)
    ready(state, "3/0", "3/0", "0/3")
    assert state.crystals == [4, 3, 0] and state.cubes == [0, 1, 5]
    assert events(state, "revealed")[0]["scrolls"] == [["extra-crystal"], ["extra-cube"], ["double-cube"]]


def test_redeal_swaps_a_hand_card_for_a_random_out_of_play_card_in_secret() -> None:
    state = setup(3, ["B1 B2", "Y1 Y2", "R1 R2"], scrolls=("redeal",))
    assert "redeal B1" in legal(state, 0) and "redeal scroll" not in legal(state, 0)
    state.apply("redeal B1", 0)
    gone = parse_card("B1")
    assert not state.hands[0] >> gone & 1 and state.out >> gone & 1
    assert state.hands[0].bit_count() == 2
    got = events(state, "redeal")[0]["got"]
    assert got not in json.dumps(state.observe(1)) or got in ("Y1", "Y2")
    assert "redeal" not in json.dumps([e.to_json() for e in state.visible_events(1)])


def test_redeal_draws_a_new_scroll_when_nothing_is_out_of_play() -> None:
    state = setup(4, HANDS4, scrolls=("redeal", "insight", "first-lead", "extra-cube", "immunity"))
    assert legal(state, 0)[0] == "redeal scroll"
    state.apply("redeal scroll", 0)
    assert state.scrolls[0] == (4,)  # immunity, the next scroll of the deck


def test_first_lead_makes_its_user_lead_the_first_trick() -> None:
    state = setup(3, ["B1 B2", "Y1 Y2", "R1 R2"], scrolls=("extra-cube", "extra-cube", "first-lead"))
    state.apply("use first-lead", 2)
    ready(state)
    assert state.actors == (2,)


def test_insight_shows_the_next_mission_to_its_user_only() -> None:
    state = setup(3, ["B1 B2", "Y1 Y2", "R1 R2"], scrolls=("insight",))
    state.apply("use insight", 0)
    assert state.observe(0)["table"]["next_mission"] == state.mission_deck[1]
    assert "next_mission" not in state.observe(1)["table"]
    assert "insight" not in json.dumps([e.to_json() for e in state.visible_events(1)])


def test_unused_scrolls_are_kept_and_crystals_and_cubes_return_each_round() -> None:
    state = setup(2, ["B1", "B2"], scrolls=("extra-crystal", "extra-cube", "insight", "redeal"))
    ready(state, "1/2", "2/1")
    play(state, "play B1", "play B2")
    assert state.round_no == 2
    assert state.crystals == [0, 0] and state.cubes == [0, 0]
    assert len(state.scrolls[0]) == 2 and len(state.scrolls[1]) == 2
    assert state.observe(1)["table"]["scroll_counts"] == [2, 2]


def test_during_play_scrolls_are_not_offered_at_preparation() -> None:
    state = setup(2, ["B1", "B2"], scrolls=("free-power", "immunity"))
    assert legal(state, 0) == ["ready 0/3", "ready 1/2", "ready 2/1", "ready 3/0"]
