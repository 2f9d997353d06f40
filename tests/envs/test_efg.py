"""The EFG export: OpenSpiel's C++ solvers on the exported tree give the native game's answers."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import exploitability  # noqa: E402

from tricktable.envs import openspiel  # noqa: E402
from tricktable.envs.efg import TreeTooLarge, to_efg  # noqa: E402


@pytest.mark.parametrize("name", ["kuhn_poker", "leduc_poker"])
def test_the_exported_tree_has_the_native_games_information_sets_and_answers(name: str) -> None:
    native = pyspiel.load_game(name)
    tree = pyspiel.load_efg_game(to_efg(native))
    assert len(policy.TabularPolicy(tree).state_lookup) == len(policy.TabularPolicy(native).state_lookup)
    uniform = exploitability.nash_conv(native, policy.UniformRandomPolicy(native))
    assert exploitability.nash_conv(tree, policy.UniformRandomPolicy(tree)) == pytest.approx(uniform)
    answers = []
    for game in (native, tree):
        solver = pyspiel.CFRSolver(game)
        for _ in range(20):
            solver.evaluate_and_update_policy()
        answers.append(pyspiel.nash_conv(game, solver.average_policy()))
    assert answers[1] == pytest.approx(answers[0])
    assert answers[0] < uniform / 2  # CFR did converge some way: the comparison is not of two no-ops


def test_a_tree_past_the_limit_raises_and_titles_survive_quoted_options() -> None:
    game = openspiel.load("megalomania", 2, chance="draws")  # its game string holds JSON quotes
    with pytest.raises(TreeTooLarge, match="tricktable_megalomania has more than 200 nodes"):
        to_efg(game, max_nodes=200)
