"""Golden playthroughs: fixed seeds and fixed random choices give these exact games. A change here is a
change of the rules (or of the deal): update the numbers only on purpose."""

from __future__ import annotations

from typing import Any

import pytest

from playouts import random_playout
from tricktable.engine import GameRecord, Rng, load_game

GOLDEN: list[tuple[int, dict[str, Any], int, list[list[int]]]] = [
    (4, {}, 306, [[9, 13, 4, 10], [5, 5, 6, 5], [5, 8, 5, 4]]),
    (3, {"deck": "strategist"}, 311, [[4, 9, 6], [6, 9, 7], [8, 5, 6]]),
    (5, {"deck": "draft"}, 286, [[4, 7, 6, 3, 6], [5, 6, 10, 8, 7], [5, 5, 5, 9, 6]]),
]


@pytest.mark.parametrize(("players", "options", "actions", "rounds"), GOLDEN)
def test_a_seeded_random_game_plays_out_exactly_as_recorded(
        players: int, options: dict[str, Any], actions: int, rounds: list[list[int]]) -> None:
    state = load_game("trickster", players, **options).new_state(7)
    assert random_playout(state, Rng(7)) == actions
    assert state.round_scores == rounds
    again = GameRecord.loads(state.record().to_text()).replay()
    assert again.round_scores == rounds and again.winners() == state.winners()
