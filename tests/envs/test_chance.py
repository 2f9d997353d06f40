"""The OpenSpiel chance model (chance="draws"): every random draw is a chance node, so a deal drawn through
the nodes is uniform, a seat's information state holds many deals, and resampling redraws among them."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
chi2 = pytest.importorskip("scipy.stats").chi2

from setups import installed_games  # noqa: E402

from tricktable.engine import load_game  # noqa: E402
from tricktable.engine.chance import NeedChance, OutsideChance, new_state_from  # noqa: E402
from tricktable.envs import openspiel as tos  # noqa: E402

GAMES = [cls.name for cls in installed_games()]
PLAYERS = 3


def deal(game: Any, rng: Any) -> Any:
    """A state past its deal, every chance node answered uniformly at random."""
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[rng.randint(len(outcomes))][0])
    return state


def replay(game: Any, moves: list[int]) -> Any:
    """The state after ``moves`` (chance outcomes folded into range; a deal that needs more gets 0s)."""
    state = game.new_initial_state()
    for move in moves:
        if not state.is_chance_node():
            break
        state.apply_action(move % len(state.chance_outcomes()))
    while state.is_chance_node():
        state.apply_action(0)
    return state


def shown(value: Any) -> set[str]:
    """Every string in an observation (a card it shows is one of them)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(shown(v) for k, v in value.items() if k != "log"))
    if isinstance(value, list | tuple):
        return set().union(*(shown(v) for v in value))
    return set()


def uniformity_p(counts: Counter[str], support: list[str]) -> float:
    """The chi-square test's p-value that ``counts`` over ``support`` are uniform."""
    total = sum(counts.values())
    expected = total / len(support)
    statistic = sum((counts.get(card, 0) - expected) ** 2 / expected for card in support)
    return float(chi2.sf(statistic, len(support) - 1))


@pytest.mark.parametrize("name", GAMES)
def test_every_card_is_equally_likely_in_a_hand_dealt_through_the_chance_nodes(name: str) -> None:
    game = tos.load(name, PLAYERS, chance="draws")
    rng = np.random.RandomState(11)
    counts: Counter[str] = Counter()
    for _ in range(300):
        counts.update(deal(game, rng).engine.observe(0)["hand"])
    support = sorted(set(game.engine.new_state(0).all_cards()))
    assert set(counts) <= set(support)
    assert uniformity_p(counts, support) > 1e-4, counts.most_common(5)


@pytest.mark.parametrize("name", GAMES)
def test_an_information_state_after_the_deal_holds_many_deals(name: str) -> None:
    """Other chance outcomes give seat 0 the same information state and another seat a different one."""
    game = tos.load(name, PLAYERS, chance="draws")
    rng = np.random.RandomState(5)
    state = deal(game, rng)
    moves = state.history()
    mine = state.information_state_string(0)
    theirs = {state.information_state_string(1)}
    for _ in range(200):
        changed = list(moves)
        node = rng.randint(len(changed))
        changed[node] += 1 + rng.randint(50)
        other = replay(game, changed)
        if other.information_state_string(0) == mine:
            theirs.add(other.information_state_string(1))
    assert len(theirs) >= 3, "seat 0's information state pins the deal"


@pytest.mark.parametrize("name", GAMES)
def test_resampling_after_the_deal_draws_the_hidden_cards_uniformly(name: str) -> None:
    game = tos.load(name, PLAYERS, chance="draws")
    state = deal(game, np.random.RandomState(2))
    seen = state.information_state_string(0)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    counts: Counter[str] = Counter()
    for _ in range(300):
        world = state.resample_from_infostate(0, sampler)
        assert world.information_state_string(0) == seen
        counts.update(world.engine.observe(1)["hand"])
    unseen = [c for c in sorted(set(game.engine.new_state(0).all_cards())) if c not in shown(state.engine.observe(0))]
    assert set(counts) <= set(unseen)
    assert uniformity_p(counts, unseen) > 1e-4, counts.most_common(5)


@pytest.mark.parametrize("name", GAMES)
def test_random_events_during_play_are_chance_nodes_too(name: str) -> None:
    """Whole games: chance nodes after the first decision (later rounds' deals, draws), all uniform."""
    game = tos.load(name, PLAYERS, chance="draws")
    rng = np.random.RandomState(1)
    later = 0
    for _ in range(2):
        state = deal(game, rng)
        while not state.is_terminal():
            if state.is_chance_node():
                later += 1
                outcomes = state.chance_outcomes()
                assert len({p for _, p in outcomes}) == 1 and len(outcomes) <= game.max_chance_outcomes()
                state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert len(state.history()) <= game.max_game_length()
    if name in ("megalomania", "trickster"):  # every round is dealt anew
        assert later > 0


@pytest.mark.parametrize("name", GAMES)
def test_the_engine_fast_path_is_unchanged_and_outside_chance_replays_it(name: str) -> None:
    """A seeded deal is the engine's own; answering the chance nodes with its draws gives the same deal."""
    game = load_game(name, PLAYERS)
    seeded = game.new_state(7)
    assert type(seeded.rng).__name__ == "Rng"
    answers: list[int] = []
    while True:
        try:
            outside = new_state_from(game, OutsideChance(answers))
            break
        except NeedChance as need:
            answers.append(len(answers) % need.outcomes)
    assert outside.seed == 0 and outside.rng.outside
    again = new_state_from(game, OutsideChance(answers))
    assert again.observe(None) == outside.observe(None)
    assert [again.observe(p) for p in range(PLAYERS)] == [outside.observe(p) for p in range(PLAYERS)]


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_is_performed_once_a_shuffle_not_once_a_card(name: str, monkeypatch: Any) -> None:
    """The chance nodes of a shuffle are asked from one probe's plan: O(cards) to deal, not O(cards^2)."""
    performed = 0
    real = tos.new_state_from

    def counted(game: Any, source: Any) -> Any:
        nonlocal performed
        performed += 1
        return real(game, source)

    monkeypatch.setattr(tos, "new_state_from", counted)
    state = deal(tos.load(name, PLAYERS, chance="draws"), np.random.RandomState(4))
    nodes = len(state.history())
    assert nodes > 30
    assert performed <= 8, f"{performed} deals for {nodes} chance nodes"
