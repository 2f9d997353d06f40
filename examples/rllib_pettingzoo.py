"""RLlib recipe: PPO with one shared policy for every seat (self-play) on the PettingZoo env.

    python examples/rllib_pettingzoo.py masquerade --players 3 --iterations 2

RLlib's ``PettingZooEnv`` wraps our AEC env (``tricktable.envs.pettingzoo.env``, whose observations are
``{"observations": tensor, "action_mask": mask}`` with ``observation_key="observations"``, the names
RLlib's action-masking module reads), and RLlib's ``ActionMaskingTorchRLModule`` keeps the policy to
legal actions. An illegal action (RLlib's environment pre-check samples the action space) ends the
game with a penalty, as in PettingZoo's own card games. Needs ``pip install 'ray[rllib]'`` and torch.
"""

from __future__ import annotations

import argparse
from typing import Any

import ray
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
from ray.tune.registry import register_env

from tricktable.envs.pettingzoo import env


def config(game: str, players: int) -> Any:
    name = f"tricktable_{game}_{players}"
    register_env(name, lambda _: PettingZooEnv(env(game, players, observation_key="observations")))
    return (
        PPOConfig()
        .environment(name)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent, *args, **kwargs: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            "shared": RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                   model_config={"head_fcnet_hiddens": (64, 64)})}))
        .env_runners(num_env_runners=0)
        .training(train_batch_size_per_learner=512, minibatch_size=128, num_epochs=2, gamma=1.0)
    )


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=2)
    args = parser.parse_args(argv)
    ray.init(num_cpus=1, include_dashboard=False, ignore_reinit_error=True, log_to_driver=False)
    try:
        algo = config(args.game, args.players).build_algo()
        results = [algo.train() for _ in range(args.iterations)]
        algo.stop()
    finally:
        ray.shutdown()
    for number, result in enumerate(results, 1):
        runners = result.get("env_runners", {})
        print(f"iteration {number}: {runners.get('num_env_steps_sampled_lifetime', '?')} env steps, "
              f"{runners.get('num_episodes_lifetime', '?')} episodes")
    return results


if __name__ == "__main__":
    main()
