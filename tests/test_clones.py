"""Clones share the log copy-on-write: a clone copies no history or events (its cost stays flat along the
game), and neither side ever sees the other's later moves."""

from __future__ import annotations

import random

import pytest

from toy import Toy
from tricktable.engine import State, load_game

SHARING = [("megalomania", 4), ("masquerade", 4), ("masquerade", 3)]  # games whose clone uses _copy_base


def _played(state: State, moves: int, chooser: random.Random) -> State:
    for _ in range(moves):
        if state.is_over:
            break
        player = state.actors[0]
        state.apply(chooser.choice(state.legal_actions(player)), player)
    return state


def _late(name: str, players: int) -> State:
    return _played(load_game(name, players).new_state(7), 60, random.Random(7))


@pytest.mark.parametrize(("name", "players"), SHARING)
def test_a_clone_copies_no_log(name: str, players: int) -> None:
    state = _late(name, players)
    twin = state.clone()
    assert twin.history is state.history and twin.events is state.events


def test_the_toy_clone_shares_its_log_too() -> None:
    state = _played(Toy(3).new_state(1), 10, random.Random(1))
    twin = state.clone()
    assert twin.events is state.events
    _played(twin, 2, random.Random(2))
    assert len(state.history) == 10 and len(twin.history) == 12 and twin.events is not state.events


@pytest.mark.parametrize(("name", "players"), [*SHARING, ("trickster", 4)])
def test_neither_side_sees_the_others_moves(name: str, players: int) -> None:
    state = _late(name, players)
    before = (list(state.history), list(state.events))
    twin = state.clone()
    _played(twin, 8, random.Random(3))
    assert (state.history, state.events) == before
    grown = (list(twin.history), list(twin.events))
    _played(state, 8, random.Random(4))
    assert (twin.history, twin.events) == grown
    # each side's record replays to its own log
    for side in (state, twin):
        assert [e.to_json() for e in side.record().replay().events] == [e.to_json() for e in side.events]
