"""How a lab study scales: games/s on 1 and 2 local processes and on a local Ray (start-up apart).

    PYTHONPATH=src python benchmarks/lab_scale.py [--games 200]

Plays one study (Megalomania, 4 heuristic bots, rounds=12,8: two variants) each way and prints the wall
time, games/s, the per-worker throughput (1 / the mean time a game took inside its worker) and the load
average before and after, since the machine may be shared. Every way must give the same results.
"""

from __future__ import annotations

import argparse
import os
import time

from tricktable.sim import cluster, tournament
from tricktable.sim.balance import measure
from tricktable.sim.outcome import Outcome
from tricktable.sim.study import Study


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def report(name: str, outcomes: list[Outcome], wall: float, workers: int, before: str) -> None:
    inside = sum(o.seconds for o in outcomes) / len(outcomes)
    print(f"{name:<22} {len(outcomes)} games in {wall:6.1f} s = {len(outcomes) / wall:5.1f} games/s on {workers} "
          f"workers; per worker {1 / inside:5.1f} games/s; load {before} -> {load()}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200, help="games per variant (default 200)")
    args = parser.parse_args()
    study = Study.build("megalomania", ["heuristic"] * 4, args.games, 1, {}, ["rounds=12,8"])
    matches = study.matches()
    labels = [v.label for v in study.variants]
    results = []
    for workers in (1, 2):
        before, start = load(), time.perf_counter()
        outcomes = tournament.run(matches, workers)
        report(f"process pool x{workers}", outcomes, time.perf_counter() - start, workers, before)
        results.append(measure("megalomania", 4, labels, outcomes).to_json())
    if cluster.available():
        import ray

        for cpus in (1, 2):
            before, start = load(), time.perf_counter()
            ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
            ray.get(ray.remote(lambda: 0).remote())  # a worker is up
            up = time.perf_counter() - start
            before, start = load(), time.perf_counter()
            outcomes = cluster.run(matches, cluster.LOCAL)
            report(f"local Ray x{cpus} (+{up:.1f} s up)", outcomes, time.perf_counter() - start, cpus, before)
            results.append(measure("megalomania", 4, labels, outcomes).to_json())
            ray.shutdown()
    else:
        print("Ray is not installed (pip install 'tricktable[lab]'): no Ray figures")
    print("identical results every way:", all(r == results[0] for r in results))


if __name__ == "__main__":
    main()
