"""The lab's statistics: exact quantiles, intervals that stay in range, Holm's correction, seat fairness."""

from __future__ import annotations

import math
import random

import pytest

from tricktable.sim.distributions import chi2_sf, normal_quantile, t_quantile, t_sf
from tricktable.sim.stats import Estimate, Fairness, holm_cutoff


@pytest.mark.parametrize("freedom", [1, 2, 5, 16, 17, 40, 1000])
def test_t_quantiles_and_tails_match_scipy(freedom: int) -> None:
    stats = pytest.importorskip("scipy.stats")
    for p in (0.6, 0.9, 0.975, 0.995):
        assert t_quantile(p, freedom) == pytest.approx(stats.t.ppf(p, freedom), rel=1e-9)
    for t in (-3.0, 0.2, 1.7, 8.0):
        assert t_sf(t, freedom) == pytest.approx(stats.t.sf(t, freedom), rel=1e-8, abs=1e-14)


def test_chi_square_tails_and_normal_quantiles_match_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    for freedom in (1, 2, 3, 4, 7):
        for x in (0.1, 1.0, 3.5, 12.0, 40.0):
            assert chi2_sf(x, freedom) == pytest.approx(stats.chi2.sf(x, freedom), rel=1e-8, abs=1e-15)
    assert normal_quantile(0.975) == pytest.approx(1.959964, abs=1e-6)


@pytest.mark.parametrize("values", [
    [0.0] * 49 + [1.0],  # shared wins 1 in 50: the old t interval went to -0.98%
    [1.0] * 6 + [0.0],  # a lift near the top: the old one went past 100%
    [0.0] * 30, [1.0] * 30, [0.5, 1.0],
])
def test_a_rate_interval_stays_within_zero_and_one(values: list[float]) -> None:
    e = Estimate.rate(values)
    assert 0.0 <= e.low <= e.mean <= e.high <= 1.0
    if 0.0 < e.mean < 1.0:
        assert e.low < e.mean < e.high


def test_a_lift_interval_stays_within_minus_one_and_one() -> None:
    e = Estimate.rate([1.0, 1.0, 1.0, -1.0 / 3, 1.0, 1.0, 1.0], -1.0, 1.0)  # 42.9%-like: few games, high lift
    assert -1.0 <= e.low < e.mean < e.high <= 1.0


def test_a_paired_rate_difference_stays_within_range_and_narrows_with_correlation() -> None:
    rng = random.Random(3)
    first = [float(rng.random() < 0.9) for _ in range(40)]
    same_deals = [v if rng.random() < 0.9 else 1.0 - v for v in first]
    other = [float(rng.random() < 0.9) for _ in range(40)]
    paired, unpaired = Estimate.paired_rates(first, same_deals), Estimate.paired_rates(first, other)
    for e in (paired, unpaired, Estimate.paired_rates([1.0] * 10, [0.0] * 10)):
        assert -1.0 <= e.low <= e.mean <= e.high <= 1.0
    assert paired.high - paired.low < unpaired.high - unpaired.low


def test_a_rate_interval_covers_the_true_rate_about_95_percent_of_the_time() -> None:
    rng = random.Random(5)
    covered = 0
    for _ in range(400):
        values = [float(rng.random() < 0.08) for _ in range(60)]
        e = Estimate.rate(values)
        covered += e.low <= 0.08 <= e.high
    assert 0.91 <= covered / 400 <= 0.99


def test_holm_flags_step_down_and_chance_alone_rarely_flags_anything() -> None:
    assert holm_cutoff([0.01, 0.04, 0.03, 0.5]) == 0.01  # 0.01 <= .05/4; 0.03 > .05/3
    assert holm_cutoff([0.001, 0.012, 0.02]) == 0.02  # .001 <= .05/3, .012 <= .05/2, .02 <= .05
    assert holm_cutoff([0.2, math.nan]) == -1.0
    rng = random.Random(7)
    false_flags = 0
    for _ in range(100):  # 40 true-null tests a study: a plain 5% would flag about 2 each time
        estimates = [Estimate.of([rng.gauss(0, 1) for _ in range(30)]) for _ in range(40)]
        cutoff = holm_cutoff(e.p for e in estimates)
        false_flags += any(e.flagged(cutoff) for e in estimates)
    assert false_flags <= 12


def test_the_seat_test_finds_a_lopsided_table_and_not_an_even_one() -> None:
    assert Fairness.of([25, 25, 26, 24]).p > 0.9
    lopsided = Fairness.of([40, 20, 20, 20])
    assert lopsided.freedom == 3 and lopsided.p < 0.01


def test_a_pilot_says_how_many_deals_a_difference_needs() -> None:
    pilot = Estimate.of([0.5, -0.3, 0.4, 0.1, 0.2, -0.1, 0.3, 0.0])
    one, many = pilot.deals_needed(), pilot.deals_needed(tests=50)
    assert one is not None and many is not None and many > one > pilot.n
    assert Estimate.of([0.0, 0.0]).deals_needed() is None


def test_a_difference_that_is_the_same_on_every_deal_has_no_width() -> None:
    e = Estimate.rate([0.0] * 20, -2.0, 2.0)  # a lift that no deal moved
    assert e.low == e.high == 0.0


def test_every_share_is_shown_in_percent_and_has_its_range() -> None:
    from tricktable.sim.balance import bounds, is_rate

    for name in ("comebacks", "shared wins", "win rate: dealer's left", "mission 7: lift", "K1: achieved",
                 "skill: win rate easy minus others"):
        assert is_rate(name) and bounds(name) is not None, name
    for name in ("mean score", "margin of victory", "lead changes", "mission 7: mean points"):
        assert not is_rate(name) and bounds(name) is None, name
