"""The compiled engine (the build hook's mypyc modules) plays exactly what the pure-Python engine plays.

CI runs ``make test`` with ``TRICKTABLE_EXPECT_COMPILED=1``: then the engine must really be compiled, so that
step cannot silently test pure Python; ``make test-pure`` (``TRICKTABLE_BUILD=pure``) runs these tests and the
golden ones on the pure build. In either build, games played by seeded
bots must give the records the pure build recorded (``golden/seeded.json``, from ``golden/make_seeded.py``);
``golden/test_golden.py`` replays 39 random games and compares what every seat sees.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import json
import os
import pickle
import sys
import tomllib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "golden"))
import make_seeded

from toy import BotToy
from tricktable import buildinfo
from tricktable.bots import SeatView, make_bot
from tricktable.bots.heuristic import heuristic_policy
from tricktable.bots.ismcts import playouts
from tricktable.bots.search import random_policy
from tricktable.engine import Action, Rng, load_game

# the modules the build hook compiles (pyproject.toml's list)
MODULES = [f"tricktable.{name}" for name in tomllib.loads(
    (Path(__file__).parents[1] / "pyproject.toml").read_text())["tool"]["tricktable"]["build"]["compiled"]]
EXPECTED = json.loads((Path(__file__).parent / "golden" / "seeded.json").read_text())


def compiled(module: str) -> bool:
    return str(importlib.import_module(module).__file__).endswith(".so")


@pytest.mark.skipif(not os.environ.get("TRICKTABLE_EXPECT_COMPILED"), reason="only where CI expects the compiled build")
def test_the_compiled_build_is_really_compiled() -> None:
    assert [m for m in MODULES if not compiled(m)] == []


@pytest.mark.skipif(os.environ.get("TRICKTABLE_BUILD") != "pure", reason="only under make test-pure")
def test_the_pure_build_is_really_pure() -> None:
    """``TRICKTABLE_BUILD=pure`` hides the compiled modules, so ``make test-pure`` cannot test compiled code."""
    assert [m for m in MODULES if compiled(m)] == []
    assert buildinfo.name() == "pure"


def test_the_build_under_test_is_all_one_or_the_other() -> None:
    assert len({compiled(m) for m in MODULES}) == 1, {m: compiled(m) for m in MODULES}


def test_every_seeded_game_is_recorded() -> None:
    assert sorted(EXPECTED) == sorted(make_seeded.key(*g) for g in make_seeded.GAMES)


@pytest.mark.parametrize("setup", make_seeded.GAMES, ids=[make_seeded.key(*g) for g in make_seeded.GAMES])
def test_seeded_bots_play_what_the_pure_build_recorded(setup: tuple[str, int, int, list[str], int]) -> None:
    assert make_seeded.play(*setup) == EXPECTED[make_seeded.key(*setup)]


def test_a_plain_python_game_plays_on_this_build() -> None:
    """The toy is plain Python on the engine's State, searched by the (compiled) ISMCTS: the same game twice,
    and its clones and worlds independent of the live state."""
    def game() -> list[str]:
        state = BotToy(3).new_state(5)
        bots = [make_bot("ismcts:30", 50 + i) for i in range(3)]
        out = []
        while state.actors:
            seat = state.actors[0]
            twin, world = state.clone(), state.resample(seat, Rng(seat))
            action = bots[seat].choose(SeatView(state, seat))
            state.apply(action, seat)
            assert len(twin.history) == len(state.history) - 1 and world.history == []
            out.append(f"{seat} {action.text}")
        return out

    played = game()
    assert played == game() and len(played) > 10


def test_a_plain_python_action_subclass_works_on_this_build() -> None:
    """A plugin's actions subclass the engine's ``Action`` (a native class in the compiled build) with a
    frozen dataclass of its own, as the games' ``Move`` does: its fields, text, identity and freezing hold."""
    @dataclasses.dataclass(frozen=True, eq=False, repr=False)
    class Bid(Action):
        amount: int = 0

    bid = Bid(3, "bid 2", 2)
    assert (bid.index, bid.text, bid.amount, str(bid), repr(bid)) == (3, "bid 2", 2, "bid 2", "Action('bid 2')")
    assert isinstance(bid, Action) and bid != Bid(3, "bid 2", 2) and bid in [bid]
    assert copy.copy(bid) is bid and copy.deepcopy(bid) is bid
    with pytest.raises(dataclasses.FrozenInstanceError):
        bid.amount = 3  # type: ignore[misc]


@pytest.mark.parametrize("name", ["megalomania", "trickster", "masquerade"])
def test_actions_and_tables_copy_and_pickle_on_this_build(name: str) -> None:
    """A copied game keeps its interned actions; a pickled action comes back with the same fields (a frozen
    compiled class is rebuilt through its constructor, not filled field by field)."""
    game = load_game(name, 3)
    move = game.actions[-1]
    assert copy.deepcopy(game.actions) == game.actions
    again = pickle.loads(pickle.dumps(move))
    assert type(again) is type(move) and dataclasses.astuple(again) == dataclasses.astuple(move)


# ``playouts`` from each game's seed-7 deal, as the pure build played them: heuristic rollouts to the end of the
# game (Rng(11)), uniform ones two rounds on (Rng(12))
PLAYOUTS = {
    "megalomania": ([[6.0, 21.0, 5.0, 18.0], [7.0, 16.0, 15.0, 17.0]], [[2.0, 1.0, 2.0, 3.0], [0.0, 3.0, 3.0, 2.0]]),
    "trickster": ([[16.0, 23.0, 12.0, 14.0], [14.0, 13.0, 14.0, 12.0]],
                  [[12.0, 9.0, 14.0, 16.0], [15.0, 13.0, 9.0, 8.0]]),
    "masquerade": ([[22.0, 52.0, 13.0], [22.0, 52.0, 13.0]], [[8.0, 13.0, 27.0], [31.0, 2.0, 14.0]]),
}


@pytest.mark.parametrize("name", sorted(PLAYOUTS))
def test_the_search_loops_playouts_are_the_pure_builds(name: str) -> None:
    """The rollout loop (``ismcts.playouts``: the heuristic policy and the uniform one) plays, in this build,
    what the pure build played."""
    game = load_game(name, 3 if name == "masquerade" else 4)
    state = game.new_state(7)
    played = (playouts(state, 2, Rng(11), heuristic_policy(game)),
              playouts(state, 2, Rng(12), random_policy, horizon=2))
    assert played == PLAYOUTS[name]
    assert state.history == []  # the copies played, not the state
