"""No route from a bot's view to the live state (issue 14.1, 11.4): each known route is tried and must fail.

The routes: the view's attributes, ``__dict__``s, closures and everything else ``gc.get_referents`` reaches
from it (and from a bot after it chose); a sampled world's ``seed`` + ``history`` replayed; its events; and
the shared ``Game``'s memo caches, which the live game fills with every seat's hands.
"""

from __future__ import annotations

import gc
import sys
import types
from typing import Any

import pytest
from test_bots import positions, setups

from toy import BotToy
from tricktable.bots import SeatView, make_bot
from tricktable.engine import Rng, State


def other_hands(state: State, seat: int) -> list[Any]:
    """Each other seat's hand (what a leak would reveal), in a form that compares across states."""
    hands: list[Any] = getattr(state, "hands", [])
    return [sorted(h) if isinstance(h, list) else h for q, h in enumerate(hands) if q != seat]


def reachable(*roots: object) -> dict[int, object]:
    """Every object reachable from ``roots`` by ``gc.get_referents``, not entering modules, classes or their
    globals (a bot may import anything; what matters is what the view itself leads to)."""
    # the module dicts themselves are held while walking, so no id here can be reused by another object
    modules = [vars(m) for m in list(sys.modules.values()) if m is not None]
    skip = {id(d) for d in modules}
    seen: dict[int, object] = {}
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or id(obj) in skip or isinstance(obj, types.ModuleType | type):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return seen


def live_objects(state: State) -> dict[int, str]:
    """The live state, its game's memo caches, and every mutable container the state owns (one level), but
    not the game's own tables a state holds for speed (``_entries`` is ``game.entries``): they are every seat's."""
    out = {id(state): "the live state", id(state.__dict__): "the live state's __dict__",
           id(state.game): "the live game"}
    for name in state.game.memo_fields:
        out[id(getattr(state.game, name))] = f"the live game's cache {name}"
    shared = {id(value) for value in vars(state.game).values()}
    for name, value in vars(state).items():
        if isinstance(value, list | dict | set) and id(value) not in shared:
            out[id(value)] = f"live state.{name}"
            for inner in value if isinstance(value, list) else ():
                if isinstance(inner, list | dict | set):
                    out[id(inner)] = f"an item of live state.{name}"
    return out


@pytest.mark.parametrize(("name", "players"), setups())
def test_nothing_reachable_from_a_view_or_a_bot_leads_to_the_live_state(name: str, players: int) -> None:
    for k, state in enumerate(positions(name, players, 6, seed=11)):
        state.legal_actions(state.actors[0])  # the live game's caches now hold the actor's hand
        seat = state.actors[-1]
        view = SeatView(state, seat)
        bot = make_bot("ismcts:8:heuristic", k)
        bot.choose(view)
        inferring = make_bot("ismcts:8:infer:prior", k)  # inference's candidate worlds and model too
        inferring.choose(view)
        world = view.sample(Rng(k))
        found = reachable(view, bot, inferring, world, view.sample(Rng(k), log=True), view.sample)
        leaks = [what for ident, what in live_objects(state).items() if ident in found]
        assert not leaks, f"{name}: a bot's view reaches {leaks}"


@pytest.mark.parametrize(("name", "players"), setups())
def test_a_sampled_world_cannot_be_replayed_into_the_live_one(name: str, players: int) -> None:
    for k, state in enumerate(positions(name, players, 6, seed=13)):
        seat = state.actors[-1]
        view = SeatView(state, seat)
        for log in (False, True):
            world = view.sample(Rng(k), log=log)
            assert world.seed == 0 and world.history == []
            assert all(e.is_visible_to(seat) for e in world.events)
            if not log:
                assert world.events == []
            # the route that worked before: the world's seed and history rebuild the true deal
            replay = view.game.new_state(world.seed)
            for p, action in world.history:
                replay.apply(action, p)
            if state.seed != 0 and other_hands(state, seat) != other_hands(view._world, seat):
                assert other_hands(replay, seat) != other_hands(state, seat) or replay.round != state.round


@pytest.mark.parametrize(("name", "players"), setups())
def test_a_views_game_keeps_no_cache_of_the_live_game(name: str, players: int) -> None:
    state = positions(name, players, 1, seed=17)[0]
    for seat in range(players):
        view = SeatView(state, seat)
        assert view.game is not state.game and view.game.actions is state.game.actions
        for field in state.game.memo_fields:
            assert getattr(view.game, field) is not getattr(state.game, field)
        assert SeatView(state, seat).game is view.game  # one fork per seat, kept
        if seat:
            assert SeatView(state, seat - 1).game is not view.game  # another seat's fork is another one


def test_the_walk_finds_the_live_state_behind_an_attribute_a_closure_or_a_copy_on_write_list() -> None:
    # the walk itself must be able to fail: the old view's private attribute, a sampler closing over the
    # live state, and a plain clone (which shares copy-on-write lists) are all caught
    state = positions("megalomania", 4, 1, seed=3)[0]

    class OldView:
        def __init__(self, live: State) -> None:
            self._state = live

    def sampler(rng: Rng) -> State:
        return state.resample(0, rng)

    assert "the live state" in [live_objects(state)[i] for i in reachable(OldView(state)) if i in live_objects(state)]
    assert any(i in live_objects(state) for i in reachable(sampler))
    assert any(i in live_objects(state) for i in reachable(state.resample(0, Rng(1))))


def test_the_toy_game_with_a_simultaneous_step_is_covered_too() -> None:
    state = BotToy(3).new_state(4)
    view = SeatView(state, 0)
    assert not [w for i, w in live_objects(state).items() if i in reachable(view)]


def test_a_server_bots_own_seed_does_not_give_away_the_table_seed() -> None:
    # a bot sees its generator's seed; with a linear mix (seed * 1_000_003 + step * 7919 + ...) mod 2**32 one
    # seed and the public step would solve for the table seed, and the seed replays the deal. A live
    # table's secure seed keys a hash instead (server-core); a practice table's seed is no secret.
    from tricktable.engine.rng import secure_seed
    from tricktable.server.bots import bot_seed

    seeds = [secure_seed() for _ in range(50)]
    steps = [(bot_seed(s, 11, 2) - bot_seed(s, 10, 2)) % 2**32 for s in seeds]
    assert len(set(steps)) == 50  # no constant step to peel off
    inverse = pow(1_000_003, -1, 2**32)
    assert all((bot_seed(s, 0, 0) * inverse) % 2**32 != s % 2**32 for s in seeds)


def fixed_deals() -> list[State]:
    """A game of each kind whose options fix the deal (every seat's cards), a few random steps in."""
    import sys as _sys
    from pathlib import Path

    _sys.path.insert(0, str(Path(__file__).parents[1] / "trickster"))
    from trickster_helpers import position

    from tricktable.engine import load_game

    masquerade = load_game("masquerade", 3, deal=[["R1", "K2", "B3"], ["B4", "G5", "R6"], ["K7", "G8", "B9"]])
    megalomania = load_game("megalomania", 3, deal=[["B15 B12 K1 K2", "Y1 Y2 Y4 Y6", "R1 R2 R4 R6"]] * 2)
    states = [masquerade.new_state(5), megalomania.new_state(5), position(3, open_cards=False)]
    rng = Rng(2)
    for state in states:
        for _ in range(2):
            seat = state.actors[0]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))], seat)
    return states


@pytest.mark.parametrize("index", range(3))
def test_a_set_up_deal_is_in_no_seats_game_nor_any_world(index: int) -> None:
    state = fixed_deals()[index]
    game = state.game
    setup = {name: getattr(game.options, name) for name in game.setup_options if getattr(game.options, name)}
    assert setup, "the position must have a set-up deal to hide"
    for seat in range(state.players):
        view = SeatView(state, seat)
        for name in setup:  # the route that worked before: read the deal off the options
            assert getattr(view.game.options, name) != setup[name]
        bot = make_bot("ismcts:8:infer", seat)
        if view.legal:
            bot.choose(view)
        found = reachable(view, bot, view.sample(Rng(seat)), view.sample(Rng(seat), log=True))
        held = [name for name, value in setup.items() if any(o is value or o == value for o in found.values()
                                                              if isinstance(o, tuple) and o)]
        assert not held, f"{game.name}: seat {seat}'s view holds the set-up {held}"
        assert id(game.options) not in found
        # a new game of the view's rules deals at random: it cannot rebuild the others' hands
        rebuilt = view.game.new_state(state.seed)
        assert other_hands(rebuilt, seat) != other_hands(game.new_state(state.seed), seat)


def test_a_simulated_bots_seed_does_not_follow_from_the_table_seed() -> None:
    from tricktable.sim.tournament import bot_seeds, schedule

    lineup = ["ismcts:4", "random", "random"]
    one = schedule("masquerade", lineup, 6, seed=5, bot_key=77)
    other = schedule("masquerade", lineup, 6, seed=905, bot_key=77)
    assert [m.seed for m in one] != [m.seed for m in other]
    # the same bots' seeds on other tables: they hold nothing of the table's seed
    assert [bot_seeds(m) for m in one] == [bot_seeds(m) for m in other]
    assert bot_seeds(one[0]) != bot_seeds(schedule("masquerade", lineup, 6, seed=5, bot_key=78)[0])
    # the routes that worked before (``seed * 101 + k``): the bot's seed divided back gives no table's seed
    for match in one:
        assert all(s // 101 != match.seed and s - 101 * match.seed not in range(3) for s in bot_seeds(match))


def test_a_played_games_bots_seeds_do_not_follow_from_the_table_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktable.cli import main as cli
    from tricktable.cli import play

    seeds: list[int] = []
    real = play.make_bot

    def spy(name: str, seed: int = 0) -> Any:
        seeds.append(seed)
        return real(name, seed)

    monkeypatch.setattr(play, "make_bot", spy)
    monkeypatch.setattr(play, "play", lambda *args, **kwargs: None)
    for _ in range(2):
        assert cli.main(["play", "masquerade", "--players", "3", "--seed", "12", "--seat", "0"]) == 0
    assert len(seeds) == 4 and seeds[:2] != seeds[2:]  # the same table, other bots' seeds
    assert not {12, 13, 14} & set(seeds)  # the route that worked before: ``seed + p``
