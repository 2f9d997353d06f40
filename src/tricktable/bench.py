"""Engine speed: random playouts, clones and resamples per second, against OpenSpiel in the same run.

Figures are reported as ratios against a baseline measured in the same process, never as absolute
timings in tests. The baseline is OpenSpiel's C++ Hearts driven through pyspiel by the same Python loop
(legal actions, a uniform choice, apply) that drives our games.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tricktable.engine import Rng, State, load_game


@dataclass(slots=True)
class Figure:
    name: str
    value: float
    unit: str


def _timed(seconds: float, body: Callable[[], int]) -> tuple[float, int]:
    """Run ``body`` (which returns a count) until ``seconds`` have passed: (elapsed, total count)."""
    start = time.perf_counter()
    count = 0
    while (elapsed := time.perf_counter() - start) < seconds:
        count += body()
    return elapsed, count


def playouts(name: str, players: int, seconds: float, *, check: bool = True, **options: Any) -> dict[str, float]:
    """Random playouts of one game: games/s and decisions/s (player actions; our games have no chance moves)."""
    game = load_game(name, players, **options)
    chooser = random.Random(1)
    seeds = iter(range(10**9))
    games = 0

    def one_game() -> int:
        nonlocal games
        state = game.new_state(next(seeds))
        decisions = 0
        while True:
            actors = state.actors
            if not actors:
                break
            player = actors[0]
            state.apply(chooser.choice(state.legal_actions(player)), player, check=check)
            decisions += 1
        games += 1
        return decisions

    elapsed, decisions = _timed(seconds, one_game)
    return {"games/s": games / elapsed, "decisions/s": decisions / elapsed}


def midgame_states(name: str, players: int, count: int = 50, **options: Any) -> list[State]:
    """States part-way through random games, for clone and resample timings."""
    game = load_game(name, players, **options)
    states = []
    chooser = random.Random(2)
    for seed in range(count):
        state = game.new_state(seed)
        for _ in range(chooser.randrange(5, 60)):
            if state.is_over:
                break
            player = state.actors[0]
            state.apply(chooser.choice(state.legal_actions(player)), player)
        if not state.is_over:
            states.append(state)
    return states


def clones_and_resamples(name: str, players: int, seconds: float, **options: Any) -> dict[str, float]:
    states = midgame_states(name, players, **options)
    rng = Rng(3)

    def clone_all() -> int:
        for state in states:
            state.clone()
        return len(states)

    def resample_all() -> int:
        for state in states:
            state.resample(state.actors[0], rng)
        return len(states)

    elapsed, clones = _timed(seconds, clone_all)
    elapsed2, resamples = _timed(seconds, resample_all)
    return {"clones/s": clones / elapsed, "resamples/s": resamples / elapsed2}


def openspiel_hearts(seconds: float) -> dict[str, float] | None:
    """The same loop over OpenSpiel's C++ Hearts (chance moves sampled, not counted as decisions)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    chooser = random.Random(1)
    games = 0

    def one_game() -> int:
        nonlocal games
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chooser.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
                decisions += 1
        games += 1
        return decisions

    elapsed, decisions = _timed(seconds, one_game)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(chooser.choice(state.chance_outcomes())[0])
    clone_elapsed, clones = _timed(seconds, lambda: sum(1 for _ in range(100) if state.clone()))
    return {"games/s": games / elapsed, "decisions/s": decisions / elapsed, "clones/s": clones / clone_elapsed}


# (game, players, options) measured by ``make bench``
SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("megalomania", 4, {}), ("megalomania", 2, {}),
    ("trickster", 4, {}), ("trickster", 7, {}),
    ("masquerade", 3, {}), ("masquerade", 6, {}),
]
