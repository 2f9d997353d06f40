"""ISMCTS speed: our search's simulations per second in each game, against OpenSpiel's own Python ISMCTS
bot (``open_spiel.python.algorithms.ismcts``) on its C++ Hearts, measured the same way in the same run.

"The same way": both bots search from the same kind of position (each game's first few decisions after
the deal, and a few positions later in the first round, from fixed seeds) with random rollouts, a fixed
number of simulations per decision, and we divide the simulations done by the wall time of the
searches. A simulation is one determinization, tree descent, expansion, rollout and backup. Ours rolls
out with each game's default horizon (``bots.ismcts.HORIZONS``: the rest of the round); OpenSpiel's rolls
out Hearts to the end of its one deal.

``run()`` returns ``(name, simulations per second)`` rows and the ratio rows ``ours / OpenSpiel``.
"""

from __future__ import annotations

import random
import time

from tricktable.bots import Budget, ISMCTSBot, SeatView
from tricktable.engine import Rng, State, available, game_class, load_game

SIMULATIONS = 200  # per decision
POSITIONS = 6  # decisions measured per game


def _positions(name: str, players: int, count: int) -> list[State]:
    """Positions with a real choice: early in the first round of a few deals, after random play."""
    game = load_game(name, players)
    rng = Rng(2024)
    found: list[State] = []
    seed = 0
    while len(found) < count:
        state = game.new_state(seed)
        seed += 1
        for _ in range(rng.below(12)):
            if state.is_over:
                break
            player = rng.choice(state.actors)
            state.apply(rng.choice(state.legal_actions(player)), player)
        if not state.is_over and len(state.legal_actions(state.actors[0])) > 1:
            found.append(state)
    return found


def ours(name: str, players: int = 4, simulations: int = SIMULATIONS, positions: int = POSITIONS) -> float:
    """Our ISMCTS (random rollouts) in ``name``: simulations per second."""
    done, seconds = 0, 0.0
    states = _positions(name, players, positions)
    for k, state in enumerate(states):
        bot = ISMCTSBot(k, budget=Budget(iterations=simulations))
        bot.choose(SeatView(state, state.actors[0]))
        done += bot.last_iterations
        seconds += bot.last_seconds
    return done / seconds


def openspiel_hearts(simulations: int = SIMULATIONS, positions: int = POSITIONS) -> float | None:
    """OpenSpiel's Python ISMCTS bot on its C++ Hearts (random rollouts): simulations per second."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(2024)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(7))
    done, seconds = 0, 0.0
    measured = 0
    while measured < positions:
        state = game.new_initial_state()
        # the pass-direction and deal chance nodes, the 3-card passes, then a few random plays
        start_at = 1 + 52 + 12 + rng.randrange(12)
        while not state.is_terminal() and (state.is_chance_node() or len(state.history()) < start_at):
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=0.7, max_simulations=simulations,
                               random_state=np.random.RandomState(measured))
        start = time.perf_counter()
        bot.step(state)
        seconds += time.perf_counter() - start
        done += simulations
        measured += 1
    return done / seconds


def run() -> list[tuple[str, float]]:
    """Rows for ``make bench``: our simulations/s per game, OpenSpiel's on Hearts, and the ratios."""
    rows: list[tuple[str, float]] = []
    theirs = openspiel_hearts()
    if theirs is not None:
        rows.append(("OpenSpiel Python ISMCTS, C++ hearts: simulations/s", theirs))
    for name in available():
        players = min(4, game_class(name).max_players)
        speed = ours(name, players)
        rows.append((f"tricktable ISMCTS, {name} {players}p: simulations/s", speed))
        if theirs:
            rows.append((f"tricktable ISMCTS {name} / OpenSpiel ISMCTS hearts (ratio)", speed / theirs))
    return rows


if __name__ == "__main__":
    for label, value in run():
        print(f"{label}: {value:,.2f}")
