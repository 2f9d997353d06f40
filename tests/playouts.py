"""Helpers shared by the game suites: which games to run and a random playout."""

from __future__ import annotations

from tricktable.engine import Rng, State, available, game_class


def game_setups() -> list[tuple[str, int]]:
    """(game, players) for every installed game and every player count it allows."""
    return [(name, n) for name in available()
            for n in range(game_class(name).min_players, game_class(name).max_players + 1)]


def random_playout(state: State, rng: Rng, limit: int = 100_000) -> int:
    """Play uniformly random legal actions (a random actor at simultaneous steps) until the end."""
    steps = 0
    while not state.is_over:
        player = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(player)), player)
        steps += 1
        assert steps < limit, "random play did not terminate"
    return steps
