"""Our ISMCTS against OpenSpiel's own ISMCTS at equal *time* per decision (issue 14.6).

The match of ``tricktable.envs.versus`` (one of ours against ``n - 1`` of theirs, our seat rotating with
the game number, the deal from the game number), but each bot searches for the same wall time per
decision instead of the same number of simulations: ours is ``make_bot("ismcts:<S>s")`` (random rollouts
to its default horizon; its cap counts from building the view), theirs ``ISMCTSBot`` whose search loop
runs simulations until ``S`` seconds have passed (at least two: the first only opens the root). Both
run in the same process, one after the other, so the machine's load slows them alike; each game records
both sides' simulations per decision.

    PYTHONPATH=src python benchmarks/strength_openspiel_time.py trickster --players 2 --seconds 0.1 \
        --games 200 --out trickster-time.jsonl
    PYTHONPATH=src python -m tricktable.envs.versus --report trickster-time.jsonl   # the table
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from tricktable.bots import ISMCTSBot, SeatView, make_bot
from tricktable.envs import openspiel as tos
from tricktable.envs.versus import summary


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS with a time budget: ``run_search`` with its loop bounded by seconds."""

    def __init__(self, *args: Any, seconds: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seconds = seconds
        self.simulations = 0

    def run_search(self, state: Any) -> Any:
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        done = 0
        while True:
            self.run_simulation(self.sample_root_state(state))
            done += 1
            if done >= 2 and time.perf_counter() >= deadline:  # the first simulation only opens the root
                break
        self.simulations += done
        if self._allow_inconsistent_action_sets:
            return self.get_final_policy(state, self.filter_illegals(self._root_node, state.legal_actions()))
        return self.get_final_policy(state, self._root_node)


def play_one(name: str, players: int, number: int, seconds: float, uct_c: float, **options: Any) -> dict[str, Any]:
    game = tos.load(name, players, chance="seed", **options)
    ours = number % players
    our_bot = make_bot(f"ismcts:{seconds}s", seed=number)
    assert isinstance(our_bot, ISMCTSBot)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(number))
    theirs = {seat: TimedISMCTSBot(game, evaluator, uct_c, 10**9, seconds=seconds,
                                   random_state=np.random.RandomState(number * 7 + seat))
              for seat in range(players) if seat != ours}
    state = game.new_initial_state()
    state.apply_action(number % game.max_chance_outcomes())
    start = time.perf_counter()
    our_decisions = our_sims = their_decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == ours:
            view = SeatView(state.engine, seat)
            action = our_bot.choose(view).index
            if len(view.legal) > 1:
                our_decisions += 1
                our_sims += our_bot.last_iterations
        else:
            if len(state.legal_actions()) > 1:
                their_decisions += 1
            action = theirs[seat].step(state)
        state.apply_action(action)
    winners = state.engine.winners() if state.engine is not None else []
    their_sims = sum(b.simulations for b in theirs.values())
    return {"game": name, "players": players, "number": number, "our_seat": ours,
            "share": 1.0 / len(winners) if ours in winners else 0.0, "seconds": time.perf_counter() - start,
            "budget": f"{seconds}s", "options": options,
            "our_simulations": our_sims / max(our_decisions, 1),
            "their_simulations": their_sims / max(their_decisions, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=0.1, help="wall time a decision, for both bots")
    parser.add_argument("--uct-c", type=float, default=1.0)
    parser.add_argument("--option", action="append", default=[], help="a game option, name=JSON")
    parser.add_argument("--out")
    args = parser.parse_args(argv)
    options = {k: json.loads(v) for k, _, v in (o.partition("=") for o in args.option)}
    shares = []
    for number in range(args.first, args.first + args.games):
        row = play_one(args.game, args.players, number, args.seconds, args.uct_c, **options)
        shares.append(row["share"])
        line = json.dumps(row)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as out:
                out.write(line + "\n")
        print(line, flush=True)
    print(json.dumps(summary(shares, args.players)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
