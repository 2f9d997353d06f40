"""Playing pyspiel states in tests: past the deal's chance nodes, and at random."""

from __future__ import annotations

from typing import Any

import numpy as np


def dealt(game: Any, seed: int = 3) -> Any:
    """A state past its deal: the chance nodes answered from ``seed`` (or the seed, under chance=seed)."""
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(seed if len(outcomes) > 1000 else outcomes[rng.randint(len(outcomes))][0])
    return state


def play_randomly(state: Any, rng: Any, steps: int) -> Any:
    """Up to ``steps`` random decisions, chance nodes on the way answered at random (none left after)."""
    for _ in range(steps + 1):
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        if state.is_terminal() or _ == steps:
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state
