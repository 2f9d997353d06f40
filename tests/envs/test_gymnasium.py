"""One seat against tricktable bots as a Gymnasium environment, checked by Gymnasium's check_env."""

from __future__ import annotations

from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from setups import ids, setups  # noqa: E402

from tricktable.engine import Game  # noqa: E402
from tricktable.envs.gymnasium import TricktableEnv  # noqa: E402

SETUPS = setups()


@pytest.mark.parametrize("setup", SETUPS, ids=ids)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_gymnasium_check_env_passes(setup: tuple[type[Game[Any]], int]) -> None:
    game, players = setup
    check_env(TricktableEnv(game, players, seat=players - 1))


def run_episode(env: TricktableEnv, seed: int) -> tuple[float, int, list[float]]:
    observation, info = env.reset(seed=seed)
    steps, trace = 0, [float(observation.sum())]
    while True:
        action = int(np.flatnonzero(info["action_mask"])[-1])
        observation, reward, terminated, truncated, info = env.step(action)
        steps += 1
        trace.append(float(observation.sum()))
        assert not info["illegal_action"]
        if terminated or truncated:
            return reward, steps, trace


@pytest.mark.parametrize("setup", SETUPS, ids=ids)
def test_the_same_seed_replays_the_same_episode_against_the_same_bots(setup: tuple[type[Game[Any]], int]) -> None:
    game, players = setup
    env = TricktableEnv(game, players, seat=None)
    assert run_episode(env, 5) == run_episode(env, 5)


def test_an_illegal_action_is_replaced_and_penalised_or_raises() -> None:
    from toy import Toy

    env = TricktableEnv(Toy, 2, illegal_penalty=-0.5)
    env.reset(seed=3)
    _, reward, _, _, info = env.step(10)  # a card while bidding
    assert info["illegal_action"] and reward == -0.5
    strict = TricktableEnv(Toy, 2, illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(10)


def test_unknown_bots_and_wrong_seats_are_refused() -> None:
    from toy import Toy

    with pytest.raises(ValueError):
        TricktableEnv(Toy, 2, opponents="grandmaster")
    with pytest.raises(ValueError, match="seat"):
        TricktableEnv(Toy, 2, seat=5)


def test_a_registered_id_makes_the_environment() -> None:
    from tricktable.engine import available

    if not available():
        pytest.skip("no game installed")
    env = gymnasium.make(f"tricktable/{available()[0]}-v0", opponents="random")
    observation, _ = env.reset(seed=1)
    assert observation.shape == env.observation_space.shape
