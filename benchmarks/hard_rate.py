"""``hard``'s search rate: iterations per CPU second with each game's ``hard`` settings (rollout, inference,
prior, horizon; the iteration budget and time cap lifted to a fixed ``ITERATIONS``), from positions a few
decisions into play. CPU time, so the machine's load counts less than in wall time; the iterations ``hard``
runs a decision within its cap are this rate times the cap, where the cap, not the budget, stops it.

    python benchmarks/hard_rate.py                       # this tree's build
    python benchmarks/hard_rate.py --against OTHER/src   # and another tree's, in alternating processes

With ``--against``, each round runs one process per tree (this one first, then the other), for ``ROUNDS``
rounds, and prints each game's rate in both and their ratio.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ITERATIONS = 150
POSITIONS = 3
ROUNDS = 3


def rates() -> dict[str, float]:
    from tricktable.bench import positions
    from tricktable.bots import SeatView
    from tricktable.bots.ismcts import ISMCTSBot
    from tricktable.bots.search import Budget, level_settings
    from tricktable.engine import available, game_class

    out = {}
    for name in available():
        kind = game_class(name)
        players = 4 if kind.min_players <= 4 <= kind.max_players else kind.min_players
        _, rollout, inference, prior = level_settings(kind.bot_levels["hard"])
        spent, done = 0.0, 0
        for k, state in enumerate(positions(name, players, POSITIONS * 3)[:POSITIONS]):
            bot = ISMCTSBot(k, budget=Budget(iterations=ITERATIONS), rollout=rollout, inference=inference,
                            prior=prior)
            start = time.process_time()
            bot.choose(SeatView(state, state.actors[0]))
            spent += time.process_time() - start
            done += bot.last_iterations
        out[name] = done / spent
    return out


def child(src: Path) -> tuple[str, dict[str, float]]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    run = subprocess.run([sys.executable, __file__, "--child"], check=True, capture_output=True, text=True, env=env)
    result = json.loads(run.stdout.splitlines()[-1])
    return result["build"], result["rates"]


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--child"]:
        from tricktable.engine import rng  # (not buildinfo: an older tree has none)
        build = "compiled" if str(rng.__file__).endswith((".so", ".pyd")) else "pure"
        print(json.dumps({"build": build, "rates": rates()}))
        return
    here = Path(__file__).resolve().parents[1] / "src"
    trees = [here] + ([Path(args[1]).resolve()] if args[:1] == ["--against"] else [])
    totals: list[dict[str, float]] = [{} for _ in trees]
    builds = [""] * len(trees)
    before = os.getloadavg()[0]
    for _ in range(ROUNDS if len(trees) > 1 else 1):
        for i, tree in enumerate(trees):
            builds[i], found = child(tree)
            for name, rate in found.items():
                totals[i][name] = totals[i].get(name, 0.0) + rate
    for tree, build in zip(trees, builds, strict=True):
        print(f"{tree}: {build}")
    print(f"hard's iterations per CPU second (load average {before:.2f} -> {os.getloadavg()[0]:.2f})")
    rounds = ROUNDS if len(trees) > 1 else 1
    for name in totals[0]:
        line = f"  {name}: {totals[0][name] / rounds:,.0f}/s"
        if len(trees) > 1:
            line += f", against {totals[1][name] / ROUNDS:,.0f}/s: {totals[0][name] / totals[1][name]:.2f}x"
        print(line)


if __name__ == "__main__":
    main()
