"""Outcome-sampling MCCFR, the solver docs/research.md recommends, on every game and player count under
the default chance model: C++ and Python, a few iterations, every regret and average finite.

Under ``chance="draws"`` a whole game's chance nodes (a node per card, every round's deal) multiply
the sampled reach down past a double (1e-454 on Megalomania), and both solvers divide by it. The
default model draws the deal inside the state, so the sampled reach is the actions' alone."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from setups import ids, setups  # noqa: E402

from tricktable.envs import openspiel as tos  # noqa: E402

SETUPS = setups(toy_game=False)


@pytest.mark.parametrize(("game_cls", "players"), SETUPS, ids=[ids(s) for s in SETUPS])
def test_outcome_sampling_mccfr_runs_without_nan(game_cls: Any, players: int) -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = tos.load(game_cls.name, players)
    assert not game.new_initial_state().is_chance_node()
    solver = pyspiel.OutcomeSamplingMCCFRSolver(game, seed=players)
    for _ in range(2):
        solver.run_iteration()  # aborts on its own NaN check
    policy = solver.average_policy()
    state = game.new_initial_state()
    assert np.isfinite(policy.get_state_policy_as_parallel_vectors(state)[1]).all()
    np.random.seed(players)
    python = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(2):
        python.iteration()
    tables = list(python._infostates.values())
    assert len(tables) > 10
    assert all(np.isfinite(table).all() for table in tables)
    assert any(np.abs(table).sum() > 0 for table in tables)  # it learnt something


def test_the_default_chance_model_is_reproducible_from_rng_seed() -> None:
    """Each new state draws its deal seed from the game's stream: same rng_seed, same deals."""
    one, two, other = (tos.load("trickster", 3, rng_seed=s) for s in (5, 5, 6))
    deals = [[g.new_initial_state().information_state_string(0) for _ in range(3)] for g in (one, two, other)]
    assert deals[0] == deals[1]
    assert len(set(deals[0])) == 3 and deals[2] != deals[0]
