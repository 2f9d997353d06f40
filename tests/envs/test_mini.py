"""Mini Masquerade: a random deal of six cards, small enough that CFR and nash_conv run in seconds."""

from __future__ import annotations

import itertools

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import exploitability  # noqa: E402

from tricktable.bots import SeatView, make_bot  # noqa: E402
from tricktable.envs.mini import POOL, Mini, deals  # noqa: E402


@pytest.fixture(scope="module")
def mini() -> Mini:
    return Mini(leaders=[0])  # one leader: a third of the tree, the same information structure


def test_the_deals_are_every_partition_of_the_pool_once() -> None:
    found = [tuple(frozenset(hand) for hand in deal) for deal in deals(POOL, 3, 2)]
    assert len(found) == len(set(found)) == 90  # 6! / (2! 2! 2!)
    assert all(frozenset().union(*deal) == frozenset(POOL) for deal in found)


def test_a_seat_tells_deals_apart_by_its_own_hand_only(mini: Mini) -> None:
    root = mini.tree.new_initial_state()
    assert root.is_chance_node()
    outcomes = root.chance_outcomes()
    assert len(outcomes) == 90 and all(p == pytest.approx(1 / 90) for _, p in outcomes)
    first = {root.child(action).information_state_string(0) for action, _ in outcomes}
    assert len(first) == len(list(itertools.combinations(POOL, 2)))  # 15 hands: one set each


def test_cfr_drives_nash_conv_down(mini: Mini) -> None:
    solver = pyspiel.CFRSolver(mini.tree)
    solver.evaluate_and_update_policy()
    start = pyspiel.nash_conv(mini.tree, solver.average_policy())
    for _ in range(29):
        solver.evaluate_and_update_policy()
    assert pyspiel.nash_conv(mini.tree, solver.average_policy()) < start / 4


def test_a_bot_policy_is_what_the_bot_plays_at_each_information_set(mini: Mini) -> None:
    table = mini.bot_policy("heuristic")
    assert table.action_probability_array.sum(axis=1) == pytest.approx(1.0)
    assert (table.action_probability_array * (1 - table.legal_actions_mask)).sum() == 0
    bot = make_bot("heuristic", 0)
    for key, row in list(table.state_lookup.items())[:40]:
        seat, state = mini.states[key.rpartition("-")[2]]
        node = table.states[row]
        chosen = int(table.action_probability_array[row].argmax())
        assert node.action_to_string(seat, chosen) == str(bot.choose(SeatView(state.engine, seat)).index)
    assert 0 <= exploitability.nash_conv(mini.tree, table) < float("inf")
    uniform = exploitability.nash_conv(mini.tree, policy.UniformRandomPolicy(mini.tree))
    assert exploitability.nash_conv(mini.tree, table) != pytest.approx(uniform)
