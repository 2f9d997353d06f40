"""OpenSpiel's NFSP (PyTorch) trains and plays through the adapter on the observation tensor."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("torch")
pytest.importorskip("tree")  # dm-tree: OpenSpiel's PyTorch NFSP needs it

from tricktable.envs import nfsp


def test_nfsp_agents_train_and_play_on_the_observation_tensor() -> None:
    env = nfsp.environment("trickster", 3, info_state=False, seed=1)
    assert env.observation_spec()["info_state"][0] == env.game.observation_tensor_size()  # not the recall
    learners = nfsp.agents(env, hidden=16, seed=1)
    nfsp.train(env, learners, 2)
    assert learners[0].step_counter > 0  # it stepped through our states
    share, _ = nfsp.evaluate(nfsp.environment("trickster", 3, info_state=False, seed=2), learners[0], 2, 0)
    assert 0.0 <= share <= 1.0
