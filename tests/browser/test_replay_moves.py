"""The replay's move list as one seat saw the game (server/replays.py): no browser needed."""

from __future__ import annotations

import random

import pytest

from tricktable.engine import load_game
from tricktable.server.replays import replay_moves
from tricktable.server.service import playable


@pytest.mark.parametrize("game", playable())
def test_a_seat_sees_its_own_moves_and_only_what_it_was_shown_of_the_others(game: str) -> None:
    rules = load_game(game, 3)
    state = rules.new_state(4)
    rng = random.Random(4)
    while not state.is_over:
        seat = state.actors[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    record = state.record()
    words = (lambda e: e.kind, lambda a: a.text)
    everyone = replay_moves(f"t-{game}", record, None, "x", *words)
    assert [m["action"] for m in everyone["actions"]] == [a for _, a in record.actions]
    assert not any(m["hidden"] for m in everyone["actions"])
    mine = replay_moves(f"t-{game}", record, 0, "x", *words)["actions"]
    for move, (seat, action) in zip(mine, record.actions, strict=True):
        if seat == 0:
            assert move["action"] == action and not move["hidden"]
        elif move["hidden"]:
            assert move["action"] == "" and move["label"] == ""
    if game == "trickster":  # the others' secret opening cards, at least
        assert any(m["hidden"] for m in mine)
    marks = everyone["marks"]
    steps = [m["step"] for m in marks]
    assert steps == sorted(steps) and steps[0] == 0 and len(marks) > 3
    assert all(m["trick"] == 1 for k, m in enumerate(marks) if k and m["round"] != marks[k - 1]["round"])
