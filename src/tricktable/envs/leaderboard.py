"""The leaderboard: each agent against the standard line-ups, as a Markdown table (docs/research.md).

    python -m tricktable.envs.leaderboard --players 3 --out results/leaderboard.jsonl
    python -m tricktable.envs.leaderboard --report results/leaderboard.jsonl

Each row is ``tricktable.envs.evaluate`` (duplicate deals, 95% t interval over deals) for one game,
agent and line-up; ``--scale`` multiplies every row's deal count (the defaults are sized for a shared
2-core machine: search agents get few deals, so their intervals are wide). A learned baseline is
included when ``baselines/<game>-<players>.zip`` exists (``make baselines``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from tricktable.engine.registry import GAMES
from tricktable.envs.evaluate import evaluate

# (agent, line-up, deals at scale 1)
ROWS: list[tuple[str, str, int]] = [
    ("random", "random", 20), ("heuristic", "random", 20), ("policy", "random", 20),
    ("random", "heuristic", 20), ("heuristic", "heuristic", 20), ("policy", "heuristic", 20),
    ("easy", "heuristic", 3), ("medium", "heuristic", 2), ("hard", "heuristic", 1),
    ("openspiel-ismcts:10", "heuristic", 1),
]


def run(players: int, out: str, scale: float, games: list[str], baselines: str) -> None:
    for name in games:
        for agent, lineup, deals in ROWS:
            if agent == "policy":
                path = Path(baselines) / f"{name}-{players}.zip"
                if not path.exists():
                    print(f"skipped: no learned baseline at {path} (make baselines)", file=sys.stderr)
                    continue
                agent = f"policy:{path}"
            row = evaluate(name, players, agent, lineup, max(1, round(deals * scale)))
            with open(out, "a", encoding="utf-8") as lines:
                lines.write(json.dumps(row) + "\n")
            print(json.dumps(row), flush=True)


def report(paths: list[str]) -> str:
    rows: list[dict[str, Any]] = []
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            rows.extend(json.loads(line) for line in lines if line.strip())
    out = ["| game | players | agent | line-up | games (deals) | win share (95% interval) | equal strength | s/game |",
           "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        agent = "learned (MaskablePPO)" if r["agent"].startswith("policy:") else r["agent"]
        span = "n/a" if r["low"] != r["low"] else f"{r['low']:.2f}-{r['high']:.2f}"  # NaN: one deal
        out.append(f"| {r['game']} | {r['players']} | {agent} | {r['lineup']} | {r['games']} ({r['deals']}) | "
                   f"{r['share']:.2f} ({span}) | {r['even']:.2f} | {r['seconds_per_game']:.1f} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--baselines", default="baselines")
    parser.add_argument("--out", default="results/leaderboard.jsonl")
    parser.add_argument("--report", nargs="+", metavar="JSONL")
    args = parser.parse_args(argv)
    if args.report:
        print(report(args.report))
        return 0
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    run(args.players, args.out, args.scale, args.games, args.baselines)
    print(report([args.out]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
