"""Research steps per CPU second against RLCard, with two agents: the batched env, the AEC env, RLCard's bridge.

    python benchmarks/vector.py [--rounds R] [--envs N]

A step is one decision by one seat, with its observation tensor and legal actions produced (RLCard: the
``obs`` and ``legal_actions`` of the state ``env.step`` returns); deals count in the time. Every side
plays 4 players (bridge has 4). Two agents on every side:

- **numpy**: a uniform legal action drawn with numpy. On ``VectorEnv`` one ``VectorEnv.sample`` call
  for the whole batch; on PettingZoo's AEC env the action space's ``sample(mask)``; on RLCard
  ``legal[rng.integers(len(legal))]`` from its ``legal_actions``.
- **rlcard**: RLCard's own ``RandomAgent.step(state)`` on every side; our envs hand it a state holding
  the legal actions of each row's mask, as RLCard's envs do.

The clock is CPU time (``time.process_time``), so a burst is not charged for time another process held
the core; bursts of 0.1 s alternate over every runner, the order rotating each round, and each ratio
is from the totals against RLCard with the same agent. The garbage collector runs between bursts, not
in them: a collection of every runner's garbage would otherwise land in one burst at random.
Prints the build, the load averages and a table.
"""

from __future__ import annotations

import argparse
import gc
import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np

CLOCK = time.process_time
BURST = 0.1
GAMES = ["megalomania", "trickster", "masquerade"]
Runner = Callable[[float], tuple[int, float]]


def _rlcard_state(mask_row: np.ndarray[Any, Any]) -> dict[str, Any]:
    """What RLCard's agents read of a state: its legal actions, a dict keyed by action id."""
    return {"legal_actions": dict.fromkeys(np.flatnonzero(mask_row).tolist())}


def vector_runner(name: str, envs: int, agent: str) -> Runner:
    from rlcard.agents import RandomAgent

    from tricktable.envs.vector import VectorEnv

    tables = VectorEnv(name, 4, num_envs=envs, copy=False)
    rng = np.random.default_rng(1)
    random_agent = RandomAgent(tables.num_actions)
    batch = tables.reset(seed=1)

    def run(seconds: float) -> tuple[int, float]:
        nonlocal batch
        steps = 0
        start = CLOCK()
        while CLOCK() < start + seconds:
            if agent == "numpy":
                actions = tables.sample(batch.action_mask, rng)
            else:
                actions = np.array([random_agent.step(_rlcard_state(row)) for row in batch.action_mask])
            batch = tables.step(actions)
            steps += envs
        return steps, CLOCK() - start

    return run


def aec_runner(name: str, agent: str) -> Runner:
    from rlcard.agents import RandomAgent

    from tricktable.envs.pettingzoo import env

    table = env(name, 4)
    table.reset(seed=1)
    random_agent = RandomAgent(table.action_space("player_0").n)
    seeds = iter(range(2, 10**9))

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        start = CLOCK()
        while CLOCK() < start + seconds:
            table.reset(seed=next(seeds))
            for agent_name in table.agent_iter():
                observation, _, terminated, truncated, _ = table.last()
                if terminated or truncated:
                    table.step(None)
                    continue
                mask = observation["action_mask"]
                if agent == "numpy":
                    table.step(int(table.action_space(agent_name).sample(mask)))
                else:
                    table.step(int(random_agent.step(_rlcard_state(mask))))
                steps += 1
        return steps, CLOCK() - start

    return run


def rlcard_runner(agent: str) -> Runner:
    import rlcard
    from rlcard.agents import RandomAgent

    table = rlcard.make("bridge", config={"seed": 1})
    rng = np.random.default_rng(1)
    random_agent = RandomAgent(table.num_actions)

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        start = CLOCK()
        while CLOCK() < start + seconds:
            state, _ = table.reset()
            while not table.is_over():
                if agent == "numpy":
                    legal = list(state["legal_actions"])
                    action = legal[rng.integers(len(legal))]
                else:
                    action = random_agent.step(state)
                state, _ = table.step(action)
                steps += 1
        return steps, CLOCK() - start

    return run


def measure(rounds: int, envs: int) -> dict[str, Any]:
    runners: dict[tuple[str, str], Runner] = {}
    for agent in ("numpy", "rlcard"):
        runners["rlcard bridge", agent] = rlcard_runner(agent)
        for name in GAMES:
            runners[f"{name} VectorEnv x{envs}", agent] = vector_runner(name, envs, agent)
            runners[f"{name} AEC", agent] = aec_runner(name, agent)
    labels = list(runners)
    counts = dict.fromkeys(labels, 0)
    spent = dict.fromkeys(labels, 0.0)
    single: dict[tuple[str, str], list[float]] = {label: [] for label in labels}
    for label in labels:  # warm up (first deals, lazy tables), not counted
        runners[label](BURST)
    gc.disable()  # a collection in a burst would charge one runner for every runner's garbage
    for r in range(rounds):
        order = labels[r % len(labels):] + labels[:r % len(labels)]
        for label in order:
            gc.collect()
            steps, cpu = runners[label](BURST)
            counts[label] += steps
            spent[label] += cpu
            single[label].append(steps / cpu)
    gc.enable()
    rate = {label: counts[label] / spent[label] for label in labels}
    ratio_range = {label: (min(s / b for s, b in zip(single[label], single["rlcard bridge", label[1]],
                                                      strict=True)),
                           max(s / b for s, b in zip(single[label], single["rlcard bridge", label[1]],
                                                     strict=True)))
                   for label in labels}
    return {"rate": rate, "ratio": {label: rate[label] / rate["rlcard bridge", label[1]] for label in labels},
            "range": ratio_range}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="bursts of 0.1 s CPU per runner")
    parser.add_argument("--envs", type=int, default=64, help="games in the batched env")
    args = parser.parse_args()
    from tricktable import buildinfo

    before = os.getloadavg()
    found = measure(args.rounds, args.envs)
    after = os.getloadavg()
    print(f"build: {buildinfo.describe()}")
    print(f"load average: {before[0]:.1f} before, {after[0]:.1f} after; {args.rounds} rounds of "
          f"{BURST:.1f} s CPU bursts per runner")
    print("| runner (4 players) | agent | steps per CPU second | ratio to RLCard bridge, same agent "
          "(single bursts) |")
    print("|---|---|---|---|")
    for (label, agent), rate in found["rate"].items():
        low, high = found["range"][label, agent]
        print(f"| {label} | {agent} | {rate:,.0f} | {found['ratio'][label, agent]:.2f} ({low:.2f}-{high:.2f}) |")


if __name__ == "__main__":
    main()
