"""Bots that play the rules they are given: change an option a heuristic plays under and its choices change.

Each case plays the same seeds with the heuristic at every seat, once per option value, and compares the
moves. A heuristic that ignored the option would play the same moves move for move, so the variant study
would only re-score the same games (the lab then says "re-scored only").
"""

from __future__ import annotations

from typing import Any

import pytest

from tricktable.bots import SeatView, make_bot
from tricktable.engine import load_game
from tricktable.games.megalomania.cards import MISSION_POINTS


def _moves(game: str, players: int, options: dict[str, Any], seed: int, limit: int) -> list[str]:
    state = load_game(game, players, **options).new_state(seed)
    bots = [make_bot("heuristic", seed=seed * 7 + s) for s in range(players)]
    moves: list[str] = []
    while not state.is_over and len(moves) < limit:
        picks = [(seat, bots[seat].choose(SeatView(state, seat))) for seat in state.actors]
        for seat, action in picks:
            moves.append(f"{seat} {action}")
            state.apply(action, seat)
    return moves


def _reacts(game: str, players: int, one: dict[str, Any], other: dict[str, Any], limit: int, seeds: int = 6) -> bool:
    return any(_moves(game, players, one, seed, limit) != _moves(game, players, other, seed, limit)
               for seed in range(seeds))


# the missions Megalomania's heuristic plays toward (the others it plays as a plain trick game). Left out:
# mission 8, which it wants only in a trick already holding four colours (too rare to show in 25 games),
# and mission 9 (-1 a Red card), where it ducks every trick with Red at any price, so the size of the
# penalty does not change which card ducks best in these deals
PLAYED_FOR = (1, 3, 4, 5, 6, 7, 10, 11, 12, 16, 19, 24, 25)


@pytest.mark.parametrize("mission", PLAYED_FOR)
def test_megalomania_heuristic_plays_differently_when_a_missions_points_change(mission: int) -> None:
    printed = MISSION_POINTS[mission - 1]
    points = list(MISSION_POINTS)

    def with_points(value: int) -> dict[str, Any]:
        points[mission - 1] = value
        return {"mission_order": [mission], "mission_points": list(points)}

    # a round of this mission, the points at the printed value, then three and six times it, then a third
    printed_play = with_points(printed)
    sign = 1 if printed > 0 else -1
    others = (printed * 3, printed * 6, max(1, abs(printed) // 3) * sign)
    assert any(_reacts("megalomania", 4, printed_play, with_points(value), limit=100, seeds=25) for value in others)


def test_megalomania_heuristic_plays_the_same_when_the_points_of_a_mission_not_in_play_change() -> None:
    points = list(MISSION_POINTS)
    points[6] = 3  # mission 7 is not in these games' first round
    base = {"mission_order": [3]}
    assert not _reacts("megalomania", 4, base, {**base, "mission_points": points}, limit=40, seeds=3)


def test_trickster_heuristic_plays_differently_with_another_hero_in_the_deck() -> None:
    assert _reacts("trickster", 4, {"deck": "beginner"},
                   {"deck": ["Brigand", "Guard", "Witness", "Nomad", "Peddler", "Revolutionary", "Soldier"]}, limit=80)


def test_masquerade_heuristic_plays_differently_when_a_special_card_is_plain() -> None:
    assert _reacts("masquerade", 4, {}, {"specials_off": ["G6", "B16", "K6"]}, limit=80)
