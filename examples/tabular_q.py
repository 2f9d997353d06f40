"""A small learning loop: tabular Q-learning for one seat against tricktable bots (Gymnasium env).

    python examples/tabular_q.py masquerade --players 3 --episodes 300

The full observation is far too large for a table, so the table is keyed by a coarse summary of it:
the phase, the number of cards in hand and the legal action set. Exploration is epsilon-greedy over
the legal actions (``info["action_mask"]``); the update is one-step Q-learning with the zero-sum win
share as the only reward. The point is the loop, not the strength: it prints the average reward of
the first and the last quarter of the episodes.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from typing import Any

import numpy as np

from tricktable.envs.gymnasium import TricktableEnv


def summary_key(env: TricktableEnv, observation: Any, mask: Any) -> tuple[Any, ...]:
    """The table's key: phase piece, hand size and legal actions (all read from the tensor and mask)."""
    views = env.encoder.views(observation)
    phase = int(views["phase"].argmax()) if "phase" in views else 0
    return (phase, int(views["hand"].sum()), tuple(np.flatnonzero(mask)))


def train(name: str, players: int, episodes: int, *, opponents: str = "random", alpha: float = 0.2,
          gamma: float = 1.0, epsilon: float = 0.2, seed: int = 0) -> list[float]:
    """Run ``episodes`` episodes of Q-learning; the reward of each episode."""
    env = TricktableEnv(name, players, seat=0, opponents=opponents)
    q: dict[tuple[Any, ...], dict[int, float]] = defaultdict(dict)
    chooser = random.Random(seed)
    rewards = []
    for episode in range(episodes):
        observation, info = env.reset(seed=seed * 100_003 + episode)
        key, total = summary_key(env, observation, info["action_mask"]), 0.0
        while True:
            legal = [int(a) for a in np.flatnonzero(info["action_mask"])]
            values = q[key]
            if chooser.random() < epsilon:
                action = chooser.choice(legal)
            else:
                action = max(legal, key=lambda a: values.get(a, 0.0))
            observation, reward, terminated, truncated, info = env.step(action)
            total += float(reward)
            if terminated or truncated:
                target = float(reward)
            else:
                next_key = summary_key(env, observation, info["action_mask"])
                best = max(q[next_key].get(int(a), 0.0) for a in np.flatnonzero(info["action_mask"]))
                target = float(reward) + gamma * best
            values[action] = values.get(action, 0.0) + alpha * (target - values.get(action, 0.0))
            if terminated or truncated:
                break
            key = next_key
        rewards.append(total)
    return rewards


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="tabular Q-learning against tricktable bots")
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--opponents", default="random")
    args = parser.parse_args(argv)
    rewards = train(args.game, args.players, args.episodes, opponents=args.opponents)
    quarter = max(1, len(rewards) // 4)
    first, last = sum(rewards[:quarter]) / quarter, sum(rewards[-quarter:]) / quarter
    print(f"average reward: first quarter {first:+.3f}, last quarter {last:+.3f}")


if __name__ == "__main__":
    main()
