"""Engine speed of this tree against an earlier commit: the same measurements, alternating the two trees.

    python benchmarks/before_after.py 4bc2281 --rounds 3 --seconds 0.4

Checks out ``BASE`` into a temporary git worktree and runs, in alternating subprocesses, this tree's
measurements (``tricktable.bench``: decisions from a dealt state, clones and resamples; plus ISMCTS
simulations) against each tree's engine, timed in CPU time (a shared machine's load moves wall time far
more than CPU time). Only the engine's public API is called, so any commit since the engine's first
version can be the base. Prints each figure's median over the rounds and the ratio this / base.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# run in each subprocess: this tree's bench module, timed in CPU time, against whichever engine is on the path
PROBE = r"""
import json, sys, time, types
bench = types.ModuleType("bench_probe")
bench.__file__ = sys.argv[1]
source = open(sys.argv[1]).read().replace("time.perf_counter()", "time.process_time()")
sys.modules["bench_probe"] = bench  # dataclasses look their module up while the class is made
exec(compile(source, sys.argv[1], "exec"), bench.__dict__)
from tricktable.bots import Budget, ISMCTSBot, SeatView
seconds = float(sys.argv[2])
out = {}
for name, players in bench.setups():
    label = f"{name} {players}p"
    out[f"{label}: decisions/s from a dealt state"] = bench.interleaved(
        bench.playout_bursts(name, players, dealt=True), None, seconds)[0]
    early = bench.positions(name, players)
    out[f"{label}: clones/s"] = bench.interleaved(bench.clone_burst(early), None, seconds)[0]
    out[f"{label}: resamples/s"] = bench.interleaved(bench.resample_burst(early), None, seconds)[0]
    spent = done = 0
    for k, state in enumerate(early[:4]):
        bot = ISMCTSBot(k, budget=Budget(iterations=150))
        start = time.process_time()
        bot.choose(SeatView(state, state.actors[0]))
        spent += time.process_time() - start
        done += bot.last_iterations
    out[f"{label}: ISMCTS simulations/s"] = done / spent
print(json.dumps(out))
"""


def measure(source: Path, seconds: float) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run([sys.executable, "-c", PROBE, str(ROOT / "src/tricktable/bench.py"), str(seconds)],
                          env=env, check=True, capture_output=True, text=True)
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the commit to compare against")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=0.4, help="CPU seconds per figure and round")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(base), args.base], check=True)
        try:
            runs: dict[str, list[dict[str, float]]] = {"base": [], "this": []}
            for _ in range(args.rounds):
                runs["base"].append(measure(base / "src", args.seconds))
                runs["this"].append(measure(ROOT / "src", args.seconds))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=True)
    print(f"load average {os.getloadavg()[0]:.2f}; medians of {args.rounds} rounds, CPU time")
    for label in runs["this"][0]:
        before = statistics.median(r[label] for r in runs["base"])
        after = statistics.median(r[label] for r in runs["this"])
        print(f"{label:60s} {before:12,.0f} {after:12,.0f} {after / before:6.2f}")


if __name__ == "__main__":
    main()
