"""The batched env: shapes, masks that are the legal actions, and the same games as PettingZoo's env."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from tricktable.engine import IllegalAction
from tricktable.envs.actions import Numbering
from tricktable.envs.pettingzoo import RawEnv
from tricktable.envs.vector import VectorEnv

GAMES = ["megalomania", "trickster", "masquerade"]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [3, 4])
def test_shapes_and_masks_are_the_legal_actions_of_the_seat_to_act(name: str, players: int) -> None:
    tables = VectorEnv(name, players, num_envs=5)
    batch = tables.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(60):
        assert batch.observation.shape == (5, tables.observation_size)
        assert batch.observation.dtype == np.float32
        assert batch.action_mask.shape == (5, tables.game.num_actions)
        assert batch.action_mask.dtype == np.int8
        assert batch.seat.shape == (5,)
        assert batch.reward.shape == (5, players)
        assert batch.done.shape == (5,)
        for i, state in enumerate(tables.states):
            seat = int(batch.seat[i])
            assert seat == state.actors[0]
            legal = sorted(action.index for action in state.legal_actions(seat))
            assert np.flatnonzero(batch.action_mask[i]).tolist() == legal
            assert np.array_equal(batch.observation[i], tables.encoder.encode_state(state, seat))
        batch = tables.step(tables.sample(batch.action_mask, rng))


def _one_by_one(name: str, players: int, seed: int, actions: list[int]) -> list[tuple[object, ...]]:
    """PettingZoo's env reset with ``seed``, stepped with ``actions``: after each, what a batch row holds."""
    table = RawEnv(name, players, illegal="raise")
    table.reset(seed=seed)
    seen = []
    for action in actions:
        table.step(action)
        reward = [0.0] * players
        done = all(table.terminations.values())
        if done:
            reward = [table.rewards[agent] for agent in table.possible_agents]
            table.reset()  # no seed: the next deal from the env's own stream
        agent = table.agent_selection
        observation = table.observe(agent)
        seen.append((table.seats[agent], observation["observation"], observation["action_mask"], reward, done))
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_each_row_is_the_game_pettingzoo_plays_from_the_same_seed(name: str) -> None:
    tables = VectorEnv(name, 3, num_envs=3)
    players = tables.players
    batch = tables.reset(seed=11)
    rng = np.random.default_rng(5)
    played: list[list[int]] = [[] for _ in range(3)]
    rows: list[list[tuple[object, ...]]] = [[] for _ in range(3)]
    ended = 0
    while ended < 4:  # past game ends, so the auto-reset's deals are compared too
        actions = tables.sample(batch.action_mask, rng)
        batch = tables.step(actions)
        ended += int(batch.done.sum())
        for i in range(3):
            played[i].append(int(actions[i]))
            rows[i].append((int(batch.seat[i]), batch.observation[i], batch.action_mask[i],
                            batch.reward[i].tolist(), bool(batch.done[i])))
    for i in range(3):
        expected = _one_by_one(name, players, 11 + i, played[i])
        for got, want in zip(rows[i], expected, strict=True):
            assert got[0] == want[0]
            assert np.array_equal(got[1], want[1])  # type: ignore[arg-type]
            assert np.array_equal(got[2], want[2])  # type: ignore[arg-type]
            assert got[3] == pytest.approx(want[3])
            assert got[4] == want[4]
    assert any(done for row in rows for *_, done in row)


def test_fixed_actions_masks_speak_the_fixed_space() -> None:
    tables = VectorEnv("trickster", 3, num_envs=4, fixed_actions=True)
    numbering = Numbering(tables.game, fixed=True)
    batch = tables.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(30):
        assert batch.action_mask.shape == (4, numbering.size)
        for i, state in enumerate(tables.states):
            assert np.array_equal(batch.action_mask[i], numbering.mask(state.legal_actions(int(batch.seat[i]))))
        batch = tables.step(tables.sample(batch.action_mask, rng))


def test_an_illegal_action_raises_naming_the_legal_ones_and_no_game_moves() -> None:
    tables = VectorEnv("masquerade", 3, num_envs=3)
    batch = tables.reset(seed=2)
    legal = tables.sample(batch.action_mask, np.random.default_rng(0))
    before = [list(state.history) for state in tables.states]
    wrong = legal.copy()
    wrong[1] = int(np.flatnonzero(batch.action_mask[1] == 0)[0])
    with pytest.raises(IllegalAction) as raised:
        tables.step(wrong)
    assert raised.value.legal and "game 1" in str(raised.value)
    out_of_range = legal.copy()
    out_of_range[2] = tables.num_actions
    with pytest.raises(IllegalAction):
        tables.step(out_of_range)
    with pytest.raises(ValueError, match="one per game"):
        tables.step(legal[:2])
    assert [list(state.history) for state in tables.states] == before
    tables.step(legal)  # the legal batch still steps
    assert [len(state.history) for state in tables.states] != [len(h) for h in before]


def test_sample_picks_only_legal_actions_and_every_one_of_them() -> None:
    mask = np.zeros((2, 6), np.int8)
    mask[0, [1, 4]] = 1
    mask[1, 5] = 1
    picks = np.array([VectorEnv.sample(mask, np.random.default_rng(s)) for s in range(200)])
    assert set(picks[:, 0].tolist()) == {1, 4}
    assert set(picks[:, 1].tolist()) == {5}
