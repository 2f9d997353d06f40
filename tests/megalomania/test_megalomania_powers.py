"""The eight powers, their limits and interactions, cubes, and the during-play scrolls."""

from __future__ import annotations

import pytest
from megalomania_helpers import events, legal, play, ready, setup, trick_winners

from tricktable.engine import IllegalAction
from tricktable.games.megalomania.cards import parse_card


def bit(card: str) -> int:
    return 1 << parse_card(card)


def test_a_dwarf_before_an_emperor_still_reverses_the_trick() -> None:
    state = setup(3, ["R6", "R15", "R9"], dominant="K")
    ready(state)
    play(state, "play R6*", "play R15*", "play R9")
    assert trick_winners(state) == [0]


def test_a_knight_after_a_dominant_lead_leaves_the_led_card_its_trump() -> None:
    state = setup(3, ["K6 B1", "R9 B2", "K15 B4"], dominant="K")
    ready(state)
    play(state, "play K6", "play R9*", "play K15")
    assert trick_winners(state) == [0]


def test_a_knight_strips_later_dominant_cards_but_not_earlier_ones() -> None:
    state = setup(4, ["R4", "K2", "R9", "K15"], dominant="K")
    ready(state)
    play(state, "play R4", "play K2", "play R9*", "play K15")
    assert trick_winners(state) == [1]


def test_without_the_knight_the_highest_dominant_card_wins() -> None:
    state = setup(4, ["R4", "K2", "R9", "K15"], dominant="K")
    ready(state)
    play(state, "play R4", "play K2", "play R9", "play K15")
    assert trick_winners(state) == [3]


def test_the_wizard_forces_the_lowest_lead_then_dominant_then_any_colours_lowest() -> None:
    state = setup(4, ["B7 Y1 R4", "B1 B12 K2", "K4 K12 R1", "Y9 Y12 R2"], dominant="K")
    ready(state)
    play(state, "play B7*")
    assert {a.split()[1] for a in legal(state) if "*" not in a} == {"B1"}
    # an activated Assassin may still be played against the forcing [D]
    assert {a.split()[1].rstrip("*+-") for a in legal(state)} == {"B1", "K2"}
    assert "play K2" not in legal(state)
    play(state, "play B1")
    assert {a.split()[1].rstrip("*+-") for a in legal(state)} == {"K4"}
    play(state, "play K4")
    assert {a.split()[1].rstrip("*+-") for a in legal(state)} == {"Y9", "R2"}
    play(state, "play R2")
    # what the forced plays showed: seat 3 has no blue, no black and nothing below R2
    assert state.lacks[3] & bit("B12") and state.lacks[3] & bit("K15") and state.lacks[3] & bit("R1")
    assert trick_winners(state) == [2]


def test_the_wizard_binds_only_the_players_after_it() -> None:
    state = setup(3, ["B1 Y1", "B7 Y2", "B15 B12"], dominant="K")
    ready(state)
    play(state, "play B1")
    play(state, "play B7*")
    assert {a.split()[1].rstrip("*+-") for a in legal(state)} == {"B12"}


def test_an_oracle_takes_a_new_colour_never_the_dominant_one_and_a_led_one_sets_the_lead() -> None:
    state = setup(3, ["B12 R4", "Y1 B4", "B15 R1"], dominant="K")
    ready(state)
    play(state, "play B12*")
    assert legal(state) == ["colour Y", "colour R"]
    play(state, "colour Y")
    assert state.lead == 1
    assert {a.split()[1].rstrip("*+-") for a in legal(state)} == {"Y1"}
    play(state, "play Y1", "play B15")
    assert trick_winners(state) == [0]
    assert events(state, "oracle") == [{"seat": 0, "colour": "Y"}]


def test_an_oracle_played_on_a_lead_can_leave_it_and_lose() -> None:
    state = setup(3, ["B4 R4", "B12 Y1", "B1 R1"], dominant="K")
    ready(state)
    play(state, "play B4", "play B12*", "colour R", "play B1")
    assert trick_winners(state) == [0]


def test_the_explorer_swaps_a_hand_card_for_a_random_card_of_a_completed_trick() -> None:
    state = setup(2, ["B1 R1 R2", "B2 Y4 R6"], dominant="K", seed=5)
    ready(state)
    play(state, "play B1", "play B2")
    assert state.actors == (1,)
    play(state, "play Y4*")
    found = events(state, "explorer")[-1]["found"]
    assert found in ("B1", "B2")
    assert legal(state) == ["give R6"]
    play(state, "give R6")
    assert state.hands[1] == bit(found)
    winner, pile = state.won[0]
    assert winner == 1 and pile == bit("R6") | (bit("B1") | bit("B2")) & ~bit(found)


def test_the_explorer_cannot_be_activated_in_the_rounds_first_trick() -> None:
    state = setup(2, ["Y4 R1", "Y2 R2"], dominant="K")
    ready(state)
    assert "play Y4*" not in legal(state)
    with pytest.raises(IllegalAction, match="first trick"):
        state.apply("play Y4*")


def test_the_explorer_may_give_the_card_back_only_with_the_option() -> None:
    state = setup(2, ["B1 R1 R2", "B2 Y4 R6"], dominant="K", explorer_may_decline=True)
    ready(state)
    play(state, "play B1", "play B2", "play Y4*")
    assert "decline" in legal(state)
    play(state, "decline")
    assert state.hands[1] == bit("R6")


def test_the_farmer_names_the_next_leader_whoever_wins() -> None:
    state = setup(3, ["B1 R1", "B15 R2", "B2 R4"], dominant="K")
    ready(state)
    play(state, "play B1*")
    assert legal(state) == ["lead 0", "lead 1", "lead 2"]
    play(state, "lead 2", "play B15", "play B2")
    assert trick_winners(state) == [1]
    assert state.actors == (2,)


def test_the_farmer_cannot_be_activated_in_the_last_trick() -> None:
    state = setup(2, ["B1", "B2"], dominant="K")
    ready(state)
    assert "play B1*" not in legal(state)
    assert "play B1" in legal(state)


def test_a_second_activation_of_a_once_per_trick_power_is_refused_and_keeps_the_crystal() -> None:
    state = setup(3, ["B6 Y1", "R6 K1", "B1 Y2"], dominant="Y")
    ready(state)
    play(state, "play B6*")
    with pytest.raises(IllegalAction, match="already used"):
        state.apply("play R6*")
    assert state.crystals[1] == 3
    assert "play R6" in legal(state)


def test_several_oracles_and_assassins_may_be_activated_in_one_trick() -> None:
    state = setup(3, ["B12 R1", "Y12 B2", "R12 K1"], dominant="K")
    ready(state)
    play(state, "play B12*", "colour R")
    assert "play Y12*" in legal(state) and "play B2*" in legal(state)


def test_cubes_change_the_value_that_decides_the_trick_and_ties_go_to_the_earlier_card() -> None:
    cases = [(("play B7", "play B6+"), 0), (("play B7-", "play B6"), 0), (("play B7-", "play B6+"), 1)]
    for plays, winner in cases:
        state = setup(2, ["B7", "B6"], dominant="K")
        ready(state, "2/1", "2/1")
        play(state, *plays)
        assert trick_winners(state) == [winner], plays


def test_a_cube_needs_a_cube_token() -> None:
    state = setup(2, ["B7", "B6"], dominant="K")
    ready(state, "3/0", "3/0")
    assert legal(state) == ["play B7", "play B7*"]


def test_the_dwarf_uses_modified_values() -> None:
    state = setup(2, ["B6", "B4"], dominant="K")
    ready(state, "2/1", "2/1")
    play(state, "play B6*", "play B4+")
    assert trick_winners(state) == [1]


def test_the_emperors_own_cube_is_allowed() -> None:
    state = setup(2, ["R15", "R1"], dominant="K")
    ready(state, "2/1", "2/1")
    assert "play R15*-" in legal(state)


def test_free_power_activates_a_power_without_a_crystal() -> None:
    state = setup(2, ["B6 B1", "B4 B2"], dominant="K", scrolls=("free-power",))
    ready(state, "0/3", "0/3")
    assert "play B6*" not in legal(state)
    play(state, "use free-power")
    assert "play B6*" in legal(state)
    play(state, "play B6*")
    assert state.crystals[0] == 0 and state.dwarf


def test_immunity_lets_a_power_and_a_cube_ignore_an_earlier_emperor() -> None:
    state = setup(3, ["R4 Y1", "R15 Y2", "R9 Y4"], dominant="K", scrolls=("extra-cube", "extra-cube", "immunity"))
    ready(state, "3/0", "3/0", "2/1")
    play(state, "play R4", "play R15*")
    assert "play R9*" not in legal(state) and "use immunity" in legal(state)
    play(state, "use immunity")
    assert "play R9*+" in legal(state)
    play(state, "play R9*+")
    assert events(state, "card_played")[-1] == {"seat": 2, "card": "R9", "power": True, "cube": 1}


def test_a_dwarf_skips_dominant_cards_the_knight_disqualified() -> None:
    state = setup(4, ["R6", "K4", "R9", "K1"], dominant="K")
    ready(state)
    play(state, "play R6*", "play K4", "play R9*", "play K1")
    assert trick_winners(state) == [1]
    state = setup(4, ["R6", "K4", "R9", "K1"], dominant="K")
    ready(state)
    play(state, "play R6*", "play K4", "play R9", "play K1")
    assert trick_winners(state) == [3]


def test_two_explorers_in_one_trick_resolve_in_play_order() -> None:
    state = setup(3, ["B1 Y4 Y2", "B2 B7 R2", "B6 R4 Y1"], dominant="K", seed=11)
    ready(state)
    play(state, "play B1", "play B2", "play B6")
    assert state.actors == (2,)
    play(state, "play R4*")
    first = events(state, "explorer")[-1]["found"]
    assert first in ("B1", "B2", "B6")
    assert legal(state) == ["give Y1"]
    play(state, "give Y1")
    assert state.actors == (0,)
    play(state, "play Y4*")
    second = events(state, "explorer")[-1]["found"]
    assert second in ({"B1", "B2", "B6", "Y1"} - {first})
    assert legal(state) == ["give Y2"]
    play(state, "give Y2", "play R2")
    assert len(state.all_cards()) == 32 and len(set(state.all_cards())) == 32
