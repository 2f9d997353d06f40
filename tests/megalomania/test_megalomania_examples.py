"""Every example of the rules file's "Examples to test", as constructed positions."""

from __future__ import annotations

import pytest
from megalomania_helpers import play, ready, setup, trick_winners

from tricktable.engine import IllegalAction
from tricktable.games.megalomania.cards import parse_card
from tricktable.games.megalomania.effects import score_mission


def mask(*cards: str) -> int:
    return sum(1 << parse_card(c) for c in cards)


def test_a_low_dominant_card_beats_a_high_lead_colour_card() -> None:
    state = setup(3, ["R6", "R15", "K2"], dominant="K")
    ready(state)
    play(state, "play R6", "play R15", "play K2")
    assert trick_winners(state) == [2]


def test_a_dwarf_led_makes_the_lowest_dominant_card_win() -> None:
    state = setup(3, ["R6", "R15", "K2"], dominant="K")
    ready(state)
    play(state, "play R6*", "play R15", "play K2")
    assert trick_winners(state) == [2]


def test_a_dwarf_without_dominant_cards_makes_the_lowest_lead_colour_card_win() -> None:
    state = setup(3, ["R6", "R15", "B2"], dominant="K")
    ready(state)
    play(state, "play R6*", "play R15", "play B2")
    assert trick_winners(state) == [0]


def test_an_assassin_with_a_crystal_may_be_played_off_colour_while_holding_the_lead_colour() -> None:
    state = setup(3, ["R6 B1", "R15 Y2", "K1 K4"], dominant="K")
    ready(state)
    play(state, "play R6")
    assert "play Y2*" in [str(a) for a in state.legal_actions()]
    play(state, "play Y2*")
    assert state.trick[-1][1] == parse_card("Y2")


def test_an_assassin_without_a_crystal_cannot_be_played_off_colour() -> None:
    state = setup(3, ["R6 B1", "R15 Y2", "K1 K4"], dominant="K")
    ready(state, "3/0", "0/3", "3/0")
    play(state, "play R6")
    for text in ("play Y2*", "play Y2"):
        with pytest.raises(IllegalAction):
            state.apply(text)
    assert state.trick[-1][1] == parse_card("R6")


def test_after_an_emperor_activated_second_a_knight_activation_and_a_cube_are_illegal() -> None:
    state = setup(3, ["R6", "R15", "R9"], dominant="K")
    ready(state, "3/0", "3/0", "2/1")
    play(state, "play R6", "play R15*")
    for text in ("play R9*", "play R9+", "play R9-", "play R9*+"):
        with pytest.raises(IllegalAction, match="Emperor"):
            state.apply(text)
    play(state, "play R9")
    assert trick_winners(state) == [1]


def test_mission_23_gives_nobody_the_red_points_when_two_players_tie_for_most_red() -> None:
    tricks = [(0, mask("R1", "R2", "B1")), (1, mask("R4", "R6", "B2")), (2, mask("R7", "B4", "B6"))]
    result = score_mission(23, 3, tricks, 2)
    # red: seats 0 and 1 tie with 2 each, so nobody; blue: seat 2 has 2, the others 1: seat 2 scores
    assert result == [0, 0, 2]


def test_an_end_of_game_tie_on_points_goes_to_the_player_who_lost_fewer_points() -> None:
    state = setup(2, ["B1", "B2"], rounds=8)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    state.points = [5, 5]
    state.lost = [-4, -1]
    state.scrolls = [(), ()]
    assert state.winners() == [1]
