"""ISMCTS speed: simulations per second and decisions per simulation, ours in every game against
OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts``) and its C++ ISMCTS (``pyspiel.ISMCTSBot``)
on its C++ Hearts, in the same run.

"The same way": every bot searches positions a few decisions into play (fixed seeds; Hearts after its passes),
with uniformly random rollouts, UCT constant 0.7 and 200 simulations a decision; a simulation is one
determinization, tree descent, expansion, rollout and backup. Searches alternate (ours, Python Hearts, C++
Hearts, ours, …) so a change of machine load falls on all. Ours is measured twice: with rollouts to the end of
the game (what OpenSpiel does on Hearts, whose game is one deal) and with each game's default horizon
(``Game.rollout_horizon``: the rest of the round, or two turns of Masquerade), which is what our bots play.
Decisions per simulation is the mean length of a random playout from the searched positions to where a rollout
stops (the end of the game, or the horizon). Our games last several deals and Hearts one, so a simulation to
the end of one of ours plays 3-13x more decisions: "decisions searched/s" (simulations/s x decisions per
simulation) compares the work done. """

from __future__ import annotations

import random
from typing import Any

from tricktable.bench import Row, cpu, deal_hearts, positions, pyspiel_or_none, setups
from tricktable.bots import Budget, ISMCTSBot, SeatView
from tricktable.engine import State, game_class

SIMULATIONS = 200  # per decision
POSITIONS = 4  # decisions measured per bot


def _length(state: State, stop_round: int | None, chooser: random.Random) -> int:
    """Decisions of a random playout from ``state`` until the end or ``stop_round``."""
    state = state.clone()
    decisions = 0
    while state.actors and (stop_round is None or state.round < stop_round):
        player = state.actors[0]
        state.apply(chooser.choice(state.legal_actions(player)), player)
        decisions += 1
    return decisions


def _ours(state: State, horizon: int | None, k: int) -> tuple[float, int]:
    bot = ISMCTSBot(k, budget=Budget(iterations=SIMULATIONS), horizon=horizon)
    view = SeatView(state, state.actors[0])
    start = cpu()  # CPU time, as every search here (the bot's own clock is wall time)
    bot.choose(view)
    return cpu() - start, bot.last_iterations


def _hearts_positions(count: int) -> list[Any]:
    pyspiel = pyspiel_or_none()
    game = pyspiel.load_game("hearts")
    chooser = random.Random(2024)
    found = []
    for _ in range(count):
        state = deal_hearts(game, chooser)
        # past the 3-card passes (OpenSpiel's Python ISMCTS cannot search them), a few tricks' cards in
        start_at = 1 + 52 + 12 + chooser.randrange(3, 15)
        while len(state.history()) < start_at:
            state.apply_action(chooser.choice(state.legal_actions()))
        found.append(state)
    return found


def _hearts_length(state: Any, chooser: random.Random) -> int:
    state = state.clone()
    decisions = 0
    while not state.is_terminal():
        state.apply_action(chooser.choice(state.legal_actions()))
        decisions += 1
    return decisions


def _python_ismcts(state: Any, k: int) -> tuple[float, int]:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(7 + k))
    bot = ismcts.ISMCTSBot(state.get_game(), evaluator, uct_c=0.7, max_simulations=SIMULATIONS,
                           random_state=np.random.RandomState(k))
    start = cpu()
    bot.step(state)
    return cpu() - start, SIMULATIONS


def _cpp_ismcts(state: Any, k: int) -> tuple[float, int]:
    pyspiel = pyspiel_or_none()
    evaluator = pyspiel.RandomRolloutEvaluator(1, 7 + k)
    bot = pyspiel.ISMCTSBot(k, evaluator, 0.7, SIMULATIONS)
    start = cpu()
    bot.step(state)
    return cpu() - start, SIMULATIONS


def run() -> list[Row]:
    """Rows for ``make bench``: simulations/s and decisions per simulation, with ratios to OpenSpiel."""
    has_hearts = pyspiel_or_none() is not None
    hearts_states = _hearts_positions(POSITIONS) if has_hearts else []
    spent = {"python": 0.0, "cpp": 0.0}
    rows: list[Row] = []
    ours_rows: list[tuple[str, float, float]] = []
    for name, players in setups():
        states = positions(name, players, POSITIONS * 3)[:POSITIONS]
        default = game_class(name).rollout_horizon
        for horizon, what in ((None, "rollouts to the end of the game"), (default, f"default horizon ({default})")):
            seconds = done = 0
            chooser = random.Random(5)
            lengths = []
            for k, state in enumerate(states):
                elapsed, count = _ours(state, horizon, k)
                seconds += elapsed
                done += count
                stop = None if horizon is None else state.round + horizon
                lengths.append(_length(state, stop, chooser))
                if has_hearts:  # interleave: one OpenSpiel search of each kind after each of ours
                    hearts = hearts_states[k % len(hearts_states)]
                    spent["python"] += _python_ismcts(hearts, k)[0]
                    spent["cpp"] += _cpp_ismcts(hearts, k)[0]
            ours_rows.append((f"tricktable ISMCTS {name} {players}p, {what}", done / seconds,
                              sum(lengths) / len(lengths)))
    searches = len(ours_rows) * POSITIONS
    if has_hearts:
        chooser = random.Random(5)
        hearts_length = sum(_hearts_length(s, chooser) for s in hearts_states) / len(hearts_states)
        python_rate = searches * SIMULATIONS / spent["python"]
        cpp_rate = searches * SIMULATIONS / spent["cpp"]
        rows.append(Row("OpenSpiel Python ISMCTS, C++ Hearts: simulations/s", python_rate, "/s"))
        rows.append(Row("OpenSpiel C++ ISMCTS, C++ Hearts: simulations/s", cpp_rate, "/s"))
        rows.append(Row("Hearts: decisions per simulation", hearts_length, ""))
    for label, rate, length in ours_rows:
        if has_hearts:
            rows.append(Row(f"{label}: simulations/s", rate, "/s", rate / python_rate, "OpenSpiel Python ISMCTS"))
            rows.append(Row(f"{label}: simulations/s", rate, "/s", rate / cpp_rate, "OpenSpiel C++ ISMCTS"))
        else:
            rows.append(Row(f"{label}: simulations/s", rate, "/s"))
        rows.append(Row(f"{label}: decisions per simulation", length, ""))
        # our games last many deals, Hearts one: decisions searched per second compares work, not games
        if has_hearts:
            rows.append(Row(f"{label}: decisions searched/s", rate * length, "/s",
                            rate * length / (python_rate * hearts_length), "OpenSpiel Python ISMCTS"))
    return rows


if __name__ == "__main__":
    for row in run():
        ratio = "" if row.ratio is None else f"  ({row.ratio:.2f}x {row.anchor})"
        print(f"{row.label}: {row.value:,.2f}{ratio}")
