"""Tricks: the deal, the secret opening card, roles, the three patterns, busts and the round's end."""

from __future__ import annotations

import json

import pytest
from trickster_helpers import hand, kinds, legal, move_hand_to_tableau, position, run, tableau

from tricktable.engine import IllegalAction, load_game
from tricktable.games.trickster.cards import CARD_TEXT

NO_RED = [f"{suit} {hero}" for suit in ("orange", "yellow", "green") for hero in ("Brigand", "Guard", "Nomad")]


@pytest.mark.parametrize(("players", "size"), [(2, 11), (3, 11), (4, 10), (5, 9), (6, 8), (7, 7)])
def test_hands_are_dealt_by_player_count_with_six_cards_in_the_trash(players: int, size: int) -> None:
    state = load_game("trickster", players).new_state(1)
    view = state.observe(0)
    assert view["hand_sizes"] == [size] * players
    assert len(view["table"]["trash"]) == 6
    assert view["table"]["deck_size"] == 56 - 6 - players * size
    assert sorted(state.all_cards()) == sorted(set(state.all_cards())) and len(state.all_cards()) == 56


def test_the_opening_card_is_secret_until_every_player_has_chosen() -> None:
    state = position(4, {0: ["white Brigand"]}, open_cards=False)
    assert state.actors == (0, 1, 2, 3)
    state.apply("open white Brigand", 0)
    assert state.actors == (1, 2, 3)
    assert state.observe(0)["table"]["chosen"] == "white Brigand"
    for seat in (1, 2, 3, None):
        assert "white Brigand" not in json.dumps(state.observe(seat))
    with pytest.raises(IllegalAction):
        state.apply("open " + hand(state, 0)[0], 0)  # a seat chooses once
    for seat in (3, 1, 2):
        state.apply("open " + hand(state, seat)[0], seat)
    assert "opening" in kinds(state)
    assert tableau(state, 0) == ["white Brigand"]
    assert "white Brigand" in json.dumps([e.to_json() for e in state.visible_events(2)])
    assert state.observe(0)["hand_sizes"] == [9, 9, 9, 9]
    assert state.actors == (0,)  # the first leader leads


def test_the_trickster_sits_left_of_the_leader_and_the_followers_follow_clockwise() -> None:
    state = position(5, leader=3)
    table = state.observe(None)["table"]
    assert state.observe(None)["leader"] == 3
    assert table["trickster"] == 4
    assert table["followers"] == [0, 1, 2]


def test_same_suit_a_follower_holding_no_red_busts() -> None:
    # rules example: Leader red Guard, Trickster red Soldier: Same Suit; a Follower holding no red busts
    state = position(4, {0: ["white Brigand", "red Guard"], 1: ["white Guard", "red Soldier"],
                         2: ["white Magician", *NO_RED]})
    run(state, "play red Guard", "move white Brigand")  # Guard: the Leader's tableau card into the Pot
    run(state, "play red Soldier")
    assert state.observe(None)["table"]["pattern"] == "same suit"
    run(state, "choose seat 3", "move " + hand(state, 1)[0])
    bust = [e for e in state.events if e.kind == "bust"][-1]
    assert bust.data["seat"] == 2 and bust.data["reason"] == "cannot follow"
    assert {"red Guard", "red Soldier", "white Brigand"} <= set(tableau(state, 2))
    assert state.observe(None)["leader"] == 2 and state.actors == (2,)


def test_same_hero_followers_must_play_guards() -> None:
    # rules example: Leader red Guard, Trickster blue Guard: Same Hero
    state = position(4, {0: ["white Brigand", "red Guard"], 1: ["white Nomad", "blue Guard"],
                         2: ["white Magician", "green Guard", "green Nomad", "red Nomad"]})
    run(state, "play red Guard", "move white Brigand", "play blue Guard", "move white Nomad")
    assert state.observe(None)["table"]["pattern"] == "same hero"
    assert legal(state) == ["play green Guard"]
    with pytest.raises(IllegalAction, match="does not fit the pattern same hero"):
        state.apply("play red Nomad")


def test_no_match_fits_only_cards_sharing_no_suit_and_no_hero_with_the_pot() -> None:
    # rules example: Leader red Guard, Trickster blue Soldier: No Match; green Nomad fits, red Nomad and
    # green Guard do not
    state = position(4, {0: ["white Brigand", "red Guard"], 1: ["white Nomad", "blue Soldier"],
                         2: ["white Magician", "green Nomad", "red Nomad", "green Guard"]})
    run(state, "play red Guard", "move white Brigand")
    run(state, "play blue Soldier", "choose seat 3")
    run(state, "move " + hand(state, 1)[0])
    assert state.observe(None)["table"]["pattern"] == "no match"
    plays = legal(state)
    assert "play green Nomad" in plays
    assert "play red Nomad" not in plays and "play green Guard" not in plays
    # the Guard moved white Brigand into the Pot: no white card and no Brigand fits either
    assert not any("white" in p or "Brigand" in p for p in plays)


def test_when_every_follower_plays_the_trickster_busts_and_leads_next() -> None:
    state = position(3, {0: ["white Brigand", "red Guard"], 1: ["white Nomad", "red Soldier"],
                         2: ["white Guard", "red Magician"]}, token="off")
    run(state, "play red Guard", "move white Brigand", "play red Soldier", "choose seat 0")
    run(state, "move " + hand(state, 1)[0])
    run(state, "play red Magician")
    run(state, "swap " + hand(state, 2)[0])
    run(state, "take " + CARD_TEXT[state.trash[0]])
    bust = [e for e in state.events if e.kind == "bust"][-1]
    assert bust.data["seat"] == 1 and bust.data["reason"] == "all followed"
    assert state.observe(None)["leader"] == 1


def test_the_pattern_is_fixed_against_the_leader_card_when_the_trickster_plays() -> None:
    # the Leader's Guard puts a blue card in the Pot first; the Trickster's blue card still makes No Match
    state = position(4, {0: ["blue Brigand", "red Guard"], 1: ["white Nomad", "blue Soldier"]})
    run(state, "play red Guard", "move blue Brigand", "play blue Soldier")
    assert state.observe(None)["table"]["pattern"] == "no match"


def test_a_player_who_must_play_with_an_empty_hand_busts() -> None:
    # with the token, a Leader who leads their last card has none left for the pattern card
    state = position(2, {0: ["white Brigand", "red Guard"]})
    rest = [CARD_TEXT[c] for c in state.hands[0] if CARD_TEXT[c] != "red Guard"]
    move_hand_to_tableau(state, 0, rest)
    run(state, "play red Guard", "move white Brigand")
    bust = [e for e in state.events if e.kind == "bust"][-1]
    assert bust.data == {"seat": 0, "reason": "empty hand", "cards": ["red Guard", "white Brigand"]}
    assert "leftover" in kinds(state)  # a hand is empty at the trick's end: the round ends


def test_the_round_ends_after_a_trick_in_which_a_hand_emptied_and_hands_go_to_tableaus() -> None:
    state = position(4, {0: ["white Brigand", "red Guard"], 2: ["white Magician", *NO_RED]})
    move_hand_to_tableau(state, 3)  # seat 3 has no cards: this trick is the round's last
    run(state, "play red Guard", "move white Brigand")
    run(state, "play " + hand(state, 1)[0])
    while state.round == 1:
        state.apply(state.legal_actions()[0])
    assert state.round_scores and len(state.round_scores[0]) == 4
    assert sum(len(tableau) for tableau in state.observe(None)["table"]["tableaus"]) == 0  # new deal
    assert state.observe(None)["phase"] == "opening"
    score = next(e for e in state.events if e.kind == "score")
    assert len(score.data["points"]) == 4


def test_an_illegal_action_names_the_player_and_leaves_the_state_unchanged() -> None:
    state = position(4, {0: ["white Brigand", "red Guard"]})
    before = json.dumps([state.observe(p) for p in range(4)])
    with pytest.raises(IllegalAction, match="seat 1 cannot play"):
        state.apply("play " + hand(state, 1)[0], 1)
    with pytest.raises(IllegalAction):
        state.apply("choose seat 2", 0)
    assert json.dumps([state.observe(p) for p in range(4)]) == before
