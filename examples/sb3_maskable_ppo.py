"""Stable-Baselines3 recipe: MaskablePPO (sb3-contrib) for one seat against bots, from ``gymnasium.make``.

    python examples/sb3_maskable_ppo.py masquerade --players 3 --steps 20000 --episodes 50

Trains on ``tricktable/<game>-v0`` (a random seat each episode, ``random`` opponents), then plays
``--episodes`` games with the trained policy and prints its mean win share against equal strength.
Needs ``pip install '.[learn]'`` (sb3-contrib and torch's CPU wheel).
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

import tricktable.envs.gymnasium  # noqa: F401  (registers tricktable/<game>-v0)


def make_env(game: str, players: int, opponents: str) -> Any:
    env = gymnasium.make(f"tricktable/{game}-v0", players=players, seat=None, opponents=opponents)
    # gymnasium.make wraps the env: MaskablePPO finds the legal actions through ActionMasker
    return ActionMasker(env, lambda wrapped: wrapped.unwrapped.action_masks())


def main(argv: list[str] | None = None) -> float:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--episodes", type=int, default=50)
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    env = make_env(args.game, args.players, args.opponents)
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=64, n_epochs=4, gamma=1.0,
                        policy_kwargs={"net_arch": [64, 64]}, seed=0, device="cpu", verbose=0)
    model.learn(total_timesteps=args.steps)
    shares = []
    for episode in range(args.episodes):
        observation, info = env.reset(seed=10_000 + episode)
        while True:
            action, _ = model.predict(observation, action_masks=info["action_mask"].astype(bool), deterministic=True)
            observation, reward, terminated, truncated, info = env.step(int(action))
            if terminated or truncated:
                shares.append(reward + 1.0 / args.players)  # the reward is the win share minus 1/n
                break
    share = float(np.mean(shares))
    print(f"MaskablePPO after {args.steps} steps: win share {share:.2f} over {args.episodes} games "
          f"against {args.opponents} (equal strength {1 / args.players:.2f})")
    return share


if __name__ == "__main__":
    main()
