"""Golden playthroughs: fixed seeds and fixed random choices give these exact games. A change here is a
change of the rules (or of the deal): update the numbers only on purpose."""

from __future__ import annotations

from typing import Any

import pytest

from playouts import random_playout
from tricktable.engine import GameRecord, Rng, load_game

GOLDEN: list[tuple[int, dict[str, Any], int, list[tuple[int, ...]]]] = [
    (4, {}, 499, [(1, 1, 5, 1), (0, 2, 0, 0), (2, 2, 4, 0), (0, 0, 3, 0), (0, 2, 0, 0), (0, 0, 0, 0),
                  (2, 5, 0, 1), (-2, -6, 0, 0), (3, 0, 0, 0), (0, 0, 0, -2), (0, 2, 2, 0), (0, 3, 0, 3)]),
    (3, {"rounds": 8}, 255, [(0, 1, 3), (2, 0, 0), (1, 5, 2), (0, 3, 0), (0, 0, 0), (0, 4, 0), (4, 0, 1),
                             (-2, -3, 0)]),
    # the missions with their own deals and steps: programmed, covered, draw piles, two piles, passing,
    # swapped, rotating hands
    (4, {"mission_order": [15, 18, 19, 24, 25, 20, 21, 22], "rounds": 8}, 344,
     [(3, 0, 0, 0), (0, 2, 2, 4), (2, 1, 4, 1), (0, 0, 3, 0), (-2, -4, -2, 0), (3, 0, 3, 0), (0, -3, 0, -3),
      (0, 0, 0, 0)]),
]


@pytest.mark.parametrize(("players", "options", "actions", "results"), GOLDEN)
def test_a_seeded_random_game_plays_out_exactly_as_recorded(
        players: int, options: dict[str, Any], actions: int, results: list[tuple[int, ...]]) -> None:
    state = load_game("megalomania", players, **options).new_state(7)
    assert random_playout(state, Rng(7)) == actions
    assert state.results == results
    again = GameRecord.loads(state.record().to_text()).replay()
    assert again.results == results and again.winners() == state.winners()
