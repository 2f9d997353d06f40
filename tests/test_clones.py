"""Clones share the log copy-on-write: a clone copies no history or events (its cost stays flat along the
game), and neither side ever sees the other's later moves."""

from __future__ import annotations

import random

import pytest

from toy import Toy
from tricktable.engine import State, game_class, load_game
from tricktable.engine.fields import BY_ENGINE, KEPT, clone_blocks, declared, game_blocks, written
from tricktable.engine.registry import GAMES

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


# --- every field declared once, and clone written out from the declaration ---------------------------

def _states(name: str) -> list[State]:
    """Fresh and played states of every player count (a field may be set only in some phases)."""
    cls = game_class(name)
    return [state for players in range(cls.min_players, cls.max_players + 1)
            for state in (cls(players).new_state(players), _late(name, players))]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_generated_clone_and_phase_chains_are_those_the_declarations_give(name: str) -> None:
    path, blocks = game_blocks(name)
    assert {"shared fields", "copied fields"} <= set(blocks)
    assert written(path, blocks) == path.read_text(encoding="utf-8"), \
        f"{path.name} differs from its declarations: run python -m tricktable.engine.fields"


@pytest.mark.parametrize("name", list(GAMES))
def test_the_field_declaration_is_the_state_class(name: str) -> None:
    # the pure build: every field a state holds is declared (the compiled class would lack it), and every
    # declared field is held or has a default; the compiled build: the native class's fields are these
    states = _states(name)
    cls = type(states[0])
    engine = BY_ENGINE | set(KEPT)
    declared_names = {f.name for f in declared(cls)} - engine
    attrs = getattr(cls, "__mypyc_attrs__", None)
    if attrs is not None:
        assert set(attrs) - engine - {"__dict__", "__weakref__"} == declared_names
        return
    held = set().union(*(vars(s) for s in states)) - engine
    assert held <= declared_names, f"set but not declared: {sorted(held - declared_names)}"
    defaults = {n for n in declared_names if any(n in vars(k) for k in cls.__mro__)}
    assert declared_names <= held | defaults, f"declared but never set: {sorted(declared_names - held - defaults)}"


def test_a_field_left_out_of_the_declaration_changes_the_clone() -> None:
    fields = declared(type(load_game("trickster", 3).new_state(1)))
    assert "knight" not in {f.name for f in fields} and any(f.copy == "rows" for f in fields)
    assert clone_blocks(fields[:-1]) != clone_blocks(fields)
