"""A turn (rules: A turn, Taking, Special cards): may-follow play, the FAQ answers, taking and its ties."""

from __future__ import annotations

import pytest
from masquerade_helpers import deal, kinds, run, won

from tricktable.engine import BadOptions, IllegalAction, Rng
from tricktable.games.masquerade import Masquerade


def legal(state: object) -> list[str]:
    return [a.text for a in state.legal_actions()]  # type: ignore[attr-defined]


def test_every_card_in_hand_is_legal_to_play() -> None:
    state = deal("R5 K3 B7", "G1 G2 G3", "K1 K2 K4", challenge="off")
    run(state, "play R5")
    assert legal(state) == ["play G1", "play G2", "play G3"]


def test_the_published_deal_sizes_are_dealt() -> None:
    for players, size in ((3, 18), (4, 18), (5, 14), (6, 12)):
        view = Masquerade(players).new_state(1).observe(None)
        assert view["hand_sizes"] == [size] * players
        assert view["table"]["out_of_game"] == 72 - size * players


def test_a_card_that_does_not_follow_opens_a_challenge_window_for_each_other_player_in_turn() -> None:
    state = deal("R5 R6", "K3 R7", "R9 R8")
    run(state, "play R5", "play K3")
    assert state.observe(None)["phase"] == "challenge"
    assert state.actors == (2,)
    run(state, "pass")
    assert state.actors == (0,)  # the leader may challenge too
    run(state, "pass")
    assert state.observe(None)["phase"] == "play" and state.actors == (2,)


def test_a_following_card_and_the_leaders_card_open_no_window() -> None:
    state = deal("R5 R6", "R7 K3", "R9 R8")
    run(state, "play R5")
    assert state.actors == (1,)
    run(state, "play R7")
    assert state.observe(None)["phase"] == "play" and state.actors == (2,)


def test_challenge_off_plays_a_plain_may_follow_game() -> None:
    state = deal("R5 R6", "K3 R7", "R9 R8", challenge="off")
    run(state, "play R5", "play K3")
    assert state.observe(None)["phase"] == "play" and state.actors == (2,)


@pytest.mark.parametrize(("order", "offers"), [("left", [3, 0, 1]), ("leader", [0, 1, 3])])
def test_challenge_order_sets_who_is_offered_the_challenge_first(order: str, offers: list[int]) -> None:
    state = deal("R5", "R6", "K3", "R9", challenge_order=order)
    run(state, "play R5", "play R6", "play K3")
    seen = []
    while state.observe(None)["phase"] == "challenge":
        seen.append(state.actors[0])
        run(state, "pass")
    assert seen == offers


# --- taking ----------------------------------------------------------------------------------------

def test_the_lowest_picks_one_card_the_highest_takes_the_rest_and_the_lowest_leads() -> None:
    state = deal("R5 R1", "R9 R2", "R3 R4")
    run(state, "play R5", "play R9", "play R3")
    assert state.observe(None)["phase"] == "take" and state.actors == (2,)
    assert legal(state) == ["take R5", "take R9", "take R3"]
    run(state, "take R9")
    assert won(state, 2) == ["R9"]
    assert won(state, 1) == ["R3", "R5"]
    assert state.leader == 2 and state.actors == (2,)


def test_the_lowest_may_pick_their_own_card() -> None:
    state = deal("R5 R1", "R9 R2", "R3 R4")
    run(state, "play R5", "play R9", "play R3", "take R3")
    assert won(state, 2) == ["R3"]


def test_numbers_compare_without_regard_to_colour() -> None:
    state = deal("R5 R1", "K2 R2", "G18 R4", challenge="off")
    run(state, "play R5", "play K2", "play G18")
    assert state.actors == (1,)  # K2 is lowest although black
    run(state, "take K2")
    assert won(state, 2) == ["R5", "G18"]


def test_two_players_tied_for_lowest_the_earlier_one_picks() -> None:
    # G13 makes K7 count 5, tied with the leader's R5: the earlier player (the leader) counts lower
    state = deal("R5 R1", "K7 R2", "G13 R4", challenge="off")
    run(state, "play R5", "play K7", "play G13", "target K7")
    assert [t["number"] for t in state.observe(None)["trick"]] == [5, 5, 13]
    assert state.actors == (0,)
    run(state, "take K7")
    assert won(state, 0) == ["K7"] and won(state, 2) == ["R5", "G13"]
    assert state.leader == 0


def test_two_players_tied_for_highest_the_later_one_takes_the_rest() -> None:
    # G6 makes R9 count 11, tied with B11: the later player counts higher
    state = deal("R9 R1", "G6 R2", "B11 R4", challenge="off")
    run(state, "play R9", "play G6", "target R9", "play B11")
    assert [t["number"] for t in state.observe(None)["trick"]] == [11, 6, 11]
    assert state.actors == (1,)
    run(state, "take G6")
    assert won(state, 2) == ["R9", "B11"]


def test_changed_numbers_count_only_for_this_turns_taking() -> None:
    state = deal("R9 R1", "G6 R2", "B11 R4", challenge="off")
    run(state, "play R9", "play G6", "target R9", "play B11", "take G6")
    assert state.scores() == [0, 6, 20]


# --- special cards: the FAQ answers ----------------------------------------------------------------

@pytest.mark.parametrize("card", ["K6", "G13", "K13", "G6"])
def test_a_plus_or_minus_two_card_played_first_does_nothing(card: str) -> None:
    state = deal(f"{card} R1", "R9 R2", "R3 R4", challenge="off")
    run(state, f"play {card}")
    assert state.observe(None)["phase"] == "play" and state.actors == (1,)
    assert state.events[-1].kind == "effect" and state.events[-1].data["effect"] == "nothing"
    run(state, "play R9", "play R3")
    assert [t["number"] for t in state.observe(None)["trick"]] == [int(card[1:]), 9, 3]


def test_a_plus_or_minus_two_card_targets_only_cards_already_played_by_others() -> None:
    state = deal("R5 R1", "R7 R2", "K6 R4", "R3 R8", challenge="off")
    run(state, "play R5", "play R7", "play K6")
    assert state.observe(None)["phase"] == "target" and state.actors == (2,)
    assert legal(state) == ["target R5", "target R7"]
    with pytest.raises(IllegalAction):
        state.apply("target K6")
    run(state, "target R7")
    assert [t["number"] for t in state.observe(None)["trick"]] == [5, 5, 6]


def test_a_led_r11_makes_red_and_only_red_the_lead_colour() -> None:
    state = deal("R11 R1", "B5 R2", "K4 R3")
    run(state, "play R11")
    assert state.observe(None)["table"]["lead_colour"] == "R"
    run(state, "play B5")
    assert state.observe(None)["phase"] == "challenge"  # blue does not follow a led R11


def test_r11_played_by_a_non_leader_follows_any_lead_colour() -> None:
    state = deal("K5 R1", "R11 R2", "K4 R3")
    run(state, "play K5", "play R11")
    assert state.observe(None)["phase"] == "play" and state.actors == (2,)
    assert state.observe(None)["trick"][1]["follows"] is True


def test_after_b16_the_highest_player_picks_and_leads_next() -> None:
    state = deal("R2 R1", "B16 R5", "K9 R3")
    run(state, "play R2", "play B16", "pass", "pass")  # B16's effect waits for its challenge window
    assert state.observe(None)["table"]["b16"] is True
    run(state, "play K9", "pass", "pass")
    assert state.actors == (1,)  # the highest (B16 itself) picks
    run(state, "take K9")
    assert won(state, 1) == ["K9"] and won(state, 0) == ["R2", "B16"]  # the lowest takes the rest
    assert state.leader == 1


def test_under_b16_the_later_of_tied_highest_picks_and_leads_and_the_earlier_of_tied_lowest_takes() -> None:
    # rules: Taking (seed: the later of tied highest is the highest, the earlier of tied lowest the lowest);
    # B16 swaps the roles, not the tie rule
    state = deal("R16 R1", "B16 R5", "G1 R4", "K1 R2", challenge="off")
    run(state, "play R16", "play B16", "play G1", "play K1")
    assert state.observe(None)["table"]["taking"] == {"picker": 1, "taker": 2}
    run(state, "take R16")
    assert state.leader == 1  # the highest leads after B16 (seed FAQ)


def test_b16_ties_roles_gives_the_pick_to_the_earlier_of_tied_highest_and_the_rest_to_the_later_lowest() -> None:
    # the rules file's first reading, kept as an option
    state = deal("R16 R1", "B16 R5", "G1 R4", "K1 R2", challenge="off", b16_ties="roles")
    run(state, "play R16", "play B16", "play G1", "play K1")
    assert state.observe(None)["table"]["taking"] == {"picker": 0, "taker": 3}


def test_b16_option_lead_keeps_the_usual_taking_but_the_highest_leads_next() -> None:
    state = deal("R2 R1", "B16 R5", "K9 R3", b16="lead", challenge="off")
    run(state, "play R2", "play B16", "play K9")
    assert state.actors == (0,)
    run(state, "take R2")
    assert won(state, 1) == ["K9", "B16"]
    assert state.leader == 1


def test_specials_none_turns_every_play_effect_off() -> None:
    state = deal("R2 R1", "B16 R5", "G13 R3", specials="none", challenge="off")
    run(state, "play R2", "play B16", "play G13")
    assert state.observe(None)["phase"] == "take" and state.actors == (0,)
    assert "effect" not in kinds(state)


def test_a_fixed_deal_must_fit_the_players() -> None:
    with pytest.raises(BadOptions):
        Masquerade(3, deal=[["R1"], ["R2"]])
    with pytest.raises(BadOptions):
        Masquerade(3, deal=[["R1"], ["R2"], ["R2"]])
    with pytest.raises(BadOptions):
        Masquerade(3, deal=[["R1"], ["R2", "R3"], ["R4"]])
    with pytest.raises(BadOptions):
        Masquerade(3, first_player=3)


def test_first_player_fixes_the_turn_player() -> None:
    assert {Masquerade(4, first_player=2).new_state(seed).leader for seed in range(10)} == {2}


def test_a_refused_action_says_why_and_lists_the_legal_ones() -> None:
    state = deal("R5 R6", "K3 R7", "R9 R8")
    expected = r"seat 0 cannot play K3: K3 is not in your hand \(legal: play R5, play R6\)"
    with pytest.raises(IllegalAction, match=expected):
        state.apply("play K3")
    with pytest.raises(IllegalAction, match="not their turn"):
        state.apply("play K3", 1)
    run(state, "play R5", "play K3", "challenge")
    with pytest.raises(IllegalAction, match="re-play a card that follows red"):
        state.apply("play K3")


def test_changing_an_observation_does_not_change_the_game() -> None:
    state = deal("R5 R1", "R9 R2", "R3 R4")
    run(state, "play R5", "play R9", "play R3", "take R9")
    view = state.observe(0)
    view["table"]["previous"]["cards"].append("G1")
    view["table"]["won"][1].append("G1")
    view["hand"].append("G1")
    assert state.observe(0)["table"]["previous"]["cards"] == ["R5", "R9", "R3"]
    assert state.observe(0)["table"]["won"][1] == ["R3", "R5"]
    assert state.observe(0)["hand"] == ["R1"]


def test_challenge_order_together_asks_everyone_at_once_and_keeps_answers_hidden() -> None:
    state = deal("R5", "R6", "K3", "R9", challenge_order="together")
    run(state, "play R5", "play R6", "play K3")
    assert state.actors == (3, 0, 1)
    assert [a.text for a in state.legal_actions(0)] == ["challenge", "pass"]
    log = len(state.events)
    state.apply("challenge", 0)
    assert state.actors == (3, 1)
    assert len(state.events) == log  # nothing shown until all have answered
    with pytest.raises(IllegalAction):
        state.apply("pass", 0)  # seat 0 has answered
    state.apply("pass", 3)
    state.apply("challenge", 1)
    # seats 0 and 1 challenged: seat 0 is nearer seat 2's left (3, 0, 1), so it takes the challenge
    assert [e.kind for e in state.events[log:]] == ["pass", "claims", "challenge"]
    assert state.challenger == 0 and state.actors == (2,)  # failed: seat 2 chooses C or D


def test_challenge_order_together_closes_when_everyone_has_passed() -> None:
    state = deal("R5", "R6", "K3", "R9", challenge_order="together")
    run(state, "play R5", "play R6", "play K3")
    for seat in (1, 3, 0):
        state.apply("pass", seat)
    assert state.observe(None)["phase"] == "play" and state.actors == (3,)


def test_resampling_redraws_the_answers_others_gave_together_but_keeps_ones_own() -> None:
    state = deal("R5 R1", "R6 R2", "K3 R3", "R9 R4", challenge_order="together")
    run(state, "play R5", "play R6", "play K3")
    state.apply("challenge", 3)
    state.apply("challenge", 0)
    picks = {state.resample(0, Rng(k)).choice.picks for k in range(40)}  # 1: challenge, 0: pass
    assert all(p[0] == 1 for p in picks)
    assert {p[3] == 1 for p in picks} == {True, False}
