"""How long ``hard`` takes per decision, measured where a player waits for it: whole games of ``hard``
against the heuristic, every decision with a choice timed from building the seat's view to the answer.

Run: ``PYTHONPATH=src python benchmarks/hard_latency.py [decisions per game] [game ...]`` (default 500,
every game). Prints per game the decisions timed, the mean, the 99th percentile and the maximum of the
wall time, the mean CPU time (the process's, so other processes' load does not count in it), the share of
decisions the time cap cut short (fewer iterations than the game's ``hard`` level allows), and the load
average before and after. The cap is wall time: on a loaded machine a decision is cut short (fewer
iterations), and the cap must still hold (``bots.ismcts``: it counts from the start of building the
view, keeps a margin, and stops before an iteration as long as the slowest one would end past it).
"""

from __future__ import annotations

import os
import sys
import time

from tricktable.bots import HeuristicBot, SeatView, make_bot
from tricktable.bots.search import level_settings
from tricktable.engine import available, load_game


def measure(name: str, decisions: int) -> dict[str, float]:
    game = load_game(name, 4)
    times: list[float] = []
    cpu = 0.0
    capped = 0
    iterations = level_settings(type(game).bot_levels["hard"])[0].iterations or 0
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
                    start, start_cpu = time.perf_counter(), time.process_time()
                    action = hard.choose(SeatView(state, p))
                    times.append(time.perf_counter() - start)
                    cpu += time.process_time() - start_cpu
                    capped += hard.last_iterations < iterations  # the time cap, not the budget, stopped it
                else:
                    action = others[p].choose(SeatView(state, p))
                picks.append((p, action))
            for p, action in picks:
                state.apply(action, p)
    times.sort()
    return {"decisions": len(times), "mean": sum(times) / len(times), "p99": times[int(0.99 * (len(times) - 1))],
            "max": times[-1], "cpu": cpu / len(times), "capped": capped / len(times),
            "over": sum(t > 1.0 for t in times)}


def main() -> None:
    decisions = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    names = sys.argv[2:] or available()
    for name in names:
        before = os.getloadavg()[0]
        r = measure(name, decisions)
        print(f"{name:12s} {r['decisions']:4.0f} decisions  mean {r['mean']:.3f} s  p99 {r['p99']:.3f} s  "
              f"max {r['max']:.3f} s  over 1.0 s {r['over']:.0f}  mean CPU {r['cpu']:.3f} s  "
              f"at the cap {100 * r['capped']:.0f}%  load {before:.1f} -> {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
