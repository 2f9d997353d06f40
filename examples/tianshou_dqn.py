"""Tianshou recipe: DQN for one seat against random masked opponents on the PettingZoo env.

    python examples/tianshou_dqn.py masquerade --players 3 --epochs 2 --epoch-steps 500

Tianshou's ``PettingZooEnv`` reads our observations as they are (``observation`` and ``action_mask``);
the learner sits in seat 0, ``MARLRandomDiscreteMaskedOffPolicyAlgorithm`` plays the others, and the
multi-agent algorithm trains the learner only. Prints the learner's mean return in test games (the
zero-sum win share: 0 is equal strength). Needs ``pip install tianshou`` (2.x) and torch.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import torch
from tianshou.algorithm import DQN, MARLRandomDiscreteMaskedOffPolicyAlgorithm, MultiAgentOffPolicyAlgorithm
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Collector, CollectStats, VectorReplayBuffer
from tianshou.env import DummyVectorEnv
from tianshou.env.pettingzoo_env import PettingZooEnv
from tianshou.trainer import OffPolicyTrainerParams
from tianshou.utils.net.common import Net

from tricktable.envs.pettingzoo import env


def main(argv: list[str] | None = None) -> Any:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--epoch-steps", type=int, default=500)
    parser.add_argument("--envs", type=int, default=2)
    args = parser.parse_args(argv)
    torch.set_num_threads(1)

    def make() -> PettingZooEnv:
        return PettingZooEnv(env(args.game, args.players))

    probe = make()
    observation_space = probe.observation_space["observation"]
    net = Net(state_shape=observation_space.shape, action_shape=int(probe.action_space.n), hidden_sizes=[64, 64])
    learner = DQN(policy=DiscreteQLearningPolicy(model=net, action_space=probe.action_space, eps_training=0.1,
                                                 eps_inference=0.0),
                  optim=AdamOptimizerFactory(lr=1e-3), gamma=1.0, n_step_return_horizon=1, target_update_freq=100)
    others = [MARLRandomDiscreteMaskedOffPolicyAlgorithm(action_space=probe.action_space)
              for _ in range(args.players - 1)]
    algorithm = MultiAgentOffPolicyAlgorithm(algorithms=[learner, *others], env=probe)
    training = DummyVectorEnv([make for _ in range(args.envs)])
    testing = DummyVectorEnv([make for _ in range(args.envs)])
    np.random.seed(0)
    torch.manual_seed(0)
    training.seed(0)
    testing.seed(1)
    train_collector = Collector[CollectStats](algorithm, training, VectorReplayBuffer(10_000, args.envs),
                                              exploration_noise=True)
    test_collector = Collector[CollectStats](algorithm, testing, exploration_noise=False)
    train_collector.reset()
    train_collector.collect(n_step=64 * args.envs)
    result = algorithm.run_training(OffPolicyTrainerParams(
        training_collector=train_collector, test_collector=test_collector, max_epochs=args.epochs,
        epoch_num_steps=args.epoch_steps, collection_step_num_env_steps=10, test_step_num_episodes=args.envs,
        batch_size=64, update_step_num_gradient_steps_per_sample=0.1, test_in_training=False,
        multi_agent_return_reduction=lambda returns: returns[:, 0]))
    print(f"Tianshou DQN, seat 0 against random: best test return {result.best_reward:.2f} "
          f"(0 is equal strength) after {args.epochs} epochs")
    return result


if __name__ == "__main__":
    main()
