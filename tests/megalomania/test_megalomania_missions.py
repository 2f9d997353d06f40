"""All 25 missions: each scored in a constructed position, and the special deals and steps played through."""

from __future__ import annotations

import json

import pytest
from megalomania_helpers import legal, play, ready, setup, trick_winners

from tricktable.engine import IllegalAction
from tricktable.games.megalomania.cards import MISSION_POINTS, mission, parse_card
from tricktable.games.megalomania.effects import score_mission
from tricktable.games.megalomania.game import MegalomaniaState
from tricktable.games.megalomania.phases import Phase


def cards(text: str) -> int:
    return sum(1 << parse_card(c) for c in text.split())


def tricks(*won: tuple[int, str]) -> list[tuple[int, int]]:
    return [(w, cards(t)) for w, t in won]


# (mission, players, completed tricks as (winner, cards), expected points per seat)
SCORED = [
    (1, 3, [(0, "B1 B2 B4"), (0, "Y1 Y2 Y4"), (0, "R1 R2 R4"), (1, "K1 K2 K4")], [3, 0, 0]),
    (2, 3, [(0, "B1 Y2 R4"), (0, "K1 K2 K4"), (1, "B2 B4 B6")], [-2, 0, 0]),
    (3, 3, [(0, "B1 B2 R4"), (1, "B4 K2 K4")], [2, 1, 0]),
    (4, 3, [(0, "Y1 Y2 R4"), (2, "Y4 K2 K4")], [2, 0, 1]),
    (5, 2, [(0, "B1 B2"), (0, "B4 B6"), (0, "B7 B9"), (0, "B12 B15"), (1, "Y1 Y2")], [4, 0]),
    (6, 4, [(0, "B6 Y1 Y2 Y4"), (1, "B7 R1 R2 R4"), (3, "B1 B2 B4 K1")], [0, 0, 2, 2]),
    (7, 2, [(0, "B1 B2"), (0, "B15 B12"), (1, "Y15 Y9")], [2, 2]),
    (8, 4, [(0, "B1 Y1 R1 K1"), (1, "B2 B4 Y2 R2")], [3, 0, 0, 0]),
    (9, 2, [(0, "R1 R2"), (1, "R4 B1")], [-2, -1]),
    (10, 2, [(0, "K1 K2"), (1, "K4 B1")], [-2, -1]),
    (11, 2, [(0, "B15 Y15 R15 K15"), (0, "B12 Y12"), (1, "R12 K12 B9 Y9")], [3, 0]),
    (12, 3, [(0, "B1 B2 B4"), (1, "Y1 Y2 Y4"), (1, "R1 R2 R4")], [-2, 0, 0]),
    (13, 3, [(0, "B1 B2 B4"), (1, "Y1 Y2 Y4"), (1, "R1 R2 R4")], [2, 0, 0]),
    (14, 3, [(0, "B1 B2 B4"), (1, "Y1 Y2 Y4"), (1, "R1 R2 R4")], [0, 2, 0]),
    (15, 3, [(0, "B1 B2 B4"), (1, "Y1 Y2 Y4"), (1, "R1 R2 R4")], [0, 3, 0]),
    (15, 2, [(0, "B1 B2"), (1, "Y1 Y2")], [0, 0]),
    (16, 2, [(0, "B1 B2"), (0, "B4 B6"), (0, "B7 B9"), (0, "B12 B15"), (1, "Y1 Y2")], [-4, 0]),
    (17, 3, [(0, "B1 B2 B4"), (1, "Y1 Y2 Y4"), (1, "R1 R2 R4")], [0, -2, 0]),
    (18, 2, [(0, "B1 B2"), (1, "Y1 Y2"), (1, "R1 R2")], [1, 2]),
    (19, 2, [(0, "B6 B7"), (1, "Y7 Y2"), (1, "R1 R2")], [2, 1]),
    (20, 4, [(0, "B1 B2 B4 B6"), (2, "Y1 Y2 Y4 Y6"), (1, "R1 R2 R4 R6")], [3, 0, 3, 0]),
    (20, 4, [(0, "B1 B2 B4 B6"), (1, "R1 R2 R4 R6")], [0, 0, 0, 0]),
    (21, 4, [(0, "B1 B2 B4 B6"), (2, "Y1 Y2 Y4 Y6"), (1, "R1 R2 R4 R6")], [0, -3, 0, -3]),
    (22, 3, [(2, "B1 B2 B4"), (1, "Y1 Y2 Y4"), (2, "R1 R2 R4")], [0, 0, 3]),
    (23, 3, [(0, "R1 R2 B1"), (1, "R4 R6 B2"), (2, "R7 B4 B6")], [0, 0, 2]),
    (23, 2, [(0, "R1 R2 Y1 Y2"), (1, "R4 B2 K1 K2")], [4, 4]),
    (24, 3, [(0, "B1 B2 B4"), (1, "Y1 Y2 Y4")], [0, 0, 3]),
    (25, 3, [(0, "B1 B2 B4"), (1, "Y1 Y2 Y4"), (1, "R1 R2 R4")], [-1, -2, 0]),
]


@pytest.mark.parametrize(("number", "players", "won", "expected"), SCORED)
def test_each_mission_scores_a_constructed_set_of_tricks(
        number: int, players: int, won: list[tuple[int, str]], expected: list[int]) -> None:
    assert score_mission(number, players, tricks(*won), MISSION_POINTS[number - 1]) == expected


def test_every_mission_has_a_scoring_case() -> None:
    assert {case[0] for case in SCORED} == set(range(1, 26))


def test_mission_points_are_an_option() -> None:
    points = list(MISSION_POINTS)
    points[0] = 5
    state = setup(2, ["B1 B2 B4", "Y1 Y2 Y4"], mission=1, mission_points=points)
    ready(state)
    while state.round_no == 1:
        state.apply(state.legal_actions()[0])
    assert state.results[0] == (5, 0)


def finish_round(state: MegalomaniaState) -> None:
    """Play the first legal action until the next round begins (or the game ends)."""
    start = state.round_no
    while state.round_no == start and not state.is_over:
        state.apply(state.legal_actions()[0], state.actors[0])


def wins_per_seat(state: MegalomaniaState) -> list[int]:
    counts = [0] * state.players
    for w in trick_winners(state):
        counts[w] += 1
    return counts


def tricks_played(state: MegalomaniaState) -> list[tuple[int, list[str]]]:
    """(winner, cards) of each trick of the first round, read from the public log."""
    out: list[tuple[int, list[str]]] = []
    current: list[str] = []
    for event in state.events:
        if event.kind == "card_played":
            current.append(event.data["card"])
        elif event.kind == "trick_won":
            out.append((event.data["winner"], current))
            current = []
        elif event.kind == "mission_scored":
            break
    return out


def test_mission_13_shows_the_first_three_cards_of_each_hand_to_everyone() -> None:
    state = setup(2, ["B1 B2 B4 Y1 Y2 Y4", "R1 R2 R4 K1 K2 K4"], mission=13)
    assert state.observe(1)["table"]["face_up"] == [["B1", "B2", "B4"], ["R1", "R2", "R4"]]
    assert state.observe(None)["table"]["face_up"][0] == ["B1", "B2", "B4"]
    ready(state)
    finish_round(state)
    assert list(state.results[0]) == [2 if n == 1 else 0 for n in wins_per_seat(state)]


def test_mission_15_fixes_a_hidden_order_and_plays_it_without_follow_rules() -> None:
    state = setup(2, ["B1 B2 B4 B6 B7 B9", "Y1 Y2 Y4 Y6 Y7 Y9"], mission=15, dominant="K")
    ready(state)
    assert state.actors == (0, 1)
    for text in ("program B9", "program B1", "program B2", "program B4", "program B6"):
        state.apply(text, 0)
    assert state.program[0] == tuple(parse_card(c) for c in ["B9", "B1", "B2", "B4", "B6", "B7"])
    assert "program" not in state.observe(1)["table"] and state.observe(0)["table"]["program"][0] == "B9"
    for text in ("program Y1", "program Y2", "program Y4", "program Y6", "program Y7"):
        state.apply(text, 1)
    assert legal(state) == ["play B9", "play B9*"]
    with pytest.raises(IllegalAction):
        state.apply("play B1")
    finish_round(state)
    counts = wins_per_seat(state)
    assert state.results[0] == tuple(3 if n == max(counts) and counts.count(n) == 1 else 0 for n in counts)


def test_mission_18_plays_face_up_cards_and_brings_the_covered_card_into_the_hand() -> None:
    state = setup(2, ["B1 B2 B4 B6 Y1 Y2 Y4 Y6", "R1 R2 R4 R6 K1 K2 K4 K6"], mission=18, dominant="K")
    assert state.hands == [0, 0]
    view = state.observe(1)["table"]["covered"]
    assert view[0] == {"face_up": ["Y1", "Y2", "Y4", "Y6"], "face_down": 4}
    ready(state)
    assert {a.split()[1] for a in legal(state)} >= {"Y1", "Y2", "Y4", "Y6"}
    play(state, "play Y2")
    assert state.hands[0] == 1 << parse_card("B2")
    assert "B2" in state.observe(0)["hand"] and state.observe(1)["hand_sizes"][0] == 1
    finish_round(state)
    assert list(state.results[0]) == wins_per_seat(state)


def test_mission_19_draws_from_your_own_pile_after_each_card() -> None:
    state = setup(2, ["B1 B2 B4 B6 B7 B9 Y6 Y7", "R1 R2 R4 R6 K1 K2 K4 K6"], mission=19, dominant="K")
    assert state.hands[0] == cards("B1 B2 B4 B6") and state.draw_piles[0] == tuple(
        parse_card(c) for c in ["B7", "B9", "Y6", "Y7"])
    ready(state)
    play(state, "play B1")
    assert state.hands[0] == cards("B2 B4 B6 B7")
    assert state.observe(1)["table"]["draw_piles"] == [3, 4]
    finish_round(state)
    taken = [0, 0]
    for winner, played in tricks_played(state):
        taken[winner] += sum(1 for c in played if c[1:] in ("6", "7"))
    assert list(state.results[0]) == taken


def test_missions_20_and_21_swap_hands_with_the_partner_opposite_after_preparation() -> None:
    hands = ["B1 B2 B4 B6 B7 B9 B12 B15", "Y1 Y2 Y4 Y6 Y7 Y9 Y12 Y15", "R1 R2 R4 R6 R7 R9 R12 R15",
             "K1 K2 K4 K6 K7 K9 K12 K15"]
    for number in (20, 21):
        state = setup(4, hands, mission=number, dominant="K")
        ready(state)
        assert state.hands[0] == cards(hands[2]) and state.hands[2] == cards(hands[0])
        assert state.hands[1] == cards(hands[3])
        finish_round(state)
        counts = wins_per_seat(state)
        teams = [counts[0] + counts[2], counts[1] + counts[3]]
        result = list(state.results[0])
        if teams[0] == teams[1]:
            assert result == [0, 0, 0, 0]
        elif number == 20:
            best = 0 if teams[0] > teams[1] else 1
            assert result[best] == result[best + 2] == 3
        else:
            worst = 0 if teams[0] < teams[1] else 1
            assert result[worst] == result[worst + 2] == -3


def test_mission_22_passes_every_hand_right_after_each_trick() -> None:
    state = setup(3, ["B1 B2 B4 B6 B7 B9", "Y1 Y2 Y4 Y6 Y7 Y9", "R1 R2 R4 R6 R7 R9"], mission=22, dominant="K")
    ready(state)
    play(state, "play B1", "play Y1", "play R1")
    # seat 0 now holds what seat 1 had; seat 1 what seat 2 had; seat 2 what seat 0 had
    assert state.hands == [cards("Y2 Y4 Y6 Y7 Y9"), cards("R2 R4 R6 R7 R9"), cards("B2 B4 B6 B7 B9")]
    # seat 0 knows the hand it passed to seat 2
    assert state.known[0 * 4 + 2] & cards("B2 B4")
    finish_round(state)
    counts = wins_per_seat(state)
    assert state.results[0] == tuple(3 if n == max(counts) and counts.count(n) == 1 else 0 for n in counts)


def test_mission_22_can_pass_after_each_card_with_three_players() -> None:
    state = setup(3, ["B1 B2 B4 B6 B7 B9", "Y1 Y2 Y4 Y6 Y7 Y9", "R1 R2 R4 R6 R7 R9"], mission=22, dominant="K",
                  rotate_after="card")
    ready(state)
    play(state, "play B1")
    assert state.hands[1] == cards("R1 R2 R4 R6 R7 R9")
    finish_round(state)
    assert state.round_no == 2


def test_mission_24_splits_into_piles_and_the_neighbour_picks_one_blind() -> None:
    hands = ["B1 B2 B4 B6 B7 B9 B12 B15", "Y1 Y2 Y4 Y6 Y7 Y9 Y12 Y15", "R1 R2 R4 R6 R7 R9 R12 R15"]
    state = setup(3, hands, mission=24, dominant="K")
    ready(state)
    for p, colour in enumerate("BYR"):
        for value in (1, 2, 4, 6):
            state.apply(f"pile {colour}{value}", p)
    assert state.phase == Phase.PICKING and state.actors == (0, 1, 2)
    assert state.observe(1)["table"]["chosen"] == ["Y1", "Y2", "Y4", "Y6"]
    assert "B6" not in json.dumps(state.observe(1))
    # seat 1 picks for seat 0 (its right-hand neighbour), seat 2 for seat 1, seat 0 for seat 2
    state.apply("pick 2", 1)
    state.apply("pick 1", 2)
    state.apply("pick 1", 0)
    assert state.hands == [cards("B7 B9 B12 B15"), cards("Y1 Y2 Y4 Y6"), cards("R1 R2 R4 R6")]
    assert state.out & cards("B1 Y7 R15") == cards("B1 Y7 R15")
    finish_round(state)
    assert list(state.results[0]) == [3 if n == 0 else 0 for n in wins_per_seat(state)]


def test_mission_25_passes_three_cards_to_the_left_all_at_once() -> None:
    hands = ["B1 B2 B4 B6 B7 B9 B12 B15", "Y1 Y2 Y4 Y6 Y7 Y9 Y12 Y15", "R1 R2 R4 R6 R7 R9 R12 R15"]
    state = setup(3, hands, mission=25, dominant="K")
    ready(state)
    for p, colour in enumerate("BYR"):
        for value in (1, 2, 4):
            state.apply(f"pass {colour}{value}", p)
    assert state.hands[1] == cards("B1 B2 B4 Y6 Y7 Y9 Y12 Y15")
    assert state.hands[0] == cards("R1 R2 R4 B6 B7 B9 B12 B15")
    assert state.known[0 * 4 + 1] == cards("B1 B2 B4")
    finish_round(state)
    assert list(state.results[0]) == [-n for n in wins_per_seat(state)]


def test_missions_8_20_and_21_leave_the_deck_with_fewer_than_four_players() -> None:
    from tricktable.engine import load_game

    assert not {8, 20, 21} & set(load_game("megalomania", 3).mission_pool)
    assert {8, 20, 21} <= set(load_game("megalomania", 4).mission_pool)
    assert mission(13).hand == 6 and mission(12).hand == 7


def test_the_deal_follows_the_missions_hand_size_and_the_rest_is_out_of_play() -> None:
    from tricktable.engine import load_game

    state = load_game("megalomania", 3, mission_order=[12]).new_state(4)
    assert all(h.bit_count() == 7 for h in state.hands)
    assert state.out.bit_count() == 32 - 21


def test_mission_25_passes_stay_hidden_until_everyone_has_chosen() -> None:
    hands = ["B1 B2 B4 B6 B7 B9 B12 B15", "Y1 Y2 Y4 Y6 Y7 Y9 Y12 Y15", "R1 R2 R4 R6 R7 R9 R12 R15"]
    state = setup(3, hands, mission=25, dominant="K")
    ready(state)
    for text in ("pass B1", "pass B2", "pass B4"):
        state.apply(text, 0)
    assert state.actors == (1, 2)
    seen_by_1 = json.dumps(state.observe(1))
    assert "B1" not in seen_by_1 and "B4" not in seen_by_1
    assert state.observe(0)["table"]["chosen"] == ["B1", "B2", "B4"]
    for p, colour in ((1, "Y"), (2, "R")):
        for value in (1, 2, 4):
            state.apply(f"pass {colour}{value}", p)
    assert "B1" in state.observe(1)["hand"] and "B1" not in json.dumps(state.observe(2)["hand"])


def test_programmed_follow_lets_an_activated_assassin_at_the_head_of_the_order_go_off_colour() -> None:
    # rules: Assassin, "may be played even when the follow rule demands another card"
    state = setup(2, ["Y1 Y2 Y6 Y7 Y9 Y12", "B2 Y4 B4 B6 B7 B9"], mission=15, dominant="K", programmed_follow=True)
    ready(state)
    for text in ("program Y1", "program Y2", "program Y6", "program Y7", "program Y9"):
        state.apply(text, 0)
    for text in ("program B2", "program Y4", "program B4", "program B6", "program B7"):
        state.apply(text, 1)
    state.apply("play Y1", 0)
    options = legal(state, 1)
    assert "play B2*" in options and "play B2" not in options  # the Assassin, with its power only
    assert "play Y4" in options  # or, without the power, the earliest card of the order that follows
    state.apply("play B2*", 1)
    assert state.program[1][0] != 2 and len(state.program[1]) == 5
