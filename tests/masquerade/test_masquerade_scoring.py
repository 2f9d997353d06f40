"""Scoring (rules: Scoring): the published example, bursts, every bonus card met and not met, tie-breaks."""

from __future__ import annotations

import pytest
from masquerade_helpers import deal, give_won, run

from tricktable.games.masquerade.cards import BONUSES, bonuses, mask_of, parse_card
from tricktable.games.masquerade.scoring import bonus_points, bursts, face_cards, score


def pile(cards: str) -> int:
    return mask_of([parse_card(c) for c in cards.split()])


def test_the_published_example_scores_31() -> None:
    # rules: red 5, 9, 12 and black 2, 4, 10, 14, 18 score 26 + 5 = 31
    assert score(pile("R5 R9 R12 K2 K4 K10 K14 K18"), BONUSES) == 31


def test_the_published_example_scores_31_through_a_game() -> None:
    state = deal("R2", "R3", "R4")
    give_won(state, 1, "R5 R9 R12 K2 K4 K10 K14 K18")
    assert state.scores()[1] == 31


def test_three_cards_of_a_colour_score_face_value_and_four_score_one_each() -> None:
    assert score(pile("G16 G17 G18")) == 51
    assert score(pile("G15 G16 G17 G18")) == 4


# (bonus card, a pile meeting its condition and its score, a pile failing it and its score)
BONUS_CASES = [
    ("R1", "R1 R2 R4 R5 R6 R7", 6 + 10, "R1 R2 R4 R5 R6", 5),
    ("B2", "B2 B4 B5 B6 B7", 5 * 2, "B2 B4 B5 B6", 4),
    ("G1", "G1 G2 G3 G4 R2 R4 R5 R6 K2 K3 K4 K5 B3 B4 B5 B6", 16 + 12, "G1 G2 G3 R2 R4 R5 R6 K2 K3 K4 K5 B3 B4 B5 B6",
     6 + 12),
    ("R3", "R3 R5 R9", 17 + 8, "R3 R5", 8),
    ("K1", "K1 G5", 6 + 12, "K1 K2 G5", 8),
    ("B1", "B1 R5 R6", 12 + 10, "B1 R4 R5 R6 R7", 1 + 4),
]


@pytest.mark.parametrize(("card", "met", "met_score", "unmet", "unmet_score"), BONUS_CASES)
def test_each_bonus_card_pays_only_when_its_condition_holds(
        card: str, met: str, met_score: int, unmet: str, unmet_score: int) -> None:
    assert [c for c, _ in bonus_points(pile(met), BONUSES)] == [card]
    assert score(pile(met), BONUSES) == met_score
    assert [c for c, _ in bonus_points(pile(unmet), BONUSES) if c == card] == []
    assert score(pile(unmet), BONUSES) == unmet_score


def test_every_bonus_card_of_the_table_is_tested() -> None:
    assert sorted(card for card, *_ in BONUS_CASES) == sorted(f"{'RKBG'[b.card // 18]}{b.card % 18 + 1}"
                                                              for b in BONUSES)


def test_a_bonus_needs_its_card_in_the_pile() -> None:
    assert score(pile("R2 R4 R5 R6 R7 R8"), BONUSES) == 6  # six red, but no R1


def test_specials_none_and_effects_play_no_bonuses() -> None:
    assert bonuses("none") == () and bonuses("effects") == ()
    assert bonuses("bonuses") == BONUSES
    state = deal("R2", "R3", "R4", specials="none")
    give_won(state, 0, "R1 R5 R6 R7 R8 R9")
    assert state.scores()[0] == 6


def test_bursts_and_face_cards_count_colours_of_four_or_more_and_the_rest() -> None:
    mixed = pile("R1 R2 R4 R5 K1 K2")
    assert bursts(mixed) == 1
    assert face_cards(mixed) == 2


def test_the_game_ends_when_the_hands_are_empty_and_the_highest_total_wins() -> None:
    state = deal("G9", "G10", "G11")
    give_won(state, 0, "R5 R6 R7 R8")  # 4 points, burst
    give_won(state, 1, "K4")           # 4 points
    run(state, "play G9", "play G10", "play G11", "take G9")
    # seat 0 picked G9 (13), seat 2 took G10 G11 (21): seat 2 wins alone
    assert state.is_over and state.winners() == [2]


@pytest.mark.parametrize(("tiebreak", "expected"), [("shared", [0, 1]), ("strict", [1])])
def test_a_strict_tiebreak_prefers_fewer_burst_colours(tiebreak: str, expected: list[int]) -> None:
    state = deal("G1", "G2", "G3", tiebreak=tiebreak)
    give_won(state, 0, "R10 R12 R13 R14 K17")  # red burst: 4 + 17 = 21, then G1 -> 22
    give_won(state, 1, "K18 B4")               # 22, no burst
    run(state, "play G1", "play G2", "play G3", "take G1")
    assert state.scores()[:2] == [22, 22]
    assert state.winners() == expected


@pytest.mark.parametrize(("tiebreak", "expected"), [("shared", [0, 1]), ("strict", [0])])
def test_a_strict_tiebreak_then_prefers_more_face_value_cards(tiebreak: str, expected: list[int]) -> None:
    state = deal("G1", "G2", "G3", tiebreak=tiebreak)
    give_won(state, 0, "R10 R12 R13 R14 K17")  # one burst, face cards K17 and G1: 22
    give_won(state, 1, "B4 B5 B6 B7 K18")      # one burst, face card K18: 22
    run(state, "play G1", "play G2", "play G3", "take G1")
    assert state.scores()[:2] == [22, 22]
    assert state.winners() == expected
