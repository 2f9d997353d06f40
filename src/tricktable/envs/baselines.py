"""Small learned baselines: MaskablePPO (sb3-contrib) for one seat against bots, through ``TricktableEnv``.

    python -m tricktable.envs.baselines masquerade --players 3 --steps 20000 --out baselines/masquerade-3.zip

trains a small MLP policy (two layers of 64) for ``--steps`` environment steps against ``--opponents``
(``random`` by default) in a random seat each episode, on one CPU thread, and saves it. ``make baselines``
trains one per game at 3 players in a few minutes; ``python -m tricktable.envs.evaluate <game> --players 3
--agent policy:<file>`` measures it. Needs the ``learn`` extra (``sb3-contrib``, ``torch``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from tricktable.envs.gymnasium import TricktableEnv


def train(name: str, players: int, steps: int, out: str, *, opponents: str = "random", seed: int = 0,
          **options: Any) -> dict[str, Any]:
    """Train and save a MaskablePPO policy; what was trained and how long it took."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)  # the machine is shared: one core, and small batches
    env = TricktableEnv(name, players, seat=None, opponents=opponents, **options)
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, n_epochs=4, learning_rate=3e-4,
                        gamma=1.0, policy_kwargs={"net_arch": [64, 64]}, seed=seed, device="cpu", verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=steps)
    seconds = time.perf_counter() - start
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    return {"game": name, "players": players, "steps": steps, "opponents": opponents, "seconds": seconds, "out": out}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    done = train(args.game, args.players, args.steps, args.out, opponents=args.opponents, seed=args.seed)
    print(f"trained {done['game']} ({done['players']} players) for {done['steps']} steps against "
          f"{done['opponents']} in {done['seconds']:.0f} s: {done['out']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
