"""The recipes of docs/research.md, each run small: Stable-Baselines3 (MaskablePPO), RLlib (PettingZoo
multi-agent) and Tianshou, gymnasium.make registration, and RLlib's environment pre-check.

A recipe whose library is not installed is skipped with a loud reason; the libraries are the
``learn`` and ``recipes`` extras (sb3-contrib + torch, tianshou, ray[rllib])."""

from __future__ import annotations

import importlib
import runpy
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from setups import installed_games  # noqa: E402

from tricktable.envs.pettingzoo import env  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = [cls.name for cls in installed_games()]


def need(*modules: str) -> None:
    """Skip, loudly, unless every module imports (Ray alone, from the lab extra, has no RLlib dependencies)."""
    missing = []
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(module)
    if missing:
        pytest.skip(f"RECIPE NOT TESTED: {', '.join(missing)} not installed (pip install '.[learn,recipes]')")


def example(name: str) -> dict[str, Any]:
    return runpy.run_path(str(EXAMPLES / name), run_name="example")


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_make_finds_every_game(name: str) -> None:
    import tricktable.envs.gymnasium  # noqa: F401

    made = gymnasium.make(f"tricktable/{name}-v0", players=3, opponents="random")
    observation, info = made.reset(seed=2)
    assert made.observation_space.contains(observation) and info["action_mask"].any()
    made.close()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.filterwarnings("ignore")
def test_rllib_environment_pre_check_accepts_the_pettingzoo_env(name: str) -> None:
    need("ray.rllib")
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    for seed in range(3):
        wrapped = PettingZooEnv(env(name, 3))
        wrapped.action_space.seed(seed)
        check_multiagent_environments(wrapped)  # steps a random action from the whole action space


@pytest.mark.filterwarnings("ignore")
def test_rllib_pre_check_fails_on_an_env_that_raises_on_illegal_moves() -> None:
    """Why the wrapper matters: the same check on the raising env fails (this is what #15 found)."""
    need("ray.rllib")
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    failed = 0
    for seed in range(5):
        wrapped = PettingZooEnv(env("masquerade", 3, illegal="raise"))
        wrapped.action_space.seed(seed)
        try:
            check_multiagent_environments(wrapped)
        except ValueError:
            failed += 1
    assert failed > 0


@pytest.mark.filterwarnings("ignore")
def test_the_sb3_maskable_ppo_recipe_trains_and_plays(capsys: Any) -> None:
    need("sb3_contrib", "torch")
    share = example("sb3_maskable_ppo.py")["main"](["masquerade", "--players", "3", "--steps", "256",
                                                    "--episodes", "2"])
    assert 0.0 <= share <= 1.0 and "MaskablePPO after 256 steps" in capsys.readouterr().out


@pytest.mark.filterwarnings("ignore")
def test_the_tianshou_recipe_trains_a_seat(capsys: Any) -> None:
    need("tianshou", "torch")
    example("tianshou_dqn.py")["main"](["masquerade", "--players", "3", "--epochs", "1", "--epoch-steps", "40",
                                         "--envs", "1"])
    assert "Tianshou DQN" in capsys.readouterr().out


@pytest.mark.filterwarnings("ignore")
def test_the_rllib_recipe_runs_a_training_iteration(capsys: Any) -> None:
    need("ray.rllib", "torch")
    results = example("rllib_pettingzoo.py")["main"](["masquerade", "--players", "3", "--iterations", "1"])
    assert len(results) == 1 and results[0]["env_runners"]["num_env_steps_sampled_lifetime"] >= 512
