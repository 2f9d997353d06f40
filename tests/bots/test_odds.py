"""The chance of winning that hints and reviews show (``bots.odds``): a probability in every sense."""

from __future__ import annotations

import math
import random

import pytest
from test_bots import positions

from tricktable.bots.odds import (
    fit,
    interval,
    log_likelihood,
    rounds_left,
    softmax_chances,
    total_rounds,
    win_chances,
)
from tricktable.engine import available, load_game


@pytest.mark.parametrize("name", available())
def test_chances_are_a_distribution_over_the_seats_and_exact_at_the_end(name: str) -> None:
    for state in positions(name, 4, 6, seed=3):
        chances = win_chances(state)
        assert math.isclose(sum(chances), 1.0) and all(0.0 <= c <= 1.0 for c in chances)
        assert 1 <= rounds_left(state) <= total_rounds(state.game)
    state = positions(name, 3, 1, seed=1)[0]
    rng = random.Random(1)
    while not state.is_over:
        seat = state.actors[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    winners = state.winners()
    assert win_chances(state) == [1 / len(winners) if p in winners else 0.0 for p in range(state.players)]


def test_a_lead_counts_more_as_the_end_nears_and_equal_scores_are_equal_chances() -> None:
    odds = (0.8, 0.5)
    assert softmax_chances([10, 10, 10], 1.0, 5, odds) == pytest.approx([1 / 3] * 3)
    early, late = softmax_chances([12, 10, 10], 1.0, 9, odds)[0], softmax_chances([12, 10, 10], 1.0, 1, odds)[0]
    assert 1 / 3 < early < late
    assert softmax_chances([12, 10], -1.0, 2, odds)[0] < 0.5  # lower wins (Trickster): a lead in points hurts


def test_intervals_stay_in_range_and_narrow_with_more_playouts() -> None:
    for mean in (0.0, 0.01, 0.5, 0.99, 1.0):
        for count in (1, 5, 300):
            low, high = interval(mean, count)
            assert 0.0 <= low <= mean <= high <= 1.0
    assert interval(0.3, 1000)[1] - interval(0.3, 1000)[0] < interval(0.3, 10)[1] - interval(0.3, 10)[0]
    assert interval(0.5, 0) == (0.0, 1.0)


def test_the_fit_finds_the_scale_that_made_the_outcomes() -> None:
    rng = random.Random(4)
    truth = (0.6, 1.0)
    samples = []
    for _ in range(1500):
        scores = [float(rng.randint(0, 20)) for _ in range(3)]
        left = rng.randint(1, 6)
        chances = softmax_chances(scores, 1.0, left, truth)
        winner = rng.choices(range(3), weights=chances)[0]
        samples.append((scores, 1.0, left, [1.0 if p == winner else 0.0 for p in range(3)]))
    scale, offset = fit(samples)
    assert log_likelihood(samples, (scale, offset)) >= log_likelihood(samples, truth) - 0.01
    assert log_likelihood(samples, (scale, offset)) > log_likelihood(samples, (0.0, 1.0)) + 0.1


def test_masquerade_lasts_as_many_rounds_as_cards_dealt() -> None:
    game = load_game("masquerade", 4)
    assert total_rounds(game) == game.hand_size  # type: ignore[attr-defined]
    assert total_rounds(load_game("trickster", 3, rounds=2)) == 2
