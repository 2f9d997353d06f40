"""The failures a researcher found (issue #15), one test each: options through game strings, pickling,
OpenSpiel's error type, PettingZoo's illegal-move handling, and legal actions at a simultaneous step."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from setups import installed_games  # noqa: E402
from spielplay import dealt, play_randomly  # noqa: E402

from tricktable.engine import BadOptions, load_game  # noqa: E402
from tricktable.envs import openspiel as tos  # noqa: E402
from tricktable.envs.encoding import encoder_for  # noqa: E402
from tricktable.envs.pettingzoo import env  # noqa: E402

GAMES = [cls.name for cls in installed_games()]


# 1. Trickster's first_leader -------------------------------------------------------------------

@pytest.mark.parametrize("given", [1, "1"])
def test_first_leader_is_an_int_option_that_round_trips_through_the_game_string(given: Any) -> None:
    game = tos.load("trickster", 3, first_leader=given, deal_seeds=50)
    assert game.engine.options.first_leader == 1
    again = pyspiel.load_game(str(game))
    assert again.engine.options == game.engine.options
    assert pickle.loads(pickle.dumps(game)).engine.options.first_leader == 1
    assert pyspiel.load_game("tricktable_trickster", {"players": 3, "first_leader": 2}).engine.options.first_leader == 2
    assert tos.load("trickster", 3, first_leader=None).engine.options.first_leader is None
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_an_option_of_the_wrong_type_is_refused_naming_the_type() -> None:
    assert load_game("trickster", 3, first_leader="2").options.first_leader == 2  # text, as typed
    with pytest.raises(BadOptions, match="first_leader must be int or null"):
        load_game("trickster", 3, first_leader="left")
    with pytest.raises(BadOptions, match="rounds must be int"):
        load_game("trickster", 3, rounds=2.5)


# 2. pickling ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_games_and_states_pickle(name: str) -> None:
    game = tos.load(name, 3)
    twin = pickle.loads(pickle.dumps(game))
    assert str(twin) == str(game) and twin.engine.options == game.engine.options
    engine = pickle.loads(pickle.dumps(game.engine))
    assert engine.options == game.engine.options and engine.num_actions == game.engine.num_actions
    state = dealt(game)
    state.apply_action(state.legal_actions()[0])
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)


# 3. SpielError ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_through_pyspiel_raises_spiel_error(name: str) -> None:
    game = tos.load(name, 3)
    state = dealt(game)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(pyspiel.SpielError, match="legal"):
        state.apply_action(illegal)
    with pytest.raises(pyspiel.SpielError):
        state.apply_action(game.num_distinct_actions() + 5)
    with pytest.raises(pyspiel.SpielError):
        drawn = tos.load(name, 3, chance="draws")
        drawn.new_initial_state().apply_action(drawn.max_chance_outcomes())


# 5. PettingZoo: illegal moves end the game, as in PettingZoo's own card games ---------------------

@pytest.mark.parametrize("name", GAMES)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_a_random_illegal_action_terminates_the_game_with_a_penalty(name: str) -> None:
    table = env(name, 3)
    table.reset(seed=2)
    agent = table.agent_selection
    mask = table.observe(agent)["action_mask"]
    table.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(table.terminations.values())
    assert table._cumulative_rewards[agent] == -1.0  # PettingZoo's own bookkeeping
    for other in table.agent_iter():
        table.step(None)
        assert other in table.possible_agents
    assert not table.agents
    strict = env(name, 3, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(ValueError, match="legal"):
        strict.step(int(np.flatnonzero(mask == 0)[0]))


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_random_actions_from_the_action_space_never_crash_the_env() -> None:
    """What RLlib's pre-check does: sample the action space (not the mask) and step."""
    for name in GAMES:
        table = env(name, 3)
        space_rng = np.random.default_rng(0)
        for episode in range(3):
            table.reset(seed=episode)
            for agent in table.agent_iter():
                _, _, terminated, truncated, _ = table.last()
                table.step(None if terminated or truncated else int(space_rng.integers(table.action_space(agent).n)))


# 6. a seat waiting at a simultaneous step ---------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_a_seat_not_yet_asked_has_no_legal_actions_in_its_tensor_either(name: str) -> None:
    game = tos.load(name, 3)
    encoder = encoder_for(game.engine)
    rng = np.random.RandomState(0)
    checked = 0
    for seed in range(4):
        state = dealt(game, seed)
        while not state.is_terminal() and checked < 30:
            for seat in range(3):
                legal = np.flatnonzero(encoder.views(np.asarray(state.observation_tensor(seat), np.float32))["legal"])
                assert list(legal) == state.legal_actions(seat), (seat, state.engine.actors)
            if len(state.engine.actors) > 1:
                checked += 1
            play_randomly(state, rng, 1)
    if name != "masquerade":  # Masquerade has no simultaneous step
        assert checked > 0


# 7. one action space per game, across player counts and options ------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_the_fixed_action_space_is_the_same_for_every_table_and_numbers_actions_by_text(name: str) -> None:
    from tricktable.engine import game_class
    from tricktable.envs.actions import ActionMap, fixed_actions
    from tricktable.envs.gymnasium import TricktableEnv

    game_cls = game_class(name)
    texts = fixed_actions(game_cls)
    sizes = set()
    for players in range(game_cls.min_players, game_cls.max_players + 1):
        game = game_cls(players)
        mapping = ActionMap(game)
        assert all(texts[mapping.to_fixed[a.index]] == a.text for a in game.actions)
        sizes.add(TricktableEnv(name, players, fixed_actions=True).action_space.n)
        sizes.add(env(name, players, fixed_actions=True).action_space("player_0").n)
        sizes.add(tos.load(name, players, actions="fixed").num_distinct_actions())
    assert sizes == {len(texts)}


@pytest.mark.parametrize("name", GAMES)
def test_whole_games_play_in_the_fixed_action_space(name: str) -> None:
    game = tos.load(name, 3, actions="fixed")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    table = env(name, 3, fixed_actions=True)
    table.reset(seed=1)
    for _agent in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        mask = observation["action_mask"]
        table.step(None if terminated or truncated else int(np.flatnonzero(mask)[-1]))
    assert not table.agents


@pytest.mark.parametrize("name", [g for g in GAMES if g != "masquerade"])  # Masquerade has no simultaneous step
def test_in_pettingzoo_a_waiting_agent_not_selected_has_an_empty_legal_piece(name: str) -> None:
    table = env(name, 3)
    table.reset(seed=3)
    raw = table.unwrapped
    encoder = raw.encoder
    rng = np.random.default_rng(3)
    checked = 0
    for agent in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        actors = raw.state.actors
        for seat in actors[1:]:
            waiting = raw.observe(f"player_{seat}")
            assert not waiting["action_mask"].any()
            assert not encoder.views(waiting["observation"])["legal"].any()
            checked += 1
        mask = observation["action_mask"]
        table.step(int(rng.choice(np.flatnonzero(mask))))
        assert agent in table.possible_agents
    assert checked > 0
