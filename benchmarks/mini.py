"""Mini Masquerade's exact answers: CFR's nash_conv by iteration, and our bots' nash_conv as policies.

    python benchmarks/mini.py [--iterations 200] [--bots heuristic ismcts:20 ismcts:200] [--samples 4]

Builds the whole tree (``tricktable.envs.mini.Mini``), runs OpenSpiel's C++ ``CFRSolver`` on it and
prints ``nash_conv`` of its average policy at 1, 2, 5, 10, ... iterations with the CPU seconds so far,
then ``nash_conv`` of the uniform policy and of each bot (every seat plays it; ``samples`` seeded bots
give each information set's action shares). Prints the load average at the start and the end.
"""

from __future__ import annotations

import argparse
import os
import time


def main() -> None:
    import pyspiel
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability

    from tricktable.envs.mini import Mini

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--bots", nargs="*", default=["heuristic", "ismcts:20", "ismcts:200"])
    parser.add_argument("--samples", type=int, default=4)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
    start = time.process_time()
    mini = Mini()
    print(f"tree: {len(mini.states):,} information sets, built in {time.process_time() - start:.1f} CPU s",
          flush=True)
    print(f"uniform: nash_conv {exploitability.nash_conv(mini.tree, policy.UniformRandomPolicy(mini.tree)):.4f}")
    solver = pyspiel.CFRSolver(mini.tree)
    marks = {m * 10**k for k in range(7) for m in (1, 2, 5)}
    start = time.process_time()
    for i in range(1, args.iterations + 1):
        solver.evaluate_and_update_policy()
        if i in marks or i == args.iterations:
            value = pyspiel.nash_conv(mini.tree, solver.average_policy())
            print(f"CFR {i}: nash_conv {value:.5f} ({time.process_time() - start:.1f} CPU s)", flush=True)
    for spec in args.bots:
        start = time.process_time()
        value = exploitability.nash_conv(mini.tree, mini.bot_policy(spec, samples=args.samples))
        print(f"{spec} x{args.samples}: nash_conv {value:.4f} ({time.process_time() - start:.1f} CPU s)", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
