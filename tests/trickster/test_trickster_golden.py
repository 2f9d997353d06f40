"""Golden playthroughs: fixed seeds and fixed random choices give these exact games. A change here is a
change of the rules (or of the deal): update the numbers only on purpose."""

from __future__ import annotations

from typing import Any

import pytest

from playouts import random_playout
from tricktable.engine import GameRecord, Rng, load_game

GOLDEN: list[tuple[int, dict[str, Any], int, list[list[int]]]] = [
    (4, {}, 304, [[8, 9, 9, 6], [5, 4, 8, 7], [0, 9, 7, 6]]),
    (3, {"deck": "strategist"}, 316, [[7, 13, 8], [3, 0, 5], [8, 12, 4]]),
    (5, {"deck": "draft"}, 298, [[4, 4, 7, 8, 1], [6, 6, 9, 5, 3], [7, 8, 9, 4, 3]]),
]


@pytest.mark.parametrize(("players", "options", "actions", "rounds"), GOLDEN)
def test_a_seeded_random_game_plays_out_exactly_as_recorded(
        players: int, options: dict[str, Any], actions: int, rounds: list[list[int]]) -> None:
    state = load_game("trickster", players, **options).new_state(7)
    assert random_playout(state, Rng(7)) == actions
    assert state.round_scores == rounds
    again = GameRecord.loads(state.record().to_text()).replay()
    assert again.round_scores == rounds and again.winners() == state.winners()
