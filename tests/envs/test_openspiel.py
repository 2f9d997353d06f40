"""The games through OpenSpiel: pyspiel's own random simulation test, serialization, resampling, ISMCTS."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from spielplay import dealt, play_randomly  # noqa: E402

import toy  # noqa: E402
from tricktable.envs import openspiel as tos  # noqa: E402

tos.register(toy.Toy)
# every game that registered (a game half-written by a colleague is skipped with a warning), each size
SETUPS = [(cls.name, n) for cls in tos.registered().values() for n in range(cls.min_players, cls.max_players + 1)]


def load(name: str, players: int, **params: Any) -> Any:
    return pyspiel.load_game(tos.PREFIX + name, {"players": players, **params})


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_pyspiel_random_simulation_test_passes_with_serialization(name: str, players: int) -> None:
    pyspiel.random_sim_test(load(name, players), num_sims=2, serialize=True, verbose=False)
    pyspiel.random_sim_test(load(name, players, chance="draws"), num_sims=1, serialize=True, verbose=False)
    pyspiel.random_sim_test(load(name, players, chance="seed", deal_seeds=1000), num_sims=1, serialize=True,
                            verbose=False)


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_a_deserialized_state_shows_every_seat_the_same(name: str, players: int) -> None:
    game = load(name, players)
    state = play_randomly(dealt(game), np.random.RandomState(players), 40)
    again_game, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(again_game) == str(game)
    assert again.history() == state.history()
    for seat in range(players):
        assert again.information_state_string(seat) == state.information_state_string(seat)
        assert again.observation_tensor(seat) == state.observation_tensor(seat)


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_a_resampled_world_keeps_the_movers_information_state_and_tensor(name: str, players: int) -> None:
    state = dealt(load(name, players), seed=5)
    rng = np.random.RandomState(1)
    for _ in range(6):
        if state.is_terminal():
            break
        mover = state.current_player()
        world = state.resample_from_infostate(mover, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(mover) == state.information_state_string(mover)
        assert world.observation_tensor(mover) == state.observation_tensor(mover)
        assert world.legal_actions() == state.legal_actions()
        play_randomly(world, rng, 1000)
        assert world.is_terminal()
        play_randomly(state, rng, 7)


@pytest.mark.parametrize(("name", "players"), sorted({name: (name, n) for name, n in reversed(SETUPS)}.values()))
def test_openspiel_ismcts_plays_a_whole_game(name: str, players: int) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(name, players)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(0))
    state = dealt(game)
    rng = np.random.RandomState(2)
    while not state.is_terminal():
        action = bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions())
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(0.0)


def test_options_are_game_parameters_and_lists_travel_as_json() -> None:
    game = pyspiel.load_game("tricktable_toy(players=3,bonus=3,order=[1;0])")
    assert game.num_players() == 3
    assert game.engine.options.bonus == 3
    assert game.engine.options.order == (1, 0)
    assert pyspiel.load_game(str(game)).engine.options == game.engine.options
    assert load("toy", 2, order="[1, 0]").engine.options.order == (1, 0)


def test_a_later_mover_does_not_see_an_earlier_simultaneous_choice() -> None:
    low, high = dealt(load("toy", 2)), dealt(load("toy", 2))  # the same rng_seed: the same deal
    assert low.current_player() == 0  # both seats bid at once; seat 0 is asked first
    low.apply_action(0)
    high.apply_action(3)
    assert low.current_player() == high.current_player() == 1
    assert low.information_state_string(1) == high.information_state_string(1)
    assert low.observation_tensor(1) == high.observation_tensor(1)
    assert low.information_state_string(0) != high.information_state_string(0)


def test_under_chance_seed_the_chance_node_is_the_deal_seed_and_returns_are_zero_sum_win_shares() -> None:
    game = load("toy", 3, deal_seeds=10, chance="seed")
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(s, 0.1) for s in range(10)]
    state.apply_action(4)
    assert state.engine.seed == 4
    play_randomly(state, np.random.RandomState(0), 1000)
    winners = state.engine.winners()
    assert state.returns() == pytest.approx([(1 / len(winners) if p in winners else 0) - 1 / 3 for p in range(3)])


def test_the_public_observer_is_the_spectator_view() -> None:
    from open_spiel.python.observation import make_observation

    game = load("toy", 2)
    state = dealt(game)
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert "\nhand=\n" in public.string_from(state, 0)
    public.set_from(state, 0)
    assert public.dict["hand"].sum() == 0


def test_a_resampled_world_refuses_to_be_serialized_as_the_true_game() -> None:
    state = dealt(load("toy", 2))
    world = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    with pytest.raises(Exception, match="resampled world"):
        world.serialize()
    assert world.clone().information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_at_a_simultaneous_step_another_waiting_seat_cannot_tell_the_movers_secret_choice(
        name: str, players: int) -> None:
    """Choices that leave the same seats waiting (whether a seat is still deciding is public) look alike."""
    rng = np.random.RandomState(players)
    checked = 0
    for seed in range(3):
        state = dealt(load(name, players), seed=seed)
        while not state.is_terminal() and checked < 20:
            actors = state.engine.actors
            legal = state.legal_actions()
            if len(actors) > 1:
                other = actors[1]
                seen: dict[tuple[int, ...], str] = {}
                for action in legal[:12]:
                    child = state.child(action)
                    view = child.information_state_string(other)
                    assert seen.setdefault(tuple(child.engine.actors), view) == view
                checked += 1
            state.apply_action(rng.choice(legal))
