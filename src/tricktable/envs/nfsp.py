"""OpenSpiel's NFSP (Neural Fictitious Self-Play, its PyTorch agents) on our games, through the adapter.

Usage::

    python -m tricktable.envs.nfsp masquerade --players 3 --episodes 2000 --eval 50

Every seat is an NFSP agent reading the observation tensor (``rl_environment`` with
``ObservationType.OBSERVATION``; the information-state tensor works too, ``--info-state``). After
training, seat 0's average policy plays the other seats' random bots for ``--eval`` games (seat 0 is
not always first: the deal stream decides who leads) and the mean win share is printed with a 95% t
interval; equal strength is ``1/players``. The deal is drawn inside each state (``chance=sampled``).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

import numpy as np

from tricktable.envs import openspiel as tos


def environment(name: str, players: int, info_state: bool, seed: int) -> Any:
    from open_spiel.python import rl_environment

    kind = rl_environment.ObservationType
    game = tos.load(name, players, rng_seed=seed)
    return rl_environment.Environment(game, observation_type=None if info_state else kind.OBSERVATION)


def agents(env: Any, hidden: int, seed: int) -> list[Any]:
    from open_spiel.python.pytorch import nfsp

    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    return [nfsp.NFSP(seat, size, actions, [hidden, hidden], reservoir_buffer_capacity=20_000,
                      anticipatory_param=0.1, batch_size=64, min_buffer_size_to_learn=500, learn_every=32,
                      replay_buffer_capacity=20_000, epsilon_decay_duration=20_000, seed=seed + seat,
                      optimizer_str="adam", rl_learning_rate=1e-3, sl_learning_rate=1e-3)
            for seat in range(env.num_players)]


def train(env: Any, learners: list[Any], episodes: int) -> None:
    """Self-play: every seat learns from its own steps (OpenSpiel's NFSP loop)."""
    for _ in range(episodes):
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            output = learners[seat].step(step)
            step = env.step([output.action])
        for learner in learners:
            learner.step(step)


def evaluate(env: Any, learner: Any, games: int, seed: int) -> tuple[float, float]:
    """Seat 0's average policy against random seats: mean win share and the 95% t half-width."""
    from open_spiel.python.pytorch import nfsp

    chooser = random.Random(seed)
    shares = []
    players = env.num_players
    with learner.temp_mode_as(nfsp.MODE.AVERAGE_POLICY):
        for _ in range(games):
            step = env.reset()
            while not step.last():
                seat = step.observations["current_player"]
                if seat == 0:
                    action = learner.step(step, is_evaluation=True).action
                else:
                    action = chooser.choice(step.observations["legal_actions"][seat])
                step = env.step([action])
            shares.append(step.rewards[0] + 1.0 / players)  # back from zero-sum to the win share
    mean = float(np.mean(shares))
    half = 1.96 * float(np.std(shares, ddof=1)) / math.sqrt(len(shares)) if len(shares) > 1 else math.nan
    return mean, half


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tricktable.envs.nfsp", description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--eval", type=int, default=50, help="games against random seats after training")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--info-state", action="store_true", help="the information-state tensor, not the observation")
    args = parser.parse_args(argv)
    import torch

    torch.set_num_threads(1)
    env = environment(args.game, args.players, args.info_state, args.seed)
    learners = agents(env, args.hidden, args.seed)
    before = evaluate(environment(args.game, args.players, args.info_state, 10_000), learners[0], args.eval, 1)
    started = time.perf_counter()
    train(env, learners, args.episodes)
    seconds = time.perf_counter() - started
    after = evaluate(environment(args.game, args.players, args.info_state, 10_000), learners[0], args.eval, 1)
    print(f"{args.game} {args.players}p NFSP, {args.episodes} episodes in {seconds:.0f} s; seat 0's average "
          f"policy against random: {after[0]:.3f} +- {after[1]:.3f} (untrained {before[0]:.3f} +- {before[1]:.3f}; "
          f"equal {1 / args.players:.3f}; {args.eval} games)")


if __name__ == "__main__":
    main()
