"""The games as PettingZoo AEC environments, checked by PettingZoo's own api_test and seed_test."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402
from setups import ids, setups  # noqa: E402

from tricktable.engine import Game  # noqa: E402
from tricktable.envs.pettingzoo import env  # noqa: E402

SETUPS = setups()


@pytest.mark.parametrize("setup", SETUPS, ids=ids)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_api_test_passes(setup: tuple[type[Game[Any]], int]) -> None:
    game, players = setup
    api_test(env(game, players), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("setup", SETUPS, ids=ids)
def test_pettingzoo_seed_test_passes(setup: tuple[type[Game[Any]], int]) -> None:
    game, players = setup
    seed_test(lambda: env(game, players), num_cycles=40)


@pytest.mark.parametrize("setup", SETUPS, ids=ids)
def test_a_random_game_ends_with_zero_sum_rewards_and_a_mask_in_every_observation(
        setup: tuple[type[Game[Any]], int]) -> None:
    game, players = setup
    table = env(game, players)
    table.reset(seed=7)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (table.unwrapped.game.num_actions,)
        if terminated or truncated:
            assert not mask.any()
            table.step(None)
            continue
        assert mask.any()
        table.step(int(np.flatnonzero(mask)[0]))
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) > 0


def test_an_illegal_action_raises_and_names_the_legal_ones_when_asked_to() -> None:
    from toy import Toy

    table = env(Toy, 2, illegal="raise")
    table.reset(seed=1)
    with pytest.raises(ValueError, match="bid"):
        table.step(10)  # a card: only bids are legal before the tricks
