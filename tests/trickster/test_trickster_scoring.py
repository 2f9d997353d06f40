"""Scoring: a point a tableau card, the exemption of the player alone with the most of a suit, ties."""

from __future__ import annotations

from playouts import random_playout
from tricktable.engine import Rng, load_game
from tricktable.games.trickster.rules import round_points


def counts(*rows: dict[int, int]) -> list[list[int]]:
    return [[row.get(s, 0) for s in range(8)] for row in rows]


def test_a_tie_for_the_most_red_cards_exempts_nobody() -> None:
    # rules example: 3 players, A 4 red, B 2 red, C 4 red: nobody is exempt in red
    assert round_points(counts({0: 4}, {0: 2}, {0: 4})) == [4, 2, 4]


def test_the_player_alone_with_the_most_of_a_suit_scores_none_of_it() -> None:
    assert round_points(counts({0: 5, 1: 1}, {0: 2, 1: 3}, {0: 1})) == [1, 2, 1]


def test_zero_cards_are_never_the_most() -> None:
    assert round_points(counts({}, {}, {})) == [0, 0, 0]
    assert round_points(counts({2: 1}, {}, {})) == [0, 0, 0]


def test_every_other_suit_counts_one_point_a_card() -> None:
    assert round_points(counts({0: 3, 7: 2}, {0: 1, 7: 2})) == [2, 3]


def test_the_game_lasts_three_rounds_and_the_lowest_trouble_wins() -> None:
    state = load_game("trickster", 4).new_state(5)
    random_playout(state, Rng(5))
    assert len(state.round_scores) == 3
    totals = state.scores()
    assert totals == [float(sum(r[p] for r in state.round_scores)) for p in range(4)]
    assert all(totals[w] == min(totals) for w in state.winners())


def test_tied_totals_are_broken_by_fewer_red_then_orange_cards() -> None:
    state = load_game("trickster", 3).new_state(9)
    random_playout(state, Rng(9))
    state.round_scores = [[5, 5, 5]]
    reds = [sum(1 for c in state.tableaus[p] if c & 7 == 0) for p in range(3)]
    winners = state.winners()
    assert all(reds[w] == min(reds) for w in winners)
    # equal red and orange counts everywhere: the next suit decides, and a full tie is shared
    state.tableaus = [[], [], []]
    state.tableaus[0] = [0 * 8 + 2]  # red-free, one yellow Brigand
    assert state.winners() == [1, 2]
    state.tableaus[0] = []
    assert state.winners() == [0, 1, 2]


def test_the_tie_break_can_count_the_cards_of_all_rounds() -> None:
    state = load_game("trickster", 3, tiebreak_cards="all_rounds").new_state(9)
    random_playout(state, Rng(9))
    state.round_scores = [[5, 5, 5]]
    state.suit_counts = [[2, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0, 0]]
    assert state.winners() == [1]
