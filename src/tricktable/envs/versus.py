"""Our ``ismcts`` bot against OpenSpiel's own ISMCTS (through ``tricktable.envs.openspiel``), same budget.

One of our bots plays against ``n - 1`` of OpenSpiel's ``ISMCTSBot``; our seat rotates with the game
number, deals come from the game number. Both search ``budget`` simulations a decision: ours is
``make_bot("ismcts:<budget>")`` (random rollouts, its default horizon), theirs ``ISMCTSBot`` with
``max_simulations=budget``, random rollouts to the end of the game (``RandomRolloutEvaluator``), UCT
with ``uct_c`` (default 1.0: their usual 2.0 for returns spanning 2, scaled to our win shares, which
span 1) and the most visited action. Our result is the win share (``1/k`` per game won by ``k`` tied
winners); with equal strength it would be ``1/n``.

    python -m tricktable.envs.versus masquerade --players 3 --games 40 --budget 100 --out results.jsonl

Each finished game is appended to ``--out`` as one JSON line, so a long run can be read while it goes;
``python -m tricktable.envs.versus --report results.jsonl ...`` summarizes such files as a table.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tricktable.bots import SeatView, make_bot
from tricktable.envs import openspiel as tos


@dataclass(slots=True)
class Outcome:
    game: str
    players: int
    number: int
    our_seat: int
    share: float  # our win share this game (1/k of a k-way tie)
    seconds: float
    decisions: int


def play_one(name: str, players: int, number: int, budget: int, uct_c: float, **options: Any) -> Outcome:
    """Game ``number``: deal seed ``number``, our seat ``number % players``."""
    game = tos.load(name, players, chance="seed", **options)  # deal number = deal seed, as recorded
    ours = number % players
    our_bot = make_bot(f"ismcts:{budget}", seed=number)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(number))
    theirs = {seat: ismcts.ISMCTSBot(game, evaluator, uct_c, budget,
                                     random_state=np.random.RandomState(number * 7 + seat))
              for seat in range(players) if seat != ours}
    state = game.new_initial_state()
    state.apply_action(number % game.max_chance_outcomes())
    start, decisions = time.perf_counter(), 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == ours:
            engine = state.engine
            assert engine is not None  # dealt above
            action = our_bot.choose(SeatView(engine, seat)).index
        else:
            action = theirs[seat].step(state)
        state.apply_action(action)
        decisions += 1
    winners = state.engine.winners() if state.engine is not None else []
    share = 1.0 / len(winners) if ours in winners else 0.0
    return Outcome(name, players, number, ours, share, time.perf_counter() - start, decisions)


def summary(shares: list[float], players: int) -> dict[str, float]:
    """Mean win share with a 95% Wilson score interval, and the share equal strength would give.

    Shares are 0 or 1 but for rare ties, so the mean is treated as a proportion over the games.
    """
    count = len(shares)
    if not count:
        return {"games": 0, "share": math.nan, "low": math.nan, "high": math.nan, "even": 1.0 / players}
    mean = sum(shares) / count
    z = 1.96
    centre = (mean + z * z / (2 * count)) / (1 + z * z / count)
    half = z * math.sqrt(mean * (1 - mean) / count + z * z / (4 * count * count)) / (1 + z * z / count)
    return {"games": count, "share": mean, "low": centre - half, "high": centre + half, "even": 1.0 / players}


def report(paths: list[str]) -> str:
    """A Markdown table of the games recorded in ``paths`` (JSON lines), one row per game and size."""
    groups: dict[tuple[str, int, int, str], list[float]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                row = json.loads(line)
                key = (row["game"], row["players"], row["budget"], json.dumps(row["options"]))
                groups.setdefault(key, []).append(row["share"])
    out = ["| game | players | options | simulations | games | our win share (95% CI) | equal strength |",
           "|---|---|---|---|---|---|---|"]
    for (game, players, budget, options), shares in sorted(groups.items()):
        s = summary(shares, players)
        out.append(f"| {game} | {players} | {options} | {budget} | {s['games']} | "
                   f"{s['share']:.2f} ({s['low']:.2f}-{s['high']:.2f}) | {s['even']:.2f} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("game", nargs="?")
    parser.add_argument("--report", nargs="+", metavar="JSONL", help="summarize recorded games instead of playing")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="number of the first game (its deal seed)")
    parser.add_argument("--budget", type=int, default=100, help="simulations a decision, for both bots")
    parser.add_argument("--uct-c", type=float, default=1.0)
    parser.add_argument("--option", action="append", default=[], help="a game option, name=JSON")
    parser.add_argument("--out", help="append one JSON line per game here")
    args = parser.parse_args(argv)
    if args.report:
        print(report(args.report))
        return 0
    if args.game is None or args.players is None:
        parser.error("name a game and --players, or give --report")
    options = {k: json.loads(v) for k, _, v in (o.partition("=") for o in args.option)}
    shares = []
    for number in range(args.first, args.first + args.games):
        outcome = play_one(args.game, args.players, number, args.budget, args.uct_c, **options)
        shares.append(outcome.share)
        line = json.dumps({**dataclasses.asdict(outcome), "budget": args.budget, "options": options})
        if args.out:
            with open(args.out, "a", encoding="utf-8") as out:
                out.write(line + "\n")
        print(line, flush=True)
    print(json.dumps(summary(shares, args.players)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

_ = pyspiel  # imported first: pyspiel must be loaded before the OpenSpiel algorithms
