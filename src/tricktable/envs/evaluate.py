"""Evaluate any agent against the standard line-ups, with duplicate deals and 95% intervals.

    python -m tricktable.envs.evaluate masquerade --players 3 --agent heuristic --lineup random --deals 20
    python -m tricktable.envs.evaluate trickster --players 3 --agent policy:baselines/trickster-3.zip
    python -m tricktable.envs.evaluate megalomania --players 3 --agent openspiel-ismcts:25 --lineup heuristic

An *agent* is any tricktable bot by ``make_bot`` name (``random``, ``heuristic``, ``easy``, ``medium``,
``hard``, ``ismcts:<N>``...), ``openspiel-ismcts:<N>`` (OpenSpiel's own ``ISMCTSBot``, N simulations,
random rollouts, UCT c = 1.0 as in ``tricktable.envs.versus``) or ``policy:<file.zip>`` (a MaskablePPO
model trained on ``TricktableEnv``, e.g. by ``python -m tricktable.envs.baselines``; it plays its most
likely legal action). The *line-up* is the bot that fills every other seat (``random`` or ``heuristic``
are the standard ones; any bot name works).

**Duplicate deals**: deal ``d`` (seed ``first + d``) is played once with the agent in each seat, the
line-up in the others, so every seat's luck is the agent's once. The result is the agent's mean win
share (``1/k`` per game won by ``k`` tied winners) with a 95% interval from the spread of the per-deal
means (a t interval over deals: the games of one deal are not independent); ``1/n`` is equal strength.
Games run through OpenSpiel (``chance=seed``: deal ``d`` is the engine's seed, so our records replay).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from tricktable.bots import SeatView, make_bot
from tricktable.envs import openspiel as tos

# chooses an action id for the current player of a pyspiel state
Chooser = Callable[[Any], int]


def make_agent(spec: str, game: Any, seat: int, seed: int) -> Chooser:
    """An agent by name (see the module doc), for ``seat`` of the pyspiel ``game``."""
    if spec.startswith("openspiel-ismcts"):
        from open_spiel.python.algorithms import ismcts, mcts

        _, _, sims = spec.partition(":")
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        bot = ismcts.ISMCTSBot(game, evaluator, 1.0, int(sims or 25), random_state=np.random.RandomState(seed + 1))
        return lambda state: int(bot.step(state))
    if spec.startswith("policy:"):
        return policy_agent(spec.partition(":")[2], game)
    ours = make_bot(spec, seed)

    def choose(state: Any) -> int:
        engine = state.engine
        return int(ours.choose(SeatView(engine, seat)).index)

    return choose


@cache
def _load_policy(path: str) -> Any:
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    return MaskablePPO.load(path, device="cpu")


def policy_agent(path: str, game: Any) -> Chooser:
    """A MaskablePPO model (sb3-contrib) as an agent: its most likely legal action."""
    model = _load_policy(path)  # once per file: an evaluation seats it in many games
    encoder = game.spec.encoder

    def choose(state: Any) -> int:
        engine = state.engine
        seat = state.current_player()
        mask = np.zeros(game.num_distinct_actions(), bool)
        mask[state.legal_actions()] = True
        action, _ = model.predict(encoder.encode_state(engine, seat), action_masks=mask, deterministic=True)
        return int(action)

    return choose


@dataclass(slots=True)
class Game:
    deal: int
    agent_seat: int
    share: float
    seconds: float


def play(game: Any, deal: int, agent: str, lineup: str, agent_seat: int) -> Game:
    """Deal ``deal`` with ``agent`` at ``agent_seat`` and ``lineup`` bots elsewhere."""
    players = game.num_players()
    choosers = {seat: make_agent(agent if seat == agent_seat else lineup, game, seat, deal * 31 + seat)
                for seat in range(players)}
    state = game.new_initial_state()
    state.apply_action(deal % game.max_chance_outcomes())
    start = time.perf_counter()
    while not state.is_terminal():
        state.apply_action(choosers[state.current_player()](state))
    winners = state.engine.winners()
    share = 1.0 / len(winners) if agent_seat in winners else 0.0
    return Game(deal, agent_seat, share, time.perf_counter() - start)


# Student's t, 97.5% quantile, for 1..30 degrees of freedom (beyond: close to the normal's 1.96)
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t975(df: int) -> float:
    if df <= len(_T975):
        return _T975[df - 1]
    return 2.0 if df <= 60 else 1.98 if df <= 120 else 1.96


def interval(per_deal: list[float]) -> tuple[float, float, float]:
    """Mean and 95% t interval of per-deal mean shares."""
    count = len(per_deal)
    mean = sum(per_deal) / count
    if count < 2:
        return mean, math.nan, math.nan
    var = sum((x - mean) ** 2 for x in per_deal) / (count - 1)
    half = t975(count - 1) * math.sqrt(var / count)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def evaluate(name: str, players: int, agent: str, lineup: str, deals: int, first: int = 0,
             out: str | None = None, **options: Any) -> dict[str, Any]:
    game = tos.load(name, players, chance="seed", **options)
    per_deal: list[float] = []
    seconds = 0.0
    for deal in range(first, first + deals):
        shares = []
        for seat in range(players):
            result = play(game, deal, agent, lineup, seat)
            shares.append(result.share)
            seconds += result.seconds
            if out:
                with open(out, "a", encoding="utf-8") as lines:
                    lines.write(json.dumps({"game": name, "players": players, "agent": agent, "lineup": lineup,
                                            **asdict(result)}) + "\n")
        per_deal.append(sum(shares) / players)
    mean, low, high = interval(per_deal)
    return {"game": name, "players": players, "agent": agent, "lineup": lineup, "deals": deals,
            "games": deals * players, "share": mean, "low": low, "high": high, "even": 1.0 / players,
            "seconds_per_game": seconds / (deals * players)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--agent", required=True)
    parser.add_argument("--lineup", default="random")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--option", action="append", default=[], help="a game option, name=JSON")
    parser.add_argument("--out", help="append one JSON line per game here")
    args = parser.parse_args(argv)
    options = {k: json.loads(v) for k, _, v in (o.partition("=") for o in args.option)}
    summary = evaluate(args.game, args.players, args.agent, args.lineup, args.deals, args.first, args.out, **options)
    print(json.dumps(summary))
    print(f"{args.agent} vs {args.lineup} at {args.game} ({args.players} players): win share "
          f"{summary['share']:.2f} (95% {summary['low']:.2f}-{summary['high']:.2f}) over {summary['games']} games "
          f"on {args.deals} duplicate deals; equal strength {summary['even']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

_ = pyspiel  # loaded before OpenSpiel's algorithms
