"""How long ``hard`` takes per decision, measured where a player waits for it: whole games of ``hard``
against the heuristic, every decision with a choice timed from building the seat's view to the answer.

Run: ``PYTHONPATH=src python benchmarks/hard_latency.py [decisions per game]`` (default 500). Prints per
game the decisions timed, the mean, the 99th percentile, the maximum, the share of decisions the time
cap cut short (fewer iterations than the level's), and the load average before and after: the cap is
wall time, so on a loaded machine
a decision is cut short (fewer iterations) and the maximum grows with the load.
"""

from __future__ import annotations

import os
import sys
import time

from tricktable.bots import LEVELS, HeuristicBot, SeatView, make_bot
from tricktable.engine import available, load_game


def measure(name: str, decisions: int) -> dict[str, float]:
    game = load_game(name, 4)
    times: list[float] = []
    capped = 0
    budget = getattr(make_bot("hard"), "per_game", {}).get(name, (LEVELS["hard"], None))[0]
    iterations = budget.iterations or 0
    seed = 0
    while len(times) < decisions:
        state = game.new_state(seed)
        hard, others = make_bot("hard", seed), [HeuristicBot(seed * 10 + p) for p in range(4)]
        seat = seed % 4
        seed += 1
        while not state.is_over and len(times) < decisions:
            picks = []
            for p in state.actors:
                if p == seat and len(state.legal_actions(p)) > 1:
                    start = time.perf_counter()
                    action = hard.choose(SeatView(state, p))
                    took = time.perf_counter() - start
                    times.append(took)
                    capped += hard.last_iterations < iterations  # the time cap, not the budget, stopped it
                else:
                    action = others[p].choose(SeatView(state, p))
                picks.append((p, action))
            for p, action in picks:
                state.apply(action, p)
    times.sort()
    return {"decisions": len(times), "mean": sum(times) / len(times), "p99": times[int(0.99 * (len(times) - 1))],
            "max": times[-1], "capped": capped / len(times)}


def main() -> None:
    decisions = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for name in available():
        r = measure(name, decisions)
        print(f"{name:12s} {r['decisions']:4.0f} decisions  mean {r['mean']:.3f} s  p99 {r['p99']:.3f} s  "
              f"max {r['max']:.3f} s  at the cap {100 * r['capped']:.0f}%")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
